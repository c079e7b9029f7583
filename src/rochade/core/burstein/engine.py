"""The FIDE Burstein system as a sequence of maximum-weight matchings.

The bye goes to the lowest player in pairing order who may have it. Score groups are then
fixed from the top: a group is merged with the next one while it cannot be paired with at
most one player moving down (every player above must stay paired). Inside each group, in
the Burstein index order, the top unpaired player gets the lowest-ranked opponent that
still lets the whole round be paired with as many same-group pairs and colour preferences
granted as before. Each edge weight holds these criteria as separate digit fields, the
order of the reference engine bbpPairings, so that every choice falls as it does there.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass

from rochade.core.burstein.order import (
    Metric,
    bye_eligible,
    metrics,
    sort_group,
    with_default_acceleration,
)
from rochade.core.dutch.colours import allocate
from rochade.core.dutch.matching import WeightedMatching
from rochade.core.dutch.players import PlayerFacts, present_facts
from rochade.core.dutch.state import Colour, DutchError, NoValidPairing, SwissState
from rochade.core.messages import N_, Said
from rochade.core.pairing import Board, Pairing

_LIMIT = 9999  # the digit fields are sized for fields of up to this many players
COLOUR = _LIMIT - _LIMIT % 2
SAME_GROUP = COLOUR * (_LIMIT // 2 + 1)
COMPATIBLE = SAME_GROUP * (_LIMIT // 2 + 1)


@dataclass(frozen=True, slots=True)
class BursteinBoard:
    """A pair, white first, with the colour rule that decided it."""

    white: int
    black: int
    colour_rule: str


@dataclass(frozen=True)
class GroupTrace:
    """One score group as it was paired: its players in index order (a player moved down
    from above included), its pairs (higher first) and who moved on down."""

    score: int
    order: tuple[int, ...]
    pairs: tuple[tuple[int, int], ...]
    floater: int | None
    merged: bool  # the group took in a lower score group to be pairable
    why: tuple[str, ...] = ()  # per pair: what kept the top player from a lower partner


@dataclass(frozen=True)
class BursteinResult:
    """A round's pairing plus what the explanation reads back."""

    boards: tuple[BursteinBoard, ...]
    bye: int | None
    groups: tuple[GroupTrace, ...]
    metric: dict[int, Metric]
    facts: dict[int, PlayerFacts]


class BursteinEngine:
    """FIDE Burstein pairing engine; `pair` follows the PairingEngine protocol."""

    name = "burstein"

    def pair_round(self, state: SwissState, detail: bool = False) -> BursteinResult:
        """Pair the next round; raise NoValidPairing when no legal pairing exists.
        `detail`: find out for each pair why the top player did not get a lower partner
        (one more matching per such pair, for the explanation)."""
        if state.rounds_played >= state.total_rounds:
            raise DutchError("all {total_rounds} rounds are already paired",
                             total_rounds=state.total_rounds)
        state = with_default_acceleration(state)
        metric = metrics(state)
        present = present_facts(state)
        facts = {p.tpn: p for p in present}
        by_tpn = {p.tpn: p for p in state.players}
        order = sorted(present, key=lambda f: (
            -f.score, -metric[f.tpn].sonneborn_berger, -metric[f.tpn].buchholz,
            -metric[f.tpn].median, metric[f.tpn].rank))
        bye: int | None = None
        if len(order) % 2:
            k = next((i for i in range(len(order) - 1, -1, -1)
                      if bye_eligible(by_tpn[order[i].tpn])), None)
            if k is None:
                raise NoValidPairing("no player may receive the pairing-allocated bye")
            bye = order.pop(k).tpn
        forbidden: set[frozenset[int]] = set()
        for group in state.forbidden:
            forbidden.update(frozenset((a, b)) for a in group for b in group if a != b)
        pairing = _Pairing(order, forbidden, metric, detail and len(order) <= DETAIL_LIMIT)
        groups = pairing.run()
        boards = []
        for a, b in pairing.pairs:
            colour, rule = _colour(facts[a], facts[b], metric, state.initial_colour)
            boards.append(BursteinBoard(a, b, rule) if colour is Colour.WHITE
                          else BursteinBoard(b, a, rule))
        boards.sort(key=lambda x: _board_key(facts[x.white], facts[x.black]))
        return BursteinResult(tuple(boards), bye, tuple(groups), metric, facts)

    def pair(self, state: SwissState) -> Pairing:
        """The PairingEngine entry point: boards white first, the bye, and the explanation."""
        result = self.pair_round(state, detail=True)
        return Pairing(
            boards=tuple(Board(b.white, b.black) for b in result.boards),
            bye=result.bye,
            explanation=tuple(explain(result)),
        )


DETAIL_LIMIT = 120
"""Largest field whose explanation tells, pair by pair, why a lower partner was not taken."""


class _Pairing:
    """The two passes over the players left after the bye, in pairing order."""

    def __init__(self, order: list[PlayerFacts], forbidden: set[frozenset[int]],
                 metric: dict[int, Metric], detail: bool = False) -> None:
        self.players = order
        self.forbidden = forbidden
        self.metric = metric
        self.detail = detail
        self.n = len(order)
        self.matching = WeightedMatching(self.n)
        self.weight: dict[tuple[int, int], int] = {}  # what the matching holds, for `_why`
        self.pairs: list[tuple[int, int]] = []

    def set_weight(self, a: int, b: int, weight: int) -> None:
        self.matching.set_weight(a, b, weight)
        if self.detail:
            self.weight[(a, b) if a < b else (b, a)] = weight

    def _total(self, mate: list[int]) -> int:
        return sum(self.weight.get((v, m), 0) for v, m in enumerate(mate) if v < m)

    def _why(self, v: int, natural: int, mate: list[int]) -> str:
        """Why v does not meet `natural`, the lowest unpaired player of its group: the
        absolute criterion that forbids it, or the first weight field that pairing v with
        it would lower (all pairs, pairs inside the groups, colour preferences)."""
        a, b = self.players[v], self.players[natural]
        if b.tpn in a.met:
            return "met"
        if frozenset((a.tpn, b.tpn)) in self.forbidden:
            return "forbidden"
        if not self.edge(v, natural, True, True):
            return "colours"
        if not self.detail:
            return "optimum"
        forced = copy.deepcopy(self.matching)
        for u in range(self.n):
            if u not in (v, natural):
                forced.set_weight(v, u, 0)
        other = [u if m < 0 else m for u, m in enumerate(forced.solve())]
        best, alt = self._total(mate), self._total(other)
        for field, unit in (("pairs", COMPATIBLE), ("groups", SAME_GROUP),
                            ("colour", COLOUR)):
            if best // unit != alt // unit:
                return field
            best, alt = best % unit, alt % unit
        return "optimum"

    def edge(self, i: int, j: int, same: bool, colours: bool) -> int:
        """The weight of i-j: compatible, in the same group, colour preferences granted."""
        a, b = self.players[i], self.players[j]
        if b.tpn in a.met or frozenset((a.tpn, b.tpn)) in self.forbidden or (
                a.absolute and b.absolute and a.preference is b.preference):
            return 0
        weight = COMPATIBLE
        if same:
            weight += SAME_GROUP
            if colours and (a.preference is not b.preference or a.preference is None
                            or b.preference is None):
                weight += COLOUR
        return weight

    def mates(self) -> list[int]:
        return [v if m < 0 else m for v, m in enumerate(self.matching.solve())]

    def run(self) -> list[GroupTrace]:
        bounds, merged = self._score_groups()
        return self._pair_groups(bounds, merged)

    def _score_groups(self) -> tuple[list[int], set[int]]:
        """Group boundaries (a repeated one: nobody floats across it) and the starts of
        groups that had to take in the next one."""
        n, players = self.n, self.players
        sg = [0, 0]
        merged: set[int] = set()
        valid = True
        while sg[-1] < n:
            sg.append(sg[-1])
            while True:
                begin = sg[-1]
                while True:
                    new = sg[-1]
                    for v in range(sg[-3], new):
                        self.set_weight(new, v, self.edge(v, new, v >= sg[-2], False))
                    sg[-1] += 1
                    if not (sg[-1] < n and players[begin].score == players[sg[-1]].score):
                        break
                if sg[-1] % 2:  # someone must float: the next player stands in for now
                    for v in range(sg[-2], sg[-1]):
                        self.set_weight(sg[-1], v, COMPATIBLE)
                valid = self._valid(self.mates(), sg)
                if sg[-1] >= n or valid:
                    break
                merged.add(sg[-2])
            if sg[-1] < n and sg[-1] % 2 == 0:
                sg.append(sg[-1])
        while len(sg) > 3 and not valid:  # the last group cannot pair: take the one above in
            sg.pop()
            boundary = sg.pop()
            begin = sg.pop()
            for outer in range(sg[-1], boundary):
                for inner in range(boundary, n):
                    self.set_weight(outer, inner,
                                        self.edge(outer, inner, outer >= begin, False))
            sg += [begin, n]
            merged.add(begin)
            valid = self._valid(self.mates(), sg)
        if not valid:
            raise NoValidPairing(
                "the players cannot all be paired without a rematch, a forbidden pair or a "
                "clash of absolute colour preferences")
        return sg, merged

    @staticmethod
    def _valid(mate: list[int], sg: list[int]) -> bool:
        """Every group above the last is paired but for one player moving down (two when
        one came down into it), and nobody above the last group is left out."""
        it = 0
        unmatched = begin = 0
        for v, m in enumerate(mate):
            if v >= sg[-1]:
                return True
            if v >= sg[it]:
                unmatched, begin = 0, v
                while v >= sg[it]:
                    it += 1
            if m == v and v < sg[-2]:
                return False
            if m == v or m < begin or m >= sg[it]:
                unmatched += 1
                if unmatched > (2 if sg[it] % 2 else 1):
                    return False
        return True

    def _pair_groups(self, sg: list[int], merged: set[int]) -> list[GroupTrace]:
        """Top player of each group first, against the lowest opponent that keeps the
        optimum; whoever is matched below the group moves down into the next."""
        players, metric, matching = self.players, self.metric, self.matching
        done = [False] * self.n
        traces: list[GroupTrace] = []
        floater: int | None = None
        begin = sg[0]
        for end in sg[1:]:
            if begin == end:
                continue
            members = list(range(begin, end)) + ([floater] if floater is not None else [])
            floater = None
            tpn_metric = {v: metric[players[v].tpn] for v in members}
            full = sort_group(members, tpn_metric)
            for a, v in enumerate(full):
                for u in reversed(full[a + 1:]):
                    self.set_weight(v, u, self.edge(v, u, True, True))
            pairs: list[tuple[int, int]] = []
            why: list[str] = []
            for a, v in enumerate(full):
                if done[v]:
                    continue
                priority = 1
                for u in full[a + 1:]:
                    if not done[u]:
                        w = self.edge(v, u, True, True)
                        if w:
                            self.set_weight(v, u, w + priority)
                            priority += 1
                mate = self.mates()
                m = mate[v]
                if m >= end:
                    floater = v
                else:
                    natural = next(u for u in reversed(full) if not done[u] and u != v)
                    why.append("natural" if m == natural else self._why(v, natural, mate))
                    done[v] = done[m] = True
                    matching.remove(v)
                    matching.remove(m)
                    pairs.append((players[v].tpn, players[m].tpn))
                    self.pairs.append((players[v].tpn, players[m].tpn))
            traces.append(GroupTrace(
                score=players[begin].score,
                order=tuple(players[v].tpn for v in full),
                pairs=tuple(pairs),
                floater=None if floater is None else players[floater].tpn,
                merged=begin in merged,
                why=tuple(why),
            ))
            begin = end
        return traces


def _colour(a: PlayerFacts, b: PlayerFacts, metric: dict[int, Metric],
            initial: Colour) -> tuple[Colour, str]:
    """The colour for `a` against `b`: the rules shared with the Dutch system, then for equal
    preferences the player higher in the index order, and without preferences the parity
    of the better pairing rank (not the pairing order: scores do not enter)."""
    colour, rule = allocate(a, b, initial)
    if rule == "5.2.4":
        assert a.preference is not None and b.preference is not None
        if metric[a.tpn].below(metric[b.tpn]):
            return b.preference.opposite, rule
        return a.preference, rule
    if rule == "5.2.5":
        if a.rank < b.rank:
            return (initial.opposite if a.rank % 2 else initial), rule
        return (initial if b.rank % 2 else initial.opposite), rule
    return colour, rule


def _board_key(a: PlayerFacts, b: PlayerFacts) -> tuple[int, int, int]:
    """Board order: the higher player's score, then the sum, then the higher's rank."""
    hi, lo = (a, b) if (a.score, -a.rank) > (b.score, -b.rank) else (b, a)
    return (-hi.score, -lo.score, hi.rank)


_RULES = {
    "5.2.1": N_("both colour preferences granted"),
    "5.2.2": N_("the stronger colour preference wins"),
    "5.2.3": N_("colours alternate from the last round the two histories differed"),
    "5.2.4": N_("the player higher in the index order gets the preferred colour"),
    "5.2.5": N_("pairing number parity of the higher-ranked player with the drawn colour"),
}


_WHY = {
    "natural": N_("the lowest unpaired player of the group in the index order"),
    "met": N_("the lowest unpaired player of the group was already met"),
    "forbidden": N_("the lowest unpaired player of the group is a forbidden pair"),
    "colours": N_("the lowest unpaired player of the group has the same absolute colour "
                  "preference"),
    "pairs": N_("a lower partner would leave the rest of the round unpairable"),
    "groups": N_("a lower partner would leave fewer pairs inside the score groups"),
    "colour": N_("a lower partner would grant fewer colour preferences"),
    "optimum": N_("the lowest partner in the index order that keeps the most pairs, pairs "
                  "inside the score groups and colour preferences granted"),
}


def explain(result: BursteinResult) -> list[Said]:
    """Per score group: the index order, each pair and who moved down; then the bye and
    each board's colour rule."""
    from rochade.core.messages import Message

    lines: list[Said] = []
    for g in result.groups:
        order = ", ".join(
            f"{t} (SB {result.metric[t].sonneborn_berger / 100:g}, "
            f"Bh {result.metric[t].buchholz / 10:g}, Med {result.metric[t].median / 10:g})"
            for t in g.order)
        score = f"{g.score / 10:g}"
        if g.merged:
            lines.append(Said("Score group {score} takes in the group below it: alone it "
                              "cannot be paired.", score=score))
        lines.append(Said("Score group {score}, index order (Sonneborn-Berger, Buchholz, "
                          "median, pairing number): {order}.", score=score, order=order))
        for (hi, lo), why in zip(g.pairs, g.why, strict=True):
            lines.append(Said("{hi} meets {lo}: {why}.", hi=hi, lo=lo,
                              why=Message(_WHY[why], {})))
        if g.floater is not None:
            lines.append(Said("{player} moves down to the next group: no pairing inside the "
                              "group keeps the whole round paired as well.", player=g.floater))
    if result.bye is not None:
        lines.append(Said("{player} gets the bye: the lowest in pairing order who may "
                          "have it.", player=result.bye))
    for b in result.boards:
        lines.append(Said("{white}-{black}: {rule}.", white=b.white, black=b.black,
                          rule=Message(_RULES[b.colour_rule], {})))
    return lines
