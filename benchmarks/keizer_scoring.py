"""Time Keizer standings for a large club season: 100 players x 40 rounds.

Run: .venv/bin/python benchmarks/keizer_scoring.py [--players 100] [--rounds 40] [--repeat 31]
Prints the median and best wall time and the median CPU time of compute_standings for each
recomputation scheme, and of standings_history.
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import statistics
import time
from collections.abc import Callable

from rochade.core.keizer.scoring import compute_standings, standings_history
from rochade.core.keizer.settings import Recompute, preset
from rochade.core.model import Absence, Entrant, Game, Result, Round, Status, Tournament

RESULTS = [Result.WHITE_WINS, Result.DRAW, Result.BLACK_WINS, Result.WHITE_WINS_FORFEIT]


def season(players: int, rounds: int, seed: int = 1) -> Tournament:
    """A random but plausible season: ~10% absent each evening, a few withdrawn entrants."""
    rng = random.Random(seed)
    entrants = tuple(
        Entrant(
            i,
            f"Player {i}",
            rng.randint(1000, 2300),
            Status.WITHDRAWN if i % 37 == 0 else Status.PRESENT,
        )
        for i in range(1, players + 1)
    )
    played = []
    for k in range(1, rounds + 1):
        ids = [e.id for e in entrants]
        rng.shuffle(ids)
        absent = ids[: players // 10]
        present = ids[players // 10 :]
        bye = present.pop() if len(present) % 2 else None
        games = tuple(
            Game(present[j], present[j + 1], rng.choice(RESULTS), j // 2 + 1)
            for j in range(0, len(present), 2)
        )
        absences = tuple(
            Absence(p, rng.choice(["excused", "unexcused", "club_duty"])) for p in absent
        )
        played.append(Round(k, games, absences, bye))
    return Tournament("bench", entrants, tuple(played))


def timed(fn: Callable[[], object], repeat: int) -> tuple[float, float, float]:
    """Median and best wall time, and median CPU time (less disturbed by a busy machine), in ms."""
    wall, cpu = [], []
    for _ in range(repeat):
        start, start_cpu = time.perf_counter(), time.process_time()
        fn()
        wall.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
    return statistics.median(wall) * 1000, min(wall) * 1000, statistics.median(cpu) * 1000


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", type=int, default=100)
    parser.add_argument("--rounds", type=int, default=40)
    parser.add_argument("--repeat", type=int, default=31)
    args = parser.parse_args()
    tournament = season(args.players, args.rounds)
    for scheme in Recompute:
        settings = dataclasses.replace(preset("kfc"), recompute=scheme)
        med, best, cpu = timed(lambda s=settings: compute_standings(tournament, s), args.repeat)
        print(
            f"compute_standings {scheme.value:14s} median {med:7.2f} ms  best {best:7.2f} ms"
            f"  cpu median {cpu:7.2f} ms"
        )
    settings = preset("kfc")
    for full in (True, False):
        med, best, cpu = timed(
            lambda f=full: standings_history(tournament, settings, with_breakdown=f),
            max(3, args.repeat // 5),
        )
        label = "with breakdown" if full else "ranks only"
        print(
            f"standings_history {label:14s} median {med:7.2f} ms  best {best:7.2f} ms"
            f"  cpu median {cpu:7.2f} ms"
        )


if __name__ == "__main__":
    main()
