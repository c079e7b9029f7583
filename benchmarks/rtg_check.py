"""RTG check of the Dutch system, as `rochade rtg --system dutch` runs it (the command is the
tool now; this script keeps the figures of docs/trf.md replayable with their old options).

    .venv/bin/python benchmarks/rtg_check.py -n 1000 [--seed 1] [--max-players 400]
        [--budget 3600] [--keep DIR] [--bbp PATH]

A seed gives the event it gave before, Baku included (one in five); one event in five more
now carries an acceleration of its own (a random table of virtual points). Every round is
checked by `rochade pair-trf -c` and by gacrux's pairing checker (and bbpPairings with
`--bbp`). Prints one line per discrepancy and a JSON summary.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from rochade.service.rtg import Tools, as_json, run_rtg


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", type=int, default=100, help="tournaments to generate")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first tournament")
    parser.add_argument("--max-players", type=int, default=400)
    parser.add_argument("--budget", type=float, default=3600, help="stop after these seconds")
    parser.add_argument("--keep", type=Path, help="write files with a discrepancy here")
    parser.add_argument("--bbp", type=Path, help="bbpPairings, to check with it as well")
    args = parser.parse_args()
    run = run_rtg(["dutch"], args.n, args.seed, args.max_players,
                  Tools(gacrux=True, bbp=args.bbp), args.keep, args.budget, say=print)
    print(as_json(run))


if __name__ == "__main__":
    main()
