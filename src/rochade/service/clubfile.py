"""The club file every use case acts on, and the one way a class of use cases is built on it.

`ClubFile` is the shared core: the file's path, who acts and when, the connection kept open
across calls (`session`), and the action that makes one change one transaction, logged and
undoable (`change`). Every class of use cases (the desks of `rochade.service`, each in the
module of its concern) is a `UseCases`: it holds a `ClubFile` and uses only its public
methods, so no desk reaches into another's insides, and desks built `on` one file share its
open connection. `ClubService` combines the desks the CLI and the web app call.
"""

from __future__ import annotations

import dataclasses
import getpass
import re
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Self

from rochade.core.model import Tournament
from rochade.service import system_cases
from rochade.service.errors import ServiceError
from rochade.service.fidemode import FideMode, mode_of
from rochade.service.league_games import with_league_games
from rochade.service.players import pick
from rochade.store import Action, Club, Identity, StoreError, TournamentRecord

Clock = Callable[[], datetime]


def system_clock() -> datetime:
    return datetime.now(UTC)


def current_user() -> str:
    """The OS user name, for the action log when no --who is given."""
    try:
        return getpass.getuser()
    except (OSError, KeyError):
        return "unknown"


BACKED_UP = ("pair", "import")
"""Action kinds that back the file up first (a player list import does too)."""

CURRENT_KEY = "current_tournament"
"""The tournament `use_tournament` chose, and the newest one then: "ID NEWEST"."""
_USED = re.compile(r"\d{1,18} \d{1,18}")


def current_tournament(records: Sequence[TournamentRecord], used: str | None
                       ) -> TournamentRecord:
    """The current tournament: the last one used, or created after it (the newest)."""
    chosen, newest = map(int, used.split()) if used and _USED.fullmatch(used) else (0, 0)
    if records[-1].id > newest:
        return records[-1]
    return next((r for r in records if r.id == chosen), records[-1])


class ClubFile:
    """One club file, acted on as `who` at the time `clock` says; with `identity`, on that
    file only (a server's: `file_settings.file_identity`)."""

    def __init__(self, path: Path, who: str | None = None, clock: Clock = system_clock,
                 identity: Identity | None = None) -> None:
        self.path = path
        self.who = who or current_user()
        self.clock = clock
        self.identity = identity
        self.now = datetime.min.replace(tzinfo=UTC)
        """The time of the action under way (set by `change`), also the date of a round it
        pairs."""
        self._club: Club | None = None

    def acting_as(self, who: str) -> ClubFile:
        """The same file acted on by someone else (a player on their phone): their changes
        are logged under their name, each on its own connection."""
        return ClubFile(self.path, who, self.clock, self.identity)

    @contextmanager
    def session(self) -> Iterator[ClubFile]:
        """Keep the club file open across several calls (the demo, the web app's readers).

        Each call is still its own transaction; only opening and closing the file is saved.
        """
        with self._connect() as club:
            self._club = club
            try:
                yield self
            finally:
                self._club = None

    def _connect(self) -> Club:
        if not self.path.exists():
            raise StoreError(
                "{path} does not exist (create a club file with: rochade init {path})",
                path=self.path,
            )
        return Club.open(self.path, expect=self.identity)

    @contextmanager
    def open(self) -> Iterator[Club]:
        """The open club file: the session's, or one opened for this call."""
        if self._club is not None:
            yield self._club
            return
        with self._connect() as club:
            yield club

    @contextmanager
    def change(
        self, kind: str, description: str, backup: str | None = None
    ) -> Iterator[tuple[Club, Action]]:
        """One action; pairings and imports (`kind` in BACKED_UP, or `backup` naming what the
        change is) first copy the file into its backups folder."""
        if kind in BACKED_UP:
            backup = kind
        self.now = self.clock()
        with (
            self.open() as club,
            club.action(kind, description, self.who, self.now, backup) as act,
        ):
            yield club, act

    @contextmanager
    def reading(self) -> Iterator[Club]:
        """The open club file for reads that see one state of it."""
        with self.open() as club, club.reading():
            yield club

    def record(self, club: Club, name: str | None) -> TournamentRecord:
        """The tournament named `name` (as the TD typed it), or the only or current one."""
        records = club.tournaments()
        if name is not None:
            return pick(records, name, lambda r: r.name, "tournament")
        if len(records) == 1:
            return records[0]
        if not records:
            raise ServiceError("this club file has no tournament yet; create one first")
        return current_tournament(records, club.setting(CURRENT_KEY))

    def load(self, club: Club, name: str | None, league: bool = True
             ) -> tuple[TournamentRecord, Tournament]:
        """The tournament's record and the whole tournament, its settings decoded, with the
        league games its teams played (`league_games`; `league` False: the stored rows
        only, for a change that writes a round's rows back)."""
        record = self.record(club, name)
        settings = system_cases.decode(record.system, record.settings)
        t = dataclasses.replace(club.load_tournament(record), settings=settings)
        return record, with_league_games(club, record, t)[0] if league else t


class UseCases:
    """What every class of use cases is: built on a club file's path, as the CLI and the web
    app build it, or `on` a `ClubFile` another desk holds (sharing its open session); it acts
    through `file` only. The reads every desk needs are here."""

    def __init__(self, path: Path, who: str | None = None, clock: Clock = system_clock,
                 identity: Identity | None = None, *, file: ClubFile | None = None) -> None:
        self.file = file or ClubFile(path, who, clock, identity)

    @classmethod
    def on(cls, file: ClubFile) -> Self:
        """The use cases of `cls` acting on `file` (its session and who acts included)."""
        return cls(file.path, file=file)

    @classmethod
    def init(cls, path: Path, who: str | None = None, clock: Clock = system_clock) -> Self:
        """Create a new, empty club file."""
        cases = cls(path, who, clock)
        Club.create(path, cases.who, clock()).close()
        return cases

    @property
    def path(self) -> Path:
        return self.file.path

    @property
    def who(self) -> str:
        return self.file.who

    @who.setter
    def who(self, who: str) -> None:
        self.file.who = who

    @property
    def clock(self) -> Clock:
        return self.file.clock

    @property
    def identity(self) -> Identity | None:
        return self.file.identity

    @contextmanager
    def session(self) -> Iterator[Self]:
        """Keep the club file open across several calls (`ClubFile.session`)."""
        with self.file.session():
            yield self

    def tournament(self, name: str | None = None) -> Tournament:
        """The whole tournament (facts and settings)."""
        with self.file.reading() as club:
            return self.file.load(club, name)[1]

    def tournament_extras(self, name: str | None = None) -> tuple[Tournament, dict[str, str]]:
        """The tournament and what its imported file said beyond the facts (kind -> JSON)."""
        with self.file.reading() as club:
            record, t = self.file.load(club, name)
            return t, club.extras(record.id)

    def fide_mode(self, tournament: str | None = None) -> FideMode:
        """Whether the tournament is in FIDE mode, or when it left it."""
        with self.file.reading() as club:
            return mode_of(club, self.file.record(club, tournament))
