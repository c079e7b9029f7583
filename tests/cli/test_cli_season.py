"""End to end: a whole 8-round club season through the CLI, checked independently at the end.

Players come and go, one enters late, one withdraws, odd evenings give byes, an old result is
corrected and a pairing is undone. The final standings are checked three ways: the club file,
the exported JSON file (the database-free path, in a real subprocess of the installed script),
and a small reference implementation of the Keizer rules written here from spec/keizer.md.
"""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any

from click.testing import Result

Run = Callable[..., Result]

PLAYERS = (
    ("Anna O'Connor", 2100),
    ('Bert "Bobby" Brown', 2050),
    ("Jürgen Groß", 2000),
    ("Zoë 🐴 Li", 1950),
    ("דוד כהן", 1900),
    ("Émile Durand", 1850),
    ("Fatma Yıldız", 1800),
    ("Gus", 1750),
    ("Hedda", 1700),
    ("Ivo", 1650),
    ("Jan", 1600),
)
CYCLE = ("1-0", "1/2", "0-1", "1-0")
CLASSIC_FRACTIONS = {
    "bye": Fraction(1, 2),
    "excused": Fraction(1, 3),
    "unexcused": Fraction(0),
    "club_duty": Fraction(2, 3),
    "late_start": Fraction(1, 3),
}


def play(run: Run, club: Path, round_number: int, forfeit_last: bool = False) -> None:
    """Pair the round and enter a result on every board."""
    out = run("pair", club).stdout
    assert f"round {round_number}" in out
    now = club.parent / "now.json"
    run("export", club, now)
    games = json.loads(now.read_text(encoding="utf-8"))["rounds"][round_number - 1]["games"]
    for game in games:
        result = CYCLE[(round_number + game["board"]) % 4]
        if forfeit_last and game is games[-1]:
            result = "+/-"
        run("result", club, round_number, game["board"], result)


def test_a_whole_season(run: Run, tmp_path: Path) -> None:
    club = tmp_path / "season.rochade"
    run("init", club, "--who", "ina")
    run("tournament", "create", club, "Keizer 2026", "--preset", "classic")
    csv = tmp_path / "players.csv"
    csv.write_text("".join(f'"{n.replace(chr(34), chr(34) * 2)}",{r}\n' for n, r in PLAYERS))
    run("player", "import", club, csv)

    play(run, club, 1)  # 11 present: a bye
    run("player", "status", club, "דוד", "excused")
    run("player", "status", club, "Fatma", "club_duty")
    play(run, club, 2)  # 9 present: a bye
    late = run("player", "add", club, "Karl Late", "--rating", "1725").stdout
    assert "as number 12" in late and "2 earlier round(s) count as a late start" in late
    for name in ("דוד", "Fatma"):
        run("player", "status", club, name, "present")
    run("player", "status", club, "Hedda", "unexcused")
    play(run, club, 3)  # 11 of 12 present: a bye
    run("player", "status", club, "Hedda", "present")
    run("pair", club)
    undone = run("undo", club, "--yes").stdout  # Ivo calls in sick after the pairing
    assert "Keizer 2026: pair round 4 (automatic)" in undone
    run("player", "status", club, "Ivo", "excused")
    play(run, club, 4)  # 11 present: a bye
    run("player", "status", club, "Ivo", "present")
    run("player", "status", club, "Jürgen", "withdrawn")
    play(run, club, 5)  # 11 present: a bye
    play(run, club, 6, forfeit_last=True)  # a bye
    corrected = run("result", club, 2, 1, "0-1").stdout
    assert corrected.startswith("Corrected round 2 board 1: ")
    assert "Standings changed:" in corrected and " -> " in corrected
    run("player", "status", club, "Zoë", "excused")
    play(run, club, 7)  # 10 present
    run("player", "status", club, "Zoë", "present")
    play(run, club, 8)  # 11 present: a bye

    exported = tmp_path / "season.json"
    run("export", club, exported)
    doc = json.loads(exported.read_text(encoding="utf-8"))
    from_club = json.loads(run("standings", club, "--format", "json").stdout)

    # The database-free path, in a real process of the installed `rochade` script.
    script = Path(sys.executable).parent / "rochade"
    process = subprocess.run(
        [str(script), "standings", str(exported), "--format", "json"],
        capture_output=True,
        text=True,
        encoding="utf-8",
        env={**os.environ, "PYTHONIOENCODING": "utf-8"},
        check=True,
    )
    assert json.loads(process.stdout) == from_club

    # A reference computation from the exported facts (spec/keizer.md sections 2-5).
    totals, order = reference_standings(doc)
    assert [row["id"] for row in from_club if row["rank"] is not None] == order
    assert {row["id"]: row["score"] for row in from_club if row["rank"] is not None} == {
        p: cents(t) for p, t in totals.items()
    }

    # Hand-checked facts.
    rounds = doc["rounds"]
    assert len(rounds) == 8
    assert [r["bye"] is not None for r in rounds] == [True] * 6 + [False, True]
    byes = [r["bye"] for r in rounds if r["bye"] is not None]
    assert len(set(byes)) == len(byes), "byes are spread evenly"
    assert [a for a in rounds[0]["absent"] if a["player"] == 12] == [
        {"player": 12, "reason": "late_start"}
    ]
    assert {"player": 10, "reason": "excused"} in rounds[3]["absent"]
    assert rounds[5]["games"][-1]["result"] == "+/-"
    assert rounds[1]["games"][0]["result"] == "0-1"
    withdrawn = [row for row in from_club if row["rank"] is None]
    assert [row["name"] for row in withdrawn] == ["Jürgen Groß"] and from_club[-1] == withdrawn[0]
    assert all(row["points"] == points(doc, row["id"]) for row in from_club)
    log = run("log", club, "--all").stdout
    assert "undo: Keizer 2026: pair round 4 (automatic)" in log and "[undone by #" in log
    assert "correct round 2 board 1: " in log
    assert "ina" in log


def reference_standings(doc: dict[str, Any]) -> tuple[dict[int, Fraction], list[int]]:
    """Totals and ranking after the last round, per_round recomputation, classic preset."""
    withdrawn = {p["id"] for p in doc["players"] if p.get("status") == "withdrawn"}
    rating = {p["id"]: p["rating"] for p in doc["players"]}
    active = [p["id"] for p in doc["players"] if p["id"] not in withdrawn]
    top = round(Fraction(len(active) - 1) * 3 / 2)  # ratio 3, rounded half to even

    def ladder(order: list[int]) -> dict[int, Fraction]:
        return {p: Fraction(top - i) for i, p in enumerate(order)}

    def ranking(score: dict[int, Fraction]) -> list[int]:
        return sorted(active, key=lambda p: (-score[p], -rating[p], p))

    values = ladder(ranking({p: Fraction(0) for p in active}))
    for k in range(1, len(doc["rounds"]) + 1):
        totals = {p: values[p] for p in active}
        for rnd in doc["rounds"][:k]:
            for game in rnd["games"]:
                share = {"1-0": (1, 0), "1/2-1/2": (Fraction(1, 2),) * 2, "0-1": (0, 1)}
                w_share, b_share = share.get(game["result"], (0, 0))
                if game["result"] == "+/-":
                    w_share = 1
                for me, opp, got in ((game["white"], game["black"], w_share),
                                     (game["black"], game["white"], b_share)):  # fmt: skip
                    if me in withdrawn:
                        continue
                    basis = values[me] * Fraction(3, 4) if opp in withdrawn else values[opp]
                    totals[me] += basis * got
            for absence in rnd["absent"]:
                if absence["player"] not in withdrawn:
                    share = CLASSIC_FRACTIONS[absence["reason"]]
                    totals[absence["player"]] += values[absence["player"]] * share
            if rnd["bye"] is not None:
                totals[rnd["bye"]] += values[rnd["bye"]] * CLASSIC_FRACTIONS["bye"]
        if k == len(doc["rounds"]):
            return totals, ranking(totals)
        values = ladder(ranking(totals))
    raise AssertionError("no rounds")


def points(doc: dict[str, Any], player: int) -> str:
    """Game points from the exported results, counted by hand."""
    total = Fraction(0)
    for rnd in doc["rounds"]:
        for game in rnd["games"]:
            if player in (game["white"], game["black"]):
                white = player == game["white"]
                total += {"1-0": 1, "+/-": 1, "1/2-1/2": Fraction(1, 2)}.get(
                    game["result"] if white else _mirror(game["result"]), 0
                )
    return str(total.numerator) if total.denominator == 1 else f"{math.floor(total)}.5"


def _mirror(result: str) -> str:
    return {"0-1": "1-0", "-/+": "+/-", "1-0": "0-1", "+/-": "-/+"}.get(result, result)


def cents(value: Fraction) -> str:
    scaled = math.floor(value * 100 + Fraction(1, 2))
    return f"{scaled // 100}.{scaled % 100:02d}"
