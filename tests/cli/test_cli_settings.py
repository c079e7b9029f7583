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


def test_event_data_for_rating_reports_set_shown_undone(run: Run, club: Path) -> None:
    said = run("tournament", "set", club, "city= Utrecht ", "federation=ned",
               "start_date=2026/03/01", "end_date=2026-03-15",
               "round_dates=2026-03-01, 2026-03-08", "chief_arbiter=A. Arbiter",
               "deputy_arbiters=B. One, C. Two", "time_control=5400+30",
               "organizer=SV Utrecht", "type=Club championship").stdout
    assert said.startswith("Winter: city=Utrecht, federation=NED, start_date=2026-03-01,")
    assert "round_dates=2026-03-01,2026-03-08" in said and "deputy_arbiters=B. One,C. Two" in said
    run("tournament", "set", club, "city=Zeist", "ratio=5")  # event data and rules at once
    shown = run("tournament", "set", club).stdout
    assert "city = Zeist" in shown and "ratio = 5" in shown and "type = Club championship" in shown
    assert "Winter: event data: city=Zeist" in run("log", club).stdout
    run("undo", club, "--steps", "2", "--yes")
    shown = run("tournament", "set", club).stdout
    assert "city = Utrecht" in shown and "ratio = 3" in shown  # undo restores, not erases
    run("tournament", "set", club, "city=")
    assert "city = -" in run("tournament", "set", club).stdout


def test_wrong_event_data_are_refused_and_nothing_changes(run: Run, club: Path) -> None:
    run("tournament", "set", club, "city=Utrecht")
    for typed, words in [
        ("start_date=2026-02-30", "the start date: '2026-02-30' is no real date"),
        ("round_dates=2026-03-01,next week", "a round date: 'next week' is no real date"),
        ("federation=NL", "no FIDE federation code"),
        ("chief_arbiter=" + "x" * 201, "at most 200 characters"),
    ]:
        result = run("tournament", "set", club, "city=Zeist", typed, ok=False)
        assert result.exit_code == 2 and words in result.output, (typed, result.output)
    assert "city = Utrecht" in run("tournament", "set", club).stdout


def test_an_absence_share_typed_as_a_percentage(run: Run, club: Path) -> None:
    """`fractions.excused=35` is 35 % of the own value (KeizerForClubs' and the manuals'
    way), shown as such; 0.35 and 1/3 stay as typed; above 100 % is refused, nothing saved."""
    listed = run("tournament", "set", club).stdout
    assert "fractions.excused = 33⅓ %" in listed and "A percentage (35 or 35%)" in listed
    assert "fractions.excused: 33⅓ % -> 35 %" in run("tournament", "set", club,
                                                     "fractions.excused=35").stdout
    assert "Nothing changes." in run("tournament", "set", club, "fractions.excused=0.35").stdout
    assert "fractions.excused: 35 % -> 33⅓ %" in run("tournament", "set", club,
                                                     "fractions.excused=1/3").stdout
    refused = run("tournament", "set", club, "fractions.excused=101", ok=False)
    assert "Share when excused: '101' is more than 100%" in refused.output
    assert "fractions.excused = 33⅓ %" in run("tournament", "set", club).stdout
