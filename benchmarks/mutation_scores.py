"""Mutation scores per package from the last `make mutate` (mutmut's results in mutants/).

    .venv/bin/python benchmarks/mutation_scores.py

A mutant counts as found when a test failed (killed) or ran out of time (timeout); the score
is found / checked. "no tests": no test of the selection reaches the mutated function.
Mutants not checked yet (a time-boxed run) are counted apart and not in the score.
"""

from __future__ import annotations

import re
import subprocess
import sys
from collections import Counter, defaultdict
from pathlib import Path

MUTMUT = Path(sys.executable).with_name("mutmut")
LINE = re.compile(r"^\s+(\S+)__mutmut_\d+: (.+)$")
PACKAGES = ("rochade.core.dutch", "rochade.core.keizer", "rochade.core", "rochade.formats",
            "rochade.store", "rochade.web")


def package(key: str) -> str:
    name = key.removeprefix("src.")
    return next((p for p in PACKAGES if name.startswith(p + ".")), name.rsplit(".", 1)[0])


def main() -> None:
    out = subprocess.run([str(MUTMUT), "results", "--all", "true"], capture_output=True,
                         text=True, check=True).stdout
    counts: dict[str, Counter[str]] = defaultdict(Counter)
    for line in out.splitlines():
        match = LINE.match(line)
        if match:
            counts[package(match.group(1))][match.group(2)] += 1
    print(f"{'package':24} {'score':>6} {'killed':>7} {'timeout':>7} {'survived':>8} "
          f"{'no tests':>8} {'unchecked':>9}")
    for name, c in sorted(counts.items()):
        found = c["killed"] + c["timeout"]
        checked = sum(c.values()) - c["not checked"]
        score = f"{100 * found / checked:.0f} %" if checked else "-"
        print(f"{name:24} {score:>6} {c['killed']:7} {c['timeout']:7} {c['survived']:8} "
              f"{c['no tests']:8} {c['not checked']:9}")


if __name__ == "__main__":
    main()
