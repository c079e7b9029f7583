"""Make the club files of tests/data/old_versions (see README.md there).

Run once per new schema version, from the repository root:
`.venv/bin/python tests/data/old_versions/make_old_versions.py`.

The season is played through the service of the rochade of the newest version, then copied
row by row into a file built by the migrations up to each older version. No round is ever
deleted in the season, so no recorded undo step names a column a later version added.
"""

from __future__ import annotations

import itertools
import json
import sqlite3
import sys
import tempfile
from datetime import UTC, datetime, timedelta
from pathlib import Path

from rochade.core.model import Status
from rochade.formats.text import standings_json
from rochade.service import ClubService
from rochade.store.schema import MIGRATIONS, drop_undo_triggers, migrate

HERE = Path(__file__).parent
TABLES = (
    "members",
    "tournaments",
    "entrants",
    "rounds",
    "games",
    "absences",
    "externals",
    "actions",
    "undo_steps",
    "sqlite_sequence",
)


class Evening:
    """A clock that moves a minute per reading, starting on a club evening."""

    def __init__(self) -> None:
        self.now = datetime(2025, 9, 4, 19, 30, tzinfo=UTC)

    def __call__(self) -> datetime:
        self.now += timedelta(minutes=1)
        return self.now


def play_season(path: Path) -> None:
    """Three club evenings with what a real season brings, and a second tournament."""
    clock = Evening()
    td = ClubService.init(path, "ina", clock)
    td.create_tournament("Winter 2025", "classic")
    td.import_players(
        "name,rating\nAnna Berg,2010\nBo O'Neill,1930\nCém Öztürk,1850\n"
        'Dana "DJ" Jones,1720\nEmil 🐴,1610\nפרח לוי,1540\nGreta,\nHans <b>Kurz</b>,1400\n',
        "Winter 2025",
    )
    td.set_status("Greta", Status.EXCUSED)
    results = itertools.cycle(["1-0", "1/2", "0-1", "1-0", "+/-", "0-1", "1/2"])
    for number in (1, 2, 3):
        report = td.pair("Winter 2025")
        for game in report.round.games:
            td.enter_result(number, game.board or 1, next(results), "Winter 2025")
        clock.now += timedelta(days=7)
        if number == 1:
            td.set_status("Greta", Status.PRESENT, "Winter 2025")
            td.add_player("Ivo Late", 1700, tournament="Winter 2025")
            td.enter_result(1, 1, "0-1", "Winter 2025")  # a correction of an old round
        if number == 2:
            td.set_status("Hans <b>Kurz</b>", Status.EXCUSED, "Winter 2025")
            td.set_status("Emil 🐴", Status.WITHDRAWN, "Winter 2025")
            td.add_external(2, "Hans <b>Kurz</b>", 1, 3, "1", extra=True, tournament="Winter 2025")
            td.set_status("Bo O'Neill", Status.EXCUSED, "Winter 2025")
            td.undo()  # a status set by mistake
    td.create_tournament("Rapid", "kfc")
    td.import_players("name,rating\nAnna Berg,2010\nBo O'Neill,1930\nZoë,1500\n", "Rapid")
    report = td.pair("Rapid")
    td.enter_result(1, 1, "1-0", "Rapid")
    td.enter_result(1, 1, "0-1", "Rapid")
    td.undo()  # a wrong correction
    del report


def copy_to_version(source: Path, target: Path, version: int) -> None:
    """A file of schema `version` with every row of `source` (columns that version has)."""
    conn = sqlite3.connect(target, isolation_level=None)
    conn.execute("PRAGMA journal_mode = WAL")
    conn.execute("BEGIN")
    migrate(conn, version)
    drop_undo_triggers(conn)
    conn.execute("ATTACH DATABASE ? AS source", (str(source),))
    for table in TABLES:
        columns = ", ".join(f'"{r[1]}"' for r in conn.execute(f'PRAGMA main.table_info("{table}")'))
        conn.execute(f'DELETE FROM main."{table}"')
        conn.execute(
            f'INSERT INTO main."{table}" (rowid, {columns}) '
            f'SELECT rowid, {columns} FROM source."{table}"'
        )
    migrate(conn, version)  # puts the triggers of that version back
    conn.execute("COMMIT")
    conn.execute("DETACH DATABASE source")
    conn.execute("VACUUM")
    conn.close()


def expected_standings(path: Path) -> dict[str, object]:
    service = ClubService(path)
    return {t.name: standings_json(service.standings(t.name)) for t in service.tournaments()}


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        season = Path(tmp) / "season.rochade"
        play_season(season)
        for version in range(1, len(MIGRATIONS) + 1):
            target = HERE / f"club-v{version}.rochade"
            target.unlink(missing_ok=True)
            copy_to_version(season, target, version)
            standings = expected_standings(season)
            (HERE / f"club-v{version}.standings.json").write_text(
                json.dumps(standings, ensure_ascii=False, indent=2) + "\n", encoding="utf-8"
            )
            print(f"wrote {target.name}", file=sys.stderr)


if __name__ == "__main__":
    main()
