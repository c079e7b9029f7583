"""One club file, many processes: only SQLite opens it, reading never changes a byte, and a
damaged file is refused before anything writes to it.

Why it matters: POSIX locks belong to a process, and closing *any* descriptor of a file drops
all of the process's locks on it. One `open()` + `close()` of the club file beside a live
SQLite connection lets the next process that closes believe it is the last user: it then
checkpoints and deletes `-wal` and `-shm` under the live connection, and confirmed changes
are lost (SQLite's "How To Corrupt An SQLite Database File", 2.2).
"""

from __future__ import annotations

import hashlib
import os
import shutil
import sqlite3
import subprocess
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path

import pytest
from click.testing import CliRunner

from clocks import TickingClock
from rochade.cli import main
from rochade.service import ClubService
from rochade.service.exchange import backup_json
from rochade.service.pin import has_pin
from rochade.store import Club, StoreError
from rochade.store import backup as backups
from rochade.store import club as store_club
from rochade.store.kfc import read_kfc

AT = datetime(2026, 11, 30, 19, 30, tzinfo=UTC)
PLAYERS = "name,rating\n" + "".join(f"Player {i},{2000 - 50 * i}\n" for i in range(8))
ROCHADE = [str(Path(sys.executable).with_name("rochade"))]


@pytest.fixture
def club(tmp_path: Path) -> ClubService:
    service = ClubService.init(tmp_path / "club.rochade", "ina", TickingClock())
    service.create_tournament("Winter")
    service.import_players(PLAYERS)
    service.pair()
    return service


def fingerprint(path: Path) -> dict[str, str]:
    """The sha256 of a file and of whatever lies beside it with its name (-wal, -shm ...)."""
    return {
        other.name: hashlib.sha256(other.read_bytes()).hexdigest()
        for other in sorted(path.parent.iterdir())
        if other.name.startswith(path.name) and other.is_file()
    }


def another_process_opens_and_closes(path: Path) -> None:
    """A second program reads the file and closes: if it believes it is the last user, it
    checkpoints and deletes the -wal and -shm files."""
    script = (
        "import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); "
        "c.execute('SELECT count(*) FROM actions').fetchone(); c.close()"
    )
    subprocess.run([sys.executable, "-c", script, str(path)], check=True, timeout=60)


LOOKS: dict[str, Callable[[ClubService], object]] = {
    "open": lambda s: Club.open(s.path).close(),
    "read": lambda s: s.tournament(),
    "pin": lambda s: has_pin(s.path),
    "backup before a pairing": lambda s: backups.take(s.path, "pair", AT),
    "list backups": lambda s: s.list_backups(),
    "json backup": lambda s: backup_json(s.path),
    "serve's check": lambda s: Club.open(s.path).check_writable(),
}


@pytest.mark.parametrize("look", LOOKS.values(), ids=LOOKS.keys())
def test_a_second_look_keeps_the_locks_of_this_process(
    club: ClubService, look: Callable[[ClubService], object]
) -> None:
    wal = club.path.with_name(club.path.name + "-wal")
    with Club.open(club.path) as held:  # like the server's connection, kept open
        held.members()
        look(club)
        another_process_opens_and_closes(club.path)
        assert wal.exists(), "another process deleted the journal of a live connection"
        with held.action("member", "add Zoe", "td", AT):
            held.add_member("Zoe", None, None)
    with Club.open(club.path) as fresh:
        assert "Zoe" in [m.name for m in fresh.members()]


@contextmanager
def opened_outside_sqlite() -> Iterator[list[str]]:
    """Every file Python opens meanwhile (`open`, `os.open`, ...): the audit event "open".

    SQLite opens its files in C, unseen by the hook; anything seen is Python's own.
    """
    seen: list[str] = []
    _AUDIT.append(seen)
    try:
        yield seen
    finally:
        _AUDIT.remove(seen)


_AUDIT: list[list[str]] = []


def _hook(event: str, args: tuple[object, ...]) -> None:
    if event == "open" and _AUDIT and isinstance(args[0], str | bytes | os.PathLike):
        _AUDIT[-1].append(os.fsdecode(args[0]))


sys.addaudithook(_hook)


def test_no_command_opens_a_club_file_or_a_backup_outside_sqlite(
    club: ClubService, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A club evening through the CLI, in this one process: the club file, its journals and
    its finished backups are opened by SQLite only (a new backup is synced through its own
    descriptor before it gets its name: no connection holds it then; and its folder after,
    which holds no lock of SQLite's)."""
    path = str(club.path)
    commands = [
        ["result", path, "1", "1", "1-0"],
        ["standings", path],
        ["pairings", path],
        ["log", path],
        ["backups", path],
        ["undo", path],
        ["restore", path, "1"],
        ["backup-json", path, str(tmp_path / "club.json")],
        ["player", "status", path, "1", "absent"],
        ["serve", path, "--pin", "123456"],
    ]
    import uvicorn

    monkeypatch.setattr(uvicorn, "run", lambda app, **options: None)  # all but listening
    runner = CliRunner()
    with opened_outside_sqlite() as seen:
        for args in commands:
            result = runner.invoke(main, args)
            assert "Traceback" not in result.output, result.output
    mine = [
        name
        for name in seen
        if Path(name).name.startswith(club.path.name) and not name.endswith(".partial")
        and not Path(name).is_dir()
    ]
    assert mine == []


def test_reading_backups_changes_no_byte_and_leaves_no_journal(club: ClubService) -> None:
    club.enter_result(1, 1, "1-0")
    folder = backups.folder_of(club.path)
    before = {p.name: fingerprint(p) for p in folder.iterdir()}
    summaries = club.list_backups()
    assert summaries and all(s.last_action for s in summaries)
    for summary in summaries:
        backups.check(summary.file.path)
        looked = CliRunner().invoke(main, ["standings", str(summary.file.path)])
        assert looked.exit_code == 0, looked.output  # a backup opens like a club file
    club.restore_backup("1")
    after = {p.name: fingerprint(p) for p in folder.iterdir() if p.name in before}
    assert after == before


def test_reading_a_kfc_file_changes_no_byte(shared_dir: Path, tmp_path: Path) -> None:
    kfc = tmp_path / "season.s3db"
    shutil.copyfile(shared_dir / "conformance" / "kfc" / "Test-Tournament.s3db", kfc)
    kfc.chmod(0o644)
    before = fingerprint(kfc)
    read_kfc(kfc)
    assert fingerprint(kfc) == before


def damage_a_page(path: Path) -> None:
    """Garble the middle of a b-tree page that holds rows: the root page of the undo steps
    (this process holds no connection to the file; an empty table's page has nothing a check
    reads)."""
    assert not path.with_name(path.name + "-wal").exists()
    page = 4096
    assert path.stat().st_size // page >= 4
    look = sqlite3.connect(f"file:{path}?immutable=1", uri=True)
    try:
        (root,) = look.execute(
            "SELECT rootpage FROM sqlite_master WHERE name = 'undo_steps'").fetchone()
    finally:
        look.close()
    with path.open("r+b") as handle:
        handle.seek((root - 1) * page + 8)
        handle.write(b"\x5a" * (page - 100))


def test_a_damaged_file_is_never_written_to(club: ClubService) -> None:
    for game in club.tournament().rounds[0].games:
        club.enter_result(1, game.board or 1, "1-0")
    damage_a_page(club.path)
    before = fingerprint(club.path)
    env = {**os.environ, "ROCHADE_WHO": "ina"}
    done = subprocess.run(
        [*ROCHADE, "result", str(club.path), "1", "1", "0-1"],
        capture_output=True, text=True, env=env, timeout=60, check=False,
    )
    assert done.returncode == 2, done.stdout + done.stderr
    assert "is damaged" in done.stderr and "restore it from a backup" in done.stderr
    assert "Traceback" not in done.stderr
    assert fingerprint(club.path) == before


def test_serve_refuses_a_damaged_file(
    club: ClubService, monkeypatch: pytest.MonkeyPatch
) -> None:
    for game in club.tournament().rounds[0].games:
        club.enter_result(1, game.board or 1, "1-0")
    damage_a_page(club.path)
    monkeypatch.setattr(store_club, "_checked", set())  # as in a newly started server
    before = fingerprint(club.path)
    result = CliRunner().invoke(main, ["serve", str(club.path), "--pin", "123456"])
    assert result.exit_code == 2 and "restore it from a backup" in result.output
    assert fingerprint(club.path) == before


def test_an_intact_file_passes_the_check_once_per_process(
    club: ClubService, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(store_club, "_checked", set())
    checks: list[str] = []
    real = store_club.refuse_damaged

    def counting(conn: sqlite3.Connection, path: Path) -> None:
        checks.append(path.name)
        real(conn, path)

    monkeypatch.setattr(store_club, "refuse_damaged", counting)
    club.enter_result(1, 1, "1-0")
    club.enter_result(1, 2, "1-0")
    assert len(checks) == 2 and len(store_club._checked) == 1


def test_a_busy_file_is_busy_not_damaged(club: ClubService) -> None:
    """Another program holding the file exclusively: "try again", never "restore"."""
    other = sqlite3.connect(club.path, isolation_level=None)
    other.execute("PRAGMA locking_mode = EXCLUSIVE")
    other.execute("BEGIN EXCLUSIVE")
    try:
        with (
            pytest.raises(StoreError, match="try again") as refused,
            Club.open(club.path, timeout=0.05) as opened,
        ):
            opened.members()
        assert "damaged" not in str(refused.value)
    finally:
        other.execute("ROLLBACK")
        other.close()
