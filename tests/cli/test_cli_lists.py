"""Seed 001's lists: the pairing list headed by the round's date, each player with the points
before the round; round dates kept and corrected."""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import date
from pathlib import Path

from click.testing import Result

Run = Callable[..., Result]


def _four_players_paired(tmp_path: Path, run: Run) -> Path:
    """A Keizer club file: Ann 1800, Bob 1700, Cy 1600, Di 1500, round 1 paired."""
    club = tmp_path / "c.rochade"
    run("init", club)
    run("tournament", "create", club, "W")
    for name, rating in (("Ann", 1800), ("Bob", 1700), ("Cy", 1600), ("Di", 1500)):
        run("player", "add", club, name, "--rating", rating)
    run("pair", club)
    return club


def test_pairing_list_with_date_and_points_before_the_round(tmp_path: Path, run: Run) -> None:
    club = _four_players_paired(tmp_path, run)
    first = run("pairings", club).stdout
    # paired today; before round 1 the points are the start values 4 3 2 1 (ratio 3, n = 4)
    assert first.splitlines()[0] == f"W: round 1, {date.today().isoformat()}"
    assert re.search(r"Bob \(3\.00\)\s+Ann \(4\.00\)", first)
    run("result", club, 1, 1, "0-1")  # Ann (black) beats Bob
    run("result", club, 1, 2, "1/2-1/2")  # Di - Cy drawn
    run("pair", club)
    assert run("round-date", club, 2, "2026-12-08").stdout.strip() == "Round 2: 2026-12-08."
    second = run("pairings", club).stdout
    assert second.splitlines()[0] == "W: round 2, 2026-12-08"
    # by hand, round 1 priced with 4 3 2 1: Ann 4 + 3 = 7, Bob 3, Cy 2 + 1/2 = 2.5, Di 1 + 1
    for shown in ("Ann (7.00)", "Bob (3.00)", "Cy (2.50)", "Di (2.00)"):
        assert shown in second
    assert "round 2 on 2026-12-08" in run("log", club).stdout
    bad = run("round-date", club, 2, "8.12.2026", ok=False)
    assert bad.exit_code == 2 and "write it like 2026-12-01" in bad.output
    missing = run("round-date", club, 5, "2026-12-08", ok=False)
    assert missing.exit_code == 2


def test_progress_table_with_points_game_points_and_buchholz(tmp_path: Path, run: Run) -> None:
    club = _four_players_paired(tmp_path, run)
    run("result", club, 1, 1, "0-1")  # Ann beats Bob
    run("result", club, 1, 2, "1/2-1/2")  # Cy and Di draw
    plain = run("progress", club).stdout
    assert "BH" not in plain and "GP" not in plain
    wide = run("progress", club, "--detail").stdout
    header = wide.splitlines()[2].split()
    assert header == ["Rank", "Name", "R1", "#", "Pts", "GP", "Score", "BH"]
    rows = {line.split()[1]: line.split() for line in wide.splitlines()[4:8]}
    # Keizer points after round 1 (by hand: 7, 3, 2.5, 2), game points, and Buchholz = the
    # opponent's game points (Ann: Bob 0; Bob: Ann 1; Cy: Di ½; Di: Cy ½)
    assert rows["Ann"][-5:] == ["1", "7.00", "1", "7.00", "0"]
    assert rows["Bob"][-5:] == ["2", "3.00", "0", "3.00", "1"]
    assert rows["Cy"][-4:] == ["2.50", "0.5", "2.50", "0.5"]
    assert rows["Di"][-4:] == ["2.00", "0.5", "2.00", "0.5"]
    assert "BH: Buchholz" in wide


def test_printouts_from_the_command_line(tmp_path: Path, run: Run) -> None:
    """export-list's printouts: alphabetical, notice, slips, start-rank; the HTML's print
    heading names the club (the organizer, else the file's name) and the round's date."""
    club = _four_players_paired(tmp_path, run)
    run("round-date", club, 1, "2026-12-01")
    run("player", "set", club, "Di", "title=WFM", "federation=NED", "club=SV Utrecht")
    alphabetical = run("export-list", club, "alphabetical").stdout.splitlines()
    assert [line.split()[0] for line in alphabetical[4:8]] == ["Ann", "Bob", "Cy", "Di"]
    assert "Bob" in alphabetical[4] and "black" in alphabetical[4]  # Ann has black on board 1
    slips = run("export-list", club, "slips").stdout
    assert slips.count("Signature white") == 2 and "W · round 1 · board 2" in slips
    csv = run("export-list", club, "start-rank", "--format", "csv").stdout.splitlines()
    assert csv[0] == "No.,Title,Name,Rating,FIDE id,Fed.,Club"
    assert csv[4] == "4,WFM,Di,1500,,NED,SV Utrecht"
    notice = run("export-list", club, "notice", "--format", "html").stdout
    assert 'class="rochade page-notice"' in notice
    assert 'data-print-head="c · W: round 1" data-print-date="2026-12-01"' in notice
    run("tournament", "set", club, "organizer=SC Rochade")
    standings = run("export-list", club, "standings", "--format", "html").stdout
    assert 'data-print-head="SC Rochade · W: standings after round 1"' in standings
    none = run("export-list", club, "slips", "--round", "0", ok=False)
    assert none.exit_code == 2 and "there is no round 0" in none.output
