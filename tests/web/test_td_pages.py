"""The TD's pages: tournaments, players, check-in, pairing, results, corrections, undo."""

from __future__ import annotations

import json
import re
from html import unescape
from pathlib import Path

from starlette.testclient import TestClient
from web_helpers import PLAYERS, Tick, post, shown_undo

from rochade.core.model import Result, Status
from rochade.service import ClubService

HX = {"HX-Request": "true"}


def service(club: Path) -> ClubService:
    return ClubService(club, "test", Tick())


def test_every_td_page_renders(td: TestClient) -> None:
    pages = {
        "/td/": "New tournament",
        "/td/log": "Action log",
        "/td/t/1/": "Check-in",
        "/td/t/1/settings": "classic",
        "/td/t/1/players": "Add player",
        "/td/t/1/checkin": "Check-in for round 1",
        "/td/t/1/pair": "Pair automatically",
        "/td/t/1/results": "No round is paired yet.",
    }
    for url, text in pages.items():
        response = td.get(url)
        assert response.status_code == 200, url
        assert text in response.text, url


def test_create_a_tournament_with_settings(td: TestClient, club: Path) -> None:
    response = post(td, "/td/tournaments", name="Rapid", preset="dutch-club", rematch_gap="3")
    assert response.headers["location"] == "/td/t/2/players"
    t = service(club).tournament("Rapid")
    assert t.settings.preset == "dutch-club" and t.settings.rematch_gap == 3  # type: ignore[attr-defined]
    bad = post(td, "/td/tournaments", name="Rapid", preset="classic")
    assert bad.headers["location"] == "/td/"
    assert "already exists" in td.get("/td/").text  # the flash message, shown once
    assert "already exists" not in td.get("/td/").text


def test_the_create_forms_choose_the_pairing_rating(td: TestClient, club: Path) -> None:
    """The Keizer and the round-robin/Swiss create forms offer the pairing rating, FIDE's
    chosen; the choice is the tournament's from the start; one it does not know is said."""
    for url in ("/td/", "/td/new/swiss"):
        form = td.get(url).text
        assert '<select id="pairing_rating" name="pairing_rating">' in form, url
        assert '<option value="fide" selected>' in form, url
    post(td, "/td/tournaments", name="Rapid", preset="classic", pairing_rating="national")
    post(td, "/td/new/swiss", name="Open", rounds="5", pairing_rating="highest")
    post(td, "/td/new/round-robin", name="Club")
    svc = service(club)
    assert svc.rating_choice("Rapid").pairing.value == "national"
    assert svc.rating_choice("Open").pairing.value == "highest"
    assert svc.rating_choice("Club").pairing.value == "fide"
    bad = post(td, "/td/tournaments", name="Blitz", preset="classic", pairing_rating="elo")
    assert bad.headers["location"] == "/td/"
    assert "the pairing rating is fide, national, highest, not 'elo'" in unescape(
        td.get("/td/").text)
    assert "Blitz" not in [t.name for t in svc.tournaments()]


def test_add_import_withdraw_and_come_back(td: TestClient, club: Path) -> None:
    post(td, "/td/t/1/players/add", player="Ida Jansen", rating="1500")
    html = td.get("/td/t/1/players").text
    assert "Ida Jansen added." in html
    bad = post(td, "/td/t/1/players/add", player="Jo", rating="fast")
    assert bad.status_code == 303
    assert "not a whole number" in td.get("/td/t/1/players").text
    post(td, "/td/t/1/players/import", csv_text="name,rating\nJan Kok,1400\nKees Lam,\n")
    assert "2 players imported." in td.get("/td/t/1/players").text
    files = {"csv_file": ("list.csv", b"Lena Maas,1300\n", "text/csv")}
    token = td.headers["x-test-csrf"]
    td.post("/td/t/1/players/import", data={"csrf": token}, files=files)
    t = service(club).tournament()
    assert {"Ida Jansen", "Jan Kok", "Kees Lam", "Lena Maas"} <= {e.name for e in t.entrants}
    post(td, "/td/t/1/players/1/status", status="withdrawn", next="/td/t/1/players",
         confirm="yes")
    assert service(club).tournament().entrant(1).status is Status.WITHDRAWN
    assert "Comes back" in td.get("/td/t/1/players").text
    post(td, "/td/t/1/players/1/status", status="present", next="/td/t/1/players")
    assert service(club).tournament().entrant(1).status is Status.PRESENT


def test_withdrawing_asks_first_and_says_what_it_does(td: TestClient, club: Path) -> None:
    """The players page's Withdraw leads to a confirmation naming the consequence (a plain
    form, no script); a withdrawal posted without the confirmation changes nothing."""
    players = td.get("/td/t/1/players").text
    assert 'href="/td/t/1/players/2/withdraw"' in players
    assert 'name="status" value="withdrawn"' not in players  # no one-tap withdrawal
    page = td.get("/td/t/1/players/2/withdraw").text
    assert "<h1>Withdraw Bart Claes?</h1>" in page
    assert "will not be paired in the coming rounds" in page and "without a rank" in page
    assert 'name="confirm" value="yes"' in page and 'href="/td/t/1/players"' in page
    assert "<script" not in page.split("<main", 1)[1].split("</main>", 1)[0]
    before = service(club).log()
    unconfirmed = post(td, "/td/t/1/players/2/status", status="withdrawn",
                       next="/td/t/1/players")
    assert unconfirmed.status_code == 200 and "<h1>Withdraw Bart Claes?</h1>" in unconfirmed.text
    assert service(club).tournament().entrant(2).status is Status.PRESENT
    assert service(club).log() == before
    post(td, "/td/t/1/players/2/status", status="withdrawn", next="/td/t/1/players",
         confirm="yes")
    assert service(club).tournament().entrant(2).status is Status.WITHDRAWN
    assert len(service(club).log()) == len(before) + 1
    assert ("Bart Claes has withdrawn; “Undo last change” takes it back."
            in td.get("/td/t/1/players").text)
    german = td.get("/td/t/1/players/3/withdraw", headers={"Accept-Language": "de"}).text
    assert "Cem Demir zurückziehen?" in german
    assert td.get("/td/t/1/players/99/withdraw").status_code == 404


def test_the_withdrawal_page_names_the_systems_consequence(td: TestClient, club: Path) -> None:
    svc = service(club)
    svc.create_system_tournament("Open", "swiss", {"rounds": 3})
    svc.add_player("Swiss One", 2000, tournament="Open")
    svc.create_system_tournament("Closed", "round-robin", {})
    svc.add_player("Robin One", 2000, tournament="Closed")
    assert "zero-point bye" in td.get("/td/t/2/players/1/withdraw").text
    assert "forfeit wins for the opponents" in td.get("/td/t/3/players/1/withdraw").text


def test_late_entry_is_explained(td: TestClient, club: Path) -> None:
    svc = service(club)
    svc.pair()
    post(td, "/td/t/1/players/add", player="Late Comer")
    assert "Late entry" in td.get("/td/t/1/players").text


def test_check_in_with_one_tap_returns_the_row(td: TestClient, club: Path) -> None:
    token = td.headers["x-test-csrf"]
    response = td.post(
        "/td/t/1/players/3/status", data={"csrf": token, "status": "excused"}, headers=HX
    )
    assert response.status_code == 200
    assert 'id="p3"' in response.text and 'class="checkin-row status-excused"' in response.text
    assert "7 present, 1 absent" in response.text  # the out-of-band counter
    assert service(club).tournament().entrant(3).status is Status.EXCUSED
    bad = post(td, "/td/t/1/players/3/status", status="asleep")
    assert bad.status_code == 303
    assert "asleep" in td.get("/td/t/1/checkin").text


def test_pair_automatically_then_results_with_htmx(td: TestClient, club: Path) -> None:
    response = post(td, "/td/t/1/pair/auto")
    assert response.headers["location"] == "/td/t/1/results"
    html = td.get("/td/t/1/results").text
    assert "Round 1 is paired." in html and "4 of 4 boards still open" in html
    assert "Why this pairing" in html
    token = td.headers["x-test-csrf"]
    row = td.post("/td/t/1/results/1/1", data={"csrf": token, "result": "1-0"}, headers=HX)
    assert 'id="b1"' in row.text and "3 of 4 boards still open" in row.text
    forfeit = td.post("/td/t/1/results/1/2", data={"csrf": token, "forfeit": "+/-"}, headers=HX)
    assert "+/−" in forfeit.text
    again = post(td, "/td/t/1/pair/auto")
    assert again.headers["location"] == "/td/t/1/pair"
    assert "not complete" in td.get("/td/t/1/pair").text


def test_a_correction_reports_what_changed(td: TestClient, club: Path) -> None:
    svc = service(club)
    for _ in range(2):
        report = svc.pair()
        for game in report.round.games:
            svc.enter_result(report.round.number, game.board, "1-0")
    token = td.headers["x-test-csrf"]
    row = td.post("/td/t/1/results/1/1", data={"csrf": token, "result": "0-1"}, headers=HX)
    assert "What changed in the standings" in row.text and "→" in row.text
    post(td, "/td/t/1/results/1/1", result="1/2")
    assert "rank" in td.get("/td/t/1/results?round=1").text
    assert svc.tournament().rounds[0].games[0].result is Result.DRAW


def test_a_wrong_result_is_refused_with_a_message(td: TestClient, club: Path) -> None:
    service(club).pair()
    token = td.headers["x-test-csrf"]
    response = td.post("/td/t/1/results/1/9", data={"csrf": token, "result": "1-0"}, headers=HX)
    assert "has no board 9" in response.text and 'id="flash"' in response.text
    assert response.headers["HX-Reswap"] == "none"
    bad = td.post("/td/t/1/players/3/status", data={"csrf": token, "status": "x"}, headers=HX)
    assert bad.headers["HX-Reswap"] == "none" and 'hx-swap-oob="true"' in bad.text
    post(td, "/td/t/1/results/1/1", result="2-0")
    assert "unknown result" in td.get("/td/t/1/results").text


def test_pair_by_hand_with_warnings_then_confirm(td: TestClient, club: Path) -> None:
    svc = service(club)
    report = svc.pair()
    first = report.round.games[0]
    for game in report.round.games:
        svc.enter_result(1, game.board, "1-0")
    # a rematch of board 1 of round 1: the checker warns, the TD confirms
    draft = [first.white, first.black]
    others = [e.id for e in svc.tournament().entrants if e.id not in draft]
    picked = post(td, "/td/t/1/pair/manual", draft=str(first.white), pick=str(first.black))
    assert f'name="draft" value="{first.white},{first.black}"' in picked.text
    draft_text = ",".join(map(str, [*draft, *others]))
    swapped = post(td, "/td/t/1/pair/manual", draft=draft_text, action="swap:0")
    assert (
        'name="draft" value="{}"'.format(",".join(map(str, [first.black, first.white, *others])))
        in swapped.text
    )
    removed = post(td, "/td/t/1/pair/manual", draft=draft_text, action="remove:0")
    assert 'name="draft" value="{}"'.format(",".join(map(str, others))) in removed.text
    checked = post(td, "/td/t/1/pair/manual", draft=draft_text, action="check")
    assert checked.status_code == 200 and "The checker warns:" in checked.text
    assert len(svc.tournament().rounds) == 1
    confirmed = post(td, "/td/t/1/pair/manual", draft=draft_text, action="confirm")
    assert confirmed.headers["location"] == "/td/t/1/results"
    assert len(svc.tournament().rounds) == 2
    assert svc.round_notes(2).paired_by == "manual"


def test_pair_by_hand_errors_are_shown(td: TestClient) -> None:
    response = post(td, "/td/t/1/pair/manual", draft="1,2", action="check")
    assert response.status_code == 200 and 'class="flash error"' in response.text
    cleared = post(td, "/td/t/1/pair/manual", draft="1,2", action="clear")
    assert 'name="draft" value=""' in cleared.text


def test_undo_the_last_change(td: TestClient, club: Path) -> None:
    post(td, "/td/t/1/players/2/status", status="excused")
    shown = shown_undo(td, "/td/t/1/")
    response = post(td, "/td/t/1/undo", next="/td/t/1/checkin", action=shown)
    assert response.headers["location"] == "/td/t/1/checkin"
    assert "Undone:" in td.get("/td/t/1/checkin").text
    assert service(club).tournament().entrant(2).status is Status.PRESENT
    assert "undone" in td.get("/td/log").text


def test_the_evening_page_leads_through_the_steps(td: TestClient, club: Path) -> None:
    html = td.get("/td/t/1/").text
    assert f"{len(PLAYERS)} present, 0 absent" in html and 'class="now"' in html
    service(club).pair()
    html = td.get("/td/t/1/").text
    assert "4 of 4 boards still open" in html


def _steps(html: str) -> dict[str, str]:
    """The evening's steps: each one's class (done, now, or "" still to come)."""
    return {step: cls for cls, step in re.findall(r'<li class="(\w*)" data-step="(\w+)">', html)}


def test_the_evening_steps_follow_the_rounds_state(td: TestClient, club: Path) -> None:
    """Not paired: check-in is the step at hand; paired with results missing: results; the
    round complete: a note says so and the next round starts at the check-in again."""
    svc = service(club)
    html = td.get("/td/t/1/").text
    assert _steps(html) == {"checkin": "now", "pair": "", "results": ""}
    assert html.count('aria-current="step"') == 1 and "after the pairing" in html
    assert "all results are in" not in html
    svc.pair()
    html = td.get("/td/t/1/").text
    assert _steps(html) == {"checkin": "done", "pair": "done", "results": "now"}
    assert "<h1>Round 1</h1>" in html and "4 of 4 boards still open" in html
    assert 'href="/td/t/1/results" aria-current="step"' in html
    games = svc.tournament().rounds[0].games
    for game in games[:3]:
        svc.enter_result(1, game.board, "1-0")
    assert "1 of 4 boards still open" in td.get("/td/t/1/").text
    svc.enter_result(1, games[3].board, "0-1")
    html = td.get("/td/t/1/").text
    assert _steps(html) == {"checkin": "now", "pair": "", "results": ""}
    assert "<h1>Round 2</h1>" in html and "Round 1 is complete: all results are in." in html
    assert "Pair round 2" in html and "boards still open" not in html
    german = td.get("/td/t/1/", headers={"Accept-Language": "de"}).text
    assert "Runde 1 ist abgeschlossen" in german and "nach der Auslosung" in german


def test_the_pairing_step_says_when_too_few_are_present(td: TestClient, club: Path) -> None:
    svc = service(club)
    for name, _rating in PLAYERS[1:]:
        svc.set_status(name, Status.EXCUSED)
    html = td.get("/td/t/1/").text
    assert "at least two players must be present" in html
    assert _steps(html) == {"checkin": "now", "pair": "", "results": ""}


def test_edit_a_rating_and_undo_it(td: TestClient, club: Path) -> None:
    response = post(td, "/td/t/1/players/2/rating", rating="1999")
    assert response.headers["location"] == "/td/t/1/players"
    assert "Rating of Bart Claes saved." in td.get("/td/t/1/players").text
    assert service(club).tournament().entrant(2).rating == 1999
    assert "Winter 2026: rating of Bart Claes (2): 1950 -&gt; 1999" in td.get("/td/log").text
    post(td, "/td/t/1/players/2/rating", rating="")
    assert service(club).tournament().entrant(2).rating is None
    post(td, "/td/undo", action=shown_undo(td, "/td/log"))
    assert service(club).tournament().entrant(2).rating == 1999
    post(td, "/td/t/1/players/2/rating", rating="99999")
    assert "rating of Bart Claes must be from 0 to 4000" in td.get("/td/t/1/players").text
    post(td, "/td/t/1/players/77/rating", rating="1500")
    assert "no player with id 77" in td.get("/td/t/1/players").text


def test_pair_by_hand_with_htmx_sends_back_only_the_board(td: TestClient, club: Path) -> None:
    """Each tap returns the hand-pairing board alone, with the checker's notes at the board
    that caused them; saving tells htmx where to go next."""
    svc = service(club)
    first = svc.pair().round.games[0]
    for game in svc.tournament().rounds[0].games:
        svc.enter_result(1, game.board, "1-0")
    token = td.headers["x-test-csrf"]

    def tap(draft: list[int], **data: str) -> str:
        form = {"csrf": token, "draft": ",".join(map(str, draft)), **data}
        response = td.post("/td/t/1/pair/manual", data=form, headers=HX)
        assert response.status_code == 200
        return response.text

    picked = tap([first.white], pick=str(first.black))
    assert picked.lstrip().startswith('<form method="post"')
    assert "<html" not in picked and 'id="manual"' in picked
    assert 'class="has-note"' in picked and "played each other in round 1" in picked
    others = [e.id for e in svc.tournament().entrants if e.id not in (first.white, first.black)]
    assert f'id="pick-{others[0]}"' in picked and "Still to place: 6" in picked
    draft = [first.white, first.black, *others]
    names = svc.tournament().entrant(first.white).name, svc.tournament().entrant(first.black).name
    rematch = f"{names[0]} and {names[1]} played each other in round 1"
    assert rematch in unescape(tap(draft, action="check"))
    assert rematch not in unescape(tap(draft, action="remove:0"))
    saved = td.post(
        "/td/t/1/pair/manual",
        data={"csrf": token, "draft": ",".join(map(str, draft)), "action": "confirm"},
        headers=HX,
    )
    assert saved.headers["HX-Redirect"] == "/td/t/1/results"
    assert len(svc.tournament().rounds) == 2
    assert "Round 2 is paired." in td.get("/td/t/1/results").text


def test_the_hand_pairing_board_speaks_the_tds_language(td: TestClient, club: Path) -> None:
    token = td.headers["x-test-csrf"]
    german = td.post("/td/t/1/pair/manual", data={"csrf": token, "draft": "1,2,3", "pick": "3"},
                     headers={**HX, "Accept-Language": "de"}).text
    assert "Noch zu setzen: 5" in german and "Farben tauschen" in german


def test_a_late_result_of_an_earlier_round_shows_who_moved(td: TestClient, club: Path) -> None:
    """A postponed round-1 game (imported open, round 2 already played) entered late."""
    svc = service(club)
    for _ in range(2):
        report = svc.pair()
        for game in report.round.games:
            svc.enter_result(report.round.number, game.board, "1-0")
    data = json.loads(svc.export_json())
    data["name"] = "Postponed"
    data["rounds"][0]["games"][0]["result"] = None
    svc.import_json(json.dumps(data))
    before = {r.entrant.id: r.rank for r in svc.standings("Postponed").lines}
    row = td.post("/td/t/2/results/1/1", data={"csrf": td.headers["x-test-csrf"],
                                                "result": "0-1"}, headers=HX)
    assert "What changed in the standings" in unescape(row.text)
    after = {r.entrant.id: r.rank for r in svc.standings("Postponed").lines}
    moved = [svc.tournament("Postponed").entrant(p).name for p in after
             if before[p] != after[p]]
    assert moved and all(name in unescape(row.text) for name in moved)
