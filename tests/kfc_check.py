"""What the KfC tests share: comparing rochade's exact numbers with KfC's floats, and the
checks of standings against the conformance file `expected.json`."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from rochade.core.keizer.scoring import KeizerStandings
from rochade.core.model import Outcome

TOLERANCE = 1e-4


class Deviation:
    """Counts the numbers compared and keeps the largest absolute deviation."""

    def __init__(self) -> None:
        self.count = 0
        self.max = 0.0

    def __call__(self, actual: Fraction, wanted: float, what: str) -> None:
        dev = abs(float(actual) - wanted)
        self.count += 1
        self.max = max(self.max, dev)
        assert dev <= TOLERANCE, f"{what}: rochade {float(actual)} != KfC {wanted}"


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


def check_players(standings: KeizerStandings, expected: dict[str, Any]) -> Deviation:
    """Total, value used, next value, rank, game points and the breakdown of every player."""
    check = Deviation()
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
    return check


def check_row_points(standings: KeizerStandings, expected: dict[str, Any]) -> Deviation:
    """Every stored Pts_W / Pts_B is the credit of that row in the final pass."""
    check = Deviation()
    for want in expected["rows"]:
        k = want["round"]
        sides = [(want["white_id"], want["pts_white"])]
        if want["black_id"] != -1:
            sides.append((want["black_id"], want["pts_black"]))
        for pid, pts in sides:
            credits = [b.credit for b in standings.row(pid).breakdown if b.round == k]
            assert len(credits) == 1
            check(credits[0], pts, f"round {k} board {want['board']} player {pid}")
    return check
