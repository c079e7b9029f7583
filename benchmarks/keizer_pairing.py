"""Time Keizer pairing: 100 present players after a 40-round history (not a test).

Run: .venv/bin/python benchmarks/keizer_pairing.py [--players 100] [--rounds 40] [--repeat 50]

The history is made by the engine itself (realistic rematch patterns) with ~85 % attendance
and a reshuffled ranking each evening; then round 41 is paired with everyone present and the
median wall time of `pair_round` is printed for a few rule sets.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from dataclasses import replace

from rochade.core.keizer.pairing import KeizerState, pair_round
from rochade.core.keizer.settings import KeizerSettings, preset
from rochade.core.model import Absence, Entrant, Game, Result, Round, Tournament

RESULTS = (Result.WHITE_WINS, Result.DRAW, Result.BLACK_WINS)


def build_history(
    players: int, rounds: int, settings: KeizerSettings, seed: int
) -> tuple[Tournament, tuple[int, ...]]:
    """The tournament after `rounds` evenings, and the ranking before the next one."""
    rng = random.Random(seed)
    entrants = tuple(
        Entrant(i, f"Player {i}", rng.randint(1000, 2400)) for i in range(1, players + 1)
    )
    tournament = Tournament("benchmark", entrants)
    ranking = [e.id for e in tournament.start_order()]
    for number in range(1, rounds + 1):
        present = tuple(p for p in ranking if rng.random() < 0.85)
        pairing = pair_round(KeizerState(tournament, settings, number, present)).pairing
        games = tuple(
            Game(b.white, b.black, rng.choice(RESULTS), k) for k, b in enumerate(pairing.boards, 1)
        )
        absent = tuple(Absence(p, "excused") for p in ranking if p not in present)
        played = Round(number, games, absent, pairing.bye)
        tournament = replace(tournament, rounds=(*tournament.rounds, played))
        # a gently drifting ranking: each player moves a few places
        place = {p: i + rng.gauss(0, 4) for i, p in enumerate(ranking)}
        ranking.sort(key=place.__getitem__)
    return tournament, tuple(ranking)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", type=int, default=100)
    parser.add_argument("--rounds", type=int, default=40)
    parser.add_argument("--repeat", type=int, default=50)
    args = parser.parse_args()
    kfc, never = preset("kfc"), replace(preset("kfc"), rematch_gap=99)
    cases = [
        ("kfc (gap 4)", args.players, kfc),
        ("dutch-club (gap 6, colour diff 2)", args.players, preset("dutch-club")),
        (
            "kfc, max run 2, colour diff 1",
            args.players,
            replace(kfc, max_same_colour_run=2, max_colour_difference=1),
        ),
        ("kfc, never again (gap 99)", args.players, never),
        # few players, long history: everyone has met, the rules must be relaxed step by step
        ("kfc, never again, 12 players", 12, never),
    ]
    print(f"{args.rounds} rounds of history, median of {args.repeat} pairings of the next round")
    for label, players, settings in cases:
        tournament, ranking = build_history(players, args.rounds, settings, seed=1)
        state = KeizerState(tournament, settings, args.rounds + 1, ranking)
        times = []
        for _ in range(args.repeat):
            start = time.perf_counter()
            result = pair_round(state)
            times.append(time.perf_counter() - start)
        relaxed = ", ".join(sorted(r.value for r in result.relaxed)) or "none"
        median, worst = statistics.median(times) * 1000, max(times) * 1000
        print(
            f"{label:34s} {len(ranking):3d} present  median {median:6.1f} ms"
            f"  max {worst:6.1f} ms  (relaxed: {relaxed})"
        )


if __name__ == "__main__":
    main()
