"""The copy of an older club file kept before its upgrade (`club.rochade.vN.bak`) is whole or
not there at all, whenever the upgrading program is killed; and a bad copy left by an older
rochade (which wrote it under its final name: a kill left 0 bytes there in 48 of 112 killed
upgrades, and the next run kept it as if it were good) is replaced by a good one.

The kills are deterministic: a child process upgrades a copy of the version-8 test file and
kills itself (SIGKILL, as the power or a task manager would) at one point of the copy."""

from __future__ import annotations

import shutil
import signal
import subprocess
import sys
from contextlib import closing
from pathlib import Path

import pytest
from test_old_versions import OLD, rows

from rochade.service import ClubService
from rochade.store import SCHEMA_VERSION, Club
from rochade.store import backup as backups

OLDER = SCHEMA_VERSION - 1
CHILD = """
import os, signal, sqlite3, sys
from pathlib import Path
import rochade.store.backup as backups
import rochade.store.club as store
from rochade.service import ClubService

def die(*args, **kwargs):
    os.kill(os.getpid(), signal.SIGKILL)

point = sys.argv[2]
if point == "created":  # the temporary copy is there, 0 bytes
    connect = sqlite3.connect
    def connecting(target, *args, **kwargs):
        conn = connect(target, *args, **kwargs)
        if str(target).endswith(".partial"):
            die()
        return conn
    sqlite3.connect = connecting
elif point == "written":  # written, not synced yet
    os.fsync = die
elif point == "synced":  # synced, not renamed yet
    os.replace = die
elif point == "renamed":  # renamed, the folder not synced yet
    backups._sync_folder = die
elif point == "migrating":  # the copy made, the upgrade under way
    store.migrate = die
ClubService(Path(sys.argv[1])).tournaments()
"""
POINTS = ["created", "written", "synced", "renamed", "migrating"]


@pytest.fixture
def old(tmp_path: Path) -> tuple[Path, Path]:
    """A working copy of the newest older test file, and its .bak's name."""
    work = tmp_path / "club.rochade"
    shutil.copyfile(OLD / f"club-v{OLDER}.rochade", work)
    return work, work.with_name(f"{work.name}.v{OLDER}.bak")


def good_copy(copy: Path) -> bool:
    """A whole copy of the old file: intact, of the old version, with every row."""
    backups.check(copy)
    with closing(backups.look_at(copy)) as conn:
        version = conn.execute("PRAGMA user_version").fetchone()[0]
    return bool(version == OLDER and rows(copy) == rows(OLD / f"club-v{OLDER}.rochade"))


def upgraded(work: Path) -> bool:
    ClubService(work).tournaments()  # opening upgrades
    with Club.open(work) as club:
        return bool(club.pragma("user_version") == SCHEMA_VERSION)


@pytest.mark.parametrize("point", POINTS)
def test_a_kill_during_the_copy_leaves_no_copy_or_a_whole_one(
    old: tuple[Path, Path], point: str
) -> None:
    work, copy = old
    killed = subprocess.run([sys.executable, "-c", CHILD, str(work), point],
                            capture_output=True, text=True, timeout=120)
    assert killed.returncode == -signal.SIGKILL, killed.stderr
    assert copy.exists() == (point in ("renamed", "migrating"))
    if copy.exists():
        assert good_copy(copy)
    # The next run makes (or keeps) a good copy, upgrades, and leaves nothing half-written.
    assert upgraded(work)
    assert good_copy(copy)
    assert sorted(p.name for p in work.parent.iterdir() if ".bak" in p.name) == [copy.name]


@pytest.mark.parametrize("bad", [b"", b"not a database at all\n", "truncated"])
def test_a_bad_copy_left_from_before_is_replaced(old: tuple[Path, Path], bad: bytes | str
                                                  ) -> None:
    work, copy = old
    whole = (OLD / f"club-v{OLDER}.rochade").read_bytes()
    copy.write_bytes(whole[: len(whole) // 2] if bad == "truncated" else bad)
    assert upgraded(work)
    assert good_copy(copy)


def test_a_good_copy_there_already_is_kept_as_it_is(old: tuple[Path, Path]) -> None:
    work, copy = old
    shutil.copyfile(work, copy)
    kept = copy.read_bytes()
    assert upgraded(work)
    assert copy.read_bytes() == kept
