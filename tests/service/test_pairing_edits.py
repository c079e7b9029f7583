"""Changing a paired round in place, and what a correction of an earlier round says about the
rounds paired on its old result."""

from __future__ import annotations

from test_service_club import play_round

from rochade.service import ClubService


def test_a_correction_of_a_round_paired_on_says_so(six: ClubService) -> None:
    play_round(six)
    play_round(six)
    report = six.enter_result(1, 1, "0-1")
    assert str(report.paired_on) == (
        "Round 2 was paired with this result; pairings are not changed.")
    assert six.enter_result(1, 1, "0-1").paired_on is None  # the same result: nothing changed
    assert six.enter_result(2, 1, "1/2").paired_on is None  # the last round: nothing paired on
