"""The league page of a Keizer competition: the TD adds two teams and enters a match; the
member's league game shows on his player page at the board value; the page's Undo takes the
match back; bad input says why and changes nothing; the match cards print in the TD's
language."""

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

LEAGUE = "/td/t/1/league"


@pytest.fixture
def season(club: Path) -> ClubService:
    """Winter 2026 with team 1 worth 70 on board 1 and team 2 worth 60; Anna on club duty in
    round 1, played on 2026-10-06."""
    svc = ClubService(club, "test", Tick())
    svc.change_rules({"team_values": "1=70, 2=60"})
    anna = svc.find_player("Anna Berg")
    svc.set_status(str(anna.id), Status.CLUB_DUTY)
    svc.pair()
    svc.set_round_date(1, "2026-10-06")
    return svc


def flash(td: TestClient) -> str:
    found = re.search(r'class="flash (?:ok|error)"[^>]*>(.*?)<', td.get(LEAGUE).text, re.S)
    assert found is not None, "no message on the league page"
    return unescape(found[1]).strip()


def teams(td: TestClient) -> None:
    for name, number in (("Rochade 1", "1"), ("Rochade 2", "2")):
        done = post(td, LEAGUE + "/team", name=name, league="KNSB", season="2026-27",
                    keizer_team=number)
        assert done.status_code == 303
        assert flash(td) == f"League team {name} added."


def test_a_match_entered_counts_on_the_player_page_and_undo_takes_it_out(
        td: TestClient, season: ClubService) -> None:
    teams(td)
    post(td, LEAGUE + "/match", team="Rochade 1", date="2026-10-06", opponent="SC Utrecht",
         venue="home", player1="Anna Berg", result1="1", player2="Bart Claes", colour2="w")
    assert flash(td) == "Match #1 saved."
    anna = season.find_player("Anna Berg").id
    shown = unescape(td.get(f"/t/1/players/{anna}").text)
    assert "team 1 board 1" in shown
    page = unescape(td.get(LEAGUE).text)
    assert "SC Utrecht" in page and "round 1" in page
    assert "Bart Claes does not play in Winter 2026" not in page  # he does: no result yet
    assert "no result yet" in page
    post(td, "/td/t/1/undo", action=shown_undo(td, LEAGUE), next=LEAGUE)
    assert "team 1 board 1" not in unescape(td.get(f"/t/1/players/{anna}").text)
    assert "data-match=" not in td.get(LEAGUE).text


def test_results_are_entered_later_and_the_cards_print(
        td: TestClient, season: ClubService) -> None:
    teams(td)
    post(td, LEAGUE + "/match", team="Rochade 2", date="2026-10-06", opponent="De Toren",
         venue="away", player1="Anna Berg")
    post(td, LEAGUE + "/match/1/results", result1="1/2")
    assert flash(td) == "Match #1 saved."
    cards = unescape(td.get("/t/1/league", headers={"Accept-Language": "de"}).text)
    assert "Spielberichte" in cards and "auswärts" in cards and "Runde 1" in cards


def test_a_match_is_entered_again_in_place_of_the_wrong_one(
        td: TestClient, season: ClubService) -> None:
    teams(td)
    post(td, LEAGUE + "/match", team="Rochade 1", date="2026-10-06", opponent="SC Utrecht",
         venue="home", player1="Bart Claes", result1="1")
    post(td, LEAGUE + "/match", team="Rochade 1", date="2026-10-06", opponent="SC Utrecht",
         venue="home", player1="Anna Berg", result1="1", replace="1")
    assert flash(td) == "Match #1 saved."
    [card] = season.match_cards()
    assert [(b.name, b.score) for b in card.match.boards] == [("Anna Berg", "1")]


def test_a_board_player_is_corrected_on_the_match_card_and_undo_takes_it_back(
        td: TestClient, season: ClubService) -> None:
    teams(td)
    post(td, LEAGUE + "/match", team="Rochade 1", date="2026-10-06", opponent="SC Utrecht",
         venue="home", player1="Bart Claes", result1="1", player2="Anna Berg")
    anna = season.find_player("Anna Berg").id
    assert "team 1 board 1" not in unescape(td.get(f"/t/1/players/{anna}").text)
    post(td, LEAGUE + "/match/1/results", player1="Anna Berg", result1="1",
         player2="Bart Claes")
    assert flash(td) == "Match #1 saved."
    [card] = season.match_cards()
    assert [(b.name, b.score) for b in card.match.boards] == [("Anna Berg", "1"),
                                                             ("Bart Claes", None)]
    assert "team 1 board 1" in unescape(td.get(f"/t/1/players/{anna}").text)
    post(td, "/td/t/1/undo", action=shown_undo(td, LEAGUE), next=LEAGUE)
    [card] = season.match_cards()
    assert [b.name for b in card.match.boards] == ["Bart Claes", "Anna Berg"]


def test_the_match_card_offers_each_board_player_to_change(
        td: TestClient, season: ClubService) -> None:
    teams(td)
    post(td, LEAGUE + "/match", team="Rochade 1", date="2026-10-06", opponent="SC Utrecht",
         venue="home", player1="Bart Claes")
    card = td.get(LEAGUE).text.split('data-match="1"')[1]
    assert 'name="player1" value="Bart Claes" list="members"' in card


@pytest.mark.parametrize(("form", "said"), [
    ({"player1": "Zoltan"}, "no player named 'Zoltan'"),
    ({"player1": "Anna Berg", "player2": "Anna Berg"}, "Anna Berg is on board 1 already"),
    ({"player1": "Anna Berg", "date": "soon"}, "'soon' is not a date"),
    ({}, "no lineup given"),
])
def test_bad_input_says_why_and_changes_nothing(
        td: TestClient, club: Path, season: ClubService, form: dict[str, str],
        said: str) -> None:
    teams(td)
    with Club.open(club) as opened:
        before = opened.snapshot()
    fields = {"team": "Rochade 1", "date": "2026-10-06", "opponent": "X", "venue": "home",
              **form}
    post(td, LEAGUE + "/match", **fields)
    assert said in flash(td)
    with Club.open(club) as opened:
        assert opened.snapshot() == before


def test_a_result_for_a_board_not_in_the_lineup_is_refused(
        td: TestClient, club: Path, season: ClubService) -> None:
    teams(td)
    post(td, LEAGUE + "/match", team="Rochade 1", date="2026-10-06", opponent="X",
         venue="home", player1="Anna Berg")
    with Club.open(club) as opened:
        before = opened.snapshot()
    post(td, LEAGUE + "/match/1/results", result5="1")
    assert flash(td) == "board 5 is not in the lineup (boards 1)"
    with Club.open(club) as opened:
        assert opened.snapshot() == before
