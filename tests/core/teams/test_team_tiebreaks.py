"""Team standings and tie-breaks: C.07 on matches, equal to gacrux's tie-break checker."""

from __future__ import annotations

from pathlib import Path

import pytest

from benchmark_scripts import load
from rochade.core.model import Result
from rochade.core.teams.model import (
    Board,
    ColourModel,
    Member,
    Primary,
    Team,
    TeamEvent,
    TeamMatch,
    TeamRound,
)
from rochade.core.teams.tiebreaks import board_records, team_standings, team_tiebreak

team_swiss = load("team_swiss")


@pytest.mark.parametrize("seed", [4, 6, 2])
def test_team_tiebreaks_equal_gacrux(seed: int, tmp_path: Path) -> None:
    """Seeds 4 and 6 have match points primary, seed 2 game points."""
    played = team_swiss.generated_event(seed, ColourModel.TYPE_A, (8, 16))
    assert (played.event.primary is Primary.GAME_POINTS) == (seed == 2)
    compared, problems = team_swiss.compare_tiebreaks(played, tmp_path)
    assert compared > 50
    assert problems == [], f"replay: benchmarks/team_swiss.py -n 1 --seed {seed}"


def _match(home: int, away: int, results: tuple[Result, Result]) -> TeamMatch:
    return TeamMatch(home, away, (Board(home * 10 + 1, away * 10 + 1, results[0]),
                                  Board(away * 10 + 2, home * 10 + 2, results[1])))


def test_team_sonneborn_berger_weighs_match_points_by_the_opponents_match_points() -> None:
    teams = tuple(Team(n, f"T{n}", (Member(n * 10 + 1, "a", 2000), Member(n * 10 + 2, "b", 1900)))
                  for n in (1, 2, 3, 4))
    win, draw = (Result.WHITE_WINS, Result.BLACK_WINS), (Result.WHITE_WINS, Result.WHITE_WINS)
    rounds = (TeamRound(1, (_match(1, 2, win), _match(3, 4, draw))),
              TeamRound(2, (_match(1, 3, draw), _match(4, 2, win))))
    event = TeamEvent("e", teams, 2, 2, rounds)
    assert team_tiebreak(event, "MPTS") == {1: 3, 2: 0, 3: 2, 4: 3}
    # team 1: won against 2 (0 MP) and drew with 3 (2 MP): 2*0 + 1*2
    assert team_tiebreak(event, "SB")[1] == 2
    assert team_tiebreak(event, "BH")[1] == 2


def test_standings_rank_by_match_points_then_the_tiebreaks() -> None:
    event = team_swiss.generated_event(4, ColourModel.TYPE_A, (8, 16)).event
    rows = team_standings(event)
    keys = [(row.match_points, row.values) for row in rows]
    assert keys == sorted(keys, key=lambda k: (k[0], k[1]), reverse=True)
    assert {row.team for row in rows} == {t.number for t in event.teams}


def test_board_records_count_played_games_only() -> None:
    event = team_swiss.generated_event(4, ColourModel.TYPE_A, (8, 16)).event
    records = board_records(event)
    played = sum(1 for r in event.rounds for m in r.matches for b in m.boards if b.played)
    assert sum(r.games for r in records) == 2 * played
    assert all(r.performance is not None for r in records)
