"""Keizer pairing: the KfC replay, one hand-made case per rule and option, and properties."""

from __future__ import annotations

import json
import sqlite3
from dataclasses import replace
from pathlib import Path

import pytest

from rochade.core.keizer.pairing import KeizerState, pair_round
from rochade.core.keizer.settings import preset
from rochade.core.model import Absence, Entrant, Game, Result, Round, Tournament
from rochade.core.pairing import Board

# KfC result codes (conformance README): games, the bye, and absence rows.
KFC_RESULTS = {
    -1: None,
    1: Result.WHITE_WINS,
    2: Result.DRAW,
    3: Result.BLACK_WINS,
    8: Result.WHITE_WINS_FORFEIT,
    9: Result.BLACK_WINS_FORFEIT,
    10: Result.DOUBLE_FORFEIT,
    11: Result.DRAW,
}
KFC_REASONS = {5: "club_duty", 6: "excused", 7: "unexcused", 12: "late_start"}
KFC_BYE = 4


def _kfc_file(shared_dir: Path) -> tuple[Tournament, dict[str, object]]:
    folder = shared_dir / "conformance" / "kfc"
    expected = json.loads((folder / "expected.json").read_text(encoding="utf-8"))
    db = sqlite3.connect(folder / "Test-Tournament.s3db")
    try:
        entrants = tuple(
            Entrant(pid, name, rating)
            for pid, name, rating in db.execute("SELECT id, name, rating FROM Player ORDER BY id")
        )
        rows = db.execute(
            "SELECT Rnd, board, PID_W, PID_B, Result FROM Pairing ORDER BY Rnd, board"
        )
        by_round: dict[int, list[tuple[int, int, int, int]]] = {}
        for rnd, board, white, black, code in rows:
            by_round.setdefault(rnd, []).append((board, white, black, code))
    finally:
        db.close()
    rounds = []
    for number, rows_of_round in sorted(by_round.items()):
        games, absences, bye = [], [], None
        for board, white, black, code in rows_of_round:
            if black != -1:
                games.append(Game(white, black, KFC_RESULTS[code], board))
            elif code == KFC_BYE:
                bye = white
            else:
                absences.append(Absence(white, KFC_REASONS[code]))
        rounds.append(Round(number, tuple(games), tuple(absences), bye))
    return Tournament("KfC sample", entrants, tuple(rounds)), expected


@pytest.mark.parametrize(("rule_set", "count_absences"), [("v2024_09", True), ("head", False)])
def test_kfc_replay(shared_dir: Path, rule_set: str, count_absences: bool) -> None:
    """Round k paired from the standings before k matches the stored round exactly for the
    rematch gaps (KfC's GameRepeat) listed in expected.json, and for no other gap."""
    full, expected = _kfc_file(shared_dir)
    ids = {e.name: e.id for e in full.entrants}
    standings = expected["standings_at_pairing_time"]["rounds"]  # type: ignore[index]
    replay = expected["pairing_replay"]["rule_sets"][rule_set]["rounds"]  # type: ignore[index]
    for number in range(1, 6):
        stored = full.rounds[number - 1]
        ranking = tuple(
            ids[row["name"]]
            for row in standings[str(number)]["standings"]
            if row["state"] == "present"
        )
        history = replace(full, rounds=full.rounds[: number - 1])
        matching_gaps = set()
        for gap in range(6):
            settings = replace(preset("kfc"), rematch_gap=gap, byes_count_absences=count_absences)
            result = pair_round(KeizerState(history, settings, number, ranking)).pairing
            stored_boards = tuple(Board(g.white, g.black) for g in stored.games)
            if result.boards == stored_boards and result.bye == stored.bye:
                matching_gaps.add(gap)
        assert matching_gaps == set(replay[str(number)]), f"round {number}"
