"""A Double-Swiss run through the CLI: created with `--system double-swiss`, paired match by
match (a second game repeats the first with colours swapped), results, standings, a TRF26
export that `pair-trf -c` checks clean and `pair-trf -p` pairs on, and an import back."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from click.testing import Result

Run = Callable[..., Result]
_BOARD = re.compile(r"^\s+(\d+)\s+(P\d\d)\s+(P\d\d)\s*$", re.MULTILINE)


def _boards(out: str) -> list[tuple[int, int, int]]:
    return [(int(m[1]), int(m[2][1:]), int(m[3][1:])) for m in _BOARD.finditer(out)]


def _event(tmp_path: Path, run: Run, players: int, rounds: int) -> Path:
    path = tmp_path / "club.rochade"
    run("init", path)
    run("tournament", "create", path, "Double", "--system", "double-swiss",
        "--rounds", rounds)
    csv = tmp_path / "players.csv"
    csv.write_text("name,rating\n" + "".join(f"P{i:02d},{2400 - 10 * i}\n"
                                             for i in range(1, players + 1)), encoding="utf-8")
    run("player", "import", path, csv)
    return path


def test_a_double_swiss_runs_end_to_end(tmp_path: Path, run: Run) -> None:
    club = _event(tmp_path, run, 7, 3)
    results = ("1-0", "1/2", "0-1", "+/-", "1/2-0", "0-0")
    first: list[tuple[int, int, int]] = []
    for stored in range(1, 7):
        paired = run("pair", club)
        boards = _boards(paired.stdout)
        assert len(boards) == 3
        if stored % 2 == 0:
            assert "second games: colours swapped" in paired.stdout
            assert [(n, b, w) for n, w, b in boards] == first
        else:
            first = boards
            assert "pairing-allocated bye" in paired.stdout
        for i, (number, _, _) in enumerate(boards):
            run("result", club, stored, number, results[(stored + i) % len(results)])
    refused = run("pair", club, ok=False)
    assert refused.exit_code != 0 and "all 3 rounds" in refused.stderr
    standings = run("standings", club).stdout
    assert "BH-C1" in standings and "P01" in standings
    trf = tmp_path / "double.trf"
    run("export-trf", club, trf)
    text = trf.read_text(encoding="utf-8")
    assert "192 FIDE_DOUBLESWISS" in text and "142 6" in text
    checked = run("pair-trf", trf, "-c")
    assert "6 rounds checked, 0 differ" in checked.stdout
    run("import-trf", club, trf, "--name", "Again")


def test_pair_trf_pairs_the_next_game_of_a_double_swiss_file(tmp_path: Path, run: Run
                                                             ) -> None:
    club = _event(tmp_path, run, 4, 2)
    run("pair", club)
    for board in (1, 2):
        run("result", club, 1, board, "1-0")
    trf = tmp_path / "half.trf"
    run("export-trf", club, trf)
    second = run("pair-trf", trf, "-p").stdout.split()
    assert second[0] == "2" and len(second) == 5
    firsts = {(w, b) for w, b in zip(second[1::2], second[2::2], strict=True)}
    mine = {(str(w), str(b)) for _, w, b in _boards(run("pair", club).stdout)}
    assert firsts == mine


def test_pair_trf_check_finds_a_changed_double_swiss_round(tmp_path: Path, run: Run) -> None:
    club = _event(tmp_path, run, 4, 2)
    run("pair", club)
    for board in (1, 2):
        run("result", club, 1, board, "1/2")
    run("pair", club)
    for board in (1, 2):
        run("result", club, 2, board, "1/2")
    trf = tmp_path / "d.trf"
    run("export-trf", club, trf)
    lines = [line for line in trf.read_text(encoding="utf-8").splitlines()
             if not line.startswith("RCH")]
    # round 1 with every colour the other way round (engine: 1 and 3 have White)
    flip = {"w": "b", "b": "w"}
    swapped = [line[:96] + flip[line[96]] + line[97:] if line.startswith("001") else line
               for line in lines]
    trf.write_text("\n".join(swapped) + "\n", encoding="utf-8")
    checked = run("pair-trf", trf, "-c", ok=False)
    assert checked.exit_code == 1, checked.output
    assert "round 1: the recorded pairing differs" in checked.stdout


def test_a_double_swiss_file_with_the_baku_acceleration_is_refused(tmp_path: Path, run: Run
                                                                   ) -> None:
    club = _event(tmp_path, run, 4, 2)
    trf = tmp_path / "baku.trf"
    run("export-trf", club, trf)
    text = trf.read_text(encoding="utf-8").replace("192 FIDE_DOUBLESWISS",
                                                    "192 FIDE_DOUBLESWISS_BAKU")
    trf.write_text(text, encoding="utf-8")
    refused = run("pair-trf", trf, "-p", ok=False)
    assert refused.exit_code == 3 and "Baku" in refused.stderr
