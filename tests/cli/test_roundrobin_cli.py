"""`rochade round-robin-table` prints the published Berger tables."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from rochade.cli import main

GOLDEN = Path(__file__).resolve().parents[1] / "data" / "berger"


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, ["round-robin-table", *args])
    return result.exit_code, result.stdout, result.stderr


@pytest.mark.parametrize("players", range(3, 17))
def test_prints_the_published_table(players: int) -> None:
    code, out, err = run(str(players))
    assert code == 0
    assert out == (GOLDEN / f"berger_{players + players % 2:02d}.txt").read_text()
    assert ("is the bye" in err) == (players % 2 == 1)


def test_double_round_robin_for_four() -> None:
    code, out, _ = run("4", "--double")
    assert code == 0
    assert out.splitlines() == [
        "1: 1-4 2-3", "2: 2-4 3-1", "3: 4-3 1-2",
        "4: 4-1 3-2", "5: 3-4 2-1", "6: 4-2 1-3",
    ]
    _, plain, _ = run("4", "--double", "--no-swap")
    assert plain.splitlines()[1:3] == ["2: 4-3 1-2", "3: 2-4 3-1"]


def test_odd_count_shows_the_bye_number() -> None:
    code, out, err = run("3")
    assert code == 0
    assert out.splitlines()[0] == "1: 1-4 2-3"
    assert err.strip() == (
        "note: with 3 players, number 4 is the bye (the player paired with it rests)"
    )


def test_rejects_too_few_players_clearly() -> None:
    code, _, err = run("1")
    assert code == 2
    assert "1 is not in the range 2<=x<=9999" in err
    assert "Traceback" not in err
