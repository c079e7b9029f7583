"""FIDE mode on the command line: on for new round robins and Swiss, every guarded change
refused with exit code 2 and its consequence until --confirm, leaving it with
`tournament set fide_mode=off --confirm`, the `###` lines in the TRF export, and the unusual,
impossible and adjourned results."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from click.testing import Result

from rochade.service import ClubService

Run = Callable[..., Result]


def _swiss(tmp_path: Path, run: Run, *create: object) -> Path:
    path = tmp_path / "club.rochade"
    run("init", path)
    run("tournament", "create", path, "Open", "--system", "swiss", "--rounds", "3", *create)
    csv = tmp_path / "players.csv"
    csv.write_text("name,rating\n" + "".join(f"P{i},{2300 - 20 * i}\n" for i in range(1, 7)),
                   encoding="utf-8")
    run("player", "import", path, csv)
    return path


def _round(run: Run, club: Path, number: int, result: str = "1-0") -> None:
    run("pair", club)
    for board in (1, 2, 3):
        run("result", club, number, board, result)


def _comments(run: Run, club: Path, tmp_path: Path) -> list[str]:
    out = tmp_path / "open.trf"
    run("export-trf", club, out)
    return [line.split(": ", 1)[1] for line in out.read_text(encoding="utf-8").splitlines()
            if line.startswith("###")]


def test_create_says_fide_mode_and_set_shows_it(tmp_path: Path, run: Run) -> None:
    path = tmp_path / "club.rochade"
    run("init", path)
    created = run("tournament", "create", path, "RR", "--system", "round-robin")
    assert "FIDE mode" in created.output
    plain = run("tournament", "create", path, "Club", "--system", "swiss", "--no-fide-mode")
    assert "FIDE mode" not in plain.output
    assert "fide_mode = on (FIDE mode)" in run("tournament", "set", path, "-t", "RR").output
    assert "fide_mode = off" in run("tournament", "set", path, "-t", "Club").output
    keizer = run("tournament", "create", path, "K", "--fide-mode", ok=False)
    assert keizer.exit_code == 2 and "round robins and Swiss" in keizer.stderr


SECOND = ("round 3: another half-point bye for P4 (4), who has had or asked for 1 already "
          "(FIDE's verification check list flags more than one half-point bye per player)")


def test_guarded_changes_are_refused_until_confirmed(tmp_path: Path, run: Run) -> None:
    club = _swiss(tmp_path, run)
    run("player", "bye", club, "P4", "2")  # the first half-point bye: nothing to confirm
    _round(run, club, 1)
    for args, event in (
        (("player", "bye", club, "P3", "2", "--full"),
         "round 2: full-point bye given by hand to P3 (3)"),
        (("player", "bye", club, "P4", "3"), SECOND),
        (("tournament", "set", club, "--tiebreaks", "SB,BH"),
         "after round 1: the tie-breaks changed from BH/C1,BH,SB to SB,BH"),
        (("tournament", "set", club, "--rounds", "4"),
         "after round 1: the number of rounds changed from 3 to 4"),
        (("player", "forbid", club, "P1", "P2"),
         "after round 1: prohibited pair P1 (1) and P2 (2) added"),
    ):
        before = run("export", club, tmp_path / "before.json")
        refused = run(*args, ok=False)
        assert refused.exit_code == 2, args
        assert event in refused.stderr and "rating report" in refused.stderr
        assert "(add --confirm)" in refused.stderr
        assert before.exit_code == 0
        run("export", club, tmp_path / "after.json")
        assert (tmp_path / "before.json").read_text() == (tmp_path / "after.json").read_text()
        run(*args, "--confirm")
    assert _comments(run, club, tmp_path) == [
        "round 2: full-point bye given by hand to P3 (3)",
        SECOND,
        "after round 1: the tie-breaks changed from BH/C1,BH,SB to SB,BH",
        "after round 1: the number of rounds changed from 3 to 4",
        "after round 1: prohibited pair P1 (1) and P2 (2) added",
    ]


def test_a_manual_pairing_other_than_the_engines_needs_confirm(tmp_path: Path, run: Run
                                                               ) -> None:
    club = _swiss(tmp_path, run)
    refused = run("pair", club, "--manual", "1-2 3-4 5-6", ok=False)
    assert refused.exit_code == 2
    assert "round 1: paired by hand, differing from the engine's pairing" in refused.stderr
    assert "breaks rules" not in refused.stderr
    run("pair", club, "--manual", "1-2 3-4 5-6", "--confirm")
    assert _comments(run, club, tmp_path) == [  # which boards differ, by start numbers
        "round 1: paired by hand, differing from the engine's pairing: board 1: 1-2 instead "
        "of 4-1; board 2: 3-4 instead of 2-5; board 3: 5-6 instead of 6-3"]


def test_leaving_fide_mode_needs_confirm_and_is_for_good(tmp_path: Path, run: Run) -> None:
    club = _swiss(tmp_path, run)
    _round(run, club, 1)
    refused = run("tournament", "set", club, "fide_mode=off", ok=False)
    assert refused.exit_code == 2 and "leaves FIDE mode for good" in refused.stderr
    run("tournament", "set", club, "fide_mode=off", "--confirm")
    shown = run("tournament", "set", club).output
    assert "fide_mode = off (left FIDE mode in round 1)" in shown
    again = run("tournament", "set", club, "fide_mode=on", ok=False)
    assert again.exit_code == 2 and "cannot be switched on again" in again.stderr
    undone = run("undo", club, ok=False)
    assert undone.exit_code == 2 and "for good" in undone.stderr
    run("tournament", "set", club, "--tiebreaks", "SB")  # no confirmation outside FIDE mode
    assert _comments(run, club, tmp_path) == ["left FIDE mode in round 1"]


def test_unusual_impossible_and_adjourned_results(tmp_path: Path, run: Run) -> None:
    club = _swiss(tmp_path, run)
    run("pair", club)
    run("result", club, 1, 1, "½-0")
    run("result", club, 1, 2, "0-0")
    impossible = run("result", club, 1, 3, "1-½", ok=False)
    assert impossible.exit_code == 2 and "is impossible" in impossible.stderr
    run("result", club, 1, 3, "adjourned")
    assert "½-0" in run("pairings", club).output
    standings = run("standings", club)
    assert "Provisional: adjourned or postponed games (?) in round(s) 1" in standings.stderr
    report = run("rating-report", club, tmp_path / "r.trf", ok=False)
    assert report.exit_code == 3 and "adjourned or postponed games (?)" in report.output + (
        report.stderr)
    assert not (tmp_path / "r.trf").exists()


def test_an_import_in_fide_mode_lists_what_the_recheck_found(tmp_path: Path, run: Run) -> None:
    club = _swiss(tmp_path, run, "--no-fide-mode")
    run("player", "bye", club, "P5", "1")
    run("player", "bye", club, "P6", "1", "--full")
    run("pair", club)
    run("result", club, 1, 1, "1/2-0")
    run("result", club, 1, 2, "0-1")
    trf = tmp_path / "open.trf"
    run("export-trf", club, trf)
    rated = tmp_path / "rated.rochade"
    run("init", rated)
    done = run("import-trf", rated, trf, "--name", "Rated", "--fide-mode")
    game = ClubService(club).tournament().rounds[0].games[0]  # colours: the drawing of lots
    warnings = ["round 1: full-point bye given by hand to P6 (6)",
                f"round 1 board 1: the unusual result 1/2-0 (P{game.white} ({game.white}) - "
                f"P{game.black} ({game.black}))"]
    assert done.stdout.splitlines()[1:] == [
        "FIDE mode: 1 played round(s) re-checked, 2 warning(s).",
        *(f"Warning: {w}." for w in warnings)]
    assert "fide_mode = on" in run("tournament", "set", rated, "-t", "Rated").output
    assert _comments(run, rated, tmp_path) == [f"in the imported rounds: {w}" for w in warnings]
    # JSON: the same option.
    plain = tmp_path / "plain.rochade"
    run("init", plain)
    json_file = tmp_path / "open.json"
    run("export", club, json_file)
    again = run("import", plain, json_file, "--fide-mode")
    assert "FIDE mode: 1 played round(s) re-checked, 2 warning(s)." in again.stdout


def test_fide_mode_refuses_to_take_over_a_keizer_import(tmp_path: Path, run: Run) -> None:
    club = tmp_path / "club.rochade"
    run("init", club)
    run("tournament", "create", club, "Winter", "--preset", "classic")
    json_file = tmp_path / "winter.json"
    run("export", club, json_file)
    other = tmp_path / "other.rochade"
    run("init", other)
    refused = run("import", other, json_file, "--fide-mode", ok=False)
    assert refused.exit_code == 2
    assert "FIDE mode is for round robins and Swiss tournaments" in refused.stderr
    assert run("import", other, json_file).exit_code == 0  # nothing was imported before


def test_a_second_half_point_bye_by_status_needs_confirm(tmp_path: Path, run: Run) -> None:
    club = _swiss(tmp_path, run)
    run("player", "bye", club, "P2", "2")  # asked for round 2; excused now: for round 1
    refused = run("player", "status", club, "P2", "excused", ok=False)
    assert refused.exit_code == 2
    assert ("round 1: another half-point bye for P2 (2), who has had or asked for 1 already"
            in refused.stderr and "(add --confirm)" in refused.stderr)
    assert ClubService(club).tournament().entrant(2).status.value == "present"
    done = run("player", "status", club, "P2", "excused", "--confirm")
    assert done.stdout == "P2 (2) is now excused.\n"
    assert len(_comments(run, club, tmp_path)) == 1


def test_restore_json_lists_what_the_recheck_found(tmp_path: Path, run: Run) -> None:
    club = _swiss(tmp_path, run)
    _round(run, club, 1)
    backup = tmp_path / "club.json"
    run("backup-json", club, backup)
    data = json.loads(backup.read_text(encoding="utf-8"))
    data["tournaments"][0]["rounds"][0]["games"][0]["result"] = "0-1/2"
    backup.write_text(json.dumps(data), encoding="utf-8")
    done = run("restore-json", backup, tmp_path / "copy.rochade")
    (warning,) = [line for line in done.stdout.splitlines() if line.startswith("Warning")]
    assert warning.startswith("Warning (FIDE mode, Open): round 1 board 1: the unusual "
                              "result 0-1/2 (")
    assert (tmp_path / "copy.rochade").exists()  # restored all the same


def test_an_imported_rematch_is_a_warning_of_the_pairing_checker(tmp_path: Path, run: Run
                                                                 ) -> None:
    club = _swiss(tmp_path, run, "--no-fide-mode")
    _round(run, club, 1)
    games = ClubService(club).tournament().rounds[0].games
    again = " ".join(f"{g.white}-{g.black}" for g in games)  # round 1 once more
    run("pair", club, "--manual", again, "--confirm")
    trf = tmp_path / "open.trf"
    run("export-trf", club, trf)
    rated = tmp_path / "rated.rochade"
    run("init", rated)
    done = run("import-trf", rated, trf, "--fide-mode")
    rematches = [line for line in done.stdout.splitlines() if "already played" in line]
    assert len(rematches) == 3
    assert all(line.startswith("Warning: round 2: ") and not line.endswith("..")
               for line in rematches)
