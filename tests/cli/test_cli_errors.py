"""Bad input: one clear line on stderr, exit code 2, and the club file unchanged."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import Result

from rochade.store import SCHEMA_VERSION

Run = Callable[..., Result]


def files(folder: Path) -> dict[str, bytes]:
    """Every file under the folder with its bytes (the club file, its backups, no stray WAL
    files)."""
    return {str(p.relative_to(folder)): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


def assert_refused(run: Run, args: list[object], message: str, folder: Path) -> None:
    before = files(folder)
    result = run(*args, ok=False)
    assert result.exit_code == 2, result.output
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("Error: ")
    assert message in lines[0]
    assert "Traceback" not in result.output
    assert files(folder) == before


def test_unknown_player(run: Run, club: Path) -> None:
    assert_refused(
        run, ["player", "status", club, "Zoe", "excused"], "no player named 'Zoe'", club.parent
    )
    assert_refused(
        run, ["player", "status", club, "99", "excused"], "no player with id 99", club.parent
    )


def test_ambiguous_player_lists_candidates(run: Run, club: Path) -> None:
    run("player", "add", club, "Anneliese", "--rating", "1500")
    assert_refused(
        run,
        ["explain", club, "Ann"],
        "'Ann' matches several players: Anna (1), Anneliese (9)",
        club.parent,
    )


def test_result_for_an_unpaired_board(run: Run, club: Path) -> None:
    run("pair", club)
    assert_refused(run, ["result", club, "1", "5", "1-0"], "round 1 has no board 5", club.parent)
    assert_refused(run, ["result", club, "2", "1", "1-0"], "there is no round 2", club.parent)


def test_wrong_result_code(run: Run, club: Path) -> None:
    run("pair", club)
    assert_refused(run, ["result", club, "1", "1", "2-0"], "unknown result '2-0'", club.parent)


def test_pairing_before_the_last_round_is_complete(run: Run, club: Path) -> None:
    run("pair", club)
    run("result", club, "1", "1", "1-0")
    assert_refused(run, ["pair", club], "round 1 is not complete", club.parent)


def test_manual_pairing_errors_and_warnings(run: Run, club: Path) -> None:
    assert_refused(run, ["pair", club, "--manual", "1-2 1-3"], "more than once", club.parent)
    run("pair", club, "--manual", "1-2 3-4 5-6 7-8")
    for board in range(1, 5):
        run("result", club, 1, board, "1/2")
    assert_refused(
        run,
        ["pair", club, "--manual", "1-2 3-4 5-6 7-8"],
        "add --confirm to pair it anyway",
        club.parent,
    )
    out = run("pair", club, "--manual", "2-1 4-3 6-5 8-7", "--confirm").stdout
    assert "Accepted:" in out


def test_several_tournaments_the_current_one_or_t(run: Run, club: Path) -> None:
    """Without -t a command acts on the current tournament: the last created, or the one
    chosen with `tournament use`; a tournament created later becomes current."""
    run("tournament", "create", club, "Rapid")
    assert "Rapid" in run("participants", club).stdout.splitlines()[0]
    assert run("tournament", "use", club, "wint").stdout == (
        "Commands without -t now act on Winter.\n")
    assert run("tournament", "list", club).stdout.splitlines() == [
        "Winter  (keizer, classic; 8 players, 0 rounds)  <- current",
        "Rapid  (keizer, classic; 0 players, 0 rounds)"]
    run("pair", club)
    assert "Anna" in run("pairings", club).stdout and "Anna" in run("standings", club).stdout
    assert_refused(run, ["pairings", club, "-t", "Rapid"], "no round is paired yet",
                   club.parent)
    run("tournament", "create", club, "Blitz")
    assert run("tournament", "list", club).stdout.splitlines()[-1].endswith("<- current")
    assert_refused(run, ["tournament", "use", club, "Cup"], "no tournament named 'Cup'",
                   club.parent)


def test_missing_file(run: Run, tmp_path: Path) -> None:
    assert_refused(run, ["pair", tmp_path / "nope.rochade"], "does not exist", tmp_path)
    assert files(tmp_path) == {}


@pytest.mark.parametrize(
    "content", [b"name,rating\nAnna,1800\n", b"", bytes(range(256))], ids=["csv", "empty", "binary"]
)
def test_non_rochade_files(run: Run, tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "club.rochade"
    path.write_bytes(content)
    assert_refused(run, ["standings", path], "is not a rochade club file", tmp_path)


def test_foreign_sqlite_file(run: Run, tmp_path: Path) -> None:
    path = tmp_path / "other.db"
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE t (x)")
    conn.close()
    assert_refused(run, ["result", path, 1, 1, "1-0"], "another program's database", tmp_path)


def test_newer_club_file(run: Run, club: Path) -> None:
    conn = sqlite3.connect(club)
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 3}")
    conn.close()
    assert_refused(run, ["standings", club], "written by a newer rochade", club.parent)


def test_init_refuses_an_existing_file(run: Run, club: Path) -> None:
    assert_refused(run, ["init", club], "already exists", club.parent)


def test_bad_json_file(run: Run, tmp_path: Path) -> None:
    path = tmp_path / "t.json"
    path.write_text('{"format": "rochade-tournament/1", "name": "X", "players": [{"id": 1}]}')
    result = run("standings", path, ok=False)
    assert result.exit_code == 2 and result.stderr.count("\n") == 1
    assert result.stderr.startswith("Error: ")


def test_unexpected_errors_are_short_unless_debugging(
    run: Run, club: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(*args: object, **kwargs: object) -> None:
        raise KeyError("boom")

    monkeypatch.setattr("rochade.service.club.ClubService.tournament", broken)
    result = run("participants", club, ok=False)
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [
        "Error: unexpected problem (KeyError: 'boom'); run again with ROCHADE_DEBUG=1 to see the "
        "details"
    ]
    result = run("participants", club, ok=False, env={"ROCHADE_DEBUG": "1"})
    assert isinstance(result.exception, KeyError)


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (None, "list.csv does not exist"),
        (b"\xff\xfe\x00binary", "the player list is not a text file"),
        (b"name,rating\nAnna,strong\n", "line 2: the rating 'strong' is not a whole number"),
        (b"name,rating\n,1800\n", "line 2: the name is empty"),
        (b"name,rating\n", "the player list is empty"),
        (
            b"Naam;Rating\nZoe Weiss;1500\nWeiss, Zoe;1500\n",
            "names someone twice (line 3 (Weiss, Zoe) and line 2 (Zoe Weiss): same name)",
        ),
        (b"Spieler;DWZ\nANNA;1500\n", "line 2 (ANNA) and member Anna: same name"),
    ],
    ids=["missing", "binary", "bad-rating", "no-name", "no-player", "twice", "member-again"],
)
def test_bad_player_lists(run: Run, club: Path, content: bytes | None, message: str) -> None:
    csv = club.parent / "list.csv"
    if content is not None:
        csv.write_bytes(content)
    assert_refused(run, ["player", "import", club, csv], message, club.parent)


def test_result_with_expect_refuses_a_board_changed_meanwhile(run: Run, club: Path) -> None:
    """`--expect`: saved only over the result the script or TD saw; without it, as before."""
    run("pair", club)
    assert "Round 1 board 1" in run("result", club, 1, 1, "1-0", "--expect", "none").stdout
    assert_refused(
        run,
        ["result", club, 1, 1, "0-1", "--expect", "none"],
        "round 1 board 1 was changed meanwhile to 1-0 (you saw no result); nothing was saved",
        club.parent,
    )
    assert_refused(
        run, ["result", club, 1, 1, "0-1", "--expect", "1/2"], "(you saw 1/2-1/2)", club.parent
    )
    corrected = run("result", club, 1, 1, "0-1", "--expect", "1-0").stdout
    assert "Corrected round 1 board 1" in corrected and "(was 1-0)" in corrected
    assert "(was 0-1)" in run("result", club, 1, 1, "=").stdout  # no --expect: no check


def test_a_tournament_file_that_is_not_utf8_is_a_clear_refusal(
    run: Run, club: Path, tmp_path: Path
) -> None:
    """Imported, or read for a list without a club file: the file's name and what to do,
    exit code 2 as every refusal, and the club file unchanged."""
    run("export", club, tmp_path / "w.json")
    data = json.loads((tmp_path / "w.json").read_text(encoding="utf-8"))
    data["name"] = "Zürich"
    latin1 = tmp_path / "latin1.json"
    latin1.write_bytes(json.dumps(data, ensure_ascii=False).encode("latin-1"))
    before = club.read_bytes()
    imported = run("import", club, latin1, ok=False)
    assert imported.exit_code == 2
    assert imported.stderr == (f"Error: {latin1} is not UTF-8 text; save it as UTF-8 (from a "
                               "spreadsheet: as 'CSV UTF-8') and try again\n")
    assert club.read_bytes() == before
    shown = run("standings", latin1, ok=False)
    assert shown.exit_code == 2
    assert shown.stderr == (f"Error: {latin1} is not UTF-8 text, as a rochade file is; save it "
                            "as UTF-8 (or export it from rochade again) and try again\n")
