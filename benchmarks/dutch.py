"""Speed of the Dutch engine on ../shared/bench/dutch (round 5 of 9, 100 to 4000 players).

    .venv/bin/python benchmarks/dutch.py [--sizes 100,500] [--bench-dir DIR]

The files are taken from $ROCHADE_SHARED/bench/dutch (default: ../shared next to the repository).

Each file is paired in a fresh child process, so the CPU seconds and the peak resident
memory belong to that size alone (reading the file included). The pairing is compared with
the reference output (`*.bbp.txt`, bbpPairings v6.0.0) where one exists.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
BENCH = Path(os.environ.get("ROCHADE_SHARED", REPO.parent / "shared")) / "bench" / "dutch"
ANCHORS = {100: "0.04", 500: "7", 1000: "72", 2000: "740"}  # bbpPairings CPU s, issue 4


def run_one(trf: Path) -> None:
    """Child process: pair one file, print CPU seconds, peak MB and the output as JSON."""
    from rochade.core.dutch.engine import DutchEngine
    from rochade.formats.trf import format_pairing, parse_trf, to_swiss_state

    start = time.process_time()
    state = to_swiss_state(parse_trf(trf.read_text(encoding="utf-8")))
    result = DutchEngine().pair_round(state)
    cpu = time.process_time() - start
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    output = format_pairing([(b.white, b.black) for b in result.boards], result.bye)
    print(json.dumps({"cpu": cpu, "peak_mb": peak_mb, "output": output}))


def same_pairing(mine: str, reference: str) -> bool:
    def lines(text: str) -> set[str]:
        return {" ".join(line.split()) for line in text.strip().splitlines()[1:]}

    return lines(mine) == lines(reference)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bench-dir", type=Path, default=BENCH)
    parser.add_argument("--sizes", help="comma-separated player counts (default: all)")
    parser.add_argument("--one", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one:
        run_one(args.one)
        return
    files = sorted(args.bench_dir.glob("*.trf"), key=lambda p: int(p.stem.split("_")[1]))
    wanted = {int(s) for s in args.sizes.split(",")} if args.sizes else None
    print(f"{'file':<14}{'players':>8}{'CPU s':>10}{'peak MB':>9}  {'bbp CPU s':>9}  reference")
    for trf in files:
        size = int(trf.stem.split("_")[1])
        if wanted is not None and size not in wanted:
            continue
        child = subprocess.run(
            [sys.executable, __file__, "--one", str(trf)],
            capture_output=True, text=True, check=False,
        )
        if child.returncode != 0:
            print(f"{trf.name:<14}{size:>8}  failed: {child.stderr.strip().splitlines()[-1]}")
            continue
        data = json.loads(child.stdout)
        ref = trf.with_suffix(".bbp.txt")
        verdict = (
            ("same" if same_pairing(data["output"], ref.read_text()) else "DIFFERENT")
            if ref.exists() else "(none)"
        )
        print(
            f"{trf.name:<14}{size:>8}{data['cpu']:>10.2f}{data['peak_mb']:>9.0f}  "
            f"{ANCHORS.get(size, '-'):>9}  {verdict}"
        )


if __name__ == "__main__":
    main()
