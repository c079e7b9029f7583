"""Matches of a Double-Swiss read from the stored games.

How a Double-Swiss is kept (the cup's idea): each stored round is one game, so match round m
is stored rounds 2m-1 (first games) and 2m (second games, colours swapped); a match keeps its
board number in both. The pairing-allocated bye is the bye of the first game's round and an
absence row in the second's; any other absence is a row in both. A match is forfeited only
when a player forfeits both its games: then the two have not met (they may meet again) and
the other has won by forfeit. Otherwise the match counts as played, a single forfeited game
included.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction

from rochade.core.doubleswiss.engine import BLACK, WHITE, Contestant
from rochade.core.model import Game, Outcome, PlayerId, Round, Tournament
from rochade.core.tiebreaks import Scoring

GAMES = 2


def match_of(stored: int) -> tuple[int, int]:
    """The match round and game (1 or 2) of stored round `stored` (from 1)."""
    return (stored + 1) // GAMES, GAMES - stored % GAMES


def forfeited_both(player: PlayerId, first: Game | None, second: Game | None) -> bool:
    """Whether `player` lost both games of a match by forfeit."""
    return all(g is not None and g.result is not None
               and g.result.outcome(g.white == player) is Outcome.FORFEIT_LOSS
               for g in (first, second))


def regular(first: Game, second: Game | None) -> bool:
    """Whether a match counts as played: neither player forfeited both games."""
    return not (forfeited_both(first.white, first, second)
                or forfeited_both(first.black, first, second))


def match_pairs(rounds: Sequence[Round]) -> list[tuple[Round, Round | None]]:
    """The stored rounds two by two: (first games, second games or None)."""
    return [(rounds[i], rounds[i + 1] if i + 1 < len(rounds) else None)
            for i in range(0, len(rounds), GAMES)]


def contestants(t: Tournament, numbers: Sequence[PlayerId], players: Sequence[PlayerId],
                scoring: Scoring, points: Mapping[PlayerId, Fraction]) -> tuple[Contestant, ...]:
    """The engine's view of `players` after the complete match rounds of `t`."""
    opponents: dict[PlayerId, set[PlayerId]] = {p: set() for p in numbers}
    colours: dict[PlayerId, list[str | None]] = {p: [] for p in numbers}
    no_bye: set[PlayerId] = set()
    for first, second in match_pairs(t.rounds):
        seen = set()
        for g1 in first.games:
            g2 = None if second is None else second.game_of(g1.white)
            w, b = g1.white, g1.black
            seen |= {w, b}
            if regular(g1, g2):
                opponents[w].add(b)
                opponents[b].add(w)
                colours[w].append(WHITE)
                colours[b].append(BLACK)
                continue
            colours[w].append(None)
            colours[b].append(None)
            for winner, loser in ((w, b), (b, w)):
                if forfeited_both(loser, g1, g2) and not forfeited_both(winner, g1, g2):
                    no_bye.add(winner)
        if first.bye is not None:
            no_bye.add(first.bye)
        for p in numbers:
            if p not in seen:
                colours[p].append(None)
    tpn = {p: i for i, p in enumerate(numbers, 1)}
    return tuple(
        Contestant(p, tpn[p], points.get(p, Fraction(0)), frozenset(opponents[p]),
                   tuple(colours[p]), p not in no_bye)
        for p in players)
