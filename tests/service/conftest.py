"""A club file with a fixed clock and a known TD, for the service tests."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from rochade.service import ClubService


class TickingClock:
    """A clock that advances one minute per reading: log times are predictable."""

    def __init__(self) -> None:
        self.now = datetime(2026, 9, 3, 19, 30, tzinfo=UTC)

    def __call__(self) -> datetime:
        self.now += timedelta(minutes=1)
        return self.now


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
