"""Each command once, with names that must work: apostrophes, quotes, umlauts, emoji, RTL."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

from click.testing import Result

Run = Callable[..., Result]

NAMES = ("Seán O'Brien", 'Karl "Kalle" Groß', "Zoë 🐴 Nakamura", "محمد الشطرنج")


def test_tricky_names_work_everywhere(run: Run, club: Path) -> None:
    for rating, name in enumerate(NAMES):
        out = run("player", "add", club, name, "--rating", 1500 + rating).stdout
        assert out.startswith(f"{name} plays in Winter as number {9 + rating}.")
    run("player", "status", club, "Seán", "excused")
    run("player", "status", club, 'Karl "Kalle"', "club_duty")
    assert "Zoë 🐴 Nakamura" in run("explain", club, "zoë").stdout  # before any round: own value
    pairing = run("pair", club).stdout
    assert "Zoë 🐴 Nakamura" in pairing and "محمد الشطرنج" in pairing
    assert "Seán O'Brien" in pairing and "excused" in pairing and "club duty" in pairing
    for board in range(1, 6):
        run("result", club, 1, board, "=")
    rows = json.loads(run("standings", club, "--format", "json").stdout)
    assert {row["name"] for row in rows} >= set(NAMES)
    assert set(rows[0]) == {"rank", "id", "name", "score", "points", "value"}
    assert all(len(row["score"].split(".")[1]) == 2 for row in rows)
    for command in ("participants", "crosstable", "progress", "pairings"):
        assert "محمد الشطرنج" in run(command, club).stdout
    assert 'Karl "Kalle" Groß' in run("explain", club, "10").stdout


def test_tournament_create_and_list(run: Run, club: Path) -> None:
    run(
        "tournament", "create", club, "Rapid 'Sommer'", "--preset", "dutch-club", "--rematch-gap", 2
    )
    out = run("tournament", "list", club).stdout.splitlines()
    assert out == [
        "Winter  (keizer, classic; 8 players, 0 rounds)",
        "Rapid 'Sommer'  (keizer, dutch-club; 0 players, 0 rounds)  <- current",
    ]
    run("tournament", "create", club, "Fixed", "--top-value", 50, "--step", "1/2")
    assert "Fixed" in run("tournament", "list", club).stdout


def test_pairing_explanation_is_kept_with_the_round(run: Run, club: Path) -> None:
    run("player", "status", club, "Hans", "excused")
    out = run("pair", club).stdout
    assert "Why this pairing:" in out
    explained = run("explain", club, "--round", 1).stdout
    assert explained.startswith("Round 1 was paired by the Keizer engine.")
    why = out.split("Why this pairing:\n")[1]
    assert why.strip() in explained
    assert run("explain", club, ok=False).exit_code == 2


def test_log_shows_who_and_what(run: Run, club: Path) -> None:
    run("player", "status", club, "Eva", "excused", "--who", "Beatrix")
    lines = run("log", club).stdout.splitlines()
    assert "ina" in lines[0] and "created the club file" in lines[0]
    assert "Beatrix" in lines[-1] and "Winter: Eva (5): present -> excused" in lines[-1]


def test_undo_steps(run: Run, club: Path) -> None:
    run("player", "status", club, "Eva", "excused")
    run("player", "status", club, "Eva", "club_duty")
    out = run("undo", club, "--steps", 2, "--yes").stdout.splitlines()[:2]
    assert [line.split(": ", 1)[1] for line in out] == [
        "Winter: Eva (5): excused -> club duty",
        "Winter: Eva (5): present -> excused",
    ]
    assert all(line.startswith("Undone #") for line in out)
    assert "present" in run("participants", club).stdout.splitlines()[-4]


def test_export_import_and_json_standings(run: Run, club: Path, tmp_path: Path) -> None:
    run("pair", club)
    for board in range(1, 5):
        run("result", club, 1, board, "1-0")
    exported = tmp_path / "winter.json"
    run("export", club, exported)
    other = tmp_path / "other.rochade"
    run("init", other)
    assert run("import", other, exported).stdout == "Imported Winter: 8 players, 1 rounds.\n"
    same = [run("standings", path, "--format", "json").stdout for path in (club, other, exported)]
    assert same[0] == same[1] == same[2]
    text = run("standings", exported).stdout
    assert text.startswith("Winter: standings after round 1")
    assert run("standings", club, "--round", 0).stdout.startswith("Winter: standings after round 0")


def test_external_game(run: Run, club: Path) -> None:
    run("player", "status", club, "Anna", "club_duty")
    run("player", "status", club, "Bert", "club_duty")
    run("pair", club)
    out = run("external", club, 1, "Anna", "1/2", "--board", 3).stdout
    assert out == "Round 1: Anna scored 1/2 for team 1 on board 3.\n"
    assert "team 1" in run("pairings", club).stdout
    assert run("external", club, 1, "Carla", "1", "--board", 1, ok=False).exit_code == 2


def test_a_terminal_that_cannot_show_a_name_still_works(club: Path) -> None:
    script = Path(sys.executable).parent / "rochade"
    env = {**os.environ, "PYTHONIOENCODING": "latin-1"}
    done = subprocess.run(
        [str(script), "player", "add", str(club), "Zoë 🐴", "--rating", "1500"],
        capture_output=True,
        env=env,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.decode("latin-1").startswith("Zoë ? plays in Winter as number 9.")


def test_writing_a_trf_or_json_backup_says_where(run: Run, club: Path) -> None:
    """As `export` does: a TD who names the file sees that it was written."""
    trf, backup = club.parent / "winter.trf", club.parent / "club.json"
    assert run("export-trf", club, trf).output == f"Wrote {trf}.\n"
    assert run("backup-json", club, backup).output == f"Wrote {backup}.\n"
    assert trf.read_text(encoding="utf-8").startswith("012 Winter")
    assert backup.read_text(encoding="utf-8").startswith("{")


def test_a_refused_pairing_by_hand_lists_its_faults_as_sentences(run: Run, club: Path) -> None:
    refused = run("pair", club, "--manual", "1-2 1-3", ok=False)
    assert refused.exit_code == 2
    assert ".;" not in refused.output
    assert refused.output.startswith("Error: Anna")
    assert ". Dirk, Eva, " in refused.output


def test_a_longer_list_again_brings_only_its_newcomers(run: Run, club: Path,
                                                       tmp_path: Path) -> None:
    """The guide's case: the season's list again, with two newcomers and a new rating."""
    listed = tmp_path / "again.csv"
    listed.write_text("Name;Vorname;DWZ\nAnna;;2111\nMüller;Jürgen;1820\nMüller;Anna;1650\n",
                      encoding="utf-8")
    refused = run("player", "import", club, listed, ok=False)
    assert refused.exit_code != 0 and "Anna already plays in Winter" in refused.output
    out = run("player", "import", club, listed, "--skip-existing").stdout.splitlines()
    assert out == ["Rating columns: DWZ -> national rating (DWZ).",
                   "Anna already plays in Winter: left as before.",
                   "Müller, Jürgen plays in Winter as number 9.",
                   "Müller, Anna plays in Winter as number 10."]
    again = run("player", "import", club, listed, "--update").stdout.splitlines()
    assert again[1] == "Anna already plays in Winter: rating and data updated."
    assert "2111" in run("participants", club).stdout


def test_an_import_under_a_name_the_club_has_says_how_to_go_on(run: Run, club: Path,
                                                                tmp_path: Path) -> None:
    """JSON, TRF and KfC imports alike: the name clash names --name, which then works."""
    run("pair", club)
    run("export", club, tmp_path / "w.json")
    run("export-trf", club, tmp_path / "w.trf")
    for command, file in (("import", "w.json"), ("import-trf", "w.trf")):
        clash = run(command, club, tmp_path / file, ok=False)
        assert clash.exit_code == 2 and clash.stderr == (
            "Error: this club file already has a tournament named 'Winter'; import it under "
            "another name with --name NAME\n")
        assert "Winter " + command in run(command, club, tmp_path / file, "--name",
                                          f"Winter {command}").stdout
