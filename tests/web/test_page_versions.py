"""Phones and the hall display follow every change of the club file, however it was made: a
real `rochade serve`, polled as the pages' script polls it (the version the page shows in
X-Rochade-Version; "204" while nothing changed), while a second process restores an older
backup or undoes a change: each time the next poll of every page brings the page as the file
is now, under a greater version. Another club file written into the served one (through
SQLite: its pages sit in the log, the file on disk looks as before) is no change but another
file: every page and every poll says so (503, `FileReplaced`), never "unchanged" nor an
error the pages' script takes for the server being away.

Before, the version was the newest action's id: a restore brings back lower ids, and the
phones were told "unchanged" (and given the kept pages of before) until as many changes were
made again as the restore removed.
"""

from __future__ import annotations

import os
import re
import sqlite3
import subprocess
import sys
import urllib.request
from contextlib import closing
from pathlib import Path

from starlette.testclient import TestClient
from web_helpers import REPLACED, RUN, VERSION, play_round, serve, unversioned

from rochade.service import ClubService
from rochade.store.backup import list_backups
from rochade.web import create_app

PHONE_PAGES = ["/t/1/", "/t/1/pairings", "/t/1/crosstable", "/t/1/progress", "/t/1/players/1"]
DISPLAY = "/t/1/display"
TOKEN = re.compile(r"\b[0-9a-f]{64}\b")  # the visitor's CSRF token (forms, htmx headers)


class Poller:
    """The pages as the phones' and the display's script keep them: each page's body and the
    version it shows, asked again with that version."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.shown: dict[str, tuple[int, str]] = {}

    def get(self, path: str, version: int | None = None) -> tuple[int, str]:
        headers = {} if version is None else {"X-Rochade-Version": str(version)}
        if path != DISPLAY:  # htmx asks for the phone pages' #live part
            headers["HX-Request"] = "true"
        request = urllib.request.Request(self.url + path, headers=headers)
        try:
            with urllib.request.urlopen(request) as response:
                return response.status, response.read().decode()
        except urllib.error.HTTPError as refused:
            return refused.code, refused.read().decode()

    def open_all(self) -> None:
        for path in (*PHONE_PAGES, DISPLAY):
            status, body = self.get(path)
            assert status == 200
            self.shown[path] = (version_of(body), body)

    def poll_all(self) -> dict[str, int]:
        """Each page's poll status; a 200 replaces the page (and its version)."""
        return {path: status for path, (status, _) in self.poll_answers().items()}

    def poll_answers(self) -> dict[str, tuple[int, str]]:
        """Each page's poll (status, body); a 200 replaces the page (and its version)."""
        answers = {}
        for path, (version, _) in self.shown.items():
            status, body = answers[path] = self.get(path, version)
            if status == 200:
                self.shown[path] = (version_of(body), body)
        return answers


def version_of(body: str) -> int:
    found = VERSION.search(body)
    assert found is not None, "a polled page without its version"
    return int(found[0])


def same_page(body: str) -> str:
    """A page without what differs between servers and visitors: its version, CSRF token."""
    return TOKEN.sub("token", unversioned(body))


def rochade(*args: str) -> None:
    """A command in a process of its own, as the TD types it beside the running server."""
    done = subprocess.run([sys.executable, "-c", RUN, *args], capture_output=True, text=True,
                          timeout=120, env={**os.environ, "ROCHADE_WHO": "td"})
    assert done.returncode == 0, done.stdout + done.stderr


def write_into(target: Path, source: Path) -> None:
    """Write club file `source` into `target` through SQLite (the online backup API): every
    connection to `target` sees the other file from its next read on."""
    with closing(sqlite3.connect(source)) as reading, closing(sqlite3.connect(target)) as writing:
        reading.backup(writing)


def club_file(path: Path, names: list[str], rounds: int) -> ClubService:
    svc = ClubService.init(path, "td")
    svc.create_tournament("Winter 2026", "classic")
    svc.import_players("\n".join(f"{name},{1500 + i}" for i, name in enumerate(names)))
    for number in range(rounds):
        play_round(svc, "Winter 2026", ("1-0", "0-1", "1/2-1/2")[number % 3])
    return svc


def test_every_page_follows_a_restore_and_an_undo_and_refuses_another_file_written_in(
    club: Path, tmp_path: Path
) -> None:
    svc = ClubService(club, "td")
    play_round(svc, "Winter 2026", "1-0")
    play_round(svc, "Winter 2026", "0-1")  # (the newest backup: before its pairing)
    with serve(club) as server:
        url = server.url
        phones = Poller(url)
        phones.open_all()
        assert set(phones.poll_all().values()) == {204}  # nothing changed: "unchanged"

        def everywhere_as_now(before: dict[str, tuple[int, str]]) -> None:
            """The next poll of every page: its new state, under a greater version."""
            assert set(phones.poll_all().values()) == {200}
            # a fresh app (saw nothing before), its QR codes leading where the server listens
            with TestClient(create_app(club, local_url=url + "/"), base_url=url) as fresh:
                for path, (version, body) in phones.shown.items():
                    assert version > before[path][0], path
                    expected = fresh.get(path, headers={"HX-Request": "true"}).text
                    assert same_page(body) == same_page(expected), path
            assert set(phones.poll_all().values()) == {204}

        shown, newest = dict(phones.shown), svc.log()[-1].id
        rochade("restore", str(club), list_backups(club)[-1].name)  # round 2 not paired
        assert svc.log()[-1].id < newest  # (the ids the pages' version once was: lower)
        everywhere_as_now(shown)
        assert "Round 2" not in phones.shown["/t/1/pairings"][1]

        shown = dict(phones.shown)
        rochade("undo", str(club))  # round 1's last result
        everywhere_as_now(shown)

        other = club_file(tmp_path / "other.rochade", [f"Zora {n}" for n in "ABCDEFGH"], 3)
        write_into(club, other.path)  # the other file, written into the served one
        for _ in range(2):  # (the second: once the server knows)
            for path, (status, body) in phones.poll_answers().items():
                assert status == 503 and REPLACED in body, (path, status)
            for path in (*PHONE_PAGES, DISPLAY, "/", "/td/login"):
                status, body = phones.get(path)
                assert status == 503 and REPLACED in body, (path, status)
        # the log holding the other file stays where its readers (other processes) read it
        assert not list(tmp_path.glob("*-wal.other-*"))


def test_a_poll_after_another_file_written_in_is_refused_not_answered_from_memory(
    club: Path, tmp_path: Path
) -> None:
    """The app in this process (no rendering process), its pages kept in memory: a poll after
    another file came in through SQLite gets the replaced-file page, not "204 unchanged" nor
    the kept page of the file that was there (nor that file's pages as if it were this one)."""
    other = club_file(tmp_path / "other.rochade", [f"Zora {n}" for n in "ABCD"], 0)
    with TestClient(create_app(club), raise_server_exceptions=False) as c:
        version = version_of(c.get("/t/1/pairings").text)
        assert c.get("/t/1/pairings", headers={"X-Rochade-Version": str(version)}
                     ).status_code == 204
        write_into(club, other.path)
        for headers in ({"X-Rochade-Version": str(version)}, {}):
            refused = c.get("/t/1/pairings", headers=headers)
            assert refused.status_code == 503 and REPLACED in refused.text


def test_the_version_goes_forward_also_when_an_earlier_state_comes_back(club: Path) -> None:
    """A copy of the file put back in place (as a restore that writes the backup over the
    file does) brings back the mark of a state the pages showed before: the version still
    goes forward. A server started later on the same file starts above the first one."""
    copy = club.with_name("copy.rochade")
    versions = []
    with TestClient(create_app(club)) as c:
        versions.append(version_of(c.get(DISPLAY).text))
        write_into(copy, club)
        play_round(ClubService(club, "td"), "Winter 2026")
        paired = c.get(DISPLAY).text
        versions.append(version_of(paired))
        assert "Round 1" in paired
        write_into(club, copy)
        back = c.get(DISPLAY).text
        versions.append(version_of(back))
        assert "Round 1" not in back
    with TestClient(create_app(club)) as again:
        versions.append(version_of(again.get(DISPLAY).text))
    assert versions == sorted(set(versions))
