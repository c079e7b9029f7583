"""The settings table is schema version 4: a version-3 file, with or without the table the
web app of that version made on first use, upgrades and keeps its PIN."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from web_helpers import Tick

from rochade.service import ClubService
from rochade.store import SCHEMA_VERSION, Club
from rochade.store.file_settings import read_setting, write_setting
from rochade.store.schema import migrate


def _version_3(path: Path, with_settings: bool) -> None:
    """A club file as version 3 wrote it (no settings table)."""
    with sqlite3.connect(path, isolation_level=None) as conn:
        conn.execute("BEGIN")
        migrate(conn, 3)
        conn.execute("COMMIT")
        if with_settings:  # as the version-3 web app left it
            conn.execute("CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
            conn.execute("INSERT INTO settings VALUES ('pin', 'kept')")
    conn.close()


def test_a_version_3_file_upgrades_and_keeps_its_settings(tmp_path: Path) -> None:
    for with_settings in (True, False):
        path = tmp_path / f"club-{with_settings}.rochade"
        _version_3(path, with_settings)
        assert read_setting(path, "pin") == ("kept" if with_settings else None)
        with Club.open(path) as club:
            assert club.pragma("user_version") == SCHEMA_VERSION
        write_setting(path, "pin", "new")
        assert read_setting(path, "pin") == "new"


def test_settings_are_neither_logged_nor_undone(tmp_path: Path) -> None:
    path = tmp_path / "club.rochade"
    svc = ClubService.init(path, "td", Tick())
    svc.create_tournament("Winter", "classic")
    log, mark = svc.log(), svc.state_mark()
    write_setting(path, "pin", "x")
    assert svc.log() == log and svc.state_mark() == mark  # (no public page shows a setting)
    svc.undo()
    assert read_setting(path, "pin") == "x"


def test_the_migration_is_the_fourth(tmp_path: Path) -> None:
    query = "SELECT name FROM sqlite_master WHERE name = 'settings'"
    with sqlite3.connect(tmp_path / "x.db", isolation_level=None) as conn:
        migrate(conn, 3)
        assert conn.execute(query).fetchall() == []
        migrate(conn, 4)
        assert conn.execute(query).fetchall()
    conn.close()
