"""The store's error type (its own module so that every store module can raise it), and
what an SQLite error means for the TD."""

from __future__ import annotations

import sqlite3

from rochade.core.messages import N_, Explained, Message


class StoreError(Explained):
    """A club file that cannot be used as asked; the message says why in plain words.

    Raise it with a template and values (`rochade.core.messages`), so the web app can show it
    in the TD's language.
    """


class FileReplaced(StoreError):
    """The club file at the path is no longer the file this process opened: another program
    replaced it, copied another file over it or deleted it. Nothing more is written (or read
    as if nothing happened): only a fresh start opens the file as it is now."""

    def __init__(self, path: object) -> None:
        self.path = path
        super().__init__(Message(N_(
            "{path} was replaced or changed by another program while rochade had it open; "
            "rochade saves nothing more into it. Stop rochade (Ctrl+C) and start it again to "
            "use the file as it is now"), {"path": path}))

    def __reduce__(self) -> tuple[type[FileReplaced], tuple[object]]:
        return FileReplaced, (self.path,)  # (from the rendering process to the server)


class FileGone(StoreError):
    """The club file is not at its path any more (deleted, or moved away): nothing is read or
    written until it is back. Unlike `FileReplaced` this passes: the same file put back where
    it was (its log beside it, untouched meanwhile) is used again as if nothing happened."""

    def __init__(self, path: object) -> None:
        self.path = path
        super().__init__(Message(N_(
            "{path} is gone: it was deleted or moved while rochade had it open. Put it back "
            "where it was (or restore it from a backup)"), {"path": path}))

    def __reduce__(self) -> tuple[type[FileGone], tuple[object]]:
        return FileGone, (self.path,)  # (from the rendering process to the server)


_BUSY_CODES = frozenset({sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED, sqlite3.SQLITE_PROTOCOL})


def sqlite_code(exc: BaseException) -> int:
    """SQLite's primary result code of an error (0 when it is no SQLite error)."""
    code = getattr(exc, "sqlite_errorcode", None)
    return code & 0xFF if isinstance(code, int) else 0


def is_busy(exc: BaseException) -> bool:
    """Whether an SQLite error only means "another connection holds the file right now" (a
    reader racing a writer, a recovery after a crash): try again, the file is fine."""
    return sqlite_code(exc) in _BUSY_CODES
