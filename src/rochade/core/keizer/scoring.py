"""Keizer scoring: values, credits, totals and the breakdown that explains them.

spec/keizer.md sections 2-6. Everything is recomputed from the facts of a `Tournament`.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from rochade.core.keizer.settings import KeizerSettings
from rochade.core.model import Entrant, Outcome, PlayerId, Tournament


@dataclass(frozen=True, slots=True)
class BreakdownRow:
    """One line of "how my points were computed": a round's row (or the own value).

    `basis` is the value the credit was computed from (the opponent's, the player's own, or a
    team board's), `factor` the share of it earned, so `credit == basis * factor` always.
    """

    round: int  # 0 for the own value
    kind: str  # "own", "game", "absence", "bye", "external"
    basis: Fraction
    factor: Fraction
    credit: Fraction
    opponent: PlayerId | None = None
    colour: str | None = None  # "w" / "b" for games
    outcome: Outcome | None = None
    reason: str | None = None
    note: str = ""


@dataclass(frozen=True, slots=True)
class StandingRow:
    """A player's line in the standings after some round."""

    rank: int | None  # None for withdrawn entrants
    entrant: Entrant
    total: Fraction
    value: Fraction  # the value that priced the last round (KfC's "value used")
    next_value: Fraction  # the value from this ranking, used for the next round
    game_points: Fraction
    games_played: int
    breakdown: tuple[BreakdownRow, ...]


@dataclass(frozen=True)
class Standings:
    """Ranked rows (withdrawn entrants last, unranked) after `after_round` rounds."""

    rows: tuple[StandingRow, ...]
    after_round: int
    converged: bool = True
    iterations: int = 1

    def row(self, player: PlayerId) -> StandingRow:
        for row in self.rows:
            if row.entrant.id == player:
                return row
        raise KeyError(player)

    def ranked(self) -> tuple[StandingRow, ...]:
        """Rows with a rank, best first."""
        return tuple(r for r in self.rows if r.rank is not None)


def ladder_values(n: int, settings: KeizerSettings) -> list[Fraction]:
    """The values of ranks 1..n (spec section 2)."""
    raise NotImplementedError


def compute_standings(
    tournament: Tournament, settings: KeizerSettings, after_round: int | None = None
) -> Standings:
    """Standings after `after_round` (default: every round with at least one row)."""
    raise NotImplementedError
