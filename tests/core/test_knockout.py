"""The knockout cup in core: the standard bracket, byes to the top seeds, matches of several
games decided by their stated play-off, and the finishing places."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rochade.core.knockout import (
    BYE,
    Bracket,
    Decider,
    KnockoutSettings,
    Playoff,
    Seeding,
    bracket,
    bracket_order,
    consolation_players,
    locate,
    round_titles,
)
from rochade.core.model import Entrant, Game, ModelError, PlayerId, Result, Round, Tournament
from rochade.core.systems import SYSTEMS
from rochade.core.systems.base import PairingRefused

CUP = SYSTEMS["knockout"]

Decide = Callable[[Tournament, Game], Result]


def _field(n: int) -> tuple[Entrant, ...]:
    """n players, player i rated above player i + 1: seed i is player i."""
    return tuple(Entrant(i, f"P{i}", 2400 - 10 * i) for i in range(1, n + 1))


def _pair(t: Tournament) -> Tournament:
    """The next stored round as `rochade pair` stores it."""
    pairing, changed = CUP.pair(t, len(t.rounds) + 1, list, lambda: 1)
    if changed is not None:
        t = dataclasses.replace(t, settings=changed)
    numbers = pairing.numbers or range(1, len(pairing.boards) + 1)
    games = tuple(Game(b.white, b.black, None, n)
                  for b, n in zip(pairing.boards, numbers, strict=True))
    rnd = Round(len(t.rounds) + 1, games, pairing.rows)
    after = dataclasses.replace(t, rounds=(*t.rounds, rnd))
    after.validate()
    return after


def _results(t: Tournament, decide: Decide) -> Tournament:
    last = t.rounds[-1]
    games = tuple(dataclasses.replace(g, result=decide(t, g)) for g in last.games)
    return dataclasses.replace(t, rounds=(*t.rounds[:-1], dataclasses.replace(last, games=games)))


def _better_wins(t: Tournament, g: Game) -> Result:
    """The better seed wins every game."""
    return Result.WHITE_WINS if g.white < g.black else Result.BLACK_WINS


def _play(t: Tournament, decide: Decide, limit: int = 200) -> Tournament:
    for _ in range(limit):
        try:
            t = _pair(t)
        except PairingRefused:
            return t
        t = _results(t, decide)
    raise AssertionError("the cup did not end")


def _cup(n: int, **settings: object) -> Tournament:
    return Tournament("Cup", _field(n), (), "knockout",
                      KnockoutSettings(seed=7, **settings))  # type: ignore[arg-type]


def _bracket(t: Tournament) -> Bracket:
    assert isinstance(t.settings, KnockoutSettings)
    return bracket(t, t.settings)


def _meetings(t: Tournament) -> dict[frozenset[PlayerId], int]:
    """For each pair that met: the cup round they met in."""
    return {frozenset(m.players): cup.number for cup in _bracket(t).rounds for m in cup.matches
            if m.second is not None and not m.third_place}


def test_the_standard_bracket_keeps_the_top_seeds_apart() -> None:
    assert bracket_order(8) == (1, 8, 4, 5, 2, 7, 3, 6)
    assert bracket_order(2) == (1, 2)


def test_a_cup_of_13_gives_byes_to_seeds_1_to_3_and_1_meets_2_only_in_the_final() -> None:
    t = _pair(_cup(13))
    first = t.rounds[0]
    assert sorted(a.player for a in first.absences if a.reason == BYE) == [1, 2, 3]
    assert len(first.games) == 5
    t = _play(_results(t, _better_wins), _better_wins)
    b = _bracket(t)
    assert [len(cup.matches) for cup in b.rounds] == [8, 4, 2, 1]
    assert [str(cup.name) for cup in b.rounds] == ["Round 1", "Quarter-finals", "Semi-finals",
                                                   "Final"]
    assert _meetings(t)[frozenset({1, 2})] == 4
    assert b.champion == 1
    places = b.places()
    assert places[1] == (1, 1) and places[2] == (2, 2)
    assert places[3] == places[4] == (3, 4)
    assert {places[p] for p in (5, 6, 7, 8)} == {(5, 8)}
    assert {places[p] for p in range(9, 14)} == {(9, 13)}


@given(st.integers(2, 64), st.randoms(use_true_random=False))
def test_seeds_1_and_2_meet_only_in_the_final_and_byes_go_to_the_top_seeds(
        n: int, rng: random.Random) -> None:
    t = _pair(_cup(n, playoff=Playoff((), Decider.LOT)))  # a drawn game goes on by lot
    size = 1
    while size < n:
        size *= 2
    byes = sorted(a.player for a in t.rounds[0].absences if a.reason == BYE)
    assert byes == list(range(1, size - n + 1))

    def any_result(t: Tournament, g: Game) -> Result:
        return rng.choice((Result.WHITE_WINS, Result.BLACK_WINS, Result.DRAW))

    t = _play(_results(t, any_result), any_result)
    b = _bracket(t)
    assert [cup.slots for cup in b.rounds] == [size >> k for k in range(1, len(b.rounds) + 1)]
    assert b.rounds[-1].slots == 1 and b.champion is not None
    met = _meetings(t).get(frozenset({1, 2}))
    assert met is None or met == len(b.rounds)
    places = b.places()
    assert sorted(places) == list(range(1, n + 1))
    assert sum(1 for span in places.values() if span == (1, 1)) == 1


def _match_of(t: Tournament, a: PlayerId, b: PlayerId) -> tuple[int, int]:
    cup = _bracket(t).rounds[-1]
    m = next(m for m in cup.matches if set(m.players) == {a, b})
    return cup.number, m.number


def test_a_drawn_match_goes_to_rapid_games_then_armageddon_where_a_draw_sends_black_on(
) -> None:
    t = _cup(2, games=2, playoff=Playoff((("rapid", 2),), Decider.ARMAGEDDON))
    sequence = iter([Result.WHITE_WINS, Result.WHITE_WINS,  # 1-1 after the regular games
                     Result.DRAW, Result.DRAW,  # the rapid pair drawn too
                     Result.DRAW])  # Armageddon drawn
    t = _play(t, lambda t, g: next(sequence))
    m = _bracket(t).rounds[0].matches[0]
    assert [g.kind for g in m.games] == ["regular", "regular", "rapid", "rapid", "armageddon"]
    colours = [(g.game.white, g.game.black) for g in m.games[:4]]
    assert colours[1] == colours[0][::-1] and colours[3] == colours[2][::-1]
    assert m.winner == m.games[-1].game.black
    assert str(m.how) == "Armageddon drawn: Black goes on"


def test_a_rapid_play_off_won_ends_the_match() -> None:
    t = _cup(2, games=1)
    sequence = iter([Result.DRAW, Result.DRAW, Result.BLACK_WINS])
    t = _play(t, lambda t, g: next(sequence))
    m = _bracket(t).rounds[0].matches[0]
    assert [g.kind for g in m.games] == ["regular", "rapid", "rapid"]
    assert m.winner == m.games[-1].game.black
    assert str(m.how) == "won the play-off (rapid)"


@pytest.mark.parametrize(("decider", "winner"), [(Decider.LOWER_RATED, 2), (Decider.BLACK, None)])
def test_the_clubs_rule_decides_a_drawn_match_without_more_games(decider: Decider,
                                                                 winner: int | None) -> None:
    t = _play(_cup(2, playoff=Playoff((), decider)), lambda t, g: Result.DRAW)
    m = _bracket(t).rounds[0].matches[0]
    assert len(m.games) == 1
    assert m.winner == (winner or m.games[0].game.black)


def test_by_lot_the_same_seed_draws_the_same_winner() -> None:
    winners = {_bracket(_play(_cup(2, playoff=Playoff((), Decider.LOT)),
                              lambda t, g: Result.DRAW)).champion for _ in range(3)}
    assert len(winners) == 1


def test_a_best_of_three_ends_at_2_0() -> None:
    t = _play(_cup(2, games=3), _better_wins)
    assert len(_bracket(t).rounds[0].matches[0].games) == 2


def test_the_semi_finals_losers_play_for_third_place() -> None:
    t = _play(_cup(8, third_place=True), _better_wins)
    b = _bracket(t)
    final = b.rounds[-1]
    assert [m.third_place for m in final.matches] == [False, True]
    places = b.places()
    assert places[3] == (3, 3) and places[4] == (4, 4)


@pytest.mark.parametrize(("rounds", "losers"), [(1, (9, 10, 11, 12, 13, 14, 15, 16)),
                                                 (2, (9, 10, 11, 12, 13, 14, 15, 16,
                                                      5, 6, 7, 8))])
def test_the_consolation_cup_takes_the_losers_of_the_first_cup_rounds(
        rounds: int, losers: tuple[int, ...]) -> None:
    t = _cup(16, consolation=rounds)
    s = t.settings
    assert isinstance(s, KnockoutSettings)
    with pytest.raises(ModelError, match=f"starts when cup round {rounds} is decided"):
        consolation_players(t, s)
    for _ in range(rounds):
        t = _results(_pair(t), _better_wins)
    s = t.settings
    assert isinstance(s, KnockoutSettings)
    assert sorted(consolation_players(t, s)) == sorted(losers)
    assert CUP.from_dict(CUP.to_dict(s)) == s
    with pytest.raises(ModelError, match="has no consolation cup"):
        consolation_players(t, dataclasses.replace(s, consolation=0))
    with pytest.raises(ModelError, match="consolation"):
        KnockoutSettings(consolation=3)


def test_a_stored_round_is_titled_by_its_cup_round_and_game() -> None:
    t = _cup(4, games=2)
    for _ in range(2):
        t = _results(_pair(t), lambda t, g: Result.DRAW)  # 1-1: the rapid games follow
    t = _results(_pair(t), _better_wins)
    s = t.settings
    assert isinstance(s, KnockoutSettings)
    titles = {n: (label, str(title)) for n, (label, title) in round_titles(t, s).items()}
    assert titles == {1: ("1.1", "Semi-finals, game 1"), 2: ("1.2", "Semi-finals, game 2"),
                      3: ("1.3", "Semi-finals, game 3 (rapid)")}


def test_a_free_draw_pairs_whoever_is_left_every_round() -> None:
    t = _play(_cup(13, seeding=Seeding.FREE), _better_wins)
    b = _bracket(t)
    assert b.champion == 1
    assert [sum(1 for m in cup.matches if m.second is None) for cup in b.rounds] == [1, 1, 0, 0]


def test_seeds_by_lot_are_drawn_once_and_replayed_by_the_seed() -> None:
    first = _pair(_cup(9, seeding=Seeding.LOT))
    again = _pair(_cup(9, seeding=Seeding.LOT))
    assert first.settings == again.settings
    assert isinstance(first.settings, KnockoutSettings)
    assert sorted(first.settings.seeds) == list(range(1, 10))


def test_a_game_of_a_match_is_found_by_cup_round_match_and_game() -> None:
    t = _play(_cup(4, games=2), _better_wins)
    s = t.settings
    assert isinstance(s, KnockoutSettings)
    assert locate(t, s, 2, 1, 2) == (4, 1)
    with pytest.raises(ModelError, match="has no match 5"):
        locate(t, s, 1, 5, 1)
    with pytest.raises(ModelError, match="was decided after 2 game"):
        locate(t, s, 1, 1, 3)
    with pytest.raises(ModelError, match="the cup has no round 3"):
        locate(t, s, 3, 1, 1)


def test_the_standings_are_the_finishing_places() -> None:
    t = _play(_cup(5), _better_wins)
    lines = CUP.standings(t).lines
    assert [(line.rank, line.entrant.id) for line in lines] == [
        (1, 1), (2, 2), (3, 3), (3, 4), (5, 5)]


def test_the_settings_read_back_and_the_play_off_is_written_as_typed() -> None:
    s = KnockoutSettings(games=2, playoff=Playoff.parse("rapid2,blitz2,armageddon"),
                         seeding=Seeding.LOT, third_place=True, seed=3, seeds=(2, 1),
                         deadlines=("2026-12-20",))
    assert CUP.from_dict(CUP.to_dict(s)) == s
    assert str(s.playoff) == "rapid2,blitz2,armageddon"
    for bad in ("", "rapid", "bullet2,lot", "rapid0,lot"):
        with pytest.raises(ValueError):
            Playoff.parse(bad)




def test_the_second_game_of_a_two_game_match_is_paired_before_the_first_results() -> None:
    t = _pair(_pair(_cup(4, games=2)))
    assert [len(r.games) for r in t.rounds] == [2, 2]
    assert CUP.pairs_ahead(t) is False
    with pytest.raises(PairingRefused, match="matches 1, 2 need a result"):
        _pair(t)
    t = _results(t, _better_wins)  # game 2 in before game 1
    first = dataclasses.replace(t.rounds[0], games=tuple(
        dataclasses.replace(g, result=_better_wins(t, g)) for g in t.rounds[0].games))
    t = dataclasses.replace(t, rounds=(first, t.rounds[1]))
    assert [m.winner for m in _bracket(t).rounds[0].matches] == [1, 2]


def test_a_correction_that_changes_who_goes_on_is_refused_once_the_next_round_is_paired(
) -> None:
    t = _results(_pair(_cup(4)), _better_wins)
    t = _pair(t)
    s = t.settings
    assert isinstance(s, KnockoutSettings)
    first = t.rounds[0]
    flipped = dataclasses.replace(first, games=(
        dataclasses.replace(first.games[0], result=Result.DRAW), *first.games[1:]))
    after = dataclasses.replace(t, rounds=(flipped, *t.rounds[1:]))
    with pytest.raises(ModelError, match="would change who goes on"):
        CUP.check_result(t, after, 1)
    same = dataclasses.replace(first, games=(
        dataclasses.replace(first.games[0], result=first.games[0].result), *first.games[1:]))
    CUP.check_result(t, dataclasses.replace(t, rounds=(same, *t.rounds[1:])), 1)
