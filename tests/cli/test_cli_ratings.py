"""`rochade ratings`: a downloaded rating list against the club's players, shown and then
written with --apply."""

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
        "1 player(s) would change:",
        "  Anna: rating 2000 -> 2012 (matched by name)",
        "Tournaments not started yet take the new ratings: Winter (Anna 2000 -> 2012).",
        "Unchanged: 1.",
        "Ambiguous, left alone: Carla (Carla (1600); Carla (1650)).",
        "Not in the list: Xaver Herbst, Yara Herbst, Zeno Herbst, Dirk, Eva, Frank, Greta, Hans.",
        "Nothing is written yet: run again with --apply to write these changes.",
    ]
    elo = run("ratings", club, listing, "--rating-column", "FIDE-Elo").stdout
    assert "Anna: rating 2000 -> 2100" in elo
    assert "Listed without a rating, rating kept: Bert." in elo
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
    assert "Dirk: rating 1850 -> 1870, FIDE id none -> 90000011 (matched by name)" in out
    assert "Unchanged: 0." not in out and "Eva: rating 1800 -> 1800" not in out
    assert "Eva: FIDE id none -> 90000029 (matched by name)" in out
    header = "ID Number      Name                           Fed Sex SRtng SGm"
    txt = tmp_path / "standard.txt"
    txt.write_bytes(
        (header + "\n" + "90000037".ljust(15) + "Greta".ljust(31) + "GER F   1712  5\n").encode(
            "latin-1"
        )
    )
    assert "Greta: rating 1700 -> 1712" in run("ratings", club, txt).stdout
    broken = tmp_path / "broken.xml"
    broken.write_text("<playerslist><player>", encoding="utf-8")
    result = run("ratings", club, broken, ok=False)
    assert result.exit_code == 2
    assert "FIDE XML: not a readable players list" in result.stderr


def test_a_fide_txt_list_from_before_2012(run: Run, club: Path, tmp_path: Path) -> None:
    """The old layout (ID_NUMBER ... JAN10 GAMES B-DAY FLAG, its header words not above its
    columns) is read by the order of its fields; a line it cannot read is named."""
    old = tmp_path / "players_list.txt"
    old.write_bytes(
        "ID_NUMBER NAME                              TITL FED  JAN10 GAMES  B-DAY FLAG\r\n"
        "90000045  Hans                              f    GER  1688   14  1990  i\r\n"
        "90000053  Greta                             wf   AUT  1733    9  1995  w\r\n".encode(
            "latin-1"))
    out = run("ratings", club, old).stdout
    assert ("  Greta: rating 1700 -> 1733, FIDE id none -> 90000053, title none -> WFM, sex none "
            "-> w, federation none -> AUT, birth none -> 1995 (matched by name)") in out
    assert ("  Hans: rating 1650 -> 1688, FIDE id none -> 90000045, title none -> FM, federation "
            "none -> GER, birth none -> 1990 (matched by name)") in out
    old.write_text("ID_NUMBER NAME TITL FED JAN10\n90000045 Hans f GER 16x8\n",
                   encoding="utf-8")
    refused = run("ratings", club, old, ok=False)
    assert refused.exit_code == 2 and refused.stderr == (
        "Error: FIDE TXT (the layout before September 2012): line 2 is not id, name, title, "
        "federation, rating, games and birth year\n")


def _winter(run: Run, club: Path) -> str:
    """What the season under way shows: standings, pairings, participants."""
    return "".join(run(view, club, "-t", "Winter").stdout
                   for view in ("standings", "pairings", "participants"))


def test_apply_writes_members_and_new_tournaments_then_undo(
    run: Run, club: Path, tmp_path: Path
) -> None:
    """--apply: one logged action after a backup. The tournament under way keeps the ratings
    its round was paired with; the one not started takes the new ones; undo takes it back."""
    run("pair", club)
    run("tournament", "create", club, "Spring")
    run("player", "add", club, "Anna", "-t", "Spring")
    listing = tmp_path / "list.csv"
    listing.write_text("Name,Elo,FIDE-ID\nAnna,2050,4100018\nBert,1950,\n", encoding="utf-8")
    winter_before = _winter(run, club)
    preview = run("ratings", club, listing, "--apply").stdout.splitlines()
    assert preview == [
        "1 player(s) changed:",
        "  Anna: rating 2000 -> 2050, FIDE id none -> 4100018 (matched by name)",
        "Tournaments not started yet take the new ratings: Spring (Anna 2000 -> 2050).",
        "Tournaments under way keep the ratings they were paired with: Winter (Anna 2000).",
        "Unchanged: 1.",
        "Not in the list: Xaver Herbst, Yara Herbst, Zeno Herbst, Carla, Dirk, Eva, Frank, Greta, "
        "Hans.",
        "Written after a backup; `rochade undo` takes the update back.",
    ]
    assert "2050" in run("participants", club, "-t", "Spring").stdout
    assert _winter(run, club) == winter_before  # the season under way is untouched
    assert "update ratings of 1 player(s): Anna" in run("log", club).stdout
    assert "before ratings" in run("backups", club).stdout
    again = run("ratings", club, listing).stdout
    assert again.startswith("Nothing would change.")
    run("undo", club)
    assert "2000" in run("participants", club, "-t", "Spring").stdout
    assert "Anna: rating 2000 -> 2050" in run("ratings", club, listing).stdout


def test_a_bad_list_changes_nothing(run: Run, club: Path, tmp_path: Path) -> None:
    listing = tmp_path / "list.csv"
    listing.write_text("Name,Elo\nAnna,2050\nBert,19x0\n", encoding="utf-8")
    before = club.read_bytes()
    result = run("ratings", club, listing, "--apply", ok=False)
    assert result.exit_code == 2
    assert "line 3: the rating '19x0' is not a whole number" in result.stderr
    assert "Traceback" not in result.output + result.stderr
    assert club.read_bytes() == before
    assert not (club.parent / f"{club.name}-backups").exists() or not any(
        "ratings" in p.name for p in (club.parent / f"{club.name}-backups").iterdir())
