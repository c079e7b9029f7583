"""`rochade pair-trf` on team files: the C.04.6 team Swiss pairs (-p) and checks (-c)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from click.testing import CliRunner

from benchmark_scripts import load
from rochade.cli import main
from rochade.core.model import Result
from rochade.core.teams.model import Board, ColourModel, TeamMatch
from rochade.formats.trf_teams import format_team_event

team_swiss = load("team_swiss")


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, ["pair-trf", *args])
    return result.exit_code, result.stdout, result.stderr


def test_pairs_the_next_round_of_a_team_file_as_the_engine_did(tmp_path: Path) -> None:
    played = team_swiss.generated_event(31, ColourModel.TYPE_B, (9, 12))
    path = tmp_path / "before.trf"
    path.write_text(format_team_event(played.event, 2))
    code, out, err = run(str(path), "-p", "--explain")
    assert code == 0
    pairing = played.pairings[2]
    lines = out.splitlines()
    assert int(lines[0]) == len(lines) - 1
    expected = {f"{a} {b}" for a, b in pairing.matches} | (
        {f"{pairing.bye} 0"} if pairing.bye else set())
    assert set(lines[1:]) == expected
    assert "colours by art. 4.3." in err and "bracket" in err


def test_checks_every_round_of_a_team_file(tmp_path: Path) -> None:
    played = team_swiss.generated_event(32, ColourModel.NONE, (8, 12))
    path = tmp_path / "event.trf"
    path.write_text(format_team_event(played.event))
    code, out, _ = run(str(path), "-c")
    assert code == 0, out
    assert f"{len(played.event.rounds)} rounds checked, 0 differ" in out


def test_a_team_file_paired_otherwise_is_reported(tmp_path: Path) -> None:
    event = team_swiss.generated_event(33, ColourModel.TYPE_A, (8, 12)).event
    rounds = list(event.rounds)
    first = rounds[1].matches[0]
    mirrored = {Result.WHITE_WINS: Result.BLACK_WINS, Result.BLACK_WINS: Result.WHITE_WINS,
                Result.WHITE_WINS_FORFEIT: Result.BLACK_WINS_FORFEIT,
                Result.BLACK_WINS_FORFEIT: Result.WHITE_WINS_FORFEIT}
    swapped = TeamMatch(first.away, first.home, tuple(
        Board(b.black, b.white, mirrored.get(b.result, b.result)) for b in first.boards))
    rounds[1] = replace(rounds[1], matches=(swapped, *rounds[1].matches[1:]))
    path = tmp_path / "event.trf"
    path.write_text(format_team_event(replace(event, rounds=tuple(rounds))))
    code, out, _ = run(str(path), "-c")
    assert code == 1
    assert "round 2: the recorded pairing differs" in out


def test_a_finished_team_file_has_no_round_to_pair(tmp_path: Path) -> None:
    event = team_swiss.generated_event(34, ColourModel.TYPE_A, (8, 10)).event
    path = tmp_path / "event.trf"
    path.write_text(format_team_event(event))
    code, _, err = run(str(path), "-p")
    assert code == 3
    assert "none to pair" in err
