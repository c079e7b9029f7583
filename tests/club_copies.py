"""Test club files built once per run and copied for each test that needs one."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path

from rochade.store.backup import copy_file


def copy_club(template: Path, path: Path) -> Path:
    """A copy of the club file `template` at `path`, with a file id of its own, in WAL mode as
    the club file itself is: `copy_file` writes a one-file database, which rochade switches to
    WAL at its first write, and a test that compares the file's bytes before and after a
    refused command would see that change."""
    copy_file(template, path)
    with closing(sqlite3.connect(path)) as conn:
        conn.execute("PRAGMA journal_mode = WAL")
    return path
