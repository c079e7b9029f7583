"""FIDE rating change and performance (B.02): hand-computed examples and properties."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rochade.core.fide import PlayerDetails
from rochade.core.model import Absence, Entrant, Game, Result, Round, Tournament
from rochade.core.rating_change import (
    KRule,
    expected,
    is_fast,
    k_factor,
    rating_change,
    rating_changes,
)

WIN, DRAW, LOSS = Result.WHITE_WINS, Result.DRAW, Result.BLACK_WINS


def _pair(white: int | None, black: int | None, result: Result) -> Tournament:
    return Tournament("T", (Entrant(1, "A", white), Entrant(2, "B", black)),
                      (Round(1, (Game(1, 2, result),)),))


def test_a_win_against_a_lower_rated_player() -> None:
    # D = 100 -> PD .64 (99-106); K 20 both: 20 * (1 - .64) = 7.2, and -7.2 for the loser.
    changes = rating_changes(_pair(2000, 1900, WIN))
    assert changes[1].change == Fraction(72, 10)
    assert changes[2].change == Fraction(-72, 10)
    assert changes[1].games[0].expected == Fraction(64, 100)


def test_a_tournament_paired_by_national_ratings_changes_the_fide_ones() -> None:
    # Paired by DWZ (1500 and 1700), FIDE 2000 and 1900: the change is FIDE's 2000 - 1900 win
    # (+7.2), not one computed from the DWZ; a player without a FIDE rating keeps the one
    # the tournament holds, as the TRF export's 001 line does.
    t = Tournament("T", (Entrant(1, "A", 1500, fide_rating=2000),
                         Entrant(2, "B", 1700, fide_rating=1900)),
                   (Round(1, (Game(1, 2, WIN),)),))
    changes = rating_changes(t)
    assert (changes[1].rating, changes[1].change) == (2000, Fraction(72, 10))
    assert changes[2].games[0].opponent_rating == 2000
    alone = Tournament("T", (Entrant(1, "A", 1500), Entrant(2, "B", 1700, fide_rating=1900)),
                       (Round(1, (Game(1, 2, WIN),)),))
    assert rating_changes(alone)[1].rating == 1500


def test_a_difference_above_400_counts_as_400() -> None:
    # 2500 - 2000 = 500 counts as 400 -> .92; K 10 (2400 or more) and K 20.
    changes = rating_changes(_pair(2500, 2000, DRAW))
    assert (changes[1].k, changes[1].rule) == (10, KRule.FROM_2400)
    assert changes[1].change == Fraction(-42, 10)  # 10 * (.5 - .92)
    assert changes[2].change == Fraction(84, 10)  # 20 * (.5 - .08)
    assert expected(2900, 1000) == expected(2400, 2000) == Fraction(92, 100)


def test_k_factor_from_the_players_data() -> None:
    junior = PlayerDetails(birth="2008-05-01")
    assert k_factor(2100, junior, 2026) == (40, KRule.JUNIOR)  # turns 18 in 2026
    assert k_factor(2100, junior, 2027) == (20, KRule.BELOW_2400)
    assert k_factor(2300, junior, 2026) == (20, KRule.BELOW_2400)  # 2300 or more
    assert k_factor(2100, junior, None) == (20, KRule.BELOW_2400)  # the year is not known
    assert k_factor(2399, PlayerDetails(), 2026) == (20, KRule.BELOW_2400)
    assert k_factor(2400, PlayerDetails(), 2026) == (10, KRule.FROM_2400)
    assert k_factor(2350, PlayerDetails(k="10"), 2026) == (10, KRule.SET)  # once 2400
    assert k_factor(1500, PlayerDetails(k="40", birth="1970"), 2026) == (40, KRule.SET)


def test_the_700_rule_lowers_k_for_many_games() -> None:
    # 18 games at K 40 would be 720 > 700: K = 38 (38 * 18 = 684).
    entrants = tuple(Entrant(i, f"P{i}", 1800) for i in range(1, 20))
    rounds = tuple(Round(r, (Game(1, r + 1, DRAW),)) for r in range(1, 19))
    t = Tournament("T", entrants, rounds)
    change = rating_change(t, t.entrant(1), PlayerDetails(k="40"))
    assert (change.k, change.rule, len(change.games)) == (38, KRule.CAPPED, 18)
    assert change.change == 0


def test_unplayed_games_and_unrated_opponents_do_not_count() -> None:
    entrants = (Entrant(1, "A", 2000), Entrant(2, "B", 1800), Entrant(3, "C", None),
                Entrant(4, "D", 2200))
    rounds = (
        Round(1, (Game(1, 2, Result.WHITE_WINS_FORFEIT), Game(3, 4, WIN))),
        Round(2, (Game(3, 1, WIN), Game(2, 4, None))),
        Round(3, (Game(1, 4, DRAW),), (Absence(2, "excused"), Absence(3, "excused"))),
    )
    changes = rating_changes(Tournament("T", entrants, rounds))
    a = changes[1]
    assert [(g.round, g.opponent) for g in a.games] == [(3, 4)]  # not 1 (forfeit), 2 (unrated)
    assert a.change == 20 * (Fraction(1, 2) - Fraction(24, 100))  # D = -200 -> .24
    assert a.performance == 2200  # one draw: Ra + dp(50 %)
    c = changes[3]  # unrated: no K, no change, but a performance from rated opponents
    assert (c.k, c.change, c.performance) == (None, None, 2100 + 800)  # beat D 2200 and A 2000
    assert changes[2].games == () and changes[2].performance is None


def test_performance_rounds_the_percentage_and_takes_800_at_the_ends() -> None:
    entrants = (Entrant(1, "A", 2000), Entrant(2, "B", 2000), Entrant(3, "C", 2100),
                Entrant(4, "D", 2200))
    rounds = (Round(1, (Game(1, 2, WIN), Game(3, 4, DRAW))),
              Round(2, (Game(3, 1, WIN), Game(4, 2, WIN))),
              Round(3, (Game(1, 4, WIN), Game(2, 3, LOSS))))
    changes = rating_changes(Tournament("T", entrants, rounds))
    # A: 2/3 against 2000, 2100, 2200: Ra 2100, 66.7 % -> 67 % -> dp 125.
    assert changes[1].performance == 2225
    # B: 0/3 against 2000, 2200, 2100: Ra 2100 - 800.
    assert changes[2].performance == 1300
    # After round 1 only: A 1/1 against 2000.
    assert rating_change(Tournament("T", entrants, rounds), entrants[0],
                         after_round=1).performance == 2800


_RATINGS = st.integers(1000, 2399)
_RESULTS = st.sampled_from([WIN, DRAW, LOSS])


@given(_RATINGS, _RATINGS, _RESULTS)
def test_two_players_with_equal_k_change_by_opposite_amounts(a: int, b: int, r: Result) -> None:
    changes = rating_changes(_pair(a, b, r))
    assert changes[1].k == changes[2].k == 20
    assert changes[1].change is not None and changes[2].change is not None
    assert changes[1].change + changes[2].change == 0


@given(_RATINGS, st.integers(1000, 2800), st.integers(1000, 2800))
def test_a_better_result_or_a_stronger_opponent_never_changes_less(
        own: int, weaker: int, stronger: int) -> None:
    weaker, stronger = sorted((weaker, stronger))
    by_result = [rating_changes(_pair(own, weaker, r))[1].change for r in (LOSS, DRAW, WIN)]
    assert by_result == sorted(by_result)  # type: ignore[type-var]
    for r in (LOSS, DRAW, WIN):
        assert rating_changes(_pair(own, weaker, r))[1].change <= (  # type: ignore[operator]
            rating_changes(_pair(own, stronger, r))[1].change)
    perf = [rating_changes(_pair(own, weaker, r))[1].performance for r in (LOSS, DRAW, WIN)]
    assert perf == sorted(perf)  # type: ignore[type-var]


@pytest.mark.parametrize("rating", [1000, 1800, 2399, 2400, 2800])
def test_a_draw_between_equals_changes_nothing(rating: int) -> None:
    assert rating_changes(_pair(rating, rating, DRAW))[1].change == 0


@pytest.mark.parametrize(("code", "fast"), [
    ("900+10", True),  # 15 min + 60 x 10 s = 25 min: rapid
    ("180+2", True),  # blitz
    ("3000+10", False),  # 50 min + 10 min = 60 min: not less than 60
    ("5400+30", False),
    ("40/6000+30:900+30", False),  # periods with a move count: classical
    ("W300-B240", True),  # Armageddon
    ("W3600-B240", False),
    ("3539+1", True),  # 59 min 59 s with the increment: rapid, a second short of 60 min
    ("3540+1", False),
    ("3599", True),  # no increment: the base alone
    ("3600", False),
    ("", False),  # not known
])  # fmt: skip
def test_rapid_and_blitz_from_the_coded_time_control(code: str, fast: bool) -> None:
    assert is_fast(code) is fast


def test_a_rapid_event_rates_everyone_with_k_20() -> None:
    junior = PlayerDetails(birth="2012", k="40")
    assert k_factor(2500, junior, 2026, fast=True) == (20, KRule.FAST)
    changes = rating_changes(_pair(2500, 2000, DRAW), {1: junior}, 2026, fast=True)
    assert changes[1].change == Fraction(-84, 10)  # 20 * (.5 - .92)


_ZERO_SUM = [WIN, DRAW, LOSS, Result.WHITE_WINS_FORFEIT, Result.BLACK_WINS_FORFEIT,
             Result.DOUBLE_FORFEIT, Result.ADJOURNED]
"""The results whose points add up to one game's (or that do not count)."""


@given(st.lists(_RATINGS, min_size=2, max_size=8),
       st.lists(st.sampled_from(_ZERO_SUM), min_size=28, max_size=28))
def test_a_whole_tournament_with_equal_k_changes_nothing_in_sum(
        ratings: list[int], results: list[Result]) -> None:
    """Every pair meets once (forfeits included, which count for nobody): with one K for all,
    what one gains another loses."""
    entrants = tuple(Entrant(i, f"P{i}", r) for i, r in enumerate(ratings, start=1))
    pairs = [(a.id, b.id) for i, a in enumerate(entrants) for b in entrants[i + 1:]]
    rounds = tuple(Round(n, (Game(w, b, results[n - 1]),))
                   for n, (w, b) in enumerate(pairs, start=1))
    changes = rating_changes(Tournament("T", entrants, rounds))
    assert sum(c.change or 0 for c in changes.values()) == 0
    assert all(len(c.games) <= len(entrants) - 1 for c in changes.values())


@given(st.from_regex(r"(W\d{1,5}(\+\d{1,3})?-B\d{1,5}(\+\d{1,3})?|(\d{1,2}/)?\d{1,5}(\+\d{1,3})?"
                     r"(:(\d{1,2}/)?\d{1,5}(\+\d{1,3})?)?)", fullmatch=True))
def test_every_coded_time_control_is_read(code: str) -> None:
    """A code record 222 takes (`EventData.time_control_code`) never trips the reading, and a
    control of 60 minutes or more per player is never fast."""
    from rochade.core.fide import EventData

    assert EventData(time_control=code).time_control_code == code
    fast = is_fast(code)
    if fast:
        sides = code.removeprefix("W").split("-B")
        assert all(int(s.split("+")[0]) < 3600 for s in sides)


def test_adjourned_games_wait_and_unusual_results_count_as_scored() -> None:
    assert rating_changes(_pair(2000, 1900, Result.ADJOURNED))[1].games == ()
    changes = rating_changes(_pair(2000, 1900, Result.WHITE_HALF))  # ½-0: both rated so
    assert changes[1].change == 20 * (Fraction(1, 2) - Fraction(64, 100))
    assert changes[2].change == 20 * (0 - Fraction(36, 100))


def test_one_players_change_knows_the_year_and_the_time_control() -> None:
    t = _pair(2100, 2100, DRAW)
    junior = PlayerDetails(birth="2008-05-01")
    change = rating_change(t, t.entrant(1), junior, 2026)
    assert (change.k, change.rule) == (40, KRule.JUNIOR)
    assert rating_change(t, t.entrant(1), junior, 2026, fast=True).rule is KRule.FAST


def test_one_player_without_games_has_no_change() -> None:
    played = _pair(2000, 1900, WIN)
    t = Tournament("T", (*played.entrants, Entrant(3, "C", 1800)), played.rounds)
    change = rating_change(t, t.entrant(3))
    assert (change.games, change.change, change.performance) == ((), None, None)


def test_every_players_change_after_a_round_reads_only_the_rounds_up_to_it() -> None:
    entrants = (Entrant(1, "A", 2000), Entrant(2, "B", 2000))
    rounds = (Round(1, (Game(1, 2, WIN),)), Round(2, (Game(2, 1, WIN),)))
    t = Tournament("T", entrants, rounds)
    after_one = rating_changes(t, after_round=1)
    assert [(g.round, g.opponent) for g in after_one[1].games] == [(1, 2)]
    assert (after_one[1].change, after_one[2].change) == (10, -10)  # K 20 * (1 - .5)
    assert rating_changes(t)[1].change == 0  # won, then lost: even
