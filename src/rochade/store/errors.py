"""The store's one error type (its own module so that every store module can raise it), and
what an SQLite error means for the TD."""

import sqlite3

from rochade.core.messages import Explained


class StoreError(Explained):
    """A club file that cannot be used as asked; the message says why in plain words.

    Raise it with a template and values (`rochade.core.messages`), so the web app can show it
    in the TD's language.
    """


_BUSY_CODES = frozenset({sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED, sqlite3.SQLITE_PROTOCOL})


def sqlite_code(exc: BaseException) -> int:
    """SQLite's primary result code of an error (0 when it is no SQLite error)."""
    code = getattr(exc, "sqlite_errorcode", None)
    return code & 0xFF if isinstance(code, int) else 0


def is_busy(exc: BaseException) -> bool:
    """Whether an SQLite error only means "another connection holds the file right now" (a
    reader racing a writer, a recovery after a crash): try again, the file is fine."""
    return sqlite_code(exc) in _BUSY_CODES
