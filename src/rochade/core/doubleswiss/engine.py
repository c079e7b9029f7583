"""The Double-Swiss pairing engine: one round of two-game matches.

Players are ordered by score, then pairing number (TPN). A bye goes to the lowest eligible
player (lowest score, highest TPN) whose absence leaves the others pairable. Brackets are
paired from the top scoregroup down: a scoregroup with an odd number of players, or one that
cannot be paired within itself, takes upfloaters from the scoregroups below (the highest
players first) so that the bracket and everyone below it can still be paired. A bracket's
pairing is the first in lexicographic order of pairing numbers: its highest player meets the
highest opponent it may meet, and so on. The colour of a match is the colour of its first
game; the second game swaps them.

Every choice is made with the knowledge that the players left can still be paired (a maximum
matching of the compatibility graph), so the search never walks into a dead end.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from rochade.core.matching import UNMATCHED, maximum_matching
from rochade.core.model import ModelError, PlayerId

WHITE, BLACK = "w", "b"
FLOATER_TRIES = 5000
"""How many sets of upfloaters a bracket tries before it takes in the next scoregroup whole."""


class NoDoubleSwissPairing(ModelError):
    """No pairing of the round keeps the absolute rules (no second match, no second bye)."""


@dataclass(frozen=True)
class Contestant:
    """A player to pair: match score, pairing number, opponents met in regular matches, the
    colour of their first game match by match (None: no regular match that round), and
    whether they may still get the pairing-allocated bye."""

    id: PlayerId
    tpn: int
    score: Fraction
    opponents: frozenset[PlayerId] = frozenset()
    colours: tuple[str | None, ...] = ()
    bye_allowed: bool = True

    def played_colours(self) -> tuple[str, ...]:
        return tuple(c for c in self.colours if c is not None)


@dataclass(frozen=True)
class DoubleSwissState:
    """What the engine needs: the players to pair, the pairs kept apart, and the colour the
    higher-ranked player with an odd pairing number gets when neither has a colour yet."""

    contestants: tuple[Contestant, ...]
    forbidden: frozenset[frozenset[PlayerId]] = frozenset()
    initial_colour: str = WHITE


@dataclass(frozen=True)
class Match:
    """A match: `white` has White in the first game, `black` in the second."""

    white: PlayerId
    black: PlayerId


@dataclass(frozen=True)
class DoubleSwissPairing:
    matches: tuple[Match, ...]
    bye: PlayerId | None
    explanation: tuple[str, ...]


def _rank(c: Contestant) -> tuple[Fraction, int]:
    return -c.score, c.tpn


class _Graph:
    def __init__(self, state: DoubleSwissState) -> None:
        self.forbidden = state.forbidden

    def compatible(self, a: Contestant, b: Contestant) -> bool:
        return (a.id != b.id and b.id not in a.opponents and a.id not in b.opponents
                and frozenset((a.id, b.id)) not in self.forbidden)

    def completable(self, players: Sequence[Contestant]) -> bool:
        """Whether `players` can all be paired among themselves."""
        if len(players) % 2:
            return False
        if not players:
            return True
        adjacency = [[j for j, b in enumerate(players) if self.compatible(a, b)]
                     for a in players]
        return UNMATCHED not in maximum_matching(adjacency)


def pair_double_swiss(state: DoubleSwissState) -> DoubleSwissPairing:
    """The round's matches (board order) and bye, with the reasons; raises
    `NoDoubleSwissPairing` when no pairing keeps the absolute rules."""
    graph = _Graph(state)
    players = sorted(state.contestants, key=_rank)
    why: list[str] = []
    bye = None
    if len(players) % 2:
        bye = _bye(graph, players, why)
        players = [p for p in players if p is not bye]
    elif not graph.completable(players):
        raise NoDoubleSwissPairing("no pairing exists without a second match between two "
                                   "players")
    pairs: list[tuple[Contestant, Contestant]] = []
    rest = players
    while rest:
        _, pairs_here, rest = _bracket(graph, rest, why)
        pairs += pairs_here
    matches = [_colours(a, b, state, why) for a, b in pairs]
    score = {c.id: c for c in state.contestants}
    matches.sort(key=lambda m: (-max(score[m.white].score, score[m.black].score),
                                min(score[m.white].tpn, score[m.black].tpn)))
    return DoubleSwissPairing(tuple(matches), None if bye is None else bye.id, tuple(why))


def _bye(graph: _Graph, players: list[Contestant], why: list[str]) -> Contestant:
    """The lowest player (score, then TPN) without a bye or a match won by forfeit whose
    absence leaves the others pairable."""
    for c in sorted(players, key=lambda c: (c.score, -c.tpn)):
        if not c.bye_allowed:
            continue
        if graph.completable([p for p in players if p is not c]):
            why.append(f"bye: {c.tpn}, the lowest player who may have it")
            return c
    raise NoDoubleSwissPairing("no player may get the bye while the others can be paired")


def _bracket(graph: _Graph, rest: list[Contestant], why: list[str]
             ) -> tuple[list[Contestant], list[tuple[Contestant, Contestant]], list[Contestant]]:
    """Pair the top scoregroup of `rest` (with upfloaters as needed): the bracket, its pairs,
    and who is left."""
    top = rest[0].score
    size = sum(1 for c in rest if c.score == top)
    while True:
        residents, below = rest[:size], rest[size:]
        found = _with_floaters(graph, residents, below)
        if found is not None:
            floaters, pairs = found
            taken = {c.id for c in floaters}
            if floaters:
                why.append(f"bracket {residents[0].score}: upfloaters "
                           + ", ".join(str(c.tpn) for c in floaters))
            return [*residents, *floaters], pairs, [c for c in below if c.id not in taken]
        if not below:
            raise NoDoubleSwissPairing("no pairing exists without a second match between two "
                                       "players")
        # the scoregroup cannot be paired with any upfloaters: it takes the next one whole
        nxt = below[0].score
        size += sum(1 for c in below if c.score == nxt)
        why.append(f"bracket {top}: joined with scoregroup {nxt}")


def _with_floaters(graph: _Graph, residents: list[Contestant], below: list[Contestant]
                   ) -> tuple[list[Contestant], list[tuple[Contestant, Contestant]]] | None:
    """The fewest upfloaters, first in rank order, that let the bracket and the players
    below be paired; and the bracket's pairs."""
    tries = 0
    for k in range(len(residents) % 2, len(below) + 1, 2):
        for floaters in itertools.combinations(below, k):
            tries += 1
            if tries > FLOATER_TRIES:
                return None
            chosen = set(c.id for c in floaters)
            left = [c for c in below if c.id not in chosen]
            bracket = [*residents, *floaters]
            if not graph.completable(bracket) or not graph.completable(left):
                continue
            return list(floaters), _lexicographic(graph, bracket)
    return None


def _lexicographic(graph: _Graph, bracket: list[Contestant]
                   ) -> list[tuple[Contestant, Contestant]]:
    """The first pairing of a pairable bracket in lexicographic order: the highest unpaired
    player meets the highest unpaired player it may meet that leaves the rest pairable."""
    left = sorted(bracket, key=_rank)
    pairs = []
    while left:
        first = left[0]
        for other in left[1:]:
            if not graph.compatible(first, other):
                continue
            rest = [c for c in left[1:] if c is not other]
            if graph.completable(rest):
                pairs.append((first, other))
                left = rest
                break
        else:  # pragma: no cover - the bracket was checked to be pairable
            raise NoDoubleSwissPairing("no pairing exists without a second match between two "
                                       "players")
    return pairs


def _colours(a: Contestant, b: Contestant, state: DoubleSwissState, why: list[str]) -> Match:
    """The colours of the first game: the rules in order, each deciding only when the one
    before could not."""
    hrp, opp = (a, b) if _rank(a) <= _rank(b) else (b, a)
    mine, theirs = hrp.played_colours(), opp.played_colours()

    def give(colour: str, rule: str) -> Match:
        why.append(f"colours {hrp.tpn}-{opp.tpn}: {rule}")
        return Match(hrp.id, opp.id) if colour == WHITE else Match(opp.id, hrp.id)

    if not mine and not theirs:
        colour = state.initial_colour if hrp.tpn % 2 else _other(state.initial_colour)
        return give(colour, "no colours yet: the initial colour by pairing number")
    whites = mine.count(WHITE), theirs.count(WHITE)
    if whites[0] != whites[1]:
        return give(WHITE if whites[0] < whites[1] else BLACK, "fewer first-game whites")
    for x, y in zip(reversed(mine), reversed(theirs), strict=False):
        if x != y:
            return give(_other(x), "alternate from the latest match the colours differed")
    if mine:
        return give(_other(mine[-1]), "alternate the higher player's colour")
    return give(theirs[-1], "alternate the opponent's colour")


def _other(colour: str) -> str:
    return BLACK if colour == WHITE else WHITE
