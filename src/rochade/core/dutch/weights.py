"""The edge weights of the Dutch engine: every criterion a bit field of one integer.

Most important first: absolute criteria decide whether an edge exists; completion and the bye
(C4, C5, C2) come next, then pairs and scores in the current bracket (C6, C7), in the next
bracket (C8), the bye's unplayed games (C9), colours (C10-C13) and floats (C14-C21). The lowest
bits are left free so that the order in which the rules generate candidates (transpositions,
exchanges, MDP choice; Arts. 3-4) can be imposed by small re-weightings and re-solves: whenever
the heavy bits tie, the matching then picks the candidate the rules would generate first.

One module: the bit layout, the code that sets each bit and the reading of a bit as its
criterion (`fields`, which the explanation uses) change together.
"""

from __future__ import annotations

from rochade.core.dutch.players import Float, PlayerFacts
from rochade.core.dutch.state import SwissState


def compatible(a: PlayerFacts, b: PlayerFacts, state: SwissState, top_limit: int,
                forbidden: dict[int, set[int]]) -> bool:
    """C1 (no rematch, no forbidden pair) and C3 (two absolute preferences for the same
    colour only when one of them is a topscorer in the final round)."""
    if b.tpn in a.met or b.tpn in forbidden.get(a.tpn, ()):
        return False
    if not a.absolute or not b.absolute or a.preference is not b.preference:
        return True
    final_round = state.rounds_played >= state.total_rounds - 1
    return final_round and (a.score > top_limit or b.score > top_limit)


class Weights:
    """Edge weights of the Dutch criteria for one round (bit layout in the module doc)."""

    def __init__(self, state: SwissState, players: list[PlayerFacts]) -> None:
        self.state = state
        self.players = players
        sizes: dict[int, int] = {}
        for p in players:
            sizes[p.score] = sizes.get(p.score, 0) + 1
        self.shift: dict[int, int] = {}
        total = 0
        for score in sorted(sizes):
            self.shift[score] = total
            total += sizes[score].bit_length()
        self.score_bits = total
        self.size_bits = max(sizes.values()).bit_length()
        bits, played = self.size_bits, state.rounds_played
        floats = sum(2 * bits + 2 * total for back in (0, 1) if played > back)
        # bit position of the completion field: everything below it is bracket quality
        self.low = 2 * (bits + total) + 6 * bits + floats + 3 * bits + 1
        scoring = state.scoring
        self.top_limit = (state.rounds_played * max(scoring.win, scoring.draw)) >> 1
        self.forbidden: dict[int, set[int]] = {}
        for group in state.forbidden:
            for tpn in group:
                self.forbidden.setdefault(tpn, set()).update(group - {tpn})
        self.bye_score = 0
        self.single_bye_floater = False
        self.c9_used = False  # C9 ranked bye candidates in some bracket
        self.unplayed_rank: dict[int, int] = {}
        # Beyond C1/C3, an edge's weight depends only on these facts of its two players
        # (and on the bye settings above), and a field has few distinct combinations of
        # them: each combination's weight is computed once.
        kinds: dict[tuple[object, ...], int] = {}
        self.kind = [
            kinds.setdefault(
                (p.score, p.bye_eligible, p.played_games, p.preference, p.absolute, p.strong,
                 p.imbalance, p.repeated, p.floats),
                len(kinds),
            )
            for p in players
        ]
        self.known: dict[tuple[int, int, bool, bool, int, bool], int] = {}

    def ok(self, i: int, j: int) -> bool:
        """C1 and C3 between players i and j (indices in pairing order)."""
        return compatible(self.players[i], self.players[j], self.state, self.top_limit,
                           self.forbidden)

    def candidate(self, p: PlayerFacts) -> bool:
        return p.bye_eligible and p.score <= self.bye_score

    def bye_probe(self, i: int, j: int) -> int:
        """Weight for finding the lowest score at which the bye can fall (C5)."""
        if not self.ok(i, j):
            return 0
        a, b = self.players[i], self.players[j]
        w = 1 + (not a.bye_eligible) + (not b.bye_eligible)
        w <<= self.score_bits
        w |= self.shift[a.score] + self.shift[b.score]
        w <<= self.size_bits
        w |= b.score >= self.players[0].score
        return w

    def edge(self, hi: int, lo: int, in_current: bool, in_next: bool) -> int:
        """The criteria weight of pairing players hi < lo (pairing order).

        `in_current`: lo belongs to the bracket being paired (so hi does too);
        `in_next`: lo belongs to the next score group (the C8 look-ahead).
        """
        if not self.ok(hi, lo):
            return 0
        key = (self.kind[hi], self.kind[lo], in_current, in_next, self.bye_score,
               self.single_bye_floater)
        weight = self.known.get(key)
        if weight is None:
            weight = self.known[key] = self._criteria(hi, lo, in_current, in_next)
        return weight

    def _criteria(self, hi: int, lo: int, in_current: bool, in_next: bool) -> int:
        h, lw = self.players[hi], self.players[lo]
        bits, sbits = self.size_bits, self.score_bits
        shift = self.shift
        # C4, C2, C5: stay completable, with the bye on an eligible lowest-score player.
        w = 1 + (not self.candidate(h)) + (not self.candidate(lw))
        # C6, C7: pairs and paired scores in this bracket.
        w = (w << bits) | in_current
        w <<= sbits
        if in_current:
            w |= 1 << shift[h.score]
        # C8: the same for the next bracket.
        w = (w << bits) | in_next
        w <<= sbits
        if in_next:
            w |= 1 << shift[h.score]
        # C9: leave the bye to the candidate with the fewest unplayed rounds.
        w <<= 2 * bits
        if self.single_bye_floater:
            if h.score == self.bye_score:
                w |= self.unplayed_rank[h.played_games]
            if lw.score == self.bye_score:
                w += self.unplayed_rank[lw.played_games]
        w = self._colour_bits(w, lw, h, in_current)
        w = self._float_bits(w, h, lw, in_current)
        # free bits for the generation order (exchanges, transpositions, MDP choice)
        return w << (3 * bits + 1)

    def _colour_bits(self, w: int, p: PlayerFacts, o: PlayerFacts, on: bool) -> int:
        """C10-C13, counted only for pairs inside the current bracket."""
        bits = self.size_bits
        same = p.preference is o.preference
        # C10: topscorers' colour difference beyond +-2
        w = (w << bits) | (on and (p.imbalance <= 1 or o.imbalance <= 1 or not same))
        # C11: topscorers getting the same colour three times in a row
        if p.imbalance == o.imbalance:
            third_ok = p.repeated is None or p.repeated is not o.repeated
        else:
            lesser = o if p.imbalance > o.imbalance else p
            third_ok = p.preference is None or lesser.repeated is not p.preference.opposite
        w = (w << bits) | (on and (not p.absolute or not o.absolute or not same or third_ok))
        # C12: colour preferences
        w = (w << bits) | (on and (not same or p.preference is None))
        # C13: strong colour preferences
        strong_clash = (p.strong or p.absolute) and (o.strong or o.absolute) and not (
            p.absolute and o.absolute
        )
        return (w << bits) | (on and (not same or not strong_clash))

    def _float_bits(self, w: int, h: PlayerFacts, lw: PlayerFacts, on: bool) -> int:
        """C14-C21: repeated floats one and two rounds back, and their scores."""
        bits, sbits, shift = self.size_bits, self.score_bits, self.shift
        played = self.state.rounds_played
        mdp_pair = h.score > lw.score
        for back in (0, 1):
            if played <= back:
                continue
            # C14/C16: residents who would float down again
            w <<= bits
            if on:
                w |= lw.floats[back] is Float.DOWN
                w += h.score <= lw.score and h.floats[back] is Float.DOWN
            # C15/C17: MDP opponents who would float up again
            w = (w << bits) | (on and not (mdp_pair and lw.floats[back] is Float.UP))
        for back in (0, 1):
            if played <= back:
                continue
            # C18/C20: scores of repeated downfloaters
            w <<= sbits
            if on:
                w += (lw.floats[back] is Float.DOWN) << shift[lw.score]
                w += (h.floats[back] is Float.DOWN) << shift[h.score]
            # C19/C21: scores of the opponents of repeated upfloaters
            w <<= sbits
            if on and not (lw.floats[back] is Float.UP and mdp_pair):
                w |= 1 << shift[h.score]
        return w


def fields(weights: Weights) -> list[tuple[str, int]]:
    """The engine's edge-weight bit fields below the completion field, lowest first, as
    `Weights.edge` lays them out (the test suite checks they add up to `weights.low`)."""
    b, s = weights.size_bits, weights.score_bits
    played = weights.state.rounds_played
    top = [("C6", b), ("C7", s), ("C8", b), ("C8", s), ("C9", 2 * b),
           ("C10", b), ("C11", b), ("C12", b), ("C13", b)]
    for back, (down, up) in enumerate((("C14", "C15"), ("C16", "C17"))):
        if played > back:
            top += [(down, b), (up, b)]
    for back, (down, up) in enumerate((("C18", "C19"), ("C20", "C21"))):
        if played > back:
            top += [(down, s), (up, s)]
    top.append(("order", 3 * b + 1))
    return top[::-1]


def field_of(weights: Weights, bit: int) -> str:
    """The criterion whose field holds weight bit `bit`."""
    start = 0
    for name, width in fields(weights):
        if bit < start + width:
            return name
        start += width
    return "C4"
