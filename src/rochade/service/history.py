"""The action log, undo and redo, and what a reader that keeps the club file open asks on
each request (a club-file setting, the mark of the file's state)."""

from __future__ import annotations

from rochade.service.clubfile import UseCases
from rochade.service.errors import ServiceError
from rochade.service.fidemode import leaves
from rochade.service.reports import UndoPlan
from rochade.store import REMOVING, ActionRecord


class HistoryDesk(UseCases):
    """The action log of a club file, undo and redo."""

    def log(self) -> list[ActionRecord]:
        with self.file.reading() as club:
            return club.actions()

    def undo(
        self, steps: int = 1, tournament: str | None = None, action: int | None = None,
        backup: bool = False,
    ) -> list[ActionRecord]:
        """Revert the last `steps` actions (newest first) of the whole file, or of one
        tournament only; the undo itself is logged. `action`: the id of the change the TD saw
        as the last one; if another is the last one by now, nothing is undone. `backup`: copy
        the file into its backups folder first (an undo the TD confirmed, `undo_plan`)."""
        with self.file.open() as club:
            record = None if tournament is None else self.file.record(club, tournament)
            final = next((a for a in club.undoable(steps, record) if leaves(a)), None)
            if final is not None:
                raise ServiceError("change #{id} left FIDE mode, which is for good: it cannot "
                                   "be undone", id=final.id)
            name = None if record is None else record.name
            return club.undo(steps, self.who, self.clock(), name, action, backup)

    def undo_plan(self, steps: int = 1, tournament: str | None = None) -> UndoPlan:
        """What `undo` would take back now, and whether the TD should confirm it first."""
        with self.file.reading() as club:
            record = None if tournament is None else self.file.record(club, tournament)
            actions = club.undoable(steps, record)
            removing = {table for a in actions for table in club.removes(a.id)}
            return UndoPlan(tuple(actions), tuple(t for t in REMOVING if t in removing))

    def undo_target(self, tournament: str | None = None) -> ActionRecord | None:
        """What undo would take back now (of the whole file, or of one tournament)."""
        with self.file.reading() as club:
            record = None if tournament is None else self.file.record(club, tournament)
            found = club.undoable(1, record)
            return found[0] if found else None

    def redo(self, tournament: str | None = None, action: int | None = None) -> list[ActionRecord]:
        """Bring back what the last undo (of the whole file, or of one tournament) took, while
        nothing newer happened; returns the changes back in force, newest first. `action`: the
        id of the undo the TD saw; if another is the last undo by now, nothing is redone."""
        with self.file.open() as club:
            name = None if tournament is None else self.file.record(club, tournament).name
            return club.redo(self.who, self.clock(), name, action)

    def redo_target(self, tournament: str | None = None) -> ActionRecord | None:
        """The undo that redo would take back now (None: none, or a newer change came)."""
        with self.file.reading() as club:
            record = None if tournament is None else self.file.record(club, tournament)
            undo, newer = club.redo_target(record)
            return undo if newer is None else None

    def setting(self, key: str) -> str | None:
        """A club-file setting (`file_settings`) read on this service's connection: for a
        reader that keeps one open (the web app checks the logged-out sessions per request)."""
        with self.file.open() as club:
            return club.setting(key)

    def state_mark(self) -> str:
        """The mark of the club file's state: new with every change (an undo and a restore
        too), so a reader can tell cheaply whether anything changed since it last looked."""
        with self.file.open() as club:
            return club.state_mark()
