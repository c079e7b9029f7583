"""Real FTP, FTPS and SFTP servers on this machine for the upload tests (pyftpdlib and
asyncssh, each in a thread of the test process), serving a temporary folder to one user.

A server's `url` names its user but never the password; the password is in its
`credentials` file (netrc's format), as a TD would keep it. The SFTP server's key is put
into the test's own ~/.ssh/known_hosts (HOME set to a temporary folder)."""

from __future__ import annotations

import asyncio
import datetime
import ipaddress
import os
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest

USER, PASSWORD = "club", "Tr0ub4dor-secret"


@dataclass(frozen=True)
class Server:
    url: str  # scheme://club@127.0.0.1:port/site
    root: Path  # what the user's login folder is on this machine
    credentials: Path

    @property
    def site(self) -> Path:
        return self.root / "site"

    def files(self) -> dict[str, bytes]:
        """The site folder's files on the server, by name."""
        return {p.name: p.read_bytes() for p in sorted(self.site.iterdir()) if p.is_file()}


def _credentials(folder: Path) -> Path:
    file = folder / "credentials"
    file.write_text(f"machine 127.0.0.1 login {USER} password {PASSWORD}\n", encoding="utf-8")
    file.chmod(0o600)
    return file


def certificate(folder: Path) -> Path:
    """A self-signed certificate for 127.0.0.1 with its key, in one PEM file."""
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import NameOID

    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "127.0.0.1")])
    now = datetime.datetime.now(datetime.UTC)
    cert = (x509.CertificateBuilder().subject_name(name).issuer_name(name)
            .public_key(key.public_key()).serial_number(x509.random_serial_number())
            .not_valid_before(now - datetime.timedelta(days=1))
            .not_valid_after(now + datetime.timedelta(days=1))
            .add_extension(x509.SubjectAlternativeName(
                [x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]), critical=False)
            .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
            .sign(key, hashes.SHA256()))
    pem = folder / "server.pem"
    pem.write_bytes(cert.public_bytes(serialization.Encoding.PEM) + key.private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
        serialization.NoEncryption()))
    return pem


@contextmanager
def ftp_server(folder: Path, monkeypatch: pytest.MonkeyPatch, tls: bool = False,
               replaces: bool = True) -> Iterator[Server]:
    """pyftpdlib serving `folder`/root; with `tls`, FTPS only (TLS required on the control
    and data connections), its certificate the one this process trusts. `replaces=False`:
    a rename onto an existing file is refused, as Windows' IIS does."""
    from pyftpdlib.authorizers import DummyAuthorizer
    from pyftpdlib.handlers import FTPHandler, TLS_FTPHandler
    from pyftpdlib.servers import FTPServer

    root = folder / "root"
    root.mkdir(parents=True)
    authorizer = DummyAuthorizer()
    authorizer.add_user(USER, PASSWORD, str(root), perm="elradfmwMT")
    attributes: dict[str, object] = {"authorizer": authorizer}
    if tls:
        pem = certificate(folder)
        monkeypatch.setenv("SSL_CERT_FILE", str(pem))
        attributes |= {"certfile": str(pem), "tls_control_required": True,
                       "tls_data_required": True}
    base = TLS_FTPHandler if tls else FTPHandler
    if not replaces:
        def refuse(handler: FTPHandler, path: str) -> object:
            if os.path.exists(path):
                handler.respond("550 Cannot rename onto an existing file.")
                return None
            return base.ftp_RNTO(handler, path)

        attributes["ftp_RNTO"] = refuse
    handler = type("Handler", (base,), attributes)
    server = FTPServer(("127.0.0.1", 0), handler)
    port = server.socket.getsockname()[1]
    stop = threading.Event()

    def serve() -> None:
        while not stop.is_set():
            server.serve_forever(timeout=0.05, blocking=False)
        server.close_all()

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    try:
        yield Server(f"{'ftps' if tls else 'ftp'}://{USER}@127.0.0.1:{port}/site", root,
                     _credentials(folder))
    finally:
        stop.set()
        thread.join(10)


@contextmanager
def sftp_server(folder: Path, monkeypatch: pytest.MonkeyPatch, replaces: bool = True
                ) -> Iterator[Server]:
    """asyncssh's SFTP server on `folder`/root (the user's login folder), its key known to
    this process's ~/.ssh/known_hosts. `replaces=False`: without OpenSSH's rename onto an
    existing file (`posix-rename@openssh.com`)."""
    import asyncssh

    root = folder / "root"
    root.mkdir(parents=True)
    home = folder / "home"
    (home / ".ssh").mkdir(parents=True)
    monkeypatch.setenv("HOME", str(home))

    class Login(asyncssh.SSHServer):
        def begin_auth(self, username: str) -> bool:
            return True

        def password_auth_supported(self) -> bool:
            return True

        def validate_password(self, username: str, password: str) -> bool:
            return username == USER and password == PASSWORD

    class Files(asyncssh.SFTPServer):
        def posix_rename(self, oldpath: bytes, newpath: bytes) -> None:
            if not replaces:
                raise asyncssh.SFTPOpUnsupported("posix-rename not supported")
            super().posix_rename(oldpath, newpath)

    key = asyncssh.generate_private_key("ssh-ed25519")
    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_forever, daemon=True)
    thread.start()

    async def start() -> asyncssh.SSHAcceptor:
        return await asyncssh.listen(
            "127.0.0.1", 0, server_host_keys=[key], server_factory=Login,
            sftp_factory=lambda channel: Files(channel, chroot=str(root)))

    acceptor = asyncio.run_coroutine_threadsafe(start(), loop).result(10)
    port = acceptor.get_port()
    public = key.export_public_key("openssh").decode().split()[:2]
    (home / ".ssh" / "known_hosts").write_text(f"[127.0.0.1]:{port} {' '.join(public)}\n",
                                               encoding="utf-8")
    try:
        yield Server(f"sftp://{USER}@127.0.0.1:{port}/site", root, _credentials(folder))
    finally:
        async def stop() -> None:
            acceptor.close()
            await acceptor.wait_closed()
            others = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
            for task in others:  # the sessions of connections the client dropped
                task.cancel()
            await asyncio.gather(*others, return_exceptions=True)

        asyncio.run_coroutine_threadsafe(stop(), loop).result(10)
        loop.call_soon_threadsafe(loop.stop)
        thread.join(10)
        loop.close()
