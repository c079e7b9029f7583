"""The engine's weight layout, field by field (white-box: the rules the bit fields must keep).

Whole rounds rarely tell a too-narrow or misplaced field apart (it overflows only in large
brackets), so these tests state the layout's invariants directly.
"""

from __future__ import annotations

import itertools

from rochade.core.dutch.colours import allocate
from rochade.core.dutch.engine import DutchEngine, _LocalGraph
from rochade.core.dutch.generator import SwissLog
from rochade.core.dutch.players import Float, PlayerFacts, colour_preference, present_facts
from rochade.core.dutch.state import Colour
from rochade.core.dutch.weights import Weights


def weights_after_round_one() -> tuple[Weights, list[PlayerFacts]]:
    """8 players after one decisive game and three draws: score groups of 1, 6 and 1."""
    log = SwissLog([2500 - 10 * i for i in range(8)], 5)
    log.add_round([(1, 5, "1"), (6, 2, "="), (3, 7, "="), (8, 4, "=")])
    state = log.state()
    players = present_facts(state)
    return Weights(state, players), players


def test_count_fields_hold_the_largest_score_group() -> None:
    """A count field (C6, C8, C10-C17) sums one per pair of a bracket, so it must hold up to
    the largest score group's size without carrying into the field above; likewise each
    score group's slot of a score field (C7, C18-C21) holds up to that group's size."""
    weights, players = weights_after_round_one()
    sizes: dict[int, int] = {}
    for p in players:
        sizes[p.score] = sizes.get(p.score, 0) + 1
    assert sorted(sizes.values()) == [1, 1, 6]
    assert 1 << weights.size_bits > 6
    scores = sorted(sizes)
    ends = [weights.shift[s] for s in scores[1:]] + [weights.score_bits]
    for score, end in zip(scores, ends, strict=True):
        assert 1 << (end - weights.shift[score]) > sizes[score]


def test_completion_field_starts_at_low_and_the_local_mask_keeps_all_below() -> None:
    """The completion field (C4, C2, C5) sits exactly at bit `low`, with C6's pair count
    right below it: `_LocalGraph` drops the completion field by masking `low` bits, which
    must keep every quality field whole and nothing of the completion field."""
    weights, players = weights_after_round_one()
    bits = weights.size_bits
    mask = _LocalGraph(len(players), weights, players).mask
    hi, lo = 1, 2  # two players of the 6-player group
    assert players[hi].score == players[lo].score
    completion = 1 + (not weights.candidate(players[hi])) + (not weights.candidate(players[lo]))
    w = weights.edge(hi, lo, True, False)
    assert w >> weights.low == completion
    assert (w & mask) >> (weights.low - bits) == 1  # C6: one pair in the current bracket
    assert w & mask == w - (completion << weights.low)


def test_c19_counts_a_pair_once_in_the_higher_players_score_slot() -> None:
    """C19 (the lowest field `_float_bits` writes after one round) adds one per pair in the
    slot of the higher player's score, so that a bracket's sum stays inside that slot."""
    weights, players = weights_after_round_one()
    h, lw = players[1], players[2]
    assert h.floats[0] is not Float.UP and lw.floats[0] is not Float.UP
    field = weights._float_bits(0, h, lw, True) & ((1 << weights.score_bits) - 1)
    assert field == 1 << weights.shift[h.score]


def absolute_facts(tpn: int, colours: str) -> PlayerFacts:
    played = tuple(Colour(c) for c in colours)
    pref, absolute, strong, imbalance, repeated = colour_preference(played)
    return PlayerFacts(tpn, tpn - 1, 0, 0, played, pref, absolute, strong, imbalance,
                       repeated, len(played), True, (Float.NONE, Float.NONE), frozenset())


def test_c11_counts_exactly_the_pairs_whose_allocation_repeats_a_colour_a_third_time() -> None:
    """C11 (topscorers with the same absolute preference, final round): the pair is good
    exactly when the colour allocation (Art. 5.2) gives neither player the colour of its
    last two games a third time, for every pair of histories of 2-5 games, either way round."""
    weights, _ = weights_after_round_one()
    bits = weights.size_bits
    histories = ["".join(t) for n in range(2, 6) for t in itertools.product("wb", repeat=n)]
    firsts = [f for f in (absolute_facts(1, h) for h in histories) if f.absolute]
    seconds = [f for f in (absolute_facts(2, h) for h in histories) if f.absolute]
    checked = 0
    for a, b in itertools.product(firsts, seconds):
        if a.preference is not b.preference:
            continue
        colour, _ = allocate(a, b, Colour.WHITE)
        third = (a.colours[-2:] == (colour, colour)
                 or b.colours[-2:] == (colour.opposite, colour.opposite))
        for p, o in ((a, b), (b, a)):
            c11 = (weights._colour_bits(0, p, o, True) >> (2 * bits)) & ((1 << bits) - 1)
            assert c11 == (not third), (a.colours, b.colours)
            checked += 1
    assert checked > 1000


def scored(tpn: int, score: int) -> PlayerFacts:
    return PlayerFacts(tpn, tpn - 1, score, score, (), None, False, False, 0, None, 0,
                       True, (Float.NONE, Float.NONE), frozenset())


def weights_for(players: list[PlayerFacts]) -> Weights:
    """Weights of a hand-made field (the state only lends the round, scoring and rules)."""
    log = SwissLog([2500 - 10 * i for i in range(len(players))], 5)
    log.add_round([(1, 2, "=")])
    return Weights(log.state(), players)


def test_the_bye_probe_keeps_the_top_groups_pairs_inside_it() -> None:
    """The probe's lowest field counts one per pair of two top-group players (C5's probe
    keeps the top group's pairs inside it when the bye can fall anywhere), and nothing for a
    pair reaching below the top score, however small the top group."""
    weights = weights_for([scored(1, 10), scored(2, 10), scored(3, 5), scored(4, 5),
                           scored(5, 0)])
    low_field = (1 << weights.size_bits) - 1
    assert weights.bye_probe(0, 1) & low_field == 1
    assert weights.bye_probe(1, 2) & low_field == 0
    assert weights.bye_probe(2, 3) & low_field == 0
    alone = weights_for([scored(1, 10), scored(2, 5), scored(3, 5)])
    assert alone.bye_probe(1, 2) & ((1 << alone.size_bits) - 1) == 0


def test_c9_applies_only_when_the_top_group_floats_just_the_bye_receiver() -> None:
    """C9 ranks the bye candidates by unplayed games only when the bye falls in the top
    score group and every other top-group player is paired inside that group."""
    def c9(scores: list[int], mate: list[int]) -> bool:
        players = [scored(i + 1, s) for i, s in enumerate(scores)]
        weights = weights_for(players)
        DutchEngine._prepare_bye(weights, players, mate)
        assert weights.c9_used == weights.single_bye_floater
        return weights.single_bye_floater

    assert c9([10, 10, 10, 5, 5], [0, 2, 1, 4, 3])  # 1 single, 2-3 and 4-5 paired
    assert not c9([10, 10, 10, 5, 5], [0, 3, 4, 1, 2])  # 2 and 3 paired below the top
    assert not c9([10, 10, 5, 5, 5], [1, 0, 3, 2, 4])  # the bye below the top group
    assert not c9([10, 5, 5, 5, 5], [1, 0, 3, 2, 4])  # the same with a top group of one
