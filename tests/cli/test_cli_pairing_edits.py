"""The pairing edits and a correction of an earlier round, from the command line."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from click.testing import Result

from rochade.service import ClubService

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


def boards(club: Path) -> list[tuple[int, int]]:
    return [(g.white, g.black) for g in ClubService(club).tournament().rounds[-1].games]


def test_swap_colours_again_and_undo(run: Run, club: Path) -> None:
    run("pair", club)
    (w1, b1), (w2, b2), *rest = boards(club)
    said = run("change-pairing", "swap", club, b1, w2).output
    assert "Changed by hand: round 1: " in said and "change places" in said
    assert boards(club) == [(w1, w2), (b1, b2), *rest]
    run("change-pairing", "colours", club, 2)
    assert boards(club)[1] == (b2, b1)
    run("change-pairing", "again", club, 1, 2)
    assert {p for b in boards(club)[:2] for p in b} == {w1, b1, w2, b2}
    run("undo", club)
    assert boards(club)[1] == (b2, b1)
    refused = run("change-pairing", "swap", club, w1, w1, ok=False)
    assert refused.exit_code != 0 and "choose two different players" in refused.output
    refused = run("change-pairing", "bye", club, w1, ok=False)
    assert "round 1 has no bye" in refused.output
