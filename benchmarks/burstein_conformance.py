"""Round-by-round conformance of rochade's Burstein engine with bbpPairings' `--burstein`.

    .venv/bin/python benchmarks/burstein_conformance.py --bbp PATH/bbpPairings.exe CORPUS_DIR
    .venv/bin/python benchmarks/burstein_conformance.py --golden OUT_DIR --bbp ... CORPUS_DIR
    .venv/bin/python benchmarks/burstein_conformance.py --bbp ... --events 100 [--seed S]

The corpus is a folder of finished tournaments in TRF form, as bbpPairings' own generator
writes them (`bbpPairings --burstein -g CONFIG -o FILE -s SEED`; the files need no XXR or
XXC line: the round count is what the file records and the initial colour is read from
round 1). For every tournament and every round, the state before the round is written as
a TRF file, bbpPairings pairs it (`--burstein FILE -p OUT`), rochade pairs the same state,
and the two pairings (the set of white-black pairs and the bye) are compared; rochade's
pairing is also compared with the round as the file records it. `--golden OUT_DIR` copies
each tournament there and adds bbpPairings' answers to OUT_DIR/bbp_answers.json (the test
corpus of tests/data/burstein). Without `--bbp`, the answers are read from the corpus's own
bbp_answers.json.

`--events N` plays N random events with rochade's own generator (byes of every kind, late
entries, withdrawals, forfeits, some with Baku acceleration as XXA lines), rochade's
Burstein engine pairing each round, and compares every round with bbpPairings' answer.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path


def pairs_of(text: str) -> tuple[frozenset[tuple[int, int]], int | None]:
    """The pairs and the bye of an engine answer (count line, `white black`, `N 0`)."""
    pairs: set[tuple[int, int]] = set()
    bye = None
    for line in text.strip().splitlines()[1:]:
        white, black = (int(x) for x in line.split())
        if black == 0:
            bye = white
        else:
            pairs.add((white, black))
    return frozenset(pairs), bye


def bbp_answer(bbp: str, trf_text: str) -> str:
    with tempfile.TemporaryDirectory() as tmp:
        src, out = Path(tmp, "in.trf"), Path(tmp, "out.txt")
        src.write_text(trf_text, encoding="utf-8")
        done = subprocess.run([bbp, "--burstein", str(src), "-p", str(out)],
                              capture_output=True, text=True, check=False)
        if done.returncode != 0:
            return f"error {done.returncode}: {done.stderr.strip()}"
        return out.read_text(encoding="utf-8")


def main() -> int:
    from rochade.core.burstein import BursteinEngine
    from rochade.core.dutch import DutchError
    from rochade.formats.trf import (
        format_pairing,
        format_state,
        load_trf,
        rounds_recorded,
        same_pairing,
        state_before,
    )

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("corpus", type=Path, nargs="?")
    parser.add_argument("--events", type=int, help="random events of rochade's generator")
    parser.add_argument("--seed", type=int, default=2026, help="the first event's seed")
    parser.add_argument("--bbp", help="the bbpPairings v6 executable")
    parser.add_argument("--golden", type=Path, help="write inputs and bbp answers here")
    parser.add_argument("--limit", type=int, help="only the first N files")
    args = parser.parse_args()
    if args.events:
        return generated_events(args.bbp, args.events, args.seed)
    files = sorted(args.corpus.glob("*.trf"))
    if args.limit:
        files = files[: args.limit]
    stored: dict[str, list[str]] = {}
    if not args.bbp:
        stored = json.loads((args.corpus / "bbp_answers.json").read_text(encoding="utf-8"))
    answers: dict[str, list[str]] = {}
    engine = BursteinEngine()
    rounds = differ = recorded_differ = 0
    cpu = 0.0
    for path in files:
        data = load_trf(path.read_bytes())
        total = rounds_recorded(data)
        data = replace(data, total_rounds=data.total_rounds or total)
        for rnd in range(1, total + 1):
            state = state_before(data, rnd)
            text = format_state(state, path.stem) + "192 FIDE_BURSTEIN\n"
            start = time.process_time()
            try:
                result = engine.pair_round(state)
                mine_pairs = frozenset((b.white, b.black) for b in result.boards)
                mine_bye = result.bye
                mine = format_pairing(sorted(mine_pairs), mine_bye)
            except DutchError as exc:
                mine_pairs, mine_bye, mine = frozenset(), None, f"error: {exc}"
            cpu += time.process_time() - start
            reference = bbp_answer(args.bbp, text) if args.bbp else stored[path.name][rnd - 1]
            answers.setdefault(path.name, []).append(reference)
            rounds += 1
            if reference.startswith("error") or (mine_pairs, mine_bye) != pairs_of(reference):
                differ += 1
                print(f"{path.name} round {rnd}: differs\n  bbp:     "
                      f"{' '.join(reference.split())}\n  rochade: {' '.join(mine.split())}")
            if not same_pairing(data, rnd, mine_pairs, mine_bye):
                recorded_differ += 1
                print(f"{path.name} round {rnd}: differs from the recorded round")
    if args.golden:
        args.golden.mkdir(parents=True, exist_ok=True)
        for path in files:
            text = "\n".join(path.read_text(encoding="utf-8").splitlines()) + "\n"
            Path(args.golden, path.name).write_text(text, encoding="utf-8")
        Path(args.golden, "bbp_answers.json").write_text(
            json.dumps(answers, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"{len(files)} tournaments, {rounds} rounds compared with bbpPairings --burstein: "
          f"{differ} differ; {recorded_differ} differ from the recorded rounds; rochade "
          f"{cpu:.1f} s CPU")
    return 1 if differ else 0


def generated_events(bbp: str, count: int, first_seed: int) -> int:
    """Play `count` random events with the Burstein engine; compare every round with bbp."""
    import math
    import random

    from rochade.core.burstein import BursteinEngine
    from rochade.core.dutch.generator import GeneratorSettings, random_tournament
    from rochade.core.dutch.state import NoValidPairing, SwissState
    from rochade.core.pairing import Board, Pairing
    from rochade.formats.trf import format_pairing, format_state

    engine = BursteinEngine()
    rounds = differ = skipped = 0
    for seed in range(first_seed, first_seed + count):
        rng = random.Random(seed)
        players = int(math.exp(rng.uniform(math.log(10), math.log(201))))
        shape = GeneratorSettings(
            players=players, rounds=rng.randint(5, 11), draw_rate=rng.uniform(0.1, 0.4),
            forfeit_rate=rng.uniform(0, 0.05), half_bye_rate=rng.uniform(0, 0.05),
            absence_rate=rng.uniform(0, 0.04), full_bye_rate=rng.uniform(0, 0.02),
            late_entries=rng.randint(0, max(1, players // 10)),
            withdrawals=rng.randint(0, max(1, players // 10)), baku=rng.random() < 0.2)

        def pair(state: SwissState, seed: int = seed) -> Pairing:
            nonlocal rounds, differ
            reference = bbp_answer(bbp, format_state(state, f"event {seed}"))
            rounds += 1
            try:
                result = engine.pair_round(state)
            except NoValidPairing:
                if not reference.startswith("error 1:"):  # bbp: no valid pairing exists
                    differ += 1
                    print(f"event {seed} round {state.rounds_played + 1}: only rochade "
                          "finds no valid pairing")
                raise
            mine = (frozenset((b.white, b.black) for b in result.boards), result.bye)
            if reference.startswith("error") or mine != pairs_of(reference):
                differ += 1
                print(f"event {seed} round {state.rounds_played + 1}: differs\n  bbp:     "
                      f"{' '.join(reference.split())}\n  rochade: "
                      f"{' '.join(format_pairing(sorted(mine[0]), mine[1]).split())}")
            return Pairing(tuple(Board(b.white, b.black) for b in result.boards), result.bye)

        try:
            random_tournament(rng, shape, pair)
        except NoValidPairing:
            skipped += 1
    print(f"{count} events of rochade's generator ({skipped} stopped where neither engine "
          f"found a valid pairing), {rounds} rounds compared with bbpPairings --burstein: "
          f"{differ} differ")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
