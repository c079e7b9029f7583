"""Which file a club file is (`rochade.store.fileid`): every copy is told apart from the
file, a `-wal` left by another file is never applied, a file replaced under an open club is
refused."""

from __future__ import annotations

import logging
import shutil
import sqlite3
import subprocess
import sys
from contextlib import closing
from pathlib import Path

import pytest

from rochade.service import ClubService, FileReplaced
from rochade.service.exchange import backup_json, restore_json
from rochade.store import Club
from rochade.store import backup as backups

PLAYERS = "Anna,2000\nBert,1900\nCora,1800\nDirk,1700"


@pytest.fixture
def club(tmp_path: Path) -> Path:
    path = tmp_path / "club.rochade"
    svc = ClubService.init(path, "td")
    svc.create_tournament("Winter")
    svc.import_players(PLAYERS)
    svc.pair()
    return path


def file_id(path: Path) -> str:
    conn = sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True)
    try:
        return str(conn.execute("SELECT value FROM settings WHERE key = 'file_id'").fetchone()[0])
    finally:
        conn.close()


def crash_after_a_result(path: Path) -> None:
    """Another process enters a result and dies without closing the file: its -wal stays."""
    code = (
        "import os, sys; from pathlib import Path; from rochade.service import ClubService\n"
        "svc = ClubService(Path(sys.argv[1]), 'td')\n"
        "with svc.session():\n"
        "    svc.enter_result(1, 1, '1-0')\n"
        "    os._exit(0)\n"
    )
    subprocess.run([sys.executable, "-c", code, str(path)], check=True, timeout=60)
    assert Path(f"{path}-wal").stat().st_size > 0


def games(path: Path) -> list[tuple[int, str | None]]:
    conn = sqlite3.connect(path)
    try:
        assert conn.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        assert conn.execute("PRAGMA foreign_key_check").fetchall() == []
        return conn.execute("SELECT board, result FROM games ORDER BY board").fetchall()
    finally:
        conn.close()


def test_every_copy_gets_an_id_of_its_own_and_a_restore_keeps_the_files(
    club: Path, tmp_path: Path
) -> None:
    mine = file_id(club)
    automatic = backups.list_backups(club)[-1].path  # taken before the pairing
    saved = backups.save(club, tmp_path / "copy.rochade")
    from_json = tmp_path / "json.rochade"
    restore_json(backup_json(club), from_json, "td", "backup.json")
    ids = {mine, file_id(automatic), file_id(saved), file_id(from_json)}
    assert len(ids) == 4
    ClubService(club, "td").restore_backup(str(saved))
    assert file_id(club) == mine


def test_an_orphan_log_of_another_file_is_set_aside_never_applied(
    club: Path, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    copy = backups.save(club, tmp_path / "copy.rochade")
    crash_after_a_result(club)
    shutil.copyfile(copy, club)  # a backup put back by hand after the crash
    with caplog.at_level(logging.WARNING), Club.open(club) as opened, Club.open(copy) as original:
        assert opened.snapshot()["games"] == original.snapshot()["games"]
    assert "club.rochade-wal belongs to another file than club.rochade" in caplog.text
    aside = list(tmp_path.glob("club.rochade-wal.other-*"))
    assert len(aside) == 1 and aside[0].stat().st_size > 0
    assert [result for _, result in games(club)] == [None, None]


def test_the_files_own_log_after_a_crash_is_applied(club: Path, tmp_path: Path) -> None:
    crash_after_a_result(club)
    assert games(club)[0] == (1, "1-0")
    with Club.open(club):
        pass
    assert games(club)[0] == (1, "1-0")
    assert not list(tmp_path.glob("*.other-*"))


def test_a_file_replaced_under_an_open_club_is_refused_from_then_on(
    club: Path, tmp_path: Path
) -> None:
    copy = backups.save(club, tmp_path / "copy.rochade")
    svc = ClubService(club, "td")
    with svc.session():
        svc.enter_result(1, 1, "1-0")
        shutil.copyfile(copy, club)
        with pytest.raises(FileReplaced, match="was replaced or changed by another program"):
            svc.enter_result(1, 2, "1-0")
        with pytest.raises(FileReplaced):
            svc.state_mark()
    assert [result for _, result in games(club)] == [None, None]


def test_another_file_written_in_through_sqlite_is_refused_and_its_log_left_in_place(
    club: Path, tmp_path: Path
) -> None:
    """SQLite's backup API writes the other file's pages into the log: the file on disk keeps
    its place, size and times, so only what a connection reads tells. Every read of the open
    club refuses from then on; the log stays where every other connection reads it."""
    other = tmp_path / "other.rochade"
    ClubService.init(other, "td").create_tournament("Summer")
    svc = ClubService(club, "td")
    with svc.session():
        svc.state_mark()
        with closing(sqlite3.connect(other)) as source, closing(sqlite3.connect(club)) as into:
            source.backup(into)
        with pytest.raises(FileReplaced, match="was replaced or changed by another program"):
            svc.state_mark()
        with pytest.raises(FileReplaced):
            svc.tournament_names()
        with pytest.raises(FileReplaced):
            svc.enter_result(1, 1, "1-0")
    assert not list(tmp_path.glob("*.other-*"))


def test_a_server_never_opens_another_file_at_its_path(club: Path, tmp_path: Path) -> None:
    from rochade.service.file_settings import file_identity

    copy = backups.save(club, tmp_path / "copy.rochade")
    served = ClubService(club, "TD (web)", identity=file_identity(club))
    served.enter_result(1, 1, "1-0")
    club.unlink()
    shutil.copyfile(copy, club)  # a new file at the path: each change opens it anew
    with pytest.raises(FileReplaced):
        served.enter_result(1, 2, "1-0")
    assert [result for _, result in games(club)] == [None, None]


def test_an_older_plain_copy_put_back_is_refused_by_its_smaller_size(
    club: Path, tmp_path: Path
) -> None:
    """A copy made with the file manager carries the file's own id; put back after the file
    grew, it is smaller than the file rochade last saw."""
    plain = tmp_path / "plain.rochade"
    svc = ClubService(club, "td")
    with svc.session():
        shutil.copyfile(club, plain)
        svc.import_players("\n".join(f"Player {i},{1500 + i}" for i in range(300)))
        other = sqlite3.connect(club)
        try:  # another connection folds the log into the file: it grows on disk
            assert other.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()[0] == 0
        finally:
            other.close()
        assert club.stat().st_size > plain.stat().st_size
        svc.state_mark()  # seen at its new size
        shutil.copyfile(plain, club)
        with pytest.raises(FileReplaced):
            svc.enter_result(1, 1, "1-0")


def test_a_file_moved_away_and_back_keeps_its_log_and_is_used_again(
    club: Path, tmp_path: Path
) -> None:
    """A file gone from its path (moved away by mistake) is refused for now, its log left
    where it is (the evening's results may be only there); put back, it is the same file."""
    from rochade.service.file_settings import file_identity
    from rochade.store import FileGone

    served = ClubService(club, "TD (web)", identity=file_identity(club))
    with served.session():
        served.enter_result(1, 1, "1-0")
        wal = club.with_name(club.name + "-wal")
        logged = wal.read_bytes()
        away = tmp_path / "away.rochade"
        shutil.move(club, away)
        with pytest.raises(FileGone, match="is gone: it was deleted or moved"):
            served.enter_result(1, 2, "0-1")
        with pytest.raises(FileGone):
            served.state_mark()
        assert wal.read_bytes() == logged and not list(tmp_path.glob("*.other-*"))
        shutil.move(away, club)
        served.enter_result(1, 2, "0-1")
    assert [result for _, result in games(club)] == ["1-0", "0-1"]
