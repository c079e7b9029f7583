"""Property: after any sequence of actions, undo walks back through exactly the same states, and
redo forward again."""

from __future__ import annotations

import tempfile
from datetime import UTC, datetime
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rochade.core.model import Absence, Game, Result, Round, Status
from rochade.store import Club, RoundNotes, StoreError

AT = datetime(2026, 11, 30, tzinfo=UTC)
NAMES = st.text(
    alphabet=st.characters(blacklist_categories=("Cs", "Cc")), min_size=1, max_size=12
).filter(lambda s: s.strip() != "")
RESULTS = st.sampled_from([*Result, None])


def _one_change(club: Club, data: st.DataObject) -> None:
    """Apply one random, valid change (the kind depends on what exists already)."""
    members = club.members()
    tournaments = club.tournaments()
    kinds = ["member", "tournament"]
    if members:
        kinds.append("update_member")
    if members and tournaments:
        kinds.append("entrant")
    tournament = data.draw(st.sampled_from(tournaments)) if tournaments else None
    facts = club.load_tournament(tournament) if tournament else None
    if facts and facts.entrants:
        kinds += ["status", "round"]
    if facts and facts.rounds:
        kinds += ["result", "delete_round"]
    if tournament:
        kinds.append("settings")
    kind = data.draw(st.sampled_from(kinds))
    if kind == "member":
        club.add_member(data.draw(NAMES), data.draw(st.none() | st.integers(0, 3000)), None)
    elif kind == "update_member":
        member = data.draw(st.sampled_from(members))
        club.update_member(member.id, data.draw(st.none() | st.integers(0, 3000)), 123)
    elif kind == "tournament":
        name = data.draw(NAMES.filter(lambda n: n not in {t.name for t in tournaments}))
        club.add_tournament(name, "keizer", data.draw(st.text(max_size=20)))
    elif kind == "settings":
        assert tournament is not None
        club.set_settings(tournament.id, data.draw(st.text(max_size=20)))
    elif kind == "entrant":
        assert tournament is not None
        enrolled = set(club.entrant_members(tournament.id).values())
        free = [m for m in members if m.id not in enrolled]
        if free:
            member = data.draw(st.sampled_from(free))
            club.add_entrant(tournament.id, member.id, member.rating, Status.PRESENT)
    elif kind == "status":
        assert facts is not None and tournament is not None
        entrant = data.draw(st.sampled_from(facts.entrants))
        club.set_status(tournament.id, entrant.id, data.draw(st.sampled_from(list(Status))))
    elif kind == "round":
        assert facts is not None and tournament is not None
        ids = data.draw(st.permutations([e.id for e in facts.entrants]))
        pairs = len(ids) // 2
        games = tuple(Game(ids[2 * i], ids[2 * i + 1], data.draw(RESULTS)) for i in range(pairs))
        absences = tuple(Absence(p, "excused") for p in ids[2 * pairs :])
        notes = RoundNotes(tuple(data.draw(st.lists(NAMES, max_size=2))), "auto")
        club.add_round(tournament.id, Round(len(facts.rounds) + 1, games, absences), notes)
    elif kind == "result":
        assert facts is not None and tournament is not None
        rnd = data.draw(st.sampled_from(facts.rounds))
        if rnd.games:
            board = data.draw(st.integers(1, len(rnd.games)))
            club.set_result(tournament.id, rnd.number, board, data.draw(RESULTS))
    else:
        assert facts is not None and tournament is not None
        club.delete_round(tournament.id, len(facts.rounds))


@settings(max_examples=60, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_undo_restores_every_earlier_state(data: st.DataObject) -> None:
    with (
        tempfile.TemporaryDirectory() as folder,
        Club.create(Path(folder) / "c.rochade", "td", AT) as club,
    ):
        states = [club.snapshot()]
        for step in range(data.draw(st.integers(1, 12))):
            with club.action("change", f"change {step}", "td", AT):
                for _ in range(data.draw(st.integers(1, 3))):
                    _one_change(club, data)
            states.append(club.snapshot())
        # Undo a random number of steps, do something new, then undo everything.
        back = data.draw(st.integers(1, len(states) - 1))
        club.undo(back, "td", AT)
        assert club.snapshot() == states[-1 - back]
        with club.action("member", "late change", "td", AT):
            club.add_member("Late", None, None)
        club.undo(1, "td", AT)
        assert club.snapshot() == states[-1 - back]
        while len(club.undoable(1)) == 1:
            club.undo(1, "td", AT)
        assert club.snapshot() == states[0]


@settings(max_examples=60, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_redo_brings_back_exactly_what_undo_took(data: st.DataObject) -> None:
    """Undo N steps (in one undo or in N), then redo as often: the very same facts, rowids
    included, and the log honest: the changes stand again, each undo is marked undone by its
    redo, and undo walks back through every earlier state as before."""
    with (
        tempfile.TemporaryDirectory() as folder,
        Club.create(Path(folder) / "c.rochade", "td", AT) as club,
    ):
        states = [club.snapshot()]
        for step in range(data.draw(st.integers(1, 10))):
            with club.action("change", f"change {step}", "td", AT):
                for _ in range(data.draw(st.integers(1, 3))):
                    _one_change(club, data)
            states.append(club.snapshot())
        changes = [a for a in club.actions() if a.kind == "change"]
        back = data.draw(st.integers(1, len(states) - 1))
        undos = [back] if data.draw(st.booleans()) else [1] * back
        for steps in undos:
            club.undo(steps, "td", AT)
        assert club.snapshot() == states[-1 - back]
        redone = [club.redo("td", AT) for _ in undos]
        assert club.snapshot() == states[-1]
        assert [a for a in club.actions() if a.kind == "change"] == changes
        assert [len(r) for r in redone] == list(reversed(undos))
        log = club.actions()
        undo_rows = [a for a in log if a.kind == "undo"]
        redo_ids = [a.id for a in log if a.kind == "redo"]
        assert sorted(a.undone_by for a in undo_rows if a.undone_by) == redo_ids
        with pytest.raises(StoreError, match="there is no undo to redo"):
            club.redo("td", AT)
        for earlier in reversed(states[:-1]):
            club.undo(1, "td", AT)
            assert club.snapshot() == earlier
