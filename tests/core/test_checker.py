"""The pairing checker: every error and warning, the Keizer rules mapping, relaxation order."""

from __future__ import annotations

from dataclasses import replace

from pairing_builders import ids, tournament

from rochade.core.checker import (
    ByePolicy,
    CheckedPairing,
    History,
    PairingRules,
    Rule,
    Severity,
    check_boards,
    check_pairing,
    relaxations,
)
from rochade.core.keizer.settings import Period, preset
from rochade.core.model import PlayerId, Result, Tournament
from rochade.core.pairing import Board, Pairing

NAMES = "Anna Bert Cees Dirk Eva Fred"


def _check(
    t: Tournament,
    proposed: list[tuple[PlayerId | None, PlayerId | None]],
    bye: PlayerId | None = None,
    rules: PairingRules | None = None,
    present: str = NAMES,
) -> CheckedPairing:
    return check_boards(
        proposed,
        bye,
        tournament=t,
        round_number=len(t.rounds) + 1,
        present=ids(t, present),
        rules=rules or PairingRules(rematch_gap=4),
    )


def _rules_of(checked: CheckedPairing) -> list[Rule]:
    return [f.rule for f in checked.findings]


def test_clean_pairing_has_no_findings_and_leftover_gets_the_bye() -> None:
    t = tournament(NAMES)
    a, b, c, d, e, _f = ids(t, NAMES)
    checked = _check(t, [(a, b), (c, d)], present="Anna Bert Cees Dirk Eva")
    assert checked.findings == ()
    assert checked.pairing == Pairing((Board(a, b), Board(c, d)), e)


def test_player_twice_is_an_error() -> None:
    t = tournament(NAMES)
    a, b, c, d, e, f = ids(t, NAMES)
    checked = _check(t, [(a, b), (c, a), (d, e)], bye=f)
    assert checked.pairing is None
    (error,) = checked.errors
    assert error.rule is Rule.DUPLICATE_PLAYER and error.players == (a,)
    assert error.message == "Anna appears more than once: board 1 and board 2."
    # ... on a board and as the bye, and against themself
    checked = _check(t, [(a, b), (c, d), (e, f)], bye=a)
    assert "Anna appears more than once: board 1 and the bye." in [
        f.message for f in checked.errors
    ]
    checked = _check(t, [(a, a), (b, c), (d, e)], bye=f)
    assert checked.errors[0].message == "Board 1 pairs Anna with themself."


def test_unknown_and_absent_players_are_errors() -> None:
    t = tournament(NAMES)
    a, b, c, _d, _e, f = ids(t, NAMES)
    checked = _check(t, [(a, b), (c, 99)], present="Anna Bert Cees Dirk")
    assert Rule.UNKNOWN_PLAYER in _rules_of(checked)
    assert "There is no player with id 99." in [f.message for f in checked.errors]
    checked = _check(t, [(a, b), (c, f)], present="Anna Bert Cees Dirk")
    assert "Fred is not marked present for round 1." in [f.message for f in checked.errors]


def test_board_with_one_player_and_unpaired_players_are_errors() -> None:
    t = tournament(NAMES)
    a, b, c, d, _e, _f = ids(t, NAMES)
    checked = _check(t, [(a, b), (c, None)], present="Anna Bert Cees Dirk")
    messages = [f.message for f in checked.errors]
    assert "Board 2 has only one player (Cees)." in messages
    assert _rules_of(checked) == [Rule.ONE_PLAYER_BOARD]  # Dirk alone left: he gets the bye
    assert checked.pairing is None
    checked = _check(t, [(a, b)], present="Anna Bert Cees Dirk")
    (error,) = checked.errors
    assert error.rule is Rule.UNPAIRED and error.players == (c, d)
    assert error.message.startswith("Cees and Dirk are present but not paired")
    checked = _check(t, [(a, b)], bye=c, present="Anna Bert Cees Dirk")
    assert checked.errors[0].message == (
        "Dirk is present but not paired; the bye is already given."
    )


def test_rematch_inside_the_gap_is_a_warning() -> None:
    t = tournament(NAMES, "Anna-Bert Cees-Dirk Eva-Fred", "Anna-Cees Bert-Eva Dirk-Fred")
    a, b, c, d, e, f = ids(t, NAMES)
    checked = _check(t, [(b, a), (c, e), (d, f)], rules=PairingRules(rematch_gap=2))
    assert checked.errors == ()
    assert checked.pairing is not None
    messages = [w.message for w in checked.warnings]
    assert messages == [
        "Bert and Anna played each other in round 1; with a rematch gap of 2 they may meet "
        "again from round 4.",
        "Dirk and Fred played each other in round 2; with a rematch gap of 2 they may meet "
        "again from round 5.",
    ]
    assert _check(t, [(b, a), (c, e), (d, f)], rules=PairingRules(rematch_gap=1)).warnings[
        0
    ].players == (d, f)
    # gap 0: an immediate rematch is fine; None: never again
    assert _check(t, [(b, a), (c, e), (d, f)], rules=PairingRules(rematch_gap=0)).findings == ()
    never = _check(t, [(b, a), (c, e), (d, f)], rules=PairingRules(rematch_gap=None))
    assert never.warnings[0].message == (
        "Bert and Anna already played each other (round 1); players meet only once."
    )


def test_a_forfeit_is_a_meeting_and_a_colour_only_where_the_rules_say_so() -> None:
    """Keizer counts a forfeited game (paired, with colours); FIDE's Swiss rules let the two
    meet again and give neither a colour (C.04.2 3.5), as the Dutch engine does."""
    t = tournament(NAMES, "Anna-Bert Cees-Dirk Eva-Fred")
    a, b, c, d, e, f = ids(t, NAMES)
    first = t.rounds[0]
    forfeited = replace(first, games=(replace(first.games[0], result=Result.WHITE_WINS_FORFEIT),
                                      *first.games[1:]))
    t = replace(t, rounds=(forfeited,))
    proposed: list[tuple[PlayerId | None, PlayerId | None]] = [(a, b), (d, c), (f, e)]
    keizer = _check(t, proposed, rules=PairingRules(rematch_gap=None, max_same_colour_run=1))
    assert [(f.rule, f.players) for f in keizer.warnings] == [
        (Rule.REMATCH, (a, b)), (Rule.COLOUR_RUN, (a,)), (Rule.COLOUR_RUN, (b,)),
        (Rule.REMATCH, (d, c)), (Rule.REMATCH, (f, e))]
    swiss = _check(t, proposed, rules=PairingRules(rematch_gap=None, max_same_colour_run=1,
                                                    forfeits_count=False))
    assert [(f.rule, f.players) for f in swiss.warnings] == [
        (Rule.REMATCH, (d, c)), (Rule.REMATCH, (f, e))]
    assert History(t.rounds, 2, forfeits_count=False).games_between(a, b) == []
    assert History(t.rounds, 2).games_between(a, b) == [(1, a)]


def test_max_meetings_counts_from_the_period_start() -> None:
    t = tournament(NAMES, "Anna-Bert", "Bert-Anna", "Anna-Bert")
    a, b = ids(t, "Anna Bert")
    rules = PairingRules(rematch_gap=0, max_meetings=2)
    checked = _check(t, [(a, b)], rules=rules, present="Anna Bert")
    (warning,) = checked.warnings
    assert warning.rule is Rule.MAX_MEETINGS
    assert warning.message == "Anna and Bert have already met 3 times (limit 2)."
    in_period = replace(rules, meetings_from_round=3)
    assert _check(t, [(a, b)], rules=in_period, present="Anna Bert").warnings == ()


def test_forbidden_pair_is_a_warning() -> None:
    t = tournament(NAMES)
    a, b = ids(t, "Anna Bert")
    rules = PairingRules(forbidden_pairs=frozenset({frozenset({a, b})}))
    (warning,) = _check(t, [(b, a)], rules=rules, present="Anna Bert").warnings
    assert warning.rule is Rule.FORBIDDEN_PAIR
    assert warning.message == "Bert and Anna must not be paired."


def test_colour_limits() -> None:
    t = tournament(NAMES, "Anna-Bert", "Anna-Cees", "Anna-Dirk")
    a, b = ids(t, "Anna Bert")
    rules = PairingRules(rematch_gap=0, max_colour_difference=4, max_same_colour_run=3)
    checked = _check(t, [(a, b)], rules=rules, present="Anna Bert")
    assert [w.message for w in checked.warnings] == [
        "With white, Anna would have white 4 times in a row (limit 3).",
    ]
    rules = replace(rules, max_colour_difference=2, max_same_colour_run=None)
    checked = _check(t, [(a, b)], rules=rules, present="Anna Bert")
    assert [w.message for w in checked.warnings] == [
        "With white, Anna would have 4 more whites than blacks (limit 2).",
    ]
    # the colour that brings Anna back towards the limit is always fine
    assert _check(t, [(b, a)], rules=rules, present="Anna Bert").warnings == ()
    # Bert has one black so far: a second is beyond a limit of 1
    strict = replace(rules, max_colour_difference=1)
    checked = _check(t, [(a, b)], rules=strict, present="Anna Bert")
    assert [w.message for w in checked.warnings][-1] == (
        "With black, Bert would have 2 more blacks than whites (limit 1)."
    )


def test_bye_rules() -> None:
    t = tournament(NAMES, "Anna-Bert Cees-Dirk bye=Eva absent=Fred", "Anna-Bert Cees-Eva bye=Dirk")
    a, b, c, d, e, f = ids(t, NAMES)
    present = "Anna Bert Cees Dirk Eva"
    evenly = PairingRules(rematch_gap=0, bye_policy=ByePolicy.EVENLY)
    repeat = _check(t, [(a, b), (c, e)], bye=d, present=present, rules=evenly)
    assert [(w.rule, w.message) for w in repeat.warnings] == [
        (Rule.BYE_REPEAT, "Dirk had the bye last round too."),
        (
            Rule.BYE_UNEVEN,
            "Dirk gets the bye with 1 bye so far, while Anna, Bert and Cees have only 0.",
        ),
    ]
    assert _check(t, [(a, b), (c, d)], bye=e, present=present, rules=evenly).warnings[0].rule is (
        Rule.BYE_UNEVEN
    )
    assert _check(t, [(e, b), (c, d)], bye=a, present=present, rules=evenly).warnings == ()
    anyone = replace(evenly, bye_policy=ByePolicy.ANY)
    assert _check(t, [(a, b), (c, d)], bye=e, present=present, rules=anyone).warnings == ()
    once = replace(evenly, bye_policy=ByePolicy.ONCE)
    (warning,) = _check(t, [(a, b), (c, d)], bye=e, present=present, rules=once).warnings
    assert warning.message == "Eva already had a bye (round 1); each player gets at most one."
    # absences counted as byes: Fred (absent once) now counts like Eva
    present = "Anna Bert Cees Fred Eva"
    counted = replace(evenly, byes_count_absences=True)
    (warning,) = _check(t, [(a, b), (c, e)], bye=f, present=present, rules=counted).warnings
    assert warning.message == (
        "Fred gets the bye with 1 bye or absence so far, while Anna, Bert and Cees have only 0."
    )


def test_check_pairing_reports_findings_of_an_engine_pairing() -> None:
    t = tournament(NAMES, "Anna-Bert")
    a, b, c = ids(t, "Anna Bert Cees")
    findings = check_pairing(
        Pairing((Board(a, b),), c),
        tournament=t,
        round_number=2,
        present=(a, b, c),
        rules=PairingRules(rematch_gap=4),
    )
    assert [f.rule for f in findings] == [Rule.REMATCH]
    assert findings[0].severity is Severity.WARNING
    assert str(findings[0]).startswith("warning: Anna and Bert played each other in round 1")


def test_rules_from_keizer_settings_follow_the_period() -> None:
    settings = replace(
        preset("dutch-club"),
        max_same_colour_run=3,
        periods=(Period(1), Period(5, rematch_gap=99, max_meetings=1), Period(9, rematch_gap=0)),
        byes_evenly=False,
        byes_count_absences=True,
    )
    rules = settings.pairing_rules(6)
    assert rules.rematch_gap == 99 and rules.max_meetings == 1 and rules.meetings_from_round == 5
    assert rules.max_colour_difference == 2 and rules.max_same_colour_run == 3
    assert rules.bye_policy is ByePolicy.ANY and rules.byes_count_absences
    last = settings.pairing_rules(10)
    assert last.rematch_gap == 0 and last.max_meetings is None and last.meetings_from_round == 9
    assert preset("kfc").pairing_rules(3).bye_policy is ByePolicy.EVENLY


def test_relaxation_order() -> None:
    t = tournament(NAMES, "Anna-Bert Cees-Dirk", "Anna-Cees Bert-Dirk", "Anna-Dirk Bert-Cees")
    a, b = ids(t, "Anna Bert")
    rules = PairingRules(
        forbidden_pairs=frozenset({frozenset({a, b})}),
        rematch_gap=4,
        max_meetings=1,
        max_colour_difference=2,
    )
    steps = list(relaxations(rules, History(t.rounds, 4)))
    assert [str(s.description) for s in steps] == [
        "the rules as set",
        "colour limits dropped",
        "colour limits dropped; rematch gap of 4 relaxed to a gap of 2",  # frees round 1's pairs
        "colour limits dropped; rematch gap of 4 relaxed to a gap of 1",
        "colour limits dropped; rematch gap of 4 relaxed to a gap of 0",
        "colour limits dropped; rematch gap of 4 relaxed to a gap of 0; "
        "limit of 1 meetings dropped",
        "colour limits dropped; rematch gap of 4 relaxed to a gap of 0; "
        "limit of 1 meetings dropped; forbidden pairs ignored",
    ]
    final = steps[-1].rules
    assert final == PairingRules(rematch_gap=0, meetings_from_round=1)
    assert steps[-1].relaxed == {
        Rule.COLOUR_DIFFERENCE,
        Rule.COLOUR_RUN,
        Rule.REMATCH,
        Rule.MAX_MEETINGS,
        Rule.FORBIDDEN_PAIR,
    }
    never = list(relaxations(PairingRules(), History(t.rounds, 4)))
    assert [s.rules.rematch_gap for s in never] == [None, 2, 1, 0]


def test_relaxing_a_huge_rematch_gap_costs_one_step_per_round_played() -> None:
    """Issue 11: a gap of 10^12 used to be shrunk one number at a time (hours of pairing)."""
    t = tournament(NAMES, "Anna-Bert Cees-Dirk", "Anna-Cees Bert-Dirk", "Anna-Dirk Bert-Cees")
    steps = list(relaxations(PairingRules(rematch_gap=10**12), History(t.rounds, 4)))
    assert [s.rules.rematch_gap for s in steps] == [10**12, 2, 1, 0]


def test_history_of_a_player_without_games() -> None:
    history = History([], 1)
    assert (history.whites(1), history.balance(1), history.run(1), history.byes(1)) == (
        0, 0, (None, 0), 0)


def test_a_meetings_limit_is_never_lowered_while_relaxing() -> None:
    """Pairs that met once and twice, limit 3: nothing to raise, so the limit goes at once."""
    t = tournament(NAMES, "Anna-Bert Cees-Dirk", "Bert-Anna Cees-Eva")
    rules = PairingRules(rematch_gap=0, max_meetings=3)
    steps = list(relaxations(rules, History(t.rounds, 3)))
    assert [s.rules.max_meetings for s in steps] == [3, None]
    assert str(steps[-1].description) == "limit of 3 meetings dropped"
