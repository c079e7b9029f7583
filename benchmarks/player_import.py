"""Time `rochade player import` of a long player list into a fresh club file (issue 11.6:
the import must be linear, 5 000 players in a few seconds).

Run: .venv/bin/python benchmarks/player_import.py [--players 5000] [--runs 3] [--rounds 0]
Prints the wall time of the whole command (a fresh process each run, as a TD runs it) for
the list and for half of it: a linear import takes about twice as long for twice the players.
`--rounds N` plays N Keizer rounds with 20 players first, so the players join late.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROCHADE = Path(sys.executable).with_name("rochade")


def rochade(*args: object) -> None:
    subprocess.run([ROCHADE, *map(str, args)], check=True, stdout=subprocess.DEVNULL)


def timed_import(players: int, rounds: int, folder: Path) -> float:
    club = folder / f"club-{players}-{time.monotonic_ns()}.rochade"
    rochade("init", club)
    rochade("tournament", "create", club, "Season")
    if rounds:
        first = folder / "first.csv"
        first.write_text("".join(f"First {i},{1500 + i}\n" for i in range(20)), "utf-8")
        rochade("player", "import", club, first)
        for number in range(1, rounds + 1):
            rochade("pair", club)
            for board in range(1, 11):
                rochade("result", club, number, board, "1-0")
    listed = folder / f"list-{players}.csv"
    listed.write_text(
        "name,rating,fide_id\n"
        + "".join(f"Player {i:05},{1000 + i % 1800},{4_000_000 + i}\n" for i in range(players)),
        "utf-8",
    )
    start = time.perf_counter()
    rochade("player", "import", club, listed)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", type=int, default=5000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--rounds", type=int, default=0)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        for players in (args.players // 2, args.players):
            times = [timed_import(players, args.rounds, Path(tmp)) for _ in range(args.runs)]
            print(f"{players} players: median {statistics.median(times):.2f} s "
                  f"(runs: {', '.join(f'{t:.2f}' for t in times)})")


if __name__ == "__main__":
    main()
