"""FIDE mode (issue 14.4): on for new round robins and Swiss, the changes it makes the TD
confirm (each logged once, and a `###` comment in the TRF file derived from the log), the
scoring it refuses, the unusual and adjourned results, and leaving it for good."""

from __future__ import annotations

import dataclasses
import json
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_rating_report import EVENT as REPORT_EVENT
from test_rating_report import finished

from gacrux_runs import pairing_check
from rochade.core.keizer.settings import KeizerSettings
from rochade.core.model import ModelError, Result, Status
from rochade.core.systems import SwissSettings, renumbered
from rochade.core.tiebreaks import Scoring, parse_tiebreaks
from rochade.formats.trf_tournament import read_trf_tournament
from rochade.service import ClubService, NeedsConfirmation, ServiceError
from rochade.service.exchange import backup_json, restore_json
from rochade.service.fidemode import (
    FideMode,
    Findings,
    NeedsFideConfirmation,
    check_scoring,
    recheck,
    settings_events,
)

PLAYERS = "name,rating\n" + "".join(f"P{i},{2300 - 20 * i}\n" for i in range(1, 9))
EVENT = {"city": "Utrecht", "federation": "NED", "start_date": "2026-03-01",
         "end_date": "2026-03-15", "chief_arbiter": "A. Arbiter",
         "round_dates": "2026-03-01,2026-03-08,2026-03-15"}


def swiss(club: ClubService, rounds: int = 3, **options: object) -> ClubService:
    club.create_system_tournament("Open", "swiss", {"rounds": rounds, **options})
    club.import_players(PLAYERS, "Open")
    return club


def play(club: ClubService, result: str = "1-0") -> None:
    report = club.pair("Open")
    for board in range(1, len(report.round.games) + 1):
        club.enter_result(report.round.number, board, result, "Open")


def comments(club: ClubService) -> list[str]:
    return [line for line in club.export_trf("Open").splitlines() if line.startswith("###")]


def test_new_round_robins_and_swiss_are_in_fide_mode_unless_asked(club: ClubService) -> None:
    swiss(club)
    club.create_system_tournament("RR", "round-robin", {})
    club.create_system_tournament("Club", "swiss", {"fide_mode": "off"})
    assert club.fide_mode("Open") == FideMode(True)
    assert club.fide_mode("RR") == FideMode(True)
    assert club.fide_mode("Club") == FideMode(False)
    assert club.fide_mode("Club").marker is None
    assert str(club.fide_mode("Open").marker) == "FIDE mode"


def test_a_full_point_bye_by_hand_needs_confirmation_and_leaves_a_comment(
        club: ClubService) -> None:
    swiss(club)
    before = club.tournament("Open")
    with pytest.raises(NeedsFideConfirmation) as refused:
        club.request_bye("P3", 2, tournament="Open", full=True)
    assert "round 2: full-point bye given by hand to P3 (3)" in str(refused.value)
    assert "rating report" in str(refused.value)
    assert club.tournament("Open") == before  # nothing changed
    club.request_bye("P3", 2, tournament="Open", full=True, confirm=True)
    play(club)
    report = club.pair("Open")
    assert any(a.player == 3 and a.reason == "full_point_bye" for a in report.round.absences)
    assert comments(club) == [
        "### FIDE mode, 2026-09-03: round 2: full-point bye given by hand to P3 (3)"]
    assert [a.description for a in club.log() if "FIDE mode" in a.description] == [
        "Open: P3 (3): full-point bye in round 2 (FIDE mode: round 2: full-point bye given by "
        "hand to P3 (3))"]


def test_a_second_half_point_bye_needs_confirmation_and_leaves_a_comment(
        club: ClubService) -> None:
    """FIDE's check list flags more than one half-point bye per player: the first passes,
    the second (asked in advance or had already) is confirmed, logged and commented."""
    swiss(club, rounds=4)
    club.request_bye("P3", 1, tournament="Open")  # the first: nothing to confirm
    club.request_bye("P3", 1, tournament="Open")  # the same request again: still the first
    play(club)
    before = club.tournament("Open")
    with pytest.raises(NeedsFideConfirmation) as refused:
        club.request_bye("P3", 3, tournament="Open")
    event = ("round 3: another half-point bye for P3 (3), who has had or asked for 1 already "
             "(FIDE's verification check list flags more than one half-point bye per player)")
    assert event in str(refused.value) and "rating report" in str(refused.value)
    assert club.tournament("Open") == before  # nothing changed
    club.request_bye("P4", 3, tournament="Open", half=False)  # a zero-point bye: no question
    club.request_bye("P3", 3, tournament="Open", confirm=True)
    assert comments(club) == [f"### FIDE mode, 2026-09-03: {event}"]
    with pytest.raises(NeedsFideConfirmation, match="has had or asked for 2 already"):
        club.request_bye("P3", 4, tournament="Open")


def test_an_excused_absence_as_a_second_half_point_bye_needs_confirmation(
        club: ClubService) -> None:
    """In a Swiss an excused absence (or club duty) is a half-point bye: a second one is
    asked about when the TD sets the status, as a requested one is."""
    swiss(club, rounds=4)
    club.set_status("P3", Status.EXCUSED, "Open")  # the first: nothing to confirm
    play(club)
    club.set_status("P3", Status.PRESENT, "Open")
    play(club)
    before = club.tournament("Open")
    with pytest.raises(NeedsFideConfirmation, match=r"round 3: another half-point bye for "
                       r"P3 \(3\), who has had or asked for 1 already"):
        club.set_status("P3", Status.CLUB_DUTY, "Open")
    assert club.tournament("Open") == before
    club.set_status("P3", Status.UNEXCUSED, "Open")  # a zero-point bye: no question
    club.set_status("P3", Status.EXCUSED, "Open", confirm=True)
    play(club)
    assert [a.reason for r in club.tournament("Open").rounds for a in r.absences
            if a.player == 3] == ["excused", "excused"]
    assert comments(club) == ["### FIDE mode, 2026-09-03: round 3: another half-point bye for "
                              "P3 (3), who has had or asked for 1 already (FIDE's verification "
                              "check list flags more than one half-point bye per player)"]


def test_outside_fide_mode_nothing_needs_confirmation_nor_is_commented(
        club: ClubService) -> None:
    swiss(club, fide_mode=False)
    club.request_bye("P3", 2, tournament="Open", full=True)
    club.request_bye("P4", 2, tournament="Open")
    club.request_bye("P4", 3, tournament="Open")
    play(club)
    club.change_rules({"tiebreaks": "SB,BH"}, "Open")
    club.forbid_pair("P1", "P2", "Open")
    assert comments(club) == []


def test_settings_changed_after_the_start_need_confirmation(club: ClubService) -> None:
    swiss(club, rounds=5)
    club.change_rules({"tiebreaks": "SB,BH", "rounds": 4}, "Open")  # before round 1: free
    play(club)
    for change, event in (
        ({"rounds": 5}, "after round 1: the number of rounds changed from 4 to 5"),
        ({"scoring": "3-1-0"}, "after round 1: the scoring changed from 1-1/2-0 to 3-1-0"),
        ({"bye_value": "1/2"}, "after round 1: the bye values changed from PAB - FPB - HPB - "
                               "ZPB - to PAB 1/2 FPB - HPB - ZPB -"),
        ({"tiebreaks": "BH,SB"}, "after round 1: the tie-breaks changed from SB,BH to BH,SB"),
    ):
        with pytest.raises(NeedsFideConfirmation) as refused:
            club.change_rules(change, "Open")
        assert event in str(refused.value)
        club.change_rules(change, "Open", confirm=True)
    assert [line.split(": ", 1)[1] for line in comments(club)] == [
        "after round 1: the number of rounds changed from 4 to 5",
        "after round 1: the scoring changed from 1-1/2-0 to 3-1-0",
        "after round 1: the bye values changed from PAB - FPB - HPB - ZPB - to PAB 1/2 FPB - "
        "HPB - ZPB -",
        "after round 1: the tie-breaks changed from SB,BH to BH,SB",
    ]
    club.undo(1, "Open")  # the comment is derived from the log: undone, it is gone
    assert len(comments(club)) == 3


def test_a_prohibited_pair_after_round_1_needs_confirmation(club: ClubService) -> None:
    swiss(club)
    club.forbid_pair("P1", "P2", "Open")  # before round 1: the normal case
    play(club)
    with pytest.raises(NeedsFideConfirmation):
        club.forbid_pair("P3", "P4", "Open")
    club.forbid_pair("P3", "P4", "Open", confirm=True)
    club.forbid_pair("P3", "P4", "Open", forbidden=False)  # lifting one needs nothing
    assert [line.split(": ", 1)[1] for line in comments(club)] == [
        "after round 1: prohibited pair P3 (3) and P4 (4) added"]


def test_a_manual_pairing_other_than_the_engines_needs_confirmation(club: ClubService) -> None:
    swiss(club)
    club.create_system_tournament("Copy", "swiss", {"rounds": 3, "fide_mode": False})
    engine = club.pair("Open")
    club.undo(1, "Open")
    same = " ".join(f"{g.white}-{g.black}" for g in engine.round.games)
    club.pair_manual(same, tournament="Open")  # the engine's own pairing: nothing to confirm
    club.undo(1, "Open")
    with pytest.raises(NeedsConfirmation) as refused:
        club.pair_manual("1-2 3-4 5-6 7-8", tournament="Open")
    assert "round 1: paired by hand, differing from the engine's pairing" in str(refused.value)
    club.pair_manual("1-2 3-4 5-6 7-8", confirm=True, tournament="Open")
    assert [line.split(": ", 1)[1] for line in comments(club)] == [  # which boards differ
        "round 1: paired by hand, differing from the engine's pairing: board 1: 1-2 instead "
        "of 5-1; board 2: 3-4 instead of 2-6; board 3: 5-6 instead of 7-3; board 4: 7-8 "
        "instead of 4-8"]


def test_leaving_fide_mode_is_confirmed_permanent_and_commented(club: ClubService) -> None:
    swiss(club)
    play(club)
    with pytest.raises(NeedsFideConfirmation) as refused:
        club.change_rules({"fide_mode": "off"}, "Open")
    assert "leaves FIDE mode for good" in str(refused.value)
    assert club.fide_mode("Open").on
    club.change_rules({"fide_mode": "off"}, "Open", confirm=True)
    assert club.fide_mode("Open") == FideMode(False, 1)
    assert str(club.fide_mode("Open").marker) == "left FIDE mode in round 1"
    with pytest.raises(ServiceError, match="cannot be switched on again"):
        club.change_rules({"fide_mode": "on"}, "Open")
    with pytest.raises(ServiceError, match="left FIDE mode, which is for good: it cannot be "
                                           "undone"):
        club.undo(1, "Open")
    with pytest.raises(ServiceError, match="for good"):
        club.undo(1)  # nor by undoing the file's last change
    assert club.fide_mode("Open") == FideMode(False, 1)
    club.change_rules({"tiebreaks": "SB"}, "Open")  # no confirmation any more
    assert [line.split(": ", 1)[1] for line in comments(club)] == ["left FIDE mode in round 1"]


def test_fide_mode_can_be_switched_on_only_before_round_1(club: ClubService) -> None:
    swiss(club, fide_mode="off")
    club.change_rules({"fide_mode": "on"}, "Open")
    assert club.fide_mode("Open").on
    assert club.log()[-1].description == "Open: FIDE mode on"
    logged = len(club.log())
    club.change_rules({"fide_mode": "yes"}, "Open")  # as it is: nothing to log
    assert len(club.log()) == logged
    club.create_tournament("Keizer")
    with pytest.raises(ServiceError, match="FIDE mode is for round robins and Swiss"):
        club.change_rules({"fide_mode": "off"}, "Keizer")
    club.create_system_tournament("Late", "swiss", {"fide_mode": "off"})
    club.import_players(PLAYERS, "Late")
    club.pair("Late")
    with pytest.raises(ServiceError, match="paired without FIDE mode"):
        club.change_rules({"fide_mode": "on"}, "Late")
    with pytest.raises(ServiceError, match="on or off"):
        club.change_rules({"fide_mode": "maybe"}, "Open")


def test_scorings_where_two_draws_beat_a_win_and_a_loss_are_refused() -> None:
    for offered in ("1-1/2-0", "2-1-0", "3-1-0"):
        check_scoring(Scoring.parse(offered))
    generous = Scoring(win=Fraction(1), draw=Fraction(3, 4), loss=Fraction(0))
    with pytest.raises(ServiceError, match=r"two draws .* would be worth more than a win and "
                                           r"a loss"):
        check_scoring(generous)


def test_unusual_results_are_accepted_and_impossible_ones_refused(club: ClubService) -> None:
    swiss(club, rounds=2)
    report = club.pair("Open")
    for board, result in enumerate(("1/2-0", "0-½", "0-0", "1-0"), 1):
        club.enter_result(1, board, result, "Open")
    for impossible in ("1-1/2", "½-1", "1-1"):
        with pytest.raises(ModelError, match="is impossible: the players of a game share at "
                                             "most one point"):
            club.enter_result(1, 4, impossible, "Open")
    games = club.tournament("Open").rounds[0].games
    assert [g.result for g in games] == [Result.WHITE_HALF, Result.BLACK_HALF,
                                         Result.BOTH_LOSE, Result.WHITE_WINS]
    points = {line.entrant.id: line.total for line in club.standings("Open").lines}
    white, black = report.round.games[0].white, report.round.games[0].black
    assert (points[white], points[black]) == (Fraction(1, 2), 0)
    both = report.round.games[2]
    assert points[both.white] == points[both.black] == 0
    text = club.export_trf("Open")
    assert club.import_trf(text.encode(), "Again").rounds == club.tournament("Open").rounds


def test_an_adjourned_game_counts_as_a_draw_for_pairing_and_blocks_the_report(
        club: ClubService) -> None:
    swiss(club, rounds=2)
    club.set_event(EVENT, "Open")
    first = club.pair("Open")
    for board in range(1, 5):
        club.enter_result(1, board, "?" if board == 1 else "1-0", "Open")
    second = club.pair("Open")  # the adjourned game does not stop the next round
    club.create_system_tournament("Drawn", "swiss", {"rounds": 2})
    club.import_players(PLAYERS, "Drawn")
    club.pair("Drawn")
    for board in range(1, 5):
        club.enter_result(1, board, "1/2" if board == 1 else "1-0", "Drawn")
    # paired exactly as if the adjourned game were a draw
    assert club.pair("Drawn").round.games == second.round.games
    adjourned = first.round.games[0]
    points = {line.entrant.id: line.total for line in club.standings("Open", 1).lines}
    assert points[adjourned.white] == points[adjourned.black] == Fraction(1, 2)
    for board in range(1, 5):
        club.enter_result(2, board, "1/2", "Open")
    assert club.tournament("Open").adjourned_rounds() == (1,)
    report = club.rating_report("Open")
    assert report.text is None
    assert any("adjourned or postponed games (?) in round(s) 1" in str(p)
               for p in report.check.problems)
    text = club.export_trf("Open")
    assert f"{adjourned.black:4d} w ?" in text and f"{adjourned.white:4d} b ?" in text
    assert club.import_trf(text.encode(), "Back").rounds == club.tournament("Open").rounds
    club.enter_result(1, 1, "1-0", "Open")
    assert club.tournament("Open").adjourned_rounds() == ()
    assert not any("adjourned" in str(p) for p in club.rating_report("Open").check.problems)


def test_pairing_numbers_are_frozen_once_round_4_is_paired(club: ClubService) -> None:
    swiss(club, rounds=7)
    for _ in range(2):
        play(club, "1/2")
    club.add_player("Early", 2400, tournament="Open")  # before round 4: numbered by rating
    play(club, "1/2")
    numbers = club.tournament("Open").settings.numbers
    early = club.find_player("Early", "Open").id
    assert numbers[0] == early
    play(club, "1/2")
    frozen = club.tournament("Open").settings.numbers
    club.add_player("Late", 2500, tournament="Open")  # after round 4: the next number
    play(club, "1/2")
    after = club.tournament("Open").settings.numbers
    assert after[:len(frozen)] == frozen
    assert after[len(frozen):] == (club.find_player("Late", "Open").id,)
    lines = [line for line in club.export_trf("Open").splitlines() if line.startswith("001")]
    assert "Late" in lines[-1]  # the TRF numbers follow: the latecomer last


def test_the_rating_report_carries_the_comments_and_gacrux_accepts_it(
        club: ClubService, tmp_path: Path) -> None:
    finished(club)
    club.set_event(REPORT_EVENT)
    club.change_rules({"tiebreaks": "SB,BH"}, "Open", confirm=True)
    report = club.rating_report("Open")
    assert report.text is not None
    lines = report.text.splitlines()
    comment = ("### FIDE mode, 2026-09-03: after round 3: the tie-breaks changed from "
               "BH/C1,BH,SB to SB,BH")
    assert comment in lines
    assert lines.index(comment) < min(i for i, line in enumerate(lines) if line[:3] == "001")
    t, _ = read_trf_tournament(report.text)
    assert t == renumbered(club.tournament("Open"))[0]  # the comment changes nothing read
    path = tmp_path / "report.trf"
    path.write_text(report.text, encoding="utf-8", newline="")
    checked = pairing_check(path)
    assert checked.rstrip().endswith("Check: True"), checked


def test_a_round_robin_in_fide_mode_confirms_new_rules_after_the_start(club: ClubService
                                                                        ) -> None:
    club.create_system_tournament("RR", "round-robin", {"seed": 3})
    club.import_players("name,rating\nA,2000\nB,1900\nC,1800\nD,1700\n", "RR")
    club.change_rules({"scoring": "3-1-0"}, "RR")  # before round 1: free
    report = club.pair("RR")
    for game in report.round.games:
        club.enter_result(1, game.board, "1-0", "RR")
    with pytest.raises(NeedsFideConfirmation, match="the scoring changed from 3-1-0 to 2-1-0"):
        club.change_rules({"scoring": "2-1-0"}, "RR")
    with pytest.raises(NeedsFideConfirmation, match="the tie-breaks changed from SB,DE,WIN to "
                                                    "DE,SB"):
        club.change_rules({"tiebreaks": "DE,SB"}, "RR")
    club.change_rules({"tiebreaks": "DE,SB"}, "RR", confirm=True)
    trf = club.export_trf("RR").splitlines()
    assert [line for line in trf if line.startswith("###")] == [
        "### FIDE mode, 2026-09-03: after round 1: the tie-breaks changed from SB,DE,WIN to DE,SB"]


@given(rounds=st.sampled_from([5, 7]), scoring=st.sampled_from(["1-1/2-0", "3-1-0"]),
       pab=st.sampled_from([None, Fraction(1, 2)]), tiebreaks=st.sampled_from(["BH,SB", "SB"]),
       played=st.integers(0, 3))
def test_settings_events_name_exactly_what_changed(rounds: int, scoring: str,
                                                   pab: Fraction | None, tiebreaks: str,
                                                   played: int) -> None:
    before = SwissSettings()
    after = dataclasses.replace(
        before, rounds=rounds, tiebreaks=parse_tiebreaks(tiebreaks),
        scoring=dataclasses.replace(Scoring.parse(scoring), pab=pab))
    changed = {"rounds": rounds != before.rounds,
               "scoring": scoring != "1-1/2-0",
               "bye values": pab is not None,
               "tie-breaks": tiebreaks != "BH/C1,BH,SB"}
    named = [str(e) for e in settings_events(before, after, played)]
    expected = [what for what, differs in changed.items() if differs] if played else []
    assert [text.split(": the ")[1].split(" changed")[0].removeprefix("number of ")
            for text in named] == expected
    assert all(text.startswith(f"after round {played}: ") for text in named)


# --- imported rounds re-checked -----------------------------------------------------------


def _eventful(club: ClubService) -> str:
    """A Swiss played outside FIDE mode with what FIDE mode flags, as a TRF file: two
    half-point byes for P3, a full-point bye by hand for P4, an unusual result, a '?'."""
    swiss(club, rounds=3, fide_mode=False)
    club.request_bye("P3", 1, tournament="Open")
    club.request_bye("P3", 2, tournament="Open")
    club.request_bye("P4", 2, tournament="Open", full=True)
    play(club)
    first = club.pair("Open").round
    for game in first.games:
        club.enter_result(2, game.board, "1/2-0" if game.board == 1 else "1-0", "Open")
    third = club.pair("Open").round
    for game in third.games:
        club.enter_result(3, game.board, "?" if game.board == 2 else "0-1", "Open")
    return club.export_trf("Open")


def test_imported_rounds_are_rechecked_and_the_warnings_kept(club: ClubService,
                                                            tmp_path: Path) -> None:
    trf = _eventful(club)
    other = ClubService.init(tmp_path / "other.rochade", "td-ina")
    t = other.import_trf(trf.encode(), "Rated", fide_mode=True)
    assert other.fide_mode("Rated") == FideMode(True)
    g = t.rounds[1].games[0]
    white, black = (f"{t.entrant(p).name} ({p})" for p in (g.white, g.black))
    warnings = [str(w) for w in recheck(t).warnings]
    assert warnings == [
        "round 2: full-point bye given by hand to P4 (4)",
        f"round 2 board 1: the unusual result 1/2-0 ({white} - {black})",
        "P3 (3) had 2 half-point byes (rounds 1, 2); FIDE's verification check list flags "
        "more than one per player",
        "adjourned or postponed games (?) in round(s) 3: they count as draws for pairing; the "
        "final standings and the rating report wait for their results",
    ]
    lines = [line.split(": ", 1)[1] for line in other.export_trf("Rated").splitlines()
             if line.startswith("###")]
    assert lines == [f"in the imported rounds: {w}" for w in warnings]
    # Without FIDE mode the same file is imported as before: no mode, nothing checked.
    other.import_trf(trf.encode(), "Club")
    assert other.fide_mode("Club") == FideMode(False)
    assert not [line for line in other.export_trf("Club").splitlines()
                if line.startswith("###")]


def test_a_clean_import_has_nothing_to_say(club: ClubService, tmp_path: Path) -> None:
    swiss(club, rounds=3, fide_mode=False)
    play(club)
    other = ClubService.init(tmp_path / "other.rochade", "td-ina")
    t = other.import_trf(club.export_trf("Open").encode(), "Rated", fide_mode=True)
    assert recheck(t) == Findings((), ())
    assert "FIDE mode" not in other.log()[-1].description


def test_an_imported_rematch_is_a_warning(club: ClubService) -> None:
    swiss(club, rounds=3, fide_mode=False)
    play(club)
    first = club.tournament("Open").rounds[0].games[0]
    club.pair_manual(f"{first.white}-{first.black} " + " ".join(
        f"{g.white}-{g.black}" for g in club.tournament("Open").rounds[0].games[1:][::-1]
        ), tournament="Open", confirm=True)
    found = recheck(club.tournament("Open"))
    assert found.problems == ()
    assert any(str(w).startswith("round 2: ") and "round 1" in str(w) for w in found.warnings)


def test_fide_mode_does_not_take_over_a_keizer_tournament(club: ClubService,
                                                          tmp_path: Path) -> None:
    swiss(club, rounds=3, fide_mode=False)
    play(club)
    t = club.tournament("Open")
    other = ClubService.init(tmp_path / "other.rochade", "td-ina")
    with pytest.raises(ServiceError, match="round robins and Swiss"):
        other.import_tournament(dataclasses.replace(t, settings=KeizerSettings()),
                                fide_mode=True)
    assert other.tournaments() == []  # nothing imported


def test_a_restored_backup_is_rechecked_less_what_its_log_confirmed(
        club: ClubService, tmp_path: Path) -> None:
    """A backup restores as it is (nothing lost, nothing refused), but a FIDE-mode
    tournament's rounds are re-checked: what the log shows as confirmed is not repeated, what
    a hand-edited backup slipped in is listed."""
    swiss(club, rounds=3)
    club.request_bye("P3", 1, tournament="Open")
    club.request_bye("P3", 2, tournament="Open", confirm=True)  # confirmed: in the log
    club.request_bye("P4", 2, tournament="Open", full=True, confirm=True)
    play(club)
    play(club)
    backup = backup_json(club.path)
    done = restore_json(backup, tmp_path / "copy.rochade")
    assert done.warnings == ()
    edited = json.loads(backup)
    for rnd in edited["tournaments"][0]["rounds"]:
        for game in rnd["games"]:
            game["result"] = "0-0"  # both punished, behind FIDE mode's back
    done = restore_json(json.dumps(edited), tmp_path / "edited.rochade")
    assert done.warnings and all(
        name == "Open" and "the unusual result 0-0" in str(w) for name, w in done.warnings)


@settings(max_examples=12, deadline=None)
@given(system=st.sampled_from(["swiss", "round-robin"]), players=st.integers(6, 10),
       rounds=st.integers(1, 3),
       results=st.lists(st.sampled_from(["1-0", "0-1", "1/2-1/2", "+/-"]), min_size=20,
                        max_size=20))
def test_what_the_engine_paired_passes_the_recheck(tmp_path_factory: pytest.TempPathFactory,
                                                   system: str, players: int, rounds: int,
                                                   results: list[str]) -> None:
    """The invariant behind the re-check: a Swiss or round robin the engine paired, with
    ordinary results, has nothing to warn about; so every warning on an import points at
    something real."""
    club = ClubService.init(tmp_path_factory.mktemp("recheck") / "club.rochade", "td")
    club.create_system_tournament("Open", system, {"rounds": rounds} if system == "swiss"
                                  else {})
    club.import_players("name,rating\n" + "".join(
        f"P{i},{2300 - 20 * i}\n" for i in range(1, players + 1)), "Open")
    for _ in range(rounds):
        report = club.pair("Open")
        for board in range(1, len(report.round.games) + 1):
            club.enter_result(report.round.number, board, results[board], "Open")
    assert recheck(club.tournament("Open")) == Findings((), ())


@pytest.mark.parametrize("stored", ['{"on": "yes"}', '{"on": 1}', "[]",
                                    '{"on": true, "left_in": "2"}'])
def test_a_damaged_fide_mode_record_is_said_to_be_damaged(stored: str) -> None:
    from rochade.core.model import ModelError
    from rochade.service.fidemode import mode_from_json

    with pytest.raises(ModelError, match="the tournament's FIDE mode record is damaged"):
        mode_from_json(stored)
