"""Dutch cases the bbpPairings corpus never builds, each round against bbpPairings' pairing.

The files in tests/data/dutch (see the README there) are whole tournaments made by
bbpPairings' random generator, chosen because a rule that the corpus leaves untested decides
one of their rounds: last-round topscorers whose colours C10 or C11 must protect, and
brackets that need two or more exchanges (4.3), so that the S2-side exchange loop runs.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from rochade.core.dutch.engine import DutchEngine
from rochade.formats.trf import parse_trf, recorded_pairing, rounds_recorded, state_before

DATA = Path(__file__).resolve().parents[2] / "data" / "dutch"
CASES = sorted(p.name for p in DATA.glob("*.trf"))


def test_the_cases_are_there() -> None:
    assert len(CASES) == 5


@pytest.mark.parametrize("name", CASES)
def test_every_round_is_paired_as_bbppairings_paired_it(name: str) -> None:
    trf = parse_trf((DATA / name).read_text(encoding="utf-8"))
    assert rounds_recorded(trf) == trf.total_rounds
    wrong = []
    for rnd in range(1, trf.total_rounds + 1):
        result = DutchEngine().pair_round(state_before(trf, rnd))
        pairs, bye = recorded_pairing(trf, rnd)
        if {(b.white, b.black) for b in result.boards} != set(pairs) or result.bye != bye:
            wrong.append(rnd)
    assert wrong == [], f"{name}: rounds {wrong} differ from bbpPairings"
