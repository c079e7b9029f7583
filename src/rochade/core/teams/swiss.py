"""The FIDE Swiss Team Pairing System (C.04.6, effective 1 February 2026).

The round is paired as art. 3.3.2 lays out: first the pairing-allocated bye (art. 3.4), then
bracket after bracket: the top scoregroup of the teams not yet paired, joined by the set of
upfloaters art. 3.5 selects, is paired completely (art. 3.6); last the colours (art. 4).
There are no downfloaters and no absolute colour preferences: a colour never keeps two teams
apart, it only weighs in the criteria [C8] and [C9].

Whenever the rules say "the first ... in lexicographic order" the engine enumerates in that
order; a bracket's pairing is the one maximum-weight matching whose integer weights hold
[C8], [C9], [C10] and then the identifier order of art. 3.6.2 bit field by bit field. Each
decision is recorded (`TeamPairing.brackets`, `colour_rules`) so the pairing explains itself.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations, combinations_with_replacement

from rochade.core.dutch.matching import WeightedMatching
from rochade.core.matching import UNMATCHED, maximum_matching
from rochade.core.model import ModelError
from rochade.core.teams.model import ColourModel, TeamEvent, TeamNumber
from rochade.core.teams.state import SwissTeam, swiss_teams


class NoTeamPairing(ModelError):
    """No pairing of the present teams satisfies the absolute criteria (art. 3.3.3)."""


@dataclass(frozen=True, slots=True)
class BracketTrace:
    """How one bracket was made: its residents' score, residents, chosen upfloaters (art.
    3.5), whether [C6] held and how many upfloaters had floated ([C7])."""

    score: Fraction
    residents: tuple[TeamNumber, ...]
    upfloaters: tuple[TeamNumber, ...]
    pairs: tuple[tuple[TeamNumber, TeamNumber], ...]
    c6: bool
    c7: int


@dataclass(frozen=True)
class TeamPairing:
    """A round's pairing: (home, away) matches in table order, the bye, and why."""

    round: int
    matches: tuple[tuple[TeamNumber, TeamNumber], ...]
    bye: TeamNumber | None
    brackets: tuple[BracketTrace, ...]
    colour_rules: tuple[str, ...]
    """For each match, the rule of art. 4.3 that gave the colours (e.g. '4.3.3')."""


_Choice = tuple[tuple[int, int, int], list[TeamNumber], list[tuple[int, int]], bool]
"""A set of upfloaters as art. 3.5.5 weighs it: ([C6], [C7], place), set, pairs, [C6]."""


class _Round:
    """The facts of one round's pairing and the searches over them."""

    def __init__(self, event: TeamEvent, round_number: int, present: Sequence[TeamNumber]) -> None:
        self.event = event
        self.round = round_number
        everyone = swiss_teams(event, round_number)
        self.teams = {tpn: everyone[tpn] for tpn in present}
        scores = sorted({team.score for team in self.teams.values()})
        self.level = {tpn: scores.index(team.score) for tpn, team in self.teams.items()}
        self.last_two = round_number > event.total_rounds - 2
        self.typeb = event.colour_model is ColourModel.TYPE_B

    def can_meet(self, a: TeamNumber, b: TeamNumber) -> bool:
        return a != b and b not in self.teams[a].met

    def pairable(self, nodes: Sequence[TeamNumber]) -> bool:
        """[C3]: the teams have a pairing that meets [C1] (a perfect matching)."""
        if len(nodes) % 2:
            return False
        if not nodes:
            return True
        adjacency = [[j for j, b in enumerate(nodes) if self.can_meet(a, b)] for a in nodes]
        return UNMATCHED not in maximum_matching(adjacency)

    # -- art. 3.4: the pairing-allocated bye ---------------------------------------------
    def bye(self, nodes: list[TeamNumber]) -> TeamNumber | None:
        if len(nodes) % 2 == 0:
            return None
        candidates = sorted(
            (tpn for tpn in nodes if not self.teams[tpn].no_bye),
            key=lambda tpn: (self.level[tpn], -self.teams[tpn].matches_played, -tpn),
        )
        for tpn in candidates:
            if self.pairable([n for n in nodes if n != tpn]):
                return tpn
        raise NoTeamPairing("no team can take the pairing-allocated bye and leave a legal "
                            "pairing for the others (C.04.6 art. 3.4)")

    # -- art. 3.5: the upfloaters -------------------------------------------------------
    def profiles(self, lower: list[TeamNumber], count: int) -> list[tuple[int, ...]]:
        """[C5]: the score profiles of `count` upfloaters, best (highest scores taken in
        ascending order) first."""
        sizes: dict[int, int] = {}
        for tpn in lower:
            sizes[self.level[tpn]] = sizes.get(self.level[tpn], 0) + 1
        found = [
            profile
            for profile in combinations_with_replacement(sorted(sizes, reverse=True), count)
            if all(profile.count(level) <= sizes[level] for level in set(profile))
        ]
        return sorted(found, key=sorted, reverse=True)

    def sets(self, lower: list[TeamNumber], profile: tuple[int, ...]) -> Iterator[list[TeamNumber]]:
        """Arts. 3.5.3-3.5.4: the sets of that profile in lexicographic order of their
        identifiers (descending score, then ascending TPN)."""
        levels = sorted(set(profile), reverse=True)
        groups = [sorted(t for t in lower if self.level[t] == level) for level in levels]
        counts = [profile.count(level) for level in levels]

        def from_level(index: int) -> Iterator[list[TeamNumber]]:
            if index == len(levels):
                yield []
                return
            for chosen in combinations(groups[index], counts[index]):
                for rest in from_level(index + 1):
                    yield list(chosen) + rest

        return from_level(0)

    def c6(self, level: int, rest: list[TeamNumber]) -> bool:
        """[C6]: the next scoregroup (what is left of it) can still be paired with the fewest
        upfloaters its size allows, and everything below it too."""
        following = [t for t in rest if self.level[t] == level - 1]
        if not following:
            return True
        below = [t for t in rest if self.level[t] < level - 1]
        for extra in ([[]] if len(following) % 2 == 0 else [[t] for t in below]):
            bracket = following + extra
            if self.pairable(bracket) and self.pairable([t for t in rest if t not in bracket]):
                return True
        return False

    def c7(self, upfloaters: list[TeamNumber]) -> int:
        """[C7]: upfloaters that floated in the previous round (not in the last two rounds)."""
        return 0 if self.last_two else sum(self.teams[t].floated for t in upfloaters)

    def bracket(self, nodes: list[TeamNumber]) -> tuple[BracketTrace, list[TeamNumber]]:
        level = max(self.level[t] for t in nodes)
        residents = sorted(t for t in nodes if self.level[t] == level)
        lower = [t for t in nodes if self.level[t] < level]
        for count in range(len(residents) % 2, len(lower) + 1, 2):  # [C4]
            for profile in self.profiles(lower, count):  # [C5]
                best: _Choice | None = None
                for index, upfloaters in enumerate(self.sets(lower, profile)):
                    members = residents + upfloaters
                    pairs = self.pair_bracket(level, members)
                    if pairs is None:
                        continue
                    rest = [t for t in nodes if t not in members]
                    if not self.pairable(rest):  # [C3]
                        continue
                    c6 = self.c6(level, rest)
                    key = (0 if c6 else 1, self.c7(upfloaters), index)
                    if best is None or key < best[0]:
                        best = (key, upfloaters, pairs, c6)
                    if key[:2] == (0, 0):
                        break  # art. 3.5.5: the first set that complies
                if best is not None:
                    key, upfloaters, pairs, c6 = best
                    members = residents + upfloaters
                    trace = BracketTrace(
                        score=self.teams[residents[0]].score,
                        residents=tuple(residents),
                        upfloaters=tuple(upfloaters),
                        pairs=tuple(pairs),
                        c6=c6,
                        c7=key[1],
                    )
                    return trace, [t for t in nodes if t not in members]
        raise NoTeamPairing("the score bracket of {score} has no legal pairing with any set "
                            "of upfloaters (C.04.6 art. 3.3.3)",
                            score=str(self.teams[residents[0]].score))

    # -- art. 3.6: pairing a bracket ----------------------------------------------------
    def pair_bracket(self, level: int, members: list[TeamNumber]) -> list[tuple[int, int]] | None:
        """The first pairing in the identifier order of art. 3.6.2 among those that best
        meet [C8], [C9] and [C10]; None when the bracket cannot be paired at all."""
        order = sorted(members)  # art. 3.6.1: bracket sequence numbers in TPN order
        size = len(order)
        base = size + 1
        top_unit = base**size
        c10_unit = top_unit * 2**size
        c9_unit = c10_unit * base
        c8_unit = c9_unit * base
        costs: dict[tuple[int, int], int] = {}
        for i, j in combinations(range(size), 2):
            a, b = order[i], order[j]
            if not self.can_meet(a, b):
                continue
            c8, c9, c10 = self.pair_criteria(level, a, b)
            # bsn i+1 is the top member, j+1 the bottom member of the pair
            costs[(i, j)] = (c8 * c8_unit + c9 * c9_unit + c10 * c10_unit
                             + top_unit * 2 ** (size - (j + 1))
                             + (j + 1) * base ** (size - (i + 1)))
        if not costs:
            return None
        big = max(costs.values()) * (size + 1) + 1
        matching = WeightedMatching(size)
        for (i, j), cost in costs.items():
            matching.set_weight(i, j, big - cost)
        mate = matching.solve()
        if any(m < 0 for m in mate):
            return None
        return [(order[i], order[mate[i]]) for i in range(size) if i < mate[i]]

    def pair_criteria(self, level: int, a: TeamNumber, b: TeamNumber) -> tuple[int, int, int]:
        """[C8] both teams want the same colour; [C9] both strongly (type B); [C10] an
        upfloater's opponent floated in the previous round (not in the last two rounds)."""
        pa, pb = self.teams[a].preference, self.teams[b].preference
        c8 = int(bool(pa) and bool(pb) and pa[0] == pb[0])
        c9 = int(c8 == 1 and self.typeb and pa[1] == "2" and pb[1] == "2")
        c10 = 0
        if not self.last_two:
            for team, opponent in ((a, b), (b, a)):
                if self.level[team] < level and self.teams[opponent].floated:
                    c10 += 1
        return c8, c9, c10

    # -- art. 4: colours ----------------------------------------------------------------
    def first_team(self, a: SwissTeam, b: SwissTeam) -> bool:
        """Art. 4.2: is `a` the first-team (higher primary, then secondary score, then
        smaller TPN)?"""
        if a.primary != b.primary:
            return a.primary > b.primary
        if self.event.secondary_used and a.secondary != b.secondary:
            return a.secondary > b.secondary
        return a.tpn < b.tpn

    def colours(self, a: TeamNumber, b: TeamNumber) -> tuple[TeamNumber, TeamNumber, str]:
        """Art. 4.3: (home team with White on board 1, away team, the rule that decided)."""
        first, second = (self.teams[a], self.teams[b])
        if not self.first_team(first, second):
            first, second = second, first
        initial = self.event.initial_colour.lower()
        fp, sp = first.preference, second.preference

        def give(colour: str, rule: str) -> tuple[TeamNumber, TeamNumber, str]:
            if colour == "w":
                return first.tpn, second.tpn, rule
            return second.tpn, first.tpn, rule

        other = {"w": "b", "b": "w"}
        if first.matches_played == 0 and second.matches_played == 0:
            return give(initial if first.tpn % 2 else other[initial], "4.3.1")
        if fp and not sp:
            return give(fp[0], "4.3.2")
        if sp and not fp:
            return give(other[sp[0]], "4.3.2")
        if fp and sp and fp[0] != sp[0]:
            return give(fp[0], "4.3.3")
        if self.typeb and fp and sp:
            if fp[1] == "2" and sp[1] != "2":
                return give(fp[0], "4.3.4")
            if fp[1] != "2" and sp[1] == "2":
                return give(other[sp[0]], "4.3.4")
        if first.colour_difference != second.colour_difference:
            return give("w" if first.colour_difference < second.colour_difference else "b", "4.3.5")
        for fc, sc in zip(reversed(first.colours), reversed(second.colours), strict=False):
            if fc != sc:
                return give(other[fc], "4.3.6")
        if fp:
            return give(fp[0], "4.3.7")
        if first.colours:
            return give(other[first.colours[-1]], "4.3.8")
        return give(second.colours[-1], "4.3.9")


def pair_team_round(event: TeamEvent, round_number: int,
                    present: Sequence[TeamNumber] | None = None) -> TeamPairing:
    """Pair `round_number` of a team Swiss from the event's earlier rounds.

    `present` are the teams to pair (by default every team still in the event)."""
    if present is None:
        present = [t.number for t in event.teams if t.plays(round_number)]
    state = _Round(event, round_number, present)
    nodes = sorted(present)
    bye = state.bye(nodes)
    nodes = [t for t in nodes if t != bye]
    brackets: list[BracketTrace] = []
    while nodes:
        trace, nodes = state.bracket(nodes)
        brackets.append(trace)
    coloured = [state.colours(a, b) for trace in brackets for a, b in trace.pairs]

    def table_key(match: tuple[TeamNumber, TeamNumber, str]) -> tuple[Fraction, Fraction, int]:
        home, away = state.teams[match[0]], state.teams[match[1]]
        return (-max(home.score, away.score), -(home.score + away.score), min(home.tpn, away.tpn))

    coloured.sort(key=table_key)
    return TeamPairing(
        round=round_number,
        matches=tuple((home, away) for home, away, _ in coloured),
        bye=bye,
        brackets=tuple(brackets),
        colour_rules=tuple(rule for _, _, rule in coloured),
    )
