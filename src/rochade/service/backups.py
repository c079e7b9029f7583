"""Listing a club file's automatic backups, and bringing one back."""

from __future__ import annotations

import tempfile
from dataclasses import dataclass
from pathlib import Path

from rochade.core.messages import N_, Message
from rochade.service.clubfile import UseCases
from rochade.store import Club, StoreError
from rochade.store import backup as backups


@dataclass(frozen=True, slots=True)
class BackupSummary:
    """One backup as `rochade backups` shows it."""

    number: int
    file: backups.BackupFile
    last_action: str | None  # the newest log line it holds; None: unreadable


@dataclass(frozen=True, slots=True)
class Restored:
    backup: backups.BackupFile
    saved_as: Path  # the backup of the state the restore replaced

    @property
    def shown(self) -> str:
        """The backup as the TD named it: a copy by its path, a backup by its name."""
        return str(self.backup.path) if self.backup.before == backups.COPY else self.backup.name


class BackupDesk(UseCases):
    """The club file's automatic backups and copies."""

    def list_backups(self) -> list[BackupSummary]:
        """The backups of the club file, oldest first, numbered from 1."""
        _require(self.path)
        return [
            BackupSummary(number, file, backups.last_action(file.path))
            for number, file in enumerate(backups.list_backups(self.path), start=1)
        ]


    def save_copy(self, target: Path, replace: bool = False) -> Path:
        """`rochade backup`: a copy of the club file as it is now, safe while a server runs (the
        copy is read through SQLite, with what the server's log holds); see `backups.save`.
        The file is opened first: a foreign or newer file is refused, a foreign log set aside."""
        _require(self.path)
        with Club.open(self.path, expect=self.identity):
            return backups.save(self.path, target, replace)


    def restore_backup(self, ref: str, named: str | None = None) -> Restored:
        """Bring back backup `ref` (its number or file name, or a copy's path), after backing up
        the current state; `named`: a copy's name in the log instead of its path (an upload's
        file name: its path is a temporary one).

        The backup is checked and, if an older rochade wrote it, upgraded in a temporary copy
        first: a damaged or foreign backup is refused before the club file is touched. It is
        written into the club file through SQLite, in one transaction, never by replacing the
        file: a server running on the file goes on with the restored state (and counts the
        restore as a change, as every other).
        """
        _require(self.path)
        chosen = backups.find(self.path, ref)
        backups.check(chosen.path)
        with tempfile.TemporaryDirectory(prefix="rochade-restore-") as tmp:
            copy = Path(tmp) / "restore.rochade"
            backups.copy_file(chosen.path, copy, finished=True)
            Club.open(copy).close()  # upgrades an older schema
            with Club.open(self.path, expect=self.identity) as club:
                saved = club.restore_from(
                    copy,
                    Message(N_("restore the copy {name}"), {"name": named or str(chosen.path)})
                    if chosen.before == backups.COPY else
                    Message(N_("restore backup {name} (taken before a {action})"),
                            {"name": chosen.name, "action": chosen.before}),
                    self.who,
                    self.clock(),
                )
        return Restored(chosen, saved)


def check_copy(path: Path) -> str | None:
    """The last change in a copy of a club file brought from elsewhere (an upload), which is
    checked as a restore checks it first: refused, with the reason, when it is no intact club
    file this rochade can read."""
    backups.check(path)
    return backups.last_action(path)


def _require(path: Path) -> None:
    if not path.exists():
        raise StoreError("{path} does not exist", path=path)
