"""The `kfc` preset reproduces KeizerForClubs' own sample tournament number for number.

The fixture is read straight from KfC's SQLite file (shared/conformance/kfc, see its README);
only this test touches sqlite3, the core stays pure.
"""

from __future__ import annotations

import json
import sqlite3
from collections import defaultdict
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from rochade.core.keizer.scoring import Standings, compute_standings, standings_history
from rochade.core.keizer.settings import preset
from rochade.core.model import (
    Absence,
    Entrant,
    Game,
    Outcome,
    Result,
    Round,
    Status,
    Tournament,
)

TOLERANCE = 1e-4

GAME_RESULTS = {
    -1: None,
    1: Result.WHITE_WINS,
    2: Result.DRAW,
    3: Result.BLACK_WINS,
    8: Result.WHITE_WINS_FORFEIT,
    9: Result.BLACK_WINS_FORFEIT,
    10: Result.DOUBLE_FORFEIT,
    11: Result.DRAW,  # adjourned, scored as a draw
}
SINGLE_ROWS = {4: "bye", 5: "club_duty", 6: "excused", 7: "unexcused", 12: "late_start"}
STATES = {
    1: Status.PRESENT,
    5: Status.CLUB_DUTY,
    6: Status.EXCUSED,
    7: Status.UNEXCUSED,
    9: Status.WITHDRAWN,
    12: Status.PREREGISTERED,
}
OUTCOMES = {
    "win": Outcome.WIN,
    "draw": Outcome.DRAW,
    "loss": Outcome.LOSS,
    "win by forfeit": Outcome.FORFEIT_WIN,
    "loss by forfeit": Outcome.FORFEIT_LOSS,
}
ROW_REASONS = {
    "bye": "bye",
    "excused": "excused",
    "unexcused": "unexcused",
    "club duty": "club_duty",
}


def load_kfc(path: Path) -> Tournament:
    """Map a KfC tournament file onto the core model (players, pairing rows; no outputs)."""
    con = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        players = con.execute("SELECT id, name, rating, state FROM Player ORDER BY id").fetchall()
        pairing = con.execute(
            "SELECT Rnd, board, PID_W, PID_B, Result FROM Pairing ORDER BY Rnd, board"
        ).fetchall()
    finally:
        con.close()
    entrants = tuple(
        Entrant(pid, name, rating, STATES[state]) for pid, name, rating, state in players
    )
    games: dict[int, list[Game]] = defaultdict(list)
    absences: dict[int, list[Absence]] = defaultdict(list)
    byes: dict[int, int] = {}
    for rnd, board, white, black, code in pairing:
        if black == -1:
            reason = SINGLE_ROWS[code]
            if reason == "bye":
                byes[rnd] = white
            else:
                absences[rnd].append(Absence(white, reason))
        else:
            games[rnd].append(Game(white, black, GAME_RESULTS[code], board))
    numbers = sorted(set(games) | set(absences) | set(byes))
    rounds = tuple(Round(k, tuple(games[k]), tuple(absences[k]), byes.get(k)) for k in numbers)
    tournament = Tournament("KfC Test-Tournament", entrants, rounds)
    tournament.validate()
    return tournament


@pytest.fixture(scope="module")
def kfc_dir(shared_dir: Path) -> Path:
    return shared_dir / "conformance" / "kfc"


@pytest.fixture(scope="module")
def expected(kfc_dir: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((kfc_dir / "expected.json").read_text(encoding="utf-8"))
    return data


@pytest.fixture(scope="module")
def tournament(kfc_dir: Path) -> Tournament:
    return load_kfc(kfc_dir / "Test-Tournament.s3db")


@pytest.fixture(scope="module")
def standings(tournament: Tournament) -> Standings:
    return compute_standings(tournament, preset("kfc"))


class Comparer:
    """Counts every number compared and remembers the largest deviation."""

    def __init__(self) -> None:
        self.count = 0
        self.max_dev = 0.0

    def __call__(self, actual: Fraction, wanted: float, what: str) -> None:
        dev = abs(float(actual) - wanted)
        self.count += 1
        self.max_dev = max(self.max_dev, dev)
        assert dev <= TOLERANCE, f"{what}: rochade {float(actual)} != KfC {wanted}"


def test_import_shape(tournament: Tournament) -> None:
    assert len(tournament.entrants) == 9
    assert len(tournament.rounds) == 5
    assert (
        sum(len(r.games) + len(r.absences) + (r.bye is not None) for r in tournament.rounds) == 26
    )
    assert [e.name for e in tournament.entrants if e.withdrawn] == ["Verdandi"]


def test_players(standings: Standings, expected: dict[str, Any]) -> None:
    """Total, value used, next value, rank, game points and the breakdown of every player."""
    check = Comparer()
    for player in expected["players"]:
        row = standings.row(player["id"])
        name = player["name"]
        check(row.total, player["keizer_sum"], f"{name} total")
        check(row.next_value, player["value"], f"{name} next value")
        check(row.game_points, player["game_points"], f"{name} game points")
        if player["state"] == 9:
            assert row.rank is None
            assert row.value == 0
            assert all(b.credit == 0 for b in row.breakdown)
        else:
            assert row.rank == player["rank"], name
            check(row.value, player["prev_value"], f"{name} value used")
        own, *rounds = row.breakdown
        assert own.kind == "own"
        check(own.credit, player["breakdown"]["own_value_counted_once"], f"{name} own value")
        wanted_rows = player["breakdown"]["rows"]
        assert [b.round for b in rounds] == [w["round"] for w in wanted_rows], name
        for got, want in zip(rounds, wanted_rows, strict=True):
            what = f"{name} round {want['round']}"
            check(got.credit, want["credit"], what)
            assert got.basis * got.factor == got.credit, what
            if "row" in want:
                assert got.opponent is None
                assert got.reason == ROW_REASONS[want["row"]], what
            else:
                assert got.colour == want["colour"], what
                assert got.outcome is OUTCOMES[want["outcome"]], what
                assert standings.row(got.opponent).entrant.name == want["opponent"], what
        assert sum(b.credit for b in row.breakdown) == row.total, name
    rows = sum(len(p["breakdown"]["rows"]) for p in expected["players"])
    assert check.count == 9 * 4 + 8 + rows == 88  # 4 per player, value used if ranked, rows
    assert check.max_dev <= TOLERANCE


def test_final_ranking(standings: Standings, expected: dict[str, Any]) -> None:
    assert [r.entrant.id for r in standings.ranked()] == [s["id"] for s in expected["standings"]]
    assert [r.rank for r in standings.ranked()] == list(range(1, 9))
    assert standings.rows[-1].entrant.name == "Verdandi"
    for row, want in zip(standings.ranked(), expected["standings"], strict=True):
        assert abs(float(row.total) - want["keizer_sum"]) <= TOLERANCE
        assert abs(float(row.next_value) - want["value_next_round"]) <= TOLERANCE


def test_pairing_rows(standings: Standings, expected: dict[str, Any]) -> None:
    """Every stored Pts_W / Pts_B is the credit of that row in the final pass."""
    check = Comparer()
    for want in expected["rows"]:
        k = want["round"]
        sides = [(want["white_id"], want["pts_white"])]
        if want["black_id"] != -1:
            sides.append((want["black_id"], want["pts_black"]))
        for pid, pts in sides:
            credits = [b.credit for b in standings.row(pid).breakdown if b.round == k]
            assert len(credits) == 1
            check(credits[0], pts, f"round {k} board {want['board']} player {pid}")
    games = sum(1 for w in expected["rows"] if w["black_id"] != -1)
    assert check.count == 26 + games == 44


def test_intermediate_passes(tournament: Tournament, expected: dict[str, Any]) -> None:
    """Pass k prices rounds 1..k with the values of pass k-1: values used, sums, ranking."""
    history = standings_history(tournament, preset("kfc"))
    assert len(history) == len(expected["passes"]) == 5
    check = Comparer()
    for after, (st, want) in enumerate(zip(history, expected["passes"], strict=True), start=1):
        assert st.after_round == after
        by_name = {r.entrant.name: r for r in st.ranked()}
        assert [r.entrant.name for r in st.ranked()] == want["ranking"]
        for name, value in want["values_used"].items():
            check(by_name[name].value, value, f"pass {after} {name} value used")
        for name, total in want["sums"].items():
            check(by_name[name].total, total, f"pass {after} {name} sum")
        for name, value in want["values_after"].items():
            check(by_name[name].next_value, value, f"pass {after} {name} value after")
    assert check.count == 5 * 8 * 3


def test_numbers_stored_in_the_file(kfc_dir: Path, standings: Standings) -> None:
    """The float32 outputs KfC wrote into the file itself (the README's "not conformance
    targets" left out: the withdrawn player's rank and previous value)."""
    con = sqlite3.connect(f"file:{kfc_dir / 'Test-Tournament.s3db'}?mode=ro", uri=True)
    try:
        players = con.execute(
            "SELECT id, state, rank, Keizer_StartPts, Keizer_SumPts, Keizer_PrevPts FROM Player"
        ).fetchall()
        rows = con.execute("SELECT Rnd, PID_W, PID_B, Pts_W, Pts_B FROM Pairing").fetchall()
    finally:
        con.close()
    check = Comparer()
    for pid, state, rank, next_value, total, prev_value in players:
        row = standings.row(pid)
        check(row.total, total, f"player {pid} Keizer_SumPts")
        check(row.next_value, next_value, f"player {pid} Keizer_StartPts")
        if state != 9:
            check(row.value, prev_value, f"player {pid} Keizer_PrevPts")
            assert row.rank == rank
    for k, white, black, pts_white, pts_black in rows:
        for pid, pts in ((white, pts_white), (black, pts_black)):
            if pid != -1:
                (credit,) = [b.credit for b in standings.row(pid).breakdown if b.round == k]
                check(credit, pts, f"round {k} player {pid} Pts")
    assert check.count == 9 * 2 + 8 + 26 + 18 == 70
    assert 0 < check.max_dev < 1e-6  # float32 rounding, nothing more


def test_history_matches_single_computations(tournament: Tournament) -> None:
    history = standings_history(tournament, preset("kfc"))
    for k, st in enumerate(history, start=1):
        assert st == compute_standings(tournament, preset("kfc"), after_round=k)
