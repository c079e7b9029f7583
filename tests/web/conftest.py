"""A small club file with a PIN, and TestClients for a visitor and for the logged-in TD."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient
from web_helpers import PIN, PLAYERS, Tick, log_in

from rochade.service import ClubService
from rochade.web import create_app
from rochade.web.security import set_pin


@pytest.fixture
def club(tmp_path: Path) -> Path:
    path = tmp_path / "club.rochade"
    svc = ClubService.init(path, "test TD", Tick())
    svc.create_tournament("Winter 2026", "classic")
    svc.import_players("\n".join(f"{name},{rating}" for name, rating in PLAYERS))
    set_pin(path, PIN)
    return path


@pytest.fixture
def client(club: Path) -> Iterator[TestClient]:
    with TestClient(create_app(club, Tick())) as c:
        yield c


@pytest.fixture
def td(client: TestClient) -> TestClient:
    client.headers["x-test-csrf"] = log_in(client)
    return client
