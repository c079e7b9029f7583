"""TRF round trip over the whole Dutch conformance corpus, with the engine's check.

    .venv/bin/python benchmarks/trf_roundtrip.py [--corpus DIR]

For every file: read it as a tournament, write it back (with the kept details: must be the
same bytes; from the facts alone: the same player lines' points and round blocks), and let the
Dutch engine re-pair every round of the file written from the facts (`pair-trf -c`
in-process). The test suite does the engine check on the small files only; this does all.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from rochade.core.dutch import DutchEngine
from rochade.formats.trf import (
    parse_trf,
    recorded_pairing,
    rounds_recorded,
    state_before,
    trf_lines,
)
from rochade.formats.trf_tournament import read_trf_tournament, write_trf_tournament

CORPUS = Path(__file__).resolve().parents[2] / "shared" / "conformance" / "dutch"


def blocks(text: str) -> list[str]:
    """Player lines without the rank column (rochade ranks by its own tie-breaks)."""
    return [line[:84] + line[89:] for line in trf_lines(text) if line.startswith("001")]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", type=Path, default=CORPUS)
    corpus = parser.parse_args().corpus
    engine = DutchEngine()
    files = lines = rounds = identical = same_blocks = differ = 0
    start = time.perf_counter()
    for path in sorted(corpus.glob("*.trf")):
        text = path.read_text(encoding="utf-8")
        tournament, extras = read_trf_tournament(text)
        identical += write_trf_tournament(tournament, extras) == text
        fresh = write_trf_tournament(tournament, newline="\n")
        mine, theirs = blocks(fresh), blocks(text)
        same_blocks += [m[:9] + m[80:] for m in mine] == [t[:9] + t[80:] for t in theirs]
        data = parse_trf(fresh)
        for rnd in range(1, rounds_recorded(data) + 1):
            pairs, bye = recorded_pairing(data, rnd)
            result = engine.pair_round(state_before(data, rnd))
            if {(b.white, b.black) for b in result.boards} != set(pairs) or result.bye != bye:
                differ += 1
                print(f"{path.name} round {rnd}: the engine pairs it differently")
            rounds += 1
        files += 1
        lines += len(theirs)
    print(f"{files} files, {lines} player lines: {identical} byte-identical with the kept "
          f"details, {same_blocks} with the same round blocks from the facts alone; "
          f"{rounds} rounds checked by the Dutch engine, {differ} differ "
          f"({time.perf_counter() - start:.0f} s)")


if __name__ == "__main__":
    main()
