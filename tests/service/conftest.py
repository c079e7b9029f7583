"""A club file with a fixed clock and a known TD, for the service tests."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from clocks import TickingClock
from rochade.service import ClubService


@pytest.fixture
def club(tmp_path: Path) -> Iterator[ClubService]:
    yield ClubService.init(tmp_path / "club.rochade", "td-ina", TickingClock())


@pytest.fixture
def six(club: ClubService) -> ClubService:
    """A classic Keizer tournament with six rated players (ids 1-6 by rating, best first)."""
    club.create_tournament("Winter", "classic")
    club.import_players(
        "name,rating\nAnna Berg,2000\nBo O'Neill,1900\nCém Öztürk,1800\n"
        'Dana "DJ" Jones,1700\nEmil 🐴,1600\nפרח לוי,1500\n'
    )
    return club
