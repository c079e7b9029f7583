"""A seeded random Swiss tournament generator (players, results, byes, forfeits).

It plays a whole event with a pairing engine: before each round some players announce a
half-point, full-point or zero-point bye, late entries miss the first rounds (zero-point
byes), withdrawn players are no longer paired, the engine pairs the others (with Baku
acceleration or a random table of virtual points if asked), and results are drawn from the
rating difference (Elo expectation) with a draw rate and a forfeit rate. Everything random
comes from the `random.Random` passed in, so a seed reproduces the event exactly. Pairing
numbers are the final ones from the start (a late entry's number is reserved), as a TRF
file of the finished event has them.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction

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
from rochade.core.system_settings import baku_group_a, baku_virtual_points

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
    accelerations: dict[int, tuple[int, ...]] = field(default_factory=dict)
    withdrawn: dict[int, int] = field(default_factory=dict)  # tpn -> first round not played
    late: dict[int, int] = field(default_factory=dict)  # tpn -> first round played

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
                SwissPlayer(tpn, rating, tuple(self.history[tpn]),
                            self.accelerations.get(tpn, ()))
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
    full_bye_rate: float = 0.0
    late_entries: int = 0  # players who join in round 2, 3 or 4
    withdrawals: int = 0  # players who stop after round 2 or later
    baku: bool = False
    virtual: bool = False  # an acceleration of its own: a random table of virtual points


def _virtual(rng: random.Random, log: SwissLog) -> dict[int, tuple[int, ...]]:
    """A random announced acceleration (tenths per round): some of the top players get a
    win's or a draw's worth in some of the first rounds, now and then a player further down
    too, so that score groups, floats and late rounds without virtual points all come up."""
    win, draw = log.scoring.win, log.scoring.draw
    rounds = log.total_rounds
    top = max(2, len(log.ratings) * rng.randint(1, 3) // 4)
    chosen = set(range(1, top + 1)) | set(rng.sample(range(1, len(log.ratings) + 1),
                                                      min(3, len(log.ratings))))
    out: dict[int, tuple[int, ...]] = {}
    for tpn in sorted(chosen):
        last = rng.randint(1, max(1, (rounds + 1) // 2))
        out[tpn] = tuple(rng.choice((win, win, draw)) if r < last else 0 for r in range(rounds))
    return {tpn: points for tpn, points in out.items() if any(points)}


def _baku(log: SwissLog, first_round: list[int]) -> dict[int, tuple[int, ...]]:
    """Virtual points (tenths) per round of group A (C.04.7), from round 1's players."""
    order = list(range(1, len(log.ratings) + 1))
    win = Fraction(log.scoring.win, 10)
    points = tuple(int(10 * baku_virtual_points(r, log.total_rounds, win))
                   for r in range(1, log.total_rounds + 1))
    return {tpn: points for tpn in baku_group_a(first_round, order)}


def random_tournament(rng: random.Random, settings: GeneratorSettings,
                      pair: Callable[[SwissState], Pairing]) -> SwissLog:
    """Play a whole random event with `pair` as the pairing engine."""
    ratings = sorted((rng.randint(1000, 2700) for _ in range(settings.players)), reverse=True)
    colour = Colour.WHITE if rng.random() < 0.5 else Colour.BLACK
    log = SwissLog(ratings, settings.rounds, initial_colour=colour)
    numbers = list(range(1, settings.players + 1))
    if settings.late_entries or settings.withdrawals:
        chosen = rng.sample(numbers, settings.late_entries + settings.withdrawals)
        log.late = {tpn: rng.randint(2, min(4, settings.rounds)) for tpn in
                    chosen[:settings.late_entries]}
        log.withdrawn = {tpn: rng.randint(3, settings.rounds + 1) for tpn in
                         chosen[settings.late_entries:]}
    for number in range(1, settings.rounds + 1):
        byes: dict[int, str] = {tpn: "Z" for tpn, joins in log.late.items() if number < joins}
        gone = {tpn for tpn, stop in log.withdrawn.items() if number >= stop}
        for tpn in numbers:
            roll = rng.random()
            if tpn in byes or tpn in gone:
                continue
            if roll < settings.half_bye_rate:
                byes[tpn] = "H"
            elif roll < settings.half_bye_rate + settings.absence_rate:
                byes[tpn] = "Z"
            elif roll < settings.half_bye_rate + settings.absence_rate + settings.full_bye_rate:
                byes[tpn] = "F"
        if settings.baku and number == 1:
            log.accelerations = _baku(log, [t for t in numbers if t not in byes])
        elif settings.virtual and number == 1:
            log.accelerations = _virtual(rng, log)
        pairing = pair(log.state(frozenset(byes) | gone))
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
