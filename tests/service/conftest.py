"""A club file with a fixed clock and a known TD, for the service tests.

Its first members are three players of an earlier season who play in none of the tests'
tournaments (`OTHER_MEMBERS`): a player's member id is then never their number in the
tournament under test, so code that takes one for the other fails."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from clocks import TickingClock
from rochade.service import ClubService

OTHER_MEMBERS = (("Xaver Herbst", 1450), ("Yara Herbst", 1350), ("Zeno Herbst", None))
"""Club members before the tests' players: member ids 1-3, in no tournament of the test."""


@pytest.fixture
def club(tmp_path: Path) -> Iterator[ClubService]:
    svc = ClubService.init(tmp_path / "club.rochade", "td-ina", TickingClock())
    for name, rating in OTHER_MEMBERS:  # (members only: the club has no tournament yet)
        svc.add_player(name, rating)
    yield svc


@pytest.fixture
def six(club: ClubService) -> ClubService:
    """A classic Keizer tournament with six rated players (numbers 1-6 by rating, best first;
    member ids 4-9)."""
    club.create_tournament("Winter", "classic")
    club.import_players(
        "name,rating\nAnna Berg,2000\nBo O'Neill,1900\nCém Öztürk,1800\n"
        'Dana "DJ" Jones,1700\nEmil 🐴,1600\nפרח לוי,1500\n'
    )
    return club
