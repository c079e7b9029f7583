"""A seeded random Swiss tournament generator (players, results, byes, forfeits).

It plays a whole event with a pairing engine: before each round some players announce a
half-point or zero-point bye, the engine pairs the others, and results are drawn from the
rating difference (Elo expectation) with a draw rate and a forfeit rate. Everything random
comes from the `random.Random` passed in, so a seed reproduces the event exactly.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field

from rochade.core.dutch.state import (
    ABSENT,
    Colour,
    Outcome,
    RoundRecord,
    Scoring,
    SwissPlayer,
    SwissState,
)
from rochade.core.pairing import Pairing

_RESULTS = {
    "1": (Outcome.WIN, Outcome.LOSS, True),
    "=": (Outcome.DRAW, Outcome.DRAW, True),
    "0": (Outcome.LOSS, Outcome.WIN, True),
    "+": (Outcome.WIN, Outcome.LOSS, False),
    "-": (Outcome.LOSS, Outcome.WIN, False),
    "--": (Outcome.LOSS, Outcome.LOSS, False),
}
_BYES = {
    "U": RoundRecord(None, None, Outcome.WIN, played=False, paired=True),
    "F": RoundRecord(None, None, Outcome.WIN, played=False, paired=False),
    "H": RoundRecord(None, None, Outcome.DRAW, played=False, paired=False),
    "Z": ABSENT,
}


@dataclass
class SwissLog:
    """Round-by-round facts of a Swiss event, from which each round's state is built.

    Results use TRF letters from White's side: `1`, `=`, `0`, `+` (forfeit win), `-`
    (forfeit loss), `--` (double forfeit). Byes: `U` (pairing-allocated), `F`, `H`, `Z`.
    """

    ratings: list[int]
    total_rounds: int
    initial_colour: Colour = Colour.WHITE
    scoring: Scoring = field(default_factory=Scoring)
    history: dict[int, list[RoundRecord]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for tpn in range(1, len(self.ratings) + 1):
            self.history.setdefault(tpn, [])

    @property
    def rounds_played(self) -> int:
        return len(self.history[1]) if self.history else 0

    def state(self, absent: frozenset[int] = frozenset()) -> SwissState:
        """The state before the next round, with `absent` not to be paired."""
        return SwissState(
            players=tuple(
                SwissPlayer(tpn, rating, tuple(self.history[tpn]))
                for tpn, rating in enumerate(self.ratings, start=1)
            ),
            total_rounds=self.total_rounds,
            rounds_played=self.rounds_played,
            absent=absent,
            initial_colour=self.initial_colour,
            scoring=self.scoring,
        )

    def add_round(self, games: list[tuple[int, int, str]],
                  byes: dict[int, str] | None = None) -> None:
        """Record a round: (white, black, result) games and {player: bye letter}."""
        done: set[int] = set()
        for white, black, code in games:
            w_out, b_out, played = _RESULTS[code]
            self.history[white].append(
                RoundRecord(black, Colour.WHITE, w_out, played=played, paired=True))
            self.history[black].append(
                RoundRecord(white, Colour.BLACK, b_out, played=played, paired=True))
            done |= {white, black}
        for tpn, letter in (byes or {}).items():
            self.history[tpn].append(_BYES[letter])
            done.add(tpn)
        for tpn, rows in self.history.items():
            if tpn not in done:
                rows.append(ABSENT)


@dataclass(frozen=True)
class GeneratorSettings:
    """Shape of a random event; rates are probabilities per player and round."""

    players: int = 30
    rounds: int = 7
    draw_rate: float = 0.3
    forfeit_rate: float = 0.03
    half_bye_rate: float = 0.03
    absence_rate: float = 0.03


def random_tournament(rng: random.Random, settings: GeneratorSettings,
                      pair: Callable[[SwissState], Pairing]) -> SwissLog:
    """Play a whole random event with `pair` as the pairing engine."""
    ratings = sorted((rng.randint(1000, 2700) for _ in range(settings.players)), reverse=True)
    colour = Colour.WHITE if rng.random() < 0.5 else Colour.BLACK
    log = SwissLog(ratings, settings.rounds, initial_colour=colour)
    for _ in range(settings.rounds):
        byes: dict[int, str] = {}
        for tpn in range(1, settings.players + 1):
            roll = rng.random()
            if roll < settings.half_bye_rate:
                byes[tpn] = "H"
            elif roll < settings.half_bye_rate + settings.absence_rate:
                byes[tpn] = "Z"
        pairing = pair(log.state(frozenset(byes)))
        if pairing.bye is not None:
            byes[pairing.bye] = "U"
        games = [(b.white, b.black, _result(rng, settings, ratings, b.white, b.black))
                 for b in pairing.boards]
        log.add_round(games, byes)
    return log


def _result(rng: random.Random, settings: GeneratorSettings, ratings: list[int],
            white: int, black: int) -> str:
    if rng.random() < settings.forfeit_rate:
        return rng.choice(["+", "-", "--"])
    if rng.random() < settings.draw_rate:
        return "="
    expected = 1 / (1 + 10 ** ((ratings[black - 1] - ratings[white - 1]) / 400))
    return "1" if rng.random() < expected else "0"
