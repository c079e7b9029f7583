"""A real server (uvicorn in a thread, free loopback port, temporary club file) and Debian's
Chromium driven by Playwright.

Without Chromium the browser tests skip locally, but fail under CI (CI is set there), so a
broken install can never pass as green.
"""

from __future__ import annotations

import asyncio
import os
import shutil
import socket
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import uvicorn
from e2e_helpers import PIN, Server
from starlette.types import ASGIApp, Receive, Scope, Send

from other_season import add_other_members
from rochade.service import ClubService
from rochade.service.pin import set_pin
from rochade.web import create_app

ARTIFACTS = Path(__file__).parent / "artifacts"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    executable = shutil.which("chromium")
    if executable is None:
        if os.environ.get("CI"):
            pytest.fail("chromium is not installed (apt-get install chromium); CI must run these")
        pytest.skip("chromium is not installed; the browser tests need Debian's chromium")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        instance = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
        yield Watched(instance)
        instance.close()


class Watched:
    """The browser, with every page's console watched for Content-Security-Policy reports:
    a blocked script or style breaks an htmx page without any other sign."""

    def __init__(self, browser: Any) -> None:
        self.browser = browser
        self.violations: list[str] = []

    def new_context(self, **options: Any) -> Any:
        context = self.browser.new_context(**options)
        context.on("console", self._console)
        return context

    def _console(self, message: Any) -> None:
        if "Content Security Policy" in message.text:
            self.violations.append(message.text)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.browser, name)


@pytest.fixture(autouse=True)
def no_csp_violations(request: pytest.FixtureRequest) -> Iterator[None]:
    """Every browser test fails on a CSP report in any page's console."""
    if "browser" not in request.fixturenames:
        yield
        return
    watched: Watched = request.getfixturevalue("browser")
    watched.violations.clear()
    yield
    assert watched.violations == []


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    """A club file with a TD PIN and no tournament yet (only the members of `other_season`),
    served on a free loopback port."""
    yield from _serve(tmp_path, lambda app: app)


WRITE_DELAY = 0.15
"""Seconds every post waits on the slowed server: longer than five keys at 30 ms each."""


@pytest.fixture
def slow_server(tmp_path: Path) -> Iterator[Server]:
    """Like `server`, but every post (every write) first waits `WRITE_DELAY`, as on a slow
    laptop disk, so that the browser is well ahead of the server. Only this fixture wraps the
    app so (`SlowWrites`): the app itself has no such delay."""
    yield from _serve(tmp_path, lambda app: SlowWrites(app, WRITE_DELAY))


class SlowWrites:
    """ASGI wrapper for the tests: a POST reaches the app `seconds` late."""

    def __init__(self, app: ASGIApp, seconds: float) -> None:
        self.app, self.seconds = app, seconds

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["method"] == "POST":
            await asyncio.sleep(self.seconds)
        await self.app(scope, receive, send)


def _serve(tmp_path: Path, wrap: Callable[[ASGIApp], ASGIApp]) -> Iterator[Server]:
    path = tmp_path / "club.rochade"
    add_other_members(ClubService.init(path, "e2e"))
    set_pin(path, PIN)
    port = _free_port()
    config = uvicorn.Config(
        wrap(create_app(path, poll_seconds=1, render_process=True)), host="127.0.0.1", port=port,
        log_level="warning",
    )
    instance = uvicorn.Server(config)
    thread = threading.Thread(target=instance.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not instance.started:
        if time.monotonic() > deadline:
            raise RuntimeError("the test server did not start")
        time.sleep(0.02)
    yield Server(f"http://127.0.0.1:{port}", path)
    instance.should_exit = True
    thread.join(timeout=5)


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS
