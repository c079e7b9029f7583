"""The Swiss adapter: a tournament's facts as the Dutch engine's state, and back."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from rochade.core.dutch import Colour, Outcome
from rochade.core.dutch.state import ABSENT
from rochade.core.model import Absence, Entrant, Game, ModelError, Result, Round, Status, Tournament
from rochade.core.swiss import explain_swiss_player, pair_swiss, swiss_state
from rochade.core.systems import Acceleration, FirstRound, SwissSettings
from rochade.core.tiebreaks import Scoring


def _tournament(settings: SwissSettings, rounds: tuple[Round, ...] = ()) -> Tournament:
    players = tuple(Entrant(i, f"P{i}", 2100 - 10 * i) for i in range(1, 6))
    late = Entrant(6, "Late", 2085)  # between P1 and P2
    return Tournament("S", (*players, late), rounds, "swiss", settings)


def test_rounds_become_engine_records() -> None:
    rounds = (
        Round(1, (Game(1, 2, Result.WHITE_WINS, 1), Game(3, 4, Result.BLACK_WINS_FORFEIT, 2)),
              (Absence(6, "late_start"),), bye=5),
        Round(2, (Game(2, 5, Result.DRAW, 1), Game(4, 1, Result.DOUBLE_FORFEIT, 2)),
              (Absence(3, "excused"), Absence(6, "unexcused"))),
    )
    state, order = swiss_state(_tournament(SwissSettings(rounds=5), rounds),
                               SwissSettings(rounds=5), [1, 2, 3, 4, 5])
    assert order == (1, 6, 2, 3, 4, 5)  # the late entry takes its place by rating
    history = {order[p.tpn - 1]: p.history for p in state.players}
    one, two = history[1]
    assert (one.opponent, one.colour, one.outcome, one.played) == (3, Colour.WHITE,
                                                                   Outcome.WIN, True)
    assert (two.outcome, two.played, two.paired) == (Outcome.LOSS, False, True)
    assert history[4][0].outcome is Outcome.WIN and not history[4][0].played  # forfeit win
    assert history[5][0].is_pab
    assert history[3][1].outcome is Outcome.DRAW and not history[3][1].paired  # HPB
    assert history[6] == (ABSENT, ABSENT)
    assert state.absent == {2}  # player 6 (pairing number 2) is not present
    assert state.rounds_played == 2 and state.total_rounds == 5


def test_baku_virtual_points_and_scoring_in_tenths() -> None:
    settings = SwissSettings(rounds=6, acceleration=Acceleration.BAKU,
                             scoring=Scoring(pab=Fraction(1, 2)),
                             forbidden_pairs=frozenset({frozenset({1, 2})}))
    state, order = swiss_state(_tournament(settings), settings, list(range(1, 7)))
    acc = {order[p.tpn - 1]: p.accelerations for p in state.players}
    # 6 players: group A is the top 2·⌈6/4⌉ = 4; 6 rounds: 3 accelerated, 2 with a win.
    assert acc[1] == acc[6] == acc[2] == acc[3] == (10, 10, 5, 0, 0, 0)
    assert acc[4] == acc[5] == ()
    assert state.scoring.pab == 5
    assert state.forbidden == (frozenset({1, 3}),)


def test_pairing_comes_back_in_player_ids() -> None:
    settings = SwissSettings(rounds=3)
    t = _tournament(settings)
    pairing = pair_swiss(t, settings, 1, [1, 2, 3, 4, 5, 6])
    assert sorted(pairing.players()) == [1, 2, 3, 4, 5, 6]
    assert pairing.explanation[0].startswith("Pairing numbers: 1 P1, 2 Late,")
    top = {pairing.boards[0].white, pairing.boards[0].black}
    assert top == {1, 3}  # 1 against 4 by pairing number: P1 - P3
    with pytest.raises(ModelError) as refused:
        pair_swiss(t, settings, 2, [1, 2])
    assert str(refused.value) == "the next round to pair is 1, not 2"
    withdrawn = Tournament("S", (Entrant(1, "A", status=Status.WITHDRAWN), Entrant(2, "B")),
                           (), "swiss", settings)
    assert swiss_state(withdrawn, settings, [2])[0].absent == {1}  # A: pairing number 1


def _played(settings: SwissSettings, present: list[int], rounds: int,
            absences: tuple[Absence, ...] = ()) -> Tournament:
    """`_tournament` with `rounds` rounds paired by the engine: white wins in round 1, draws
    after; the players not `present` absent with the given rows."""
    t = _tournament(settings)
    for number in range(1, rounds + 1):
        pairing = pair_swiss(t, settings, number, present)
        result = Result.WHITE_WINS if number == 1 else Result.DRAW
        games = tuple(Game(b.white, b.black, result, i)
                      for i, b in enumerate(pairing.boards, 1))
        t = replace(t, rounds=(*t.rounds, Round(number, games, absences, pairing.bye)))
    return t


def test_a_players_pairing_explained_from_the_rounds_before() -> None:
    settings = SwissSettings(rounds=3)
    t = _played(settings, [1, 2, 3, 4, 5, 6], 2)
    # Pairing numbers: 1 P1, 2 Late, 3 P2, 4 P3, 5 P4, 6 P5. Late (2) won round 1 with white.
    lines = explain_swiss_player(t, settings, 2, 6)
    assert lines[0] == "Late has pairing number 2 in round 2."
    assert lines[1].startswith("Player 2: 1 point; colour preference black (strong);")
    assert lines[-1] == "Pairing numbers: 4 P3, 6 P5"  # Late's bracket mates
    assert not any("not the engine's pairing" in line for line in lines)
    first = explain_swiss_player(t, settings, 1, 6)
    assert first[:2] == ("Late has pairing number 2 in round 1.",
                         "Player 2: 0 points; colour preference none; earlier floats: none")
    assert first[-1] == "Pairing numbers: 1 P1, 3 P2, 4 P3, 5 P4, 6 P5"


def test_a_pairing_changed_by_hand_is_explained_as_the_engine_pairs_it() -> None:
    settings = SwissSettings(rounds=3)
    t = _played(settings, [1, 2, 3, 4, 5, 6], 1)
    by_hand = Round(1, (Game(1, 6, Result.WHITE_WINS, 1), Game(3, 4, Result.WHITE_WINS, 2),
                        Game(2, 5, Result.WHITE_WINS, 3)))
    lines = explain_swiss_player(replace(t, rounds=(by_hand,)), settings, 1, 1)
    assert lines[:2] == (
        "P1 has pairing number 1 in round 1.",
        "Round 1 as stored is not the engine's pairing (it was changed or paired by hand); "
        "this is how the engine pairs it:")
    assert "  1 - 4: natural pairing: 4 is the next S2 player in order for 1 (Arts. 3-4)" in lines


def test_the_bye_and_an_absent_player_explained() -> None:
    settings = SwissSettings(rounds=3)
    t = _played(settings, [1, 2, 3, 4, 5], 1, (Absence(6, "unexcused"),))
    assert t.rounds[0].bye == 5
    lines = explain_swiss_player(t, settings, 1, 5)
    assert lines[0] == "P5 has pairing number 6 in round 1."
    assert "pairing-allocated bye: 6 (0 points): the last player in the pairing order " \
        "(natural)" in lines
    assert not any("not the engine's pairing" in line for line in lines)
    assert explain_swiss_player(t, settings, 1, 6) == ("Late was not paired in round 1.",)


def test_a_round_1_drawn_by_lot_is_not_explained_by_the_dutch_rules() -> None:
    settings = SwissSettings(rounds=3, first_round=FirstRound.RANDOM, seed=7)
    t = _played(SwissSettings(rounds=3), [1, 2, 3, 4, 5, 6], 2)
    assert explain_swiss_player(t, settings, 1, 1) == (
        "Round 1 was drawn by lot (seed 7), not by the Dutch rules.",)
    assert explain_swiss_player(t, settings, 2, 1)[0] == "P1 has pairing number 1 in round 2."


@pytest.mark.parametrize("number", [0, 3])
def test_only_a_paired_round_is_explained(number: int) -> None:
    settings = SwissSettings(rounds=3)
    t = _played(settings, [1, 2, 3, 4, 5, 6], 2)
    with pytest.raises(ModelError) as refused:
        explain_swiss_player(t, settings, number, 1)
    assert str(refused.value) == f"round {number} is not paired (the tournament has 2 rounds)"


def test_the_engine_gets_the_tournaments_scoring_in_tenths() -> None:
    from rochade.core.dutch import Scoring as Tenths

    # Every value apart (none the engine's default), so that each field shows its source.
    settings = SwissSettings(rounds=3, scoring=Scoring(Fraction(3), Fraction(1), Fraction(1, 2),
                                                        zpb=Fraction(1, 5)))
    state, _ = swiss_state(_tournament(settings), settings, [1, 2, 3])
    assert state.scoring == Tenths(win=30, draw=10, loss=5, zero_bye=2, forfeit_loss=5,
                                   pab=30)
    plain = SwissSettings(rounds=3, scoring=Scoring(Fraction(3), Fraction(1), Fraction(1, 2)))
    assert swiss_state(_tournament(plain), plain, [1, 2, 3])[0].scoring.zero_bye == 5
    thirds = SwissSettings(rounds=3, scoring=Scoring(pab=Fraction(1, 3)))
    with pytest.raises(ModelError) as refused:
        swiss_state(_tournament(thirds), thirds, [1, 2, 3])
    assert str(refused.value) == "the Dutch engine counts points in tenths; 1/3 is not one"


def test_black_and_a_round_without_any_row_as_the_engine_sees_them() -> None:
    rounds = (Round(1, (Game(1, 2, Result.WHITE_WINS, 1),)),)  # nobody else has a row
    state, order = swiss_state(_tournament(SwissSettings(rounds=3), rounds),
                               SwissSettings(rounds=3), [1, 2])
    history = {order[p.tpn - 1]: p.history for p in state.players}
    assert (history[2][0].colour, history[2][0].outcome) == (Colour.BLACK, Outcome.LOSS)
    assert history[3] == (ABSENT,)


def test_pairing_numbers_are_frozen_once_round_4_is_paired() -> None:
    # Late (2085) would slot in at number 2 before round 4 is paired; after, it gets 6.
    settings = SwissSettings(rounds=7, numbers=(1, 2, 3, 4, 5))
    idle = tuple(Round(n, (), tuple(Absence(p, "excused") for p in range(1, 7)))
                 for n in range(1, 5))
    assert swiss_state(_tournament(settings, idle[:3]), settings, [1])[1] == (1, 6, 2, 3, 4, 5)
    assert swiss_state(_tournament(settings, idle), settings, [1])[1] == (1, 2, 3, 4, 5, 6)


def test_the_first_colour_is_drawn_from_the_seed() -> None:
    def colour(seed: int) -> Colour:
        settings = SwissSettings(rounds=3, seed=seed)
        return swiss_state(_tournament(settings), settings, [1, 2])[0].initial_colour

    drawn = [colour(seed) for seed in range(12)]
    assert drawn == [colour(seed) for seed in range(12)]  # replayed
    assert set(drawn) == {Colour.WHITE, Colour.BLACK}


def test_a_round_with_a_game_still_unfinished_is_not_paired_from() -> None:
    settings = SwissSettings(rounds=3)
    pending = _tournament(settings, (Round(1, (
        Game(1, 2, None, 1), Game(3, 4, Result.DRAW, 2), Game(5, 6, Result.DRAW, 3))),))
    with pytest.raises(ModelError) as refused:
        pair_swiss(pending, settings, 2, [1, 2, 3, 4, 5, 6])
    assert str(refused.value) == "round 1 has a game without a result"
