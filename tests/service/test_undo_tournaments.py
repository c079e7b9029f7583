"""Undo per tournament: two tournaments in one club file, each undoing its own changes only;
an undo that would overwrite a newer change (of another tournament, or club-wide) is refused,
naming that change; an undo guarded by the id of the change the TD saw refuses if another
change is the last one by now. Refused means: nothing changed."""

from __future__ import annotations

import contextlib

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rochade.core.model import Status
from rochade.service import ClubService, ServiceError, StoreError
from rochade.store import Club

WINTER = "name,rating\nAnna Berg,2000\nBo O'Neill,1900\nCém Öztürk,1800\nDana Jones,1700\n"
RAPID = "name,rating\nAnna Berg,2000\nEmil Wu,1600\nFrida Lund,1500\nGus Hall,1400\n"


@pytest.fixture
def two(club: ClubService) -> ClubService:
    """Winter and Rapid, four players each (Anna Berg plays in both)."""
    club.create_tournament("Winter", "classic")
    club.import_players(WINTER, "Winter")
    club.create_tournament("Rapid", "kfc")
    club.import_players(RAPID, "Rapid")
    return club


def facts(service: ClubService) -> object:
    with Club.open(service.path) as club:
        return club.snapshot()


def last_id(service: ClubService) -> int:
    return service.log()[-1].id


def play(service: ClubService, name: str, data: st.DataObject) -> None:
    """One random change of tournament `name`: pair, a result or correction, a status (a
    refused one changes nothing)."""
    t = service.tournament(name)
    kind = data.draw(st.sampled_from(["pair", "result", "result", "status"]))
    if kind == "pair" and (not t.rounds or t.rounds[-1].complete):
        with contextlib.suppress(ServiceError):  # fewer than two present
            service.pair(name)
    elif kind == "result" and t.rounds:
        rnd = data.draw(st.sampled_from(t.rounds))
        board = data.draw(st.sampled_from(rnd.games)).board or 1
        service.enter_result(rnd.number, board, data.draw(st.sampled_from(["1-0", "1/2", "0-1"])),
                             name)
    else:
        player = data.draw(st.sampled_from(t.entrants))
        service.set_status(str(player.id), data.draw(st.sampled_from(
            [Status.PRESENT, Status.EXCUSED, Status.CLUB_DUTY])), name)


@settings(
    max_examples=15,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(data=st.data())
def test_undo_in_one_tournament_never_reaches_the_other(two: ClubService,
                                                        data: st.DataObject) -> None:
    winter_start, rapid_start = two.tournament("Winter"), two.tournament("Rapid")
    start_log = last_id(two)
    try:
        for _ in range(data.draw(st.integers(1, 12))):
            play(two, data.draw(st.sampled_from(["Winter", "Rapid"])), data)
        rapid = two.tournament("Rapid")
        winter_ids = {a.id for a in two.log()
                      if a.id > start_log and a.description.startswith("Winter: ")}
        # Undo Winter back to where it started: Rapid never moves.
        while (target := two.undo_target("Winter")) is not None and target.id > start_log:
            [undone] = two.undo(tournament="Winter", action=target.id)
            assert undone.id in winter_ids
            assert two.tournament("Rapid") == rapid
        assert two.tournament("Winter") == winter_start
        # And the other way round.
        while (target := two.undo_target("Rapid")) is not None and target.id > start_log:
            two.undo(tournament="Rapid")
            assert two.tournament("Winter") == winter_start
        assert two.tournament("Rapid") == rapid_start
    finally:  # hypothesis reuses the fixture's file: back to the start for the next example
        while (target := two.undo_target()) is not None and target.id > start_log:
            two.undo()


def test_the_undo_names_its_tournament_and_the_log_line_too(two: ClubService) -> None:
    two.pair("Rapid")
    two.pair("Winter")
    two.enter_result(1, 1, "1-0", "Rapid")
    [undone] = two.undo(tournament="Winter")
    assert undone.description == "Winter: pair round 1 (automatic): 2 boards"
    assert two.log()[-1].description == "undo: Winter: pair round 1 (automatic): 2 boards"
    assert two.tournament("Rapid").rounds[0].games[0].result is not None
    assert two.tournament("Winter").rounds == ()
    # Winter's import added Anna Berg to the members, and she plays in Rapid since.
    before = facts(two)
    with pytest.raises(StoreError, match="Winter: import 4 players cannot be undone: newer"):
        two.undo(tournament="Winter", steps=2)
    assert facts(two) == before


def test_a_club_wide_undo_names_what_it_undoes(two: ClubService) -> None:
    two.add_player("Hanna Club", 1500)  # two tournaments and none named: a member only
    [undone] = two.undo()
    assert undone.tournament_id is None and undone.description == "add player Hanna Club"
    two.pair("Rapid")  # the whole file's last change is a tournament's: it is named
    [undone] = two.undo()
    assert undone.description.startswith("Rapid: pair round 1")


def test_a_newer_change_of_another_tournament_to_the_same_rows_refuses(two: ClubService) -> None:
    two.add_player("Zoe Kim", 1500, tournament="Winter")  # a new member
    two.add_player("Zoe Kim", 1650, tournament="Rapid")  # the same member, her rating updated
    before = facts(two)
    rapid_change = last_id(two)
    with pytest.raises(StoreError) as refused:
        two.undo(tournament="Winter")
    assert str(refused.value) == (
        f"#{rapid_change - 1} Winter: add player Zoe Kim as 5 cannot be undone: the newer change "
        f"#{rapid_change} Rapid: add player Zoe Kim as 5 changed the same data; undo that first"
    )
    assert facts(two) == before and last_id(two) == rapid_change
    two.undo(tournament="Rapid")
    two.undo(tournament="Winter")  # now it can
    assert "Zoe Kim" not in [e.name for e in two.tournament("Winter").entrants]
    assert "Zoe Kim" not in [e.name for e in two.tournament("Rapid").entrants]


def test_a_club_wide_change_to_the_same_rows_refuses_too(two: ClubService) -> None:
    two.add_player("Zoe Kim", 1500, tournament="Winter")
    two.add_player("Zoe Kim", 1700)  # club-wide: the member's rating
    before = facts(two)
    with pytest.raises(StoreError, match=r"the newer change #\d+ add player Zoe Kim changed"):
        two.undo(tournament="Winter")
    assert facts(two) == before


def test_what_a_newer_change_still_needs_is_not_undone(two: ClubService) -> None:
    two.add_player("Zoe Kim", tournament="Winter")  # a new member ...
    two.add_player("Zoe Kim", tournament="Rapid")  # ... who plays in Rapid too (no update)
    before = facts(two)
    with pytest.raises(StoreError, match="newer changes still need what it added"):
        two.undo(tournament="Winter")
    assert facts(two) == before


def test_the_guard_refuses_a_stale_undo_and_changes_nothing(two: ClubService) -> None:
    two.pair("Winter")
    seen = last_id(two)
    two.pair("Rapid")  # another tournament's change: not newer for Winter's undo
    two.enter_result(1, 1, "1-0", "Winter")  # a result from another device
    before = facts(two)
    with pytest.raises(StoreError) as refused:
        two.undo(tournament="Winter", action=seen)
    assert str(refused.value).startswith(
        f"there is a newer change than #{seen}: #{seen + 2} Winter: result round 1 board 1: "
    )
    assert facts(two) == before
    two.undo(tournament="Winter", action=seen + 2)
    [undone] = two.undo(tournament="Winter", action=seen)  # Rapid's pairing is not in the way
    assert undone.id == seen and two.tournament("Rapid").rounds
    with pytest.raises(StoreError, match=rf"change #{seen} was undone already \(by #"):
        two.undo(tournament="Winter", action=seen)
    newest = last_id(two)  # Winter's undo: no change of Rapid's
    with pytest.raises(StoreError, match=rf"change #{newest} is not the last change"):
        two.undo(tournament="Rapid", action=newest)


def test_old_lines_and_new_lines_both_display(two: ClubService) -> None:
    with Club.open(two.path) as club, club.action("player", "a plain old line", "td", two.clock()):
        pass
    two.pair("Winter")
    lines = two.log()[-2:]
    assert [str(a.message) for a in lines] == [
        "a plain old line", "Winter: pair round 1 (automatic): 2 boards"
    ]
    assert lines[1].message.values["change"].template == (  # type: ignore[union-attr]
        "pair round {round} ({how}): {boards} boards"
    )


def test_redo_of_one_tournament_ignores_the_others_new_changes_but_not_its_own(
    two: ClubService,
) -> None:
    """A redo per tournament: Rapid's new changes of other rows do not keep Winter's undo from
    being redone; Winter's own do, and so does Rapid's pairing once it stored its games where
    Winter's were (the rows the redo would put back, rowid for rowid). A refused redo changes
    nothing."""
    two.pair("Winter")
    winter = two.tournament("Winter")
    two.undo(1, "Winter")
    two.set_status("Emil Wu", Status.EXCUSED, "Rapid")
    rapid = two.tournament("Rapid")
    assert two.redo_target("Winter") is not None
    [back] = two.redo("Winter")
    assert back.description.startswith("Winter: pair round 1")
    assert (two.tournament("Winter"), two.tournament("Rapid")) == (winter, rapid)
    for newer, name in (("Winter", "Anna Berg"), ("Rapid", None)):
        two.undo(1, "Winter")
        if name is None:
            two.pair("Rapid")
        else:
            two.set_status(name, Status.EXCUSED, "Winter")
        assert two.redo_target("Winter") is None
        before = facts(two)
        with pytest.raises(StoreError, match=rf"#\d+ {newer}: .* came after the undo #\d+; "
                                             "redo only brings back"):
            two.redo("Winter")
        assert facts(two) == before
        two.undo(1, newer)  # the newer change goes, and Winter is paired again
        two.pair("Winter")
