"""The Burstein engine's own rules: default acceleration, index order, bye, colours, refusals."""

from __future__ import annotations

import random

import pytest

from rochade.core.burstein import BursteinEngine
from rochade.core.burstein.order import Metric, metrics, sort_group, with_default_acceleration
from rochade.core.dutch.state import (
    ABSENT,
    Colour,
    NoValidPairing,
    Outcome,
    RoundRecord,
    SwissPlayer,
    SwissState,
)


def _game(opponent: int, colour: Colour, outcome: Outcome) -> RoundRecord:
    return RoundRecord(opponent, colour, outcome, played=True, paired=True)


PAB = RoundRecord(None, None, Outcome.WIN, played=False, paired=True)


def _fresh(n: int, rounds: int = 5) -> SwissState:
    return SwissState(tuple(SwissPlayer(i) for i in range(1, n + 1)), rounds)


def test_rounds_one_and_two_accelerate_the_top_half_without_virtual_points_of_their_own(
) -> None:
    state = with_default_acceleration(_fresh(11))
    lifted = [p.tpn for p in state.players if p.acceleration(0)]
    assert lifted == [1, 2, 3, 4, 5]
    absent = with_default_acceleration(
        SwissState(_fresh(11).players, 5, absent=frozenset({2})))
    assert [p.tpn for p in absent.players if p.acceleration(0)] == [1, 2, 3, 4, 5, 6]
    given = SwissState((SwissPlayer(1, accelerations=(0,)), *_fresh(9).players[1:]), 5)
    assert with_default_acceleration(given) is given


def test_round_one_pairs_the_accelerated_half_among_itself() -> None:
    result = BursteinEngine().pair_round(_fresh(8))
    pairs = {frozenset((b.white, b.black)) for b in result.boards}
    assert pairs == {frozenset(p) for p in ((1, 4), (2, 3), (5, 8), (6, 7))}
    assert result.boards[0].white == 1  # the drawn colour for the best rank


def test_index_order_is_sonneborn_berger_then_buchholz_then_median_then_number() -> None:
    same = [Metric(10, 50, 30, 10, 3), Metric(10, 50, 30, 10, 1), Metric(10, 50, 31, 0, 5),
            Metric(10, 60, 0, 0, 9)]
    order = sort_group([0, 1, 2, 3], dict(enumerate(same)))
    assert order == [3, 2, 1, 0]


def test_sorting_a_group_agrees_with_a_plain_sort_when_scores_are_equal() -> None:
    seed = random.randrange(2**32)
    print("seed", seed)
    rng = random.Random(seed)
    for _ in range(200):
        size = rng.randint(1, 40)
        ms = {i: Metric(10, rng.randint(0, 5), rng.randint(0, 5), rng.randint(0, 3), i)
              for i in range(size)}
        members = list(range(size))
        rng.shuffle(members)
        expected = sorted(members, key=lambda i: (-ms[i].sonneborn_berger, -ms[i].buchholz,
                                                  -ms[i].median, ms[i].rank))
        assert sort_group(members, ms) == expected, seed


def test_an_unplayed_round_faces_a_virtual_opponent() -> None:
    # round 1: 1 beats 2, 3 has the bye; round 2: 1 beats 3, 2 is absent
    players = (
        SwissPlayer(1, history=(_game(2, Colour.WHITE, Outcome.WIN),
                                _game(3, Colour.BLACK, Outcome.WIN))),
        SwissPlayer(2, history=(_game(1, Colour.BLACK, Outcome.LOSS), ABSENT)),
        SwissPlayer(3, history=(PAB, _game(1, Colour.WHITE, Outcome.LOSS))),
    )
    m = metrics(SwissState(players, 4, rounds_played=2))
    # opponents' scores count unplayed rounds as draws: 1 -> 20, 2 -> 0 + 5, 3 -> 5 + 0
    assert (m[1].buchholz, m[1].sonneborn_berger) == (5 + 5, 10 * 5 + 10 * 5)
    # 3's bye: the stand-in has a draw per later round (5) and nothing for the bye
    assert (m[3].buchholz, m[3].sonneborn_berger) == (5 + 20, 10 * 5 + 0 * 20)
    # 2's absence: 2's score before it (0), no more draws to come, and a win for the stand-in
    assert m[2].buchholz == 20 + (0 + 10)
    assert m[3].median == 0  # only two rounds


def test_the_bye_skips_a_player_who_had_one() -> None:
    players = (
        SwissPlayer(1, history=(_game(2, Colour.WHITE, Outcome.WIN),)),
        SwissPlayer(2, history=(_game(1, Colour.BLACK, Outcome.LOSS),)),
        SwissPlayer(3, history=(PAB,)),
    )
    result = BursteinEngine().pair_round(SwissState(players, 3, rounds_played=1))
    assert result.bye == 2
    assert {(b.white, b.black) for b in result.boards} == {(3, 1)}


def test_no_pairing_without_a_legal_opponent_is_refused() -> None:
    players = (SwissPlayer(1, history=(_game(2, Colour.WHITE, Outcome.WIN),)),
               SwissPlayer(2, history=(_game(1, Colour.BLACK, Outcome.LOSS),)))
    with pytest.raises(NoValidPairing):
        BursteinEngine().pair_round(SwissState(players, 3, rounds_played=1))


def test_the_explanation_names_groups_pairs_the_bye_and_colours() -> None:
    pairing = BursteinEngine().pair(_fresh(5))
    text = "\n".join(pairing.explanation)
    assert "index order (Sonneborn-Berger, Buchholz, median, pairing number)" in text
    assert f"{pairing.bye} gets the bye" in text
    for board in pairing.boards:
        assert f"{board.white}-{board.black}: " in text


def _round_two(first: tuple[tuple[int, int], tuple[int, int]]) -> list[str]:
    """Four players who drew round 1 (white first) meet in one score group in round 2 (no
    acceleration); the explanation lines of its pairs."""
    history: dict[int, RoundRecord] = {}
    for white, black in first:
        history[white] = _game(black, Colour.WHITE, Outcome.DRAW)
        history[black] = _game(white, Colour.BLACK, Outcome.DRAW)
    players = tuple(SwissPlayer(t, history=(history[t],), accelerations=(0, 0))
                    for t in (1, 2, 3, 4))
    pairing = BursteinEngine().pair(SwissState(players, 3, rounds_played=1))
    return [line for line in pairing.explanation if " meets " in line]


def test_a_pair_says_why_the_lowest_player_of_the_group_was_not_taken() -> None:
    assert _round_two(((1, 4), (2, 3))) == [
        "1 meets 3: the lowest unpaired player of the group was already met.",
        "2 meets 4: the lowest unpaired player of the group in the index order."]
    assert _round_two(((1, 3), (4, 2))) == [
        "1 meets 2: a lower partner would grant fewer colour preferences.",
        "3 meets 4: the lowest unpaired player of the group in the index order."]
