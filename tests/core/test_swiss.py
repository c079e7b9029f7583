"""The Swiss adapter: a tournament's facts as the Dutch engine's state, and back."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rochade.core.dutch import Colour, Outcome
from rochade.core.dutch.state import ABSENT
from rochade.core.model import Absence, Entrant, Game, ModelError, Result, Round, Status, Tournament
from rochade.core.swiss import pair_swiss, swiss_state
from rochade.core.systems import Acceleration, SwissSettings
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
    with pytest.raises(ModelError, match="the next round to pair is 1, not 2"):
        pair_swiss(t, settings, 2, [1, 2])
    withdrawn = Tournament("S", (Entrant(1, "A", status=Status.WITHDRAWN), Entrant(2, "B")),
                           (), "swiss", settings)
    assert swiss_state(withdrawn, settings, [2])[0].absent == {1}  # A: pairing number 1
