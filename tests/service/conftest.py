"""A club file with a fixed clock and a known TD, for the service tests.

Its first members are three players of an earlier season who play in none of the tests'
tournaments (`other_season`)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from clocks import TickingClock
from other_season import add_other_members
from rochade.service import ClubService


@pytest.fixture
def club(tmp_path: Path) -> Iterator[ClubService]:
    yield add_other_members(ClubService.init(tmp_path / "club.rochade", "td-ina", TickingClock()))


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
