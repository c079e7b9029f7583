"""The pairing edits and a correction of an earlier round, from the command line."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from click.testing import Result

Run = Callable[..., Result]


def play(run: Run, club: Path, number: int) -> None:
    run("pair", club)
    for board in range(1, 5):
        run("result", club, number, board, "1-0")


def test_correcting_a_round_paired_on_warns(run: Run, club: Path) -> None:
    play(run, club, 1)
    play(run, club, 2)
    said = run("result", club, 1, 2, "0-1").output
    assert "Warning: Round 2 was paired with this result; pairings are not changed." in said
    assert "Warning" not in run("result", club, 2, 2, "0-1").output
