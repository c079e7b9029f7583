"""The club's site uploaded to its web hosting, by FTP, FTPS or SFTP (what a club's hosting
offers), and kept there as `publish` keeps its folder (`rochade.service.website`).

The remote folder holds a manifest of its own with each file's SHA-256: a publish sends only
the files whose bytes changed since the last upload (from this computer or another), removes
the files of that manifest the site no longer has, and touches nothing else. Each file goes
to a temporary name beside it and is then renamed over it, so a visitor (or a connection
broken off) meets the old page or the new one, never half of one. Before the first file is
sent, the manifest marks every file about to change as unknown: after a broken upload the next
one sends those again and removes what the broken one left behind.

The password comes from a credentials file (netrc's format) or the system's keyring, never
from the address (others see a command line), and no message ever carries it.
"""

from __future__ import annotations

import ftplib
import hashlib
import io
import netrc
import socket
import ssl
import threading
import time
from collections.abc import Callable, Mapping
from contextlib import suppress
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Protocol
from urllib.parse import unquote, urlsplit

from rochade.service.errors import ServiceError
from rochade.service.website import MANIFEST, manifest_bytes, plain_name, read_manifest

SCHEMES = {"ftp": 21, "ftps": 21, "sftp": 22}
TIMEOUT = 30.0
"""Seconds to wait for the server before the upload is given up."""
KEYRING_SERVICE = "rochade"
"""The keyring entry's service: `rochade`, its user name `user@host` (`keyring set rochade
club@ftp.example.org`)."""


@dataclass(frozen=True)
class Destination:
    """Where a site goes: `sftp://user@host:port/folder` (the folder taken from the login's
    own, `//folder` from the server's root)."""

    scheme: str
    host: str
    port: int
    user: str
    folder: str

    def __str__(self) -> str:
        return f"{self.scheme}://{self.user}@{self.host}:{self.port}/{self.folder}"


def destination(url: str) -> Destination:
    """The destination an address names; refused with what to write instead when it carries
    a password or lacks a part."""
    parts = urlsplit(url)
    if parts.scheme not in SCHEMES or not parts.hostname:
        raise ServiceError("give the site's address as sftp://user@host/folder, "
                           "ftps://user@host/folder or ftp://user@host/folder")
    if parts.password is not None:
        raise ServiceError("the address must not hold the password (others on this computer "
                           "can read a command line): put it in a credentials file "
                           "(--credentials-file) or the keyring, and give "
                           "{scheme}://user@host/folder", scheme=parts.scheme)
    if not parts.username:
        raise ServiceError("name the user in the address: {scheme}://user@host/folder",
                           scheme=parts.scheme)
    try:
        port = parts.port or SCHEMES[parts.scheme]
    except ValueError:
        raise ServiceError("the port of the address is no number from 1 to 65535") from None
    return Destination(parts.scheme, parts.hostname, port, unquote(parts.username),
                       unquote(parts.path).removeprefix("/").rstrip("/"))


def password(where: Destination, credentials: Path | None = None) -> str | None:
    """The password for `where`: its host's line of the credentials file (netrc's format:
    `machine HOST login USER password PASSWORD`), else the keyring's (when the `keyring`
    package is installed), else ~/.netrc's; None when none has one (SFTP then logs in with
    the SSH keys)."""
    if credentials is not None:
        found = _netrc(where, credentials)
        if found is None:
            raise ServiceError("{file} has no line for {user} on {host} (machine {host} login "
                               "{user} password ...)", file=credentials, user=where.user,
                               host=where.host)
        return found
    kept = _keyring(where)
    if kept is not None:
        return kept
    default = Path.home() / ".netrc"
    return _netrc(where, default) if default.is_file() else None


def _netrc(where: Destination, file: Path) -> str | None:
    try:
        entry = netrc.netrc(file).authenticators(where.host)
    except netrc.NetrcParseError as exc:
        raise ServiceError("cannot read the credentials file {file}: {problem} (line {line})",
                           file=file, problem=exc.msg, line=exc.lineno) from None
    except OSError as exc:
        raise ServiceError("cannot read the credentials file {file}: {problem}", file=file,
                           problem=exc.strerror or str(exc)) from None
    if entry is None or entry[0] not in ("", where.user):
        return None
    return entry[2]


def _keyring(where: Destination) -> str | None:
    try:
        import keyring  # type: ignore[import-not-found,unused-ignore]
    except ImportError:
        return None
    try:
        found = keyring.get_password(KEYRING_SERVICE, f"{where.user}@{where.host}")
    except Exception:  # any backend's failure (none set up, locked): as if it had none
        return None
    return found if isinstance(found, str) else None


@dataclass(frozen=True)
class Uploaded:
    """What one upload did on the server."""

    sent: tuple[str, ...]  # new or changed
    removed: tuple[str, ...]  # of the last upload, not in the site now
    unchanged: int


class Remote(Protocol):
    """A connection to the site's folder."""

    def read(self, name: str) -> bytes | None: ...  # None: no such file

    def write(self, name: str, data: bytes) -> None: ...  # to a temporary name, renamed

    def remove(self, name: str) -> None: ...  # gone already: fine

    def close(self) -> None: ...


def upload_site(where: Destination, files: Mapping[str, bytes], secret: str | None
                ) -> Uploaded:
    """Make the folder at `where` hold `files` (name -> bytes) as `write_site` makes a local
    folder hold them, sending only what changed since the last upload."""
    for name in files:
        if not plain_name(name):
            raise ServiceError("{name} is no file name of a site", name=repr(name))
    try:
        remote = open_remote(where, secret)
    except _broken() as exc:  # (not reaching the server, or a refused login, said already)
        raise ServiceError("cannot open the folder {folder} on {host}: {problem}",
                           folder=where.folder or "/", host=where.host,
                           problem=_problem(exc)) from None
    try:
        return _upload(remote, files)
    except _broken() as exc:
        raise ServiceError("the upload to {where} broke off: {problem}; every page there "
                           "is whole, old or new, and the next upload sends the rest", where=where,
                           problem=_problem(exc)) from None
    finally:
        with suppress(*_broken()):
            remote.close()  # (a connection already broken has nothing left to close)


def _upload(remote: Remote, files: Mapping[str, bytes]) -> Uploaded:
    before = read_manifest(remote.read(MANIFEST) or b"")
    sums = {name: hashlib.sha256(data).hexdigest() for name, data in files.items()}
    send = [name for name in files if before.get(name) != sums[name]]
    removed = sorted(before.keys() - files.keys())
    if not send and not removed:
        return Uploaded((), (), len(files))
    # Everything about to change unknown until it is done: a broken upload is redone.
    remote.write(MANIFEST, manifest_bytes(
        {name: before.get(name) if name not in send and name not in removed else None
         for name in before.keys() | files.keys()}))
    for name in send:
        remote.write(name, files[name])
    for name in removed:
        remote.remove(name)
        if before[name] is None:  # perhaps half sent when an upload broke off
            remote.remove(temporary(name))
    remote.write(MANIFEST, manifest_bytes(sums))
    return Uploaded(tuple(send), tuple(removed), len(files) - len(send))


def temporary(name: str) -> str:
    """The name a file is sent under before it is renamed over `name`: hidden, and the
    same each time, so that the next upload replaces what a broken one left."""
    return f".{name}.rochade-part"


def open_remote(where: Destination, secret: str | None) -> Remote:
    """A connection to the site's folder (made when missing), logged in."""
    if where.scheme == "sftp":
        return _Sftp(where, secret)
    return _Ftp(where, secret)


def _problem(exc: BaseException) -> str:
    """What went wrong, in words: the server's answer or the system's."""
    if isinstance(exc, socket.timeout | TimeoutError):
        return "the server did not answer in time"
    if isinstance(exc, OSError) and exc.strerror:
        return exc.strerror
    if len(exc.args) == 2 and isinstance(exc.args[1], str):  # (code, words): paramiko's
        return exc.args[1]
    return str(exc).strip() or type(exc).__name__


def _broken() -> tuple[type[Exception], ...]:
    """What a connection broken off raises."""
    try:
        import paramiko
    except ImportError:
        return ftplib.all_errors
    return (*ftplib.all_errors, paramiko.SSHException, paramiko.SFTPError)


def _unreachable(where: Destination, exc: BaseException) -> ServiceError:
    return ServiceError("cannot reach {host} (port {port}): {problem}", host=where.host,
                        port=where.port, problem=_problem(exc))


def _no_password(where: Destination) -> ServiceError:
    return ServiceError("no password for {user} on {host}: put it in a credentials file "
                        "(--credentials-file) or the keyring", user=where.user, host=where.host)


def _refused(where: Destination) -> ServiceError:
    return ServiceError("{host} refused the login of {user}: check the user name and the "
                        "password (credentials file or keyring)", host=where.host,
                        user=where.user)


class _Ftp:
    """FTP, or FTPS (TLS on the control and the data connections, the server's certificate
    checked), with the standard library's ftplib."""

    def __init__(self, where: Destination, secret: str | None) -> None:
        if secret is None:
            raise _no_password(where)
        tls = where.scheme == "ftps"
        ftp = ftplib.FTP_TLS(context=ssl.create_default_context()) if tls else ftplib.FTP()
        try:
            ftp.connect(where.host, where.port, timeout=TIMEOUT)
        except OSError as exc:
            raise _unreachable(where, exc) from None
        try:
            if isinstance(ftp, ftplib.FTP_TLS):
                try:
                    ftp.auth()
                except ftplib.error_perm as exc:
                    raise ServiceError("{host} does not offer FTPS (FTP over TLS): {problem}",
                                       host=where.host, problem=_problem(exc)) from None
            try:
                ftp.login(where.user, secret)
            except ftplib.error_perm:
                raise _refused(where) from None
            if isinstance(ftp, ftplib.FTP_TLS):
                ftp.prot_p()
            _enter(ftp.cwd, ftp.mkd, where.folder, ftplib.error_perm)
        except ssl.SSLError as exc:
            ftp.close()
            raise ServiceError("the TLS connection to {host} failed: {problem}",
                               host=where.host, problem=exc.reason or str(exc)) from None
        except BaseException:
            ftp.close()
            raise
        self._ftp = ftp

    def read(self, name: str) -> bytes | None:
        found = io.BytesIO()
        try:
            self._ftp.retrbinary(f"RETR {name}", found.write)
        except ftplib.error_perm:
            return None
        return found.getvalue()

    def write(self, name: str, data: bytes) -> None:
        self._ftp.storbinary(f"STOR {temporary(name)}", io.BytesIO(data))
        try:
            self._ftp.rename(temporary(name), name)
        except ftplib.error_perm:  # a server that renames onto no file (IIS): the old goes first
            self.remove(name)
            self._ftp.rename(temporary(name), name)

    def remove(self, name: str) -> None:
        with suppress(ftplib.error_perm):  # not there
            self._ftp.delete(name)

    def close(self) -> None:
        try:
            self._ftp.quit()
        finally:
            self._ftp.close()


class _Sftp:
    """SFTP with paramiko (the optional extra `rochade[sftp]`): the server's key must be known
    (~/.ssh/known_hosts), the login by password or by the SSH keys and agent."""

    def __init__(self, where: Destination, secret: str | None) -> None:
        try:
            import paramiko
        except ImportError:
            raise ServiceError("sftp:// needs the paramiko package: install rochade with "
                               "pipx install 'rochade[sftp]' (or pip install paramiko); or "
                               "upload by ftps://") from None

        class Unknown(paramiko.MissingHostKeyPolicy):
            """A server whose key this computer does not know: refused, saying how to get
            to know it."""

            def missing_host_key(self, client: paramiko.SSHClient, hostname: str,
                                 key: paramiko.PKey) -> None:
                raise ServiceError("this computer does not know the key of {host} yet: log in "
                                   "once with sftp -P {port} {user}@{host} and accept it (it "
                                   "goes into ~/.ssh/known_hosts)", host=where.host,
                                   port=where.port, user=where.user)

        client = paramiko.SSHClient()
        client.load_system_host_keys()
        client.set_missing_host_key_policy(Unknown())
        try:
            client.connect(where.host, where.port, where.user, secret, timeout=TIMEOUT,
                           banner_timeout=TIMEOUT, auth_timeout=TIMEOUT,
                           allow_agent=secret is None, look_for_keys=secret is None)
        except paramiko.AuthenticationException:
            client.close()
            raise _refused(where) from None
        except paramiko.BadHostKeyException:
            client.close()
            raise ServiceError("the key of {host} is not the one ~/.ssh/known_hosts has for "
                               "it: ask its hosting whether it changed", host=where.host
                               ) from None
        except (OSError, paramiko.SSHException) as exc:
            client.close()
            raise _unreachable(where, exc) from None
        try:
            self._sftp = client.open_sftp()
            _enter(self._sftp.chdir, self._sftp.mkdir, where.folder, OSError)
        except BaseException:
            client.close()
            raise
        self._client = client

    def read(self, name: str) -> bytes | None:
        try:
            with self._sftp.open(name, "rb") as found:
                return bytes(found.read())
        except FileNotFoundError:
            return None

    def write(self, name: str, data: bytes) -> None:
        with self._sftp.open(temporary(name), "wb") as sent:
            sent.write(data)
        try:
            self._sftp.posix_rename(temporary(name), name)
        except OSError:  # a server without OpenSSH's rename onto a file: the old goes first
            self.remove(name)
            self._sftp.rename(temporary(name), name)

    def remove(self, name: str) -> None:
        with suppress(FileNotFoundError):
            self._sftp.remove(name)

    def close(self) -> None:
        self._client.close()


def _enter(cd: Callable[[str], object], mkdir: Callable[[str], object], folder: str,
           missing: type[Exception]) -> None:
    """Go into `folder` (from the login's folder; from the root when it starts with /),
    making each part that is missing."""
    if folder.startswith("/"):
        cd("/")
    for part in folder.split("/"):
        if not part:
            continue
        try:
            cd(part)
        except missing:
            mkdir(part)
            cd(part)


@dataclass(frozen=True)
class Target:
    """Where `serve` uploads the site, and how (`send(files)`: `upload_site` with the
    password read at the start)."""

    where: Destination
    send: Callable[[Mapping[str, bytes]], Uploaded]


def target(url: str, credentials: Path | None = None) -> Target:
    """The upload `url` names, its password read now: a missing one is said at the start."""
    where = destination(url)
    secret = password(where, credentials)
    if where.scheme != "sftp" and secret is None:
        raise _no_password(where)
    return Target(where, lambda files: upload_site(where, files, secret))


@dataclass(frozen=True)
class UploadState:
    """The last upload's outcome, for the TD's page."""

    at: str  # when it ended (ISO, UTC)
    sent: int
    removed: int
    problem: ServiceError | None = None  # None: it went through


class Uploader:
    """Uploads in a thread of its own, so that no request waits for the server: `due()`
    after a change asks for one, made once no change came for `pause` seconds (a round's
    results, entered one after the other, make one upload, of the state as it is then),
    or `longest` seconds after the first."""

    def __init__(self, where: Destination, upload: Callable[[int, str], Uploaded],
                 pause: float = 2.0, longest: float = 30.0) -> None:
        """`upload(tournament, language)` builds that tournament's site and uploads it to
        `where`."""
        self.where = where
        self._upload, self._pause, self._longest = upload, pause, longest
        self._due: tuple[int, str] | None = None
        self._changes = 0
        self._running = self._stop = False
        self._wake = threading.Condition()
        self.state: UploadState | None = None
        self._thread = threading.Thread(target=self._run, name="rochade-upload", daemon=True)
        self._thread.start()

    def due(self, tournament: int, language: str) -> None:
        """Tournament number `tournament` changed: its site in `language` is uploaded soon."""
        with self._wake:
            self._due = (tournament, language)
            self._changes += 1
            self._wake.notify()

    @property
    def busy(self) -> bool:
        """An upload is due or under way."""
        with self._wake:
            return self._due is not None or self._running

    def close(self, wait: float = 2 * TIMEOUT) -> None:
        """Stop the thread once the upload due or under way is done (`wait` seconds at
        most)."""
        with self._wake:
            self._stop = True
            self._wake.notify()
        self._thread.join(wait)

    def _next(self) -> tuple[int, str] | None:
        """The upload due once the changes pause (at once when stopping: the last changes
        reach the site); None: stop."""
        with self._wake:
            while self._due is None and not self._stop:
                self._wake.wait()
            until = time.monotonic() + self._longest
            while not self._stop:
                seen = self._changes
                self._wake.wait(min(self._pause, max(0.0, until - time.monotonic())))
                if seen == self._changes or time.monotonic() >= until:
                    break
            if self._due is None:
                return None  # stopped
            due, self._due, self._running = self._due, None, True
            return due

    def _run(self) -> None:
        while (due := self._next()) is not None:
            try:
                done = self._upload(*due)
                state = UploadState(_now(), len(done.sent), len(done.removed))
            except ServiceError as exc:
                state = UploadState(_now(), 0, 0, exc)
            except Exception as exc:  # the thread lives on, and the TD sees what happened
                state = UploadState(_now(), 0, 0, ServiceError(
                    "the upload failed: {problem}", problem=_problem(exc)))
            with self._wake:
                self.state, self._running = state, False


def _now() -> str:
    return datetime.now(UTC).isoformat()
