"""Shared helpers of the web tests: the test club's players and PIN, a clock, logging in."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable, Coroutine
from concurrent.futures import ThreadPoolExecutor
from contextlib import AbstractContextManager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TypeVar

from starlette.testclient import TestClient

from clocks import TickingClock
from rochade.service.club import ClubService

PIN = "471108"
PLAYERS = [
    ("Anna Berg", 2010),
    ("Bart Claes", 1950),
    ("Cem Demir", 1890),
    ("Dora Engel", 1820),
    ("Emil Faber", 1760),
    ("Fenna Groot", 1700),
    ("Gus Hale", 1640),
    ("Hilde Imhof", 1580),
]
Fresh = Callable[[], AbstractContextManager[tuple[TestClient, Path]]]
"""Opens a fresh copy of the test club with the TD logged in (fixture `fresh`)."""
CSRF = re.compile(r'name="csrf" value="([0-9a-f]+)"')
REPLACED = "was replaced or changed by another program"
"""What every page says once the club file was replaced under the server (`FileReplaced`)."""
VERSION = re.compile(r'(?<="X-Rochade-Version": ")\d+|(?<=data-version=")\d+')
"""The version a live page shows (its poll sends it back): each server numbers its own."""



def Tick() -> TickingClock:
    """The web tests' clock: a minute per reading from 19:00."""
    return TickingClock(datetime(2026, 9, 3, 19, 0, tzinfo=UTC))


def csrf_of(client: TestClient, url: str = "/td/login") -> str:
    match = CSRF.search(client.get(url).text)
    assert match, f"no CSRF token on {url}"
    return match.group(1)


def unversioned(html: str) -> str:
    """A page without the version it shows, to compare pages of two servers."""
    return VERSION.sub("version", html)


def log_in(client: TestClient) -> str:
    """Log the client in as TD; returns its CSRF token."""
    token = csrf_of(client)
    response = client.post(
        "/td/login", data={"csrf": token, "pin": PIN, "next": "/td/"}, follow_redirects=False
    )
    assert response.status_code == 303, response.text
    return csrf_of(client, "/td/")  # the token changes with the login


def post(client: TestClient, url: str, **data: str) -> Any:
    """POST a form the way the pages do (with the CSRF token), not following redirects."""
    return client.post(
        url, data={"csrf": client.headers["x-test-csrf"], **data}, follow_redirects=False
    )


T = TypeVar("T")


def run_async(work: Coroutine[Any, Any, T]) -> T:
    """`asyncio.run` in a thread of its own: the browser tests may leave an event loop running
    in the test thread."""
    with ThreadPoolExecutor(1) as worker:
        return worker.submit(asyncio.run, work).result()


def shown_undo(client: TestClient, url: str) -> str:
    """The id of the change the Undo button on page `url` shows (what its form sends)."""
    found = re.search(r'name="action" value="(\d+)"', client.get(url).text)
    assert found is not None, f"no Undo button on {url}"
    return found[1]


def swiss_open(club: Path, players: int, settings: dict[str, object] | None = None,
               clock: TickingClock | None = None) -> ClubService:
    """The test club's second tournament "Open" (id 2): a 3-round Swiss of `players` named
    "Swiss 1", "Swiss 2" ... with ratings 2050, 2000 ... (so ids follow the ratings)."""
    svc = ClubService(club, "test TD", clock) if clock else ClubService(club, "test TD")
    svc.create_system_tournament("Open", "swiss", settings or {"rounds": 3})
    for i in range(1, players + 1):
        svc.add_player(f"Swiss {i}", 2100 - 50 * i, tournament="Open")
    return svc


def round_robin_closed(club: Path, players: int, settings: dict[str, object] | None = None
                       ) -> ClubService:
    """The test club's second tournament "Closed" (id 2): a round robin of `players` named
    "Robin 1", "Robin 2" ... with ratings 1999, 1998 ..."""
    svc = ClubService(club, "test TD")
    svc.create_system_tournament("Closed", "round-robin", settings or {})
    for i in range(1, players + 1):
        svc.add_player(f"Robin {i}", 2000 - i, tournament="Closed")
    return svc


def play_round(svc: ClubService, name: str, result: str = "1-0") -> None:
    """Pair tournament `name`'s next round and give every board `result`."""
    report = svc.pair(name)
    for game in report.round.games:
        svc.enter_result(report.round.number, game.board, result, name)
