"""A Burstein Swiss run from the command line: created, paired, written as TRF26 with
`192 FIDE_BURSTEIN`, checked round by round by `pair-trf --burstein -c`, read back."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from click.testing import Result

Run = Callable[..., Result]


def _play_rounds(tmp_path: Path, run: Run, club: Path, rounds: int) -> None:
    """Pair each round; the lower id wins, every third board is drawn."""
    for number in range(1, rounds + 1):
        run("pair", club)
        out = tmp_path / "export.json"
        run("export", club, out)
        for game in json.loads(out.read_text(encoding="utf-8"))["rounds"][number - 1]["games"]:
            result = "1/2" if game["board"] % 3 == 0 else (
                "1-0" if game["white"] < game["black"] else "0-1")
            run("result", club, number, game["board"], result)


def test_a_burstein_swiss_is_paired_written_and_checked(tmp_path: Path, run: Run) -> None:
    club = tmp_path / "club.rochade"
    run("init", club)
    made = run("tournament", "create", club, "Open", "--system", "swiss", "--rounds", "5",
               "--pairing-rules", "burstein").output
    assert "FIDE Burstein system" in made
    csv = tmp_path / "players.csv"
    csv.write_text("name,rating\n" + "".join(f"P{i:02d},{2400 - 10 * i}\n"
                                             for i in range(1, 12)), encoding="utf-8")
    run("player", "import", club, csv)
    _play_rounds(tmp_path, run, club, 4)
    trf = tmp_path / "open.trf"
    run("export-trf", club, trf)
    text = trf.read_text(encoding="utf-8")
    assert "192 FIDE_BURSTEIN" in text and "FIDE_DUTCH" not in text
    checked = run("pair-trf", "--burstein", trf, "-c")
    assert checked.output.splitlines()[-1] == "4 rounds checked, 0 differ"
    assert run("pair-trf", "--dutch", trf, "-c", ok=False).exit_code == 1
    assert run("explain", club, "--round", 2).output.startswith(
        "Round 2 was paired by the FIDE Burstein engine.")
    why = run("explain", club, "P01", "--round", 3, "--pairing").output
    assert "index order (Sonneborn-Berger, Buchholz, median, pairing number)" in why
    again = tmp_path / "again.rochade"
    run("init", again)
    run("import-trf", again, trf)
    settings = tmp_path / "again.json"
    run("export", again, settings)
    assert json.loads(settings.read_text(encoding="utf-8"))["settings"]["pairing_rules"] == (
        "burstein")


def test_pair_trf_burstein_answers_as_bbppairings_and_explains(tmp_path: Path, run: Run
                                                                ) -> None:
    from dataclasses import replace

    from rochade.formats.trf import format_state, load_trf, state_before

    data_dir = Path(__file__).resolve().parents[1] / "data" / "burstein"
    name = "b014_p012_r06_byes.trf"
    data = load_trf((data_dir / name).read_bytes())
    data = replace(data, total_rounds=6)
    trf = tmp_path / "r4.trf"
    trf.write_text(format_state(state_before(data, 4)), encoding="utf-8")
    answers = json.loads((data_dir / "bbp_answers.json").read_text(encoding="utf-8"))
    paired = run("pair-trf", "--burstein", trf, "-p", "--explain")
    lines = paired.stdout.splitlines()
    expected = answers[name][3].splitlines()
    assert lines[0] == expected[0] and set(lines[1:]) == set(expected[1:])
    assert "index order" in paired.stderr and " meets " in paired.stderr
