"""The club file's small edits called directly (the service reaches them only through pages
and commands): a member renamed, removed, their rating-report data; an entrant removed with
their late-start rows; a round's date; each edit undone back to the facts before it."""

from __future__ import annotations

from datetime import UTC, datetime
from fractions import Fraction
from pathlib import Path

import pytest

from clocks import TickingClock
from rochade.core.fide import PlayerDetails
from rochade.core.model import Absence, ExternalGame, Game, Result, Round, Status
from rochade.service import ClubService
from rochade.store import Club, StoreError
from rochade.store.club import RoundNotes

AT = datetime(2026, 9, 3, 19, 0, tzinfo=UTC)
PLAYERS = "name,rating\nAnna,2000\nBert,1900\nCarla,1800\nDirk,1700\n"


@pytest.fixture
def path(tmp_path: Path) -> Path:
    """Winter: four players, round 1 paired."""
    service = ClubService.init(tmp_path / "club.rochade", "td", TickingClock())
    service.create_tournament("Winter")
    service.import_players(PLAYERS)
    service.pair()
    return service.path


def edit_and_undo(path: Path, edit: str) -> None:
    """Undo the last edit and check the facts are as before it."""
    with Club.open(path) as club:
        [undone] = club.undo(1, "td", AT)
        assert undone.description == edit


def test_a_member_is_renamed_and_removed(path: Path) -> None:
    with Club.open(path) as club:
        before = club.snapshot()
        with club.action("player", "rename", "td", AT):
            club.rename_member(2, "Bert Brand")
        assert [m.name for m in club.members()] == ["Anna", "Bert Brand", "Carla", "Dirk"]
        with club.action("player", "a member only", "td", AT):
            hanna = club.add_member("Hanna", 1500, None)
        with club.action("player", "remove", "td", AT):
            club.delete_member(hanna)
        assert [m.name for m in club.members()] == ["Anna", "Bert Brand", "Carla", "Dirk"]
    for edit in ("remove", "a member only", "rename"):
        edit_and_undo(path, edit)
    with Club.open(path) as club:
        assert club.snapshot() == before


def test_a_members_report_data_is_read_back(path: Path) -> None:
    details = PlayerDetails(title="FM", sex="w", federation="NED", birth="1990",
                            club="Rochade", national_id="123", national_kind="KNSB", k="20")
    with Club.open(path) as club:
        with club.action("player", "details", "td", AT):
            club.set_member_details(3, details)
        assert club.details_of_member(3) == details
        assert club.details_of_member(1) == PlayerDetails().rated(2000, "")  # no FIDE id
        assert club.details_of_members()[3] == details


def test_an_entrant_is_removed_with_their_absences(path: Path) -> None:
    with Club.open(path) as club:
        [winter] = club.tournaments()
        with club.action("player", "late", "td", AT):
            eva = club.add_member("Eva", 1600, None)
            player = club.add_entrant(winter.id, eva, 1600, Status.PRESENT)
            club.add_absence(winter.id, 1, Absence(player, "late"))
        assert player in club.entrant_members(winter.id)
        with club.action("player", "remove", "td", AT):
            club.delete_entrant(winter.id, player)
        loaded = club.load_tournament(winter)
        assert player not in [e.id for e in loaded.entrants]
        assert player not in [a.player for a in loaded.rounds[0].absences]
    edit_and_undo(path, "remove")
    with Club.open(path) as club:
        [winter] = club.tournaments()
        assert Absence(player, "late") in club.load_tournament(winter).rounds[0].absences


def test_a_rounds_date_is_set_and_a_missing_round_named(path: Path) -> None:
    with Club.open(path) as club:
        [winter] = club.tournaments()
        with club.action("round", "date", "td", AT):
            club.set_round_date(winter.id, 1, "2026-09-03")
        assert club.round_dates(winter.id) == ("2026-09-03",)
        assert club.round_notes(winter.id, 1).date == "2026-09-03"
        with club.action("round", "date", "td", AT), pytest.raises(StoreError) as refused:
            club.set_round_date(winter.id, 2, "2026-09-10")
        assert str(refused.value) == "there is no round 2"


def test_edits_of_what_is_not_there_are_named(path: Path) -> None:
    with Club.open(path) as club:
        [winter] = club.tournaments()
        with club.action("player", "rating", "td", AT), pytest.raises(StoreError) as refused:
            club.set_entrant_rating(winter.id, 9, 1500, None)
        assert str(refused.value) == "no player with id 9 in this tournament"
        with club.action("result", "result", "td", AT), pytest.raises(StoreError) as refused:
            club.set_result(winter.id, 1, 7, Result.WHITE_WINS)
        assert str(refused.value) == "round 1 has no board 7"
        with club.action("tournament", "again", "td", AT), pytest.raises(StoreError) as refused:
            club.add_tournament("Winter", "swiss", "{}")
        assert str(refused.value) == "a tournament named 'Winter' already exists in this club file"


def test_a_round_is_stored_whole_with_boards_counted_from_one(path: Path) -> None:
    """Games without a board number (a hand pairing) get boards 1, 2 ... in their order."""
    with Club.open(path) as club:
        [winter] = club.tournaments()
        team_match = ExternalGame(1, team=1, board=2, score=Fraction(1, 2))
        with club.action("round", "round 2", "td", AT):
            club.add_round(winter.id, Round(2, (Game(3, 1), Game(4, 2)), externals=(team_match,)),
                           RoundNotes(("Bye: nobody",), "manual", "2026-09-10"))
        stored = club.load_tournament(winter).rounds[1]
        assert [(g.board, g.white, g.black) for g in stored.games] == [(1, 3, 1), (2, 4, 2)]
        assert stored.externals == (team_match,)
        assert club.round_notes(winter.id, 2) == RoundNotes(("Bye: nobody",), "manual",
                                                            "2026-09-10")


def test_a_result_is_entered_and_cleared_again(path: Path) -> None:
    with Club.open(path) as club:
        [winter] = club.tournaments()
        with club.action("result", "result", "td", AT):
            club.set_result(winter.id, 1, 1, Result.DRAW)
        assert club.load_tournament(winter).rounds[0].games[0].result is Result.DRAW
        with club.action("result", "cleared", "td", AT):
            club.set_result(winter.id, 1, 1, None)
        assert club.load_tournament(winter).rounds[0].games[0].result is None
