"""`rochade import-kfc`, `publish` and `export-list` end to end, in-process."""

from __future__ import annotations

import csv
import io
import json
import shutil
import sqlite3
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any

import html5lib
import pytest
from click.testing import Result

from kfc_files import kfc_2022_file
from rochade.core.model import Result as ResultCode
from rochade.service import ClubService, tournament_standings

Run = Callable[..., Result]


@pytest.fixture
def kfc_file(shared_dir: Path) -> Path:
    return shared_dir / "conformance" / "kfc" / "Test-Tournament.s3db"


@pytest.fixture
def empty_club(tmp_path: Path, run: Run) -> Path:
    path = tmp_path / "club.rochade"
    run("init", path, "--who", "ina")
    return path


def files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.is_file()}


def test_import_kfc(run: Run, empty_club: Path, kfc_file: Path) -> None:
    result = run("import-kfc", empty_club, kfc_file, "--who", "ina")
    assert result.stdout.splitlines() == [
        "Imported Test-Tournament: 9 players, 5 rounds (26 rows), KfC's settings on the kfc "
        "preset.",
        "Note: table Player has no Categories column (an older KfC version); rochade does not "
        "need it.",
        "Checked: rochade's totals equal the 9 totals KfC stored (largest difference 8e-07).",
    ]
    svc = ClubService(empty_club)
    t = svc.tournament()
    expected: dict[str, Any] = json.loads(
        (kfc_file.parent / "expected.json").read_text(encoding="utf-8")
    )
    standings = tournament_standings(t)
    for want in expected["standings"]:
        row = standings.line(want["id"])
        assert abs(float(row.total) - want["keizer_sum"]) <= 1e-4
    assert svc.log()[-1].description == "Test-Tournament: import tournament Test-Tournament"
    # The imported season goes on: round 6 is paired with KfC's settings.
    run("pair", empty_club)
    boards = [(g.white, g.black) for g in ClubService(empty_club).tournament().rounds[5].games]
    assert boards == [(3, 10), (6, 13), (1, 7)]


@pytest.fixture
def adjourned_kfc(kfc_file: Path, tmp_path: Path) -> Path:
    """KfC's sample with round 5 board 1 (a draw) stored as KfC's code 11: adjourned."""
    path = tmp_path / "Adjourned.s3db"
    shutil.copy(kfc_file, path)
    con = sqlite3.connect(path)
    with con:
        con.execute("UPDATE Pairing SET Result = 11 WHERE Rnd = 5 AND board = 1")
    con.close()
    return path


def test_import_kfc_keeps_an_adjourned_game_open(
    run: Run, empty_club: Path, adjourned_kfc: Path
) -> None:
    """KfC scores an adjourned game as a draw; rochade imports it as `?`: the same numbers
    (a draw until the result is in), but provisional standings until the TD enters it."""
    result = run("import-kfc", empty_club, adjourned_kfc, "--who", "ina")
    assert (
        "Note: round 5 board 1: an adjourned game, imported as adjourned (?): it counts as a "
        "draw, as in KfC, until its result is entered." in result.stdout.splitlines()
    )
    assert "Checked: rochade's totals equal the 9 totals KfC stored" in result.stdout
    game = ClubService(empty_club).tournament().rounds[4].games[0]
    assert (game.white, game.black, game.result) == (7, 3, ResultCode.ADJOURNED)
    standings = run("standings", empty_club)
    assert "Provisional: adjourned or postponed games (?) in round(s) 5" in standings.stderr
    run("result", empty_club, "5", "1", "1/2-1/2", "--who", "ina")
    assert ClubService(empty_club).tournament().adjourned_rounds() == ()
    assert "Provisional" not in run("standings", empty_club).stderr


def _refused(run: Run, args: list[object], message: str, folder: Path) -> None:
    before = files(folder)
    result = run(*args, ok=False)
    assert result.exit_code == 2, result.output
    assert result.stdout == ""
    (line,) = result.stderr.splitlines()
    assert line.startswith("Error: ") and message in line, line
    assert files(folder) == before


def test_import_kfc_refusals_change_nothing(
    run: Run, empty_club: Path, kfc_file: Path, tmp_path: Path
) -> None:
    folder = empty_club.parent
    other = tmp_path / "other" / "data.sqlite"
    other.parent.mkdir()
    sqlite3.connect(other).execute("CREATE TABLE t (x)").connection.close()
    _refused(run, ["import-kfc", empty_club, other], "not a KeizerForClubs file", folder)
    broken = tmp_path / "other" / "broken.s3db"
    broken.write_bytes(kfc_file.read_bytes()[:2048] + b"\x00garbage" * 600)
    _refused(run, ["import-kfc", empty_club, broken], "broken.s3db", folder)
    odd = tmp_path / "other" / "odd.s3db"
    shutil.copyfile(kfc_file, odd)
    odd.chmod(0o644)
    with sqlite3.connect(odd) as con:
        con.execute("UPDATE Pairing SET Result = 77 WHERE Rnd = 2 AND board = 3")
    _refused(
        run,
        ["import-kfc", empty_club, odd],
        "table Pairing, round 2 board 3: result code 77 is not a game result",
        folder,
    )
    run("import-kfc", empty_club, kfc_file)
    _refused(
        run,
        ["import-kfc", empty_club, kfc_file],
        "already has a tournament named 'Test-Tournament'; import it under another name",
        folder,
    )
    result = run("import-kfc", empty_club, kfc_file, "--name", "Copy")
    assert result.stdout.startswith("Imported Copy: 9 players")


def test_publish_and_export_lists(run: Run, empty_club: Path, kfc_file: Path) -> None:
    run("import-kfc", empty_club, kfc_file)
    site = empty_club.parent / "site"  # the lists, their CSV and 4 printouts
    assert run("publish", empty_club, site).stdout.startswith("Wrote 56 files")
    assert (site / "standings.csv").read_bytes().startswith(b"\xef\xbb\xbfRank,Name,")
    for page in site.glob("*.html"):
        parser = html5lib.HTMLParser(strict=True)
        parser.parse(page.read_text(encoding="utf-8"))
    out = run("export-list", empty_club, "standings", "--format", "csv", "--delimiter", ";")
    rows = list(csv.reader(io.StringIO(out.stdout), delimiter=";"))
    assert rows[1] == ["1", "Amurru", "1891", "37.5", "4", "5", "10"]
    assert rows[4][:4] == ["4", "Ninedena", "1786", "23.15"]
    after2 = run("export-list", empty_club, "standings", "--round", "2", "--format", "csv")
    assert after2.stdout.splitlines()[1].startswith("1,Amurru,1891,")
    text = run("export-list", empty_club, "pairings", "--round", "5").stdout
    assert text.startswith("Test-Tournament: round 5")
    target = empty_club.parent / "achill.csv"
    run(
        "export-list", empty_club, "breakdown", "--player", "Achill", "--format", "csv",
        "-o", target,
    )  # fmt: skip
    data = target.read_bytes()
    assert data.startswith(b"\xef\xbb\xbfRound,") and data.endswith(b"Total,,,,,,23.5\r\n")
    html = run("export-list", empty_club, "crosstable", "--format", "html", "--round", "3")
    assert "<style>" in html.stdout and html.stdout.count("<tr") == 10
    for args, message in [
        (["breakdown"], "--player NAME"),
        (["pairings", "--round", "9"], "there is no round 9"),
        (["standings", "--delimiter", "ab"], "CSV delimiter"),
    ]:
        _refused(run, ["export-list", empty_club, *args], message, empty_club.parent)


def test_import_kfc_of_a_file_with_bytes_not_utf8_is_a_clear_refusal(
    run: Run, empty_club: Path, kfc_file: Path, tmp_path: Path
) -> None:
    """A damaged file whose schema or names hold bytes that are not UTF-8 ended in
    "unexpected problem (UnicodeDecodeError)", exit code 1: now the file's name and what to
    do, exit code 2 as every refusal, and the club file unchanged."""
    schema = bytearray(kfc_file.read_bytes())
    schema[schema.rindex(b"board INTEGER NOT NULL,  PID_") + 19] = 0xD1  # "NOT N\xd1LL"
    names = tmp_path / "names.s3db"
    shutil.copy(kfc_file, names)
    con = sqlite3.connect(names)
    con.execute("UPDATE Player SET name = CAST(X'41FF42' AS TEXT) WHERE rowid = 1")
    con.commit()
    con.close()
    (tmp_path / "schema.s3db").write_bytes(bytes(schema))
    before = empty_club.read_bytes()
    for damaged in (tmp_path / "schema.s3db", names):
        result = run("import-kfc", empty_club, damaged, ok=False)
        assert result.exit_code == 2, result.output
        assert result.stderr == (
            f"Error: {damaged}: not a readable KeizerForClubs file (it is damaged: it holds "
            "text that is not UTF-8, its encoding); import an earlier copy of the file, or "
            "correct the garbled names in KeizerForClubs first\n")
    assert empty_club.read_bytes() == before


def test_import_kfc_trims_the_name_given(run: Run, empty_club: Path, kfc_file: Path) -> None:
    """`--name " x"` was kept with its space (no typed name is), and its pages failed."""
    assert run("import-kfc", empty_club, kfc_file, "--name", " x").stdout.startswith(
        "Imported x: 9 players")
    assert ClubService(empty_club).tournament_names() == ["x"]
    result = run("import-kfc", empty_club, kfc_file, "--name", "x ", ok=False)
    assert result.exit_code == 2
    assert "already has a tournament named 'x'" in result.stderr


def test_import_kfc_of_a_2022_file_names_the_rows_scored_otherwise(
    run: Run, empty_club: Path, tmp_path: Path
) -> None:
    """A file without ConfigTab gets the unexcused share KfC shipped then (B agrees); the
    withdrawn player's rows, which KfC scored otherwise until 2023, are named row by row."""
    path = kfc_2022_file(tmp_path / "Winter.s3db")
    lines = run("import-kfc", empty_club, path, "--who", "ina").stdout.splitlines()
    assert lines[3].startswith("Note: the file has no ConfigTab table (KfC before March 2023")
    assert lines[4].startswith("Note: KfC of that time scored games with a withdrawn player")
    assert lines[5].startswith("Warning: for 3 of 5 players rochade's total differs")
    assert lines[6:] == [
        "  C: KfC 4.50, rochade 3.00",
        "    round 1, game against E (withdrawn): KfC 1.50, rochade 0.00",
        "  D: KfC 1.75, rochade 1.50",
        "    round 1, bye: KfC 0.75, rochade 0.50",
        "  E: KfC 3.00, rochade 0.00",
        "    own value: KfC 3.00, rochade 0.00",
    ]
    standings = tournament_standings(ClubService(empty_club).tournament())
    assert [(r.entrant.name, r.total) for r in standings.lines] == [
        ("A", 6.5), ("B", Fraction("6.05")), ("C", 3), ("D", Fraction("1.5")), ("E", 0),
    ]  # fmt: skip
