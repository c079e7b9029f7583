"""The public pages rendered in a process of their own (`rochade serve`): the same pages, to
the byte, as the worker threads render; stopped with the app; and when that process dies, the
pages come from the threads again, never an error."""

from __future__ import annotations

import multiprocessing
import os
import signal
import time
import urllib.request
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path
from types import SimpleNamespace

import pytest
from starlette.responses import HTMLResponse, Response
from starlette.testclient import TestClient
from web_helpers import (
    PLAYERS,
    Served,
    log_in,
    play_round,
    post,
    run_async,
    serve,
    swiss_open,
    unversioned,
)

import rochade.web.base as base
from rochade.service.club import ClubService
from rochade.web import create_app
from rochade.web.base import LANG_COOKIE, VISITOR_COOKIE
from rochade.web.cache import PageCache
from rochade.web.routes import handlers

VISITOR = "0123456789abcdef" * 2
PAGES = [
    "/", "/t/1/", "/t/1/progress", "/t/1/crosstable", "/t/1/players/2", "/t/1/pairings",
    "/t/2/", "/t/2/?after=1", "/t/2/pairings", "/t/2/pairings?round=1", "/t/2/crosstable",
    "/t/2/participants", "/t/2/start-rank", "/t/2/players/3", "/t/2/pairings/slips",
    "/t/2/progress",  # (a Swiss has none: a redirect)
    "/t/2/players/99", "/t/7/",  # (no such player, no such tournament: 404)
    "/td/login", "/t/1/me",
]


@pytest.fixture
def played(club: Path) -> Path:
    """The Keizer club tournament and a 10-player Swiss, two rounds played in each."""
    svc = ClubService(club, "test TD")
    name = svc.tournament_names()[0]
    open_ = swiss_open(club, 10)
    for _ in range(2):
        play_round(svc, name, "1-0")
        play_round(open_, "Open", "1/2-1/2")
    return club


def no_thread(*_: object) -> None:
    raise AssertionError("a handler run in a thread, not in the rendering process")


def client(app: object, lang: str) -> TestClient:
    c = TestClient(app)  # type: ignore[arg-type]
    c.cookies.set(VISITOR_COOKIE, VISITOR)  # (one visitor: the same CSRF token in both)
    c.cookies.set(LANG_COOKIE, lang)
    return c


def answers(c: TestClient) -> Iterator[tuple[str, str, int, str, str | None]]:
    for path in PAGES:
        for method in ("GET", "HEAD"):
            r = c.request(method, path, follow_redirects=False)
            yield path, method, r.status_code, unversioned(r.text), r.headers.get("location")


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_the_rendering_process_makes_the_pages_the_threads_make(
    played: Path, monkeypatch: pytest.MonkeyPatch, lang: str
) -> None:
    with client(create_app(played), lang) as threads:
        expected = list(answers(threads))
    assert {status for *_, status, _, _ in expected} == {200, 303, 404}

    others = set(multiprocessing.active_children())  # (the other tests' shared process)
    with client(create_app(played, render_process=True), lang) as process:
        assert len(set(multiprocessing.active_children()) - others) == 1
        monkeypatch.setattr(base, "off_loop", no_thread)
        assert list(answers(process)) == expected
    assert set(multiprocessing.active_children()) <= others  # stopped with the app


def test_the_web_tests_apps_render_in_a_process_as_rochade_serve_does(
    td: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The web tests' apps (the `client` and `td` fixtures) make the public pages and the TD's
    changes in the rendering process the tests share, as `rochade serve`'s app makes them in
    its own: no worker thread of the app makes them (but a TD page: those are made in the
    app's threads in `rochade serve` too)."""
    monkeypatch.setattr(base, "off_loop", no_thread)
    assert post(td, "/td/t/1/pair/auto").status_code == 303
    phone = TestClient(td.app)  # (the TD's next page shows a notice: made in a thread)
    for path in ("/t/1/", "/t/1/pairings", "/t/1/crosstable", "/t/1/players/2"):
        assert phone.get(path).status_code == 200, path
    assert PLAYERS[0][0] in phone.get("/t/1/pairings").text


def test_when_the_rendering_process_dies_the_threads_render_the_pages(played: Path) -> None:
    svc = ClubService(played, "test TD")
    others = set(multiprocessing.active_children())
    with client(create_app(played, render_process=True), "en") as c:
        assert c.get("/t/2/crosstable").status_code == 200
        (child,) = set(multiprocessing.active_children()) - others
        child.kill()
        child.join()
        play_round(svc, "Open")  # round 3: the page must be rendered anew
        r = c.get("/t/2/crosstable")
        assert r.status_code == 200 and "Swiss 10" in r.text
        assert c.get("/t/2/pairings").text.count(">1-0</td>") == 5  # every board of round 3
    assert set(multiprocessing.active_children()) <= others


@contextmanager
def serving(club: Path) -> Iterator[tuple[Served, list[str]]]:
    """`rochade serve` once its rendering process has served a page; yields it and its
    children's pids."""
    with serve(club) as server:
        with urllib.request.urlopen(f"{server.url}/t/2/crosstable") as r:
            assert r.status == 200 and "Swiss 10" in r.read().decode()
        pid = server.process.pid
        children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
        commands = [Path(f"/proc/{c}/cmdline").read_bytes() for c in children]
        assert sum(b"spawn_main" in c for c in commands) == 1  # (and multiprocessing's tracker)
        yield server, children


def gone(pids: list[str]) -> bool:
    """Whether all of `pids` have ended within 10 s."""
    deadline = time.monotonic() + 10
    while any(Path(f"/proc/{p}").exists() for p in pids) and time.monotonic() < deadline:
        time.sleep(0.05)
    return not any(Path(f"/proc/{p}").exists() for p in pids)


def test_ctrl_c_stops_the_server_and_its_rendering_process_without_a_traceback(
    played: Path,
) -> None:
    """Ctrl+C in the TD's terminal reaches every process of the server: the rendering process
    leaves the stopping to the server, which stops it; nobody prints a traceback."""
    with serving(played) as (server, children):
        os.killpg(server.process.pid, signal.SIGINT)  # as the terminal sends it: the group
        out, err = server.ended(30)
    assert server.process.returncode == 0, err
    assert "Traceback" not in err + out and "KeyboardInterrupt" not in err
    assert gone(children)  # (multiprocessing's tracker leaves once the server is gone)


def test_a_killed_server_leaves_no_rendering_process_behind(played: Path) -> None:
    """A server killed outright (or crashed) cannot stop its rendering process; that process
    leaves by itself rather than keep the club file open with nobody to serve."""
    with serving(played) as (server, children):
        server.process.kill()  # the server only: its children are left to themselves
        server.process.wait()
        assert gone(children)


def test_the_tds_result_is_entered_in_the_rendering_process(
    played: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A TD's change runs where the pages are rendered (the server's GIL stays with the
    phones): the result is in the club file, the answer is the board's row, and a refused
    result is refused there with its reason, nothing changed."""
    svc = ClubService(played, "test TD")
    report = svc.pair("Open")
    with client(create_app(played, render_process=True), "en") as c:
        token = log_in(c)
        monkeypatch.setattr(base, "off_loop", no_thread)
        posted = c.post("/td/t/2/results/3/1", data={"csrf": token, "result": "0-1"},
                        headers={"hx-request": "true"})
        assert posted.status_code == 200 and 'id="b1"' in posted.text
        refused = c.post("/td/t/2/results/3/2", data={"csrf": token, "result": "2-0"},
                         headers={"hx-request": "true"})
        assert refused.headers["hx-reswap"] == "none" and "2-0" in refused.text
    games = {g.board: g for g in ClubService(played, "test TD").tournament("Open").rounds[2].games}
    assert str(games[1].result) == "0-1" and games[2].result is None
    assert report.round.number == 3


def test_once_the_rendering_process_is_gone_the_threads_render_one_at_a_time() -> None:
    """The first answer the gone process cannot give switches the app back for good: no
    process asked again, and the page cache back to one rendering at a time (threads at
    once take the GIL from the phones' event loop in turns)."""
    asked: list[str] = []

    async def gone(name: str, *_: object) -> None:
        asked.append(name)

    def page(*_: object) -> Response:
        return HTMLResponse("from a thread")

    pages = PageCache(4)
    pages.queued = True
    threads = ThreadPoolExecutor(1)
    web = SimpleNamespace(renderer=gone, pages=pages, workers=lambda writes: threads)
    request = SimpleNamespace(method="GET")
    for _ in range(2):
        answer = run_async(base.elsewhere(web, "standings", page, request, None))  # type: ignore[arg-type]
        assert bytes(answer.body) == b"from a thread"
    threads.shutdown()
    assert asked == ["standings"] and web.renderer is None and not pages.queued


def test_an_uploaded_file_reaches_the_rendering_process(
    played: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A post's form crosses to the process as the server read it, an uploaded file too."""
    trf = ClubService(played, "test TD").export_trf("Open").encode()
    with client(create_app(played, render_process=True), "en") as c:
        token = log_in(c)
        monkeypatch.setattr(base, "off_loop", no_thread)
        answer = c.post("/td/import", data={"csrf": token, "name": "Again"},
                        files={"file": ("open.trf", trf)}, follow_redirects=False)
        assert answer.status_code == 303 and answer.headers["location"] == "/td/t/3/"
    assert ClubService(played, "test TD").tournament_names()[2] == "Again"


def test_the_process_finds_the_handlers_behind_wrapped_endpoints(club: Path) -> None:
    """The table of handlers comes from the app's routes; an endpoint wrapped around a guarded
    one (/t/N/me, the posts after which the server renews something of its own) still
    names its handler."""
    table = handlers(create_app(club).routes)
    assert {"rochade.web.hall.names", "rochade.web.keeping.td_pin",
            "rochade.web.keeping.td_website_upload", "rochade.web.public.standings",
            "rochade.web.td.td_enter_result"} <= set(table)
    assert all(name.endswith("." + handler.__name__) for name, handler in table.items())
