"""The start page of `rochade` without a club file: a club file created or opened there is then
served by the same server; a refused form says why and leaves every file as it was."""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.applications import Starlette
from starlette.testclient import TestClient
from web_helpers import PIN

from rochade.service import ClubService, StoreError
from rochade.service.file_settings import CLUB_NAME, read_setting
from rochade.service.pin import has_pin, pin_matches, set_pin
from rochade.web import create_app
from rochade.web.start import Launcher

LOCAL = "http://127.0.0.1:8000"
HERE = ("127.0.0.1", 50000)


class Opened:
    """The club files the launcher opened, each served by the club app."""

    def __init__(self) -> None:
        self.paths: list[Path] = []

    def __call__(self, path: Path) -> Starlette:
        self.paths.append(path)
        return create_app(path)


@pytest.fixture
def opened() -> Opened:
    return Opened()


@pytest.fixture
def start(tmp_path: Path, opened: Opened) -> Iterator[TestClient]:
    with TestClient(Launcher(tmp_path, opened), base_url=LOCAL, client=HERE) as client:
        yield client


def token(client: TestClient) -> str:
    found = re.search(r'name="token" value="([0-9a-f]+)"', client.get("/").text)
    assert found is not None
    return found[1]


def create(client: TestClient, **fields: str) -> Any:
    form = {"token": token(client), "club": "SC Rochade", "file": "myclub", "pin": PIN,
            "pin_again": PIN, **fields}
    return client.post("/start/create", data=form, follow_redirects=False)


def test_a_new_club_file_is_created_then_served(
    start: TestClient, tmp_path: Path, opened: Opened
) -> None:
    response = create(start, club="  SC   Rochade ")
    assert response.status_code == 303
    assert response.headers["location"] == "/td/login?next=/td/"
    path = tmp_path / "myclub.rochade"
    assert opened.paths == [path]
    assert pin_matches(path, PIN)
    assert read_setting(path, CLUB_NAME) == "SC Rochade"
    assert "PIN or password" in start.get("/td/login").text  # the club app answers now
    svc = ClubService(path)
    svc.create_tournament("Winter", "classic")
    assert svc.letterhead().club == "SC Rochade"  # the printed lists name the club


@pytest.mark.parametrize(("fields", "field", "said"), [
    ({"file": " "}, "file", "Give the club file a name."),
    ({"club": ""}, "club", "Give the club&#39;s name."),
    ({"pin": "123", "pin_again": "123"}, "pin", "The PIN needs at least 6 characters."),
    ({"pin_again": "999999"}, "pin_again", "The two PINs differ; type the same twice."),
    ({"file": "nowhere/myclub"}, "file", "There is no folder"),
])
def test_a_refused_new_club_file_says_why_and_makes_nothing(
    start: TestClient, tmp_path: Path, opened: Opened, fields: dict[str, str], field: str,
    said: str,
) -> None:
    response = create(start, **fields)
    assert response.status_code == 400
    assert said in response.text
    assert f'id="e-{field}"' in response.text
    assert list(tmp_path.iterdir()) == []
    assert opened.paths == []


def test_an_existing_file_is_never_replaced(
    start: TestClient, tmp_path: Path, opened: Opened
) -> None:
    path = tmp_path / "myclub.rochade"
    ClubService.init(path, "test")
    before = path.read_bytes()
    response = create(start)
    assert response.status_code == 400
    assert "exists already: open it below, or choose another name." in response.text
    assert path.read_bytes() == before
    assert not has_pin(path)
    assert opened.paths == []


def test_a_folder_that_takes_no_file_is_said(
    start: TestClient, tmp_path: Path, opened: Opened
) -> None:
    if os.geteuid() == 0:  # root writes into any folder: one of the kernel's takes no file
        folder = Path("/proc")
    else:
        folder = tmp_path / "locked"
        folder.mkdir()
        folder.chmod(0o500)
    response = create(start, file=str(folder / "myclub.rochade"))
    assert response.status_code == 400
    assert f"No file can be made in {folder} (" in response.text
    assert not (folder / "myclub.rochade").exists()
    assert opened.paths == []


def test_a_form_without_the_start_pages_token_is_refused(
    start: TestClient, tmp_path: Path
) -> None:
    form = {"token": "0" * 32, "club": "X", "file": "x", "pin": PIN, "pin_again": PIN}
    response = start.post("/start/create", data=form)
    assert response.status_code == 403
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(("url", "client"), [
    ("http://evil.example:8000", HERE),  # a name pointed at 127.0.0.1 (DNS rebinding)
    (LOCAL, ("192.168.1.20", 50000)),  # a phone on the club Wi-Fi (`rochade --host 0.0.0.0`)
])
def test_the_start_page_answers_this_computer_only(
    tmp_path: Path, opened: Opened, url: str, client: tuple[str, int]
) -> None:
    with TestClient(Launcher(tmp_path, opened), base_url=url, client=client) as other:
        assert other.get("/").status_code == 403
        form = {"club": "X", "file": "x", "pin": PIN, "pin_again": PIN}
        assert other.post("/start/create", data=form).status_code == 403
    assert list(tmp_path.iterdir()) == []


def test_an_existing_club_file_is_opened(
    start: TestClient, tmp_path: Path, opened: Opened
) -> None:
    path = tmp_path / "club.rochade"
    ClubService.init(path, "test")
    set_pin(path, PIN)
    response = start.post("/start/open", data={"token": token(start), "open_file": "club"},
                          follow_redirects=False)
    assert response.headers["location"] == "/td/login?next=/td/"
    assert opened.paths == [path]
    assert pin_matches(path, PIN)


def test_a_club_file_without_a_pin_gets_one_when_opened(
    start: TestClient, tmp_path: Path, opened: Opened
) -> None:
    path = tmp_path / "club.rochade"
    ClubService.init(path, "test")
    form = {"token": token(start), "open_file": str(path)}
    refused = start.post("/start/open", data=form)
    assert refused.status_code == 400
    assert "This club file has no TD PIN yet: choose one." in refused.text
    assert not has_pin(path) and opened.paths == []
    start.post("/start/open", data={**form, "open_pin": PIN}, follow_redirects=False)
    assert pin_matches(path, PIN) and opened.paths == [path]


def test_opening_a_missing_or_foreign_file_is_refused(
    start: TestClient, tmp_path: Path, opened: Opened
) -> None:
    missing = start.post("/start/open", data={"token": token(start), "open_file": "gone"})
    assert "There is no club file" in missing.text
    foreign = tmp_path / "notes.rochade"
    foreign.write_text("not a club file", encoding="utf-8")
    refused = start.post("/start/open", data={"token": token(start), "open_file": "notes"})
    assert refused.status_code == 400
    assert foreign.read_text(encoding="utf-8") == "not a club file"
    assert opened.paths == []


def test_the_start_page_speaks_the_visitors_language(start: TestClient) -> None:
    page = start.get("/?lang=de")
    assert "Vereinsdatei anlegen" in page.text
    assert 'dir="rtl"' in start.get("/?lang=ar").text


def test_before_a_club_file_is_open_any_page_leads_to_the_start_page(start: TestClient) -> None:
    response = start.get("/td/", follow_redirects=False)
    assert response.status_code == 303 and response.headers["location"] == "/"


def test_the_start_page_says_why_the_club_file_used_last_is_not_open(
    tmp_path: Path, opened: Opened
) -> None:
    last = tmp_path / "club.rochade"
    with TestClient(Launcher(tmp_path, opened, last), base_url=LOCAL, client=HERE) as client:
        assert f"The club file used last, {last}, is no longer there." in client.get("/").text
    problem = StoreError("{path} is not a club file", path=last)
    with TestClient(Launcher(tmp_path, opened, last, problem), base_url=LOCAL,
                    client=HERE) as client:
        page = client.get("/?lang=de").text
    assert f"Die zuletzt benutzte Vereinsdatei, {last}, lässt sich nicht öffnen: " in page
