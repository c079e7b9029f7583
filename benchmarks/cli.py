"""Start-up of the `rochade` command: whole processes, wall-clock medians beside `python -c pass`.

    .venv/bin/python benchmarks/cli.py [--runs 15] [--only standings,pair-trf-100]

Each case is a fresh process, as a TD or a script runs it (the venv's `rochade` script),
on a 30-player Keizer club file made by `rochade demo --no-serve` (10 rounds played) and on
the Dutch inputs in ../shared/bench/dutch. The cases take turns, one run of each per
repetition, so that a busy machine slows them alike. Commands that change the club file
run on a fresh copy each time (the copy is not timed). Targets: issue 13, point 8.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
BENCH = REPO.parent / "shared" / "bench" / "dutch"
ROCHADE = str(Path(sys.executable).parent / "rochade")
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
"""Bytecode is cached, as for an installed package (the warm-up run writes it)."""


@dataclass(frozen=True)
class Case:
    """One command line; `fresh` when it changes the club file, `target` in seconds."""

    name: str
    argv: tuple[str, ...]
    target: float | None
    fresh: bool = False


def cases(club: Path, bench: Path) -> list[Case]:
    c = str(club)
    return [
        Case("python -c pass", (sys.executable, "-c", "pass"), None),
        Case("--version", (ROCHADE, "--version"), 0.15),
        Case("--help", (ROCHADE, "--help"), 0.15),
        Case("standings", (ROCHADE, "standings", c), 0.15),
        Case("pairings", (ROCHADE, "pairings", c), 0.15),
        Case("result", (ROCHADE, "result", c, "10", "1", "1-0"), 0.15, fresh=True),
        Case("pair", (ROCHADE, "pair", c), 0.15, fresh=True),
        Case("pair-trf-100", (ROCHADE, "pair-trf", str(bench / "r5_100.trf"), "-p"), 0.15),
        Case("pair-trf-1000", (ROCHADE, "pair-trf", str(bench / "r5_1000.trf"), "-p"), 1.0),
    ]


def _cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run(case: Case, club: Path, pristine: Path) -> tuple[float, float]:
    """Wall and CPU seconds of one process (CPU: less disturbed by a busy machine); a failing
    command stops the benchmark."""
    if case.fresh:
        shutil.copyfile(pristine, club)
    cpu, start = _cpu(), time.perf_counter()
    done = subprocess.run(case.argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=ENV)
    seconds = time.perf_counter() - start
    if done.returncode != 0:
        sys.exit(f"{' '.join(case.argv)} failed: {done.stderr.decode(errors='replace')}")
    return seconds, _cpu() - cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15, help="repetitions of every case")
    parser.add_argument("--only", help="comma-separated case names (python -c pass always runs)")
    parser.add_argument("--bench-dir", type=Path, default=BENCH)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        subprocess.run([ROCHADE, "demo", "--no-serve"], cwd=folder, check=True, env=ENV,
                       stdout=subprocess.DEVNULL)
        pristine = folder / "demo.rochade"
        club = folder / "club.rochade"
        shutil.copyfile(pristine, club)
        chosen = cases(club, args.bench_dir)
        if args.only:
            names = set(args.only.split(","))
            chosen = [c for c in chosen if c.name in names or c.target is None]
        times: dict[str, list[tuple[float, float]]] = {c.name: [] for c in chosen}
        for case in chosen:  # a warm-up run each: the file cache, not the import, is cold
            run(case, club, pristine)
        for _ in range(args.runs):
            for case in chosen:
                times[case.name].append(run(case, club, pristine))
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"{args.runs} runs each; seconds of the whole process; load average {load}"
          f" on {os.cpu_count()} cores")
    print("| command | wall median | wall min | CPU median | target (wall median) |")
    print("| --- | ---: | ---: | ---: | --- |")
    for case in chosen:
        wall = [w for w, _ in times[case.name]]
        cpu = statistics.median(c for _, c in times[case.name])
        median = statistics.median(wall)
        verdict = "" if case.target is None else (
            f"< {case.target:g} s {'ok' if median < case.target else 'MISSED'}")
        print(f"| {case.name} | {median:.3f} | {min(wall):.3f} | {cpu:.3f} | {verdict} |")


if __name__ == "__main__":
    main()
