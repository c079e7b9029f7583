"""The FIDE Dutch system (2026 rules) as a sequence of maximum-weight matchings.

Every criterion is a bit field of one integer edge weight (`rochade.core.dutch.weights`); the
lowest bits let the rules' generation order (Arts. 3-4) be imposed by small re-weightings and
re-solves, so that whenever the heavy bits tie the matching picks the candidate the rules
would generate first.

Brackets are processed from the top score down. For each bracket, the graph holds every
player still unpaired, so that the completion test (C4) is part of the optimum itself; in
larger fields a bracket-local graph is used when the rest provably stays pairable (see
`_LocalGraph`), without the next score group when C8 provably cannot differ (see
`_Brackets._next_group_matters`). The reference engine bbpPairings works with weighted
matchings too; using the same kind of optimum is what makes every tie fall the same way
as the reference.
"""

from __future__ import annotations

from collections.abc import Callable

from rochade.core.dutch.colours import allocate
from rochade.core.dutch.explain import explain
from rochade.core.dutch.matching import WeightedMatching
from rochade.core.dutch.players import PlayerFacts, present_facts
from rochade.core.dutch.result import BracketTrace, DutchBoard, DutchResult
from rochade.core.dutch.state import Colour, DutchError, NoValidPairing, SwissState
from rochade.core.dutch.weights import Weights
from rochade.core.pairing import Board, Pairing


class _Graph:
    """The weight matrix of all unpaired players; paired players leave the graph."""

    can_drop_next = False  # every edge stays in the graph: no bracket is solved alone

    def __init__(self, n: int) -> None:
        self.n = n
        self.matching = WeightedMatching(n)
        self.alive = [True] * n
        self.final = [-1] * n
        self.mate = list(range(n))

    def begin(self, members: list[int], movers: int) -> None:
        """A new bracket starts with these players, the first `movers` of them moved down
        (the whole-field graph needs nothing)."""

    def set(self, a: int, b: int, weight: int) -> None:
        self.matching.set_weight(a, b, weight)

    def raise_dual(self, v: int, amount: int) -> None:
        self.matching.raise_dual(v, amount)

    def solve(self) -> list[int]:
        """Re-solve; mate[v] is v's partner, v itself when single (finalized pairs kept)."""
        mates = self.matching.solve()
        self.mate = [
            self.final[v] if self.final[v] >= 0 else (v if mates[v] < 0 else mates[v])
            for v in range(self.n)
        ]
        return self.mate

    def finalize(self, a: int, b: int) -> None:
        self.alive[a] = self.alive[b] = False
        self.final[a], self.final[b] = b, a
        self.matching.remove(a)
        self.matching.remove(b)


class _NeedExact(Exception):
    """The bracket-local shortcut cannot prove that the rest of the field stays pairable."""


class _LocalGraph(_Graph):
    """The bracket, its moved-down players and (when C8 needs it) the next score group only.

    In a complete pairing the completion field adds up to the same total whatever the
    pairs, so only the bits below it decide; players further down matter only through
    completion. Each solve therefore matches the local players on those bits alone, then
    proves that everybody left over can still be paired (Dirac: every player compatible
    with at least half of them, plus a bye candidate when odd). Then the local optimum is
    the global one; when the proof fails the engine falls back to the whole field.
    """

    can_drop_next = True

    def __init__(self, n: int, weights: Weights, players: list[PlayerFacts]) -> None:
        super().__init__(0)
        self.n = n
        self.weights = weights
        self.players = players
        self.alive = [True] * n
        self.final = [-1] * n
        self.mate = list(range(n))
        self.local: dict[int, int] = {}
        self.members: list[int] = []
        self.mask = (1 << weights.low) - 1
        self.outside: tuple[int, ...] = ()  # unpaired players below the local graph
        self.proven: set[tuple[int, ...]] = set()  # local singles whose rest is pairable

    def begin(self, members: list[int], movers: int) -> None:
        # Only edges between two moved-down players keep their old weight (every other
        # edge of the bracket is recomputed); the movers were all in the previous graph.
        old, old_local = self.matching.w, self.local
        for v in self.members:  # the last graph's unfinished pairs were only tentative
            if self.final[v] < 0:
                self.mate[v] = v
        self.members = list(members)
        self.local = {v: i for i, v in enumerate(members)}
        self.outside = tuple(v for v in range(self.n) if self.alive[v] and v not in self.local)
        self.proven = set()
        self.matching = WeightedMatching(len(members))
        for i in range(movers):
            row = old[old_local[members[i]]]
            for j in range(i):
                self.matching.set_weight(i, j, row[old_local[members[j]]])

    def set(self, a: int, b: int, weight: int) -> None:
        self.matching.set_weight(self.local[a], self.local[b], weight & self.mask)

    def raise_dual(self, v: int, amount: int) -> None:
        self.matching.raise_dual(self.local[v], amount)

    def solve(self) -> list[int]:
        """Re-solve the local graph; only its members' entries of `mate` change (in place)."""
        mates = self.matching.solve()
        members, mate, final = self.members, self.mate, self.final
        for i, v in enumerate(members):
            m = mates[i]
            mate[v] = final[v] if final[v] >= 0 else (members[m] if m >= 0 else v)
        singles = tuple(v for v in members if self.alive[v] and mate[v] == v)
        if singles not in self.proven:
            if not _pairable(self.weights, self.players, singles + self.outside):
                raise _NeedExact
            self.proven.add(singles)
        return mate

    def finalize(self, a: int, b: int) -> None:
        self.alive[a] = self.alive[b] = False
        self.final[a], self.final[b] = b, a
        self.matching.remove(self.local[a])
        self.matching.remove(self.local[b])


def _pairable(weights: Weights, players: list[PlayerFacts], rest: tuple[int, ...]) -> bool:
    """Whether `rest` has a complete pairing with the bye (if any) on a candidate: a quick
    sufficient test first, then a small exact matching."""
    if len(rest) % 2 == 1 and not any(weights.candidate(players[v]) for v in rest):
        return False
    if _dense_enough(weights, players, rest):
        return True
    if len(rest) > EXACT_CHECK_LIMIT:
        return False
    odd = len(rest) % 2
    solver = WeightedMatching(len(rest) + odd)
    for i, a in enumerate(rest):
        for j in range(i):
            if weights.ok(a, rest[j]):
                solver.set_weight(i, j, 1)
        if odd and weights.candidate(players[a]):
            solver.set_weight(i, len(rest), 1)
    return all(m >= 0 for m in solver.solve())


EXACT_CHECK_LIMIT = 160
"""Largest leftover set whose pairability is checked by an exact matching."""


def _dense_enough(weights: Weights, players: list[PlayerFacts], rest: tuple[int, ...]) -> bool:
    """Dirac's theorem: if every player is compatible with at least half of the others, a
    Hamiltonian cycle exists, so any one player can take the bye and the rest pair up.
    Incompatibilities are over-counted (every same-side absolute preference counts).
    """
    size = len(rest)
    if size <= 2:
        return size < 2 or weights.ok(rest[0], rest[1])
    clashes = _clash_counter(weights, players, rest)
    return all(2 * (size - 1 - clashes(v, True)) >= size for v in rest)


def _clash_counter(weights: Weights, players: list[PlayerFacts],
                   group: tuple[int, ...]) -> Callable[[int, bool], int]:
    """clashes(v, inside): how many players of `group` v may not meet, over-counted (every
    same-side absolute preference counts); `inside` says whether v itself is in the group."""
    tpns = {players[v].tpn for v in group}
    absolute: dict[Colour | None, int] = {}
    for v in group:
        if players[v].absolute:
            absolute[players[v].preference] = absolute.get(players[v].preference, 0) + 1

    def clashes(v: int, inside: bool) -> int:
        p = players[v]
        count = len(p.met & tpns) + len(tpns.intersection(weights.forbidden.get(p.tpn, ())))
        if p.absolute:
            count += absolute.get(p.preference, 0) - inside
        return count

    return clashes


FAST_MIN_PLAYERS = 48
"""From this field size on, brackets are first solved locally (see `_LocalGraph`)."""


class DutchEngine:
    """FIDE Dutch pairing engine (2026 rules); `pair` follows the PairingEngine protocol."""

    name = "dutch"

    def pair_round(self, state: SwissState) -> DutchResult:
        """Pair the next round; raise NoValidPairing when no legal pairing exists."""
        if state.rounds_played >= state.total_rounds:
            raise DutchError(
                "all {total_rounds} rounds are already paired",
                total_rounds=state.total_rounds,
            )
        players = present_facts(state)
        n = len(players)
        facts = {p.tpn: p for p in players}
        if n == 0:
            return DutchResult((), None, (), None, False, facts)
        weights = Weights(state, players)
        odd = n % 2 == 1
        if n >= FAST_MIN_PLAYERS:
            try:
                return self._pair_locally(state, players, weights, facts)
            except _NeedExact:
                weights = Weights(state, players)
        graph = _Graph(n)
        for i in range(n):
            for j in range(i):
                graph.set(i, j, weights.bye_probe(j, i) if odd else weights.edge(j, i, False,
                                                                                  False))
        mate = graph.solve()
        _check_complete(mate, players)
        if odd:
            self._prepare_bye(weights, players, mate)
            for i in range(n):
                for j in range(i):
                    graph.set(i, j, weights.edge(j, i, False, False))
        brackets = _Brackets(weights, graph, players).run()
        return self._result(state, players, graph, brackets, weights if odd else None, facts)

    def pair(self, state: SwissState) -> Pairing:
        """The PairingEngine entry point: boards white first, the bye, and the explanation."""
        result = self.pair_round(state)
        return Pairing(
            boards=tuple(Board(b.white, b.black) for b in result.boards),
            bye=result.bye,
            explanation=tuple(explain(result, state, self.pair_round)),
        )

    def _pair_locally(self, state: SwissState, players: list[PlayerFacts], weights: Weights,
                      facts: dict[int, PlayerFacts]) -> DutchResult:
        """Bracket-local solving; raises _NeedExact when it cannot prove its result."""
        everyone = tuple(range(len(players)))
        odd = len(players) % 2 == 1
        if odd:
            # any player can take the bye when the field is pairable around everyone
            scores = [p.score for p in players if p.bye_eligible]
            if not scores:
                raise _NeedExact
            weights.bye_score = min(scores)
            if weights.bye_score >= players[0].score and players[-1].score < players[0].score:
                raise _NeedExact
            weights.single_bye_floater = weights.c9_used = weights.bye_score >= players[0].score
            _rank_unplayed(weights, players)
        if not _pairable(weights, players, everyone):
            raise _NeedExact
        graph = _LocalGraph(len(players), weights, players)
        brackets = _Brackets(weights, graph, players).run()
        return self._result(state, players, graph, brackets, weights if odd else None, facts)

    @staticmethod
    def _prepare_bye(weights: Weights, players: list[PlayerFacts], mate: list[int]) -> None:
        """C5: the lowest score at which the bye can fall; C9 applies when the top group
        itself must float the bye receiver."""
        single = next(v for v in range(len(players)) if mate[v] == v)
        weights.bye_score = players[single].score
        top = players[0].score
        weights.single_bye_floater = weights.bye_score >= top and all(
            players[mate[v]].score >= top for v in range(len(players)) if players[v].score >= top
        )
        weights.c9_used = weights.single_bye_floater
        _rank_unplayed(weights, players)

    @staticmethod
    def _result(state: SwissState, players: list[PlayerFacts], graph: _Graph,
                brackets: list[BracketTrace], weights: Weights | None,
                facts: dict[int, PlayerFacts]) -> DutchResult:
        boards: list[DutchBoard] = []
        bye: int | None = None
        for v, p in enumerate(players):
            m = graph.final[v]
            if m < 0:
                bye = p.tpn
                continue
            o = players[m]
            if p.tpn < o.tpn:
                colour, rule = allocate(p, o, state.initial_colour)
                if colour is Colour.WHITE:
                    boards.append(DutchBoard(p.tpn, o.tpn, rule))
                else:
                    boards.append(DutchBoard(o.tpn, p.tpn, rule))
        boards.sort(key=lambda b: _board_key(facts[b.white], facts[b.black]))
        return DutchResult(
            tuple(boards),
            bye,
            tuple(brackets),
            None if weights is None else weights.bye_score,
            weights is not None and weights.c9_used,
            facts,
        )


def _rank_unplayed(weights: Weights, players: list[PlayerFacts]) -> None:
    """C9 ranks: among the bye candidates' score group, more games played ranks lower."""
    counts = sorted(
        (p.played_games for p in players if p.score == weights.bye_score), reverse=True
    )
    for rank, games in enumerate(counts):
        weights.unplayed_rank[games] = rank


def _board_key(a: PlayerFacts, b: PlayerFacts) -> tuple[int, int, int]:
    """GHR 3.6 board order: higher player's score, then the sum, then the higher's rank."""
    hi, lo = (a, b) if (a.real_score, -a.rank) > (b.real_score, -b.rank) else (b, a)
    return (-hi.real_score, -lo.real_score, hi.rank)


def _check_complete(mate: list[int], players: list[PlayerFacts]) -> None:
    singles = [v for v in range(len(players)) if mate[v] == v]
    if len(singles) > 1 or any(not players[v].bye_eligible for v in singles):
        raise NoValidPairing(
            "no pairing satisfies the absolute criteria (no rematches, bye only to an "
            "eligible player, no clash of absolute colour preferences)"
        )


class _Brackets:
    """The bracket-by-bracket loop: fix each bracket's pairs, float the rest down."""

    def __init__(self, weights: Weights, graph: _Graph, players: list[PlayerFacts]) -> None:
        self.weights = weights
        self.graph = graph
        self.players = players
        self.matched = [False] * len(players)

    def run(self) -> list[BracketTrace]:
        players, graph = self.players, self.graph
        n = len(players)
        traces: list[BracketTrace] = []
        pos = 0
        while pos < n and players[pos].score >= players[0].score:
            pos += 1
        members = list(range(pos))  # movers first, then residents, then the next group
        movers = 0
        first = 0  # vertex of the first resident
        mate = graph.mate
        while len(members) > 1 or pos < n:
            size = len(members)  # players in this bracket
            nxt_first = first + (size - movers)
            group_start = pos
            while pos < n and players[pos].score >= players[group_start].score:
                members.append(pos)
                pos += 1
            local = members if self._next_group_matters(members, movers, size) else members[:size]
            graph.begin(local, movers)
            before = sum(graph.alive)
            mate = self._bracket(local, movers, size, first, nxt_first)
            residents = tuple(players[v].tpn for v in members[movers:size])
            pairs = tuple(
                (players[v].tpn, players[graph.final[v]].tpn)
                for v in members[:size]
                if self.matched[v] and graph.final[v] > v
            )
            traces.append(
                BracketTrace(
                    score=players[members[size - 1]].score,
                    residents=residents,
                    movers=tuple(players[v].tpn for v in members[:movers]),
                    pairs=pairs,
                    floaters=tuple(
                        players[v].tpn for v in members[:size] if not self.matched[v]
                    ),
                )
            )
            single = (
                len(players) % 2 == 1
                and group_start < n
                and self.weights.bye_score >= players[group_start].score
            )
            carried: list[int] = []
            movers = 0
            for k, v in enumerate(members):
                if k < size and self.matched[v]:
                    continue
                carried.append(v)
                if k < size:
                    movers += 1
                if single and players[mate[v]].score < players[group_start].score:
                    single = False
            self.weights.single_bye_floater = single
            self.weights.c9_used |= single
            if group_start == pos and sum(graph.alive) == before and len(carried) > 1:
                raise NoValidPairing("the last players could not be paired")
            members = carried
            first = nxt_first
        return traces

    def _next_group_matters(self, members: list[int], movers: int, size: int) -> bool:
        """Whether the bracket members[:size] must be solved together with the next score
        group members[size:] (the C8 look-ahead), or can be solved alone.

        Only the bracket-local graph may leave the next group out; its completion proof
        (`_LocalGraph.solve`) then covers the next group too. Leaving it out changes no
        decision when C8 takes the same value for every candidate that is optimal on C6:
        - the bracket is dense enough for Dirac's theorem, so it has a Hamiltonian cycle
          and C6 is at least size // 2 pairs: every optimal candidate floats at most one
          player (any more and C6 would be lower);
        - an even bracket then floats nobody, and the next bracket is the same whatever
          the pairs here;
        - an odd homogeneous bracket floats exactly one player f, all of the same score.
          If the next group together with any f is Dirac-dense, a Hamiltonian cycle through
          f pairs f and all but at most one of the group, which is the largest C8 value
          possible, the same for every f. (C9 is excluded: with a single bye floater in
          play, the next group's pairs carry bye bits too.)
        """
        if not self.graph.can_drop_next:
            return True
        if size == len(members):
            return False
        weights, players = self.weights, self.players
        bracket = tuple(members[:size])
        if not _dense_enough(weights, players, bracket):
            return True
        if size % 2 == 0:
            return False
        if movers or weights.single_bye_floater:
            return True
        group = tuple(members[size:])
        clashes = _clash_counter(weights, players, group)
        need = len(group) + 1  # the degree Dirac asks for, doubled
        return not (
            all(2 * (len(group) - 1 - clashes(v, True)) >= need for v in group)
            and all(2 * (len(group) - clashes(f, False)) >= need for f in bracket)
        )

    def _bracket(self, members: list[int], movers: int, size: int, first: int,
                 nxt_first: int) -> list[int]:
        """Pair one bracket: members[:movers] are MDPs, members[movers:size] residents,
        members[size:] the next score group."""
        weights, graph, matched = self.weights, self.graph, self.matched
        bits = weights.size_bits
        # base[li][si]: the criteria weight of members si < li (edges between two MDPs keep
        # their weight from the last bracket and are not listed)
        base: list[list[int]] = [[] for _ in range(movers)]
        for li in range(movers, len(members)):
            lv = members[li]
            row = [weights.edge(members[si], lv, li < size, li >= size) for si in range(li)]
            base.append(row)
            for si, w in enumerate(row):
                graph.set(members[si], lv, w)

        def in_bracket(v: int) -> bool:
            return first <= v < nxt_first

        def shaped(si: int, li: int, si_rank: int, pairs: int) -> int:
            """Base weight plus the exchange-order bits for a remainder edge."""
            w = base[li][si]
            if w:
                add = int(si_rank < pairs)
                add <<= 2 * bits
                add -= si_rank
                w += add << 1
            return w

        mate = graph.solve()
        self._choose_movers(members, movers, size, in_bracket, base, mate)
        mate = graph.mate
        # opponents of the chosen MDPs: the highest resident that keeps the optimum
        for pi in range(movers):
            pv = members[pi]
            if not matched[pv]:
                continue
            add = len(members)
            for oi in range(size - 1, movers - 1, -1):
                ov = members[oi]
                if matched[ov]:
                    continue
                w = base[oi][pi]
                if w:
                    graph.set(pv, ov, w + add)
                    add += 1
            mate = graph.solve()
            mv = mate[pv]
            matched[mv] = True
            graph.finalize(pv, mv)
        remainder = [
            pi for pi in range(movers, size) if mate[members[pi]] >= first
        ]
        pairs = sum(1 for pi in remainder if mate[members[pi]] < members[pi])

        def upper(v: int) -> bool:  # paired with a later player of this bracket (S1 role)
            return v < mate[v] < nxt_first

        exchanges = 0
        if not all(upper(members[remainder[k]]) for k in range(pairs)):
            # some optimum needs exchanges (4.3): find the fewest, smallest ones. (When the
            # original S1 already plays S2, no exchange is needed and this is skipped.)
            for a, oi in enumerate(remainder):
                for b in range(a):
                    pi = remainder[b]
                    graph.set(members[pi], members[oi], shaped(pi, oi, b, pairs))
            # An S1 player's edges as the higher player gain the same shaping bonus, so
            # lifting its dual by twice that keeps every S1-S2 pair of the optimum tight:
            # the re-solve only has to repair the other pairs.
            for b in range(min(pairs, len(remainder))):
                graph.raise_dual(members[remainder[b]], ((1 << 2 * bits) - b) << 2)
            mate = graph.solve()
            exchanges = sum(1 for k in range(pairs) if not upper(members[remainder[k]]))
        # exchanges, S1 side: move the lowest S1 players out first
        left = exchanges
        k = pairs
        while k > 0 and left:
            k -= 1
            pi = remainder[k]
            pv = members[pi]
            if upper(pv):
                for op in range(k + 1, len(remainder)):
                    w = shaped(pi, remainder[op], k, pairs)
                    if w:
                        graph.set(pv, members[remainder[op]], w - 1)
                mate = graph.solve()
            out = not upper(pv)
            left -= out
            for op in range(k + 1, len(remainder)):
                oi = remainder[op]
                if out:
                    base[oi][pi] = 0
                graph.set(pv, members[oi], shaped(pi, oi, k, pairs))
        # exchanges, S2 side: bring the highest S2 players in first
        left = exchanges
        for k in range(pairs, len(remainder)):
            if left <= 1:
                break
            pi = remainder[k]
            pv = members[pi]
            already = upper(pv)
            if not already:
                for op in range(k + 1, len(remainder)):
                    w = shaped(pi, remainder[op], k, pairs)
                    if w:
                        graph.set(pv, members[remainder[op]], w + 1)
                mate = graph.solve()
            if upper(pv):
                left -= 1
                for op in range(k):
                    base[pi][remainder[op]] = 0
                    graph.set(pv, members[remainder[op]], 0)
                for oi in range(size, len(members)):
                    base[oi][pi] = 0
                    graph.set(pv, members[oi], 0)
            if not already:
                for op in range(k + 1, len(remainder)):
                    graph.set(pv, members[remainder[op]], shaped(pi, remainder[op], k, pairs))
        # fix the S1/S2 split: only S1-S2 edges stay inside the remainder
        for a, pi in enumerate(remainder):
            pv = members[pi]
            for oi in remainder[a + 1:]:
                ov = members[oi]
                if not upper(pv) or upper(ov):
                    base[oi][pi] = 0
                graph.set(pv, ov, base[oi][pi])
        # transpositions: each S1 player, from the top, takes the highest S2 player possible
        for pi in remainder:
            pv = members[pi]
            if not upper(pv):
                continue
            add = 0
            for oi in reversed(remainder):
                ov = members[oi]
                if oi <= pi or matched[ov]:
                    continue
                w = base[oi][pi]
                if w:
                    graph.set(pv, ov, w + add)
                add += 1
            mate = graph.solve()
            mv = mate[pv]
            matched[pv] = matched[mv] = True
            graph.finalize(pv, mv)
        return graph.mate

    def _choose_movers(self, members: list[int], movers: int, size: int,
                       in_bracket: Callable[[int], bool], base: list[list[int]],
                       mate: list[int]) -> None:
        """Which MDPs get paired here (4.4): highest scores first, then the lowest BSNs."""
        graph, players, matched = self.graph, self.players, self.matched
        group_score = -1
        remaining = paired = 0
        for pi in range(movers):
            pv = members[pi]
            if pi == 0 or players[pv].score < group_score:
                group_score = players[pv].score
                remaining = paired = 0
                mi = pi
                while players[members[mi]].score >= group_score:
                    remaining += 1
                    if in_bracket(mate[members[mi]]):
                        paired += 1
                    mi += 1
            if not paired:
                continue
            if remaining <= paired:
                matched[pv] = True
                continue
            remaining -= 1
            if not in_bracket(mate[pv]):
                for oi in range(movers, size):
                    w = base[oi][pi]
                    if w:
                        graph.set(pv, members[oi], w | 1)
                mate = graph.solve()
            if in_bracket(mate[pv]):
                matched[pv] = True
                paired -= 1
                for oi in range(movers, size):
                    w = base[oi][pi]
                    if w:
                        graph.set(pv, members[oi], (w | (size - movers)) + 1)

