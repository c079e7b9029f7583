"""Record 192 for the engine: the Dutch edition, and Baku acceleration from a `_BAKU` code."""

from __future__ import annotations

import pytest

from rochade.core.dutch.engine import DutchEngine
from rochade.core.dutch.generator import SwissLog
from rochade.core.dutch.state import Scoring, SwissState
from rochade.formats.trf import TrfError, format_state, parse_trf, to_swiss_state


def trf_text(players: int, rounds: int, code: str | None, extra: tuple[str, ...] = (),
             log: SwissLog | None = None) -> str:
    """A TRF file of a fresh (or the given) event with a 192 line and extra records."""
    event = log or SwissLog([2800 - 5 * i for i in range(players)], rounds)
    lines = format_state(event.state()).splitlines()
    head = [f"192 {code}"] if code else []
    return "\n".join([lines[0], *head, *extra, *lines[1:]]) + "\n"


def state_of(players: int, rounds: int, code: str | None, *extra: str) -> SwissState:
    return to_swiss_state(parse_trf(trf_text(players, rounds, code, extra)))


def accelerated(state: SwissState) -> dict[int, tuple[int, ...]]:
    return {p.tpn: p.accelerations for p in state.players if any(p.accelerations)}


@pytest.mark.parametrize("code", ["FIDE_DUTCH_2026_BAKU", "FIDE_DUTCH_BAKU", "fide_dutch_baku"])
def test_baku_code_gives_group_a_virtual_points(code: str) -> None:
    # the spec's 250 example: 9 rounds, group A = players 1-50 of 100
    acc = accelerated(state_of(100, 9, code))
    assert sorted(acc) == list(range(1, 51))
    assert set(acc.values()) == {(10, 10, 10, 5, 5, 0, 0, 0, 0)}


@pytest.mark.parametrize(("players", "group_a"), [(161, 82), (100, 50), (6, 4), (5, 4), (4, 2)])
def test_group_a_is_twice_a_quarter_rounded_up(players: int, group_a: int) -> None:
    # C.04.7 as the spec reads it: 2*ceil(N/4), N = 161 gives 82 (not bbpPairings' ceil(N/2))
    assert sorted(accelerated(state_of(players, 9, "FIDE_DUTCH_2026_BAKU"))) == list(
        range(1, group_a + 1))


# C.04.7's table: rounds with a win's worth (+1) and with a draw's worth (+1/2)
TABLE = {5: (2, 3), 6: (2, 3), 7: (2, 4), 8: (2, 4), 9: (3, 5), 10: (3, 5), 11: (3, 6),
         12: (3, 6), 13: (4, 7)}


@pytest.mark.parametrize("rounds", sorted(TABLE))
def test_accelerated_rounds_follow_the_table(rounds: int) -> None:
    full, half = TABLE[rounds]
    points = accelerated(state_of(8, rounds, "FIDE_DUTCH_BAKU"))[1]
    assert points == (10,) * full + (5,) * (half - full) + (0,) * (rounds - half)


def test_explicit_records_override_the_baku_code() -> None:
    xxa = "XXA    3  0.5  0.5"
    for extra in (("250       0.5 001 002 0003 0003",), (xxa,)):
        acc = accelerated(state_of(12, 7, "FIDE_DUTCH_2026_BAKU", *extra))
        assert acc == {3: (5, 5)}


def test_no_code_or_plain_codes_give_no_acceleration() -> None:
    for code in (None, "FIDE_DUTCH_2026", "FIDE_DUTCH", "FIDE_DUTCH_2025"):
        assert accelerated(state_of(12, 7, code)) == {}


def test_baku_pairs_group_a_among_themselves_in_round_1() -> None:
    # 16 players: group A = 1-8 (1 virtual point) and group B = 9-16 pair apart
    result = DutchEngine().pair_round(state_of(16, 7, "FIDE_DUTCH_2026_BAKU"))
    pairs = {frozenset((b.white, b.black)) for b in result.boards}
    assert frozenset((1, 5)) in pairs and frozenset((9, 13)) in pairs
    assert all(max(p) <= 8 or min(p) > 8 for p in pairs)


def test_group_a_is_fixed_by_round_1_and_late_entries_join_it() -> None:
    # 8 players start; the top four of round 1's list are 1, 2, 4 and 5. Player 3 enters
    # in round 2 and joins group A, because its last player (5) stays the same person.
    log = SwissLog([2800 - 5 * i for i in range(9)], 7)
    log.add_round([(1, 5, "1"), (6, 2, "0"), (4, 7, "1"), (8, 9, "=")])
    acc = accelerated(to_swiss_state(parse_trf(trf_text(9, 7, "FIDE_DUTCH_BAKU", log=log))))
    assert sorted(acc) == [1, 2, 3, 4, 5]


def test_baku_needs_win_two_draws_and_zero_for_a_loss() -> None:
    with pytest.raises(TrfError) as caught:
        state_of(8, 5, "FIDE_DUTCH_BAKU", "BBW  3.0", "BBD  1.0")
    assert str(caught.value) == (
        "record 192 asks for the Baku acceleration (FIDE_DUTCH_BAKU), which needs a win worth "
        "two draws and a loss worth nothing; give the virtual points as XXA or 250 records "
        "instead")
    state = state_of(8, 5, "FIDE_DUTCH_BAKU", "BBW  2.0", "BBD  1.0")
    assert state.scoring == Scoring(win=20, draw=10, pab=20)
    assert accelerated(state)[1] == (20, 20, 10, 0, 0)


@pytest.mark.parametrize("code", ["FIDE_DUTCH_2017", "FIDE_DUTCH_2017_BAKU"])
def test_the_2017_edition_is_refused_clearly(code: str) -> None:
    with pytest.raises(TrfError) as caught:
        state_of(8, 5, code)
    assert str(caught.value) == (
        f"record 192 asks for the FIDE Dutch rules of 2017 ({code}); they are not supported "
        "yet: rochade pairs with the rules in force (192 FIDE_DUTCH_2025)")


def test_virtual_points_survive_a_round_trip() -> None:
    state = state_of(12, 7, "FIDE_DUTCH_2026_BAKU")
    assert to_swiss_state(parse_trf(format_state(state))) == state
