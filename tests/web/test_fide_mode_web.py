"""FIDE mode on the TD pages: on by default in the create form, the marker on every TD page
of the tournament, the confirmation step for the changes it guards, leaving it for good, and
the unusual and adjourned results."""

from __future__ import annotations

from pathlib import Path

import pytest
from starlette.testclient import TestClient
from web_helpers import play_round, post, swiss_open

from rochade.core.model import Result
from rochade.service import ClubService
from rochade.service.fidemode import FideMode

TD_PAGES = ["/td/t/2/", "/td/t/2/players", "/td/t/2/checkin", "/td/t/2/pair",
            "/td/t/2/results", "/td/t/2/rules", "/td/t/2/byes", "/td/t/2/explain",
            "/td/t/2/report", "/td/t/2/phones"]


@pytest.fixture
def swiss(club: Path) -> ClubService:
    """The test club's second tournament: a 3-round Swiss of six in FIDE mode."""
    svc = swiss_open(club, 6)
    return svc


def test_the_create_form_offers_fide_mode_checked(td: TestClient, club: Path) -> None:
    form = td.get("/td/new/swiss").text
    assert 'name="fide_mode" value="on" checked' in form
    post(td, "/td/new/swiss", name="Rated", rounds="5", fide_mode="on")
    post(td, "/td/new/round-robin", name="Club")  # the box left unticked
    svc = ClubService(club)
    assert svc.fide_mode("Rated") == FideMode(True)
    assert svc.fide_mode("Club") == FideMode(False)


def test_every_td_page_shows_the_mode(td: TestClient, swiss: ClubService) -> None:
    for url in TD_PAGES:
        page = td.get(url)
        assert page.status_code == 200, url
        assert "data-fide-mode>FIDE mode</span>" in page.text, url
    assert "data-fide-mode" not in td.get("/td/t/1/").text  # the Keizer tournament
    assert "data-fide-mode" not in td.get("/t/2/").text  # a public page
    german = td.get("/td/t/2/rules", headers={"Accept-Language": "de"}).text
    assert "data-fide-mode>FIDE-Modus</span>" in german


def test_a_full_point_bye_asks_for_confirmation_first(td: TestClient, swiss: ClubService
                                                      ) -> None:
    before = swiss.tournament("Open")
    page = post(td, "/td/t/2/byes", player="3", round="2", kind="full")
    assert page.status_code == 200
    assert "round 2: full-point bye given by hand to Swiss 3 (3)" in page.text
    assert 'name="confirm" value="yes"' in page.text and 'href="/td/t/2/byes"' in page.text
    assert swiss.tournament("Open") == before  # nothing saved before the confirmation
    done = post(td, "/td/t/2/byes", player="3", round="2", kind="full", confirm="yes")
    assert done.status_code == 303
    assert "full point (given by hand)" in td.get("/td/t/2/byes").text
    assert any(line.startswith("### FIDE mode") and "full-point bye" in line
               for line in swiss.export_trf("Open").splitlines())


def test_a_second_half_point_bye_asks_for_confirmation_first(td: TestClient,
                                                             swiss: ClubService) -> None:
    post(td, "/td/t/2/byes", player="3", round="1", kind="half")  # the first: no question
    before = swiss.tournament("Open")
    page = post(td, "/td/t/2/byes", player="3", round="2", kind="half")
    assert page.status_code == 200
    assert ("round 2: another half-point bye for Swiss 3 (3), who has had or asked for 1 "
            "already (FIDE&#39;s verification check list flags more than one half-point bye "
            "per player)") in page.text
    assert 'name="confirm" value="yes"' in page.text
    assert swiss.tournament("Open") == before  # nothing saved before the confirmation
    german = td.post("/td/t/2/byes", data={"csrf": td.headers["x-test-csrf"], "player": "3",
                                            "round": "2", "kind": "half"},
                     headers={"Accept-Language": "de"}, follow_redirects=False)
    assert "ein weiteres halbes Freilos für Swiss 3 (3)" in german.text
    done = post(td, "/td/t/2/byes", player="3", round="2", kind="half", confirm="yes")
    assert done.status_code == 303
    assert any(line.startswith("### FIDE mode") and "another half-point bye" in line
               for line in swiss.export_trf("Open").splitlines())


def test_excused_at_check_in_as_a_second_half_point_bye_is_confirmed(
        td: TestClient, swiss: ClubService) -> None:
    swiss.request_bye("Swiss 3", 2, tournament="Open")
    before = swiss.tournament("Open")
    csrf = td.headers["x-test-csrf"]
    row = td.post("/td/t/2/players/3/status", data={"csrf": csrf, "status": "excused"},
                  headers={"hx-request": "true"}, follow_redirects=False)
    assert row.status_code == 200
    assert row.headers["HX-Retarget"] == "body"  # the confirmation replaces the page, not a row
    assert "round 1: another half-point bye for Swiss 3 (3)" in row.text
    assert 'name="status" value="excused"' in row.text and 'href="/td/t/2/checkin"' in row.text
    assert swiss.tournament("Open") == before
    done = post(td, "/td/t/2/players/3/status", status="excused", confirm="yes")
    assert done.status_code == 303
    assert swiss.tournament("Open").entrant(3).status.value == "excused"


def test_new_tie_breaks_after_the_start_are_confirmed(td: TestClient, swiss: ClubService
                                                      ) -> None:
    play_round(swiss, "Open")
    form = {"rounds": "3", "scoring": "1-1/2-0", "tb1": "SB", "tb2": "BH",
            "half_point_byes_closed": "0"}
    page = post(td, "/td/t/2/rules", **form)
    assert "after round 1: the tie-breaks changed from BH/C1,BH,SB to SB,BH" in page.text
    post(td, "/td/t/2/rules", **form, confirm="yes")
    assert [str(tb) for tb in swiss.tournament("Open").settings.tiebreaks] == ["SB", "BH"]
    td.cookies.set("lang", "nl")
    dutch = post(td, "/td/t/2/rules", **{**form, "tb1": "BH"}).text
    assert "na ronde 1: de weerstandspunten gewijzigd van SB,BH naar BH" in dutch


def test_leaving_fide_mode_is_confirmed_and_marked_for_good(td: TestClient, swiss: ClubService
                                                            ) -> None:
    play_round(swiss, "Open")
    assert "Leave FIDE mode" in td.get("/td/t/2/rules").text
    page = post(td, "/td/t/2/fide", fide_mode="off")
    assert "leaves FIDE mode for good" in page.text
    assert swiss.fide_mode("Open").on
    post(td, "/td/t/2/fide", fide_mode="off", confirm="yes")
    assert swiss.fide_mode("Open") == FideMode(False, 1)
    for url in TD_PAGES:
        assert "data-fide-mode>left FIDE mode in round 1</span>" in td.get(url).text, url
    rules = td.get("/td/t/2/rules").text
    assert "Leave FIDE mode" not in rules and "Switch FIDE mode on" not in rules
    again = post(td, "/td/t/2/fide", fide_mode="on")
    assert "cannot be switched on again" in td.get(again.headers["location"]).text


def test_unusual_and_adjourned_results_from_the_results_page(td: TestClient,
                                                             swiss: ClubService) -> None:
    swiss.pair("Open")
    page = td.get("/td/t/2/results").text
    for label in ("½-0", "0-½", "0-0", "?"):
        assert f">{label}</option>" in page, label
    post(td, "/td/t/2/results/1/1", result="1/2-0")
    post(td, "/td/t/2/results/1/2", result="?")
    games = swiss.tournament("Open").rounds[0].games
    assert (games[0].result, games[1].result) == (Result.WHITE_HALF, Result.ADJOURNED)
    standings = td.get("/t/2/").text
    assert "data-provisional" in standings and "round(s) 1 count as draws" in standings


def test_a_pairing_by_hand_other_than_the_engines_asks_for_confirmation(
        td: TestClient, swiss: ClubService) -> None:
    page = post(td, "/td/t/2/pair/manual", draft="1,2,3,4,5,6", action="check")
    assert "round 1: paired by hand, differing from the engine&#39;s pairing" in page.text
    assert 'value="confirm"' in page.text
    assert swiss.tournament("Open").rounds == ()
    done = post(td, "/td/t/2/pair/manual", draft="1,2,3,4,5,6", action="confirm")
    assert done.status_code == 303
    assert [(g.white, g.black) for g in swiss.tournament("Open").rounds[0].games] == [
        (1, 2), (3, 4), (5, 6)]
    assert any("paired by hand, differing" in line
               for line in swiss.export_trf("Open").splitlines() if line.startswith("###"))


def test_keizer_standings_with_an_adjourned_game_are_provisional(td: TestClient, club: Path
                                                                  ) -> None:
    svc = ClubService(club, "test TD")
    svc.pair("Winter 2026")
    svc.enter_result(1, 1, "?", "Winter 2026")
    assert "data-provisional" in td.get("/t/1/").text
    svc.enter_result(1, 1, "1-0", "Winter 2026")
    assert "data-provisional" not in td.get("/t/1/").text
