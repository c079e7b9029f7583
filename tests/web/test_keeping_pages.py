"""The TD pages for what needed the terminal: the club's website (a folder, an upload, the
uploads after every change), the backups (a copy, a restore) and the TD PIN. Good input does
what the command does; bad input says why and changes nothing."""

from __future__ import annotations

import functools
import sqlite3
import time
from collections.abc import Iterator
from html import unescape
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from web_helpers import PIN, Tick, csrf_of, log_in, post, swiss_open

from kfc_files import kfc_2022_file
from rochade.service import ClubService
from rochade.service.publishing import site_setup
from rochade.service.upload import Uploader
from rochade.web import create_app, uploads
from site_servers import PASSWORD, ftp_server

DATA = Path(__file__).parents[1] / "data"


@pytest.fixture(autouse=True)
def own_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The credentials file goes into the test's own folder of the user account."""
    monkeypatch.setattr("sys.platform", "linux")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setattr(uploads, "Uploader", functools.partial(Uploader, pause=0.1))
    return tmp_path / "config" / "rochade"


@pytest.fixture
def client(club: Path) -> Iterator[TestClient]:
    """An app rendering in its worker threads: the credentials go to the test's own folder
    (`own_home`), which the rendering process the other tests share cannot follow."""
    with TestClient(create_app(club, Tick())) as c:
        yield c


def shown(td: TestClient, url: str) -> str:
    return unescape(td.get(url).text)


def names(club: Path) -> list[str]:
    return ClubService(club, "test").tournament_names()


# -- the club's website ----------------------------------------------------------------------


def test_the_evening_page_leads_to_the_website_page(td: TestClient) -> None:
    assert 'href="/td/t/1/website"' in td.get("/td/t/1/").text
    assert "Write the site to a folder" in td.get("/td/t/1/website").text


def test_the_site_goes_into_a_folder_that_is_remembered(td: TestClient, club: Path,
                                                         tmp_path: Path) -> None:
    folder = tmp_path / "site"
    answer = post(td, "/td/t/1/website/folder", folder=str(folder))
    assert answer.status_code == 303
    assert (folder / "index.html").is_file() and (folder / ".rochade-site.json").is_file()
    page = shown(td, "/td/t/1/website")
    assert f"The site is in {folder}" in page
    assert f'value="{folder}"' in page
    assert site_setup(club).folder == str(folder)


def test_a_folder_that_cannot_be_made_is_said_and_nothing_is_kept(
        td: TestClient, club: Path, tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    post(td, "/td/t/1/website/folder", folder=str(blocker / "site"))
    assert "cannot write the site to" in shown(td, "/td/t/1/website")
    assert site_setup(club).folder == ""
    for relative in ("  ", "site", "./site"):
        post(td, "/td/t/1/website/folder", folder=relative)
        assert "Give the whole path of the folder" in shown(td, "/td/t/1/website")
    assert site_setup(club).folder == ""


def test_the_form_needs_the_csrf_token(td: TestClient, tmp_path: Path) -> None:
    answer = td.post("/td/t/1/website/folder", data={"folder": str(tmp_path / "site")},
                     follow_redirects=False)
    assert answer.status_code == 403
    assert not (tmp_path / "site").exists()


def test_an_upload_sends_the_site_and_keeps_the_password_out_of_pages_and_club_file(
        td: TestClient, club: Path, tmp_path: Path, own_home: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    with ftp_server(tmp_path / "ftp", monkeypatch) as server:
        answer = post(td, "/td/t/1/website/upload", address=server.url, password=PASSWORD,
                      action="upload")
        assert answer.status_code == 303
        page = shown(td, "/td/t/1/website")
        assert "Uploaded: " in page, page
        assert "index.html" in server.files()
        assert PASSWORD not in page
        credentials = own_home / "credentials"
        assert PASSWORD in credentials.read_text()
        assert credentials.stat().st_mode & 0o077 == 0
        assert PASSWORD.encode() not in club.read_bytes()
        setup = site_setup(club)
        assert (setup.url, setup.credentials, setup.live) == (server.url, str(credentials), False)
        # The password found before is kept when the field is left empty.
        post(td, "/td/t/1/website/upload", address=server.url, password="", action="upload")
        assert "Uploaded: 0 files sent" in shown(td, "/td/t/1/website")


def test_a_refused_address_or_a_missing_password_saves_nothing(td: TestClient,
                                                               club: Path) -> None:
    post(td, "/td/t/1/website/upload", address="ftp://club:secret@ftp.example.org/site",
         action="save")
    page = shown(td, "/td/t/1/website")
    assert "the address must not hold the password" in page
    assert "secret" not in page
    post(td, "/td/t/1/website/upload", address="http://example.org/", action="save")
    assert "give the site's address as sftp://" in shown(td, "/td/t/1/website")
    post(td, "/td/t/1/website/upload", address="ftp://club@ftp.example.org/site", action="save")
    assert "no password for club on ftp.example.org" in shown(td, "/td/t/1/website")
    assert site_setup(club).url == ""


def test_uploads_after_every_change_start_now_and_at_the_next_start(
        td: TestClient, club: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with ftp_server(tmp_path / "ftp", monkeypatch) as server:
        post(td, "/td/t/1/website/upload", address=server.url, password=PASSWORD, live="on",
             action="save")
        assert "The upload is set up." in shown(td, "/td/t/1/website")
        assert "after every change of this tournament" in td.get("/td/t/1/").text
        assert post(td, "/td/t/1/pair/auto").status_code == 303
        until = time.monotonic() + 20
        while not (server.site.is_dir() and "index.html" in server.files()):
            assert time.monotonic() < until, "no upload after the pairing"
            time.sleep(0.05)
        with TestClient(create_app(club, Tick())) as again:
            again.headers["x-test-csrf"] = log_in(again)
            assert "after every change of this tournament" in again.get("/td/t/1/").text
        post(td, "/td/t/1/website/upload", address=server.url, action="save")
        assert "data-upload" not in td.get("/td/t/1/").text


# -- backups -------------------------------------------------------------------------------


def test_the_copy_is_the_club_file_as_it_is_now(td: TestClient, tmp_path: Path) -> None:
    assert 'href="/td/backups"' in td.get("/td/").text
    answer = td.get("/td/backups/copy")
    assert answer.status_code == 200
    assert "attachment" in answer.headers["content-disposition"]
    copy = tmp_path / "copy.rochade"
    copy.write_bytes(answer.content)
    assert names(copy) == ["Winter 2026"]


def test_a_backup_comes_back_after_a_confirmation(td: TestClient, club: Path) -> None:
    assert "No backups yet." in td.get("/td/backups").text
    post(td, "/td/t/1/pair/auto")  # backed up before the pairing
    page = td.get("/td/backups").text
    backup = page.split('name="backup" value="')[1].split('"')[0]
    asked = post(td, "/td/backups/restore", backup=backup)
    assert asked.status_code == 200 and "Restore it" in asked.text
    assert ClubService(club, "test").tournament().rounds  # nothing restored yet
    done = post(td, "/td/backups/restore", backup=backup, confirm="yes")
    assert done.status_code == 303
    assert "Restored " in shown(td, "/td/backups")
    assert not ClubService(club, "test").tournament().rounds
    assert "Winter 2026" in td.get("/td/t/1/").text  # the server goes on, on the restored file


def test_an_unknown_backup_restores_nothing(td: TestClient, club: Path) -> None:
    post(td, "/td/t/1/pair/auto")
    for name in ("nothing.rochade", str(club), "1"):
        post(td, "/td/backups/restore", backup=name, confirm="yes")
        assert "There is no such backup." in shown(td, "/td/backups")
    assert ClubService(club, "test").tournament().rounds


def test_a_copy_from_elsewhere_comes_back_after_a_confirmation(td: TestClient,
                                                               club: Path) -> None:
    copy = td.get("/td/backups/copy").content  # before the round
    post(td, "/td/t/1/pair/auto")
    asked = td.post("/td/backups/upload", data={"csrf": td.headers["x-test-csrf"]},
                    files={"copy": ("club-before.rochade", copy)}, follow_redirects=False)
    assert asked.status_code == 200 and "club-before.rochade" in asked.text
    assert ClubService(club, "test").tournament().rounds  # nothing restored yet
    token = asked.text.split('name="token" value="')[1].split('"')[0]
    done = post(td, "/td/backups/restore", token=token, confirm="yes")
    assert done.status_code == 303
    assert "Restored club-before.rochade." in shown(td, "/td/backups")
    assert not ClubService(club, "test").tournament().rounds
    assert "club-before.rochade" in ClubService(club, "test").log()[-1].description
    post(td, "/td/backups/restore", token=token, confirm="yes")  # used: gone
    assert "the uploaded file is no longer there" in shown(td, "/td/backups")


@pytest.mark.parametrize("data", [b"not a club file at all", b"SQLite format 3\x00" + bytes(500)])
def test_a_copy_that_is_no_club_file_is_refused(td: TestClient, club: Path, data: bytes
                                                ) -> None:
    answer = td.post("/td/backups/upload", data={"csrf": td.headers["x-test-csrf"]},
                     files={"copy": ("other.rochade", data)}, follow_redirects=False)
    assert answer.status_code == 303
    assert "other.rochade is not a rochade club file" in shown(td, "/td/backups")
    assert names(club) == ["Winter 2026"]


# -- round dates -------------------------------------------------------------------------


def test_a_round_date_is_corrected(td: TestClient, club: Path) -> None:
    assert 'href="/td/t/1/rounds"' in td.get("/td/t/1/").text
    assert "No round is paired yet." in td.get("/td/t/1/rounds").text
    post(td, "/td/t/1/pair/auto")
    assert post(td, "/td/t/1/rounds", round="1", date="2026-09-01").status_code == 303
    page = shown(td, "/td/t/1/rounds")
    assert "The date of round 1 is saved." in page and 'value="2026-09-01"' in page
    assert ClubService(club, "test").letterhead().dates == ("2026-09-01",)


@pytest.mark.parametrize(("number", "day", "said"), [
    ("1", "1st of September", "is not a date; write it like 2026-12-01"),
    ("2", "2026-09-01", "there is no round 2"),
    ("x", "2026-09-01", "there is no round 0"),
])
def test_a_wrong_round_date_changes_nothing(td: TestClient, club: Path, number: str, day: str,
                                            said: str) -> None:
    post(td, "/td/t/1/pair/auto")
    before = ClubService(club, "test").letterhead().dates
    post(td, "/td/t/1/rounds", round=number, date=day)
    assert said in shown(td, "/td/t/1/rounds")
    assert ClubService(club, "test").letterhead().dates == before


# -- the TD PIN ----------------------------------------------------------------------------


def test_a_new_pin_logs_in_and_the_old_one_no_longer(td: TestClient, club: Path) -> None:
    assert 'href="/td/pin"' in td.get("/td/").text
    answer = post(td, "/td/pin", old=PIN, new="new-pin-42", again="new-pin-42")
    assert answer.status_code == 303 and answer.headers["location"] == "/td/login"
    assert td.get("/td/", follow_redirects=False).status_code == 303  # logged out
    token = csrf_of(td)
    assert td.post("/td/login", data={"csrf": token, "pin": PIN, "next": "/td/"},
                   follow_redirects=False).status_code == 401
    assert td.post("/td/login", data={"csrf": token, "pin": "new-pin-42", "next": "/td/"},
                   follow_redirects=False).status_code == 303


def test_guesses_of_the_present_pin_are_throttled_as_at_the_login(td: TestClient,
                                                                  club: Path) -> None:
    said = [post(td, "/td/pin", old=f"guess-{i}", new="new-pin-42", again="new-pin-42")
            for i in range(8)]
    assert said[0].status_code == 400 and said[-1].status_code == 429
    assert "Too many wrong PINs." in said[-1].text
    right = post(td, "/td/pin", old=PIN, new="new-pin-42", again="new-pin-42")
    assert right.status_code == 429  # not even the right one while it waits
    assert td.get("/td/", follow_redirects=False).status_code == 200


@pytest.mark.parametrize(("old", "new", "again", "said"), [
    ("000000", "new-pin-42", "new-pin-42", "The present PIN is not the one typed."),
    (PIN, "new-pin-42", "new-pin-43", "The new PIN and its repetition differ."),
    (PIN, "short", "short", "The new PIN needs at least 6 characters."),
])
def test_a_refused_pin_changes_nothing(td: TestClient, club: Path, old: str, new: str,
                                       again: str, said: str) -> None:
    stored = sqlite3.connect(club).execute(
        "SELECT value FROM settings WHERE key = 'web.td_pin'").fetchone()
    answer = post(td, "/td/pin", old=old, new=new, again=again)
    assert answer.status_code == 400 and said in unescape(answer.text)
    assert sqlite3.connect(club).execute(
        "SELECT value FROM settings WHERE key = 'web.td_pin'").fetchone() == stored
    assert td.get("/td/", follow_redirects=False).status_code == 200  # still logged in


# -- a tournament from another program -----------------------------------------------------


def upload(td: TestClient, data: bytes, filename: str, name: str = "") -> Any:
    return td.post("/td/import", data={"csrf": td.headers["x-test-csrf"], "name": name},
                   files={"file": (filename, data)}, follow_redirects=False)


def test_a_trf_file_becomes_a_tournament(td: TestClient, club: Path) -> None:
    assert 'href="/td/import"' in td.get("/td/").text
    trf = (DATA / "trf_real" / "bbp_issue_7.trf").read_bytes()
    answer = upload(td, trf, "bbp_issue_7.trf", "Imported open")
    assert answer.status_code == 303 and answer.headers["location"] == "/td/t/2/"
    assert "Imported Imported open:" in shown(td, "/td/t/2/")
    assert names(club) == ["Winter 2026", "Imported open"]


def test_a_kfc_file_becomes_a_tournament_named_after_it(td: TestClient, club: Path,
                                                        shared_dir: Path) -> None:
    kfc = (shared_dir / "conformance" / "kfc" / "Test-Tournament.s3db").read_bytes()
    answer = upload(td, kfc, "Test-Tournament.s3db")
    assert answer.status_code == 303
    assert names(club) == ["Winter 2026", "Test-Tournament"]


def test_an_old_kfc_files_differing_totals_are_named_with_their_rows(
        td: TestClient, tmp_path: Path) -> None:
    """A KfC file of December 2022, whose rules KfC corrected in 2023: the TD reads which
    players' totals differ and in which rows, not a guess that the file was not recalculated."""
    data = kfc_2022_file(tmp_path / "Winter.s3db").read_bytes()
    answer = upload(td, data, "Winter.s3db", "Winter 2022")
    assert answer.status_code == 303
    said = shown(td, answer.headers["location"])
    assert "For 3 of 5 players rochade's total differs" in said
    assert ("C (KeizerForClubs 4.50, rochade 3.00; rows: round 1); "
            "D (KeizerForClubs 1.75, rochade 1.50; rows: round 1); "
            "E (KeizerForClubs 3.00, rochade 0.00; rows: own value)") in said
    assert "recalculated" not in said


def test_a_json_export_comes_back_under_another_name(td: TestClient, club: Path) -> None:
    exported = ClubService(club, "test").export_json().encode()
    refused = upload(td, exported, "winter.json")
    assert refused.status_code == 400 and "Nothing was imported." in refused.text
    assert upload(td, exported, "winter.json", "Winter again").status_code == 303
    assert names(club) == ["Winter 2026", "Winter again"]


@pytest.mark.parametrize(("data", "filename"), [
    (b"012 Not really a tournament\n001 x\n", "broken.trf"),
    (b"SQLite format 3\x00" + bytes(200), "broken.s3db"),
    (b'{"not": "a tournament"}', "other.json"),
    (b"", "empty.trf"),
])
def test_a_file_that_cannot_be_read_adds_nothing(td: TestClient, club: Path, data: bytes,
                                                  filename: str) -> None:
    answer = upload(td, data, filename)
    assert answer.status_code == 400
    assert "Nothing was imported." in answer.text and 'class="flash error"' in answer.text
    assert names(club) == ["Winter 2026"]


def test_a_swiss_goes_on_in_fide_mode_and_a_keizer_file_cannot(td: TestClient, club: Path,
                                                               shared_dir: Path) -> None:
    svc = swiss_open(club, 4)
    svc.pair("Open")
    trf = svc.export_trf("Open").encode()
    answer = td.post("/td/import", data={"csrf": td.headers["x-test-csrf"],
                                         "name": "Rated", "fide_mode": "on"},
                     files={"file": ("open.trf", trf)}, follow_redirects=False)
    assert answer.status_code == 303
    assert "FIDE mode: 1 played rounds re-checked" in shown(td, answer.headers["location"])
    kfc = (shared_dir / "conformance" / "kfc" / "Test-Tournament.s3db").read_bytes()
    refused = td.post("/td/import", data={"csrf": td.headers["x-test-csrf"], "fide_mode": "on"},
                      files={"file": ("Test-Tournament.s3db", kfc)}, follow_redirects=False)
    assert refused.status_code == 400 and "FIDE mode is for round robins" in refused.text
    assert "Test-Tournament" not in names(club)
