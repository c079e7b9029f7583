"""Automatic backups before pairings and imports; listing them; bringing one back."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
from click.testing import CliRunner

from clocks import TickingClock
from rochade.cli import main
from rochade.service import ClubService, ServiceError
from rochade.store import Club, StoreError
from rochade.store import backup as backups

PLAYERS = "name,rating\nAnna,2000\nBert,1900\nCarla,1800\nDirk,1700\n"



@pytest.fixture
def club(tmp_path: Path) -> Iterator[ClubService]:
    service = ClubService.init(tmp_path / "club.rochade", "ina", TickingClock())
    service.create_tournament("Winter")
    service.import_players(PLAYERS)
    yield service


def facts(path: Path) -> object:
    with Club.open(path) as club:
        return club.snapshot()


def log(path: Path) -> list[tuple[int, str, str]]:
    with Club.open(path) as club:
        return [(a.id, a.kind, a.description) for a in club.actions()]


def play_round(service: ClubService) -> None:
    report = service.pair()
    for game in report.round.games:
        service.enter_result(report.round.number, game.board or 1, "1-0")


def test_a_pairing_is_preceded_by_a_copy_of_the_file(club: ClubService) -> None:
    before = facts(club.path)
    club.pair()
    listed = backups.list_backups(club.path)
    assert [b.before for b in listed] == ["import", "pair"]  # the player list, the pairing
    assert listed[-1].path.parent == club.path.parent / "club.rochade-backups"
    assert listed[-1].name == "2026-09-03_193400Z_pair.rochade"
    # A backup is one self-contained file (no WAL), and intact.
    assert sorted(p.name for p in listed[-1].path.parent.iterdir()) == [b.name for b in listed]
    with sqlite3.connect(listed[-1].path) as conn:
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "delete"
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    conn.close()
    assert facts(listed[-1].path) == before


def test_a_json_import_is_preceded_by_a_copy(club: ClubService, tmp_path: Path) -> None:
    play_round(club)
    text = club.export_json().replace('"Winter"', '"Spring"')
    before = facts(club.path)
    club.import_json(text)
    newest = backups.list_backups(club.path)[-1]
    assert newest.before == "import"
    assert facts(newest.path) == before


def test_a_refused_change_keeps_no_backup(club: ClubService) -> None:
    club.pair()
    count = len(backups.list_backups(club.path))
    with pytest.raises(ServiceError, match="not complete"):
        club.pair()
    with pytest.raises(ServiceError, match="already has a tournament named"):
        club.import_json(club.export_json())  # the name exists already
    assert len(backups.list_backups(club.path)) == count


def test_only_the_newest_are_kept(club: ClubService, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(backups.KEEP_ENV, "3")
    states = []
    for _ in range(5):
        states.append(facts(club.path))
        play_round(club)
    kept = backups.list_backups(club.path)
    assert len(kept) == 3
    assert [facts(b.path) for b in kept] == states[-3:]


def test_a_bad_keep_setting_refuses_before_changing(
    club: ClubService, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(backups.KEEP_ENV, "many")
    before = club.path.read_bytes()
    with pytest.raises(StoreError, match="ROCHADE_KEEP_BACKUPS must be a whole number"):
        club.pair()
    assert club.path.read_bytes() == before


def test_backups_in_the_same_second_get_their_own_names(tmp_path: Path) -> None:
    path = tmp_path / "c.rochade"
    at = datetime(2026, 1, 2, 3, 4, 5, tzinfo=UTC)
    Club.create(path, "ina", at).close()
    names = [backups.take(path, "pair", at).name for _ in range(3)]
    assert names == [
        "2026-01-02_030405Z_pair.rochade",
        "2026-01-02_030405Z_pair_2.rochade",
        "2026-01-02_030405Z_pair_3.rochade",
    ]
    assert [b.name for b in backups.list_backups(path)] == names


def test_restore_brings_back_the_state_and_logs_it(club: ClubService) -> None:
    play_round(club)
    before_round_2 = facts(club.path)
    log_before_round_2 = log(club.path)
    play_round(club)
    before_restore = facts(club.path)
    listed = club.list_backups()
    wanted = listed[-1]
    assert wanted.file.before == "pair"
    assert wanted.last_action is not None and "result round 1" in wanted.last_action

    done = club.restore_backup(str(wanted.number))

    assert facts(club.path) == before_round_2
    entries = log(club.path)
    assert entries[:-1] == log_before_round_2
    kind, description = entries[-1][1:]
    assert kind == "restore"
    assert description == (
        f"restore backup {wanted.file.name} (taken before a pair); "
        f"the file as it was is kept in backup {done.saved_as.name}"
    )
    with Club.open(club.path) as opened:
        assert opened.actions()[-1].who == "ina"
    # The state the restore replaced is itself a backup, and can be brought back.
    assert facts(done.saved_as) == before_restore
    club.restore_backup(done.saved_as.name)
    assert facts(club.path) == before_restore


def test_undo_after_a_restore_continues_with_the_restored_log(club: ClubService) -> None:
    play_round(club)
    play_round(club)
    club.restore_backup(str(len(club.list_backups()) - 1))  # before round 2's pairing
    last = club.log()[-2]
    assert club.undo()[0].id == last.id  # the restore itself is not undone
    assert club.log()[-1].kind == "undo"


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"", "is not a rochade club file"),
        # Only SQLite reads a club file: a header without pages is "not a database" to it.
        (b"SQLite format 3\x00" + b"\x00" * 200, "is not a rochade club file"),
        (b"hello, world", "is not a rochade club file"),
    ],
    ids=["empty", "truncated", "text"],
)
def test_a_damaged_backup_is_refused(club: ClubService, content: bytes, message: str) -> None:
    club.pair()
    damaged = backups.list_backups(club.path)[-1].path
    damaged.write_bytes(content)
    before = club.path.read_bytes()
    with pytest.raises(StoreError, match=message):
        club.restore_backup(damaged.name)
    assert club.path.read_bytes() == before


def test_a_foreign_database_is_refused(club: ClubService) -> None:
    club.pair()
    foreign = backups.list_backups(club.path)[-1].path
    foreign.unlink()
    with sqlite3.connect(foreign) as conn:
        conn.execute("CREATE TABLE x (y)")
    conn.close()
    with pytest.raises(StoreError, match="is not a rochade club file"):
        club.restore_backup(foreign.name)


def test_a_damaged_page_is_found_by_the_integrity_check(club: ClubService) -> None:
    play_round(club)
    copy = backups.list_backups(club.path)[-1].path
    data = bytearray(copy.read_bytes())
    page = 4096
    for offset in range(2 * page + 100, 3 * page - 100):  # garble the middle of page 3
        data[offset] = 0x5A
    copy.write_bytes(bytes(data))
    before = facts(club.path)
    with pytest.raises(StoreError):
        club.restore_backup(copy.name)
    assert facts(club.path) == before


@pytest.mark.parametrize("ref", ["0", "99", "nonsense", "../club.rochade", ""])
def test_unknown_backups_are_refused(club: ClubService, ref: str) -> None:
    club.pair()
    with pytest.raises(StoreError, match="no backup"):
        club.restore_backup(ref)


def test_cli_lists_and_restores(club: ClubService) -> None:
    play_round(club)
    runner = CliRunner()
    listing = runner.invoke(main, ["backups", str(club.path)])
    assert listing.exit_code == 0, listing.output
    lines = listing.stdout.splitlines()
    assert "before import" in lines[0] and "before pair" in lines[1]
    assert "last change: #3 Winter: import 4 players" in lines[1]
    assert lines[-1] == f"Bring one back with: rochade restore {club.path} NUMBER"

    done = runner.invoke(main, ["restore", str(club.path), "2", "--who", "olga"])
    assert done.exit_code == 0, done.output
    assert done.stdout.startswith("Restored 2026-09-03_")
    assert club.tournament().rounds == ()
    assert club.log()[-1].who == "olga"

    refused = runner.invoke(main, ["restore", str(club.path), "42"])
    assert refused.exit_code == 2
    assert refused.stderr.strip().startswith("Error: there is no backup number 42")


def test_cli_without_backups(tmp_path: Path) -> None:
    runner = CliRunner()
    path = tmp_path / "c.rochade"
    missing = runner.invoke(main, ["backups", str(path)])
    assert missing.exit_code == 2 and "does not exist" in missing.stderr
    runner.invoke(main, ["init", str(path)])
    empty = runner.invoke(main, ["backups", str(path)])
    assert empty.exit_code == 0
    assert "No backups" in empty.stdout


def test_export_is_unchanged_by_a_round_trip_through_a_backup(club: ClubService) -> None:
    play_round(club)
    exported = json.loads(club.export_json())
    play_round(club)
    club.restore_backup(str(len(club.list_backups())))
    assert json.loads(club.export_json()) == exported
