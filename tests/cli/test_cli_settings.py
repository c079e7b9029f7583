"""`rochade tournament set`: show the settings, preview and save a change, refuse bad input."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from click.testing import Result

Run = Callable[..., Result]


def test_show_preview_save_and_refuse(run: Run, club: Path) -> None:
    shown = run("tournament", "set", club).stdout
    assert "rematch_gap = 4" in shown and "Rounds before a rematch:" in shown
    assert "round_one_colours = lower_ranked_white  (fixed once round 1 is paired)" in shown
    run("pair", club)
    for board in range(1, 5):
        run("result", club, 1, board, "1-0")
    dry = run("tournament", "set", club, "ratio=5", "--dry-run").stdout
    assert "ratio: 3 -> 5" in dry and "Standings changed:" in dry
    assert dry.rstrip().endswith("Nothing saved (--dry-run).")
    assert "ratio = 3" in run("tournament", "set", club).stdout
    saved = run("tournament", "set", club, "ratio=5", "max_meetings=2").stdout
    assert "max_meetings: - -> 2" in saved and saved.rstrip().endswith("Saved.")
    assert "Winter: settings: ratio 3 -> 5, max_meetings - -> 2" in run("log", club).stdout
    assert "Nothing changes." in run("tournament", "set", club, "ratio=5").stdout
    bad = run("tournament", "set", club, "ratio=five", ok=False)
    assert bad.exit_code != 0 and "First-to-last ratio: 'five' is not a number" in bad.output
    fixed = run("tournament", "set", club, "round_one_colours=seeded_random", ok=False)
    assert "cannot change once round 1 is paired" in fixed.output
    assert "write KEY=VALUE" in run("tournament", "set", club, "ratio", ok=False).output
