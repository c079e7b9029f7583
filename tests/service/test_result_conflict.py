"""Issue 11.4 in the service: a result carries the result the TD saw on the board; if the board
holds another one when the write transaction has the lock, nothing is saved (a conflict)."""

from __future__ import annotations

import threading

import pytest
from test_service_club import play_round, snapshot

from rochade.core.model import ModelError, Result
from rochade.service import ClubService, ResultConflict


def test_a_stale_expected_result_is_a_conflict_and_changes_nothing(six: ClubService) -> None:
    six.pair()
    six.enter_result(1, 1, "1-0", expected="")  # the first device
    before = snapshot(six)
    with pytest.raises(ResultConflict) as refused:  # the second device still saw no result
        six.enter_result(1, 1, "0-1", expected="")
    assert snapshot(six) == before
    conflict = refused.value
    assert (conflict.round_number, conflict.board) == (1, 1)
    assert (conflict.current, conflict.seen, conflict.wanted) == (
        Result.WHITE_WINS, None, Result.BLACK_WINS)
    assert str(conflict) == (
        "round 1 board 1 was changed meanwhile to 1-0 (you saw no result); nothing was saved"
    )
    with pytest.raises(ResultConflict, match="changed meanwhile to 1-0 \\(you saw 1/2-1/2\\)"):
        six.enter_result(1, 1, "0-1", expected="=")
    assert snapshot(six) == before
    report = six.enter_result(1, 1, "0-1", expected="1-0")  # replace, knowing what is there
    assert report.previous is Result.WHITE_WINS and report.game.result is Result.BLACK_WINS


def test_a_duplicated_post_is_applied_once(six: ClubService) -> None:
    six.pair()
    six.enter_result(1, 2, "1/2", expected="")
    before = snapshot(six)
    with pytest.raises(ResultConflict, match="changed meanwhile to 1/2-1/2 \\(you saw no"):
        six.enter_result(1, 2, "1/2", expected="")
    assert snapshot(six) == before
    entered = [a for a in six.log() if a.kind == "result"]
    assert len(entered) == 1


def test_a_correction_of_an_old_round_with_the_right_expected_result(six: ClubService) -> None:
    play_round(six)
    play_round(six)
    report = six.enter_result(1, 1, "0-1", expected="1-0")
    assert report.previous is Result.WHITE_WINS and report.changes  # who moved is reported
    assert six.tournament().rounds[0].games[0].result is Result.BLACK_WINS
    with pytest.raises(ResultConflict, match="round 1 board 1 was changed meanwhile to 0-1"):
        six.enter_result(1, 1, "1/2", expected="1-0")  # what the TD saw before the correction
    assert six.enter_result(2, 1, "-/-", expected="1:0").game.result is Result.DOUBLE_FORFEIT


def test_an_undone_result_is_a_conflict_for_whoever_still_sees_it(six: ClubService) -> None:
    six.pair()
    six.enter_result(1, 3, "+/-", expected="")
    six.undo()
    with pytest.raises(ResultConflict, match="changed meanwhile to no result \\(you saw \\+/-\\)"):
        six.enter_result(1, 3, "1-0", expected="+-")
    assert six.tournament().rounds[0].games[2].result is None


def test_without_an_expected_result_nothing_is_checked(six: ClubService) -> None:
    """The CLI without --expect, the demo, scripts: as before."""
    six.pair()
    six.enter_result(1, 1, "1-0")
    assert six.enter_result(1, 1, "0-1").previous is Result.WHITE_WINS


def test_a_wrong_expected_result_is_refused_before_anything(six: ClubService) -> None:
    six.pair()
    before = snapshot(six)
    with pytest.raises(ModelError, match="unknown result '2-0'"):
        six.enter_result(1, 1, "1-0", expected="2-0")
    assert snapshot(six) == before


def test_two_devices_at_once_on_one_board_one_wins_the_others_are_told(six: ClubService) -> None:
    """Eight devices (each its own connection to the file) post different results for one
    board, all having seen it empty, at the same moment: exactly one is saved."""
    six.pair()
    wanted = ["1-0", "0-1", "1/2", "+/-", "-/+", "-/-", "1-0", "0-1"]
    start = threading.Barrier(len(wanted))
    saved: list[str] = []
    refused: list[ResultConflict] = []

    def device(result: str) -> None:
        svc = ClubService(six.path, "device", six.clock)
        start.wait()
        try:
            svc.enter_result(1, 1, result, expected="")
            saved.append(result)
        except ResultConflict as exc:
            refused.append(exc)

    threads = [threading.Thread(target=device, args=(r,)) for r in wanted]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(saved) == 1 and len(refused) == len(wanted) - 1
    on_board = six.tournament().rounds[0].games[0].result
    assert on_board is Result.parse(saved[0])
    assert all(exc.current is on_board for exc in refused)
    assert len([a for a in six.log() if a.kind == "result"]) == 1
