"""`rochade ratings`: a downloaded rating list against the tournament's players (read-only)."""

from __future__ import annotations

import zipfile
from collections.abc import Callable
from pathlib import Path

from click.testing import Result

Run = Callable[..., Result]


def test_national_csv_list(run: Run, club: Path, tmp_path: Path) -> None:
    listing = tmp_path / "dwz.csv"
    listing.write_bytes(
        "Spielername;DWZ;FIDE-Elo\nAnna;2012;2100\nbert;1950;\nCarla;1600;\nCarla;1650;\n".encode(
            "cp1252"
        )
    )
    before = club.read_bytes()
    out = run("ratings", club, listing).stdout.splitlines()
    assert out == [
        "1 rating(s) would change:",
        "  Anna: 2000 -> 2012 (matched by name)",
        "Unchanged: 1.",
        "Ambiguous, left alone: Carla (Carla (1600); Carla (1650)).",
        "Not in the list: Dirk, Eva, Frank, Greta, Hans.",
    ]
    elo = run("ratings", club, listing, "--rating-column", "FIDE-Elo").stdout
    assert "Anna: 2000 -> 2100" in elo and "Bert: 1950 -> unrated" in elo
    assert club.read_bytes() == before


def test_fide_lists_zipped_and_plain(run: Run, club: Path, tmp_path: Path) -> None:
    xml = (
        "<?xml version='1.0' encoding='utf-8'?>\n<playerslist>"
        "<player><fideid>90000011</fideid><name>Dirk</name><rating>1870</rating></player>"
        "<player><fideid>90000029</fideid><name>Eva</name><rating>1800</rating></player>"
        "</playerslist>\n"
    )
    archive = tmp_path / "players_list_xml.zip"
    with zipfile.ZipFile(archive, "w") as z:
        z.writestr("players_list_xml_foa.xml", xml)
    out = run("ratings", club, archive).stdout
    assert "Dirk: 1850 -> 1870 (matched by name)" in out and "Unchanged: 1." in out
    header = "ID Number      Name                           Fed Sex SRtng SGm"
    txt = tmp_path / "standard.txt"
    txt.write_bytes(
        (header + "\n" + "90000037".ljust(15) + "Greta".ljust(31) + "GER F   1712  5\n").encode(
            "latin-1"
        )
    )
    assert "Greta: 1700 -> 1712" in run("ratings", club, txt).stdout
    broken = tmp_path / "broken.xml"
    broken.write_text("<playerslist><player>", encoding="utf-8")
    result = run("ratings", club, broken, ok=False)
    assert result.exit_code == 2
    assert "FIDE XML: not a readable players list" in result.stderr
