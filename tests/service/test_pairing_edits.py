"""Changing a paired round in place (each change one undoable action; a refused one changes
nothing), and what a correction of an earlier round says about the rounds paired on its old
result."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from test_service_club import play_round, snapshot

from rochade.core.model import Reason, Result
from rochade.service import ClubService, NeedsConfirmation, ServiceError
from rochade.service.phones import PhoneSettings

SWISS = "name,rating\n" + "".join(f"S{i},{2300 - 20 * i}\n" for i in range(1, 10))


def editor(club: ClubService) -> ClubService:
    return ClubService(club.path, "td-ina", club.clock)


def seats(club: ClubService, name: str | None = None) -> tuple[list[tuple[int, int]], int | None]:
    rnd = club.tournament(name).rounds[-1]
    return [(g.white, g.black) for g in rnd.games], rnd.bye


def swiss(club: ClubService, fide: bool) -> ClubService:
    """Nine players (one bye), round 1 of 3 played, round 2 paired by the engine."""
    club.create_system_tournament("Open", "swiss", {"rounds": 3, "fide_mode": fide})
    club.import_players(SWISS, "Open")
    report = club.pair("Open")
    for game in report.round.games:
        club.enter_result(1, game.board, "1-0", "Open")
    club.pair("Open")
    return editor(club)


def test_two_players_change_places_and_undo_restores_exactly(six: ClubService) -> None:
    six.pair()
    before_seats, before = seats(six), snapshot(six)[0]
    (w1, b1), (w2, b2), _ = before_seats[0]
    report = editor(six).swap_players(str(b1), str(w2))
    assert seats(six)[0][:2] == [(w1, w2), (b1, b2)] == [
        (g.white, g.black) for g in report.round.games[:2]]
    assert str(six.log()[-1].message) == (
        'Winter: round 1: Anna Berg and Dana "DJ" Jones change places')
    notes = six.round_notes(1)
    assert notes.explanation[-1].startswith("Changed by hand: round 1: ")
    six.undo(1)
    assert seats(six) == before_seats and snapshot(six)[0] == before


def test_colours_turn_and_a_board_is_paired_again_by_the_engine(six: ClubService) -> None:
    six.pair()
    first, second, third = seats(six)[0]
    edits = editor(six)
    edits.swap_colours(2)
    assert seats(six)[0] == [first, second[::-1], third]
    assert edits.undo_plan(1).removes == ()  # undone without a confirmation page
    edits.undo(1)
    edits.swap_players(str(first[1]), str(second[1]))  # a pairing the engine would not make
    edits.repair_boards([1, 2])
    boards = seats(six)[0]
    assert boards[2] == third and {p for b in boards[:2] for p in b} == {*first, *second}
    with pytest.raises(ServiceError, match="choose the boards"):
        edits.repair_boards([])
    with pytest.raises(ServiceError, match="the engine pairs boards 1, 2 as they are"):
        edits.repair_boards([1, 2])


def test_the_bye_moves_and_a_late_entry_plays_the_one_who_had_it(club: ClubService) -> None:
    edits = swiss(club, fide=False)
    boards, bye = seats(club, "Open")
    assert bye is not None
    taker = boards[3][0]
    edits.move_bye(str(taker), tournament="Open")
    after, new_bye = seats(club, "Open")
    assert new_bye == taker and after[3] == (bye, boards[3][1])
    name = club.tournament("Open").entrant(taker).name
    with pytest.raises(ServiceError) as again:
        edits.move_bye(str(taker), tournament="Open")
    assert str(again.value) == f"{name} has the bye already"
    late = club.add_player("Late Comer", 1500, tournament="Open").entrant
    assert late is not None
    t = club.tournament("Open")
    assert any(a.player == late.id and a.reason == Reason.LATE_START.value
               for a in t.rounds[-1].absences)
    report = edits.pair_late_entry("Late Comer", tournament="Open")
    last = report.round.games[-1]
    assert {last.white, last.black} == {taker, late.id} and report.round.bye is None
    assert all(a.player != late.id for a in club.tournament("Open").rounds[-1].absences)
    with pytest.raises(ServiceError, match="round 2 has no bye"):
        edits.move_bye("S1", tournament="Open")
    edits.undo(1, "Open")
    assert seats(club, "Open") == (after, taker)


Change = Callable[[ClubService], object]


def _late(edits: ClubService) -> object:
    edits.add_player("Late Comer", 1500, tournament="Open")
    return edits.pair_late_entry("Late Comer", tournament="Open")


def _first_seats(edits: ClubService) -> tuple[int, int, int]:
    rnd = edits.tournament("Open").rounds[-1]
    assert rnd.bye is not None
    return rnd.games[0].white, rnd.games[1].black, rnd.bye


@pytest.mark.parametrize("change", [
    lambda e: e.swap_players(*map(str, _first_seats(e)[:2]), tournament="Open"),
    lambda e: e.swap_players(*map(str, _first_seats(e)[1:]), tournament="Open"),
    lambda e: e.swap_colours(3, tournament="Open"),
    lambda e: e.move_bye(str(_first_seats(e)[0]), tournament="Open"),
    lambda e: e.repair_boards([1, 2, 3], tournament="Open"),
], ids=["swap", "swap-with-the-bye", "colours", "bye", "again"])
def test_each_change_is_one_action_that_undo_takes_back_exactly(
        club: ClubService, change: Change) -> None:
    edits = swiss(club, fide=False)
    edits.enter_result(2, 4, "1-0", "Open")  # a board with a result stays as it is
    rnd = edits.tournament("Open").rounds[-1]
    edits.swap_players(str(rnd.games[0].black), str(rnd.games[2].black), tournament="Open")
    before, actions = snapshot(club)[0], len(club.log())
    change(edits)
    assert snapshot(club)[0] != before and len(club.log()) == actions + 1
    assert club.tournament("Open").rounds[-1].games[3].result is Result.WHITE_WINS
    assert edits.undo_plan(1, "Open").removes == ()  # no round goes: no confirmation asked
    edits.undo(1, "Open")
    assert snapshot(club)[0] == before


def test_a_late_entry_and_its_undo(club: ClubService) -> None:
    edits = swiss(club, fide=False)
    before = snapshot(club)[0]
    _late(edits)
    edits.undo(1, "Open")  # the pairing, then the player added
    edits.undo(1, "Open")
    assert snapshot(club)[0] == before


@pytest.mark.parametrize(("change", "refusal"), [
    (lambda e: e.swap_players("1", "1"), "choose two different players"),
    (lambda e: e.swap_players("1", "Bo O'Neill"), "board 1 has its result already"),
    (lambda e: e.swap_colours(9), r"round 1 has no board 9 \(it has boards 1-3\)"),
    (lambda e: e.swap_colours(1), "board 1 has its result already"),
    (lambda e: e.repair_boards([1, 2]), "board 1 has its result already"),
    (lambda e: e.move_bye("1"), "round 1 has no bye"),
    (lambda e: e.pair_late_entry("1"), "round 1 has no bye to pair"),
    (lambda e: e.swap_players("1", "Nobody"), "Nobody"),
])
def test_bad_input_is_refused_and_changes_nothing(six: ClubService, change: Change,
                                                   refusal: str) -> None:
    six.pair()
    game = six.tournament().rounds[0].games[0]
    six.enter_result(1, 1, "1-0")
    assert {game.white, game.black} == {1, 2}  # (the strongest two meet on board 1)
    before = snapshot(six)
    with pytest.raises(ServiceError, match=refusal):
        change(editor(six))
    assert snapshot(six) == before


def test_fide_mode_names_the_boards_that_differ_and_the_trf_says_so(
        club: ClubService) -> None:
    edits = swiss(club, fide=True)
    (w1, b1), (w2, b2), *_ = seats(club, "Open")[0]
    before = snapshot(club)
    with pytest.raises(NeedsConfirmation) as asked:
        edits.swap_players(str(b1), str(b2), tournament="Open")
    assert snapshot(club) == before
    said = str(asked.value)
    start = {pid: n for n, pid in enumerate(_numbers(club), 1)}
    boards = (f"board 1: {start[w1]}-{start[b2]} instead of {start[w1]}-{start[b1]}; "
              f"board 2: {start[w2]}-{start[b1]} instead of {start[w2]}-{start[b2]}")
    assert f"round 2: paired by hand, differing from the engine's pairing: {boards}" in said
    edits.swap_players(str(b1), str(b2), confirm=True, tournament="Open")
    comments = [line for line in club.export_trf("Open").splitlines()
                if line.startswith("###")]
    assert len(comments) == 1 and comments[0].endswith(boards)
    edits.undo(1, "Open")  # the comment goes with the change
    assert not [line for line in club.export_trf("Open").splitlines()
                if line.startswith("###")]


def test_fide_mode_names_a_moved_bye_by_start_numbers(club: ClubService) -> None:
    edits = swiss(club, fide=True)
    boards, bye = seats(club, "Open")
    assert bye is not None
    taker, opponent = boards[3]
    with pytest.raises(NeedsConfirmation) as asked:
        edits.move_bye(str(taker), tournament="Open")
    start = {pid: n for n, pid in enumerate(_numbers(club), 1)}
    assert ("differing from the engine's pairing: board 4: "
            f"{start[bye]}-{start[opponent]} instead of {start[taker]}-{start[opponent]}; "
            f"bye: {start[taker]} instead of {start[bye]}") in str(asked.value)


def _numbers(club: ClubService) -> tuple[int, ...]:
    from rochade.core.systems import numbers_of

    return numbers_of(club.tournament("Open"))


def test_a_round_robin_is_not_edited(club: ClubService) -> None:
    club.create_system_tournament("RR", "round-robin", {"fide_mode": False})
    club.import_players("name,rating\nA,2000\nB,1900\nC,1800\nD,1700\n", "RR")
    club.pair("RR")
    with pytest.raises(ServiceError, match="Berger table"):
        editor(club).swap_colours(1, tournament="RR")


def test_a_phone_report_of_a_changed_board_is_dropped(six: ClubService) -> None:
    desk = ClubService(six.path, "td-ina", six.clock)
    desk.set_phone_settings(PhoneSettings("code1"))
    game = six.pair().round.games[1]
    desk.bind_device(game.white, "dev-a", "code1")
    desk.report_result(game.white, "1-0", "dev-a")
    assert desk.reports()[2].white is Result.WHITE_WINS
    editor(six).swap_colours(2)
    assert desk.reports() == {}


def test_a_correction_of_a_round_paired_on_says_so(six: ClubService) -> None:
    play_round(six)
    play_round(six)
    report = six.enter_result(1, 1, "0-1")
    assert str(report.paired_on) == (
        "Round 2 was paired with this result; pairings are not changed.")
    assert six.enter_result(1, 1, "0-1").paired_on is None  # the same result: nothing changed
    assert six.enter_result(2, 1, "1/2").paired_on is None  # the last round: nothing paired on
