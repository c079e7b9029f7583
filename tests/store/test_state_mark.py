"""The mark of a club file's state (`Club.state_mark`, schema version 9): new with every
change, an undo and a restore too; the same in a copy of the same state, and its own in every
other file. The public pages' version follows it (tests/web/test_page_versions.py)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from clocks import TickingClock
from rochade.service import ClubService
from rochade.store import Club, StoreError
from rochade.store.backup import list_backups

PLAYERS = "name,rating\nAnna,2000\nBert,1900\nCarla,1800\nDirk,1700\n"


def mark(svc: ClubService) -> str:
    return svc.state_mark()


def test_every_change_an_undo_and_a_restore_give_a_new_mark(tmp_path: Path) -> None:
    svc = ClubService.init(tmp_path / "club.rochade", "td", TickingClock())
    seen = [mark(svc)]
    svc.create_tournament("Winter")
    seen.append(mark(svc))
    svc.import_players(PLAYERS)
    seen.append(mark(svc))
    svc.pair("Winter")  # (a backup before it)
    seen.append(mark(svc))
    svc.undo()
    seen.append(mark(svc))
    newest = svc.log()[-1].id
    svc.restore_backup(list_backups(svc.path)[-1].name)  # the file before the pairing
    assert svc.log()[-1].id <= newest  # (the action ids come back as they were)
    seen.append(mark(svc))
    assert len(set(seen)) == len(seen)


def test_a_refused_change_keeps_the_mark(tmp_path: Path) -> None:
    svc = ClubService.init(tmp_path / "club.rochade", "td", TickingClock())
    before = mark(svc)
    with pytest.raises(StoreError):
        svc.undo()  # nothing to undo
    assert mark(svc) == before


def test_a_copy_keeps_the_mark_and_another_file_has_its_own(tmp_path: Path) -> None:
    one = ClubService.init(tmp_path / "one.rochade", "td", TickingClock())
    other = ClubService.init(tmp_path / "other.rochade", "td", TickingClock())
    with sqlite3.connect(one.path) as source, sqlite3.connect(tmp_path / "copy.rochade") as copy:
        source.backup(copy)
    with Club.open(tmp_path / "copy.rochade") as copied:
        assert copied.state_mark() == mark(one) != mark(other)
