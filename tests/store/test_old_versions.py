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


def _old_rating_change(path: Path) -> None:
    """What rochade of schema version 9 did to the file: set Anna Berg's FIDE id (one action),
    then change Anna's and Bo's ratings and Anna's in Winter 2025 (one action); the file's own
    version-9 triggers record the undo steps, naming the one rating only."""
    with sqlite3.connect(path) as conn:
        for at, description, changes in (
            ("2025-10-01T19:00:00+00:00", "Anna Berg: FIDE id 4100018",
             ["UPDATE members SET fide_id = 4100018 WHERE name = 'Anna Berg'"]),
            ("2025-10-01T19:01:00+00:00", "ratings updated",
             ["UPDATE members SET rating = 2050 WHERE name = 'Anna Berg'",
              "UPDATE members SET rating = 1990 WHERE name = 'Bo O''Neill'",
              "UPDATE entrants SET rating = 2050 WHERE member_id = "
              "(SELECT id FROM members WHERE name = 'Anna Berg') AND tournament_id = "
              "(SELECT id FROM tournaments WHERE name = 'Winter 2025')"]),
        ):
            conn.execute("INSERT INTO actions (at, who, kind, description, message) "
                         "VALUES (?, 'ina', 'member', ?, ?)",
                         (at, description, json.dumps({"template": description, "values": {}})))
            for change in changes:
                conn.execute(change)
    conn.close()


def _ratings(path: Path, name: str) -> tuple[int | None, str, int | None, int | None]:
    """(FIDE rating, national rating, pairing and FIDE rating in Winter 2025) of a member."""
    with sqlite3.connect(path) as conn:
        found = conn.execute(
            "SELECT m.rating, m.national_rating, e.rating, e.fide_rating FROM members m "
            "JOIN entrants e ON e.member_id = m.id JOIN tournaments t ON t.id = e.tournament_id "
            "WHERE m.name = ? AND t.name = 'Winter 2025'", (name,)).fetchone()
    conn.close()
    return found


def test_undoing_a_rating_change_from_before_the_upgrade(tmp_path: Path) -> None:
    """An undo step of schema version 9 names the one rating: undone after the upgrade, the
    rating goes back where the upgrade put it (national without a FIDE id, FIDE with one), and
    the entrant's FIDE rating with it; redo brings the change back the same way."""
    path = tmp_path / "club.rochade"
    shutil.copyfile(OLD / "club-v9.rochade", path)
    _old_rating_change(path)
    service = ClubService(path, "td")
    service.tournaments()  # opening upgrades
    assert _ratings(path, "Anna Berg") == (2050, "", 2050, 2050)
    assert _ratings(path, "Bo O'Neill") == (None, "1990", 1930, None)
    assert service.undo()[0].description == "ratings updated"
    assert _ratings(path, "Anna Berg") == (2010, "", 2010, 2010)
    assert _ratings(path, "Bo O'Neill") == (None, "1930", 1930, None)
    with Club.open(path) as club:
        bo = next(m for m in club.members() if m.name == "Bo O'Neill")
        assert club.details_of_members()[bo.id].national_text == "1930"
    service.redo()
    assert _ratings(path, "Anna Berg") == (2050, "", 2050, 2050)
    assert _ratings(path, "Bo O'Neill") == (None, "1990", 1930, None)
    # The FIDE id's action before it: undone, Anna's rating is her national one again.
    service.undo(2)
    assert _ratings(path, "Anna Berg")[:3] == (None, "2010", 2010)
