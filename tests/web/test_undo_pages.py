"""Undo on the TD's pages: a tournament's pages take back that tournament's last change, the
button sends the id of the change it showed and is refused if another came meanwhile; the log
and the last changes read in the TD's language."""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path

import pytest
from starlette.testclient import TestClient
from web_helpers import Tick, post, shown_undo

from rochade.core.model import Status
from rochade.service import ClubService
from rochade.store import Club

DE = {"Accept-Language": "de"}
NL = {"Accept-Language": "nl"}


def service(club: Path) -> ClubService:
    return ClubService(club, "test", Tick())


@pytest.fixture
def two(club: Path) -> ClubService:
    """Winter 2026 paired, then a second tournament: the file's last change is Rapid's."""
    svc = service(club)
    svc.pair("Winter 2026")
    svc.create_tournament("Rapid", "kfc")
    svc.import_players("Gus,1500\nHanna,1400\n", "Rapid")
    return svc


def post_in(td: TestClient, headers: dict[str, str], url: str, **data: str) -> None:
    """POST a form as a TD whose browser asks for another language."""
    td.post(url, data={"csrf": td.headers["x-test-csrf"], **data}, headers=headers,
            follow_redirects=False)


def flash(td: TestClient, url: str, headers: dict[str, str] | None = None) -> str:
    found = re.search(r'class="flash (?:ok|error)"[^>]*>(.*?)<', td.get(url, headers=headers).text,
                      re.S)
    assert found is not None, f"no message on {url}"
    return unescape(found[1]).strip()


def test_a_tournaments_undo_takes_back_its_own_last_change(
    td: TestClient, two: ClubService
) -> None:
    page = td.get("/td/t/1/").text
    winter = two.undo_target("Winter 2026")
    assert winter is not None and shown_undo(td, "/td/t/1/") == str(winter.id)
    assert "Winter 2026: pair round 1 (automatic)" in unescape(page)
    rapid = two.tournament("Rapid")
    response = post(td, "/td/t/1/undo", next="/td/t/1/", action=str(winter.id))
    assert response.headers["location"] == "/td/t/1/"
    assert flash(td, "/td/t/1/").startswith("Undone: Winter 2026: pair round 1 (automatic)")
    assert two.tournament("Winter 2026").rounds == () and two.tournament("Rapid") == rapid
    # The log's Undo is the club file's: it shows (and takes back) Rapid's import.
    log = unescape(td.get("/td/log").text)
    assert re.search(r"#\d+ Rapid: import 2 players", log)
    post(td, "/td/undo", action=shown_undo(td, "/td/log"))
    assert two.tournament("Rapid").entrants == ()


def test_a_stale_undo_is_refused_and_changes_nothing(td: TestClient, two: ClubService) -> None:
    shown = shown_undo(td, "/td/t/1/")  # the TD looks at the pairing ...
    two.enter_result(1, 1, "1-0", "Winter 2026")  # ... while another device enters a result
    with Club.open(two.path) as club:
        before = club.snapshot()
    post(td, "/td/t/1/undo", next="/td/t/1/", action=shown)
    said = flash(td, "/td/t/1/")
    assert said.startswith(f"there is a newer change than #{shown}: #")
    assert "Winter 2026: result round 1 board 1: " in said and "nothing was undone" in said
    with Club.open(two.path) as club:
        assert club.snapshot() == before
    # In German, too; and a form without the id (an old page) is refused as expired.
    post_in(td, DE, "/td/t/1/undo", next="/td/t/1/", action=shown)
    assert flash(td, "/td/t/1/", DE).startswith(f"es gibt eine neuere Änderung als #{shown}: #")
    post(td, "/td/t/1/undo", next="/td/t/1/")
    assert "expired" in flash(td, "/td/t/1/")
    with Club.open(two.path) as club:
        assert club.snapshot() == before


def test_the_log_and_the_last_changes_read_in_the_tds_language(
    td: TestClient, two: ClubService
) -> None:
    two.enter_result(1, 1, "1-0", "Winter 2026")
    two.set_status("2", Status.EXCUSED, "Winter 2026")
    with Club.open(two.path) as club, club.action("player", "an old plain line", "td", Tick()()):
        pass
    german = unescape(td.get("/td/log", headers=DE).text)
    assert "Winter 2026: Runde 1 gepaart (automatisch): " in german
    assert "Winter 2026: Ergebnis Runde 1 Brett 1: " in german
    assert "Rapid: neues Turnier (kfc)" in german and "Rapid: 2 Spieler importiert" in german
    assert "an old plain line" in german
    dutch = unescape(td.get("/td/t/1/", headers=NL).text)
    assert "Winter 2026: ronde 1 ingedeeld (automatisch): " in dutch
    assert re.search(r"Winter 2026: [^:]+ \(2\): aanwezig -> afgemeld", dutch)
    english = unescape(td.get("/td/log").text)
    assert "Winter 2026: result round 1 board 1: " in english
    # The undo flash names the change in the TD's language.
    post_in(td, NL, "/td/undo", next="/td/log", action=shown_undo(td, "/td/log"))
    assert flash(td, "/td/log", NL) == "Ongedaan gemaakt: an old plain line"
    post_in(td, DE, "/td/t/1/undo", next="/td/t/1/", action=shown_undo(td, "/td/t/1/"))
    assert re.fullmatch(r"Rückgängig gemacht: Winter 2026: [^:]+ \(2\): anwesend -> entschuldigt",
                        flash(td, "/td/t/1/", DE))


def test_a_result_typed_on_the_results_page_refreshes_its_undo(
    td: TestClient, two: ClubService
) -> None:
    row = td.post("/td/t/1/results/1/2", data={"csrf": td.headers["x-test-csrf"], "result": "1-0"},
                  headers={"HX-Request": "true"})
    undo = row.text[row.text.index('<div id="undo" hx-swap-oob="true">'):]
    shown = re.search(r'name="action" value="(\d+)"', undo)
    back = re.search(r'name="next" value="([^"]+)"', undo)
    assert shown is not None and back is not None
    assert int(shown[1]) == two.log()[-1].id and back[1] == "/td/t/1/results?round=1"
    response = post(td, "/td/t/1/undo", next=back[1], action=shown[1])
    assert response.headers["location"] == "/td/t/1/results?round=1"
    assert two.tournament("Winter 2026").rounds[0].games[1].result is None
