"""A club file of every released schema version opens, upgrades, and loses nothing.

The files under tests/data/old_versions were made by make_old_versions.py there (see its
README); each has its standings as recorded when it was made beside it.
"""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from rochade.formats.text import standings_json
from rochade.service import ClubService
from rochade.store import SCHEMA_VERSION, Club
from rochade.store.schema import FACT_TABLES, MIGRATIONS

OLD = Path(__file__).parents[1] / "data" / "old_versions"
VERSIONS = range(1, len(MIGRATIONS) + 1)
LOGGED = ("actions", "undo_steps", "sqlite_sequence")


def rows(path: Path, columns_of: Path | None = None) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of every table, by the columns the file `columns_of` (default: path) has."""
    conn = sqlite3.connect(path)
    try:
        names = conn
        if columns_of is not None:
            names = sqlite3.connect(columns_of)
        out = {}
        for table in (*FACT_TABLES, *LOGGED):
            columns = ", ".join(f'"{r[1]}"' for r in names.execute(f'PRAGMA table_info("{table}")'))
            if not columns:  # a table from a later schema version than this file's
                continue
            out[table] = conn.execute(
                f'SELECT rowid, {columns} FROM "{table}" ORDER BY rowid'
            ).fetchall()
        if names is not conn:
            names.close()
        return out
    finally:
        conn.close()


@pytest.fixture(params=VERSIONS, ids=[f"v{v}" for v in VERSIONS])
def old(request: pytest.FixtureRequest, tmp_path: Path) -> tuple[int, Path, Path]:
    """(version, a working copy of the old file, an untouched reference copy)."""
    version: int = request.param
    work = tmp_path / "club.rochade"
    reference = tmp_path / "reference" / "club.rochade"
    reference.parent.mkdir()
    shutil.copyfile(OLD / f"club-v{version}.rochade", work)
    shutil.copyfile(OLD / f"club-v{version}.rochade", reference)
    return version, work, reference


def test_every_released_version_is_kept() -> None:
    """A new migration needs its own old file: run make_old_versions.py again."""
    assert set(OLD.glob("club-v*.rochade")) == {
        OLD / f"club-v{v}.rochade" for v in range(1, SCHEMA_VERSION + 1)
    }


def test_the_old_file_is_what_it_claims(old: tuple[int, Path, Path]) -> None:
    version, work, _ = old
    with sqlite3.connect(work) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == version
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    conn.close()


def test_it_upgrades_without_loss(old: tuple[int, Path, Path]) -> None:
    version, work, reference = old
    before = rows(reference)
    ClubService(work).tournaments()  # opening upgrades
    with sqlite3.connect(work) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        assert conn.execute("PRAGMA foreign_key_check").fetchall() == []
    conn.close()
    # Every row of every table is still there, with the values it had; before version 10 a
    # member's one rating without a FIDE id is their national rating (the column moved).
    after = rows(work, columns_of=reference)
    if version < 10:
        after["members"] = [(*m[:3], _national(work, m[0]) or m[3], *m[4:])
                            for m in after["members"]]
    assert after == before
    assert all(before[table] for table in ("members", "games", "absences", "externals"))
    # The old file is kept beside the upgraded one, as it was.
    if version < SCHEMA_VERSION:
        kept = work.with_name(f"club.rochade.v{version}.bak")
        assert rows(kept) == before


def _national(path: Path, member: int) -> int | None:
    with sqlite3.connect(path) as conn:
        (text,) = conn.execute("SELECT national_rating FROM members WHERE rowid = ?",
                               (member,)).fetchone()
    conn.close()
    return int(text) if text else None


def test_one_rating_becomes_fide_with_a_fide_id_else_national(tmp_path: Path) -> None:
    """Version 10: the one rating of an older file is the FIDE rating of a member with a FIDE
    id (their entrants keep it as the FIDE rating too), else the national one; the pairing
    ratings stay, and the move is no part of the last action (undo leaves it)."""
    path = tmp_path / "club.rochade"
    shutil.copyfile(OLD / "club-v9.rochade", path)
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE members SET fide_id = 4100018 WHERE name = 'Anna Berg'")
    conn.close()
    service = ClubService(path, "td")
    with Club.open(path) as club:
        by_name = {m.name: m for m in club.members()}
        details = club.details_of_members()
        anna, bo = by_name["Anna Berg"], by_name["Bo O'Neill"]
        assert (anna.rating, details[anna.id].national) == (2010, None)
        assert (bo.rating, details[bo.id].national_text) == (None, "1930")
    winter = {e.name: e for e in service.tournament("Winter 2025").entrants}
    assert (winter["Anna Berg"].rating, winter["Anna Berg"].fide_rating) == (2010, 2010)
    assert (winter["Bo O'Neill"].rating, winter["Bo O'Neill"].fide_rating) == (1930, None)
    service.undo()
    with Club.open(path) as club:
        assert club.details_of_members()[bo.id].national_text == "1930"


def test_standings_are_those_recorded(old: tuple[int, Path, Path]) -> None:
    version, work, _ = old
    expected = json.loads((OLD / f"club-v{version}.standings.json").read_text(encoding="utf-8"))
    service = ClubService(work)
    got = {t.name: standings_json(service.standings(t.name)) for t in service.tournaments()}
    assert got == expected


def test_undo_and_new_work_continue_after_the_upgrade(old: tuple[int, Path, Path]) -> None:
    work = old[1]
    service = ClubService(work, "td")
    assert [a.kind for a in service.log()].count("undo") == 2
    # Undo the last action the old version made (the Rapid round's result).
    undone = service.undo()
    # (from version 6 on, the line names its tournament first: "Rapid: result ...")
    assert undone[0].description.removeprefix("Rapid: ").startswith("result round 1 board 1")
    assert service.tournament("Rapid").rounds[0].games[0].result is None
    with Club.open(work) as club:
        start = club.snapshot()
    # New work, then undo it: the facts are back where they were.
    service.enter_result(1, 1, "1-0", "Rapid")
    assert service.pair("Winter 2025").round.number == 4
    service.undo(2)
    with Club.open(work) as club:
        assert club.snapshot() == start


def test_an_upgraded_file_gets_a_mark_of_its_state(old: tuple[int, Path, Path]) -> None:
    """Version 9: the mark the public pages' version follows; the first change renews it."""
    work = old[1]
    service = ClubService(work, "td")
    first = service.state_mark()
    assert len(first) == 32
    service.enter_result(1, 1, "1-0", "Rapid")
    assert service.state_mark() != first
