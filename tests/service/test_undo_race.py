"""The undo race: two undos and a result correction at once, on one club file.

Two TDs (or one TD's two devices) press Undo on the same change while a third enters a
correction. Each runs on its own connection (threads) or in its own process, released at the
same moment. Whatever order SQLite's write lock gives them, what happened must be exactly what
the log says happened: replaying the logged changes in their order on a copy of the starting
file gives the same facts and the same log. Guarded undos (the id of the change the TD saw)
undo that change at most once, and never once the correction came first; unguarded undos each
take back Winter's newest change at their turn; Rapid, the other tournament, never moves.
"""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path

import pytest

from clocks import TickingClock
from rochade.service import ClubService, ServiceError, StoreError
from rochade.store import Club

ROUNDS = int(os.environ.get("ROCHADE_UNDO_RACES", "12"))

CHILD = """
import sys, time
from pathlib import Path
from rochade.service import ClubService, StoreError

path, role, shown, go = Path(sys.argv[1]), sys.argv[2], int(sys.argv[3]), Path(sys.argv[4])
service = ClubService(path, role)
while not go.exists():
    time.sleep(0.001)
try:
    if role == "correct":
        service.enter_result(1, 1, "0-1", "Winter")
    else:
        service.undo(tournament="Winter", action=shown or None)
    print("ok")
except StoreError as exc:
    print("refused", exc)
"""


@dataclass(frozen=True)
class Outcome:
    role: str
    refused: str | None  # the message, or None when it was done


def evening(path: Path) -> int:
    """Winter with round 1 paired and three results in, Rapid paired; the id of Winter's last
    change (what both undo buttons show)."""
    td = ClubService.init(path, "td", TickingClock())
    td.create_tournament("Winter", "classic")
    td.import_players("Anna\nBo\nCém\nDana\nEmil\nFrida\n", "Winter")
    td.create_tournament("Rapid", "kfc")
    td.import_players("Gus\nHanna\nIda\nJan\n", "Rapid")
    td.pair("Winter")
    td.pair("Rapid")
    for board in (1, 2, 3):
        td.enter_result(1, board, "1-0", "Winter")
    td.enter_result(1, 1, "1/2", "Rapid")
    target = td.undo_target("Winter")
    assert target is not None and target.description.startswith("Winter: result round 1 board 3")
    return target.id


def act(path: Path, role: str, shown: int) -> Outcome:
    """One TD's change on a connection of its own."""
    service = ClubService(path, role, TickingClock())
    try:
        if role == "correct":
            service.enter_result(1, 1, "0-1", "Winter")
        else:
            service.undo(tournament="Winter", action=shown or None)
    except (StoreError, ServiceError) as exc:
        return Outcome(role, str(exc))
    return Outcome(role, None)


def race_threads(path: Path, shown: int) -> list[Outcome]:
    roles = ("undo-1", "undo-2", "correct")
    start = threading.Barrier(len(roles))
    outcomes: dict[str, Outcome] = {}

    def run(role: str) -> None:
        start.wait()
        outcomes[role] = act(path, role, shown)

    threads = [threading.Thread(target=run, args=(role,)) for role in roles]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    return [outcomes[role] for role in roles]


def race_processes(path: Path, shown: int) -> list[Outcome]:
    go = path.with_name(f"go-{path.stem}")
    roles = ("undo-1", "undo-2", "correct")
    children = [
        subprocess.Popen(
            [sys.executable, "-c", CHILD, str(path), role, str(shown), str(go)],
            stdout=subprocess.PIPE,
            text=True,
        )
        for role in roles
    ]
    time.sleep(1.5)  # let every child import rochade and wait for the start
    go.touch()
    outcomes = []
    for role, child in zip(roles, children, strict=True):
        out, _ = child.communicate(timeout=60)
        assert child.returncode == 0, out
        said = out.strip()
        outcomes.append(Outcome(role, None if said == "ok" else said.removeprefix("refused ")))
    return outcomes


def log_of(path: Path) -> list[tuple[object, ...]]:
    with Club.open(path) as club:
        return [(a.id, a.kind, a.undone_by, a.tournament_id, a.description)
                for a in club.actions()]


def replay(start: Path, path: Path, shown: int) -> None:
    """Do on `start` what the log of `path` says happened after it, in that order."""
    first_new = len(log_of(start)) + 1
    td = ClubService(start, "replay", TickingClock())
    for _, kind, _, _, _ in log_of(path)[first_new - 1:]:
        if kind == "result":
            td.enter_result(1, 1, "0-1", "Winter")
        else:
            assert kind == "undo"
            td.undo(tournament="Winter", action=shown or None)


def copy(source: Path, target: Path) -> None:
    with sqlite3.connect(source) as src, sqlite3.connect(target) as dst:
        src.backup(dst)
    src.close()
    dst.close()


def check(path: Path, start: Path, shown: int, outcomes: list[Outcome], guarded: bool) -> None:
    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    conn.close()
    before = log_of(start)
    after = log_of(path)
    new = after[len(before):]
    # The older history stays as it was (but for the undone marks) ...
    assert [a[:2] + a[3:] for a in after[: len(before)]] == [a[:2] + a[3:] for a in before]
    done = [o for o in outcomes if o.refused is None]
    assert len(new) == len(done), (new, outcomes)  # ... every change logged once, no other
    assert [o.role for o in outcomes if o.refused is None and o.role == "correct"] == ["correct"]
    undone = {a[0] for a in after if a[2] is not None} - {a[0] for a in before if a[2] is not None}
    if guarded:
        # At most one undo, of exactly the change shown, and only if the correction came later.
        assert len(done) <= 2
        correction = next(a[0] for a in new if a[1] == "result")
        undos = [a for a in new if a[1] == "undo"]
        assert undone == ({shown} if undos else set())
        assert all(u[0] < correction for u in undos)
        for o in outcomes:
            if o.refused is not None:
                assert o.refused.startswith(
                    (f"change #{shown} was undone already",
                     f"there is a newer change than #{shown}: ")
                ), o.refused
    else:
        assert len(done) == 3 and len(undone) == 2  # each undo took back one Winter change
    rapid = ClubService(start).tournament("Rapid")
    assert ClubService(path).tournament("Rapid") == rapid
    # Replaying the log's order on the starting file gives the same facts and log.
    replay(start, path, shown)
    with Club.open(path) as raced, Club.open(start) as replayed:
        assert raced.snapshot() == replayed.snapshot()
    assert [a[:4] for a in log_of(start)] == [a[:4] for a in after]


@pytest.mark.parametrize("guarded", [True, False], ids=["guarded", "unguarded"])
def test_two_undos_and_a_correction_at_once_threads(tmp_path: Path, guarded: bool) -> None:
    origin = tmp_path / "origin.rochade"
    shown = evening(origin)
    for i in range(ROUNDS):
        path, start = tmp_path / f"club{i}.rochade", tmp_path / f"start{i}.rochade"
        copy(origin, path)
        copy(origin, start)
        outcomes = race_threads(path, shown if guarded else 0)
        check(path, start, shown if guarded else 0, outcomes, guarded)


def test_two_undos_and_a_correction_at_once_processes(tmp_path: Path) -> None:
    origin = tmp_path / "origin.rochade"
    shown = evening(origin)
    for i in range(2):
        path, start = tmp_path / f"club{i}.rochade", tmp_path / f"start{i}.rochade"
        copy(origin, path)
        copy(origin, start)
        outcomes = race_processes(path, shown)
        check(path, start, shown, outcomes, guarded=True)

