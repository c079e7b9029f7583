"""Colour allocation for a pair (C.04.3 Art. 5.2), with the rule that decided it."""

from __future__ import annotations

from rochade.core.dutch.players import PlayerFacts
from rochade.core.dutch.state import Colour


def ranks_higher(a: PlayerFacts, b: PlayerFacts) -> bool:
    """Pairing order (1.2): higher pairing score first, then lower pairing rank."""
    return (a.score, -a.rank) > (b.score, -b.rank)


def _history_difference(a: PlayerFacts, b: PlayerFacts) -> tuple[Colour, Colour] | None:
    """Colours of a and b in the latest played round (compressed) where they differed."""
    i, j = len(a.colours) - 1, len(b.colours) - 1
    while i >= 0 and j >= 0 and a.colours[i] is b.colours[j]:
        i -= 1
        j -= 1
    if i >= 0 and j >= 0:
        return a.colours[i], b.colours[j]
    return None


def allocate(a: PlayerFacts, b: PlayerFacts, initial: Colour) -> tuple[Colour, str]:
    """The colour for `a` when it plays `b`, and the article that decided it."""
    pa, pb = a.preference, b.preference
    if pa is not pb or pa is None or pb is None:
        if pa is not None:
            return pa, "5.2.1"
        if pb is not None:
            return pb.opposite, "5.2.1"
    elif a.absolute and (a.imbalance > b.imbalance or not b.absolute):
        return pa, "5.2.2"
    elif b.absolute and (b.imbalance > a.imbalance or not a.absolute):
        return pb.opposite, "5.2.2"
    elif a.strong and not b.strong:
        return pa, "5.2.2"
    elif b.strong and not a.strong:
        return pb.opposite, "5.2.2"
    else:
        diff = _history_difference(a, b)
        if diff is not None:
            return diff[1], "5.2.3"
    a_higher = ranks_higher(a, b)
    if pa is not None:
        assert pb is not None
        return (pa if a_higher else pb.opposite), "5.2.4"
    higher = a if a_higher else b
    higher_gets = initial if higher.rank % 2 == 0 else initial.opposite
    return (higher_gets if a_higher else higher_gets.opposite), "5.2.5"
