"""Team values: board colours, match and game points, forfeits, the board-order rule."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rochade.core.model import ModelError, Result
from rochade.core.teams.model import (
    Board,
    Kind,
    Member,
    Team,
    TeamEvent,
    TeamMatch,
    TeamRound,
    check_lineup,
    roster_by_rating,
    round_results,
    totals,
)


def _team(number: int, first_id: int, size: int = 4) -> Team:
    return Team(number, f"T{number}", tuple(Member(first_id + i, f"P{first_id + i}", 2000 - i)
                                           for i in range(size)))


def _match(home: int, away: int, results: list[Result]) -> TeamMatch:
    boards = []
    for number, result in enumerate(results, start=1):
        h, a = home * 10 + number, away * 10 + number
        boards.append(Board(h, a, result) if number % 2 else Board(a, h, result))
    return TeamMatch(home, away, tuple(boards))


def test_the_home_team_has_white_on_the_odd_boards() -> None:
    match = _match(1, 2, [Result.WHITE_WINS] * 4)
    assert [match.home_player(b) for b in (1, 2, 3, 4)] == [11, 12, 13, 14]
    assert [match.boards[b - 1].white for b in (1, 2, 3, 4)] == [11, 22, 13, 24]


def test_match_points_follow_game_points_and_byes_score_a_win() -> None:
    teams = (_team(1, 11), _team(2, 21), _team(3, 31))
    # home wins boards 1 and 3 (White), draws board 2, loses board 4 (home is Black there)
    match = _match(1, 2, [Result.WHITE_WINS, Result.DRAW, Result.WHITE_WINS, Result.WHITE_WINS])
    event = TeamEvent("e", teams, 4, 3, (TeamRound(1, (match,), bye=3),))
    assert match.game_points() == (Fraction(5, 2), Fraction(3, 2))
    assert totals(event) == {1: (2, Fraction(5, 2)), 2: (0, Fraction(3, 2)), 3: (2, 4)}
    assert round_results(event)[3][0].kind is Kind.BYE


def test_a_match_lost_by_forfeit_on_every_board_is_a_forfeit_not_a_meeting() -> None:
    teams = (_team(1, 11), _team(2, 21))
    lost = [Result.BLACK_WINS_FORFEIT, Result.WHITE_WINS_FORFEIT] * 2
    event = TeamEvent("e", teams, 4, 3, (TeamRound(1, (_match(1, 2, lost),)),))
    rows = round_results(event)
    assert (rows[1][0].kind, rows[2][0].kind) == (Kind.FORFEIT_LOSS, Kind.FORFEIT_WIN)
    assert rows[2][0].colour == "" and rows[2][0].match_points == 2


def test_a_withdrawn_team_is_absent_from_then_on() -> None:
    teams = (_team(1, 11), Team(2, "T2", _team(2, 21).members, withdrawn_after=0))
    event = TeamEvent("e", teams, 4, 3, (TeamRound(1, ()),))
    assert round_results(event)[2][0].kind is Kind.ABSENT


def test_lineups_keep_the_roster_order() -> None:
    team = _team(1, 11, size=6)
    check_lineup(team, [11, 12, 14, 16], 4)
    with pytest.raises(ModelError, match="board order"):
        check_lineup(team, [11, 14, 12, 16], 4)
    with pytest.raises(ModelError, match="must field 4"):
        check_lineup(team, [11, 12, 13], 4)


def test_board_order_from_rating_puts_the_unrated_last() -> None:
    members = [Member(1, "A", None), Member(2, "B", 1800), Member(3, "C", 2100)]
    assert [m.id for m in roster_by_rating(members)] == [3, 2, 1]


def test_team_numbers_run_from_one() -> None:
    with pytest.raises(ModelError):
        TeamEvent("e", (_team(2, 11),), 4, 3)
