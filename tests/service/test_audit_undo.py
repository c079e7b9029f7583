"""Audit and undo: the log says who changed what and when; undo of everything gives back the
exact starting state, whatever happened in between (pairings, results, corrections of old
rounds, status changes, late entries, player-list and tournament imports)."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from clocks import TickingClock
from rochade.core.model import ModelError, Status
from rochade.service import ClubService, ServiceError
from rochade.store import Club, StoreError

TDS = st.sampled_from(["ina", "olga", "Bo O'Neill", "שרה"])
RESULTS = st.sampled_from(["1-0", "0-1", "1/2", "+/-", "-/+", "-/-"])
NAMES = st.sampled_from(["Late Larry", "Zoë", "O'Hara", "<b>Kim</b>", "Anna Berg"])



def _facts(path: Path) -> object:
    with Club.open(path) as club:
        return club.snapshot()


def _act(service: ClubService, data: st.DataObject, imported: list[str]) -> str | None:
    """One random TD action; returns the start its log description must have (or None)."""
    t = service.tournament("Winter")
    kind = data.draw(
        st.sampled_from(
            ["pair", "pair", "result", "result", "correct", "status", "late", "csv", "json"]
        )
    )
    if kind == "pair":
        report = service.pair("Winter")
        return f"Winter: pair round {report.round.number} (automatic)"
    if kind in ("result", "correct") and t.rounds:
        rounds = t.rounds if kind == "correct" else t.rounds[-1:]
        rnd = data.draw(st.sampled_from(rounds))
        if not rnd.games:
            return None
        game = data.draw(st.sampled_from(rnd.games))
        board = game.board or 1
        service.enter_result(rnd.number, board, data.draw(RESULTS), "Winter")
        verb = "correct" if game.result is not None else "result"
        return f"Winter: {verb} round {rnd.number} board {board}: "
    if kind == "status" and t.entrants:
        entrant = data.draw(st.sampled_from(t.entrants))
        status = data.draw(st.sampled_from(list(Status)))
        service.set_status(str(entrant.id), status, "Winter")
        old, new = (s.value.replace("_", " ") for s in (entrant.status, status))
        return f"Winter: {entrant.name} ({entrant.id}): {old} -> {new}"
    if kind == "late":
        added = service.add_player(data.draw(NAMES), 1500, tournament="Winter")
        assert added.entrant is not None
        return f"Winter: add player {added.name} as {added.entrant.id}"
    if kind == "csv":
        name = data.draw(NAMES)
        service.import_players(f"name,rating\n{name},1450\n", "Winter")
        return "Winter: import 1 players"
    if kind == "json":
        name = f"Copy {len(imported) + 1}"
        service.import_json(service.export_json("Winter").replace('"Winter"', f'"{name}"', 1))
        imported.append(name)
        return f"{name}: import tournament {name}"
    return None


@settings(
    max_examples=int(os.environ.get("ROCHADE_UNDO_CASES", "40")),
    suppress_health_check=[HealthCheck.too_slow],
)
@given(st.data())
def test_the_log_tells_who_what_when_and_undo_all_restores_the_start(
    data: st.DataObject,
) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "club.rochade"
        clock = TickingClock()
        service = ClubService.init(path, "ina", clock)
        service.create_tournament("Winter")
        service.import_players("name,rating\nAnna Berg,2000\nBo,1900\nCém,1800\nDana,1700\n")
        start, start_log = _facts(path), len(service.log())
        imported: list[str] = []
        with service.session():
            for _ in range(data.draw(st.integers(1, 20))):
                service.who = data.draw(TDS)
                before, count = _facts(path), len(service.log())
                try:
                    expected = _act(service, data, imported)
                except (ServiceError, ModelError, StoreError):
                    assert _facts(path) == before and len(service.log()) == count
                    continue
                log = service.log()
                if expected is None:
                    assert len(log) == count
                    continue
                assert len(log) == count + 1
                entry = log[-1]
                assert entry.who == service.who
                assert entry.at == clock.now.isoformat(timespec="seconds")
                assert entry.description.startswith(expected), (entry.description, expected)
                event(f"logged: {entry.kind}")
            service.who = "undoer"
            while len(_undoable(service)) > 2:  # keep the tournament and its players
                service.undo()
        assert _facts(path) == start
        # Nothing of the history is lost: every action is still in the log, marked undone.
        assert all(a.undone_by for a in service.log()[start_log:] if a.kind != "undo")


def test_a_correction_of_an_old_round_is_logged_with_the_old_result(tmp_path: Path) -> None:
    clock = TickingClock()
    service = ClubService.init(tmp_path / "club.rochade", "ina", clock)
    service.create_tournament("Winter")
    service.import_players("name,rating\nAnna,2000\nBo,1900\nCém,1800\nDana,1700\n")
    for number in (1, 2):
        report = service.pair()
        for game in report.round.games:
            service.enter_result(number, game.board or 1, "1-0")
    service.who = "olga"
    report = service.enter_result(1, 2, "0-1")
    entry = service.log()[-1]
    white = report.tournament.entrant(report.game.white).name
    black = report.tournament.entrant(report.game.black).name
    assert (entry.who, entry.kind, entry.at) == ("olga", "result", clock.now.isoformat())
    assert entry.description == f"Winter: correct round 1 board 2: {white} - {black} 0-1 (was 1-0)"
    service.undo()
    assert service.tournament().rounds[0].games[1].result is not None
    assert str(service.tournament().rounds[0].games[1].result) == "1-0"
    undo = service.log()[-1]
    assert undo.kind == "undo" and undo.who == "olga"
    assert service.log()[-2].undone_by == undo.id


def _undoable(service: ClubService) -> list[int]:
    kept = ("create", "undo", "redo", "restore")
    return [a.id for a in service.log() if a.undone_by is None and a.kind not in kept]
