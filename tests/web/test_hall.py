"""The hall display, the QR poster, a player's evening (/me), and the phones: "This is me"
with the evening's code binds a device to its player; check-in and results from that device
only, logged with the player's name and the device, never over the TD's result."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from contextlib import ExitStack
from html import unescape
from pathlib import Path

import pytest
from starlette.testclient import TestClient
from web_helpers import PIN, Tick, csrf_of, log_in, post

import rochade.web
from rochade.core.model import Entrant, Result, Status
from rochade.service import ClubService, ServiceError
from rochade.service.phones import PhoneSettings
from rochade.service.pin import set_pin
from rochade.web import create_app
from rochade.web.base import PHONE_POSTS_PER_MINUTE
from rochade.web.hall import SCORE_CHARS, Line, score_chars

CODE = "k7x"
Phones = Callable[[], TestClient]


@pytest.fixture
def phones(club: Path) -> Iterator[Phones]:
    """New devices, each with a cookie jar of its own (a player's own phone)."""
    with ExitStack() as stack:
        yield lambda: stack.enter_context(TestClient(create_app(club, Tick())))


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
    return unescape(response.text)


def this_is_me(client: TestClient, pid: int, code: str = CODE) -> str:
    return phone(client, pid, action="mine", code=code)


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


def test_checkin_from_a_phone_needs_the_code_and_is_logged(phones: Phones, td: TestClient,
                                                           club: Path) -> None:
    bart = phones()
    assert "switched off" in phone(bart, 2, action="excused", code=CODE)
    phones_on(td)
    assert "This is me" in phone(bart, 2, action="excused")  # which phone is Bart's?
    assert "wrong code" in this_is_me(bart, 2, "nope")
    assert ClubService(club).tournament().entrant(2).status is not Status.EXCUSED
    assert "yours tonight" in this_is_me(bart, 2, CODE.upper())
    phone(bart, 2, action="excused")
    assert ClubService(club).tournament().entrant(2).status is Status.EXCUSED
    assert re.fullmatch(r"phone: Bart Claes \([0-9a-f]{6}\)", ClubService(club).log()[-1].who)
    assert "by phone: Bart Claes" in td.get("/td/t/1/checkin").text
    # The TD overrides with a tap; the mark goes.
    post(td, "/td/t/1/players/2/status", status="present")
    assert "by phone: Bart Claes" not in td.get("/td/t/1/checkin").text


def test_a_phone_checks_in_and_excuses_its_own_player_only(phones: Phones, td: TestClient,
                                                           club: Path) -> None:
    phones_on(td)
    bart = phones()
    this_is_me(bart, 2)
    before = ClubService(club).log()
    for action in ("excused", "present"):
        assert "this phone is Bart Claes's tonight" in phone(bart, 3, action=action, code=CODE)
    assert ClubService(club).log() == before


def test_a_phone_holds_one_player_and_a_player_one_phone(phones: Phones, td: TestClient,
                                                         club: Path) -> None:
    phones_on(td)
    bart, other = phones(), phones()
    this_is_me(bart, 2)
    assert "yours tonight" in this_is_me(bart, 2)  # saying it again is fine
    said = this_is_me(bart, 3)
    assert "this phone is Bart Claes's tonight; to change that, ask the TD" in said
    assert "has another phone tonight; to change that, ask the TD" in this_is_me(other, 2)
    assert set(ClubService(club).devices()) == {2}
    # The TD releases Bart's phone (a new phone, the wrong name tapped): both bind anew.
    page = td.get("/td/t/1/phones").text
    assert "Bart Claes" in page and "Release Bart Claes" in page
    assert post(td, "/td/t/1/phones", action="release", player="2").status_code == 303
    assert ClubService(club).devices() == {}
    assert "yours tonight" in this_is_me(bart, 3)
    assert "yours tonight" in this_is_me(other, 2)
    # A new code starts a new evening: last evening's phones say who they are again.
    post(td, "/td/t/1/phones", code="next1", checkin="on", action="save")
    assert ClubService(club).devices() == {}


def test_a_phone_cannot_check_in_as_unexcused_or_post_without_token(phones: Phones,
                                                                     td: TestClient,
                                                                     club: Path) -> None:
    phones_on(td)
    bart = phones()
    this_is_me(bart, 2)
    before = ClubService(club).log()
    phone(bart, 2, action="unexcused")
    refused = bart.post("/phone/t/1/players/2", data={"action": "excused", "code": CODE})
    assert refused.status_code == 403
    assert ClubService(club).log() == before


def test_in_a_swiss_a_phone_cannot_take_a_bye(tmp_path: Path) -> None:
    path = tmp_path / "swiss.rochade"
    svc = ClubService.init(path, "TD")
    svc.create_system_tournament("Open", "swiss")
    svc.import_players("A,2000\nB,1900\n")
    desk = ClubService(path, "TD")
    desk.set_phone_settings(PhoneSettings(CODE))
    desk.bind_device(1, "a1a1a1a1", CODE)
    with pytest.raises(ServiceError, match="bye is the TD"):
        desk.phone_checkin(1, Status.EXCUSED, "a1a1a1a1")
    assert desk.phone_checkin(1, Status.PRESENT, "a1a1a1a1").status is Status.PRESENT


def test_phone_posts_are_rate_limited(client: TestClient, td: TestClient) -> None:
    phones_on(td)
    for _ in range(PHONE_POSTS_PER_MINUTE):
        this_is_me(client, 3, "wrong")
    assert "Too many tries" in this_is_me(client, 3)


def test_two_equal_reports_from_the_players_own_phones_enter_the_result(
        phones: Phones, td: TestClient, club: Path) -> None:
    phones_on(td)
    post(td, "/td/t/1/pair/auto")
    white, black, _ = board_one(club)
    white_phone, black_phone = phones(), phones()
    this_is_me(white_phone, white)
    this_is_me(black_phone, black)
    assert "waits for your opponent" in phone(white_phone, white, report="1-0")
    assert board_one(club)[2] is None
    assert "Board 1" in td.get("/td/t/1/results").text.split("waiting for you")[1][:300]
    assert "Result entered" in phone(black_phone, black, report="1-0")
    assert board_one(club)[2] is Result.WHITE_WINS
    t = ClubService(club).tournament()
    devices = ClubService(club).devices()
    assert ClubService(club).log()[-1].who == (
        f"phones: {t.entrant(white).name} ({devices[white][:6]}) + "
        f"{t.entrant(black).name} ({devices[black][:6]})")
    assert devices[white] != devices[black]
    # A correction is the TD's.
    assert "correction is the TD" in phone(black_phone, black, report="0-1")


def test_one_phone_cannot_report_both_sides_of_a_board(client: TestClient, td: TestClient,
                                                       club: Path) -> None:
    """The evening's code and one browser: it reports for the one player it said it is."""
    phones_on(td)
    post(td, "/td/t/1/pair/auto")
    white, black, _ = board_one(club)
    this_is_me(client, white)
    phone(client, white, report="0-1")
    before = ClubService(club).log()
    black_name = ClubService(club).tournament().entrant(black).name
    said = phone(client, black, report="0-1", code=CODE)
    assert "each player checks in and reports on their own phone" in said
    assert "ask the TD" in this_is_me(client, black)
    assert ClubService(club).log() == before
    assert board_one(club)[2] is None
    assert ClubService(club).reports()[1].black is None
    # Even with the TD's release in between, one device saying both sides is no agreement.
    desk = ClubService(club, "TD")
    desk.release_device(white)
    assert "yours tonight" in this_is_me(client, black)
    assert black_name in td.get("/td/t/1/phones").text
    assert "Reported, waiting for the TD" in phone(client, black, report="0-1")
    assert board_one(club)[2] is None
    assert desk.reports()[1].agreed is None


def test_disagreeing_reports_and_td_confirms_wait_for_the_td(phones: Phones,
                                                             td: TestClient, club: Path) -> None:
    phones_on(td)
    post(td, "/td/t/1/pair/auto")
    white, black, _ = board_one(club)
    white_phone, black_phone = phones(), phones()
    this_is_me(white_phone, white)
    this_is_me(black_phone, black)
    phone(white_phone, white, report="1-0")
    assert "waiting for the TD" in phone(black_phone, black, report="0-1")
    assert board_one(club)[2] is None
    assert 'class="disagree"' in td.get("/td/t/1/results").text
    phones_on(td, td_confirms=True)
    this_is_me(white_phone, white)  # the same code again: the phones stay bound
    this_is_me(black_phone, black)
    assert "waiting for the TD" in phone(black_phone, black, report="1-0")
    assert board_one(club)[2] is None


def test_in_fide_mode_two_agreeing_phones_wait_for_the_tds_confirmation(
        tmp_path: Path, phones: Phones) -> None:
    path = tmp_path / "rated.rochade"
    svc = ClubService.init(path, "TD", Tick())
    svc.create_system_tournament("Rated Open", "swiss")
    svc.import_players("A,2000\nB,1900\nC,1800\nD,1700\n")
    assert svc.fide_mode().on
    set_pin(path, PIN)
    with TestClient(create_app(path, Tick())) as td:
        td.headers["x-test-csrf"] = log_in(td)
        page = td.get("/td/t/1/phones").text  # the TD's switch: ticked by default
        assert re.search(r'name="td_confirms" value="on" checked', page)
        assert "FIDE mode" in page
        ClubService(path, "TD").set_phone_settings(PhoneSettings(CODE))
        post(td, "/td/t/1/pair/auto")
        white, black, _ = board_one(path)
        white_phone, black_phone = (TestClient(create_app(path, Tick())) for _ in range(2))
        with white_phone, black_phone:
            this_is_me(white_phone, white)
            this_is_me(black_phone, black)
            phone(white_phone, white, report="1-0")
            assert "Reported, waiting for the TD" in phone(black_phone, black, report="1-0")
        assert board_one(path)[2] is None
        box = td.get("/td/t/1/results").text.split("waiting for you")[1].split("</section>")[0]
        assert "Confirm 1-0" in box
        # The TD confirms in the box: the result is entered.
        assert post(td, "/td/t/1/results/1/1", result="1-0", expected="").status_code == 303
        assert board_one(path)[2] is Result.WHITE_WINS


def test_reports_never_overwrite_the_tds_result(club: Path) -> None:
    desk = ClubService(club, "TD")
    desk.set_phone_settings(PhoneSettings(CODE))
    desk.pair()
    white, _, _ = board_one(club)
    desk.bind_device(white, "w1w1w1w1", CODE)
    desk.report_result(white, "1-0", "w1w1w1w1")
    ClubService(club, "TD").enter_result(1, 1, "0-1", expected="")
    report = desk.reports()
    assert report == {}
    assert board_one(club)[2] is Result.BLACK_WINS


def test_a_report_is_undone_by_the_td(club: Path) -> None:
    desk = ClubService(club, "TD")
    desk.set_phone_settings(PhoneSettings(CODE))
    desk.pair()
    white, _, _ = board_one(club)
    desk.bind_device(white, "w1w1w1w1", CODE)
    desk.report_result(white, "1/2-1/2", "w1w1w1w1")
    assert desk.reports()[1].white is Result.DRAW
    desk.undo()
    assert desk.reports() == {}
    desk.undo()  # and the binding too
    assert desk.devices() == {}


def test_a_forged_host_header_changes_nothing_anyone_sees(club: Path) -> None:
    """The display and the poster are kept for everyone: their QR code and address are the
    server's own, whatever Host a request names."""
    configured = "http://192.0.2.7:8000/"
    with TestClient(create_app(club, Tick(), public_url=configured)) as c:
        for url in ("/t/1/display", "/t/1/poster"):
            forged = c.get(url, headers={"Host": "evil.example"}).text
            assert "evil.example" not in forged
            page = c.get(url).text
            assert "http://192.0.2.7:8000/t/1/me" in page and "evil.example" not in page
    with TestClient(create_app(club, Tick(), local_url="http://127.0.0.1:8765/")) as c:
        c.get("/t/1/poster", headers={"Host": "evil.example"})
        assert "http://127.0.0.1:8765/t/1/me" in c.get("/t/1/poster").text


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
