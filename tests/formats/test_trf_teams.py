"""TRF26 team records: a team event written and read back, the 192 codes, TRF16 013 teams."""

from __future__ import annotations

from dataclasses import replace

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
    TeamSystem,
    round_results,
)
from rochade.core.teams.roundrobin import team_round_robin_round
from rochade.formats.trf_teams import (
    format_team_event,
    is_team_file,
    parse_team_event,
    rules_of_code,
    team_code,
)

team_swiss = load("team_swiss")


@pytest.mark.parametrize("seed", [21, 22])
def test_a_team_event_reads_back_as_written(seed: int) -> None:
    event = team_swiss.generated_event(seed, ColourModel.TYPE_B, (8, 12)).event
    text = format_team_event(event)
    assert is_team_file(text)
    back = parse_team_event(text)
    assert [t.members for t in back.teams] == [t.members for t in event.teams]
    assert round_results(back) == round_results(event), f"seed {seed}"
    assert (back.boards, back.total_rounds, back.initial_colour, back.baku, back.primary) == (
        event.boards, event.total_rounds, event.initial_colour, event.baku, event.primary)
    assert format_team_event(back) == text


def test_the_team_records_sit_in_their_columns() -> None:
    event = team_swiss.generated_event(23, ColourModel.TYPE_A, (8, 8)).event
    lines = format_team_event(event).splitlines()
    team = next(line for line in lines if line.startswith("310"))
    assert team[4:7] == "  1" and team[8:40].strip() == "Team 1"
    assert int(team[73:77]) == event.teams[0].members[0].id
    assert f"352 {'WB' * (event.boards // 2)}" in "\n".join(lines)
    assert "362 TW 2.0   TD 1.0   TL 0.0" in lines


@pytest.mark.parametrize(("model", "primary", "secondary", "baku", "code"), [
    (ColourModel.TYPE_A, Primary.MATCH_POINTS, True, False, "FIDE_TEAM_TYPEA_MP_GP"),
    (ColourModel.TYPE_B, Primary.MATCH_POINTS, False, True, "FIDE_TEAM_TYPEB_MP_BAKU"),
    (ColourModel.NONE, Primary.GAME_POINTS, True, False, "FIDE_TEAM_GP_MP"),
])
def test_192_codes_say_the_rules(model: ColourModel, primary: Primary, secondary: bool,
                                 baku: bool, code: str) -> None:
    event = TeamEvent("e", (), 4, 5, colour_model=model, primary=primary,
                      secondary_used=secondary, baku=baku)
    assert team_code(event) == code
    rules = rules_of_code(code)
    assert rules == {"colour_model": model, "primary": primary, "secondary_used": secondary,
                     "baku": baku, "system": TeamSystem.SWISS}


def test_team_round_robins_are_coded_as_round_robins() -> None:
    event = TeamEvent("e", (), 4, 3, system=TeamSystem.DOUBLE_ROUND_ROBIN)
    assert team_code(event) == "FIDE_DOUBLEROUNDROBIN"
    assert rules_of_code("FIDE_DOUBLEROUNDROBIN") == {"system": TeamSystem.DOUBLE_ROUND_ROBIN}


def test_trf16_team_records_are_read() -> None:
    event = team_swiss.generated_event(24, ColourModel.TYPE_A, (8, 8)).event
    text = format_team_event(event)
    old = []
    for line in text.splitlines():
        if line.startswith("310"):
            old.append(f"013 {line[8:40]}" + line[73:].replace("  ", " "))
        elif not line.startswith(("352", "192", "362", "320")):
            old.append(line)
    back = parse_team_event("\n".join(old))
    assert [t.name for t in back.teams] == [t.name for t in event.teams]
    assert [[m.id for m in t.members] for t in back.teams] == [
        [m.id for m in t.members] for t in event.teams]


def test_match_points_are_read_however_the_362_record_is_spaced() -> None:
    event = team_swiss.generated_event(25, ColourModel.TYPE_A, (8, 8)).event
    text = format_team_event(event)
    for spaced in ("362 TW 3.0   TD 1.0   TL 0.0", "362 TW  3.0   TD  1.0   TL  0.0"):
        lines = [spaced if line.startswith("362") else line for line in text.splitlines()]
        scoring = parse_team_event("\n".join(lines)).scoring
        assert (scoring.win, scoring.draw, scoring.loss) == (3, 1, 0)


def test_a_played_team_round_robin_reads_back_from_trf() -> None:
    teams = tuple(Team(n, f"T{n}", (Member(n * 10 + 1, "a"), Member(n * 10 + 2, "b")))
                  for n in range(1, 6))
    event = TeamEvent("rr", teams, 2, 5, system=TeamSystem.ROUND_ROBIN)
    rounds = []
    for number in range(1, 6):
        scheduled = team_round_robin_round(event, number)
        matches = tuple(replace(m, boards=(
            Board(m.home * 10 + 1, m.away * 10 + 1, Result.WHITE_WINS),
            Board(m.away * 10 + 2, m.home * 10 + 2, Result.DRAW))) for m in scheduled.matches)
        rounds.append(replace(scheduled, matches=matches))
    event = replace(event, rounds=tuple(rounds))
    back = parse_team_event(format_team_event(event))
    assert back.system is TeamSystem.ROUND_ROBIN
    assert round_results(back) == round_results(event)
    assert [r.absent for r in back.rounds] == [r.absent for r in event.rounds]
