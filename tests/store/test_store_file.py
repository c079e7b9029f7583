"""The club file: creation, refusal of foreign/newer files, migrations, transactions."""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime
from pathlib import Path

import pytest

from rochade.core.model import Absence, Game, Result, Round, Status
from rochade.store import SCHEMA_VERSION, Club, RoundNotes, StoreError
from rochade.store.schema import APPLICATION_ID, migrate

AT = datetime(2026, 11, 30, 19, 30, tzinfo=UTC)
NOTES = RoundNotes(("paired by hand",), "manual")


def make_club(path: Path) -> Club:
    return Club.create(path, "td", AT)


def test_new_file_is_marked_and_configured(tmp_path: Path) -> None:
    with make_club(tmp_path / "club.rochade") as club:
        assert club.pragma("application_id") == APPLICATION_ID
        assert club.pragma("user_version") == SCHEMA_VERSION
        assert club.pragma("journal_mode") == "wal"
        assert club.pragma("foreign_keys") == 1
        [created] = club.actions()
        assert (created.kind, created.who, created.at) == (
            "create",
            "td",
            "2026-11-30T19:30:00+00:00",
        )
    with Club.open(tmp_path / "club.rochade") as club:
        assert club.pragma("journal_mode") == "wal"
        assert club.pragma("foreign_keys") == 1


def test_create_refuses_an_existing_file(tmp_path: Path) -> None:
    path = tmp_path / "notes.txt"
    path.write_text("my notes")
    with pytest.raises(StoreError, match="already exists"):
        make_club(path)
    assert path.read_text() == "my notes"


def test_missing_file_is_refused_and_not_created(tmp_path: Path) -> None:
    path = tmp_path / "nope.rochade"
    with pytest.raises(StoreError, match="does not exist"):
        Club.open(path)
    assert not path.exists()


@pytest.mark.parametrize("content", [b"", b"name,rating\nAnna,1800\n", b"SQLite format 2\x00xx"])
def test_non_sqlite_file_is_refused_unchanged(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "players.rochade"
    path.write_bytes(content)
    with pytest.raises(StoreError, match="not a rochade club file"):
        Club.open(path)
    assert path.read_bytes() == content
    assert sorted(p.name for p in tmp_path.iterdir()) == ["players.rochade"]


def test_foreign_sqlite_file_is_refused_unchanged(tmp_path: Path) -> None:
    path = tmp_path / "other.db"
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE t (x)")
    conn.commit()
    conn.close()
    before = path.read_bytes()
    with pytest.raises(StoreError, match="another program's database"):
        Club.open(path)
    assert path.read_bytes() == before


def test_newer_file_is_refused_unchanged(tmp_path: Path) -> None:
    path = tmp_path / "future.rochade"
    make_club(path).close()
    conn = sqlite3.connect(path)
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    conn.close()
    before = path.read_bytes()
    with pytest.raises(StoreError, match="newer rochade"):
        Club.open(path)
    assert path.read_bytes() == before


def test_version_1_file_upgrades_keeping_data_and_a_backup(tmp_path: Path) -> None:
    path = tmp_path / "old.rochade"
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("BEGIN")
    migrate(conn, target=1)
    conn.execute("INSERT INTO actions (at, who, kind, description) VALUES ('t', 'td', 'x', 'x')")
    conn.execute("INSERT INTO members (name, rating) VALUES ('Anna Ölçer', 1800)")
    conn.execute("INSERT INTO members (name, rating) VALUES ('Bo', 1700)")
    conn.execute(
        "INSERT INTO tournaments (name, system, settings) VALUES ('Winter', 'keizer', '{}')"
    )
    conn.execute(
        "INSERT INTO entrants VALUES (1, 1, 1, 1800, 'present'), (1, 2, 2, 1700, 'present')"
    )
    conn.execute("INSERT INTO rounds (tournament_id, number, bye) VALUES (1, 1, NULL)")
    conn.execute("INSERT INTO games VALUES (1, 1, 1, 2, 1, '0-1')")
    conn.execute("COMMIT")
    conn.close()

    with Club.open(path) as club:
        assert club.pragma("user_version") == SCHEMA_VERSION
        [record] = club.tournaments()
        tournament = club.load_tournament(record)
        assert [e.name for e in tournament.entrants] == ["Anna Ölçer", "Bo"]
        assert tournament.rounds[0].games == (Game(2, 1, Result.BLACK_WINS, 1),)
        assert club.round_notes(1, 1) == RoundNotes((), "auto")
        # The rebuilt triggers know the new columns: a round with notes undoes exactly.
        before = club.snapshot()
        with club.action("pair", "pair round 2", "td", AT):
            club.add_round(1, Round(2, (Game(1, 2),)), NOTES)
        club.undo(1, "td", AT)
        assert club.snapshot() == before
    backup = tmp_path / "old.rochade.v1.bak"
    with sqlite3.connect(backup) as old:
        assert old.execute("PRAGMA user_version").fetchone()[0] == 1


def test_failed_action_changes_nothing(tmp_path: Path) -> None:
    path = tmp_path / "club.rochade"
    with make_club(path) as club:
        with club.action("add", "add Anna", "td", AT):
            club.add_member("Anna", 1800, None)
        before, log_before = club.snapshot(), club.actions()
        with pytest.raises(ZeroDivisionError), club.action("add", "add Bo", "td", AT):
            club.add_member("Bo", 1700, None)
            _ = 1 / 0
        assert club.snapshot() == before
        assert club.actions() == log_before
    bytes_before = path.read_bytes()
    with (
        Club.open(path) as club,
        pytest.raises(StoreError),
        club.action("add", "add entrant", "td", AT),
    ):
        club.add_entrant(99, 1, 1800, Status.PRESENT)  # no tournament 99: foreign key
    assert path.read_bytes() == bytes_before


def test_writes_outside_an_action_are_a_programming_error(tmp_path: Path) -> None:
    with make_club(tmp_path / "c.rochade") as club, pytest.raises(RuntimeError):
        club.add_member("Anna", None, None)


def test_load_tournament_round_trips_every_kind_of_row(tmp_path: Path) -> None:
    with make_club(tmp_path / "c.rochade") as club:
        names = ["O'Brien", 'Karl "Kalle" Groß', "Zoë 🐴", "שחמט", "Åsa"]
        with club.action("setup", "setup", "td", AT):
            tid = club.add_tournament("Keizer 26/27 'Winter'", "keizer", '{"a": 1}')
            for i, name in enumerate(names):
                member = club.add_member(name, 2000 - i, None)
                club.add_entrant(tid, member, 2000 - i, Status.PRESENT)
            club.add_round(
                tid,
                Round(
                    1, (Game(2, 1, Result.DRAW, 1), Game(4, 3, None, 2)), (Absence(5, "excused"),)
                ),
                NOTES,
            )
            club.add_round(tid, Round(2, (Game(1, 2, None, 1), Game(3, 5, None, 2)), (), 4), NOTES)
        [record] = club.tournaments()
        tournament = club.load_tournament(record)
    assert record.name == "Keizer 26/27 'Winter'"
    assert [e.name for e in tournament.entrants] == names
    assert tournament.rounds[0].absences == (Absence(5, "excused"),)
    assert tournament.rounds[1].bye == 4
    tournament.validate()


def test_set_result_on_a_missing_board_is_refused(tmp_path: Path) -> None:
    with make_club(tmp_path / "c.rochade") as club:
        with club.action("setup", "setup", "td", AT):
            tid = club.add_tournament("T", "keizer", "{}")
            club.add_round(tid, Round(1), NOTES)
        with pytest.raises(StoreError, match="no board 3"), club.action("r", "r", "td", AT):
            club.set_result(tid, 1, 3, Result.DRAW)


def test_undo_is_logged_and_marks_what_it_undid(tmp_path: Path) -> None:
    with make_club(tmp_path / "c.rochade") as club:
        with pytest.raises(StoreError, match="nothing to undo"):
            club.undo(1, "td", AT)
        with club.action("member", "add Anna", "td", AT):
            club.add_member("Anna", 1800, None)
        with club.action("member", "add Bo", "td", AT):
            club.add_member("Bo", 1700, None)
        undone = club.undo(5, "ina", AT)
        assert [a.description for a in undone] == ["add Bo", "add Anna"]
        assert club.members() == []
        log = club.actions()
        assert log[-1].kind == "undo" and log[-1].who == "ina"
        assert log[-1].description == "undo: add Bo; add Anna"
        assert [a.undone_by for a in log[1:3]] == [log[-1].id, log[-1].id]
        with pytest.raises(StoreError, match="nothing to undo"):
            club.undo(1, "td", AT)


def test_a_busy_file_is_reported_not_crashed(tmp_path: Path) -> None:
    path = tmp_path / "c.rochade"
    make_club(path).close()
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    try:
        with (
            Club.open(path, timeout=0.05) as club,
            pytest.raises(StoreError, match="cannot be changed now"),
            club.action("member", "add", "td", AT),
        ):
            club.add_member("Anna", None, None)
    finally:
        other.execute("ROLLBACK")
        other.close()
    with Club.open(path) as club:
        assert club.members() == []


def test_damaged_file_is_refused_unchanged(tmp_path: Path) -> None:
    path = tmp_path / "damaged.rochade"
    content = b"SQLite format 3\x00" + b"\x07" * 200
    path.write_bytes(content)
    with pytest.raises(StoreError, match="not a rochade club file"):  # SQLite: not a database
        Club.open(path)
    assert path.read_bytes() == content
    assert sorted(p.name for p in tmp_path.iterdir()) == ["damaged.rochade"]
