"""`rochade publish --to URL` against real local FTP and SFTP servers (tests/site_servers.py)."""

from __future__ import annotations

import re
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import Result

from site_servers import PASSWORD, ftp_server, sftp_server

Run = Callable[..., Result]


def sent(output: str) -> tuple[int, int, int]:
    """(sent, unchanged, removed) of publish's upload line."""
    found = re.search(r"Uploaded to .*: (\d+) files sent, (\d+) unchanged, (\d+) of an earlier "
                      r"upload removed\.", output)
    assert found is not None, output
    return int(found[1]), int(found[2]), int(found[3])


@pytest.mark.parametrize("kind", ["ftp", "sftp"])
def test_a_result_sends_only_the_pages_it_changed(kind: str, club: Path, run: Run,
                                                  tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    running = (sftp_server(tmp_path, monkeypatch) if kind == "sftp"
               else ftp_server(tmp_path, monkeypatch))
    with running as server:
        run("pair", club)
        upload = ("publish", club, tmp_path / "site", "--to", server.url,
                  "--credentials-file", server.credentials)
        first = sent(run(*upload).stdout)
        assert first[0] > 30 and first[1:] == (0, 0)
        run("result", club, 1, 1, "1-0")
        second = sent(run(*upload).stdout)
        assert 0 < second[0] < first[0] / 2 and second[0] + second[1] == first[0]
        local = {p.name: p.read_bytes() for p in (tmp_path / "site").iterdir()}
        assert server.files().keys() == local.keys()
        assert all(server.files()[n] == local[n] for n in local if n != ".rochade-site.json")
        assert sent(run(*upload).stdout) == (0, first[0], 0)


def test_another_tournament_replaces_only_what_an_upload_put_there(
        club: Path, run: Run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Into the same folder: the first tournament's pages the second does not have are
    removed (a player page, a category), the club's own files stay."""
    with ftp_server(tmp_path, monkeypatch) as server:
        server.site.mkdir()
        (server.site / "logo.png").write_bytes(b"the club's own")
        run("tournament", "set", club, "categories=Overall: places=3; U1800: rating=-1799")
        run("pair", club)
        credentials = ("--credentials-file", server.credentials)
        run("publish", club, tmp_path / "winter", "--to", server.url, *credentials)
        first = set(server.files())
        assert {"category-2.html", "prizes.html"} <= first
        run("tournament", "set", club, "categories=")  # stale pages of the same tournament
        out = run("publish", club, tmp_path / "winter", "--to", server.url, *credentials)
        assert not {"category-2.html", "prizes.html"} & set(server.files())
        assert sent(out.stdout)[2] == len(first - set(server.files()))
        run("tournament", "create", club, "Rapid", "--system", "swiss", "--rounds", "3")
        run("player", "add", club, "Solo Player", "-t", "Rapid")
        run("publish", club, tmp_path / "rapid", "-t", "Rapid", "--to", server.url,
            *credentials)
        now = server.files()
        assert now["logo.png"] == b"the club's own"
        assert set(now) - {"logo.png", ".rochade-site.json"} == {
            p.name for p in (tmp_path / "rapid").iterdir() if not p.name.startswith(".")}


@pytest.mark.parametrize(("kind", "credentials", "says"), [
    ("ftp", "machine 127.0.0.1 login club password wrong-Secret-1\n",
     "127.0.0.1 refused the login of club"),
    ("sftp", "machine 127.0.0.1 login club password wrong-Secret-1\n",
     "127.0.0.1 refused the login of club"),
    ("ftp", "machine elsewhere login club password wrong-Secret-1\n",
     "has no line for club on 127.0.0.1"),
])
def test_a_refused_login_is_one_clear_line(kind: str, credentials: str, says: str, club: Path,
                                           run: Run, tmp_path: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    running = (sftp_server(tmp_path, monkeypatch) if kind == "sftp"
               else ftp_server(tmp_path, monkeypatch))
    with running as server:
        server.credentials.write_text(credentials, encoding="utf-8")
        result = run("publish", club, tmp_path / "site", "--to", server.url,
                     "--credentials-file", server.credentials, ok=False)
    assert result.exit_code != 0 and says in result.output, result.output
    assert "Traceback" not in result.output and "wrong-Secret-1" not in result.output
    assert not server.site.exists()


def test_an_unreachable_host_and_a_password_in_the_address(club: Path, run: Run,
                                                           tmp_path: Path) -> None:
    credentials = tmp_path / "credentials"
    credentials.write_text(f"machine 127.0.0.1 login club password {PASSWORD}\n",
                           encoding="utf-8")
    result = run("publish", club, tmp_path / "site", "--to", "ftps://club@127.0.0.1:1/site",
                 "--credentials-file", credentials, ok=False)
    assert result.exit_code != 0 and "cannot reach 127.0.0.1 (port 1)" in result.output
    assert "Traceback" not in result.output and PASSWORD not in result.output
    result = run("publish", club, tmp_path / "other", "--to",
                 f"ftp://club:{PASSWORD}@127.0.0.1/site", ok=False)
    assert result.exit_code != 0 and "must not hold the password" in result.output
    assert PASSWORD not in result.output and not (tmp_path / "other").exists()


def test_serve_says_what_keeps_it_from_uploading_before_it_starts(club: Path, run: Run,
                                                                  tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch
                                                                  ) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))  # no ~/.netrc
    monkeypatch.setitem(sys.modules, "keyring", None)  # nor a keyring
    result = run("serve", club, "--publish-to", f"ftp://club:{PASSWORD}@127.0.0.1/x", ok=False)
    assert result.exit_code != 0 and "must not hold the password" in result.output
    assert PASSWORD not in result.output and "Traceback" not in result.output
    result = run("serve", club, "--publish-to", "ftp://club@127.0.0.1/x", ok=False)
    assert result.exit_code != 0 and "no password for club on 127.0.0.1" in result.output
