"""Property: any sequence of TD actions, then undo everything, gives back the starting file;
a refused action never changes anything on the way; and redo after undo gives back exactly what
the undo took, standings and log."""

from __future__ import annotations

import contextlib
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rochade.core.model import ModelError, Status
from rochade.service import ClubService, ServiceError
from rochade.store import Club, StoreError

RESULT_TEXTS = st.sampled_from(["1-0", "0-1", "=", "+/-", "-/+", "--", "2-0"])
RESULT_SCORES = st.sampled_from(["1", "1/2", "0", "3"])
STATUSES = st.sampled_from(list(Status))
NAMES = st.sampled_from(["Anna", "Anna Bell", "Bo", "Cé O'Hara", "Dörte", "שרה", "Emil 🐴"])


def _snapshot(path: Path) -> object:
    with Club.open(path) as club:
        return club.snapshot()


def _one_action(service: ClubService, data: st.DataObject) -> None:
    t = service.tournament()
    kind = data.draw(
        st.sampled_from(["add", "status", "pair", "result", "manual", "external", "undo", "redo"])
    )
    if kind == "add":
        service.add_player(data.draw(NAMES), data.draw(st.integers(1000, 2400)))
    elif kind == "status" and t.entrants:
        player = data.draw(st.sampled_from(t.entrants))
        service.set_status(str(player.id), data.draw(STATUSES))
    elif kind == "pair":
        service.pair()
    elif kind == "manual" and len(t.entrants) >= 2:
        ids = data.draw(st.permutations([e.id for e in t.entrants]))
        boards = " ".join(f"{ids[i]}-{ids[i + 1]}" for i in range(0, len(ids) - 1, 2))
        service.pair_manual(boards, confirm=data.draw(st.booleans()))
    elif kind == "result" and t.rounds:
        rnd = data.draw(st.sampled_from(t.rounds))
        board = data.draw(st.integers(1, len(rnd.games) + 1))
        service.enter_result(rnd.number, board, data.draw(RESULT_TEXTS))
    elif kind == "external" and t.rounds:
        rnd = data.draw(st.sampled_from(t.rounds))
        player = data.draw(st.sampled_from(t.entrants))
        extra = data.draw(st.booleans())
        service.add_external(rnd.number, str(player.id), 1, 2, data.draw(RESULT_SCORES), extra)
    elif kind == "undo" and len(_undoable(service)) > 1:  # keep the tournament itself
        service.undo(data.draw(st.integers(1, len(_undoable(service)) - 1)))
    elif kind == "redo":
        service.redo()


@settings(max_examples=60, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_undo_everything_and_refusals_change_nothing(data: st.DataObject) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "club.rochade"
        service = ClubService.init(path, "td")
        service.create_tournament("Winter")
        start = _snapshot(path)
        with service.session():
            for _ in range(data.draw(st.integers(1, 25))):
                before = _snapshot(path)
                try:
                    _one_action(service, data)
                except (ServiceError, ModelError, StoreError):
                    assert _snapshot(path) == before
                service.tournament().validate()
            while len(_undoable(service)) > 1:
                service.undo()
        assert _snapshot(path) == start


def _undoable(service: ClubService) -> list[str]:
    """The kinds of the actions undo can still revert, oldest first ("tournament" first)."""
    log = service.log()
    return [a.kind for a in log
            if a.undone_by is None and a.kind not in ("create", "undo", "redo")]


@settings(max_examples=40, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_undo_then_redo_gives_back_the_same_file_and_standings(data: st.DataObject) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "club.rochade"
        service = ClubService.init(path, "td")
        service.create_tournament("Winter")
        with service.session():
            for _ in range(data.draw(st.integers(1, 20))):
                with contextlib.suppress(ServiceError, ModelError, StoreError):
                    _one_action(service, data)
            if len(_undoable(service)) < 2:
                return
            before = (_snapshot(path), service.standings(), service.log())
            steps = data.draw(st.integers(1, len(_undoable(service)) - 1))
            together = data.draw(st.booleans())
            undos = [steps] if together else [1] * steps
            for n in undos:
                service.undo(n, backup=together)
            for _ in undos:
                service.redo()
            log = service.log()
            assert (_snapshot(path), service.standings()) == before[:2]
            assert log[:len(before[2])] == before[2]  # every earlier line as it was
            added = log[len(before[2]):]
            assert [a.kind for a in added] == ["undo"] * len(undos) + ["redo"] * len(undos)
            assert [a.undone_by for a in added[:len(undos)]] == [
                a.id for a in reversed(added[len(undos):])]
