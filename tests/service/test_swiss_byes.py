"""Swiss byes asked in advance, the half-point-bye limit, forbidden pairs taken back and
settings changed during a round robin or Swiss: enforced by the service, one action each."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rochade.core.model import Status
from rochade.core.systems import ByeRequest, SwissSettings
from rochade.core.tiebreaks import parse_tiebreaks
from rochade.service import ClubService, ServiceError


@pytest.fixture
def swiss(club: ClubService) -> ClubService:
    """A 5-round Swiss of eight (ids 1-8 by rating): at most 2 half-point byes, none in the
    last round."""
    club.create_system_tournament(
        "Open", "swiss", {"rounds": 5, "max_half_point_byes": 2, "half_point_byes_closed": 1}
    )
    club.import_players("".join(f"P{i},{2300 - 50 * i}\n" for i in range(1, 9)))
    return club


def _play(svc: ClubService) -> None:
    """Pair the next round and let white win every game."""
    for game in svc.pair().round.games:
        svc.enter_result(len(svc.tournament().rounds), game.board, "1-0")


def _settings(svc: ClubService) -> SwissSettings:
    s = svc.tournament().settings
    assert isinstance(s, SwissSettings)
    return s


def test_a_requested_bye_becomes_the_players_row_in_that_round(swiss: ClubService) -> None:
    swiss.request_bye("P3", 2)
    swiss.request_bye("P5", 2, half=False)
    assert _settings(swiss).bye_requests == {ByeRequest(2, 3, True), ByeRequest(2, 5, False)}
    _play(swiss)
    rnd = swiss.pair().round
    assert {(a.player, a.reason) for a in rnd.absences} == {
        (3, "half_point_bye"), (5, "zero_point_bye")}
    assert len(rnd.games) == 3
    first = swiss.tournament().rounds[0]
    won = {g.white for g in first.games}  # white won every game of round 1
    points = {line.entrant.id: line.total for line in swiss.standings().lines}
    assert points[3] == (3 in won) + Fraction(1, 2) and points[5] == (5 in won)
    lines = [a.description for a in swiss.log()]
    assert any(d.endswith(": P3 (3): half-point bye in round 2") for d in lines)


def test_half_point_byes_beyond_the_limit_are_refused(swiss: ClubService) -> None:
    swiss.request_bye("P1", 2)
    swiss.request_bye("P1", 3, confirm=True)  # FIDE mode asks about a second one
    with pytest.raises(ServiceError, match=r"P1 cannot have another half-point bye: this "
                       r"Swiss allows at most 2 per player"):
        swiss.request_bye("P1", 4, confirm=True)
    swiss.request_bye("P1", 4, half=False)  # a zero-point bye is always possible
    swiss.request_bye("P1", 3, confirm=True)  # asking again for the same round replaces
    with pytest.raises(ServiceError, match=r"none in its last 1 round\(s\) \(5\)"):
        swiss.request_bye("P2", 5)


def test_an_excused_player_counts_against_the_limit(swiss: ClubService) -> None:
    swiss.request_bye("P1", 2)
    swiss.request_bye("P1", 3, confirm=True)
    _play(swiss)
    _play(swiss)
    _play(swiss)
    before = len(swiss.log())
    with pytest.raises(ServiceError, match="cannot have another half-point bye"):
        swiss.set_status("P1", Status.EXCUSED)
    assert len(swiss.log()) == before
    swiss.set_status("P1", Status.UNEXCUSED)
    _play(swiss)
    reasons = [a.reason for r in swiss.tournament().rounds for a in r.absences if a.player == 1]
    assert reasons == ["half_point_bye", "half_point_bye", "unexcused"]


def test_a_sticky_excused_status_is_checked_when_pairing(swiss: ClubService) -> None:
    swiss.set_status("P4", Status.EXCUSED)
    _play(swiss)
    _play(swiss)
    with pytest.raises(ServiceError, match="P4 cannot have another half-point bye"):
        swiss.pair()
    assert len(swiss.tournament().rounds) == 2


def test_bye_requests_are_for_coming_rounds_of_a_swiss(swiss: ClubService) -> None:
    _play(swiss)
    with pytest.raises(ServiceError, match="round 1 is paired already"):
        swiss.request_bye("P1", 1)
    with pytest.raises(ServiceError, match="there is no round 6"):
        swiss.request_bye("P1", 6)
    with pytest.raises(ServiceError, match="has asked for no bye in round 3"):
        swiss.cancel_bye("P1", 3)
    swiss.request_bye("P1", 3)
    swiss.cancel_bye("P1", 3)
    assert _settings(swiss).bye_requests == frozenset()
    swiss.set_status("P8", Status.WITHDRAWN)
    with pytest.raises(ServiceError, match="P8 has withdrawn"):
        swiss.request_bye("P8", 3)
    swiss.create_system_tournament("Closed", "round-robin")
    swiss.add_player("P1", tournament="Closed")
    with pytest.raises(ServiceError, match="is not a Swiss"):
        swiss.request_bye("P1", 2, tournament="Closed")


def test_forbidden_pairs_can_be_taken_back(swiss: ClubService) -> None:
    swiss.forbid_pair("P1", "P2")
    assert _settings(swiss).forbidden_pairs == {frozenset({1, 2})}
    swiss.forbid_pair("P2", "P1", forbidden=False)
    assert _settings(swiss).forbidden_pairs == frozenset()
    with pytest.raises(ServiceError, match="may already be paired"):
        swiss.forbid_pair("P1", "P2", forbidden=False)


def test_settings_change_within_what_the_played_rounds_allow(swiss: ClubService) -> None:
    swiss.change_rules({"tiebreaks": "BH,SB", "acceleration": "baku"})
    s = _settings(swiss)
    assert s.tiebreaks == parse_tiebreaks("BH,SB") and s.acceleration.value == "baku"
    _play(swiss)
    _play(swiss)
    changed = swiss.change_rules({"rounds": "3", "max_half_point_byes": "", "bye_value": "1/2"},
                                 confirm=True)  # FIDE mode: after the start, confirmed
    s = changed.tournament.settings
    assert isinstance(s, SwissSettings)
    assert (s.rounds, s.max_half_point_byes, s.scoring.pab) == (3, None, Fraction(1, 2))
    with pytest.raises(ServiceError, match="the setting acceleration can no longer change"):
        swiss.change_rules({"acceleration": "none"})
    with pytest.raises(ServiceError, match="cannot have only 1"):
        swiss.change_rules({"rounds": 1})
    with pytest.raises(ServiceError, match="unknown tie-break"):
        swiss.change_rules({"tiebreaks": "XYZ"})
    with pytest.raises(ServiceError, match="does not apply to a swiss"):
        swiss.change_rules({"double": True})
    assert _settings(swiss).rounds == 3
