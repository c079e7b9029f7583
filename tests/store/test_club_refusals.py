"""The club file's refusals, each with its whole English text (the words a TD reads and the
values in them), and the undo guard's paths, called on `Club` directly so that mutation
testing links these tests to the store."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from contextlib import closing
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from clocks import TickingClock
from rochade.core.messages import Message, message_data
from rochade.service import ClubService
from rochade.store import Club, StoreError
from rochade.store import club as store
from rochade.store.club import ActionRecord
from rochade.store.errors import sqlite_code
from rochade.store.schema import SCHEMA_VERSION

AT = datetime(2026, 9, 3, 19, 0, tzinfo=UTC)
WINTER = "name,rating\nAnna Berg,2000\nBo Lind,1900\nCem Oz,1800\nDana Jones,1700\n"
RAPID = "name,rating\nAnna Berg,2000\nEmil Wu,1600\n"


def refusal(call: Any, *args: Any, **kwargs: Any) -> str:
    """The English text of the StoreError that `call(*args, **kwargs)` raises."""
    with pytest.raises(StoreError) as caught:
        call(*args, **kwargs)
    return str(caught.value)


@pytest.fixture
def path(tmp_path: Path) -> Path:
    made = tmp_path / "club.rochade"
    Club.create(made, "ina", AT).close()
    return made


@pytest.fixture
def two(tmp_path: Path) -> ClubService:
    """Winter and Rapid (Anna Berg plays in both)."""
    service = ClubService.init(tmp_path / "two.rochade", "td", TickingClock())
    service.create_tournament("Winter", "classic")
    service.import_players(WINTER, "Winter")
    service.create_tournament("Rapid", "kfc")
    service.import_players(RAPID, "Rapid")
    return service


def in_rollback_mode(path: Path) -> None:
    """The file switched out of WAL (as a backup is): a writer then locks out readers."""
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA journal_mode = DELETE")
    conn.close()


@pytest.fixture
def locked(path: Path) -> Iterator[Path]:
    """The club file held by another program's exclusive lock for the test's length."""
    in_rollback_mode(path)
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    yield path
    holder.execute("ROLLBACK")
    holder.close()


# -- creating and opening -------------------------------------------------------------------


def test_create_logs_the_creation_and_refuses_an_existing_file(path: Path) -> None:
    with Club.open(path) as club:
        assert [(a.kind, a.who, a.description) for a in club.actions()] == [
            ("create", "ina", "created the club file")
        ]
    assert refusal(Club.create, path, "ina", AT) == (
        f"{path} already exists; choose another name"
    )


def test_what_is_not_a_club_file_is_refused_by_name(tmp_path: Path) -> None:
    missing = tmp_path / "missing.rochade"
    assert refusal(Club.open, missing) == f"{missing} does not exist"
    assert refusal(Club.open, tmp_path) == f"{tmp_path} is not a file"
    for content in (b"", b"name,rating\nAnna,2000\n" * 50):  # empty; a CSV file
        odd = tmp_path / "odd.rochade"
        odd.write_bytes(content)
        assert refusal(Club.open, odd) == (
            f"{odd} is not a rochade club file (not an SQLite database)"
        )
    other = tmp_path / "other.db"
    sqlite3.connect(other).execute("CREATE TABLE t (x)").connection.close()
    assert refusal(Club.open, other) == (
        f"{other} is not a rochade club file (another program's database)"
    )


def test_a_file_of_a_newer_rochade_is_refused_with_both_versions(path: Path) -> None:
    conn = sqlite3.connect(path)
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    conn.close()
    assert refusal(Club.open, path) == (
        f"{path} was written by a newer rochade (file version {SCHEMA_VERSION + 1}, this "
        f"rochade knows up to {SCHEMA_VERSION}); please update rochade"
    )


def test_a_file_sqlite_cannot_open_is_named(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: object, **kwargs: object) -> sqlite3.Connection:
        raise sqlite3.OperationalError("unable to open database file")

    monkeypatch.setattr(store.sqlite3, "connect", refuse)
    assert refusal(Club.open, path) == f"{path} cannot be opened: unable to open database file"


def test_a_failing_upgrade_is_named(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    conn = sqlite3.connect(path)
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION - 1}")
    conn.close()

    def broken(conn: sqlite3.Connection, target: int = SCHEMA_VERSION) -> None:
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr(store, "migrate", broken)
    assert refusal(Club.open, path) == f"{path} cannot be used as a club file: disk I/O error"


def test_opening_a_locked_file_waits_only_as_long_as_asked(locked: Path, tmp_path: Path
                                                           ) -> None:
    """The wait is SQLite's busy timeout, read back (not timed: no clock in the assertion)."""
    assert refusal(Club.open, locked, timeout=0.1) == (
        f"{locked} cannot be changed now (database is locked); try again"
    )
    other = tmp_path / "other.rochade"
    Club.create(other, "ina", AT).close()
    with Club.open(other, timeout=0.1) as club:
        assert club.pragma("busy_timeout") == 100  # not SQLite's default of 5 seconds


def test_a_file_in_another_journal_mode_is_switched_to_wal_at_its_first_write(
    path: Path,
) -> None:
    in_rollback_mode(path)
    with Club.open(path) as club:
        assert club.pragma("journal_mode") == "delete"  # only looking changes no byte
        with club.action("player", "add Anna", "ina", AT):
            club.add_member("Anna", 2000, None)
        assert club.pragma("journal_mode") == "wal"


# -- reading: busy or damaged ---------------------------------------------------------------


def test_a_read_while_another_program_writes_is_busy_not_damaged(path: Path) -> None:
    in_rollback_mode(path)
    with Club.open(path, timeout=0.1) as club:
        holder = sqlite3.connect(path, isolation_level=None)
        holder.execute("BEGIN EXCLUSIVE")
        try:
            assert refusal(club.members) == (
                f"{path} cannot be changed now (database is locked); try again"
            )
        finally:
            holder.execute("ROLLBACK")
            holder.close()


def test_a_page_sqlite_cannot_read_is_damaged(path: Path) -> None:
    with Club.open(path) as club, club.action("player", "add Anna", "ina", AT):
        club.add_member("Anna", 2000, None)
    conn = sqlite3.connect(path)
    (root,) = conn.execute(
        "SELECT rootpage FROM sqlite_schema WHERE name = 'members'"
    ).fetchone()
    (page_size,) = conn.execute("PRAGMA page_size").fetchone()
    conn.close()
    data = bytearray(path.read_bytes())
    data[(root - 1) * page_size] = 0x77  # no kind of page SQLite knows
    path.write_bytes(bytes(data))
    with Club.open(path) as club:
        assert refusal(club.members) == (
            f"{path} is damaged (database disk image is malformed); restore it from a backup"
        )
        assert str(club.damaged(ValueError("a round without games"))) == (
            f"{path} is damaged (a round without games); restore it from a backup"
        )


def test_a_read_only_file_is_refused_before_a_server_starts(path: Path) -> None:
    """As root (a container) no file is read-only, so SQLite's read-only connection stands
    in for a file the process may not write."""
    conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True, isolation_level=None)
    club = Club(conn, path)
    try:
        assert refusal(club.check_writable) == (
            f"{path} is read-only: rochade cannot save changes to it "
            "(attempt to write a readonly database)"
        )
        assert not conn.in_transaction
    finally:
        club.close()


class FailingMark:
    """A connection whose trial write (of the file's id) fails as a broken disk would."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self._conn = conn

    def execute(self, sql: str, *params: Any) -> sqlite3.Cursor:
        if sql.startswith("INSERT OR REPLACE INTO settings"):
            failed = sqlite3.OperationalError("disk I/O error")
            failed.sqlite_errorcode = sqlite3.SQLITE_IOERR
            raise failed
        return self._conn.execute(sql, *params)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._conn, name)


def test_a_trial_write_that_fails_otherwise_is_damage(path: Path) -> None:
    conn = sqlite3.connect(path, isolation_level=None)
    club = Club(FailingMark(conn), path)  # type: ignore[arg-type]
    try:
        assert refusal(club.check_writable) == (
            f"{path} is damaged (disk I/O error); restore it from a backup"
        )
        assert not conn.in_transaction
    finally:
        conn.close()


def test_programming_errors_are_named(path: Path) -> None:
    with Club.open(path) as club:
        with pytest.raises(ValueError, match=r"^journal_mode; DROP$"):
            club.pragma("journal_mode; DROP")
        with club.action("player", "add Anna", "ina", AT):
            with pytest.raises(RuntimeError, match=r"^a setting is not changed inside an action$"):
                club.set_setting("pin", "x")
            with pytest.raises(RuntimeError, match=r"^actions do not nest$"):
                club.restore_from(path, Message("again"), "ina", AT)


def test_an_old_log_line_keeps_its_text_and_a_new_one_its_template() -> None:
    old = ActionRecord.from_row((1, "2020-01-01", "ina", "player", "add Anna", None, None, None))
    assert old.message == Message("add Anna")
    said = Message("add player {name}", {"name": "Anna"})
    new = ActionRecord.from_row(
        (2, "2026-01-01", "ina", "player", "add player Anna", None, None,
         json.dumps(message_data(said)))
    )
    assert new.message == said


# -- restoring a JSON backup ----------------------------------------------------------------


def test_a_json_backup_without_some_tables_is_restored(tmp_path: Path) -> None:
    member = {"id": 1, "name": "Anna", "rating": 2000}
    said = Message("restore {name}", {"name": "club.json"})
    target = tmp_path / "r.rochade"
    with Club.restore(target, {"members": [member]}, "ina", AT, said) as club:
        assert club.path == target
        assert [m.name for m in club.members()] == ["Anna"]
        [line] = club.actions()
        assert (line.kind, line.description, line.message) == ("create", str(said), said)


def test_a_json_backup_with_a_broken_reference_leaves_no_file(tmp_path: Path) -> None:
    target = tmp_path / "r.rochade"
    rows = {"entrants": [{"tournament_id": 7, "id": 1, "member_id": 1, "status": "present"}]}
    assert refusal(Club.restore, target, rows, "ina", AT, Message("restore")) == (
        "the backup cannot be restored (references between rows: FOREIGN KEY constraint failed)"
    )
    assert not target.exists()


def test_a_restore_interrupted_by_another_error_leaves_no_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def interrupted(conn: sqlite3.Connection, target: int = SCHEMA_VERSION) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(store, "migrate", interrupted)
    target = tmp_path / "r.rochade"
    with pytest.raises(KeyboardInterrupt):
        Club.restore(target, {}, "ina", AT, Message("restore"))
    assert not target.exists()


# -- undo -----------------------------------------------------------------------------------


def undo(service: ClubService, **kwargs: Any) -> list[ActionRecord]:
    with Club.open(service.path) as club:
        return club.undo(kwargs.pop("steps", 1), "td", AT, **kwargs)


def last_id(service: ClubService) -> int:
    return service.log()[-1].id


def test_undo_refuses_what_cannot_be_undone(two: ClubService) -> None:
    assert refusal(undo, two, steps=0) == "the number of steps to undo must be at least 1"
    assert refusal(undo, two, tournament="Blitz") == "Blitz has no change to undo"
    # A file restored from a JSON backup starts its undo history afresh.
    with Club.open(two.path) as club:
        rows = club.dump()
    restored = ClubService(two.path.with_name("restored.rochade"), "td", TickingClock())
    Club.restore(restored.path, rows, "td", AT, Message("restore")).close()
    assert refusal(undo, restored, tournament="Winter") == "Winter has no change to undo"
    assert refusal(undo, restored) == "there is nothing to undo"


def test_an_undo_of_two_tournaments_belongs_to_neither(two: ClubService) -> None:
    two.add_player("Hanna", 1500, tournament="Winter")
    two.add_player("Ivo", 1400, tournament="Rapid")
    undone = undo(two, steps=1)
    assert two.log()[-1].tournament_id == undone[0].tournament_id == 2
    undone = undo(two, steps=2)  # Rapid's import, then Hanna in Winter
    assert {a.tournament_id for a in undone} == {1, 2}
    assert two.log()[-1].tournament_id is None


def test_undo_names_the_newer_change_to_the_same_rows(two: ClubService) -> None:
    two.add_player("Zoe Kim", 1500, tournament="Winter")
    two.add_player("Zoe Kim", 1650, tournament="Rapid")  # her rating: the same member's row
    newer = last_id(two)
    assert refusal(undo, two, tournament="Winter") == (
        f"#{newer - 1} Winter: add player Zoe Kim as 5 cannot be undone: the newer change "
        f"#{newer} Rapid: add player Zoe Kim as 3 changed the same data; undo that first"
    )


def test_undo_names_what_a_newer_change_still_needs(two: ClubService) -> None:
    two.add_player("Zoe Kim", tournament="Winter")
    two.add_player("Zoe Kim", tournament="Rapid")  # she plays in Rapid too (no update)
    added = last_id(two) - 1
    assert refusal(undo, two, tournament="Winter") == (
        f"#{added} Winter: add player Zoe Kim as 5 cannot be undone: newer changes still need "
        "what it added (FOREIGN KEY constraint failed); undo those first"
    )


def test_the_undo_guard_names_why_it_refuses(two: ClubService) -> None:
    two.pair("Winter")
    seen = last_id(two)
    two.enter_result(1, 1, "1-0", "Winter")  # another device's result
    result = last_id(two)
    text = refusal(undo, two, tournament="Winter", expected=seen)
    assert text.startswith(f"there is a newer change than #{seen}: #{result} Winter: result ")
    assert text.endswith(
        "; nothing was undone (look at it, then undo again if you still want to)"
    )
    [undone] = undo(two, tournament="Winter", expected=result)
    assert undone.id == result
    undo_id = last_id(two)
    assert refusal(undo, two, tournament="Winter", expected=result) == (
        f"change #{result} was undone already (by #{undo_id}); nothing was undone"
    )
    assert refusal(undo, two, tournament="Rapid", expected=seen) == (
        f"change #{seen} is not the last change; nothing was undone"
    )
    undo(two, steps=99)  # everything undoable, then the guard with nothing left
    assert refusal(undo, two, expected=undo_id) == (
        f"change #{undo_id} is not the last change; nothing was undone"
    )



def test_an_error_that_is_not_sqlites_has_no_sqlite_code() -> None:
    assert sqlite_code(ValueError("x")) == 0
    locked = sqlite3.OperationalError("database is locked")
    locked.sqlite_errorcode = sqlite3.SQLITE_BUSY | (1 << 8)  # an extended code: BUSY_RECOVERY
    assert sqlite_code(locked) == sqlite3.SQLITE_BUSY


def test_a_write_outside_an_action_names_the_programming_error(path: Path) -> None:
    """A change made outside `Club.action()` would escape the action log and undo."""
    with Club.open(path) as club, pytest.raises(
        RuntimeError, match=r"^club file changes must happen inside Club\.action\(\)$"
    ):
        club.add_member("Anna", None, None)


def test_a_cursor_that_inserted_nothing_has_no_row_id_to_return() -> None:
    """sqlite3 sets `lastrowid` after every INSERT; a cursor that ran none is a programming
    error, refused by name rather than returned as a `None` id."""
    with closing(sqlite3.connect(":memory:")) as connection, pytest.raises(
        RuntimeError, match=r"^no row id after INSERT$"
    ):
        store._lastrowid(connection.cursor())
