"""The Double-Swiss engine (C.04.5): order by score and pairing number, the bye, scoregroups
and upfloaters, the lexicographic bracket pairing, and the colour of the first game."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rochade.core.doubleswiss.engine import (
    BLACK,
    WHITE,
    Contestant,
    DoubleSwissState,
    Match,
    NoDoubleSwissPairing,
    pair_double_swiss,
)


def _c(tpn: int, score: float = 0, met: tuple[int, ...] = (), colours: str = "",
       bye_allowed: bool = True) -> Contestant:
    """Player `tpn` (id = TPN) with a match score, opponents and first-game colours
    (`w`, `b`, `-` for a round without a regular match)."""
    return Contestant(tpn, tpn, Fraction(score).limit_denominator(2), frozenset(met),
                      tuple(None if c == "-" else c for c in colours), bye_allowed)


def _pairs(state: DoubleSwissState) -> set[frozenset[int]]:
    return {frozenset((m.white, m.black)) for m in pair_double_swiss(state).matches}


def test_round_one_pairs_in_pairing_number_order_within_the_one_scoregroup() -> None:
    state = DoubleSwissState(tuple(_c(n) for n in range(1, 7)))
    result = pair_double_swiss(state)
    assert [frozenset((m.white, m.black)) for m in result.matches] == [
        frozenset((1, 2)), frozenset((3, 4)), frozenset((5, 6))]
    assert result.bye is None


def test_initial_colour_goes_to_the_higher_player_with_an_odd_pairing_number() -> None:
    white = pair_double_swiss(DoubleSwissState(tuple(_c(n) for n in range(1, 5))))
    assert white.matches == (Match(1, 2), Match(3, 4))
    black = pair_double_swiss(DoubleSwissState(tuple(_c(n) for n in range(1, 5)),
                                               initial_colour=BLACK))
    assert black.matches == (Match(2, 1), Match(4, 3))


def test_initial_colour_is_reversed_for_a_higher_player_with_an_even_pairing_number() -> None:
    # 1 and 3 met: 1-4 and 2-3; in 2-3 the higher player (2) is even: Black first
    state = DoubleSwissState((_c(1, met=(2,)), _c(2, met=(1,)), _c(3), _c(4)))
    result = pair_double_swiss(state)
    assert Match(1, 3) in result.matches and Match(4, 2) in result.matches


def test_the_bye_goes_to_the_lowest_score_then_the_highest_pairing_number() -> None:
    state = DoubleSwissState((_c(1, 2), _c(2, 1), _c(3, 1), _c(4, 2), _c(5, 2)))
    assert pair_double_swiss(state).bye == 3


def test_no_second_bye_nor_a_bye_after_a_match_won_by_forfeit() -> None:
    state = DoubleSwissState((_c(1, 2), _c(2, 2), _c(3, 1, bye_allowed=False),
                              _c(4, 1, bye_allowed=False), _c(5, 1)))
    assert pair_double_swiss(state).bye == 5


def test_the_bye_skips_a_player_whose_absence_leaves_the_others_unpairable() -> None:
    # 3 (lowest) sits out: 1 and 2 have met, so 1-2 is impossible; 2 gets the bye instead
    state = DoubleSwissState((_c(1, 2, met=(2,)), _c(2, 0, met=(1,)), _c(3, 0)))
    assert pair_double_swiss(state).bye == 2


def test_nobody_may_have_the_bye_is_refused() -> None:
    state = DoubleSwissState((_c(1, bye_allowed=False), _c(2, bye_allowed=False),
                              _c(3, bye_allowed=False)))
    with pytest.raises(NoDoubleSwissPairing):
        pair_double_swiss(state)


def test_scoregroups_are_paired_by_match_score_from_the_top() -> None:
    state = DoubleSwissState((_c(1, 1), _c(2, 2), _c(3, 1), _c(4, 2)))
    assert _pairs(state) == {frozenset((2, 4)), frozenset((1, 3))}


def test_an_odd_scoregroup_takes_the_highest_player_below_as_upfloater() -> None:
    state = DoubleSwissState((_c(1, 2), _c(2, 2), _c(3, 2), _c(4, 1), _c(5, 1), _c(6, 1)))
    result = pair_double_swiss(state)
    assert _pairs(state) == {frozenset((1, 2)), frozenset((3, 4)), frozenset((5, 6))}
    assert any("upfloaters 4" in line for line in result.explanation)


def test_the_upfloater_is_one_the_bracket_can_meet() -> None:
    # 3 has met 4: the upfloater is 5 (the next one down), 4 stays in its scoregroup
    state = DoubleSwissState((_c(1, 2, met=(2,)), _c(2, 2, met=(1,)), _c(3, 2, met=(4,)),
                              _c(4, 1, met=(3,)), _c(5, 1), _c(6, 1)))
    pairs = _pairs(state)
    assert frozenset((3, 4)) not in pairs and frozenset((1, 2)) not in pairs
    assert pairs == {frozenset((1, 3)), frozenset((2, 4)), frozenset((5, 6))} or \
        pairs == {frozenset((1, 3)), frozenset((2, 5)), frozenset((4, 6))}


def test_upfloaters_leave_the_players_below_pairable() -> None:
    # 1 2 3 score 2; below: 4 has met 5 and 6, so 4 must float up or nobody below pairs it
    state = DoubleSwissState((_c(1, 2), _c(2, 2), _c(3, 2), _c(4, 1, met=(5, 6)),
                              _c(5, 1, met=(4,)), _c(6, 1, met=(4,)), _c(7, 0), _c(8, 0)))
    pairs = _pairs(state)
    assert all(frozenset((4, x)) not in pairs for x in (5, 6))
    assert len(pairs) == 4


def test_no_rematch_of_a_regular_match() -> None:
    state = DoubleSwissState((_c(1, met=(2,)), _c(2, met=(1,)), _c(3), _c(4)))
    assert _pairs(state) == {frozenset((1, 3)), frozenset((2, 4))}


def test_forbidden_pairs_are_kept_apart() -> None:
    state = DoubleSwissState(tuple(_c(n) for n in range(1, 5)),
                             forbidden=frozenset({frozenset((1, 2))}))
    assert _pairs(state) == {frozenset((1, 3)), frozenset((2, 4))}


def test_a_round_nobody_can_pair_is_refused() -> None:
    state = DoubleSwissState((_c(1, met=(2,)), _c(2, met=(1,))))
    with pytest.raises(NoDoubleSwissPairing):
        pair_double_swiss(state)


def test_a_scoregroup_that_cannot_pair_within_itself_takes_players_from_below() -> None:
    state = DoubleSwissState((_c(1, 2, met=(2,)), _c(2, 2, met=(1,)), _c(3, 1), _c(4, 1)))
    assert _pairs(state) == {frozenset((1, 3)), frozenset((2, 4))}


@pytest.mark.parametrize(("higher", "lower", "white"), [
    ("w", "", 2),    # fewer first-game whites: the lower player (none) gets White
    ("b", "bw", 1),  # 0 whites against 1
    ("wb", "bw", 1),  # equal whites: alternate from the latest difference (1 had Black)
    ("bw", "bw", 2),  # identical histories: the higher player alternates (had White)
    ("-w", "w-", 2),  # equal, same colour in the matches both played: higher alternates
])
def test_colour_of_the_first_game(higher: str, lower: str, white: int) -> None:
    state = DoubleSwissState((_c(1, colours=higher), _c(2, colours=lower)))
    assert pair_double_swiss(state).matches[0].white == white


def test_boards_are_ordered_by_the_higher_score_then_the_higher_player() -> None:
    state = DoubleSwissState((_c(1, 1), _c(2, 1), _c(3, 2), _c(4, 2)))
    result = pair_double_swiss(state)
    assert [min(m.white, m.black) for m in result.matches] == [3, 1]


def test_the_pairing_explains_the_bye_and_every_colour() -> None:
    result = pair_double_swiss(DoubleSwissState(tuple(_c(n) for n in range(1, 4))))
    assert result.explanation[0].startswith("bye: 3")
    assert any(line.startswith("colours 1-2") for line in result.explanation)
    assert result.matches[0].white == 1 and WHITE == "w"
