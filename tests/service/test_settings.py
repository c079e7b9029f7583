"""Tournament settings changed after creation: validated, previewed, logged and undoable."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rochade.core.keizer.settings import KeizerSettings, Ladder
from rochade.core.systems import SwissSettings
from rochade.service import ClubService, ServiceError


def _play_round_one(club: ClubService) -> None:
    report = club.pair()
    for game in report.round.games:
        club.enter_result(1, game.board, "1-0")


def test_a_change_mid_season_reprices_the_rounds_played_and_can_be_undone(
    six: ClubService,
) -> None:
    _play_round_one(six)
    before = six.standings()
    preview = six.change_rules({"ratio": "5", "rematch_gap": "2"}, save=False)
    assert [(c.setting.key, c.old, c.new) for c in preview.changes] == [
        ("ratio", "3", "5"),
        ("rematch_gap", "4", "2"),
    ]
    assert preview.standings, "a new ladder moves the totals"
    assert six.standings() == before, "a preview saves nothing"
    saved = six.change_rules({"ratio": "5", "rematch_gap": "2"})
    settings = six.tournament().settings
    assert isinstance(settings, KeizerSettings)
    assert (settings.ratio, settings.rematch_gap) == (Fraction(5), 2)
    after = six.standings()
    for moved in saved.standings:
        assert before.row(moved.entrant.id).total == moved.old_total
        assert after.row(moved.entrant.id).total == moved.new_total
    assert six.log()[-1].description == "Winter: settings: ratio 3 -> 5, rematch_gap 4 -> 2"
    six.undo()
    assert six.standings() == before


def test_nothing_typed_differently_saves_nothing(six: ClubService) -> None:
    actions = len(six.log())
    report = six.change_rules({"ratio": "3", "max_meetings": ""})
    assert report.changes == () and len(six.log()) == actions


def test_values_are_checked_together_and_explained(six: ClubService) -> None:
    with pytest.raises(ServiceError, match="fixed ladder needs a top value"):
        six.change_rules({"ladder": "fixed"})
    six.change_rules({"ladder": "fixed", "top_value": "70", "max_meetings": "2"})
    settings = six.tournament().settings
    assert isinstance(settings, KeizerSettings)
    assert (settings.ladder, settings.top_value, settings.max_meetings) == (
        Ladder.FIXED, Fraction(70), 2)
    for typed, message in [
        ({"ratio": "three"}, "First-to-last ratio: 'three' is not a number"),
        ({"rematch_gap": "-1"}, "Rounds before a rematch: '-1' is not a whole number"),
        ({"byes_evenly": "maybe"}, "Spread the byes: write yes or no"),
        ({"recompute": "daily"}, "'daily' is not one of per_round, frozen, fixed_point"),
        ({"colour": "red"}, "unknown setting 'colour'"),
        ({"fractions.bye": "-1/2"}, "Share for the bye cannot be negative"),
        ({"caps": "excused"}, "Credited absences at most: cannot read 'excused'; write it "
                              "like excused=3, unexcused=1"),
    ]:
        with pytest.raises(ServiceError, match=message):
            six.change_rules(typed)


def test_a_preset_replaces_the_rules_but_keeps_the_forbidden_pairs(six: ClubService) -> None:
    six.forbid_pair("1", "2")
    report = six.change_rules({"preset": "dutch-club"})
    settings = six.tournament().settings
    assert isinstance(settings, KeizerSettings)
    assert settings.preset == "dutch-club" and settings.top_value == 70
    assert settings.forbidden_pairs == frozenset({frozenset({1, 2})})
    assert ("preset", "classic", "dutch-club") in [
        (c.setting.key, c.old, c.new) for c in report.changes
    ]


def test_rules_that_shaped_the_pairings_stay_once_round_one_is_paired(
    six: ClubService,
) -> None:
    six.change_rules({"round_one_colours": "seeded_random"})  # before round 1: fine
    six.pair()
    with pytest.raises(ServiceError, match="Colours in round 1 cannot change once round 1"):
        six.change_rules({"round_one_colours": "lower_ranked_white"})


def test_a_swiss_preview_lists_its_changes_and_who_moves(club: ClubService) -> None:
    club.create_system_tournament("Open", "swiss", {"rounds": 5})
    club.import_players("name,rating\nA,2000\nB,1900\nC,1800\nD,1700\nE,1600\n")
    report = club.pair()
    for game in report.round.games:
        club.enter_result(1, game.board, "1/2")
    preview = club.change_rules({"bye_value": "1/2"}, save=False)
    assert [c.setting.key for c in preview.changes] == ["bye_values"]
    assert report.round.bye in [m.entrant.id for m in preview.standings]
    ranks = {m.entrant.name: (m.old_rank, m.new_rank) for m in preview.standings}
    assert all(old is not None and new is not None for old, new in ranks.values()), ranks
    more = club.change_rules({"rounds": "7"}, save=False)
    assert [(c.setting.key, c.old, c.new) for c in more.changes] == [("rounds", "5", "7")]
    settings = club.tournament().settings
    assert isinstance(settings, SwissSettings) and settings.scoring.pab is None, "not saved"
    with pytest.raises(ServiceError, match="acceleration can no longer change"):
        club.change_rules({"acceleration": "baku"}, save=False)


def test_a_share_may_be_written_as_a_percentage(six: ClubService) -> None:
    report = six.change_rules({"fractions.excused": "30%", "loss_factor": " 5 % "}, save=False)
    settings = report.tournament.settings
    assert isinstance(settings, KeizerSettings)
    assert settings.fractions["excused"] == Fraction(3, 10)
    assert settings.loss_factor == Fraction(1, 20)
    with pytest.raises(ServiceError, match="is not a whole number"):
        six.change_rules({"rematch_gap": "30%"}, save=False)  # a number of rounds: no %
    with pytest.raises(ServiceError, match="is not a number"):
        six.change_rules({"top_value": "30%"}, save=False)  # a value, not a share


@pytest.mark.parametrize(
    ("typed", "share", "shown"),
    [("35", Fraction(35, 100), "35 %"), ("0.35", Fraction(35, 100), "35 %"),
     ("1/3", Fraction(1, 3), "33⅓ %"), ("33⅓ %", Fraction(1, 3), "33⅓ %"),
     ("12,5", Fraction(1, 8), "12.5 %"), ("100", Fraction(1), "100 %"),
     ("1", Fraction(1), "100 %"), ("0", Fraction(0), "0 %"), ("1/7", Fraction(1, 7), "1/7")],
)
def test_an_absence_share_is_a_percentage_as_kfc_writes_it(
    six: ClubService, typed: str, share: Fraction, shown: str
) -> None:
    """A bare number above 1 is a percentage (KeizerForClubs and the clubs' manuals: 35 is
    35 %, not 35 times the own value); a part up to 1 stays as typed; shown as a percentage
    that reads back as the same share."""
    report = six.change_rules({"fractions.excused": typed}, save=False)
    settings = report.tournament.settings
    assert isinstance(settings, KeizerSettings)
    assert settings.fractions["excused"] == share
    assert [(c.setting.key, c.new) for c in report.changes] in (
        [("fractions.excused", shown)], [])  # 1/3 is the classic share: nothing changes
    again = six.change_rules({"fractions.excused": shown}, save=False).tournament.settings
    assert isinstance(again, KeizerSettings) and again.fractions["excused"] == share


@pytest.mark.parametrize("typed", ["101", "100.5 %", "1000", "3500 %"])
def test_an_absence_share_above_the_whole_own_value_is_refused(six: ClubService,
                                                               typed: str) -> None:
    actions = len(six.log())
    with pytest.raises(ServiceError, match=r"Share when excused: '.*' is more than 100%; "
                                           r"write a percentage \(35 or 35%\)"):
        six.change_rules({"fractions.excused": typed})
    assert len(six.log()) == actions


def test_a_stored_share_keeps_its_meaning(six: ClubService) -> None:
    """Club files written before: a share stored as 0.35 is still 35 % (only what is typed
    is read differently), and the preview names the old share as a percentage."""
    six.change_rules({"fractions.excused": "0.35"})
    settings = six.tournament().settings
    assert isinstance(settings, KeizerSettings)
    assert settings.fractions["excused"] == Fraction(35, 100)
    report = six.change_rules({"fractions.excused": "30"}, save=False)
    assert [(c.old, c.new) for c in report.changes] == [("35 %", "30 %")]


def test_the_withdrawn_share_says_what_it_prices() -> None:
    from rochade.service.tournament_settings import KEIZER_SETTINGS

    withdrawn = next(s for s in KEIZER_SETTINGS if s.key == "fractions.withdrawn")
    assert "against a player who has since withdrawn" in withdrawn.help
    assert "withdrawn player" in withdrawn.label


def test_every_setting_without_json(six: ClubService) -> None:
    """Periods, team values, caps, halving and the seed are typed like any other setting,
    previewed with who moves, and read back as they were typed."""
    six.pair()
    six.enter_result(1, 1, "1-0")
    six.enter_result(1, 2, "1-0")
    six.enter_result(1, 3, "1-0")
    six.change_rules({"team_values": "1=70, 2=50"})
    six.add_external(1, "Anna Berg", 2, 1, "1", extra=True)
    typed = {
        "team_values": "1=70, 2=60",
        "caps": "excused=3",
        "halving": "unexcused",
        "periods": "8 gap=0, 15 gap=0 meetings=3",
    }
    preview = six.change_rules(typed, save=False)
    assert {c.setting.key: c.new for c in preview.changes} == typed
    # Anna's win on team 2's board 1 was worth 50, now 60
    moved = {c.entrant.name: (c.old_total, c.new_total) for c in preview.standings}
    assert moved["Anna Berg"][1] - moved["Anna Berg"][0] == 10
    six.change_rules(typed)
    settings = six.tournament().settings
    assert isinstance(settings, KeizerSettings)
    assert settings.team_values == {1: 70, 2: 60}
    assert settings.caps == {"excused": 3} and settings.halving == {"unexcused"}
    assert [(p.first_round, p.rematch_gap, p.max_meetings) for p in settings.periods] == [
        (8, 0, None), (15, 0, 3)
    ]
    assert not six.change_rules(typed, save=False).changes  # read back as typed
    with pytest.raises(ServiceError, match="cannot change once round 1 is paired"):
        six.change_rules({"seed": "7"}, save=False)
    with pytest.raises(ServiceError, match="write it like 8 gap=0"):
        six.change_rules({"periods": "8 gap"}, save=False)
    with pytest.raises(ServiceError, match="unknown absence reason 'holiday'"):
        six.change_rules({"caps": "holiday=2"}, save=False)
    assert len(six.change_rules({"caps": "", "halving": " "}).changes) == 2
    cleared = six.tournament().settings
    assert isinstance(cleared, KeizerSettings) and not cleared.caps and not cleared.halving


def test_team_boards_follow_the_ladder_unless_typed_in_points(six: ClubService) -> None:
    """A new tournament prices team 1's boards by its ladder (shown as 1=100 %); a team's
    boards may be a share of the ladder or points for board 1, typed in one list."""
    settings = six.tournament().settings
    assert isinstance(settings, KeizerSettings)
    assert (settings.team_values, settings.team_shares) == ({}, {1: 1})
    report = six.change_rules({"team_values": "1=100%, 2=85 %, 3=40"}, save=False)
    assert [(c.old, c.new) for c in report.changes] == [("1=100 %", "1=100 %, 2=85 %, 3=40")]
    s = report.tournament.settings
    assert isinstance(s, KeizerSettings)
    assert (s.team_values, s.team_shares) == ({3: 40}, {1: 1, 2: Fraction(85, 100)})
    with pytest.raises(ServiceError, match="more than 100%"):
        six.change_rules({"team_values": "1=120%"}, save=False)
