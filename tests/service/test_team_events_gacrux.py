"""A generated team Swiss run in a club file as a TD runs it (rochade's commands and use
cases: create, player import with a team column, export-trf, pair, lineups, board results,
whole-match forfeits, a withdrawal) agrees with gacrux on every round: `pair-trf -p` on the
export made before a round pairs the round rochade paired, gacrux's `pairingchecker -m
fideteam[-typeb|-nocolor] -c` accepts every round of the final export, and the standings'
team tie-breaks are gacrux's. The events are drawn from a seed printed by each test
(ROCHADE_TEAM_SEED=N replays it); benchmarks/team_club.py runs many more."""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest

from benchmark_scripts import load
from rochade.core.teams.model import ColourModel

team_club = load("team_club")


@pytest.mark.parametrize("model", list(ColourModel), ids=lambda m: m.value)
def test_a_team_swiss_run_in_the_club_file_is_what_gacrux_pairs(
        model: ColourModel, tmp_path: Path) -> None:
    seed = int(os.environ.get("ROCHADE_TEAM_SEED") or random.randrange(1, 10**6))
    print(f"team event seed {seed} (replay: ROCHADE_TEAM_SEED={seed})")
    outcome = team_club.play_event(seed, model, tmp_path, (8, 13), every_case=True)
    assert outcome.rounds >= 5
    assert outcome.match_forfeits >= 1 and outcome.withdrawals >= 1
    assert outcome.forfeited_boards >= outcome.match_forfeits * outcome.boards
    assert outcome.tiebreak_values > 100
    assert outcome.problems == [], f"seed {seed}: {outcome.problems}"
