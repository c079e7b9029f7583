"""The Burstein engine against bbpPairings v6 (`--burstein -p`) on 20 tournaments made by
bbpPairings' own generator (tests/data/burstein: the finished tournaments and, per round,
bbpPairings' answer for the state before it; made by benchmarks/burstein_conformance.py).
bbpPairings itself is not needed."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from rochade.core.burstein import BursteinEngine
from rochade.formats.trf import load_trf, rounds_recorded, same_pairing, state_before

DATA = Path(__file__).resolve().parents[2] / "data" / "burstein"
ANSWERS: dict[str, list[str]] = json.loads((DATA / "bbp_answers.json").read_text(
    encoding="utf-8"))


def _answer(text: str) -> tuple[set[tuple[int, int]], int | None]:
    pairs, bye = set(), None
    for line in text.strip().splitlines()[1:]:
        white, black = (int(x) for x in line.split())
        if black:
            pairs.add((white, black))
        else:
            bye = white
    return pairs, bye


def test_the_golden_corpus_is_whole() -> None:
    files = sorted(p.name for p in DATA.glob("*.trf"))
    assert len(files) == 20 and files == sorted(ANSWERS)
    assert sum(len(a) for a in ANSWERS.values()) >= 150


@pytest.mark.parametrize("name", sorted(ANSWERS))
def test_every_round_is_paired_as_bbppairings_pairs_it(name: str) -> None:
    data = load_trf((DATA / name).read_bytes())
    total = rounds_recorded(data)
    data = replace(data, total_rounds=total)
    assert len(ANSWERS[name]) == total
    engine = BursteinEngine()
    for rnd in range(1, total + 1):
        result = engine.pair_round(state_before(data, rnd))
        mine = {(b.white, b.black) for b in result.boards}
        assert (mine, result.bye) == _answer(ANSWERS[name][rnd - 1]), f"{name} round {rnd}"
        assert same_pairing(data, rnd, mine, result.bye)
