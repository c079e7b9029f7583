"""The data-safety promises under injected faults: an SQLite error in the middle of a change,
a migration that fails, a create or restore that fails half-way, and a backup that cannot be
written before a pairing. Each time: a clear refusal, the file's facts as they were, and no
half-made file or backup left behind."""

from __future__ import annotations

import errno
import shutil
import sqlite3
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from clocks import TickingClock
from rochade.cli import main
from rochade.core.messages import N_, Message
from rochade.service import ClubService
from rochade.store import Club, StoreError
from rochade.store import backup as backups
from rochade.store import club as store
from rochade.store.schema import SCHEMA_VERSION

OLD = Path(__file__).parents[1] / "data" / "old_versions"
AT = datetime(2026, 9, 3, 19, 0, tzinfo=UTC)
PLAYERS = "name,rating\nAnna,2000\nBert,1900\nCarla,1800\nDirk,1700\n"


class Faulty:
    """A connection that fails (as a full or broken disk would) on the first statement that
    starts with `fail_on`; everything else goes to the real connection."""

    def __init__(self, conn: sqlite3.Connection, fail_on: str) -> None:
        self._conn = conn
        self.fail_on = fail_on
        self.failed = False

    def execute(self, sql: str, params: Any = ()) -> sqlite3.Cursor:
        if not self.failed and sql.lstrip().startswith(self.fail_on):
            self.failed = True
            raise sqlite3.OperationalError("disk I/O error")
        return self._conn.execute(sql, params)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._conn, name)


def faulty_open(monkeypatch: pytest.MonkeyPatch, fail_on: str) -> list[Faulty]:
    """Every Club.open from now on hands out a Faulty connection; returns them."""
    made: list[Faulty] = []
    real = Club.open.__func__  # type: ignore[attr-defined]

    def opened(cls: type[Club], path: Path, timeout: float = 5.0, expect: Any = None) -> Club:
        club = real(cls, path, timeout, expect)
        club._conn = Faulty(club._conn, fail_on)  # type: ignore[assignment]
        made.append(club._conn)  # type: ignore[arg-type]
        return club

    monkeypatch.setattr(Club, "open", classmethod(opened))
    return made


@pytest.fixture
def service(tmp_path: Path) -> Iterator[ClubService]:
    svc = ClubService.init(tmp_path / "club.rochade", "ina", TickingClock())
    svc.create_tournament("Winter")
    svc.import_players(PLAYERS)
    yield svc


def state(path: Path) -> tuple[object, object]:
    with Club.open(path) as club:
        return club.snapshot(), [(a.id, a.kind, a.description) for a in club.actions()]


def intact(path: Path) -> bool:
    with sqlite3.connect(path) as conn:
        return conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"


def test_an_sqlite_error_in_the_middle_of_a_pairing_changes_nothing(
    service: ClubService, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The round row is written, then the games fail: rolled back, and the backup taken for
    the pairing is discarded."""
    before = state(service.path)
    backed_up = backups.list_backups(service.path)
    faults = faulty_open(monkeypatch, "INSERT INTO games")
    with pytest.raises(StoreError, match=r"the change failed \(disk I/O error\); nothing was"):
        service.pair()
    assert [f.failed for f in faults] == [True]
    monkeypatch.undo()
    assert state(service.path) == before
    assert backups.list_backups(service.path) == backed_up
    assert sorted(p.name for p in backups.folder_of(service.path).iterdir()) == sorted(
        b.path.name for b in backed_up)  # no partial copy either
    assert intact(service.path)
    assert service.pair().round.number == 1  # and the next try works


def test_an_sqlite_error_at_commit_changes_nothing(
    service: ClubService, monkeypatch: pytest.MonkeyPatch
) -> None:
    service.pair()
    before = state(service.path)
    faulty_open(monkeypatch, "COMMIT")
    with pytest.raises(StoreError, match="nothing was changed"):
        service.enter_result(1, 1, "1-0")
    monkeypatch.undo()
    assert state(service.path) == before and intact(service.path)


def test_a_backup_that_cannot_be_written_refuses_the_pairing(
    service: ClubService, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Decided: no pairing without its backup (the promise is a copy before every pairing).
    The pairing is refused with the reason, nothing changes, no partial copy is left."""
    before = state(service.path)
    folder = backups.folder_of(service.path)
    kept = sorted(folder.iterdir())

    def full(source: Path, target: Path) -> None:
        target.write_bytes(b"half a copy")
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(backups, "copy_file", full)
    with pytest.raises(backups.BackupError,
                       match=r"cannot write a backup into .*No space left on device"):
        service.pair()
    monkeypatch.undo()
    assert state(service.path) == before
    assert sorted(folder.iterdir()) == kept  # no partial copy left
    assert service.pair().round.number == 1


def test_a_backups_folder_that_cannot_be_made_refuses_the_pairing_in_the_cli(
    service: ClubService,
) -> None:
    """The same through the command line: exit code 2, one clear line, nothing changed."""
    before = state(service.path)
    folder = backups.folder_of(service.path)
    shutil.rmtree(folder)
    folder.write_text("a file where the folder should be")
    result = CliRunner().invoke(main, ["pair", str(service.path)])
    assert result.exit_code == 2, result.output
    assert result.output.startswith("Error: cannot create the backups folder")
    assert result.output.count("\n") == 1
    assert state(service.path) == before


def test_a_failed_migration_leaves_the_file_and_keeps_the_old_copy(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "club.rochade"
    shutil.copyfile(OLD / "club-v1.rochade", path)
    with sqlite3.connect(path) as conn:
        old_facts = conn.execute("SELECT * FROM members ORDER BY rowid").fetchall()
    old_bytes = path.read_bytes()
    real = store.migrate

    def half(conn: sqlite3.Connection, target: int = SCHEMA_VERSION) -> None:
        real(conn, 2)  # the first migration runs, then the disk fails
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr(store, "migrate", half)
    with pytest.raises(StoreError, match="cannot be used as a club file: disk I/O error"):
        Club.open(path)
    monkeypatch.undo()
    assert path.read_bytes() == old_bytes
    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == 1
        assert conn.execute("SELECT * FROM members ORDER BY rowid").fetchall() == old_facts
    copy = tmp_path / "club.rochade.v1.bak"
    assert copy.read_bytes() and intact(copy)
    with sqlite3.connect(copy) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == 1
    with Club.open(path) as club:  # without the fault the upgrade goes through
        assert club.pragma("user_version") == SCHEMA_VERSION


def test_a_create_that_fails_leaves_no_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(conn: sqlite3.Connection, target: int = SCHEMA_VERSION) -> None:
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr(store, "migrate", broken)
    with pytest.raises(sqlite3.OperationalError):
        Club.create(tmp_path / "new.rochade", "ina", AT)
    assert list(tmp_path.iterdir()) == []  # no file, no -wal, no -shm


def test_a_json_restore_whose_tables_cannot_be_made_says_so_and_leaves_no_file(
    service: ClubService, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The new file's tables fail before any row is copied: the refusal names that step
    (not an empty table name) and no file is left."""
    with Club.open(service.path) as club:
        rows = club.dump()

    def broken(conn: sqlite3.Connection, target: int = SCHEMA_VERSION) -> None:
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr(store, "migrate", broken)
    folder = tmp_path / "restored"
    folder.mkdir()
    with pytest.raises(StoreError) as caught:
        Club.restore(folder / "club.rochade", rows, "ina", AT, Message(N_("restored"), {}))
    assert str(caught.value) == (
        "the backup cannot be restored (creating the tables: disk I/O error)")
    assert list(folder.iterdir()) == []


def test_a_json_restore_that_fails_at_commit_leaves_no_file(
    service: ClubService, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with Club.open(service.path) as club:
        rows = club.dump()
    real = store._new_file

    def new_file(path: Path) -> sqlite3.Connection:
        return Faulty(real(path), "COMMIT")  # type: ignore[return-value]

    monkeypatch.setattr(store, "_new_file", new_file)
    target = tmp_path / "restored.rochade"
    with pytest.raises(StoreError, match=r"the backup cannot be restored"):
        Club.restore(target, rows, "ina", AT, Message(N_("restored"), {}))
    assert not [p for p in tmp_path.iterdir() if p.name.startswith("restored")]


def test_a_restore_over_the_file_that_fails_changes_nothing(
    service: ClubService, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Bringing a backup back fails half-way (the games are copied, then the disk fails):
    the file keeps its facts and log, and the copy taken for the restore is discarded."""
    service.pair()
    service.enter_result(1, 1, "1-0")
    before = state(service.path)
    kept = backups.list_backups(service.path)
    faulty_open(monkeypatch, 'INSERT INTO main."actions"')
    with pytest.raises(StoreError, match="nothing was changed"):
        service.restore_backup("1")
    monkeypatch.undo()
    assert state(service.path) == before
    assert backups.list_backups(service.path) == kept
    assert intact(service.path)


def test_a_backups_last_action_is_read_without_touching_it(service: ClubService) -> None:
    """The backups list shows each copy's newest log line, read without changing the copy,
    and None for a database without a log."""
    service.pair()
    newest = backups.list_backups(service.path)[-1].path
    before = newest.read_bytes()
    with sqlite3.connect(newest) as conn:
        last = conn.execute("SELECT max(id) FROM actions").fetchone()[0]
        said = conn.execute("SELECT description FROM actions WHERE id = ?", (last,)).fetchone()
    assert backups.last_action(newest) == f"#{last} {said[0]}"
    assert newest.read_bytes() == before
    empty = newest.with_name("empty.rochade")
    sqlite3.connect(empty).close()
    assert backups.last_action(empty) is None


def test_asking_for_the_notes_of_a_round_that_is_not_there(service: ClubService) -> None:
    with Club.open(service.path) as club, pytest.raises(StoreError,
                                                        match=r"^there is no round 9$"):
        club.round_notes(club.tournaments()[0].id, 9)
