"""What the use cases return: plain values a CLI prints and a web page shows."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

from rochade.core.messages import N_, Message, joined
from rochade.core.model import Entrant, Game, PlayerId, Result, Round, Tournament
from rochade.store import ActionRecord

_REMOVED = {
    "tournaments": N_("a tournament with everything in it"),
    "rounds": N_("a paired round with its games and results"),
    "entrants": N_("players"),
    "members": N_("players"),
}
"""What goes, for each table an undo removes rows of (`rochade.store.club.REMOVING`)."""


@dataclass(frozen=True)
class TournamentSummary:
    name: str
    system: str
    preset: str
    players: int
    rounds: int
    current: bool = False  # the one commands without a tournament's name act on
    teams: int | None = None  # a team event's number of teams (None: not a team event)


@dataclass(frozen=True)
class PlayerAdded:
    """A player added to the member list and, when a tournament was chosen, enrolled in it."""

    name: str
    member_id: int
    new_member: bool
    entrant: Entrant | None = None
    tournament: str | None = None
    late_rounds: int = 0  # earlier rounds that count as a late start
    already: str = ""  # already played in the tournament: an import "skipped" or "updated" them


@dataclass(frozen=True)
class PairingReport:
    tournament: Tournament  # including the new round
    round: Round
    explanation: tuple[str, ...]


@dataclass(frozen=True)
class PairingList:
    """A round's pairing list: the boards (`round`), the evening's date (None: not known) and
    each player's points before the round."""

    tournament: Tournament
    round: Round
    date: str | None
    before: Mapping[PlayerId, Fraction]


@dataclass(frozen=True)
class UndoPlan:
    """What an undo would take back (newest first) and which of a tournament, rounds and
    players it removes (`rochade.store.club.REMOVING`). The TD confirms it first when it
    takes back more than one change or removes any of those (`asks`)."""

    actions: tuple[ActionRecord, ...]
    removes: tuple[str, ...]

    @property
    def asks(self) -> bool:
        return len(self.actions) > 1 or bool(self.removes)

    @property
    def goes(self) -> Message | None:
        """What the undo removes, in words ("a paired round with its games and results");
        None: nothing but the changes themselves."""
        said = list(dict.fromkeys(_REMOVED[table] for table in self.removes))
        return joined([Message(text) for text in said]) if said else None


@dataclass(frozen=True)
class StandingChange:
    """A player whose place or total moved because a result was corrected."""

    entrant: Entrant
    old_rank: int | None
    new_rank: int | None
    old_total: Fraction
    new_total: Fraction

    @property
    def totals(self) -> str:
        """The old and the new total as the lists write them: "20.33 -> 21.00"."""
        from rochade.formats.text import decimal_text  # not loaded by every command

        return f"{decimal_text(self.old_total)} -> {decimal_text(self.new_total)}"


@dataclass(frozen=True)
class ResultReport:
    tournament: Tournament  # with the new result
    round_number: int
    game: Game
    previous: Result | None
    changes: tuple[StandingChange, ...]  # only for corrections and results of older rounds
    paired_on: Message | None = None
    """A correction of a round whose next round was paired on the old result: says so (the
    pairings stay as they are)."""


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
