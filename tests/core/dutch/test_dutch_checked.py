"""Random events paired by the Dutch engine pass the project's one pairing checker."""

from __future__ import annotations

import random

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from rochade.core.checker import ByePolicy, PairingRules, check_pairing
from rochade.core.dutch.engine import DutchEngine
from rochade.core.dutch.generator import GeneratorSettings, SwissLog, random_tournament
from rochade.core.dutch.state import Colour, NoValidPairing, Outcome
from rochade.core.model import Absence, Entrant, Game, Result, Round, Tournament
from rochade.core.pairing import Board, Pairing

SWISS = PairingRules(rematch_gap=None, bye_policy=ByePolicy.ONCE)
_RESULT = {Outcome.WIN: Result.WHITE_WINS, Outcome.DRAW: Result.DRAW,
           Outcome.LOSS: Result.BLACK_WINS}


def as_model(log: SwissLog) -> tuple[Tournament, list[Pairing]]:
    """The event as core model facts, and each round's pairing."""
    entrants = tuple(
        Entrant(tpn, f"Player {tpn}", rating) for tpn, rating in enumerate(log.ratings, 1)
    )
    rounds, pairings = [], []
    for index in range(log.rounds_played):
        games, absences, boards = [], [], []
        bye = None
        for tpn, rows in sorted(log.history.items()):
            record = rows[index]
            if record.is_pab:
                bye = tpn
            elif record.opponent is None:
                absences.append(Absence(tpn, "bye"))
            elif record.colour is Colour.WHITE:
                games.append(Game(tpn, record.opponent, _RESULT[record.outcome]))
                boards.append(Board(tpn, record.opponent))
        rounds.append(Round(index + 1, tuple(games), tuple(absences), bye))
        pairings.append(Pairing(tuple(boards), bye))
    return Tournament("random", entrants, tuple(rounds), system="swiss"), pairings


@given(st.integers(0, 2**32))
@settings(max_examples=15)
def test_generated_rounds_pass_the_checker(seed: int) -> None:
    rng = random.Random(seed)
    players = rng.randint(6, 30)
    shape = GeneratorSettings(players=players, rounds=rng.randint(2, min(7, players // 2)),
                              forfeit_rate=0.0)
    try:
        log = random_tournament(rng, shape, DutchEngine().pair)
    except NoValidPairing:
        assume(False)  # a small field can run out of legal pairings; nothing to check
        return
    tournament, pairings = as_model(log)
    tournament.validate()
    for number, pairing in enumerate(pairings, start=1):
        present = pairing.players()
        findings = check_pairing(pairing, tournament=tournament, round_number=number,
                                 present=present, rules=SWISS)
        assert findings == (), f"seed {seed}, round {number}: {findings}"
