"""A club-file Swiss with an announced acceleration: a table of virtual points set from the
CLI pairs as the same table in a TRF file pairs with `pair-trf`, and stays out of the
standings."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from click.testing import Result

Run = Callable[..., Result]


def swiss(run: Run, folder: Path, players: int = 12) -> Path:
    path = folder / "open.rochade"
    run("init", path)
    run("tournament", "create", path, "Open", "--system", "swiss", "--rounds", "5", "--seed", "1")
    listing = folder / "players.csv"
    listing.write_text("".join(f"P{i:02d},{2400 - 25 * i}\n" for i in range(1, players + 1)),
                       encoding="utf-8")
    run("player", "import", path, listing)
    return path


def boards(text: str) -> set[frozenset[str]]:
    rows = [line.split() for line in text.splitlines() if line.strip()[:1].isdigit()]
    return {frozenset((row[1], row[-1])) for row in rows if len(row) >= 3}


def test_a_table_of_virtual_points_pairs_the_top_group_apart(run: Run, tmp_path: Path) -> None:
    path = swiss(run, tmp_path)
    said = run("tournament", "set", path, "virtual_points=1-4:1-2=1; 1-4:3=0.5").stdout
    assert "virtual points 1-4:1-2=1; 1-4:3=1/2" in said
    paired = boards(run("pair", path).stdout)
    # players 1-4 (one virtual point) form a score group of their own: 1-3 and 2-4
    assert frozenset(("P01", "P03")) in paired and frozenset(("P02", "P04")) in paired
    trf = run("export-trf", path).stdout
    assert "250       1.0 001 002 0001 0004" in trf and "250       0.5 003 003 0001 0004" in trf
    assert "XXA" not in trf
    javafo = run("export-trf", path, "--javafo").stdout
    assert "XXA    1  1.0  1.0  0.5  0.0  0.0" in javafo


def test_virtual_points_never_count_in_the_standings(run: Run, tmp_path: Path) -> None:
    path = swiss(run, tmp_path, players=4)
    run("tournament", "set", path, "virtual_points=1-2:1-5=1")
    run("pair", path)
    run("result", path, 1, 1, "1/2-1/2")
    run("result", path, 1, 2, "1/2-1/2")
    standings = run("standings", path).stdout
    assert standings.count("0.5") + standings.count("½") >= 4 and "1.5" not in standings


def test_virtual_points_of_paired_rounds_cannot_change(run: Run, tmp_path: Path) -> None:
    path = swiss(run, tmp_path)
    run("tournament", "set", path, "virtual_points=1-4:1-2=1")
    run("pair", path)
    refused = run("tournament", "set", path, "virtual_points=1-4:2=1", ok=False)
    assert "round 1 of Open is paired: its virtual points can no longer change" in refused.output
    run("tournament", "set", path, "virtual_points=1-4:1-2=1; 5:2-3=0.5")  # the rounds to come
    assert "5:2-3=1/2" in run("tournament", "set", path).stdout


def test_a_bad_table_is_refused_with_what_was_typed(run: Run, tmp_path: Path) -> None:
    path = swiss(run, tmp_path)
    for typed in ("1-4=1", "1-4:3-1=1", "x:1=1"):
        refused = run("tournament", "set", path, f"virtual_points={typed}", ok=False)
        assert f"the setting virtual_points: '{typed}" in refused.output
    twice = run("tournament", "set", path, "virtual_points=1:1=1; 1:1-2=1/2", ok=False)
    assert "player 1 has virtual points twice for round 1" in twice.output
