"""Our tie-breaks against gacrux, the FIDE Technical Commission's reference implementation.

Every file of the Dutch conformance corpus, every player, every tie-break both implement:
the values must be identical. gacrux prints decimals (AOB with two places), so a value
matches when it rounds to what gacrux prints. gacrux is a test dependency only (dev extras).

What we learned about gacrux's command line, and how the test copes with it:
- it treats a Swiss with players == rounds + 1 as a round robin unless told `-s`;
- computing FB in a run changes the BH, SB and AOB values it prints later in the same run,
  so FB gets a run of its own;
- its DE is a place within the players still tied after the earlier codes, so DE gets a run
  of its own (after PTS only) and is compared as an order within each points group.
"""

from __future__ import annotations

import subprocess
import sys
from fractions import Fraction
from pathlib import Path

from rochade.core.tiebreaks import Crosstable, compute
from rochade.formats.trf import parse_trf
from rochade.formats.trf_standings import trf_crosstable

CODES = (
    "BH", "BH/C1", "BH/C2", "BH/M1", "BH/P", "SB", "SB/C1", "SB/P", "AOB", "WIN", "WON", "BPG",
    "BWG", "PS", "PS/C1", "REP", "STD", "KS", "ARO", "ARO/C1", "TPR", "PTP", "APRO", "APPO",
    "RTNG",
)
ALONE = ("FB", "DE")
"""Codes gacrux must compute in a run of their own (see the module docstring)."""


def _gacrux(path: Path, codes: list[str]) -> dict[int, dict[str, str]]:
    out = subprocess.run(
        [sys.executable, "-m", "gacrux.tiebreakchecker", "-i", str(path), "-s",
         "-t", "PTS", *codes, "-F", "TXT", "-d", ";"],
        capture_output=True, text=True, check=True, timeout=120,
    ).stdout
    head, *rows = (line.split(";") for line in out.strip().splitlines())
    return {int(row[0]): dict(zip(head, row, strict=True)) for row in rows}


def _matches(ours: Fraction, printed: str) -> bool:
    """Equal, or equal to the decimals gacrux printed (half a unit of its last place)."""
    places = len(printed.partition(".")[2])
    return abs(ours - Fraction(printed)) * 2 * 10**places <= 1 if places else ours == int(
        printed)


def _order(values: dict[int, Fraction], a: int, b: int) -> int:
    return (values[a] > values[b]) - (values[a] < values[b])


def _compare(path: Path) -> tuple[int, list[str]]:
    """(values compared, mismatches) for one file."""
    table: Crosstable = trf_crosstable(parse_trf(path.read_text(encoding="utf-8")))
    theirs = _gacrux(path, list(CODES))
    for code in ALONE:
        for pid, row in _gacrux(path, [code]).items():
            theirs[pid][code] = row[code]
    compared, wrong = 0, []
    for code in (*CODES, *ALONE):
        ours = compute(table, code)
        if code == "DE":
            gde = {pid: Fraction(row["DE"]) for pid, row in theirs.items()}
            for a in ours:
                for b in ours:
                    if a < b and table.score[a] == table.score[b]:
                        compared += 1
                        if _order(ours, a, b) != _order(gde, a, b):
                            wrong.append(f"{path.name} DE {a}/{b}")
            continue
        for pid, value in ours.items():
            compared += 1
            if not _matches(value, theirs[pid][code]):
                wrong.append(f"{path.name} {code} player {pid}: {value} vs {theirs[pid][code]}")
    return compared, wrong


def test_every_corpus_file_matches_gacrux(shared_dir: Path) -> None:
    files = sorted((shared_dir / "conformance" / "dutch").glob("*.trf"))
    assert len(files) >= 100
    total, mismatches = 0, []
    for path in files:
        compared, wrong = _compare(path)
        total += compared
        mismatches += wrong
    assert mismatches == [], f"{len(mismatches)} of {total}: {mismatches[:10]}"
    assert total > 100_000
