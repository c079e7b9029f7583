"""What the use cases return: plain values a CLI prints and a web page shows."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from rochade.core.model import Entrant, Game, Result, Round, Tournament


@dataclass(frozen=True)
class TournamentSummary:
    name: str
    system: str
    preset: str
    players: int
    rounds: int


@dataclass(frozen=True)
class PlayerAdded:
    """A player added to the member list and, when a tournament was chosen, enrolled in it."""

    name: str
    member_id: int
    new_member: bool
    entrant: Entrant | None = None
    tournament: str | None = None
    late_rounds: int = 0  # earlier rounds that count as a late start


@dataclass(frozen=True)
class PairingReport:
    tournament: Tournament  # including the new round
    round: Round
    explanation: tuple[str, ...]


@dataclass(frozen=True)
class StandingChange:
    """A player whose place or total moved because a result was corrected."""

    entrant: Entrant
    old_rank: int | None
    new_rank: int | None
    old_total: Fraction
    new_total: Fraction


@dataclass(frozen=True)
class ResultReport:
    tournament: Tournament  # with the new result
    round_number: int
    game: Game
    previous: Result | None
    changes: tuple[StandingChange, ...]  # only for corrections and results of older rounds


@dataclass(frozen=True)
class Letterhead:
    """What a printed list says on every page besides its own title, so a sheet found on the
    notice board tells whose it is and when: the club (the tournament's organizer when set,
    else the club file's name) and each round's ISO date (None: not known)."""

    club: str
    dates: tuple[str | None, ...] = ()

    def date(self, round_number: int) -> str:
        """Round `round_number`'s date, "" when not known (or no such round)."""
        known = 0 < round_number <= len(self.dates)
        return (self.dates[round_number - 1] or "") if known else ""
