"""Keizer start orders end to end: by rating, by lot (a fresh, logged, replayable draw), by
hand, from another tournament's final standings; where new members go; refused after round 1."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from pathlib import Path

from click.testing import Result

from rochade.core.keizer.settings import drawn_start_list

Run = Callable[..., Result]


def _club(tmp_path: Path, run: Run, *create: str) -> Path:
    path = tmp_path / "c.rochade"
    run("init", path)
    run("tournament", "create", path, "Old")
    for name, rating in (("Ann", 1800), ("Bob", 1700), ("Cy", 1600), ("Di", 1500)):
        run("player", "add", path, name, "--rating", rating, "--tournament", "Old")
    run("tournament", "create", path, "New", *create)
    return path


def _add(run: Run, path: Path, *players: tuple[str, int]) -> None:
    for name, rating in players:
        run("player", "add", path, name, "--rating", rating, "--tournament", "New")


def _order(run: Run, path: Path) -> list[str]:
    """Names as the standings before round 1 list them."""
    out = run("standings", path, "--tournament", "New").stdout
    return re.findall(r"^\s+\d+\s+(\w+)\s", out, re.M)


EVERYONE = (("Ann", 1800), ("Bob", 1700), ("Cy", 1600), ("Di", 1500), ("Ed", 2000))


def test_by_rating_is_the_default(tmp_path: Path, run: Run) -> None:
    path = _club(tmp_path, run)
    _add(run, path, *EVERYONE)
    assert _order(run, path) == ["Ed", "Ann", "Bob", "Cy", "Di"]


def test_from_last_seasons_standings_new_members_at_the_end_or_by_rating(
    tmp_path: Path, run: Run
) -> None:
    path = _club(tmp_path, run)
    # Old: Di beats Ann, Cy draws Bob; Keizer standings (classic, 4 players: 6 5 4 3)
    run("pair", path, "--tournament", "Old")
    run("result", path, 1, 1, "0-1", "--tournament", "Old")  # Ann (w) - Bob ... by ranking
    run("result", path, 1, 2, "1/2-1/2", "--tournament", "Old")
    final = re.findall(
        r"^\s+\d+\s+(\w+)\s", run("standings", path, "--tournament", "Old").stdout, re.M
    )
    run("tournament", "create", path, "Next", "--start-order", "standings:Old")
    for name, rating in EVERYONE:
        run("player", "add", path, name, "--rating", rating, "--tournament", "Next")
    out = run("standings", path, "--tournament", "Next").stdout
    assert re.findall(r"^\s+\d+\s+(\w+)\s", out, re.M) == [*final, "Ed"]
    run("tournament", "set", path, "--tournament", "Next", "new_members=rating")
    out = run("standings", path, "--tournament", "Next").stdout
    assert re.findall(r"^\s+\d+\s+(\w+)\s", out, re.M)[0] == "Ed"  # 2000: above everyone
    assert "start_order=standings:Old" in run("log", path).stdout


def test_by_lot_fresh_logged_and_replayable(tmp_path: Path, run: Run) -> None:
    path = _club(tmp_path, run)
    _add(run, path, *EVERYONE)
    seeds = set()
    for _ in range(3):
        said = run("tournament", "set", path, "--tournament", "New", "start_order=random").stdout
        seed = int(re.search(r"-> random \(seed (\d+)\)", said).group(1))  # type: ignore[union-attr]
        seeds.add(seed)
        replay = list(drawn_start_list([n for n, _ in EVERYONE], random.Random(seed)))
        assert _order(run, path) == replay, said
        assert f"random (seed {seed})" in run("log", path).stdout
    assert len(seeds) == 3  # drawn fresh each time, not from a fixed seed


def test_by_lot_chosen_before_anyone_enrolled_is_drawn_at_round_one(
    tmp_path: Path, run: Run
) -> None:
    path = _club(tmp_path, run, "--start-order", "random")
    _add(run, path, *EVERYONE[:4])
    run("pair", path, "--tournament", "New")
    explained = run("explain", path, "--round", 1, "--tournament", "New").stdout
    seed = int(re.search(r"Start order drawn by lot \(seed (\d+)\)", explained).group(1))  # type: ignore[union-attr]
    replay = drawn_start_list([n for n, _ in EVERYONE[:4]], random.Random(seed))
    assert ", ".join(replay) in explained


def test_by_hand_and_refused_after_round_one(tmp_path: Path, run: Run) -> None:
    path = _club(tmp_path, run)
    _add(run, path, *EVERYONE)
    listed = run("tournament", "order", path, "Di", "Cy", "--tournament", "New").stdout
    assert listed.split() == ["1.", "Di", "2.", "Cy", "3.", "Ed", "4.", "Ann", "5.", "Bob"]
    assert _order(run, path) == ["Di", "Cy", "Ed", "Ann", "Bob"]
    _add(run, path, ("Fay", 2100))  # a new member: at the end by default
    assert _order(run, path)[-1] == "Fay"
    twice = run("tournament", "order", path, "Di", "Di", "--tournament", "New", ok=False)
    assert twice.exit_code == 2 and "named twice" in twice.output
    bad = run("tournament", "set", path, "--tournament", "New", "start_order=best", ok=False)
    assert bad.exit_code == 2 and "standings:TOURNAMENT" in bad.output
    itself = run("tournament", "set", path, "--tournament", "New", "start_order=standings:New",
                 ok=False)
    assert itself.exit_code == 2 and "cannot come from New itself" in itself.output
    run("pair", path, "--tournament", "New")
    late = run("tournament", "order", path, "Ann", "--tournament", "New", ok=False)
    assert late.exit_code == 2 and "cannot change once round 1 is paired" in late.output
    late = run("tournament", "set", path, "--tournament", "New", "start_order=rating", ok=False)
    assert late.exit_code == 2 and "cannot change once round 1 is paired" in late.output


def test_explain_reads_a_json_file_like_standings(tmp_path: Path, run: Run) -> None:
    path = _club(tmp_path, run)
    _add(run, path, *EVERYONE[:4])
    run("pair", path, "--tournament", "New")
    out = tmp_path / "new.json"
    run("export", path, out, "--tournament", "New")
    from_club = run("explain", path, "Ann", "--tournament", "New").stdout
    assert run("explain", out, "Ann").stdout == from_club
    assert "Ann: Keizer score" in from_club
    refused = run("explain", out, ok=False)
    assert refused.exit_code == 2 and "only a club file" in refused.output
