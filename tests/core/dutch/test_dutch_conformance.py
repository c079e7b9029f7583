"""Every round of the bbpPairings-generated corpus in ../shared/conformance/dutch.

The shared checking tool builds each round's input (history up to the round, pre-assigned
absences, recomputed scores) and the expected pairing; the engine runs in-process through
the same reader as `rochade pair-trf`, so pairs, colours and the bye must all match.
"""

from __future__ import annotations

import os
from pathlib import Path
from types import ModuleType

import pytest

from benchmark_scripts import load_file
from rochade.core.dutch.engine import DutchEngine
from rochade.formats.trf import parse_trf, to_swiss_state

BESIDE_REPO = Path(__file__).resolve().parents[3].parent / "shared"
SHARED = Path(os.environ.get("ROCHADE_SHARED", BESIDE_REPO))
CORPUS = SHARED / "conformance" / "dutch"


def corpus_files() -> list[str]:
    return sorted(p.name for p in CORPUS.glob("*.trf"))


@pytest.fixture(scope="module")
def tool(shared_dir: Path) -> ModuleType:
    return load_file("dutch_conformance", shared_dir / "tools" / "dutch_conformance.py")


@pytest.mark.parametrize("name", corpus_files())
def test_every_round_matches_the_reference(tool: ModuleType, shared_dir: Path,
                                           name: str) -> None:
    tournament = tool.load_trf(shared_dir / "conformance" / "dutch" / name)
    engine = DutchEngine()
    wrong = []
    for rnd in range(1, tournament.total_rounds + 1):
        pairs, bye = tournament.expected_pairing(rnd)
        result = engine.pair_round(to_swiss_state(parse_trf(tournament.truncated(rnd))))
        if {(b.white, b.black) for b in result.boards} != pairs or result.bye != bye:
            wrong.append(rnd)
    assert wrong == [], f"{name}: rounds {wrong} differ from bbpPairings"


def test_corpus_is_complete(shared_dir: Path) -> None:
    assert len(corpus_files()) == 100
