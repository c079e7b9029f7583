"""The TD's hall screens (/td/t/N/screens): made, changed and deleted with the TD's forms,
each at its own address (/t/N/screen/K) that shows only what it was set to; a bad range is
refused with its reason and saves nothing; an address without a screen says so (404)."""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path

from starlette.testclient import TestClient
from web_helpers import post

from rochade.service import ClubService
from rochade.service.screens import HallScreens, Screen

SCREEN = {"name": "TV by the bar", "content": "pairings", "boards": "", "names": "",
          "font": "auto", "seconds": "15"}


def flash(td: TestClient) -> str:
    return unescape(td.get("/td/t/1/screens").text)


def test_the_td_makes_changes_and_deletes_screens(td: TestClient, club: Path) -> None:
    assert post(td, "/td/t/1/pair/auto").status_code in (200, 303)
    t = ClubService(club).tournament()
    games = t.rounds[0].games
    assert len(games) == 4
    response = post(td, "/td/t/1/screens", action="save", number="0",
                    **{**SCREEN, "boards": "2-3"})
    assert response.status_code == 303
    page = flash(td)
    assert "Screen 1 saved: open http://127.0.0.1:8000/t/1/screen/1 on its TV." in page
    assert 'href="http://127.0.0.1:8000/t/1/screen/1"' in page and "<svg" in page
    shown = unescape(td.get("/t/1/screen/1").text)
    for game in games:
        names = (t.entrant(game.white).name, t.entrant(game.black).name)
        assert all((n in shown) == (game.board in (2, 3)) for n in names), (game.board, names)
    assert 'data-seconds="15"' in shown and 'data-font=""' in shown
    # A second screen for the standings with a fixed size; the first one changed.
    post(td, "/td/t/1/screens", action="save", number="0",
         **{**SCREEN, "name": "Door", "content": "standings", "font": "48", "seconds": "8"})
    post(td, "/td/t/1/screens", action="save", number="1", **{**SCREEN, "boards": "1"})
    screens = HallScreens(club).screens()
    assert [(s.number, s.name, s.content, s.boards, s.font, s.seconds) for s in screens] == [
        (1, "TV by the bar", "pairings", (1, 1), None, 15),
        (2, "Door", "standings", None, 48, 8)]
    assert 'data-font="48"' in td.get("/t/1/screen/2").text
    # Deleted: its address says so, and its number is not given again.
    post(td, "/td/t/1/screens", action="delete", number="2", **SCREEN)
    assert "Screen deleted." in flash(td)
    assert td.get("/t/1/screen/2").status_code == 404
    post(td, "/td/t/1/screens", action="save", number="0", **SCREEN)
    assert [s.number for s in HallScreens(club).screens()] == [1, 3]
    assert [a.description for a in ClubService(club).log()[-3:]] == [
        f"Winter 2026: hall screen {k}" for k in ("1 saved", "2 deleted", "3 saved")]


def test_an_alphabetical_screen_shows_its_names_only(td: TestClient, club: Path) -> None:
    post(td, "/td/t/1/pair/auto")
    post(td, "/td/t/1/screens", action="save", number="0",
         **{**SCREEN, "content": "alphabetical", "names": "c-f"})
    t = ClubService(club).tournament()
    shown = unescape(td.get("/t/1/screen/1").text)
    assert "Where do I play?" in shown
    inside = [e.name for e in t.entrants if "C" <= e.name[0] <= "F"]
    outside = [e.name for e in t.entrants if e.name not in inside]
    assert inside and outside
    rows = re.findall(r'<tr><td class="name"><bdi>([^<]+)</bdi>', shown)
    assert sorted(rows) == sorted(inside)


def test_an_unknown_screen_is_a_page_saying_so(client: TestClient) -> None:
    response = client.get("/t/1/screen/7")
    assert response.status_code == 404
    assert "There is no hall screen 7 in Winter 2026." in unescape(response.text)


def test_a_bad_board_range_is_refused_and_nothing_is_saved(td: TestClient, club: Path) -> None:
    before = ClubService(club).log()
    for typed in ("15-1", "a-b", "0-4", "1-"):
        response = post(td, "/td/t/1/screens", action="save", number="0",
                        **{**SCREEN, "boards": typed})
        assert response.status_code == 303
        assert (f"the boards must be a range such as 1-15 (the first board, then the last), "
                f"not '{typed}'") in flash(td)
    for field, typed, said in (
            ("names", "K-A", "the names must be a range of initials such as A-K"),
            ("font", "huge", "the type size must be 12 to 200 pixels, or auto"),
            ("font", "4", "the type size must be 12 to 200 pixels, or auto"),
            ("seconds", "1", "the rotation time must be 3 to 600 seconds"),
            ("content", "crosstable", "a screen shows pairings, standings, alphabetical")):
        post(td, "/td/t/1/screens", action="save", number="0", **{**SCREEN, field: typed})
        assert said in flash(td), (field, typed)
    post(td, "/td/t/1/screens", action="save", number="9", **SCREEN)
    assert "there is no hall screen 9" in flash(td)
    assert HallScreens(club).screens() == ()
    assert ClubService(club).log() == before


def test_screens_are_the_tds_only(client: TestClient) -> None:
    assert client.get("/td/t/1/screens", follow_redirects=False).status_code == 303
    refused = client.post("/td/t/1/screens", data={"action": "save", **SCREEN})
    assert refused.status_code == 403


def test_hall_screens_ask_every_two_seconds_where_phones_ask_every_five(club: Path) -> None:
    """A result shows on a TV within 3 s: the display and the screens poll more often than
    the phones' pages (the server's default, not the tests' quick clock)."""
    from rochade.web import create_app

    HallScreens(club, "test").save_screen(Screen(0, "Bar"))
    tv = TestClient(create_app(club))
    display = tv.get("/t/1/display").text
    screen = tv.get("/t/1/screen/1").text
    standings = tv.get("/t/1/").text
    assert 'data-display="2"' in display and 'data-display="2"' in screen
    assert 'hx-trigger="every 5s"' in standings
