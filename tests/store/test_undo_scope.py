"""What undo per tournament rests on: each action's tournament and each undo step's row.

A file upgraded to schema version 5 gets both derived from what older versions recorded (the
inverse statements); the derivation must agree with what the triggers record now, for every
kind of change: inserts, updates, deletes (a round re-paired by hand), external games, an undo.
"""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import pytest

from clocks import TickingClock
from rochade.core.model import Status
from rochade.service import ClubService
from rochade.store import Club, StoreError
from rochade.store.schema import MIGRATIONS

OLD = Path(__file__).parents[1] / "data" / "old_versions"
PLAYERS = "name,rating\nAnna,2000\nBo,1900\nCém,1800\nDana,1700\nEmil,1600\n"


def season(path: Path) -> None:
    """Two tournaments and a club-wide change, with every kind of undo step."""
    td = ClubService.init(path, "td", TickingClock())
    td.create_tournament("Winter", "classic")
    td.import_players(PLAYERS, "Winter")
    td.create_tournament("Rapid", "kfc")
    td.import_players("name,rating\nAnna,2000\nZoë,1500\nBo,1900\n", "Rapid")
    td.set_status("Emil", Status.CLUB_DUTY, "Winter")
    td.pair("Winter")
    td.pair_manual("1-2 3-4", replace=True, confirm=True, tournament="Winter")  # deletes rows
    td.add_external(1, "Emil", team=1, board=2, score="1", tournament="Winter")
    td.pair("Rapid")
    td.enter_result(1, 1, "1-0", "Rapid")
    td.enter_result(1, 1, "0-1", "Winter")
    td.add_player("Hanna", 1400)  # club-wide: a member only
    td.add_player("Bo", 1950)  # club-wide: a member's rating
    td.undo(tournament="Winter")  # an undo re-inserts and updates rows
    td.undo(tournament="Winter")  # the external game: its row re-deleted ...
    td.add_external(1, "Emil", team=1, board=3, score="0", tournament="Winter")
    td.undo(tournament="Winter")  # ... and an insert of externals undone again


def recorded(conn: sqlite3.Connection) -> tuple[list[tuple[object, ...]], list[tuple[object, ...]]]:
    actions = conn.execute("SELECT id, kind, tournament_id FROM actions ORDER BY id").fetchall()
    steps = conn.execute("SELECT seq, row_table, row_id FROM undo_steps ORDER BY seq").fetchall()
    return actions, steps


def test_the_upgrade_derives_what_the_triggers_record(tmp_path: Path) -> None:
    path = tmp_path / "club.rochade"
    season(path)
    conn = sqlite3.connect(path, isolation_level=None)
    actions, steps = recorded(conn)
    assert [tid for _, kind, tid in actions if kind in ("create", "tournament")] == [None, 1, 2]
    assert any(t == "externals" for _, t, _ in steps)
    assert [tid for _, kind, tid in actions if kind == "player"][-2:] == [None, None]
    # Forget, then derive as the migration does for an old file.
    conn.execute("UPDATE actions SET tournament_id = NULL")
    conn.execute("UPDATE undo_steps SET row_table = NULL, row_id = NULL")
    conn.execute("DROP INDEX undo_steps_by_row")
    script = next(m for m in MIGRATIONS if "ADD COLUMN row_table" in m)
    for statement in [s.strip() for s in script.split(";") if s.strip()]:
        if not statement.startswith("ALTER"):
            conn.execute(statement)
    derived_actions, derived_steps = recorded(conn)
    conn.close()
    assert derived_steps == steps
    assert derived_actions == actions


def test_a_tournament_without_changes_says_so(tmp_path: Path) -> None:
    path = tmp_path / "club.rochade"
    season(path)
    with Club.open(path) as club:
        with pytest.raises(StoreError, match="Ghost has no change to undo"):
            club.undo(1, "td", TickingClock()(), "Ghost")
        last = club.actions()[-1]
    with sqlite3.connect(path) as conn:  # Rapid's changes as an old file may have them
        conn.execute("UPDATE actions SET tournament_id = NULL WHERE tournament_id = 2")
    conn.close()
    with Club.open(path) as club:
        with pytest.raises(StoreError, match="Rapid has no change to undo"):
            club.undo(1, "td", TickingClock()(), "Rapid")
        assert club.actions()[-1] == last


def test_an_update_that_changes_nothing_records_no_step(tmp_path: Path) -> None:
    path = tmp_path / "club.rochade"
    season(path)
    with Club.open(path) as club:
        before = len(club.actions())
        with club.action("player", "the same rating again", "td", TickingClock()()):
            [anna] = [m for m in club.members() if m.name == "Anna"]
            club.update_member(anna.id, anna.rating, anna.fide_id)
        last = club.actions()[-1].id
    assert last == before + 1
    with sqlite3.connect(path) as conn:
        steps = conn.execute("SELECT count(*) FROM undo_steps WHERE action_id = ?", (last,))
        assert steps.fetchone()[0] == 0
    conn.close()


def test_an_old_files_actions_undo_per_tournament_after_the_upgrade(tmp_path: Path) -> None:
    """The version-4 file of tests/data: Rapid's result is its newest change, Winter's last
    change is older; each tournament's undo takes back its own."""
    work = tmp_path / "club.rochade"
    shutil.copyfile(OLD / "club-v4.rochade", work)
    service = ClubService(work, "td")
    [undone] = service.undo(tournament="Winter")
    assert undone.description == "result round 3 board 3: Greta - Ivo Late 0-1"
    assert service.tournament("Winter").rounds[2].games[2].result is None
    assert service.tournament("Rapid").rounds[0].games[0].result is not None
    [undone] = service.undo(tournament="Rapid")
    assert undone.description.startswith("result round 1 board 1: Bo O'Neill - Anna Berg 1-0")
