"""`rochade explain PLAYER --round K --pairing`: one Swiss player's pairing, criterion by
criterion, recomputed from the rounds before."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from click.testing import Result

Run = Callable[..., Result]


def _swiss(tmp_path: Path, run: Run, players: int) -> Path:
    path = tmp_path / "club.rochade"
    run("init", path)
    run("tournament", "create", path, "Open", "--system", "swiss", "--rounds", "5")
    csv = tmp_path / "players.csv"
    csv.write_text("name,rating\n" + "".join(f"P{i:02d},{2400 - 10 * i}\n"
                                             for i in range(1, players + 1)), encoding="utf-8")
    run("player", "import", path, csv)
    return path


def _play(run: Run, club: Path, tmp_path: Path, number: int) -> None:
    """Pair a round; the lower id wins, every second board is drawn."""
    run("pair", club)
    out = tmp_path / "export.json"
    run("export", club, out)
    for game in json.loads(out.read_text(encoding="utf-8"))["rounds"][number - 1]["games"]:
        result = "1/2" if game["board"] % 2 == 0 else (
            "1-0" if game["white"] < game["black"] else "0-1")
        run("result", club, number, game["board"], result)


def test_one_players_pairing_explained(tmp_path: Path, run: Run) -> None:
    club = _swiss(tmp_path, run, 7)
    for number in (1, 2, 3):
        _play(run, club, tmp_path, number)
    out = run("explain", club, "P07", "--round", 1, "--pairing").output.splitlines()
    assert out[0] == "P07 has pairing number 7 in round 1."
    assert "pairing-allocated bye: 7 (0 points): the last player in the pairing order " \
        "(natural)" in out
    out = run("explain", club, "P01", "--round", 3, "--pairing").output.splitlines()
    assert out[0] == "P01 has pairing number 1 in round 3."
    assert out[1].startswith("Player 1: 2 points;")
    assert any(line.startswith("Board ") and " 1" in line for line in out)
    assert out[-1].startswith("Pairing numbers: ")
    assert "stored is not the engine's pairing" not in "\n".join(out)


def test_pairing_reasons_need_a_swiss_round_and_player(tmp_path: Path, run: Run) -> None:
    club = _swiss(tmp_path, run, 6)
    _play(run, club, tmp_path, 1)
    refused = run("explain", club, "P01", "--round", 4, "--pairing", ok=False)
    assert refused.exit_code != 0 and "round 4 is not paired" in refused.stderr
    assert "--pairing needs a PLAYER" in run("explain", club, "--round", 1, "--pairing",
                                             ok=False).stderr
    keizer = tmp_path / "keizer.rochade"
    run("init", keizer)
    run("tournament", "create", keizer, "Winter")
    run("player", "add", keizer, "Ann", "--rating", "1800")
    run("player", "add", keizer, "Bob", "--rating", "1700")
    run("pair", keizer)
    refused = run("explain", keizer, "Ann", "--round", 1, "--pairing", ok=False)
    assert "is not a Swiss" in refused.stderr and "Traceback" not in refused.output
