"""The settings of a Double-Swiss."""

from __future__ import annotations

import enum
from dataclasses import dataclass
from fractions import Fraction

from rochade.core import limits
from rochade.core.model import ModelError, PlayerId
from rochade.core.tiebreaks import TieBreak, parse_tiebreaks

DOUBLE_SWISS = "double-swiss"
PAB_VALUES = tuple(Fraction(n, 2) for n in range(5))
"""What a pairing-allocated bye may be worth: 0 to 2 points (a match of two games)."""


class InitialColour(enum.Enum):
    """The colour of the first game for the higher player of an odd-numbered pair when
    neither has played yet (drawn or announced before round 1)."""

    WHITE = "white"
    BLACK = "black"


def pab_value(value: object) -> Fraction:
    """A bye value as the TD types it: 0, 1/2, 1, 3/2 (or 1.5), 2."""
    try:
        points = Fraction(str(value).strip().replace("½", "1/2"))
    except (ValueError, ZeroDivisionError):
        raise ValueError(value) from None
    if points not in PAB_VALUES:
        raise ModelError("a bye is worth 0, 1/2, 1, 3/2 or 2 points, not {value}", value=value)
    return points


@dataclass(frozen=True)
class DoubleSwissSettings:
    """A Double-Swiss: `rounds` match rounds of two games each, games scored 1-½-0; the
    pairing-allocated bye is worth `pab` points (a win and a draw unless announced otherwise).

    `numbers[i]` is the player with pairing number i + 1 as stored when a round was paired;
    `seed` is kept as every system keeps it (nothing is drawn by lot: the initial colour is
    announced).
    """

    rounds: int = 7
    pab: Fraction = Fraction(3, 2)
    tiebreaks: tuple[TieBreak, ...] = parse_tiebreaks("BH/C1,BH,SB")
    initial_colour: InitialColour = InitialColour.WHITE
    forbidden_pairs: frozenset[frozenset[PlayerId]] = frozenset()
    numbers: tuple[PlayerId, ...] = ()
    seed: int = 0

    def __post_init__(self) -> None:
        limits.ROUNDS.check(self.rounds, "rounds")
        limits.SEED.check(self.seed, "seed")
        if self.pab not in PAB_VALUES:
            raise ModelError("a bye is worth 0, 1/2, 1, 3/2 or 2 points, not {value}",
                             value=self.pab)
