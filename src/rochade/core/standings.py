"""The standings of a tournament of any system: who is where, and by which numbers.

Every system ranks its own way (Keizer on values, a round robin or Swiss on points and the
FIDE tie-breaks) and gives this one value (`TournamentSystem.standings`), so the lists, files
and pages print the standings of every system alike. The score columns are the system's:
Keizer's score, game points, games and value; a round robin's or Swiss's points and
tie-breaks. The first column is the total the ranking is on.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from rochade.core.model import Entrant, ModelError, PlayerId
from rochade.core.tiebreaks import TieBreak

WITHDRAWN = "withdrawn"
"""The note of a player who withdrew (ranked last and unranked in Keizer, ranked on in a
round robin or Swiss)."""


@dataclass(frozen=True, slots=True)
class ScoreColumn:
    """What a score column holds: `key` (score, points, games, value) or a tie-break."""

    key: str
    tiebreak: TieBreak | None = None


@dataclass(frozen=True, slots=True)
class Standing:
    """One player's line: the rank (None: withdrawn from a Keizer season), the scores in the
    order of the standings' columns (exact: a count of games too), the start number where the
    system has them."""

    rank: int | None
    entrant: Entrant
    scores: tuple[Fraction, ...]
    number: int | None = None
    notes: tuple[str, ...] = ()

    @property
    def total(self) -> Fraction:
        """The score the ranking is on (the first column)."""
        return self.scores[0]

    @property
    def withdrawn(self) -> bool:
        return WITHDRAWN in self.notes


@dataclass(frozen=True)
class Standings:
    """The ranking after `after_round` rounds, best first (withdrawn Keizer players last).

    `tiebreaks` order equal totals (a round robin's or Swiss's; their columns follow the
    total). `converged` and `iterations` report Keizer's fixed_point iteration; every other
    ranking is settled at once.
    """

    system: str
    after_round: int
    columns: tuple[ScoreColumn, ...]
    lines: tuple[Standing, ...]
    tiebreaks: tuple[TieBreak, ...] = ()
    converged: bool = True
    iterations: int = 1

    def line(self, player: PlayerId) -> Standing:
        for line in self.lines:
            if line.entrant.id == player:
                return line
        raise ModelError("no player with id {id} in the standings", id=player)

    def ranked(self) -> tuple[Standing, ...]:
        """The lines with a rank, best first."""
        return tuple(line for line in self.lines if line.rank is not None)

    def scores(self, key: str) -> dict[PlayerId, Fraction]:
        """Each player's score in the column `key`."""
        i = [c.key for c in self.columns].index(key)
        return {line.entrant.id: line.scores[i] for line in self.lines}

    @property
    def numbered(self) -> bool:
        """The players have start numbers (a round robin's or Swiss's)."""
        return any(line.number is not None for line in self.lines)
