"""The club backup: backup-json then restore-json gives the same club file (facts, ids,
settings, kept TRF details, pairing notes and the action log), and bad backups are refused
naming the field, leaving no file behind."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from random_tournaments import tournaments

from rochade.cli import main
from rochade.core.messages import Said
from rochade.core.model import Tournament
from rochade.formats.clubjson import format_club, parse_club
from rochade.formats.json import FormatError, format_tournament
from rochade.i18n import say
from rochade.service import ClubService, ServiceError
from rochade.service.demo import build_demo
from rochade.service.exchange import backup_json, restore_json
from rochade.store import Club, StoreError


def without_restore_entry(document: str) -> dict[str, object]:
    data = json.loads(document)
    assert data["actions"][-1]["kind"] == "create"
    data["actions"] = data["actions"][:-1]
    return data


def test_backup_and_restore_give_the_same_club(tmp_path: Path, shared_dir: Path) -> None:
    demo = tmp_path / "demo.rochade"
    service = build_demo(demo)
    trf = shared_dir / "conformance" / "dutch" / "t010_p016_r07_mixed.trf"
    service.import_trf(trf.read_bytes())
    backup = backup_json(demo)
    done = restore_json(backup, tmp_path / "copy.rochade", "td", "backup.json")
    assert done.actions == len(json.loads(backup)["actions"])
    again = backup_json(tmp_path / "copy.rochade")
    assert without_restore_entry(again) == json.loads(backup)
    copy = ClubService(tmp_path / "copy.rochade", "td")
    for summary in service.tournaments():
        assert copy.tournament(summary.name) == service.tournament(summary.name)
        assert copy.export_json(summary.name) == service.export_json(summary.name)
    with pytest.raises(StoreError, match="nothing to undo"):  # undo stops at the restore
        copy.undo()


def test_a_backup_keeps_the_rating_report_data_and_older_backups_restore(
    tmp_path: Path
) -> None:
    club = tmp_path / "club.rochade"
    service = ClubService.init(club, "td")
    service.create_system_tournament("Open", "swiss", {"rounds": 5})
    service.add_player("Alpha", 2100, 4612345, "Open")
    service.set_player("Alpha", {"title": "FM", "birth": "1990-05-17", "national_id": "PKZ:1",
                                 "k": "40"})
    backup = backup_json(club)
    assert json.loads(backup)["members"][0]["title"] == "FM"
    restore_json(backup, tmp_path / "copy.rochade")
    with Club.open(tmp_path / "copy.rochade") as copy:
        (details,) = copy.member_details(copy.tournaments()[0].id).values()
    assert (details.title, details.birth, details.national_kind, details.k) == (
        "FM", "1990-05-17", "PKZ", "40")
    old = json.loads(backup)
    for member in old["members"]:  # a backup of schema 5 has no such fields
        for key in ("title", "sex", "federation", "birth", "club", "national_id",
                    "national_kind", "k"):
            del member[key]
    restore_json(json.dumps(old), tmp_path / "old.rochade")
    with Club.open(tmp_path / "old.rochade") as copy:
        (details,) = copy.member_details(copy.tournaments()[0].id).values()
    assert details.title == ""


def test_restore_never_overwrites(tmp_path: Path) -> None:
    club = tmp_path / "club.rochade"
    ClubService.init(club, "td")
    before = club.read_bytes()
    with pytest.raises(StoreError, match="already exists"):
        restore_json(backup_json(club), club)
    assert club.read_bytes() == before


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.pop("members"), "cannot be restored"),
        (lambda d: d["members"][0].update(name=""), r"members\[0\]\.name: must not be empty"),
        (lambda d: d["members"][0].update(id="x"), r"members\[0\]\.id: expected a whole number"),
        (lambda d: d["tournaments"][0]["players"][0].update(status="gone"),
         r"tournaments\[0\]\.players\[0\]\.status: 'gone' is not one of"),
        (lambda d: d["tournaments"][0]["rounds"][0]["games"][0].update(result="2-0"),
         r"tournaments\[0\]\.rounds\[0\]\.games\[0\]\.result"),
        (lambda d: d["tournaments"][0]["settings"].update(ratio="x"),
         r"tournaments\[0\]\.settings\.ratio"),
        (lambda d: d["tournaments"][0]["rounds"][0]["games"][0].update(white=999),
         "cannot be restored"),
        (lambda d: d["tournaments"][0]["rounds"][0]["absent"][0].update(reason="holiday"),
         "unknown reason 'holiday'"),
        (lambda d: d.update(format="rochade-club/9"), "newer than this rochade"),
    ],
)
def test_bad_backups_are_refused_naming_the_field(tmp_path: Path, change, message) -> None:
    service = build_demo(tmp_path / "demo.rochade")
    data = json.loads(backup_json(service.path))
    change(data)
    target = tmp_path / "copy.rochade"
    with pytest.raises((FormatError, StoreError, ServiceError), match=message):
        restore_json(json.dumps(data), target)
    assert not target.exists()


def test_the_format_reads_what_it_writes(tmp_path: Path) -> None:
    service = build_demo(tmp_path / "demo.rochade")
    with Club.open(service.path) as club:
        rows = club.dump()
    back = parse_club(format_club(rows))
    def rows_as_text(tables: dict[str, list[dict[str, object]]]) -> dict[str, list[str]]:
        return {k: sorted(json.dumps(r, sort_keys=True) for r in v) for k, v in tables.items()}

    assert rows_as_text(back) == rows_as_text(rows)


@settings(max_examples=60, suppress_health_check=list(HealthCheck))
@given(tournaments())
def test_random_tournaments_survive_backup_and_restore(tmp_path_factory, t: Tournament) -> None:
    """Any tournament of any system, in a club file, comes back from the JSON backup."""
    folder = tmp_path_factory.mktemp("club")
    service = ClubService.init(folder / "club.rochade", "td")
    service.import_json(format_tournament(t))
    restore_json(backup_json(service.path), folder / "copy.rochade")
    assert ClubService(folder / "copy.rochade", "td").tournament() == service.tournament()


def test_the_commands(tmp_path: Path, shared_dir: Path) -> None:
    """import-trf, export-trf, backup-json and restore-json end to end."""
    runner = CliRunner()
    club, copy = tmp_path / "club.rochade", tmp_path / "copy.rochade"
    trf = shared_dir / "conformance" / "dutch" / "t022_p007_r06_plain.trf"

    def run(*args: object) -> str:
        result = runner.invoke(main, [str(a) for a in args])
        assert result.exit_code == 0, result.output
        return result.output

    run("init", club)
    assert "7 players, 6 rounds" in run("import-trf", club, trf)
    run("export-trf", club, tmp_path / "out.trf")
    assert (tmp_path / "out.trf").read_bytes() == trf.read_bytes()
    run("export-trf", club, tmp_path / "crlf.trf", "--newline", "crlf")
    assert (tmp_path / "crlf.trf").read_bytes() == trf.read_bytes().replace(b"\n", b"\r\n")
    run("backup-json", club, tmp_path / "club.json")
    assert "Restored" in run("restore-json", tmp_path / "club.json", copy)
    run("export-trf", copy, tmp_path / "again.trf")
    assert (tmp_path / "again.trf").read_bytes() == trf.read_bytes()
    refused = runner.invoke(main, ["restore-json", str(tmp_path / "club.json"), str(copy)])
    assert refused.exit_code == 2 and "already exists" in refused.output


def test_explanation_lines_come_back_as_messages(tmp_path: Path) -> None:
    """A Swiss's explanation (scores kept exact) and a tie-break line survive the JSON backup
    with their templates, so the restored file still shows them in German; a broken exact
    value is refused with its place."""
    service = ClubService.init(tmp_path / "club.rochade", "td")
    service.create_system_tournament("Open", "swiss", {"rounds": 3})
    for i in range(1, 8):
        service.add_player(f"P{i}", 2000 - 10 * i, tournament="Open")
    report = service.pair("Open")
    for game in report.round.games:
        service.enter_result(1, game.board, "1/2-1/2", "Open")
    service.pair("Open")
    text = backup_json(service.path)
    assert '"exact": "1/2"' in text
    restore_json(text, tmp_path / "copy.rochade")
    before = service.round_notes(2, "Open").explanation
    after = ClubService(tmp_path / "copy.rochade", "td").round_notes(2, "Open").explanation
    assert after == before and all(isinstance(line, Said) for line in after)
    assert [say(line, "de") for line in after] == [say(line, "de") for line in before]
    assert any("Gruppe 0,5" in say(line, "de") for line in after)
    broken = text.replace('"exact": "1/2"', '"exact": "half"', 1)
    with pytest.raises(FormatError, match="expected a fraction"):
        parse_club(broken)
