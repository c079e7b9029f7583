"""The C.04.6 team Swiss engine against gacrux on a handful of generated events (the big
run is benchmarks/team_swiss.py); each failure names the seed that replays it."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from benchmark_scripts import load
from rochade.core.teams.model import ColourModel
from rochade.core.teams.swiss import pair_team_round

team_swiss = load("team_swiss")

SEEDS = {ColourModel.TYPE_A: (3, 11), ColourModel.TYPE_B: (5,), ColourModel.NONE: (7,)}


@pytest.mark.parametrize(("model", "seed"), [(m, s) for m, seeds in SEEDS.items() for s in seeds])
def test_every_round_pairs_as_gacrux_pairs_it(model: ColourModel, seed: int,
                                              tmp_path: Path) -> None:
    played = team_swiss.generated_event(seed, model, (8, 14))
    rounds, problems = team_swiss.compare_event(played, tmp_path)
    assert rounds >= 5
    assert problems == [], f"replay: benchmarks/team_swiss.py -n 1 --seed {seed}"


def test_the_pairing_says_why() -> None:
    played = team_swiss.generated_event(3, ColourModel.TYPE_A, (8, 14))
    pairing = pair_team_round(played.event, 3)
    assert pairing.brackets and len(pairing.colour_rules) == len(pairing.matches)
    assert all(rule.startswith("4.3.") for rule in pairing.colour_rules)
    paired = [t for trace in pairing.brackets for pair in trace.pairs for t in pair]
    assert sorted(paired + ([pairing.bye] if pairing.bye else [])) == sorted(
        t.number for t in played.event.teams if t.plays(3))


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(min_value=0, max_value=10**6),
       model=st.sampled_from(list(ColourModel)))
def test_every_round_pairs_each_team_once_without_rematches(seed: int, model: ColourModel
                                                             ) -> None:
    played = team_swiss.generated_event(seed, model, (8, 12))
    met: set[frozenset[int]] = set()
    byes: set[int] = set()
    rounds = {r.number: r for r in played.event.rounds}
    for pairing in played.pairings:
        present = sorted(t.number for t in played.event.teams if t.plays(pairing.round))
        paired = [t for match in pairing.matches for t in match]
        assert sorted(paired + ([pairing.bye] if pairing.bye else [])) == present, seed
        assert not met & {frozenset(m) for m in pairing.matches}, seed
        assert pairing.bye not in byes, seed
        met |= {frozenset((m.home, m.away)) for m in rounds[pairing.round].matches if m.played}
        byes |= {pairing.bye} if pairing.bye else set()
