"""The hall display, the QR poster, a player's evening (/me), and the phones: check-in and
results with the evening's code, logged with the player's name, never over the TD's result."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from starlette.testclient import TestClient
from web_helpers import csrf_of, post

import rochade.web
from rochade.core.model import Entrant, Result, Status
from rochade.service import ClubService, ServiceError
from rochade.service.phones import PhoneDesk, PhoneSettings
from rochade.web.base import PHONE_POSTS_PER_MINUTE
from rochade.web.hall import SCORE_CHARS, Line, score_chars

CODE = "k7x"


def phones_on(td: TestClient, td_confirms: bool = False) -> None:
    data = {"code": CODE, "checkin": "on", "action": "save"}
    if td_confirms:
        data["td_confirms"] = "on"
    assert post(td, "/td/t/1/phones", **data).status_code == 303


def phone(client: TestClient, pid: int, **data: str) -> str:
    """A phone's post from the player's evening page; the page it lands on."""
    token = csrf_of(client, f"/t/1/players/{pid}/evening")
    response = client.post(f"/phone/t/1/players/{pid}", data={"csrf": token, **data})
    assert response.status_code == 200
    return response.text


def board_one(club: Path) -> tuple[int, int, Result | None]:
    game = ClubService(club).tournament().rounds[-1].games[0]
    return game.white, game.black, game.result


def test_the_display_shows_pairings_standings_code_and_qr(td: TestClient, club: Path) -> None:
    phones_on(td)
    post(td, "/td/t/1/pair/auto")
    white, black, _ = board_one(club)
    t = ClubService(club).tournament()
    assert td.get("/td/t/1/").text.count('href="/td/t/1/display"') == 1
    page = td.get("/td/t/1/display").text  # the TD's link: with the key that shows the code
    assert t.entrant(white).name in page and t.entrant(black).name in page
    assert "Standings" in page and CODE in page and "<svg" in page
    assert 'class="tabs"' not in page  # no menus on the wall
    # The public address alone, or an old key, shows no code: people outside the room
    # cannot read it there.
    keyed = td.get("/td/t/1/display", follow_redirects=False).headers["location"]
    assert CODE not in td.get("/t/1/display").text
    assert CODE not in td.get("/t/1/display?key=0123").text
    post(td, "/td/t/1/phones", code="newcode", checkin="on", action="save")
    assert "newcode" not in td.get(keyed).text
    assert "<svg" in td.get("/t/1/poster").text


def test_the_display_answers_204_while_nothing_changed(client: TestClient, td: TestClient) -> None:
    first = client.get("/t/1/display")
    shown = first.text.split('data-version="')[1].split('"')[0]
    assert client.get("/t/1/display", headers={"X-Rochade-Version": shown}).status_code == 204
    phones_on(td)
    assert client.get("/t/1/display", headers={"X-Rochade-Version": shown}).status_code == 200
    assert client.head("/t/1/display").status_code == 200


def test_me_remembers_the_phones_player(client: TestClient) -> None:
    assert client.get("/me", follow_redirects=False).headers["location"] == "/"
    assert "Anna Berg" in client.get("/t/1/me").text
    phone(client, 1, action="mine")
    assert client.get("/me", follow_redirects=False).headers["location"] == (
        "/t/1/players/1/evening")
    assert client.get("/t/1/me", follow_redirects=False).headers["location"] == (
        "/t/1/players/1/evening")


def test_the_evening_in_the_players_language(client: TestClient, td: TestClient,
                                             club: Path) -> None:
    post(td, "/td/t/1/pair/auto")
    white, _, _ = board_one(club)
    page = client.get(f"/t/1/players/{white}/evening", headers={"Accept-Language": "nl"}).text
    assert "Wit" in page and "bord 1" in page.lower()


def test_checkin_from_a_phone_needs_the_code_and_is_logged(client: TestClient, td: TestClient,
                                                           club: Path) -> None:
    assert "switched off" in phone(client, 2, action="excused", code=CODE)
    phones_on(td)
    assert "wrong code" in phone(client, 2, action="excused", code="nope")
    assert ClubService(club).tournament().entrant(2).status is not Status.EXCUSED
    phone(client, 2, action="excused", code=CODE.upper())
    assert ClubService(club).tournament().entrant(2).status is Status.EXCUSED
    assert ClubService(club).log()[-1].who == "phone: Bart Claes"
    assert "by phone: Bart Claes" in td.get("/td/t/1/checkin").text
    # The TD overrides with a tap; the mark goes.
    post(td, "/td/t/1/players/2/status", status="present")
    assert "by phone: Bart Claes" not in td.get("/td/t/1/checkin").text


def test_a_phone_cannot_check_in_as_unexcused_or_post_without_token(client: TestClient,
                                                                     td: TestClient,
                                                                     club: Path) -> None:
    phones_on(td)
    before = ClubService(club).log()
    phone(client, 2, action="unexcused", code=CODE)
    refused = client.post("/phone/t/1/players/2", data={"action": "excused", "code": CODE})
    assert refused.status_code == 403
    assert ClubService(club).log() == before


def test_in_a_swiss_a_phone_cannot_take_a_bye(tmp_path: Path) -> None:
    path = tmp_path / "swiss.rochade"
    svc = ClubService.init(path, "TD")
    svc.create_system_tournament("Open", "swiss")
    svc.import_players("A,2000\nB,1900\n")
    desk = PhoneDesk(path, "TD")
    desk.set_phone_settings(PhoneSettings(CODE))
    with pytest.raises(ServiceError, match="bye is the TD"):
        desk.phone_checkin(1, Status.EXCUSED, CODE)
    assert desk.phone_checkin(1, Status.PRESENT, CODE).status is Status.PRESENT


def test_phone_posts_are_rate_limited(client: TestClient, td: TestClient) -> None:
    phones_on(td)
    for _ in range(PHONE_POSTS_PER_MINUTE):
        phone(client, 3, action="present", code="wrong")
    assert "Too many tries" in phone(client, 3, action="present", code=CODE)


def test_two_equal_reports_enter_the_result(client: TestClient, td: TestClient,
                                            club: Path) -> None:
    phones_on(td)
    post(td, "/td/t/1/pair/auto")
    white, black, _ = board_one(club)
    assert "waits for your opponent" in phone(client, white, report="1-0", code=CODE)
    assert board_one(club)[2] is None
    assert "Board 1" in td.get("/td/t/1/results").text.split("waiting for you")[1][:300]
    phone(client, black, report="1-0", code=CODE)
    assert board_one(club)[2] is Result.WHITE_WINS
    t = ClubService(club).tournament()
    assert ClubService(club).log()[-1].who == (
        f"phones: {t.entrant(white).name} + {t.entrant(black).name}")
    # A correction is the TD's.
    assert "correction is the TD" in phone(client, black, report="0-1", code=CODE)


def test_disagreeing_reports_and_td_confirms_wait_for_the_td(client: TestClient,
                                                             td: TestClient, club: Path) -> None:
    phones_on(td)
    post(td, "/td/t/1/pair/auto")
    white, black, _ = board_one(club)
    phone(client, white, report="1-0", code=CODE)
    phone(client, black, report="0-1", code=CODE)
    assert board_one(club)[2] is None
    assert 'class="disagree"' in td.get("/td/t/1/results").text
    phones_on(td, td_confirms=True)
    phone(client, black, report="1-0", code=CODE)
    assert board_one(club)[2] is None


def test_reports_never_overwrite_the_tds_result(club: Path) -> None:
    desk = PhoneDesk(club, "TD")
    desk.set_phone_settings(PhoneSettings(CODE))
    desk.pair()
    white, _, _ = board_one(club)
    desk.report_result(white, "1-0", CODE)
    ClubService(club, "TD").enter_result(1, 1, "0-1", expected="")
    report = desk.reports()
    assert report == {}
    assert board_one(club)[2] is Result.BLACK_WINS


def test_a_report_is_undone_by_the_td(club: Path) -> None:
    desk = PhoneDesk(club, "TD")
    desk.set_phone_settings(PhoneSettings(CODE))
    desk.pair()
    white, _, _ = board_one(club)
    desk.report_result(white, "1/2-1/2", CODE)
    assert desk.reports()[1].white is Result.DRAW
    desk.undo()
    assert desk.reports() == {}


def test_the_score_column_is_as_wide_as_the_longest_score(client: TestClient) -> None:
    """style.css has a width for each of `SCORE_CHARS`; the display names the one its
    longest score needs (the browser test, tests/e2e/test_hall_totals.py, measures it)."""
    anna = Entrant(1, "Anna", 2000)
    widths = [score_chars([Line(1, anna, score) for score in scores]) for scores in
              ([], ["4½"], ["338.00", "1,707.00"], ["1 234 567 890,00"])]
    assert widths == [4, 4, 8, 12]
    css = (Path(rochade.web.__file__).parent / "static" / "style.css").read_text("utf-8")
    assert all(f".score.c{n} {{ --chars: {n}; }}" in css for n in SCORE_CHARS)
    page = client.get("/t/1/display").text
    assert re.search(r'<td class="num strong score c\d+">', page)
