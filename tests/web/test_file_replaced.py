"""A club file replaced under a running `rochade serve` (a real server process): the file is
never damaged, the server refuses to go on and says why; `rochade backup` while serving."""

from __future__ import annotations

import shutil
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx2
import pytest
from web_helpers import PIN, PLAYERS, REPLACED, RUN, Served, log_in, serve

from rochade.service import ClubService
from rochade.service.pin import set_pin
from rochade.store import backup as backups


@pytest.fixture
def club(tmp_path: Path) -> Path:
    """A club file with round 1 paired (four boards without results) and the TD's PIN."""
    path = tmp_path / "club.rochade"
    svc = ClubService.init(path, "test TD")
    svc.create_tournament("Winter 2026", "classic")
    svc.import_players("\n".join(f"{name},{rating}" for name, rating in PLAYERS))
    svc.pair()
    set_pin(path, PIN)
    return path


@contextmanager
def serving(club: Path) -> Iterator[tuple[httpx2.Client, Served]]:
    """`rochade serve` with the TD logged in (the client's CSRF token in its x-csrf header)."""
    with serve(club) as server, httpx2.Client(
        base_url=server.url, headers={"origin": server.url}, timeout=30
    ) as td:
        td.headers["x-csrf"] = log_in(td)
        yield td, server


def enter(td: httpx2.Client, board: int, result: str = "1-0") -> httpx2.Response:
    return td.post(f"/td/t/1/results/1/{board}",
                   data={"csrf": td.headers["x-csrf"], "result": result})


def stopped(server: Served) -> str:
    """Stop the server as the TD does (Ctrl+C); what it said on the terminal."""
    return server.stop(60)[1]


def intact(path: Path) -> dict[str, list[tuple[object, ...]]]:
    """Check the file as any SQLite program opens it (with whatever -wal lies beside it):
    intact, every reference kept; returns its games and its file id."""
    conn = sqlite3.connect(path)
    try:
        assert conn.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        assert conn.execute("PRAGMA foreign_key_check").fetchall() == []
        return {
            "games": conn.execute("SELECT board, result FROM games ORDER BY board").fetchall(),
            "id": conn.execute("SELECT value FROM settings WHERE key = 'file_id'").fetchall(),
        }
    finally:
        conn.close()


def test_a_backup_copied_over_the_served_file_is_never_applied_the_log_of_the_old(
    club: Path, tmp_path: Path
) -> None:
    copy = backups.save(club, tmp_path / "copy.rochade")  # round 1 paired, no result yet
    expected = intact(copy)
    with serving(club) as (td, server):
        assert enter(td, 1).status_code == 303
        assert enter(td, 2, "0-1").status_code == 303
        shutil.copyfile(copy, club)  # over the file, in place (the same inode)
        refused = enter(td, 3)
        assert refused.status_code == 503 and REPLACED in refused.text
        public = td.get("/")
        assert public.status_code == 503 and REPLACED in public.text
        assert intact(club) == expected  # while the server still runs
        assert enter(td, 4).status_code == 503
        said = stopped(server)
    assert said.count(REPLACED) == 1 and "Traceback" not in said
    assert [line for line in said.splitlines() if line.startswith("rochade:")] == [
        line for line in said.splitlines() if REPLACED in line]  # one line says it all
    assert intact(club) == expected  # and after it stopped
    assert list(tmp_path.glob("club.rochade-wal.other-*"))  # the old file's log, kept aside
    ClubService(club, "td").enter_result(1, 1, "1-0")  # the file goes on as it is now
    assert intact(club)["games"][0] == (1, "1-0")


def test_a_file_deleted_while_served_and_put_back_gets_no_foreign_log(
    club: Path, tmp_path: Path
) -> None:
    copy = backups.save(club, tmp_path / "copy.rochade")
    expected = intact(copy)
    with serving(club) as (td, server):
        assert enter(td, 1).status_code == 303
        club.unlink()  # the server's -wal and -shm stay beside the new file
        shutil.copyfile(copy, club)
        # rochade opening it now (before the server noticed) sets the old file's log aside
        looked = subprocess.run([sys.executable, "-c", RUN, "log", str(club)],
                                capture_output=True, text=True, timeout=60)
        assert looked.returncode == 0 and "belongs to another file" in looked.stderr
        assert intact(club) == expected
        refused = enter(td, 2)
        assert refused.status_code == 503 and REPLACED in refused.text
        said = stopped(server)
    assert REPLACED in said and "Traceback" not in said
    assert intact(club) == expected
    ClubService(club, "td").enter_result(1, 2, "1-0")
    assert intact(club)["games"][1] == (2, "1-0")


def test_rochade_backup_while_serving_holds_the_result_still_in_the_log(
    club: Path, tmp_path: Path
) -> None:
    out = tmp_path / "evening.rochade"
    with serving(club) as (td, server):
        assert enter(td, 1, "½-½").status_code == 303
        on_disk = sqlite3.connect(f"{club.as_uri()}?mode=ro&immutable=1", uri=True)
        try:  # the result is in the server's -wal only, not yet in the file itself
            assert on_disk.execute("SELECT result FROM games WHERE board = 1").fetchone() == (
                None,)
        finally:
            on_disk.close()
        done = subprocess.run([sys.executable, "-c", RUN, "backup", str(club), str(out)],
                              capture_output=True, text=True, timeout=60)
        assert done.returncode == 0 and f"rochade restore {club} {out}" in done.stdout
        again = subprocess.run([sys.executable, "-c", RUN, "backup", str(club), str(out)],
                               capture_output=True, text=True, timeout=60)
        assert again.returncode == 2 and "already exists" in again.stderr
        assert enter(td, 2).status_code == 303  # the server goes on
        stopped(server)
    copied = intact(out)
    assert copied["games"][0] == (1, "1/2-1/2")
    assert copied["games"][1] == (2, None)
    assert copied["id"] != intact(club)["id"]  # a copy is told apart from the file
    assert not Path(f"{out}-wal").exists()


def test_restore_while_serving_shows_the_restored_state_and_the_server_goes_on(
    club: Path, tmp_path: Path
) -> None:
    copy = backups.save(club, tmp_path / "copy.rochade")
    with serving(club) as (td, server):
        assert enter(td, 1).status_code == 303
        done = subprocess.run([sys.executable, "-c", RUN, "restore", str(club), str(copy)],
                              capture_output=True, text=True, timeout=60)
        assert done.returncode == 0, done.stderr
        page = td.get("/td/t/1/results")
        assert page.status_code == 200
        assert enter(td, 2).status_code == 303  # the same file: the server goes on
        said = stopped(server)
    assert REPLACED not in said
    games = intact(club)["games"]
    assert games[0] == (1, None) and games[1] == (2, "1-0")
