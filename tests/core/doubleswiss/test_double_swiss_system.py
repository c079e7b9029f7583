"""The Double-Swiss as a system (C.04.5 preface and its scoring): two-game matches kept one
stored round a game, the match results, forfeits of one or both games, byes per match, the
standings and tie-breaks, and the settings codec."""

from __future__ import annotations

import dataclasses
import itertools
from fractions import Fraction

import pytest

from rochade.core.doubleswiss.matches import match_of
from rochade.core.doubleswiss.settings import DoubleSwissSettings, InitialColour, pab_value
from rochade.core.model import Absence, Entrant, Game, ModelError, Result, Round, Tournament
from rochade.core.systems import SYSTEMS, find_system
from rochade.core.systems.base import PairingRefused
from rochade.core.tiebreaks import Kind

DS = SYSTEMS["double-swiss"]
GAME_RESULTS = (Result.WHITE_WINS, Result.DRAW, Result.BLACK_WINS, Result.WHITE_HALF,
                Result.BLACK_HALF, Result.BOTH_LOSE)


def _event(n: int, rounds: int = 3, **settings: object) -> Tournament:
    entrants = tuple(Entrant(i, f"P{i}", 2400 - 10 * i) for i in range(1, n + 1))
    return Tournament("DS", entrants, (), "double-swiss",
                      DoubleSwissSettings(rounds=rounds, **settings))  # type: ignore[arg-type]


def _pair(t: Tournament) -> Tournament:
    """The next stored round as `rochade pair` stores it: boards, bye, rows."""
    number = len(t.rounds) + 1
    present = [e.id for e in t.active]
    pairing, numbered = DS.pair(t, number, lambda: present, lambda: 0)
    if numbered is not None:
        t = dataclasses.replace(t, settings=numbered)
    boards = pairing.numbers or tuple(range(1, len(pairing.boards) + 1))
    games = tuple(Game(b.white, b.black, None, n) for b, n in zip(pairing.boards, boards,
                                                                  strict=True))
    rnd = Round(number, games, tuple(pairing.rows), pairing.bye)
    return dataclasses.replace(t, rounds=(*t.rounds, rnd))


def _results(t: Tournament, *results: Result) -> Tournament:
    last = t.rounds[-1]
    games = tuple(dataclasses.replace(g, result=r)
                  for g, r in zip(last.games, results, strict=True))
    return dataclasses.replace(t, rounds=(*t.rounds[:-1], dataclasses.replace(last,
                                                                               games=games)))


def _points(t: Tournament) -> dict[int, Fraction]:
    return {line.entrant.id: line.scores[0] for line in DS.standings(t).lines}


def test_the_system_is_registered_by_name() -> None:
    assert find_system("double-swiss") is DS
    assert DS.pairing_numbers and DS.fide_tiebreaks and DS.forbidden_pairs


def test_stored_rounds_are_the_games_of_the_match_rounds() -> None:
    assert [match_of(s) for s in range(1, 7)] == [(1, 1), (1, 2), (2, 1), (2, 2), (3, 1), (3, 2)]
    assert DS.planned_rounds(DoubleSwissSettings(rounds=5)) == 10


def test_the_second_game_swaps_the_colours_of_the_first_on_the_same_board() -> None:
    t = _pair(_event(4))
    t = _pair(_results(t, Result.WHITE_WINS, Result.DRAW))
    first, second = t.rounds
    assert [(g.black, g.white, g.board) for g in first.games] == [
        (g.white, g.black, g.board) for g in second.games]


def test_every_match_result_of_the_rules_is_the_sum_of_its_two_games() -> None:
    scores = set()
    for one, two in itertools.product(GAME_RESULTS, repeat=2):
        t = _pair(_event(2, rounds=1))
        t = _pair(_results(t, one))
        t = _results(t, two)
        points = _points(t)
        assert points[1] == one.points(True) + two.points(False)
        assert points[2] == one.points(False) + two.points(True)
        scores.add((points[1], points[2]))
    usual = {(Fraction(2), Fraction(0)), (Fraction(3, 2), Fraction(1, 2)),
             (Fraction(1), Fraction(1))}
    assert usual <= scores
    # 2-0 ... 0-2 and the ten unusual ones: fifteen match results in all
    assert len(scores) == 15


def test_a_match_with_one_forfeited_game_counts_as_played() -> None:
    t = _pair(_event(4, rounds=2))
    t = _pair(_results(t, Result.WHITE_WINS_FORFEIT, Result.WHITE_WINS))
    t = _results(t, Result.DRAW, Result.BLACK_WINS)
    table, _ = DS.counted_crosstable(t)
    assert {e.kind for p in table.players for e in p.rounds} == {Kind.PLAYED}
    t = _pair(t)  # the two may not meet again
    assert all({g.white, g.black} != {1, 2} for g in t.rounds[-1].games)


def test_a_match_forfeited_in_both_games_may_be_repeated_and_bars_the_winner_from_the_bye(
) -> None:
    t = _pair(_event(3, rounds=3))
    bye = t.rounds[0].bye
    assert bye == 3
    t = _pair(_results(t, Result.WHITE_WINS_FORFEIT))
    t = _results(t, Result.BLACK_WINS_FORFEIT)  # player 2 lost both by forfeit
    table, _ = DS.counted_crosstable(t)
    assert table.players[0].rounds[0].kind is Kind.FORFEIT_WIN
    t = _pair(t)
    assert t.rounds[-1].bye == 2  # neither the bye's earlier holder nor the forfeit winner


def test_the_pairing_allocated_bye_is_worth_a_win_and_a_draw_over_the_match() -> None:
    t = _pair(_event(3, rounds=1))
    t = _pair(_results(t, Result.WHITE_WINS))
    assert t.rounds[1].absences == (Absence(3, "half_point_bye"),)
    assert _points(_results(t, Result.WHITE_WINS))[3] == Fraction(3, 2)


@pytest.mark.parametrize(("pab", "total"), [("0", 0), ("1", 1), ("2", 2), ("1/2", "1/2")])
def test_the_bye_value_announced_otherwise(pab: str, total: object) -> None:
    t = _pair(_event(3, rounds=1, pab=pab_value(pab)))
    t = _pair(_results(t, Result.WHITE_WINS))
    t = _results(t, Result.WHITE_WINS)
    assert _points(t)[3] == Fraction(str(total))


def test_an_absence_is_a_bye_for_the_whole_match() -> None:
    t = _event(5, rounds=1)
    t = dataclasses.replace(t, rounds=(Round(1, (Game(1, 2, None, 1), Game(3, 4, None, 2)),
                                             (Absence(5, "excused"),)),))
    t = _pair(_results(t, Result.WHITE_WINS, Result.WHITE_WINS))
    assert t.rounds[1].absences == (Absence(5, "excused"),)
    assert _points(_results(t, Result.DRAW, Result.DRAW))[5] == 1


def test_pairing_after_the_last_match_round_is_refused() -> None:
    t = _pair(_event(2, rounds=1))
    t = _pair(_results(t, Result.DRAW))
    with pytest.raises(PairingRefused):
        _pair(_results(t, Result.DRAW))


def test_standings_rank_on_game_points_then_the_tie_breaks() -> None:
    t = _pair(_event(4, rounds=1))
    t = _pair(_results(t, Result.WHITE_WINS, Result.DRAW))
    t = _results(t, Result.DRAW, Result.DRAW)
    standings = DS.standings(t)
    assert [line.entrant.id for line in standings.lines][:1] == [1]
    assert standings.lines[0].scores[0] == Fraction(3, 2)


def test_settings_round_trip_through_their_json() -> None:
    s = DoubleSwissSettings(rounds=9, pab=Fraction(1), initial_colour=InitialColour.BLACK,
                            forbidden_pairs=frozenset({frozenset((1, 2))}), numbers=(2, 1))
    assert DS.from_dict(DS.to_dict(s)) == s
    assert DS.from_dict({}) == DoubleSwissSettings()


def test_a_bye_value_outside_a_match_is_refused() -> None:
    with pytest.raises(ModelError):
        pab_value("5/2")
    with pytest.raises(ValueError):
        pab_value("a lot")
