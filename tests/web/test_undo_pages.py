"""Undo on the TD's pages: a tournament's pages take back that tournament's last change, the
button sends the id of the change it showed and is refused if another came meanwhile, and the
TD lands back on the page where it was pressed; an undo that removes a round, a tournament or
players asks first on a page of its own and backs the file up; Redo brings back what the last
undo took. The log and the last changes read in the TD's language."""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from web_helpers import Tick, post, shown_undo, swiss_open

from rochade.core.model import Status
from rochade.service import ClubService
from rochade.store import Club
from rochade.store.backup import list_backups

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
    response = post(td, "/td/t/1/undo", next="/td/t/1/", action=str(winter.id), confirm="yes")
    assert response.headers["location"] == "/td/t/1/"
    assert flash(td, "/td/t/1/").startswith("Undone: Winter 2026: pair round 1 (automatic)")
    assert two.tournament("Winter 2026").rounds == () and two.tournament("Rapid") == rapid
    # The log's Undo is the club file's: it shows (and takes back) Rapid's import.
    log = unescape(td.get("/td/log").text)
    assert re.search(r"#\d+ Rapid: import 2 players", log)
    asked = unescape(press(td, "/td/log").text)  # players go: asked first, on its own page
    assert re.search(r"<li>#\d+ Rapid: import 2 players</li>", asked) and "It removes: players." \
        in asked and two.tournament("Rapid").entrants != ()
    post(td, "/td/undo", action=shown_undo(td, "/td/log"), confirm="yes")
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


def undo_form(td: TestClient, url: str, kind: str = "undo") -> tuple[str, dict[str, str]]:
    """Where the Undo (or Redo) button of page `url` posts, and the fields it sends."""
    html = td.get(url).text
    found = re.search(rf'<form method="post" action="([^"]+)" class="inline {kind}">(.*?)</form>',
                      html, re.S)
    assert found is not None, f"no {kind} button on {url}"
    fields = dict(re.findall(r'name="([^"]+)" value="([^"]*)"', found[2]))
    return found[1], {k: unescape(v) for k, v in fields.items()}


def press(td: TestClient, url: str, kind: str = "undo", headers: dict[str, str] | None = None,
          **extra: str) -> Any:
    """Press the page's Undo (or Redo) button as a browser does: its own form, as shown."""
    action, fields = undo_form(td, url, kind)
    return td.post(action, data={**fields, **extra}, headers=headers, follow_redirects=False)


@pytest.fixture
def result_in(club: Path) -> ClubService:
    """Round 1 paired and board 1's result in: the last change, of Winter and of the file."""
    svc = service(club)
    svc.pair("Winter 2026")
    svc.enter_result(1, 1, "1-0", "Winter 2026")
    return svc


PAGES = [
    pytest.param("/td/t/1/", id="evening"),
    pytest.param("/td/t/1/players", id="players"),
    pytest.param("/td/t/1/pair", id="pairings"),
    pytest.param("/td/t/1/results?round=1", id="results"),
    pytest.param("/td/t/1/categories", id="standings (categories)"),
    pytest.param("/td/t/1/settings", id="settings"),
    pytest.param("/td/", id="tournament list"),
    pytest.param("/td/log", id="log"),
]


@pytest.mark.parametrize("url", PAGES)
def test_undo_and_redo_land_back_on_the_page_where_pressed(
    td: TestClient, result_in: ClubService, url: str
) -> None:
    response = press(td, url)
    assert response.status_code == 303 and response.headers["location"] == url
    assert flash(td, url).startswith("Undone: Winter 2026: result round 1 board 1: ")
    assert result_in.tournament("Winter 2026").rounds[0].games[0].result is None
    response = press(td, url, "redo")
    assert response.status_code == 303 and response.headers["location"] == url
    assert flash(td, url).startswith("Redone: Winter 2026: result round 1 board 1: ")
    assert str(result_in.tournament("Winter 2026").rounds[0].games[0].result) == "1-0"


def test_an_undo_that_removes_a_round_asks_first_and_redo_brings_it_back(
    td: TestClient, result_in: ClubService, club: Path
) -> None:
    result_in.undo()  # the result; the pairing is the last change now
    with Club.open(club) as opened:
        paired = opened.snapshot()
    asked = press(td, "/td/t/1/players")
    assert asked.status_code == 200
    page = unescape(asked.text)
    listed = re.search(r"<ul class=\"log\" data-undo-plan>(.*?)</ul>", page, re.S)
    assert listed is not None and "Winter 2026: pair round 1 (automatic): 4 boards" in listed[1]
    assert "It removes: a paired round with its games and results." in page
    german = unescape(press(td, "/td/t/1/", headers=DE).text)
    assert "Es entfernt: eine gepaarte Runde mit ihren Partien und Ergebnissen." in german
    with Club.open(club) as opened:
        assert opened.snapshot() == paired  # asking changes nothing
    assert not [b for b in list_backups(club) if b.before == "undo"]
    form = re.search(r'<form method="post" action="([^"]+)" class="stack">(.*?)</form>', page,
                     re.S)
    assert form is not None and form[1] == "/td/t/1/undo"
    fields = dict(re.findall(r'name="([^"]+)" value="([^"]*)"', form[2]))
    assert fields["next"] == "/td/t/1/players" and fields["csrf"] == td.headers["x-test-csrf"]
    done = td.post(form[1], data={**fields, "confirm": "yes"}, follow_redirects=False)
    assert done.headers["location"] == "/td/t/1/players"
    assert "A backup was made first" in flash(td, "/td/t/1/players")
    assert result_in.tournament("Winter 2026").rounds == ()
    assert [b.before for b in list_backups(club)].count("undo") == 1
    press(td, "/td/t/1/", "redo")
    with Club.open(club) as opened:
        assert opened.snapshot() == paired
    log = result_in.log()
    assert log[-1].kind == "redo" and log[-2].kind == "undo" and log[-2].undone_by == log[-1].id


def test_a_confirmation_without_its_token_changes_nothing(
    td: TestClient, result_in: ClubService, club: Path
) -> None:
    result_in.undo()
    with Club.open(club) as opened:
        paired = opened.snapshot()
    action, fields = undo_form(td, "/td/t/1/")
    del fields["csrf"]
    refused = td.post(action, data={**fields, "confirm": "yes"}, follow_redirects=False)
    assert refused.status_code == 403
    with Club.open(club) as opened:
        assert opened.snapshot() == paired


def test_redo_is_refused_once_something_newer_happened(
    td: TestClient, result_in: ClubService
) -> None:
    press(td, "/td/t/1/")
    redo, seen = undo_form(td, "/td/t/1/", "redo")
    result_in.enter_result(1, 2, "0-1", "Winter 2026")  # another device, meanwhile
    assert 'class="inline redo"' not in td.get("/td/t/1/").text  # no Redo offered now
    td.post(redo, data=seen, follow_redirects=False)
    said = flash(td, "/td/t/1/")
    assert re.match(r"#\d+ Winter 2026: result round 1 board 2: .* came after the undo #\d+; "
                    r"redo only brings back the last undo while nothing newer happened", said)
    assert result_in.tournament("Winter 2026").rounds[0].games[0].result is None
    post_in(td, DE, redo, **{k: v for k, v in seen.items() if k != "csrf"})
    assert " kam nach dem Rückgängigmachen #" in flash(td, "/td/t/1/", DE)


def test_a_swiss_rules_page_undoes_its_own_change_and_stays(td: TestClient, club: Path) -> None:
    """The settings of a Swiss (or round robin) are its rules page: its Undo takes back the
    Swiss's last change and the TD stays there."""
    svc = swiss_open(club, 4)
    svc.pair("Open")
    svc.enter_result(1, 1, "1-0", "Open")
    response = press(td, "/td/t/2/rules")
    assert response.headers["location"] == "/td/t/2/rules"
    assert flash(td, "/td/t/2/rules").startswith("Undone: Open: result round 1 board 1: ")
    assert svc.tournament("Open").rounds[0].games[0].result is None
    assert press(td, "/td/t/2/rules", "redo").headers["location"] == "/td/t/2/rules"
    assert str(svc.tournament("Open").rounds[0].games[0].result) == "1-0"
