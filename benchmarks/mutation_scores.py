"""Mutation scores per package from the last `make mutate` (mutmut's results in mutants/).

    .venv/bin/python benchmarks/mutation_scores.py

A mutant counts as found when a test failed (killed) or ran out of time (timeout); the score
is found / checked. "no tests": no test of the selection reaches the mutated function.
Mutants not checked yet (a sampled or time-boxed run) are counted apart and not in the
score. Where a package has some, the score is an estimate: "95 % CI" is the Wilson interval
for its whole package, sound when the checked mutants are a random sample
(`make mutate SAMPLE=N`, benchmarks/mutation_sample.py), not the cheapest ones first.
"""

from __future__ import annotations

import math
import re
import subprocess
import sys
from collections import Counter, defaultdict
from pathlib import Path

MUTMUT = Path(sys.executable).with_name("mutmut")
LINE = re.compile(r"^\s+(\S+)__mutmut_\d+: (.+)$")
PACKAGES = ("rochade.core.dutch", "rochade.core.keizer", "rochade.core", "rochade.formats",
            "rochade.service", "rochade.store", "rochade.web")


def package(key: str) -> str:
    name = key.removeprefix("src.")
    return next((p for p in PACKAGES if name.startswith(p + ".")), name.rsplit(".", 1)[0])


def wilson(found: int, checked: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % interval of a proportion seen as found/checked (Wilson: sound near 100 %)."""
    p = found / checked
    centre = (p + z * z / (2 * checked)) / (1 + z * z / checked)
    half = z * math.sqrt(p * (1 - p) / checked + z * z / (4 * checked * checked))
    return centre - half / (1 + z * z / checked), centre + half / (1 + z * z / checked)


def main() -> None:
    out = subprocess.run([str(MUTMUT), "results", "--all", "true"], capture_output=True,
                         text=True, check=True).stdout
    counts: dict[str, Counter[str]] = defaultdict(Counter)
    for line in out.splitlines():
        match = LINE.match(line)
        if match:
            counts[package(match.group(1))][match.group(2)] += 1
    print(f"{'package':24} {'score':>6} {'killed':>7} {'timeout':>7} {'survived':>8} "
          f"{'no tests':>8} {'unchecked':>9}  95 % CI")
    for name, c in sorted(counts.items()):
        found = c["killed"] + c["timeout"]
        checked = sum(c.values()) - c["not checked"]
        score = f"{100 * found / checked:.0f} %" if checked else "-"
        interval = ""
        if checked and c["not checked"]:
            low, high = wilson(found, checked)
            interval = f"  {100 * low:.0f}-{100 * high:.0f} %"
        print(f"{name:24} {score:>6} {c['killed']:7} {c['timeout']:7} {c['survived']:8} "
              f"{c['no tests']:8} {c['not checked']:9}{interval}")


if __name__ == "__main__":
    main()
