"""Round-robin and Swiss standings: from the tournament's facts to FIDE tie-breaks."""

from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rochade.core.keizer.settings import KeizerSettings
from rochade.core.model import (
    Absence,
    Entrant,
    Game,
    ModelError,
    PlayerId,
    Result,
    Round,
    Status,
    Tournament,
)
from rochade.core.standings import Standings
from rochade.core.systems import (
    RoundRobinSettings,
    SwissSettings,
    baku_group_a,
    baku_virtual_points,
    numbers_of,
    random_round,
    scoring,
    swiss_numbers,
    system_of,
)
from rochade.core.systems.crosstables import crosstable_of
from rochade.core.systems.keizer import KEIZER_SYSTEM
from rochade.core.systems.round_robin import ROUND_ROBIN_SYSTEM
from rochade.core.tiebreaks import Kind, Scoring, TieBreak, parse_tiebreaks

W, D, B = Result.WHITE_WINS, Result.DRAW, Result.BLACK_WINS



def system_standings(t: Tournament, after_round: int | None = None) -> Standings:
    return system_of(t).standings(t, after_round)

def _players(n: int, withdrawn: tuple[int, ...] = ()) -> tuple[Entrant, ...]:
    return tuple(
        Entrant(i, f"P{i}", 2000 - i, Status.WITHDRAWN if i in withdrawn else Status.PRESENT)
        for i in range(1, n + 1)
    )


def test_swiss_rows_become_fide_round_kinds() -> None:
    t = Tournament("S", _players(6, withdrawn=(6,)), (
        Round(1, (Game(1, 2, W, 1), Game(3, 4, Result.BLACK_WINS_FORFEIT, 2)),
              (Absence(6, "late_start"),), bye=5),
        Round(2, (Game(2, 5, Result.DOUBLE_FORFEIT, 1), Game(4, 1, None, 2)),
              (Absence(3, "excused"),)),
    ), "swiss", SwissSettings(rounds=5))
    table = crosstable_of(t, numbers_of(t), Scoring(), round_robin=False)
    kinds = {p.id: [e.kind for e in p.rounds] for p in table.players}
    assert kinds == {
        1: [Kind.PLAYED, Kind.REST],  # a game without a result is left out until it has one
        2: [Kind.PLAYED, Kind.FORFEIT_LOSS],
        3: [Kind.FORFEIT_LOSS, Kind.HPB],  # excused: a requested half-point bye
        4: [Kind.FORFEIT_WIN, Kind.REST],
        5: [Kind.PAB, Kind.FORFEIT_LOSS],
        6: [Kind.ZPB, Kind.ZPB],  # late start, then withdrawn: no row
    }
    assert table.score == {1: 1, 2: 0, 3: Fraction(1, 2), 4: 1, 5: 1, 6: 0}


def test_round_robin_rest_rounds_and_start_numbers() -> None:
    settings = RoundRobinSettings(numbers=(3, 1, 2))
    t = Tournament("R", _players(3), (Round(1, (Game(1, 2, D, 1),), bye=3),), "round-robin",
                   settings)
    standings = system_standings(t)
    assert [(s.number, s.entrant.id, s.total) for s in standings.lines] == [
        (2, 1, Fraction(1, 2)), (3, 2, Fraction(1, 2)), (1, 3, 0)]
    assert [line.rank for line in standings.lines] == [1, 1, 3]
    assert standings.tiebreaks == parse_tiebreaks("SB,DE,WIN")


def _round_robin_of_four(withdrawn_after: int) -> Tournament:
    """1-2-3-4, numbers = ids; the higher number always wins; 4 withdraws after some rounds."""
    rounds = []
    schedule = [((1, 4), (2, 3)), ((4, 3), (1, 2)), ((2, 4), (3, 1))]
    for number, boards in enumerate(schedule, 1):
        games = []
        for board, (w, b) in enumerate(boards, 1):
            if 4 in (w, b) and number > withdrawn_after:
                result = Result.WHITE_WINS_FORFEIT if b == 4 else Result.BLACK_WINS_FORFEIT
            else:
                result = W if w > b else B
            games.append(Game(w, b, result, board))
        rounds.append(Round(number, tuple(games)))
    return Tournament("R", _players(4, withdrawn=(4,)), tuple(rounds), "round-robin",
                      RoundRobinSettings(numbers=(1, 2, 3, 4)))


def test_a_player_who_withdrew_before_half_his_games_is_annulled() -> None:
    annulled = system_standings(_round_robin_of_four(withdrawn_after=1))
    points = {line.entrant.id: line.total for line in annulled.lines}
    assert points == {1: 0, 2: 1, 3: 2, 4: 0}  # 4's win over 1 and the forfeits are gone
    kept = system_standings(_round_robin_of_four(withdrawn_after=2))
    points = {line.entrant.id: line.total for line in kept.lines}
    assert points == {1: 0, 2: 2, 3: 2, 4: 2}  # 4 played 2 of 3: results and forfeit stand


def test_standings_after_a_round_and_refusals() -> None:
    t = _round_robin_of_four(withdrawn_after=3)
    assert system_standings(t, after_round=1).after_round == 1
    with pytest.raises(ModelError, match="there is no round 4"):
        system_standings(t, after_round=4)
    with pytest.raises(ModelError, match="not a round robin or a Swiss"):
        ROUND_ROBIN_SYSTEM.standings(Tournament("K", _players(2)))


def test_the_line_of_a_player_not_in_the_standings_is_refused() -> None:
    standings = system_standings(_round_robin_of_four(withdrawn_after=3))
    assert standings.line(2).entrant.id == 2
    with pytest.raises(ModelError) as refused:
        standings.line(99)
    assert str(refused.value) == "no player with id 99 in the standings"


def keizer_columns(t: Tournament, tiebreaks: tuple[TieBreak, ...], after_round: int | None = None
                   ) -> dict[PlayerId, tuple[Fraction, ...]]:
    """Game points and the tie-break columns of the Keizer standings, per player."""
    standings = KEIZER_SYSTEM.standings(replace(t, settings=KeizerSettings()), after_round,
                                        tiebreaks)
    keys = [c.key for c in standings.columns]
    wanted = [keys.index("points"), *(i for i, k in enumerate(keys) if k == "tiebreak")]
    return {line.entrant.id: tuple(line.scores[i] for i in wanted) for line in standings.lines}


def test_keizer_columns_count_game_points_only() -> None:
    t = Tournament("K", _players(3), (Round(1, (Game(1, 2, D, 1),), bye=3),))
    columns = keizer_columns(t, parse_tiebreaks("BH"))
    assert columns[1] == (Fraction(1, 2), Fraction(1, 2))
    assert columns[3][0] == 0  # a Keizer bye earns Keizer points, not game points


def test_keizer_columns_after_an_earlier_round() -> None:
    t = Tournament("K", _players(3), (Round(1, (Game(1, 2, D, 1),), bye=3),
                                      Round(2, (Game(3, 1, W, 1),), bye=2)))
    assert keizer_columns(t, parse_tiebreaks("BH"), after_round=1)[1] == (
        Fraction(1, 2), Fraction(1, 2))
    assert keizer_columns(t, parse_tiebreaks("BH"))[1] == (Fraction(1, 2), Fraction(3, 2))


def test_scoring_systems() -> None:
    assert scoring("3-1-0") == Scoring(Fraction(3), Fraction(1), Fraction(0))
    assert scoring("1-½-0") == scoring("1-0.5-0") == Scoring()
    with pytest.raises(ModelError, match="choose 1-1/2-0, 3-1-0, 2-1-0"):
        scoring("5-2-1")


def test_swiss_numbers_and_baku_groups() -> None:
    entrants = (Entrant(1, "a", 1500), Entrant(2, "b", None), Entrant(3, "c", 1900),
                Entrant(4, "d", 1700), Entrant(5, "e", 1800))
    assert swiss_numbers(entrants) == (3, 5, 4, 1, 2)
    first = swiss_numbers(entrants)
    assert baku_group_a(first, first) == {3, 5, 4, 1}  # the top 2·⌈5/4⌉ = 4
    late = (*first[:1], 9, *first[1:])  # a late entry rated between 3 and 5
    assert baku_group_a(first, late) == baku_group_a(first, first) | {9}


def test_pairing_numbers_follow_c0402b_and_freeze_after_round_4() -> None:
    """Rating, then name; stored numbers stay; a late entry slots in by rating (the players
    below move down) until round 4 is paired, then takes the next free number."""
    field = (Entrant(1, "Zed", 1800), Entrant(2, "Abe", 1800), Entrant(3, "Cy", None),
             Entrant(4, "Bo", 2000))
    assert swiss_numbers(field) == (4, 2, 1, 3)
    imported = (3, 1, 2, 4)  # a file's own numbering, not by rating: kept as it is
    assert swiss_numbers(field, imported, paired=2) == imported
    late = (*field, Entrant(5, "Late", 1900))
    assert swiss_numbers(late, (4, 2, 1, 3), paired=3) == (4, 5, 2, 1, 3)
    assert swiss_numbers(late, (4, 2, 1, 3), paired=4) == (4, 2, 1, 3, 5)
    # a Swiss paired by an older rochade (no stored numbers) keeps its numbers: rating, id
    assert swiss_numbers(late, (), paired=2) == (4, 5, 1, 2, 3)


def test_equal_ratings_are_numbered_by_title_then_name() -> None:
    """C.04.2.B: GM, IM, WGM, FM, WIM, CM, WFM, WCM, then the untitled; names last."""
    field = (Entrant(1, "Abe", 2000), Entrant(2, "Bo", 2000, title="WFM"),
             Entrant(3, "Cy", 2000, title="FM"), Entrant(4, "Di", 2000, title="WGM"),
             Entrant(5, "Ed", 2100), Entrant(6, "Fay", 2000, title="FM"))
    assert swiss_numbers(field) == (5, 4, 3, 6, 2, 1)
    assert Entrant(1, "Abe", 2000, title="GM") == Entrant(1, "Abe", 2000)  # a member's fact


def test_baku_virtual_points_by_round() -> None:
    # 9 rounds: accelerated rounds 1-5; a win's points in rounds 1-3, half in 4-5.
    points = [baku_virtual_points(r, 9, Fraction(1)) for r in range(1, 10)]
    assert points == [1, 1, 1, Fraction(1, 2), Fraction(1, 2), 0, 0, 0, 0]


@given(st.lists(st.integers(1, 500), min_size=2, max_size=30, unique=True), st.integers())
def test_random_round_pairs_everyone_once_and_replays(players: list[int], seed: int) -> None:
    pairing = random_round(players, random.Random(seed))
    assert sorted(pairing.players()) == sorted(players)
    assert (pairing.bye is not None) == (len(players) % 2 == 1)
    assert random_round(list(reversed(players)), random.Random(seed)) == pairing


def test_random_round_colours_are_drawn_and_the_bye_explained() -> None:
    # The draw shuffles the sorted players and pairs them in twos: the first of each two
    # has white on some boards and black on others.
    players = list(range(1, 22))
    pairing = random_round(players, random.Random(5))
    drawn = sorted(players)
    random.Random(5).shuffle(drawn)
    firsts = {b.white == drawn[drawn.index(b.white) & ~1] for b in pairing.boards}
    assert firsts == {True, False}
    assert {frozenset((b.white, b.black)) for b in pairing.boards} == {
        frozenset(drawn[i:i + 2]) for i in range(0, 20, 2)}
    assert pairing.bye == drawn[-1]
    assert pairing.explanation == (
        "Round 1 paired at random (seeded draw), colours by lot.",
        f"player {drawn[-1]} was drawn last and gets the pairing-allocated bye")
    assert random_round(players[:20], random.Random(5)).explanation == (
        "Round 1 paired at random (seeded draw), colours by lot.",)


def test_tiebreaks_explained_by_start_number_after_a_round() -> None:
    # Start numbers 1 P3, 2 P1, 3 P2, 4 P4; P1 (number 2) lost to P3, then beat P2.
    settings = SwissSettings(rounds=3, tiebreaks=parse_tiebreaks("BH,DE"), numbers=(3, 1, 2, 4))
    t = Tournament("S", _players(4), (Round(1, (Game(3, 1, W, 1), Game(2, 4, D, 2))),
                                      Round(2, (Game(1, 2, W, 1), Game(4, 3, B, 2)))),
                   "swiss", settings)
    explain_tiebreaks = system_of(t).explain_tiebreaks
    assert explain_tiebreaks(t, 1) == (
        "round 1: game over the board against 1, who scores 2 = 2",
        "round 2: game over the board against 3, who scores 0.5 = 0.5",
        "BH = 2.5",
        "DE: see the tied group",
    )
    after_one = ("round 1: game over the board against 1, who scores 1 = 1", "BH = 1",
                 "DE: see the tied group")
    assert explain_tiebreaks(t, 1, after_round=1) == after_one
    counted = system_of(t).counted_crosstable(t, 1)
    assert explain_tiebreaks(t, 1, counted=counted) == after_one
    with pytest.raises(ModelError, match="K is not a round robin or a Swiss"):
        KEIZER_SYSTEM.explain_tiebreaks(Tournament("K", _players(2)), 1)


def test_the_system_of_a_tournament_is_one_rochade_knows() -> None:
    assert [system_of(Tournament("T", (), system=s)).name for s in ("keizer", "swiss")] == [
        "keizer", "swiss"]
    with pytest.raises(ModelError) as refused:
        system_of(Tournament("T", (), system="chess960"))
    assert str(refused.value) == (
        "system 'chess960' is not one of keizer, round-robin, swiss, knockout, double-swiss, "
        "team-swiss, team-round-robin")
