"""The team systems as registered objects: their capabilities, settings codec, pairing of a
round from the stored facts, and standings ranked by the primary score and tie-breaks."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from rochade.core.jsonvalues import FormatError
from rochade.core.model import ModelError, Result
from rochade.core.systems import SYSTEMS, find_system, system_holding
from rochade.core.systems.teams import (
    TeamSettings,
    default_lineup,
    lineup_boards,
    match_points,
    team_tiebreak_codes,
)
from rochade.core.teams.model import Board, ColourModel, Member, Primary, Team, TeamMatch, TeamRound


def teams(count: int, boards: int = 4) -> tuple[Team, ...]:
    return tuple(Team(n, f"Team {n}", tuple(Member(n * 10 + i, f"P{n}.{i}", 2000 - n * 10 - i)
                                            for i in range(boards + 1)))
                 for n in range(1, count + 1))


def test_both_team_systems_are_registered_with_their_capabilities() -> None:
    swiss, rr = SYSTEMS["team-swiss"], SYSTEMS["team-round-robin"]
    assert swiss.team_event and rr.team_event and not SYSTEMS["swiss"].team_event
    assert not swiss.hand_pairing and swiss.explains_pairings
    assert rr.fixed_schedule and not swiss.fixed_schedule
    assert system_holding(TeamSettings()) in (swiss, rr)


def test_the_settings_round_trip_through_their_json() -> None:
    s = TeamSettings(boards=6, rounds=7, colours=ColourModel.TYPE_B, primary=Primary.GAME_POINTS,
                     match_points=(Fraction(3), Fraction(1), Fraction(0)), baku=True,
                     initial_colour="B", tiebreaks=("MPTS", "BH/C1", "DE"), seed=5)
    system = find_system("team-swiss")
    assert system.from_dict(system.to_dict(s)) == s
    with pytest.raises(FormatError, match="tiebreaks"):
        system.from_dict({"tiebreaks": ["XYZ"]})


def test_typed_options_are_read_or_refused() -> None:
    assert match_points("3/1/0") == (3, 1, 0)
    with pytest.raises(ValueError):
        match_points("1/2/0")
    assert team_tiebreak_codes("gpts, bh-c1 ,sb") == ("GPTS", "BH/C1", "SB")
    with pytest.raises(ModelError):
        team_tiebreak_codes("GPTS,nonsense")


def test_a_swiss_round_is_paired_from_the_event_and_explains_itself() -> None:
    system = find_system("team-swiss")
    event = system.event("Cup", TeamSettings(rounds=5), teams(5))
    rnd, why = system.pair_round(event, 1, [1, 2, 3, 4, 5])
    assert rnd.bye == 5 and len(rnd.matches) == 2
    assert any("bye" in line for line in why)


def test_a_round_robin_has_its_rounds_from_the_teams_and_rests_a_team() -> None:
    system = find_system("team-round-robin")
    settings = TeamSettings(double=True)
    event = system.event("League", settings, teams(5))
    assert event.total_rounds == 10
    rnd, _ = system.pair_round(event, 1, [1, 2, 3, 4, 5])
    assert len(rnd.matches) == 2 and len(rnd.absent) == 1


def test_standings_rank_by_match_points_then_tiebreaks() -> None:
    system = find_system("team-swiss")
    event = system.event("Cup", TeamSettings(boards=2, rounds=3), teams(4, 2))
    one = event.team(1)
    two = event.team(2)
    boards = lineup_boards(event, default_lineup(one, 2), default_lineup(two, 2))
    won = TeamMatch(1, 2, tuple(Board(b.white, b.black, Result.WHITE_WINS if i == 0 else
                                            Result.DRAW) for i, b in enumerate(boards)))
    draw = TeamMatch(3, 4, tuple(Board(b.white, b.black, Result.DRAW) for b in
                                 lineup_boards(event, default_lineup(event.team(3), 2),
                                               default_lineup(event.team(4), 2))))
    event = replace(event, rounds=(TeamRound(1, (won, draw)),))
    codes, lines = system.team_standings(event, TeamSettings(boards=2, rounds=3))
    assert codes == ("GPTS", "BH", "SB")
    assert [line.team.number for line in lines] == [1, 3, 4, 2]
    assert lines[0].match_points == 2 and lines[0].game_points == Fraction(3, 2)
    assert lines[1].rank == lines[2].rank == 2
