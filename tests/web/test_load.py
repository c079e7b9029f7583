"""A small run of benchmarks/web_load.py (not timed): readers and a TD writing, no errors,
and the standings page is right again as soon as a result is confirmed."""

from __future__ import annotations

import asyncio
import importlib.util
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from starlette.testclient import TestClient
from web_helpers import CSRF, PIN, Tick, log_in, post

from rochade.service import ClubService
from rochade.web import create_app

_SPEC = importlib.util.spec_from_file_location(
    "web_load", Path(__file__).parents[2] / "benchmarks" / "web_load.py"
)
assert _SPEC and _SPEC.loader
web_load = importlib.util.module_from_spec(_SPEC)
sys.modules["web_load"] = web_load
_SPEC.loader.exec_module(web_load)


def test_readers_and_a_writer_without_errors(tmp_path: Path) -> None:
    path = tmp_path / "load.rochade"
    web_load.make_club(path, players=20)
    # The load runs in a thread of its own: the browser tests may leave an event loop in this one.
    with web_load.serving(path) as port, ThreadPoolExecutor(1) as worker:
        figures = worker.submit(asyncio.run, web_load.load(port, 20, 2.0, 0, 0.2, 10)).result()
    assert figures.errors == []
    assert figures.writes and len(figures.latencies) > 20
    # Every page answered after a result was confirmed shows that change (or a newer one).
    newest = ClubService(path).log()[-1].id
    confirmed, _ = figures.writes[-1]
    seen_after = [version for at, version in figures.versions if at > confirmed]
    assert all(version == newest for version in seen_after)


def test_a_kept_page_is_renewed_by_the_next_change(club: Path) -> None:
    with TestClient(create_app(club, Tick())) as td:
        td.headers["x-test-csrf"] = log_in(td)
        post(td, "/td/t/1/pair/auto")
        with TestClient(create_app(club, Tick())) as phone:
            before = phone.get("/t/1/?after=1").text
            assert phone.get("/t/1/?after=1").text == before  # kept, the same page
            assert post(td, "/td/t/1/results/1/1", result="1-0").status_code in (200, 303)
            after = phone.get("/t/1/?after=1").text
            assert after != before
            with TestClient(create_app(club, Tick())) as fresh:
                fresh.cookies = phone.cookies
                expected = fresh.get("/t/1/?after=1").text
            assert CSRF.sub("", after) == CSRF.sub("", expected)
            assert PIN not in after
