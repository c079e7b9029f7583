"""Uploading the site to real local FTP, FTPS and SFTP servers: only what changed is sent,
only what an upload put there is removed, and a page is never half there."""

from __future__ import annotations

import ftplib
import sys
import time
from collections.abc import Iterator
from contextlib import AbstractContextManager
from pathlib import Path

import paramiko
import pytest

from rochade.service.errors import ServiceError
from rochade.service.upload import (
    Uploaded,
    Uploader,
    destination,
    password,
    temporary,
    upload_site,
)
from rochade.service.website import MANIFEST
from site_servers import PASSWORD, Server, ftp_server, sftp_server

KINDS = ("ftp", "ftps", "sftp")


@pytest.fixture(params=KINDS)
def server(request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
           ) -> Iterator[Server]:
    running: AbstractContextManager[Server] = (
        sftp_server(tmp_path, monkeypatch) if request.param == "sftp"
        else ftp_server(tmp_path, monkeypatch, tls=request.param == "ftps"))
    with running as found:
        yield found


def upload(server: Server, files: dict[str, bytes]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    where = destination(server.url)
    done = upload_site(where, files, password(where, server.credentials))
    return done.sent, done.removed


def pages(server: Server) -> dict[str, bytes]:
    return {n: b for n, b in server.files().items() if n != MANIFEST}


def test_only_changed_files_are_sent_and_only_the_uploads_removed(server: Server) -> None:
    server.site.mkdir()
    (server.site / "logo.png").write_bytes(b"the club's own")
    (server.root / "index.html").write_bytes(b"the club's home page")
    assert upload(server, {"index.html": b"i1", "a.html": b"A", "b.csv": b"B"}) == (
        ("index.html", "a.html", "b.csv"), ())
    assert upload(server, {"index.html": b"i2", "a.html": b"A", "b.csv": b"B"}) == (
        ("index.html",), ())
    # another site (another tournament) into the same folder
    assert upload(server, {"index.html": b"other", "c.html": b"C"}) == (
        ("index.html", "c.html"), ("a.html", "b.csv"))
    assert pages(server) == {"index.html": b"other", "c.html": b"C",
                             "logo.png": b"the club's own"}
    assert (server.root / "index.html").read_bytes() == b"the club's home page"
    assert upload(server, {"index.html": b"other", "c.html": b"C"}) == ((), ())


@pytest.mark.parametrize("kind", KINDS)
def test_a_connection_broken_mid_file_leaves_whole_pages(kind: str, tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch
                                                         ) -> None:
    """The line dies halfway through the third file: every page is the old one or the new
    one, and the next upload completes and leaves nothing behind."""
    old = {f"p{i}.html": f"old page {i} ".encode() * 500 for i in range(6)}
    new = {name: data.replace(b"old", b"new") for name, data in old.items()}
    running = (sftp_server(tmp_path, monkeypatch) if kind == "sftp"
               else ftp_server(tmp_path, monkeypatch, tls=kind == "ftps"))
    with running as server:
        upload(server, old)
        with monkeypatch.context() as broken:
            _break_after(broken, kind, files=2)
            with pytest.raises(ServiceError, match="broke off") as caught:
                upload(server, new)
        assert PASSWORD not in str(caught.value)
        now = pages(server)
        assert {n for n in now if not n.startswith(".")} == set(old)
        assert all(now[n] in (old[n], new[n]) for n in old)
        assert {n for n in old if now[n] == new[n]} == {"p0.html", "p1.html"}
        assert len(now[temporary("p2.html")]) < len(new["p2.html"])  # half of it, aside
        sent, _ = upload(server, new)
        assert set(sent) >= {"p2.html", "p3.html", "p4.html", "p5.html"}
        assert pages(server) == new


def _break_after(monkeypatch: pytest.MonkeyPatch, kind: str, files: int) -> None:
    """Send `files` files whole, then half of the next and cut the connection."""
    count = [0]
    if kind != "sftp":
        original = ftplib.FTP.storbinary

        def storbinary(self: ftplib.FTP, cmd: str, fp: object, *args: object,
                       **kwargs: object) -> str:
            count[0] += 1
            if count[0] <= files + 1:  # (the manifest goes first)
                return original(self, cmd, fp, *args, **kwargs)  # type: ignore[arg-type]
            data = fp.read()  # type: ignore[attr-defined]
            conn = self.transfercmd(cmd)
            conn.sendall(data[: len(data) // 2])
            conn.close()
            assert self.sock is not None
            self.sock.close()
            raise ConnectionResetError(104, "Connection reset by peer")

        monkeypatch.setattr(ftplib.FTP, "storbinary", storbinary)
        return
    write = paramiko.SFTPFile.write

    def cut(self: paramiko.SFTPFile, data: bytes) -> None:
        count[0] += 1
        if count[0] <= files + 1:
            write(self, data)
            return
        write(self, data[: len(data) // 2])
        self.flush()
        self.sftp.sock.get_transport().close()
        raise EOFError

    monkeypatch.setattr(paramiko.SFTPFile, "write", cut)


def test_a_wrong_password_is_said_without_it(server: Server) -> None:
    server.credentials.write_text("machine 127.0.0.1 login club password wrong-one\n",
                                  encoding="utf-8")
    with pytest.raises(ServiceError, match="refused the login of club") as caught:
        upload(server, {"a.html": b"A"})
    assert "wrong-one" not in str(caught.value)


@pytest.mark.parametrize("url", ["ftp://club@127.0.0.1:1/site", "sftp://club@127.0.0.1:1/s"])
def test_an_unreachable_host_is_said(url: str, tmp_path: Path) -> None:
    with pytest.raises(ServiceError, match=r"cannot reach 127\.0\.0\.1 \(port 1\)"):
        upload_site(destination(url), {"a.html": b"A"}, "pw")


def test_an_unknown_ssh_key_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                       ) -> None:
    with sftp_server(tmp_path, monkeypatch) as server:
        (tmp_path / "home" / ".ssh" / "known_hosts").unlink()
        with pytest.raises(ServiceError, match=r"does not know the key of 127\.0\.0\.1"):
            upload(server, {"a.html": b"A"})
        assert not server.site.exists()


@pytest.mark.parametrize(("url", "says"), [
    ("ftp://club:pw@host/site", "must not hold the password"),
    ("ftp://host/site", "name the user"),
    ("http://club@host/site", "give the site's address as"),
    ("sftp://club@host:99999/site", "port"),
])
def test_an_address_that_cannot_be_used_is_refused(url: str, says: str) -> None:
    with pytest.raises(ServiceError, match=says) as caught:
        destination(url)
    assert ":pw@" not in str(caught.value)


def test_the_folder_is_from_the_login_folder_or_the_root() -> None:
    assert destination("sftp://club@host/www/results/").folder == "www/results"
    assert destination("ftp://club@host//var/www").folder == "/var/www"
    assert str(destination("ftps://c%40lub@host/x")) == "ftps://c@lub@host:21/x"


def test_the_password_from_the_file_the_keyring_or_netrc(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    where = destination("ftp://club@ftp.example.org/site")
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setitem(sys.modules, "keyring", None)  # not installed
    assert password(where) is None
    netrc = tmp_path / ".netrc"
    netrc.write_text("machine ftp.example.org login club password from-netrc\n",
                     encoding="utf-8")
    netrc.chmod(0o600)
    assert password(where) == "from-netrc"
    other = tmp_path / "other"
    other.write_text("machine ftp.example.org login someone password theirs\n",
                     encoding="utf-8")
    with pytest.raises(ServiceError, match=r"has no line for club on ftp\.example\.org"):
        password(where, other)

    class Keyring:
        @staticmethod
        def get_password(service: str, user: str) -> str | None:
            return "from-keyring" if (service, user) == ("rochade", "club@ftp.example.org") \
                else None

    monkeypatch.setitem(sys.modules, "keyring", Keyring)
    assert password(where) == "from-keyring"


def test_a_burst_of_changes_makes_one_upload_and_the_last_goes_up_at_the_end() -> None:
    done: list[tuple[int, str]] = []

    def record(tournament: int, lang: str) -> Uploaded:
        done.append((tournament, lang))
        return Uploaded(("a.html",), (), 0)

    uploader = Uploader(destination("ftp://club@host/"), record, pause=0.3)
    for lang in ("en", "de", "nl"):
        uploader.due(1, lang)
    until = time.monotonic() + 10
    while uploader.busy or uploader.state is None:
        assert time.monotonic() < until
        time.sleep(0.02)
    assert done == [(1, "nl")] and uploader.state.sent == 1 and uploader.state.problem is None
    uploader.due(2, "fr")  # and the server stops at once: it still goes
    uploader.close()
    assert done == [(1, "nl"), (2, "fr")]


def test_an_upload_that_fails_in_any_way_is_said_and_the_next_one_runs() -> None:
    def broken(tournament: int, lang: str) -> Uploaded:
        if tournament == 1:
            raise RuntimeError("disk on fire")
        return Uploaded((), ("old.html",), 3)

    uploader = Uploader(destination("ftp://club@host/"), broken, pause=0.01)
    uploader.due(1, "en")
    until = time.monotonic() + 10
    while uploader.state is None:
        assert time.monotonic() < until
        time.sleep(0.02)
    assert str(uploader.state.problem) == "the upload failed: disk on fire"
    uploader.due(2, "en")
    uploader.close()
    assert uploader.state.problem is None and uploader.state.removed == 1


def test_a_folder_that_cannot_be_made_is_said(server: Server) -> None:
    (server.root / "site").write_bytes(b"a file where the folder should be")
    with pytest.raises(ServiceError, match=r"cannot open the folder site on 127\.0\.0\.1: "):
        upload(server, {"a.html": b"A"})


def test_ftps_needs_a_server_that_offers_it_and_a_certificate_it_trusts(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with ftp_server(tmp_path / "plain", monkeypatch) as plain:
        plain_tls = Server(plain.url.replace("ftp://", "ftps://"), plain.root, plain.credentials)
        with pytest.raises(ServiceError, match="does not offer FTPS"):
            upload(plain_tls, {"a.html": b"A"})
    with ftp_server(tmp_path / "tls", monkeypatch, tls=True) as tls:
        monkeypatch.setenv("SSL_CERT_FILE", str(tmp_path / "no-such.pem"))
        monkeypatch.setenv("SSL_CERT_DIR", str(tmp_path))
        with pytest.raises(ServiceError, match=r"the TLS connection to 127\.0\.0\.1 failed: "
                                               r"CERTIFICATE_VERIFY_FAILED"):
            upload(tls, {"a.html": b"A"})
        assert not tls.site.exists()


def test_sftp_without_paramiko_says_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "paramiko", None)  # not installed
    with pytest.raises(ServiceError, match=r"pipx install 'rochade\[sftp\]'"):
        upload_site(destination("sftp://club@127.0.0.1:1/site"), {"a.html": b"A"}, None)


@pytest.mark.parametrize("kind", ["ftp", "sftp"])
def test_a_server_that_renames_onto_no_file_gets_the_old_one_removed_first(
        kind: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    running = (sftp_server(tmp_path, monkeypatch, replaces=False) if kind == "sftp"
               else ftp_server(tmp_path, monkeypatch, replaces=False))
    with running as server:
        upload(server, {"a.html": b"A", "b.html": b"B"})
        assert upload(server, {"a.html": b"A2", "b.html": b"B"}) == (("a.html",), ())
        assert server.files() == {**server.files(), "a.html": b"A2", "b.html": b"B"}
        assert not [n for n in server.files() if n.endswith(".rochade-part")]
