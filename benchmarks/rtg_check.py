"""RTG check as FIDE runs it: random tournaments, every round checked by two checkers.

    .venv/bin/python benchmarks/rtg_check.py -n 1000 [--seed 1] [--max-players 400]
        [--budget 3600] [--keep DIR]

Each tournament comes from the project's generator (`rochade.core.dutch.generator`, paired
by rochade's Dutch engine): 8-400 players (log-uniform, so small club events are common and
big opens still come up), 5-13 rounds, half-point, full-point and zero-point byes, the
pairing-allocated bye, forfeits one way and both ways, late entries, withdrawals (blank round
blocks from then on) and, in one event of five, the Baku acceleration (250 lines). It is
written as a TRF file and every round is checked by `rochade pair-trf -c` and by gacrux's
pairing checker (`python -m gacrux.pairingchecker -c`, the FIDE TEC reference), both run in
this process.

Prints one line per discrepancy (seed, round, checker) and a JSON summary; with `--keep` the
files with a discrepancy are written there for classification. The run stops at `--budget`
seconds (the machine is shared), saying how many tournaments it checked.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import io
import json
import math
import random
import re
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from click.testing import CliRunner

from rochade.cli.pair_trf import pair_trf
from rochade.core.dutch import DutchEngine
from rochade.core.dutch.generator import GeneratorSettings, SwissLog, random_tournament
from rochade.core.dutch.state import Colour, DutchError
from rochade.formats.trf import format_points, format_state

ROUND = re.compile(r"^round (\d+): ", re.M)
GACRUX_ROUND = re.compile(r"^=+ Round #(\d+) =+$")


@dataclass
class Summary:
    """What a run found."""

    tournaments: int = 0
    rounds: int = 0
    dropped: int = 0  # no valid pairing while generating (too few players for the rounds)
    rochade: list[tuple[int, int]] = field(default_factory=list)  # (seed, round)
    gacrux: list[tuple[int, int]] = field(default_factory=list)
    gacrux_failed: list[int] = field(default_factory=list)  # seeds gacrux could not read
    seconds: float = 0.0


def shape(rng: random.Random, max_players: int) -> GeneratorSettings:
    """A random event's shape."""
    players = int(math.exp(rng.uniform(math.log(8), math.log(max_players + 1))))
    return GeneratorSettings(
        players=players,
        rounds=min(rng.randint(5, 13), max(5, players // 2 + 1)),  # a Swiss, not a round robin
        draw_rate=rng.uniform(0.1, 0.4),
        forfeit_rate=rng.uniform(0, 0.05),
        half_bye_rate=rng.uniform(0, 0.05),
        absence_rate=rng.uniform(0, 0.04),
        full_bye_rate=rng.uniform(0, 0.02),
        late_entries=rng.randint(0, max(1, players // 10)),
        withdrawals=rng.randint(0, max(1, players // 10)),
        baku=rng.random() < 0.2,
    )


def accelerated(log: SwissLog) -> list[str]:
    """Baku's virtual points as TRF26 250 records (ranges of players and rounds), which
    both checkers read (gacrux reads JaVaFo's XXA lines otherwise than rochade does)."""
    out = []
    tpns = sorted(log.accelerations)
    runs: list[list[int]] = []
    for tpn in tpns:
        if runs and runs[-1][-1] == tpn - 1 and (
                log.accelerations[tpn] == log.accelerations[runs[-1][0]]):
            runs[-1].append(tpn)
        else:
            runs.append([tpn])
    for run in runs:
        points = log.accelerations[run[0]]
        r = 0
        while r < len(points):
            last = r
            while last + 1 < len(points) and points[last + 1] == points[r]:
                last += 1
            if points[r]:
                out.append(f"250 {'':4} {format_points(points[r]):>4} {r + 1:03d} "
                           f"{last + 1:03d} {run[0]:04d} {run[-1]:04d}")
            r = last + 1
    return out


def trf_of(log: SwissLog, name: str) -> str:
    """The finished event as a TRF file: the engine's TRF(x) lines with the TRF26 header
    records, and a withdrawn player's round blocks blank from his withdrawal on."""
    lines = [line for line in format_state(log.state(), name).splitlines()
             if not line.startswith("XXA")]
    colour = "W" if log.initial_colour is Colour.WHITE else "B"
    header = [f"142 {log.total_rounds}", f"152 {colour}", "192 FIDE_DUTCH_2026",
              *accelerated(log)]
    out = [lines[0], *header, *lines[1:]]
    for i, line in enumerate(out):
        if line.startswith("001"):
            stop = log.withdrawn.get(int(line[4:8]))
            if stop is not None:
                out[i] = line[: 91 + 10 * (stop - 1)].rstrip()
    return "\n".join(out) + "\n"


def rochade_differs(path: Path) -> tuple[int, set[int]]:
    """`rochade pair-trf --dutch FILE -c`: rounds checked and the rounds that differ."""
    out = CliRunner().invoke(pair_trf, ["--dutch", str(path), "-c"]).output
    checked = re.search(r"(\d+) rounds checked", out)
    return int(checked.group(1)) if checked else 0, {int(r) for r in ROUND.findall(out)}


def gacrux_report(path: Path) -> str:
    """`python -m gacrux.pairingchecker -i FILE -c -d T`, run in this process."""
    return gacrux_run("pairingchecker", ["-i", str(path), "-c", "-d", "T"])


def gacrux_run(module: str, args: list[str]) -> str:
    """`python -m gacrux.MODULE ARGS`, run in this process (its start-up takes longer than
    checking a small event): what it printed, or why it failed."""
    main = getattr(importlib.import_module(f"gacrux.{module}"), module)

    argv, sys.argv = sys.argv, [module, *args]
    out = io.StringIO()
    try:
        with contextlib.redirect_stdout(out):
            main().common_main()
    except (Exception, SystemExit) as exc:  # a crash is a finding, not the end of the run
        return f"gacrux failed: {exc!r}"
    finally:
        sys.argv = argv
    return out.getvalue()


def gacrux_differs(path: Path) -> set[int] | None:
    """The rounds gacrux's checker pairs otherwise (None: it failed on the file)."""
    report = gacrux_report(path)
    if "Check:" not in report:
        return None
    differs: set[int] = set()
    current = 0
    for line in report.splitlines():
        match = GACRUX_ROUND.match(line)
        if match:
            current = int(match.group(1))
        elif line.strip() and not line.startswith("Check:"):
            differs.add(current)
    return differs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", type=int, default=100, help="tournaments to generate")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first tournament")
    parser.add_argument("--max-players", type=int, default=400)
    parser.add_argument("--budget", type=float, default=3600, help="stop after these seconds")
    parser.add_argument("--keep", type=Path, help="write files with a discrepancy here")
    args = parser.parse_args()
    summary = Summary()
    start = time.perf_counter()
    work = Path(tempfile.mkdtemp(prefix="rtg-"))
    for seed in range(args.seed, args.seed + args.n):
        if time.perf_counter() - start > args.budget:
            break
        rng = random.Random(seed)
        settings = shape(rng, args.max_players)
        try:
            log = random_tournament(rng, settings, DutchEngine().pair)
        except DutchError:
            summary.dropped += 1
            continue
        path = work / f"rtg-{seed}.trf"
        path.write_text(trf_of(log, f"RTG {seed}"), encoding="utf-8")
        rounds, mine = rochade_differs(path)
        theirs = gacrux_differs(path)
        summary.tournaments += 1
        summary.rounds += rounds
        summary.rochade += [(seed, r) for r in sorted(mine)]
        if theirs is None:
            summary.gacrux_failed.append(seed)
        else:
            summary.gacrux += [(seed, r) for r in sorted(theirs)]
        for r in sorted(mine | (theirs or set())):
            who = "+".join(n for n, s in (("rochade", mine), ("gacrux", theirs or set()))
                           if r in s)
            print(f"seed {seed} ({settings.players} players, {settings.rounds} rounds"
                  f"{', Baku' if settings.baku else ''}): round {r} differs for {who}",
                  flush=True)
        if args.keep and (mine or theirs or theirs is None):
            args.keep.mkdir(parents=True, exist_ok=True)
            (args.keep / path.name).write_text(path.read_text(encoding="utf-8"),
                                               encoding="utf-8")
        path.unlink()
    summary.seconds = round(time.perf_counter() - start, 1)
    print(json.dumps(summary.__dict__, indent=1))


if __name__ == "__main__":
    main()
