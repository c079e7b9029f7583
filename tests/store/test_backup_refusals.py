"""The backups module on its own: every refusal's whole text (the words a TD reads, and the
values in them), and the edges of finding, listing, naming and clearing backups.

Direct calls of `rochade.store.backup`, so that mutation testing links these tests to it.
"""

from __future__ import annotations

import os
import sqlite3
import time
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path

import pytest

from rochade.store import Club, StoreError
from rochade.store import backup as backups
from rochade.store.schema import SCHEMA_VERSION

AT = datetime(2026, 1, 2, 3, 4, 5, tzinfo=UTC)


@pytest.fixture
def club(tmp_path: Path) -> Path:
    path = tmp_path / "club.rochade"
    Club.create(path, "ina", AT).close()
    return path


def refusal(call: object, *args: object) -> str:
    """The English text of the StoreError that `call(*args)` raises."""
    assert callable(call)
    with pytest.raises(StoreError) as caught:
        call(*args)
    return str(caught.value)


@pytest.fixture
def local_zone() -> Iterator[None]:
    """The process's local time zone set to UTC+5:30 for one test (a TD's laptop abroad)."""
    before = os.environ.get("TZ")
    os.environ["TZ"] = "IST-5:30"
    time.tzset()
    yield
    if before is None:
        del os.environ["TZ"]
    else:
        os.environ["TZ"] = before
    time.tzset()


# -- the keep setting -----------------------------------------------------------------------


def test_keep_one_backup_is_allowed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(backups.KEEP_ENV, " 1 ")
    assert backups.keep_count() == 1


@pytest.mark.parametrize("text", ["0", "many", "-3"])
def test_a_bad_keep_setting_is_named_with_its_value(
    monkeypatch: pytest.MonkeyPatch, text: str
) -> None:
    monkeypatch.setenv(backups.KEEP_ENV, text)
    assert refusal(backups.keep_count) == (
        f"ROCHADE_KEEP_BACKUPS must be a whole number of at least 1, not '{text}'"
    )


# -- taking a backup ------------------------------------------------------------------------


def test_a_backups_folder_that_cannot_be_made_is_named(club: Path) -> None:
    folder = backups.folder_of(club)
    folder.write_text("a file where the folder should be")
    assert refusal(backups.take, club, "pair", AT) == (
        f"cannot create the backups folder {folder}: File exists"
    )


def test_a_copy_that_cannot_be_read_is_refused_and_leaves_nothing(tmp_path: Path) -> None:
    missing = tmp_path / "gone.rochade"
    folder = backups.folder_of(missing)
    assert refusal(backups.take, missing, "pair", AT) == (
        f"cannot write a backup into {folder}: unable to open database file"
    )
    assert not missing.exists()  # reading a club file never creates one
    assert list(folder.iterdir()) == []  # nor leaves a partial copy


def test_copying_a_missing_file_creates_neither(tmp_path: Path) -> None:
    source, target = tmp_path / "gone.rochade", tmp_path / "copy.rochade"
    with pytest.raises(sqlite3.Error):
        backups.copy_file(source, target)
    assert not source.exists()


def test_a_backup_is_named_by_its_utc_time_whatever_the_local_zone(
    club: Path, local_zone: None
) -> None:
    delhi = timezone(timedelta(hours=5, minutes=30))
    evening_in_delhi = datetime(2026, 1, 2, 8, 34, 5, tzinfo=delhi)
    assert backups.take(club, "pair", evening_in_delhi).name == "2026-01-02_030405Z_pair.rochade"


def test_the_live_file_is_copied_with_its_newest_changes(club: Path) -> None:
    """The club file's newest commits may still be in its -wal file: the copy has them."""
    with Club.open(club) as opened:
        with opened.action("member", "add Anna", "ina", AT):
            opened.add_member("Anna", 2000, None)
        assert (club.parent / f"{club.name}-wal").stat().st_size > 0
        copy = backups.take(club, "pair", AT)
    with Club.open(copy) as taken:
        assert [m.name for m in taken.members()] == ["Anna"]


def test_a_finished_backup_is_read_even_while_another_program_locks_it(
    club: Path, tmp_path: Path
) -> None:
    """Backups are read as immutable (no locks): a program holding one (a file viewer, a
    sync tool) does not stop a restore."""
    copy = backups.take(club, "pair", AT)
    holder = sqlite3.connect(copy, isolation_level=None)
    try:
        holder.execute("BEGIN EXCLUSIVE")
        backups.check(copy)
        assert backups.last_action(copy) == "#1 created the club file"
        backups.copy_file(copy, tmp_path / "again.rochade", finished=True)
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    backups.check(tmp_path / "again.rochade")


def test_a_backup_is_looked_at_read_only(club: Path) -> None:
    conn = backups.look_at(backups.take(club, "pair", AT))
    try:
        with pytest.raises(sqlite3.OperationalError, match="readonly"):
            conn.execute("CREATE TABLE mine (x)")
    finally:
        conn.close()


def test_discarding_a_copy_that_is_gone_is_no_error(tmp_path: Path) -> None:
    """Discarding runs while a failed change is undone: it must not hide that failure."""
    backups.discard(tmp_path / "never-written.rochade")


# -- listing, finding, clearing -------------------------------------------------------------


def test_the_list_skips_other_files_and_folders(club: Path) -> None:
    first = backups.take(club, "import", AT)
    second = backups.take(club, "pair", AT)  # the same second, another kind
    folder = first.parent
    (folder / "2026-01-01_000000Z_pair.rochade").mkdir()  # a folder with a backup's name
    for n in range(20):
        (folder / f"notes-{n}.txt").write_text("mine")
    listed = backups.list_backups(club)
    assert sorted(b.path for b in listed) == sorted([first, second])
    assert {b.before for b in listed} == {"import", "pair"}
    assert all(b.at == AT for b in listed)  # aware, in UTC


def test_a_backup_is_found_by_number_by_name_and_by_path(club: Path) -> None:
    first = backups.take(club, "import", AT)
    second = backups.take(club, "pair", AT + timedelta(seconds=1))
    assert backups.find(club, " 2 ").path == second
    assert backups.find(club, first.name).path == first
    assert backups.find(club, str(first)).path == first


def test_asking_for_a_backup_that_is_not_there(club: Path) -> None:
    assert refusal(backups.find, club, "1") == (
        "there is no backup number 1 of club.rochade (none yet)"
    )
    backups.take(club, "pair", AT)
    backups.take(club, "pair", AT)
    assert refusal(backups.find, club, "3") == (
        "there is no backup number 3 of club.rochade (numbers 1-2)"
    )
    assert refusal(backups.find, club, "yesterday") == (
        f"club.rochade has no backup named 'yesterday'; `rochade backups {club}` lists them"
    )


def test_rotation_clears_only_old_half_written_copies(club: Path) -> None:
    folder = backups.folder_of(club)
    folder.mkdir()
    old, fresh = folder / "a.rochade.1.partial", folder / "b.rochade.2.partial"
    old.write_bytes(b"cut short")
    fresh.write_bytes(b"still being written")
    an_hour_ago = time.time() - 3600
    os.utime(old, (an_hour_ago, an_hour_ago))
    backups.rotate(club)
    assert not old.exists()
    assert fresh.exists()  # another process may still be writing it


# -- checking a backup before it is restored ------------------------------------------------


def test_a_missing_backup_cannot_be_read_and_is_not_created(tmp_path: Path) -> None:
    missing = tmp_path / "gone.rochade"
    assert refusal(backups.check, missing) == (
        "gone.rochade cannot be read (unable to open database file)"
    )
    assert not missing.exists()


@pytest.mark.parametrize("content", [b"", b"not a database at all" * 100])
def test_a_file_that_is_no_club_file_is_refused_as_a_backup(
    tmp_path: Path, content: bytes
) -> None:
    path = tmp_path / "odd.rochade"
    path.write_bytes(content)
    assert refusal(backups.check, path) == "odd.rochade is not a rochade club file"


def test_another_programs_database_is_refused_as_a_backup(tmp_path: Path) -> None:
    path = tmp_path / "other.rochade"
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE t (x)")
    conn.close()
    assert refusal(backups.check, path) == "other.rochade is not a rochade club file"


def test_a_backup_from_a_newer_rochade_is_refused(club: Path) -> None:
    copy = backups.take(club, "pair", AT)
    with sqlite3.connect(copy) as conn:
        conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    conn.close()
    assert refusal(backups.check, copy) == (
        f"{copy.name} was written by a newer rochade; please update rochade"
    )


def test_a_damaged_backup_is_refused_with_sqlites_verdict(club: Path) -> None:
    copy = backups.take(club, "pair", AT)
    with sqlite3.connect(copy) as conn:
        conn.execute("INSERT INTO settings (key, value) VALUES ('pin', 'x')")
        (root,) = conn.execute(
            "SELECT rootpage FROM sqlite_schema WHERE name = 'sqlite_autoindex_settings_1'"
        ).fetchone()
        (page_size,) = conn.execute("PRAGMA page_size").fetchone()
    conn.close()
    data = bytearray(copy.read_bytes())
    start = (root - 1) * page_size  # the settings' key index emptied: a row it lacks
    data[start : start + 8] = bytes([0x0A, 0, 0, 0, 0, *page_size.to_bytes(2, "big"), 0])
    copy.write_bytes(bytes(data))
    assert refusal(backups.check, copy) == (
        f"{copy.name} is damaged (row 1 missing from index sqlite_autoindex_settings_1); "
        "choose another backup"
    )


def test_the_last_action_of_a_backup_without_a_log_is_none(club: Path) -> None:
    copy = backups.take(club, "pair", AT)
    with sqlite3.connect(copy) as conn:
        conn.execute("DELETE FROM actions")
    conn.close()
    assert backups.last_action(copy) is None
