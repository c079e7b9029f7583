"""Automatic backups of a club file, kept in a rotating folder beside it.

Before every pairing, every import, every restore and every undo the TD confirmed, the club
file's state is copied into `CLUB-backups/` (for `myclub.rochade`: `myclub.rochade-backups/`).
The copy is made with SQLite's online backup API through a second, read-only connection while
the changing connection already holds the write lock: the copy is exactly the state the change
starts from, and no other program can slip a change in between. A copy is written under a
temporary name and renamed when complete (`write_copy`), so a crash never leaves a half copy
that looks like a backup; the migration's copy of an older file (`keep_copy`) is made the same
way. If the change fails, its copy is deleted (nothing changed, nothing to keep); after a
change succeeds only the newest `keep_count()` copies stay.
"""

from __future__ import annotations

import glob
import os
import re
import sqlite3
import time
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from rochade.core.messages import Message, message_of
from rochade.store import fileid
from rochade.store.errors import StoreError, sqlite_code
from rochade.store.schema import APPLICATION_ID, SCHEMA_VERSION

KEEP_DEFAULT = 20
KEEP_ENV = "ROCHADE_KEEP_BACKUPS"
"""Environment variable: how many backups to keep per club file (default 20)."""

SUFFIX = ".rochade"
COPY = "copy"
"""The kind of a backup that is a file of the TD's own (`rochade backup`'s copy, a copy
elsewhere), given by its path."""
_PARTIAL = ".partial"
_STALE_PARTIAL_SECONDS = 600
_NAME = re.compile(r"(\d{4}-\d\d-\d\d_\d{6})Z_([a-z]+)(?:_(\d+))?" + re.escape(SUFFIX))


class BackupError(StoreError):
    """A backup that cannot be made, found or used; the message says why in plain words."""


@dataclass(frozen=True, slots=True)
class BackupFile:
    """One backup: when it was taken (UTC), which kind of change it preceded, its size."""

    path: Path
    at: datetime
    before: str
    size: int

    @property
    def name(self) -> str:
        return self.path.name


def folder_of(club: Path) -> Path:
    """The backups folder of a club file: `myclub.rochade-backups` beside `myclub.rochade`."""
    return club.with_name(club.name + "-backups")


def keep_count() -> int:
    """How many backups to keep, from ROCHADE_KEEP_BACKUPS (a whole number, at least 1)."""
    text = os.environ.get(KEEP_ENV, "").strip()
    if not text:
        return KEEP_DEFAULT
    if not text.isdecimal() or int(text) < 1:
        raise BackupError(
            "{variable} must be a whole number of at least 1, not {text}",
            variable=KEEP_ENV,
            text=repr(text),
        )
    return int(text)


def take(club: Path, before: str, at: datetime) -> Path:
    """Copy the club file's last committed state into its backups folder; returns the copy.

    `before` names the change the copy precedes (pair, import, restore, undo).
    """
    keep_count()  # a bad setting refuses the change before anything is written
    folder = folder_of(club)
    try:
        folder.mkdir(exist_ok=True)
    except OSError as exc:
        raise BackupError(
            "cannot create the backups folder {folder}: {strerror}",
            folder=folder,
            strerror=exc.strerror,
        ) from None
    target = _free_name(folder, before, at)
    try:
        write_copy(club, target)
    except (OSError, sqlite3.Error) as exc:
        raise BackupError(
            "cannot write a backup into {folder}: {exc}",
            folder=folder,
            exc=message_of(exc),
        ) from None
    return target


def keep_copy(club: Path, target: Path) -> None:
    """Copy the club file's committed state to `target` unless a sound copy is there already
    (a migration's `.vN.bak`, made once before the upgrade). A copy there that fails its own
    check (empty, not SQLite, damaged: cut short by a crash of an older rochade, which wrote
    it under its final name) is not trusted: a fresh copy replaces it. Call it holding the
    club file's write lock: half-written copies left beside it then are nobody's, and go."""
    for left in target.parent.glob(f"{glob.escape(target.name)}.*{_PARTIAL}"):
        left.unlink(missing_ok=True)
    if target.exists():
        try:
            check(target)
            return
        except BackupError:
            pass
    try:
        write_copy(club, target)
    except (OSError, sqlite3.Error) as exc:
        raise BackupError(
            "cannot write the copy {target} before the upgrade: {exc}",
            target=target,
            exc=message_of(exc),
        ) from None


def write_copy(club: Path, target: Path) -> None:
    """Copy the club file's committed state to `target`, whole or not at all: under a
    temporary name in the same folder, synced, renamed, and the folder synced (so that the
    new name survives a power cut too). A crash at any moment leaves no file under `target`
    or a complete one; a failure removes the temporary copy and is raised."""
    partial = target.with_name(f"{target.name}.{os.getpid()}{_PARTIAL}")
    try:
        copy_file(club, partial)
        os.replace(partial, target)
    except BaseException:
        partial.unlink(missing_ok=True)
        raise
    _sync_folder(target.parent)


def _sync_folder(folder: Path) -> None:
    """Make a rename in `folder` durable. Where a folder cannot be opened (Windows), the
    rename is as durable as the file system makes it."""
    try:
        handle = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(handle)
    finally:
        os.close(handle)


def copy_file(source: Path, target: Path, finished: bool = False) -> None:
    """Copy a club file's committed state with the online backup API, as a one-file database.

    The copy uses the rollback journal, not WAL, so that it is complete in itself and reading
    it later leaves no -wal or -shm files beside it. It is written without SQLite's syncs
    and synced once at the end: a third of the time, and just as safe (a copy cut short is
    never renamed into place, and a restore checks the copy's integrity first). `finished`:
    the source is a backup, which nobody writes any more (read as immutable: no lock, no
    -shm, not a byte changed). The copy gets a file id of its own (`fileid`): put back over
    the club file while it is in use, it is told apart from the file.
    """
    src = look_at(source) if finished else sqlite3.connect(_uri(source, "mode=ro"), uri=True)
    try:
        dest = sqlite3.connect(target)
        try:
            dest.execute("PRAGMA synchronous = OFF")
            src.backup(dest)
            fileid.stamp(dest)
            dest.commit()
            dest.execute("PRAGMA journal_mode = DELETE")
        finally:
            dest.close()
    finally:
        src.close()
    # Outside SQLite, but safe: no connection of this process holds the new copy any more, so
    # closing this descriptor drops no lock of anyone's.
    with target.open("rb+") as handle:
        os.fsync(handle.fileno())


def look_at(path: Path) -> sqlite3.Connection:
    """A read-only connection to a backup: immutable (no locks, no -wal or -shm, not a byte
    changed), which holds because a backup is complete once renamed into place and never
    written again."""
    return sqlite3.connect(_uri(path, "mode=ro&immutable=1"), uri=True)


def _uri(path: Path, query: str) -> str:
    return f"{path.resolve().as_uri()}?{query}"


def discard(path: Path) -> None:
    """Delete the backup of a change that failed (the file is as it was)."""
    path.unlink(missing_ok=True)


def rotate(club: Path) -> None:
    """Keep the newest `keep_count()` backups; also clear copies a crash left half-written.

    Runs after the change was committed, so it never fails: a copy it cannot delete now is
    deleted next time.
    """
    backups = list_backups(club)
    stale = [old.path for old in backups[: max(0, len(backups) - keep_count())]]
    now = time.time()
    for path in [*stale, *folder_of(club).glob(f"*{_PARTIAL}")]:
        try:
            if path in stale or now - path.stat().st_mtime > _STALE_PARTIAL_SECONDS:
                path.unlink()
        except OSError:  # gone already, or not ours to delete
            pass


def list_backups(club: Path) -> list[BackupFile]:
    """The club file's backups, oldest first (files of other names in the folder are ignored)."""
    folder = folder_of(club)
    if not folder.is_dir():
        return []
    found = []
    for path in folder.iterdir():
        match = _NAME.fullmatch(path.name)
        if match is None or not path.is_file():
            continue
        at = datetime.strptime(match[1], "%Y-%m-%d_%H%M%S").replace(tzinfo=UTC)
        seq = int(match[3] or 1)
        found.append((at, seq, BackupFile(path, at, match[2], path.stat().st_size)))
    found.sort(key=lambda item: (item[0], item[1]))
    return [backup for _, _, backup in found]


def find(club: Path, ref: str) -> BackupFile:
    """A backup by its number in `rochade backups`, by its file name, or a copy anywhere by
    its path (`rochade backup`'s)."""
    backups = list_backups(club)
    ref = ref.strip()
    if ref.isdecimal():
        number = int(ref)
        if 1 <= number <= len(backups):
            return backups[number - 1]
        have = (
            Message("numbers 1-{count}", {"count": len(backups)})
            if backups
            else Message("none yet")
        )
        raise BackupError(
            "there is no backup number {number} of {name} ({have})",
            number=number,
            name=club.name,
            have=have,
        )
    for backup in backups:
        if backup.name == ref or str(backup.path) == ref:
            return backup
    copy = Path(ref)
    if copy.is_file() and copy.resolve() != club.resolve():
        stat = copy.stat()
        return BackupFile(copy, datetime.fromtimestamp(stat.st_mtime, UTC), COPY, stat.st_size)
    raise BackupError(
        "{name} has no backup named {ref}; `rochade backups {club}` lists them",
        name=club.name,
        ref=repr(ref),
        club=club,
    )


def check(path: Path) -> None:
    """Refuse a backup that is not an intact rochade club file this rochade can read."""
    try:
        conn = look_at(path)
        try:
            pages = conn.execute("PRAGMA page_count").fetchone()[0]
            app_id = conn.execute("PRAGMA application_id").fetchone()[0]
            version = conn.execute("PRAGMA user_version").fetchone()[0]
            verdict = conn.execute("PRAGMA integrity_check").fetchone()[0]
        finally:
            conn.close()
    except sqlite3.Error as exc:
        if sqlite_code(exc) == sqlite3.SQLITE_NOTADB:
            raise BackupError("{name} is not a rochade club file", name=path.name) from None
        raise BackupError(
            "{name} cannot be read ({exc})",
            name=path.name,
            exc=message_of(exc),
        ) from None
    if app_id != APPLICATION_ID or pages == 0:
        raise BackupError("{name} is not a rochade club file", name=path.name)
    if version > SCHEMA_VERSION:
        raise BackupError(
            "{name} was written by a newer rochade; please update rochade",
            name=path.name,
        )
    if verdict != "ok":
        raise BackupError(
            "{name} is damaged ({verdict}); choose another backup",
            name=path.name,
            verdict=verdict,
        )


def save(club: Path, target: Path, replace: bool = False) -> Path:
    """Copy the club file as it is now (with what its log holds: the evening's results while
    a server runs) to `target`, or into `target` when it is a folder; returns the copy.
    Refuses an existing file unless `replace`, and the club file itself. The copy is written
    under a temporary name and renamed when complete."""
    if target.is_dir():
        target = target / club.name
    if target.resolve() == club.resolve():
        raise BackupError("{target} is the club file itself; choose another name", target=target)
    if target.exists() and not replace:
        raise BackupError(
            "{target} already exists; choose another name (or add --replace to overwrite it)",
            target=target,
        )
    try:
        write_copy(club, target)
    except (OSError, sqlite3.Error) as exc:
        raise BackupError(
            "cannot write {target}: {exc}", target=target, exc=message_of(exc)
        ) from None
    return target


def last_action(path: Path) -> str | None:
    """The newest action-log line in a backup ("#12 result round 2 ..."), or None if the
    backup cannot be read."""
    try:
        conn = look_at(path)
        try:
            row = conn.execute(
                "SELECT id, description FROM actions ORDER BY id DESC LIMIT 1"
            ).fetchone()
        finally:
            conn.close()
    except sqlite3.Error:
        return None
    return None if row is None else f"#{row[0]} {row[1]}"


def _free_name(folder: Path, before: str, at: datetime) -> Path:
    stamp = at.astimezone(UTC).strftime("%Y-%m-%d_%H%M%S")
    seq = 1
    while True:
        tail = f"_{seq}" if seq > 1 else ""
        path = folder / f"{stamp}Z_{before}{tail}{SUFFIX}"
        if not path.exists():
            return path
        seq += 1
