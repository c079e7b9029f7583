"""A small club file with a PIN (built once, copied for each test), TestClients for a visitor
and for the logged-in TD, and fresh copies of the file for property tests (one per example)."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from starlette.testclient import TestClient
from web_helpers import PIN, PLAYERS, Fresh, Tick, log_in

from club_copies import copy_club
from fast_paths import rendering_process
from other_season import add_other_members
from rochade.service import ClubService
from rochade.service.pin import set_pin
from rochade.store.backup import copy_file
from rochade.web import create_app
from rochade.web.renderer import Process


def build_club(path: Path) -> Path:
    """The test club: a classic Keizer tournament with `PLAYERS` (numbers 1-6, after three
    members of an earlier season who do not play in it) and the TD's `PIN`."""
    svc = ClubService.init(path, "test TD", Tick())
    add_other_members(svc)
    svc.create_tournament("Winter 2026", "classic")
    svc.import_players("\n".join(f"{name},{rating}" for name, rating in PLAYERS))
    set_pin(path, PIN)
    return path


@pytest.fixture(scope="session")
def club_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The test club, built once per run: each test gets a copy (`club`)."""
    return build_club(tmp_path_factory.mktemp("web-template") / "club.rochade")


@pytest.fixture
def club(club_template: Path, tmp_path: Path) -> Path:
    return copy_club(club_template, tmp_path / "club.rochade")


@pytest.fixture(scope="session")
def rendering() -> Iterator[Process]:
    """The rendering process the tests' apps share, as `rochade serve`'s app has its own."""
    process = Process(rendering_process)
    yield process
    process.close()


@pytest.fixture
def client(club: Path, rendering: Process) -> Iterator[TestClient]:
    with TestClient(create_app(club, Tick(), render_process=rendering)) as c:
        yield c


@pytest.fixture
def td(client: TestClient) -> TestClient:
    client.headers["x-test-csrf"] = log_in(client)
    return client


@pytest.fixture
def fresh(td: TestClient, club: Path, tmp_path: Path, rendering: Process) -> Fresh:
    """A fresh copy of the club file as the test's other fixtures left it, with the TD logged
    in: the session cookie is signed with the file's own key, so it holds for every copy."""
    numbers = itertools.count()

    @contextmanager
    def example() -> Iterator[tuple[TestClient, Path]]:
        path = tmp_path / f"example-{next(numbers)}.rochade"
        copy_file(club, path)
        with TestClient(create_app(path, Tick(), render_process=rendering)) as client:
            client.cookies = td.cookies
            client.headers["x-test-csrf"] = td.headers["x-test-csrf"]
            yield client, path
        path.unlink()

    return example
