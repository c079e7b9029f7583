"""The kept public pages: one rendering per change, no phone waits for the TD's change, and a
page answered after the TD's change is done shows it."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from starlette.responses import HTMLResponse, RedirectResponse, Response
from web_helpers import Tick, run_async

import rochade.web.cache as cache_module
from rochade.web.cache import Facts, PageCache

KEY = ("standings", "/t/1/", "", "en", False)


class Pages:
    """A page whose rendering takes until `release` is set; counts its renderings."""

    def __init__(self) -> None:
        self.renders: list[int] = []
        self.release = asyncio.Event()

    async def render(self, version: int) -> Response:
        self.renders.append(version)
        await self.release.wait()
        return HTMLResponse(f"standings as of {version}")


async def settle() -> None:
    for _ in range(5):
        await asyncio.sleep(0)


def test_many_phones_at_once_cost_one_rendering() -> None:
    async def scenario() -> None:
        cache, pages = PageCache(16), Pages()
        asking = [asyncio.ensure_future(cache.page(KEY, 7, pages.render)) for _ in range(50)]
        await settle()
        pages.release.set()
        assert set(await asyncio.gather(*asking)) == {b"standings as of 7"}
        assert await cache.page(KEY, 7, pages.render) == b"standings as of 7"
        assert pages.renders == [7]

    run_async(scenario())


def test_a_change_made_elsewhere_is_waited_for() -> None:
    async def scenario() -> None:
        cache, pages = PageCache(16), Pages()
        pages.release.set()
        await cache.page(KEY, 7, pages.render)
        pages.release.clear()
        asking = asyncio.ensure_future(cache.page(KEY, 8, pages.render))
        await settle()
        assert not asking.done()  # never the page of 7 once 8 is known outside a TD change
        pages.release.set()
        assert await asking == b"standings as of 8"

    run_async(scenario())


def test_during_the_tds_change_phones_get_the_kept_page_and_the_td_waits_for_the_new_one() -> None:
    async def scenario() -> None:
        cache, pages = PageCache(16), Pages()
        pages.release.set()
        for phone in ("ann", "ann", "bob"):  # (a page two visitors share: the TD waits for it)
            await cache.page(KEY, 7, pages.render, phone)
        pages.release.clear()
        version = 7

        async def td_enters_a_result() -> None:
            nonlocal version
            async with cache.change(lambda: version):
                version = 8  # written to the club file; the TD hears "done" when the block ends

        td = asyncio.ensure_future(td_enters_a_result())
        await settle()
        assert not td.done()  # the TD's answer waits for the standings of 8
        assert await cache.page(KEY, 8, pages.render) == b"standings as of 7"  # no waiting
        pages.release.set()
        await td
        assert await cache.page(KEY, 8, pages.render) == b"standings as of 8"
        assert pages.renders == [7, 8]  # the phone joined the TD's rendering

    run_async(scenario())


def test_only_pages_asked_for_lately_are_renewed(monkeypatch: pytest.MonkeyPatch) -> None:
    async def scenario() -> None:
        cache, pages = PageCache(16), Pages()
        pages.release.set()
        await cache.page(KEY, 7, pages.render)
        monkeypatch.setattr(cache_module, "RENEW_SECONDS", 0.0)
        async with cache.change(lambda: 8):
            pass
        assert pages.renders == [7]

    run_async(scenario())


def test_a_page_older_than_a_confirmed_change_is_never_served_meanwhile(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The page of 7 was not renewed by the change to 8 (nobody had asked lately); during the
    next change a phone must not get it: the TD was told of 8."""

    async def scenario() -> None:
        cache, pages = PageCache(16), Pages()
        pages.release.set()
        await cache.page(KEY, 7, pages.render)
        monkeypatch.setattr(cache_module, "RENEW_SECONDS", 0.0)
        async with cache.change(lambda: 8):
            pass  # the TD hears "done" for 8; the page of 7 stays kept
        version = 8
        pages.release.clear()
        written = asyncio.Event()

        async def the_next_result() -> None:
            nonlocal version
            async with cache.change(lambda: version):
                await written.wait()  # the write under way
                version = 9

        td = asyncio.ensure_future(the_next_result())
        await settle()
        asking = asyncio.ensure_future(cache.page(KEY, 8, pages.render))
        await settle()
        assert not asking.done()  # no page of 7 meanwhile: it waits for 8's
        pages.release.set()
        assert await asking == b"standings as of 8"
        written.set()
        await td

    run_async(scenario())


def test_a_redirect_is_not_kept() -> None:
    async def scenario() -> None:
        cache = PageCache(16)
        renders: list[int] = []
        release = asyncio.Event()

        async def render(version: int) -> Response:
            renders.append(version)
            await release.wait()
            return RedirectResponse("/t/1/", status_code=303)

        asking = [asyncio.ensure_future(cache.page(KEY, 7, render)) for _ in range(3)]
        await settle()
        release.set()
        answers = await asyncio.gather(*asking)
        assert all(isinstance(a, RedirectResponse) for a in answers)
        assert len(renders) == 3  # each asker gets its own answer (its own cookies)
        assert isinstance(await cache.page(KEY, 7, render), RedirectResponse)

    run_async(scenario())


class Paced:
    """Pages whose renderings each wait for their own release; records starts and ends."""

    def __init__(self) -> None:
        self.events: list[tuple[str, str, int]] = []
        self.releases: dict[tuple[str, int], asyncio.Event] = {}

    def render(self, name: str) -> Callable[[int], Awaitable[Response]]:
        async def render(version: int) -> Response:
            self.events.append(("start", name, version))
            await self.releases.setdefault((name, version), asyncio.Event()).wait()
            self.events.append(("end", name, version))
            return HTMLResponse(f"{name} as of {version}")

        return render

    def release(self, name: str, version: int) -> None:
        self.releases.setdefault((name, version), asyncio.Event()).set()


def test_a_change_renews_its_pages_one_at_a_time_last_asked_first_and_phones_start_none() -> None:
    """One rendering at a time: several worker threads at once take the GIL from the event
    loop that answers the phones. A phone asking meanwhile gets the kept page and starts no
    rendering of its own."""

    async def scenario() -> None:
        cache, pages = PageCache(16), Paced()
        names = ["crosstable", "pairings", "standings"]
        for name in names:
            pages.release(name, 7)
            for phone in (None, "ann", "bob"):  # (as many visitors each)
                await cache.page((name,), 7, pages.render(name), phone)
            await asyncio.sleep(0.001)
        pages.events.clear()
        version = 7

        async def td_enters_a_result() -> None:
            nonlocal version
            async with cache.change(lambda: version):
                version = 8

        td = asyncio.ensure_future(td_enters_a_result())
        await settle()
        assert pages.events == [("start", "standings", 8)]  # asked last, renewed first
        assert await cache.page(("pairings",), 8, pages.render("pairings")) == b"pairings as of 7"
        await settle()
        assert pages.events == [("start", "standings", 8)]  # the phone started nothing
        for name in reversed(names):
            pages.release(name, 8)
            await settle()
        await td
        assert pages.events == [
            ("start", "standings", 8), ("end", "standings", 8),
            ("start", "pairings", 8), ("end", "pairings", 8),  # asked again by the phone
            ("start", "crosstable", 8), ("end", "crosstable", 8),
        ]

    run_async(scenario())


VISITORS = {"player": ["ann", "ann", "ann"], "standings": ["ann", "bob", "cem"],
            "crosstable": ["bob", "cem"]}
"""Who looked at which page: the standings and crosstable are shared, the player's is not."""


async def td_enters_a_result(cache: PageCache, done: asyncio.Event) -> None:
    """A TD's change to version 8; `done` once the TD has the answer."""
    async with cache.change(lambda: 8):
        pass
    done.set()


async def visited(cache: PageCache, pages: Paced) -> None:
    """Every page of `VISITORS` rendered as of version 7 and asked for by its visitors."""
    for name, askers in VISITORS.items():
        pages.release(name, 7)
        await cache.page((name,), 7, pages.render(name))  # rendered: no asker counted yet
        for visitor in askers:
            await cache.page((name,), 7, pages.render(name), visitor)
    pages.events.clear()


def test_the_td_waits_for_the_pages_visitors_share_and_the_others_follow() -> None:
    """The TD's answer waits for the pages several visitors asked for (the most first); a
    page one visitor looks at follows, and is never answered as it was before the change:
    its phone waits for it, in turn with the other renderings."""

    async def scenario() -> None:
        cache, pages = PageCache(16), Paced()
        await visited(cache, pages)
        done = asyncio.Event()
        td = asyncio.ensure_future(td_enters_a_result(cache, done))
        await settle()
        assert pages.events == [("start", "standings", 8)]  # the most visitors first
        pages.release("standings", 8)
        await settle()
        assert pages.events[-1] == ("start", "crosstable", 8) and not done.is_set()
        pages.release("crosstable", 8)
        await settle()
        await td  # the player's page (one visitor) is not waited for
        asking = asyncio.ensure_future(cache.page(("player",), 8, pages.render("player"), "ann"))
        await settle()
        assert not asking.done()  # never the page of 7 after the TD heard "done"
        pages.release("player", 8)
        assert await asking == b"player as of 8"
        assert pages.events == [
            ("start", "standings", 8), ("end", "standings", 8),
            ("start", "crosstable", 8), ("end", "crosstable", 8),
            ("start", "player", 8), ("end", "player", 8),
        ]  # one at a time, and none twice
        for name in VISITORS:
            assert await cache.page((name,), 8, pages.render(name)) == f"{name} as of 8".encode()
        assert len(pages.events) == 6

    run_async(scenario())


def test_posts_run_one_at_a_time_on_one_thread_and_pages_on_a_few_others(club: Path) -> None:
    """One writer, reads in a few threads: every post on the same thread, in turn; the pages
    on the readers, never on the writer's."""
    from threading import current_thread

    from rochade.web.base import READERS, Web, off_loop
    from rochade.web.security import LoginThrottle

    web = Web(club, Tick(), LoginThrottle(), None, 5)
    threads: dict[str, set[str]] = {"POST": set(), "GET": set()}

    def handler(_web: Web, request: Any, _page: Any) -> Response:
        time.sleep(0.01)
        threads[request.method].add(current_thread().name)
        return HTMLResponse("page")

    async def many() -> None:
        await asyncio.gather(*(
            off_loop(handler, web, SimpleNamespace(method=method), None)  # type: ignore[arg-type]
            for method in ("POST", "GET") * 8))

    run_async(many())
    web.close()
    assert len(threads["POST"]) == 1 and 1 < len(threads["GET"]) <= READERS
    assert not threads["POST"] & threads["GET"]


def test_a_page_given_up_before_a_thread_took_it_never_runs(club: Path) -> None:
    """Cancelled while every worker thread is busy: the handler never runs."""
    from threading import Event

    from rochade.web.base import Web, off_loop
    from rochade.web.security import LoginThrottle

    web = Web(club, Tick(), LoginThrottle(), None, 5)
    ran: list[str] = []
    release = Event()

    def handler(*_: object) -> Response:
        ran.append("rendered")
        return HTMLResponse("page")

    async def busy() -> None:
        blocker = asyncio.wrap_future(web.workers(writes=True).submit(release.wait))
        post = SimpleNamespace(method="POST")
        task = asyncio.ensure_future(off_loop(handler, web, post, None))  # type: ignore[arg-type]
        await asyncio.sleep(0.05)
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
        release.set()
        await blocker

    run_async(busy())
    web.close()
    assert ran == []


def test_a_queued_renderer_gets_the_shared_pages_at_once_and_the_others_one_by_one() -> None:
    """With a rendering process (`queued`), the pages the TD waits for are all handed over
    at once, so the process starts each the moment the last is done; the TD's answer still
    waits for all of them, and the page of one visitor follows after it, as before."""

    async def scenario() -> None:
        cache, pages = PageCache(16), Paced()
        cache.queued = True
        await visited(cache, pages)
        done = asyncio.Event()
        td = asyncio.ensure_future(td_enters_a_result(cache, done))
        await settle()
        assert pages.events == [("start", "standings", 8), ("start", "crosstable", 8)]
        pages.release("standings", 8)
        await settle()
        assert not done.is_set()  # (the crosstable is not done yet)
        pages.release("crosstable", 8)
        await td
        await settle()
        assert pages.events[-1] == ("start", "player", 8)
        pages.release("player", 8)
        await settle()
        for name in VISITORS:
            assert await cache.page((name,), 8, pages.render(name)) == f"{name} as of 8".encode()
        assert len(pages.events) == 6

    run_async(scenario())


def test_the_facts_of_a_version_are_computed_once_for_every_page_that_asks() -> None:
    """The first asker computes, the others get its answer; a newer version starts afresh,
    and an older one computes for itself and keeps nothing."""
    facts = Facts()
    calls: list[str] = []

    def compute(what: str) -> Callable[[], str]:
        def run() -> str:
            calls.append(what)
            return what
        return run

    assert facts.get(1, ("standings",), compute("a")) == "a"
    assert facts.get(1, ("standings",), compute("b")) == "a"
    assert facts.get(1, ("pairings",), compute("c")) == "c"
    assert facts.get(2, ("standings",), compute("d")) == "d"
    assert facts.get(1, ("standings",), compute("e")) == "e"
    assert facts.get(2, ("standings",), compute("f")) == "d"
    assert calls == ["a", "c", "d", "e"]
