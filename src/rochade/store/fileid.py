"""Which file a club file is, and whether the file rochade opened is still the file there.

SQLite cannot tell: copying another file over a club file in use (or deleting it and putting
a copy back) leaves the users' `-wal` beside it, and SQLite applies that log to the new file,
or a running server goes on writing it; either way the file is damaged. So every club file
carries a random id of its own (the setting `file_id`): the live file keeps it, and every copy
rochade makes (the automatic backups, `rochade backup`) gets a new one. A process that has the
file open checks before every change and every read transaction that the file at the path is
the one it opened: the same device and inode, and, when its size or time changed (a
checkpoint, or another program), a size no smaller than before and the same id in the file
on disk (read without the log, see `on_disk`); each read transaction also checks the id it
reads (another file written in through SQLite is in the log only, `Watch.read_in`). Each
write transaction writes the id again, so every `-wal` carries it: a log that carries another
id than its file is another file's log (`set_aside_foreign_wal`).
"""

from __future__ import annotations

import contextlib
import logging
import os
import re
import secrets
import sqlite3
import struct
import sys
import time
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import NoReturn

from rochade.store.errors import FileGone, FileReplaced

if sys.platform == "linux":
    import fcntl

KEY = "file_id"
_IN_LOG = re.compile(rb"file_id([0-9a-f]{32})")
"""The id as its row stores it (key and value side by side in the record): found in the page
images of a `-wal` without reading them as SQLite pages."""
_WAL_MAGIC = (0x377F0682, 0x377F0683)
_TRIES = 3
_SHARED_FIRST, _SHARED_SIZE = 0x40000000 + 2, 510
"""SQLite's lock bytes for readers (os_unix.c): a read lock there keeps any connection from
taking the exclusive lock that closing the last connection needs to copy its log into the
file."""

log = logging.getLogger(__name__)
_held: list[int] = []
"""Descriptors of replaced files, kept open (never closed) while this process lives."""
_known: set[tuple[int, int]] = set()
"""The replaced files (device, inode) this process has noticed."""


@dataclass(frozen=True, slots=True)
class Identity:
    """A club file as a process opened it: where it lives on disk and the id it carries
    (None: a file of an older rochade that was never changed since)."""

    device: int
    inode: int
    file_id: str | None


def new_id() -> str:
    return secrets.token_hex(16)


def _has_settings(conn: sqlite3.Connection) -> bool:
    return conn.execute(
        "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'settings'"
    ).fetchone() is not None


def stamp(conn: sqlite3.Connection) -> None:
    """Give a new file, or a new copy of one, an id of its own (a file older than the
    settings table gets one at its first change)."""
    if _has_settings(conn):
        write(conn, new_id())


def read(conn: sqlite3.Connection) -> str | None:
    """The file's id as this connection sees it (None: none yet)."""
    if not _has_settings(conn):
        return None
    row = conn.execute("SELECT value FROM settings WHERE key = ?", (KEY,)).fetchone()
    return None if row is None else str(row[0])


def write(conn: sqlite3.Connection, file_id: str) -> None:
    """Write the id (again) inside the open write transaction: REPLACE rewrites the row even
    when it is unchanged, so the transaction's log carries the id."""
    conn.execute("INSERT OR REPLACE INTO settings (key, value) VALUES (?, ?)", (KEY, file_id))


def on_disk(path: Path) -> str | None:
    """The id in the file on disk as it is, without its `-wal` (an immutable connection takes
    no lock and reads no log). Safe beside this process's own connections: SQLite shares one
    record of the file's locks between them, so closing this one drops none of theirs.
    Raises sqlite3.Error when the file cannot be read as a club file."""
    conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro&immutable=1", uri=True)
    try:
        return read(conn)
    finally:
        conn.close()


class Watch:
    """Checks that the file at `path` is still the one opened as `identity`."""

    def __init__(self, path: Path, identity: Identity, stat: os.stat_result | None = None
                 ) -> None:
        self.path = path
        self.identity = identity
        self._seen = None if stat is None else _times(stat)  # None: read the file's id first
        self._confirmed = False  # the id was seen in the file on disk
        self._replaced: FileReplaced | None = None

    def same_as(self, expected: Identity) -> bool:
        """Whether the file opened is the one `expected` (an id not yet given matches any)."""
        mine = self.identity
        return (mine.device, mine.inode) == (expected.device, expected.inode) and (
            expected.file_id is None or mine.file_id == expected.file_id)

    def adopt(self, file_id: str) -> None:
        """The file got its id (an older file's first change in this process)."""
        self.identity = Identity(self.identity.device, self.identity.inode, file_id)

    def check(self) -> None:
        """Raise `FileReplaced` (now and from then on) unless the file is the one opened;
        `FileGone` (for now) while nothing is at its path."""
        if self._replaced is not None:
            raise self._replaced
        try:
            stat = os.stat(self.path)
        except OSError:
            raise FileGone(self.path) from None  # (its log stays: the file may come back)
        same_place = (stat.st_dev, stat.st_ino) == (self.identity.device, self.identity.inode)
        if same_place and _times(stat) == self._seen:
            return
        if not same_place or self._shrunk(stat) or not self._same_id():
            self._refuse()
        self._seen = _times(stat)

    def read_in(self, file_id: str | None) -> None:
        """Raise `FileReplaced` (now and from then on) unless `file_id`, the id a connection
        to the file reads in its snapshot (log included), is the one opened. Another club file
        written into this one through SQLite (its backup API) leaves the file's place, size and
        times on disk as they were: its pages sit in the log, and only what the connections
        read tells (an older file's first id, given by another process, is adopted)."""
        if self._replaced is not None:
            raise self._replaced
        if file_id == self.identity.file_id:
            return
        if self.identity.file_id is None and file_id is not None:
            self.adopt(file_id)
            return
        self._refuse()

    def _shrunk(self, stat: os.stat_result) -> bool:
        """Whether the file got smaller: rochade never makes it so (no VACUUM; a checkpoint
        only adds pages, a restore frees them inside the file), but an older copy of the
        same file put back in its place does, and it carries the same id."""
        return self._seen is not None and stat.st_size < self._seen[0]

    def _same_id(self) -> bool:
        """Whether the file on disk carries our id. Only a file that shows no sign of it in
        several reads is another: a read may fail or find nonsense while a checkpoint copies
        pages from the log into the file. A missing id is fine until the id was once seen on
        disk (it may still sit in the log only)."""
        for attempt in range(_TRIES):
            if attempt:
                time.sleep(0.05 * attempt)
            try:
                found = on_disk(self.path)
            except sqlite3.Error:
                continue
            if found is None and not self._confirmed:
                return True
            if found is not None and self.identity.file_id is None:  # an older file's new id
                self.adopt(found)
            if found is not None and found == self.identity.file_id:
                self._confirmed = True
                return True
        return False

    def _refuse(self) -> NoReturn:
        self._replaced = refuse(self.path, self.identity)
        raise self._replaced


def identity_of(path: Path, conn: sqlite3.Connection) -> tuple[Identity, os.stat_result]:
    """The identity of the file `conn` has just opened at `path`."""
    stat = os.stat(path)
    return Identity(stat.st_dev, stat.st_ino, read(conn)), stat


def check_identity(path: Path, expected: Identity) -> None:
    """Before opening: refuse a file that is not the one opened as `expected` (by a server,
    which opens the file anew for every change)."""
    Watch(path, expected).check()


def refuse(path: Path, identity: Identity) -> FileReplaced:
    """The error for a file replaced under this process. The first time this process notices:
    its connections are kept from ever writing into the file (`_keep_log_out`), the terminal
    hears it in one line, and the log that belongs to the old file is moved out of the way of
    the new one."""
    replaced = FileReplaced(path)
    if _keep_log_out(path, identity):
        log.warning("rochade: %s", replaced)
        if not _still_on_disk(path, identity):  # else the log is the file's own (`read_in`)
            set_aside_foreign_wal(path, tell=False)  # (the line above says it all)
    return replaced


def _still_on_disk(path: Path, identity: Identity) -> bool:
    """Whether the file at `path` is the one opened, with its id on disk: then another file
    came in through SQLite, into the log, which the connections to the file (other
    processes' too) read as the file's own; moving it away would pull it from under them."""
    try:
        stat = os.stat(path)
        return ((stat.st_dev, stat.st_ino) == (identity.device, identity.inode)
                and identity.file_id is not None and on_disk(path) == identity.file_id)
    except (OSError, sqlite3.Error):
        return False


def _times(stat: os.stat_result) -> tuple[int, int, int]:
    return stat.st_size, stat.st_mtime_ns, stat.st_ctime_ns


def _keep_log_out(path: Path, identity: Identity) -> bool:
    """Keep this process's connections to a replaced file from ever copying their log into
    it (closing the last connection does that, then deletes the `-wal` by name): a read lock
    on the old file's reader bytes, held until the process ends. Returns whether this process
    did not know yet (it says so once). Linux (open file description locks); elsewhere
    nothing is held."""
    key = (identity.device, identity.inode)
    if key in _known:
        return False
    _known.add(key)
    if sys.platform != "linux":
        return True
    fd = _open_inode(key)
    if fd is not None:
        with contextlib.suppress(OSError):
            fcntl.fcntl(fd, fcntl.F_OFD_SETLK, struct.pack(
                "hhqqi4x", fcntl.F_RDLCK, os.SEEK_SET, _SHARED_FIRST, _SHARED_SIZE, 0))
        _held.append(fd)  # never closed: closing would drop this process's SQLite locks
    return True



def _open_inode(key: tuple[int, int]) -> int | None:
    """A new descriptor of the file (device, inode) this process has open, found among its
    descriptors (the file may be deleted or replaced at its path)."""
    folder = Path("/proc/self/fd")
    if not folder.is_dir():
        return None
    for entry in folder.iterdir():
        try:
            stat = entry.stat()
            if (stat.st_dev, stat.st_ino) == key:
                return os.open(entry, os.O_RDONLY)
        except OSError:
            continue
    return None


def wal_ids(wal: Path) -> set[str]:
    """The file ids in the valid frames of a `-wal` (those of its current generation: their
    salts are the header's). Only the log is read, never the database file: a descriptor of
    the log holds no lock of SQLite's, so closing it drops none."""
    try:
        with wal.open("rb") as handle:
            header = handle.read(32)
            if len(header) < 32:
                return set()
            magic, _, page_size, _, salt1, salt2 = struct.unpack(">6I", header[:24])
            if magic not in _WAL_MAGIC:
                return set()
            found: set[str] = set()
            while True:
                frame = handle.read(24 + page_size)
                if len(frame) < 24 + page_size:
                    return found
                if struct.unpack(">2I", frame[8:16]) != (salt1, salt2):
                    return found
                found.update(m.decode() for m in _IN_LOG.findall(frame, 24))
    except OSError:
        return set()


def set_aside_foreign_wal(path: Path, tell: bool = True) -> Path | None:
    """Move a `-wal` (and its `-shm`) that belongs to another file than `path` out of the way,
    to `NAME-wal.other-TIME`, before SQLite applies it; returns where it went (None: there is
    no foreign log). The log is another file's when it carries an id and the file on disk
    another; a file without an id on disk (an older rochade's, or a new file whose id is in
    the log only) cannot be told and its log is left alone. `tell`: say so on the terminal."""
    wal = path.with_name(path.name + "-wal")
    if not wal.exists():
        return None
    logged = wal_ids(wal)
    if not logged:
        return None
    try:
        mine = on_disk(path)
    except sqlite3.Error:
        return None
    if mine is None or logged == {mine}:
        return None
    stamp_text = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
    target = wal.with_name(f"{wal.name}.other-{stamp_text}")
    while target.exists():  # (several in one second)
        stamp_text += "-"
        target = wal.with_name(f"{wal.name}.other-{stamp_text}")
    try:
        os.replace(wal, target)
        shm = path.with_name(path.name + "-shm")
        if shm.exists():
            os.replace(shm, shm.with_name(f"{shm.name}.other-{stamp_text}"))
    except OSError:
        return None
    if tell:
        log.warning(
            "rochade: %s-wal belongs to another file than %s (it was replaced or put back "
            "while in use); it was not applied and is kept as %s",
            path.name, path.name, target.name,
        )
    return target
