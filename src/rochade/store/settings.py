"""Club-file settings that are not tournament facts: the web app's TD PIN hash and its key.

Kept in a `settings` key/value table created on first use. It is no fact table: an undo never
touches it, and the action log does not list it (changing the PIN is not a club decision).
Added for the web app; a later schema migration may adopt the same table as it is.
"""

from __future__ import annotations

from pathlib import Path

from rochade.store.club import Club

_CREATE = "CREATE TABLE IF NOT EXISTS settings (key TEXT PRIMARY KEY, value TEXT NOT NULL)"


def read_setting(path: Path, key: str) -> str | None:
    """The setting's value, or None when it was never written."""
    with Club.open(path) as club:
        conn = club._conn
        exists = conn.execute(
            "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'settings'"
        ).fetchone()
        if not exists:
            return None
        row = conn.execute("SELECT value FROM settings WHERE key = ?", (key,)).fetchone()
        return None if row is None else str(row[0])


def write_setting(path: Path, key: str, value: str) -> None:
    """Create or replace a setting, in its own transaction."""
    with Club.open(path) as club:
        conn = club._conn
        conn.execute("BEGIN IMMEDIATE")
        try:
            conn.execute(_CREATE)
            conn.execute(
                "INSERT INTO settings (key, value) VALUES (?, ?) "
                "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                (key, value),
            )
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise
