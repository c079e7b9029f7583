"""Random Double-Swiss events, for the checker and the property tests (FIDE's RTG idea).

`random_double_swiss(seed, players, rounds)` plays an event through the system's own pairing:
ratings drawn, results by rating with draws, the arbiter's unusual results, forfeits of one
or both games of a match, absences (a bye for the whole match) and withdrawals. The same seed
always gives the same event.
"""

from __future__ import annotations

import dataclasses
import functools
import random
from collections.abc import Sequence

from rochade.core.doubleswiss.settings import DOUBLE_SWISS, DoubleSwissSettings
from rochade.core.model import Absence, Entrant, Game, PlayerId, Result, Round, Status, Tournament
from rochade.core.systems.base import PairingRefused
from rochade.core.systems.double_swiss import DOUBLE_SWISS_SYSTEM

_UNUSUAL = (Result.WHITE_HALF, Result.BLACK_HALF, Result.BOTH_LOSE)


def random_double_swiss(seed: int, players: int, rounds: int, *, forfeits: float = 0.03,
                        absences: float = 0.03, withdrawals: float = 0.01,
                        unusual: float = 0.01) -> Tournament:
    """A played Double-Swiss of up to `rounds` match rounds (two stored rounds each) for
    `players` players, drawn from `seed`; the rates are per game (forfeits, unusual results)
    or per player and match round (absences, withdrawals). It ends early when the rules
    leave no pairing (few players for many rounds)."""
    rng = random.Random(seed)
    entrants = tuple(Entrant(i, f"Player {i}", rng.randint(1000, 2700))
                     for i in range(1, players + 1))
    settings = DoubleSwissSettings(rounds=rounds,
                                   initial_colour=rng.choice(list(type(
                                       DoubleSwissSettings().initial_colour))))
    t = Tournament(f"Double-Swiss {seed}", entrants, (), DOUBLE_SWISS, settings)
    for match in range(1, rounds + 1):
        t = _statuses(t, rng, absences, withdrawals)
        present = tuple(e.id for e in t.active if e.status is Status.PRESENT)
        here = functools.partial(tuple, present)
        if len(present) < 2:
            break
        first_number = 2 * match - 1
        try:
            pairing, numbered = DOUBLE_SWISS_SYSTEM.pair(t, first_number, here,
                                                         lambda: seed)
        except PairingRefused:
            break
        if numbered is not None:
            t = dataclasses.replace(t, settings=numbered)
        rates = forfeits, unusual
        absent = tuple(Absence(e.id, "excused") for e in t.active
                       if e.status is Status.EXCUSED)
        first = Round(first_number, _games(pairing.boards, rng, rates, t), absent, pairing.bye)
        t = dataclasses.replace(t, rounds=(*t.rounds, first))
        second_pairing, _ = DOUBLE_SWISS_SYSTEM.pair(t, first_number + 1, here,
                                                     lambda: seed)
        second = Round(first_number + 1, _games(second_pairing.boards, rng, rates, t,
                                                first.games),
                       tuple(sorted(second_pairing.rows, key=lambda a: a.player)))
        t = dataclasses.replace(t, rounds=(*t.rounds, second))
    t.validate()
    return t


def _statuses(t: Tournament, rng: random.Random, absences: float, withdrawals: float
              ) -> Tournament:
    """Who is absent (excused) from the coming match round, and who withdraws."""
    def status(e: Entrant) -> Status:
        if e.status is Status.WITHDRAWN:
            return e.status
        draw = rng.random()
        if draw < withdrawals and t.rounds:
            return Status.WITHDRAWN
        return Status.EXCUSED if draw < withdrawals + absences else Status.PRESENT

    return dataclasses.replace(
        t, entrants=tuple(dataclasses.replace(e, status=status(e)) for e in t.entrants))


def _games(boards: Sequence[object], rng: random.Random, rates: tuple[float, float],
           t: Tournament, first: Sequence[Game] = ()) -> tuple[Game, ...]:
    forfeits, unusual = rates
    rating = {e.id: e.rating or 1500 for e in t.entrants}
    board_of = {g.black: g.board for g in first}
    out = []
    for number, board in enumerate(boards, 1):
        white: PlayerId = board.white  # type: ignore[attr-defined]
        black: PlayerId = board.black  # type: ignore[attr-defined]
        draw = rng.random()
        if draw < forfeits:
            result = rng.choice((Result.WHITE_WINS_FORFEIT, Result.BLACK_WINS_FORFEIT,
                                 Result.DOUBLE_FORFEIT))
        elif draw < forfeits + unusual:
            result = rng.choice(_UNUSUAL)
        else:
            expected = 1 / (1 + 10 ** ((rating[black] - rating[white]) / 400))
            luck = rng.random()
            result = (Result.DRAW if abs(luck - expected) < 0.15
                      else Result.WHITE_WINS if luck < expected else Result.BLACK_WINS)
        out.append(Game(white, black, result, board_of.get(white, number)))
    return tuple(out)
