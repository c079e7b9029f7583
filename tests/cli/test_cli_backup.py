"""`rochade backup CLUB OUT`: a copy of the club file as it is now, never over another file
unless told; `rochade restore` brings such a copy back by its path."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from click.testing import CliRunner

from rochade.cli import main
from rochade.service import ClubService


def results(path: Path) -> list[str | None]:
    conn = sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True)
    try:
        return [row[0] for row in conn.execute("SELECT result FROM games ORDER BY board")]
    finally:
        conn.close()


def test_backup_copies_the_file_and_restore_brings_the_copy_back(tmp_path: Path) -> None:
    club = tmp_path / "club.rochade"
    svc = ClubService.init(club, "td")
    svc.create_tournament("Winter")
    svc.import_players("Anna,2000\nBert,1900")
    svc.pair()
    svc.enter_result(1, 1, "1-0")
    folder = tmp_path / "stick"
    folder.mkdir()
    done = CliRunner().invoke(main, ["backup", str(club), str(folder)])
    copy = folder / "club.rochade"
    assert done.exit_code == 0, done.output
    assert f"Bring it back with: rochade restore {club} {copy}" in done.output
    assert results(copy) == ["1-0"]

    svc.enter_result(1, 1, "0-1")
    again = CliRunner().invoke(main, ["backup", str(club), str(copy)])
    assert again.exit_code == 2 and "already exists" in again.output
    assert results(copy) == ["1-0"]  # untouched
    replaced = CliRunner().invoke(main, ["backup", str(club), str(copy), "--replace"])
    assert replaced.exit_code == 0 and results(copy) == ["0-1"]
    itself = CliRunner().invoke(main, ["backup", str(club), str(club)])
    assert itself.exit_code == 2 and "is the club file itself" in itself.output
    missing = CliRunner().invoke(main, ["backup", str(tmp_path / "nope.rochade"), str(copy)])
    assert missing.exit_code == 2 and "does not exist" in missing.output
    assert not list(folder.glob("*.partial"))

    svc.enter_result(1, 1, "½-½")
    back = CliRunner().invoke(main, ["restore", str(club), str(copy)])
    assert back.exit_code == 0, back.output
    assert back.output.startswith(f"Restored {copy} into {club}.")
    assert results(club) == ["0-1"]
    log = CliRunner().invoke(main, ["log", str(club)])
    assert f"restore the copy {copy}" in log.output


def test_a_folder_that_is_not_there_is_refused_not_written_as_a_file(tmp_path: Path) -> None:
    """`rochade backup CLUB /media/usb/` with no stick in: a clear refusal, and no file named
    after the folder."""
    club = tmp_path / "club.rochade"
    ClubService.init(club, "td")
    result = CliRunner().invoke(main, ["backup", str(club), f"{tmp_path / 'usb'}/"])
    assert result.exit_code == 2
    assert f"there is no folder {tmp_path / 'usb'}/" in result.output
    assert not (tmp_path / "usb").exists()
