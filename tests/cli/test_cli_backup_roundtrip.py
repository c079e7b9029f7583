"""The user's path of issue 26: a club file where `rochade round-date` was used is backed up
with `rochade backup-json` and brought back with `rochade restore-json` (which refused it:
"actions[5].message.values.change.values.date: expected template and values"); the second
backup is the first byte for byte, but for the restore's own log line. An automatic backup
of it comes back the same through `rochade backups` and `rochade restore`."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

from click.testing import Result

Run = Callable[..., Result]


def _relaid(document: dict[str, object]) -> str:
    """A backup document as `backup-json` lays it out (checked against a real backup)."""
    return json.dumps(document, indent=2, ensure_ascii=False) + "\n"


def _without_last_action(text: str, kind: str) -> str:
    document = json.loads(text)
    assert document["actions"][-1]["kind"] == kind
    document["actions"].pop()
    return _relaid(document)


def _dated(run: Run, club: Path) -> None:
    run("pair", club)
    assert run("round-date", club, 1, "2026-12-08").stdout == "Round 1: 2026-12-08.\n"


def test_a_club_file_with_a_round_date_survives_backup_json_and_restore_json(
    run: Run, club: Path, tmp_path: Path
) -> None:
    _dated(run, club)
    backup, copy, again = tmp_path / "club.json", tmp_path / "copy.rochade", tmp_path / "again.json"
    run("backup-json", club, backup)
    first = backup.read_text(encoding="utf-8")
    assert _relaid(json.loads(first)) == first
    assert '"date": "2026-12-08"' in first  # the log line keeps its date as a date
    restored: Result = run("restore-json", backup, copy)
    assert restored.stdout.startswith(f"Restored {copy}:")
    run("backup-json", copy, again)
    assert _without_last_action(again.read_text(encoding="utf-8"), "create") == first
    assert "Winter: round 1 on 2026-12-08" in run("log", copy).stdout


def test_an_automatic_backup_of_it_comes_back_the_same(run: Run, club: Path,
                                                       tmp_path: Path) -> None:
    _dated(run, club)
    run("backup-json", club, tmp_path / "dated.json")
    dated = (tmp_path / "dated.json").read_text(encoding="utf-8")
    said = run("restore", club, "1").stdout
    kept = re.search(r"The file as it was is kept as (\S+):", said)
    assert kept is not None, said
    assert kept[1] in run("backups", club).stdout
    run("restore", club, kept[1])
    run("backup-json", club, tmp_path / "back.json")
    back = (tmp_path / "back.json").read_text(encoding="utf-8")
    assert _without_last_action(back, "restore") == dated
