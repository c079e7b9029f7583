"""Shared helpers of the web tests: the test club's players and PIN, a clock, logging in, a
real `rochade serve`."""

from __future__ import annotations

import asyncio
import os
import re
import resource
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Coroutine, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import AbstractContextManager, contextmanager, suppress
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import partial
from pathlib import Path
from typing import Any, TypeVar

import httpx2
from starlette.testclient import TestClient

from clocks import SharedTickingClock, TickingClock
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



def Tick() -> SharedTickingClock:
    """The web tests' clock: a minute per reading from 19:00, shared with the rendering
    process."""
    return SharedTickingClock(datetime(2026, 9, 3, 19, 0, tzinfo=UTC))


def csrf_of(client: httpx2.Client, url: str = "/td/login") -> str:
    match = CSRF.search(client.get(url).text)
    assert match, f"no CSRF token on {url}"
    return match.group(1)


def unversioned(html: str) -> str:
    """A page without the version it shows, to compare pages of two servers."""
    return VERSION.sub("version", html)


def log_in(client: httpx2.Client) -> str:
    """Log the client (an app's test client or one of a real server) in as TD; returns its
    CSRF token."""
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


RUN = "import sys; from rochade.cli import main; sys.argv[0] = 'rochade'; main()"
"""`python -c RUN ARGS...` is `rochade ARGS...` as the TD types it (with the code under test)."""


@dataclass
class Served:
    """A `rochade serve` process (`serve`): where it answers, the process, what it printed."""

    url: str
    port: int
    process: subprocess.Popen[bytes]
    printed: tuple[Path, Path]
    """The files its stdout and stderr go to (not pipes: a server that says much never blocks)."""

    def output(self) -> tuple[str, str]:
        """What it has printed so far: (stdout, stderr)."""
        out, err = (path.read_text(errors="replace") for path in self.printed)
        return out, err

    def stop(self, seconds: float = 30) -> tuple[str, str]:
        """Ctrl+C as the terminal sends it (SIGINT to the server's process group), then what
        it printed once it ended; killed (and the test failed) if it has not within `seconds`."""
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGINT)
        return self.ended(seconds)

    def ended(self, seconds: float = 30) -> tuple[str, str]:
        """What it printed, once it ended (within `seconds`, else it is killed, test failed)."""
        try:
            self.process.wait(seconds)
        except subprocess.TimeoutExpired:
            self.kill_group()
            raise AssertionError(
                f"rochade serve did not end within {seconds} s:\n{self.output()[1]}") from None
        return self.output()

    def kill_group(self) -> None:
        """Kill every process left in its group (the server, its rendering process)."""
        with suppress(ProcessLookupError):
            os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait()


@contextmanager
def serve(club: Path, *args: str, log: Path | None = None, files: tuple[int, int] | None = None,
          seconds: float = 60) -> Iterator[Served]:
    """`rochade serve CLUB --port P ARGS` on a free loopback port, in a process group of its own
    (as a terminal starts it), once it answers (within `seconds`); its stderr in `log` (else
    in a temporary file), `files` its open-files limit (soft, hard). Stopped at the end with
    Ctrl+C, killed if it does not end."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = int(probe.getsockname()[1])
    limit = None if files is None else partial(resource.setrlimit, resource.RLIMIT_NOFILE, files)
    with tempfile.TemporaryDirectory() as folder:
        printed = (Path(folder, "out"), log or Path(folder, "err"))
        with printed[0].open("wb") as out, printed[1].open("wb") as err:
            process = subprocess.Popen(
                [sys.executable, "-c", RUN, "serve", str(club), "--port", str(port), *args],
                stdout=out, stderr=err, start_new_session=True, preexec_fn=limit,
            )
        served = Served(f"http://127.0.0.1:{port}", port, process, printed)
        try:
            deadline = time.monotonic() + seconds
            while not answers(served.url + "/"):
                if process.poll() is not None or time.monotonic() > deadline:
                    raise AssertionError(
                        f"rochade serve did not answer within {seconds} s (exit code "
                        f"{process.poll()}):\n{served.output()[1]}")
                time.sleep(0.1)
            yield served
        finally:  # (quietly: a test's own failure is what it reports)
            if process.poll() is None:
                os.killpg(process.pid, signal.SIGINT)
                with suppress(subprocess.TimeoutExpired):
                    process.wait(30)
            served.kill_group()  # (whatever is left of it)


def answers(url: str) -> bool:
    """Whether a server answers `url` (with any status)."""
    try:
        httpx2.get(url, timeout=10)
    except httpx2.TransportError:
        return False
    return True
