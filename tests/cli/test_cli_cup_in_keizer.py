"""A cup game counted in the Keizer competition of the same club file (`cup_games`): as a
played game against the cup opponent or as club duty, on the club evening of the same date;
derived each time, so undoing the cup's result takes it out, and `no` counts nothing."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from click.testing import Result

Run = Callable[..., Result]


def season(run: Run, club: Path) -> None:
    """Winter round 1 on 2026-10-06 with Anna, Bert, Carla and Dirk away (excused); the cup's
    semi-finals (Anna - Dirk, Bert - Carla) paired the same evening, Anna won."""
    for name in ("Anna", "Bert", "Carla", "Dirk"):
        run("player", "status", club, name, "excused", "-t", "Winter")
    run("pair", club, "-t", "Winter")
    run("round-date", club, 1, "2026-10-06", "-t", "Winter")
    run("tournament", "create", club, "Cup", "--system", "knockout", "--seed", "11")
    for name in ("Anna", "Bert", "Carla", "Dirk"):
        run("player", "add", club, name, "-t", "Cup")
    run("pair", club, "-t", "Cup")
    run("round-date", club, 1, "2026-10-06", "-t", "Cup")
    run("result", club, 1, "1.1", "1-0", "-t", "Cup")


def row(run: Run, club: Path, player: str) -> str:
    """The player's Keizer line of round 1."""
    lines = run("explain", club, player, "-t", "Winter").stdout.splitlines()
    return next(line for line in lines if line.split()[:1] == ["1"])


def test_a_cup_game_counts_as_a_game_against_the_cup_opponent_until_undone(
        run: Run, club: Path) -> None:
    season(run, club)
    assert "excused" in row(run, club, "Anna")
    changed = run("tournament", "set", club, "cup_games=played", "-t", "Winter").stdout
    assert "Standings changed" in changed
    anna, dirk = row(run, club, "Anna"), row(run, club, "Dirk")
    assert anna.split()[1:4] == ["Dirk", "white", "win"]
    assert dirk.split()[1:4] == ["Anna", "black", "loss"]
    assert "excused" in row(run, club, "Bert")  # no result yet in his cup game
    run("undo", club, "-t", "Cup", "--yes")
    assert "excused" in row(run, club, "Anna") and "excused" in row(run, club, "Dirk")


def test_as_club_duty_and_not_at_all(run: Run, club: Path) -> None:
    season(run, club)
    run("tournament", "set", club, "cup_games=club_duty", "-t", "Winter")
    assert "club duty" in row(run, club, "Anna") and "club duty" in row(run, club, "Dirk")
    assert "excused" in row(run, club, "Carla")
    run("tournament", "set", club, "cup_games=no", "-t", "Winter")
    assert "excused" in row(run, club, "Anna")


def test_a_cup_game_on_another_day_counts_nowhere(run: Run, club: Path) -> None:
    season(run, club)
    run("round-date", club, 1, "2026-10-08", "-t", "Cup")
    run("tournament", "set", club, "cup_games=played", "-t", "Winter")
    assert "excused" in row(run, club, "Anna")
