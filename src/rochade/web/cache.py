"""Rendered public pages, kept per page and renewed once per change.

Two hundred phones on the standings cost one rendering per change, and no phone waits for it
while the TD's change is under way: a page is kept under its key (page, query, language, TD
or not) with the version it shows (`Web.last_change`: new with every change of the club
file, an undo, a restore, another file put in its place, and only ever greater). A request
that finds an older version starts the one rendering of the new version (or joins it). While
a TD change is under way the phones get the previous page meanwhile (if it shows every change
the TD has been told of: a page no one asked for since is rendered anew) and start no
rendering; when the change is made, the pages phones looked at lately are renewed one after
another, those asked for by the most visitors first, and the TD's answer waits for the ones
several visitors share (the others follow right after). A page answered after the TD hears
"done" shows the change: one not renewed yet is rendered for the phone that asks (and it
waits). One rendering at a time, the TD's renewals and the phones' in turn: the renderings
run in worker threads that share the GIL with the event loop answering the phones, and
several at once kept each answer waiting for the GIL several times over. After changes made
elsewhere (the command line) the first phones wait for the new page, as they must: nobody
has been told of the change yet. `rochade serve` renders in a process of its own
(`rochade.web.renderer`, `queued`): the pages the TD waits for are then handed over at once.

The pages of one version are made from the same facts (the tournament, its standings, their
history; parts that several addresses show alike): `Facts` computes each once per version for
all of them, so a change renews thirty pages for little more than the cost of one.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import AsyncIterator, Awaitable, Callable, Coroutine
from concurrent.futures import Future
from contextlib import asynccontextmanager, suppress
from dataclasses import dataclass, field
from typing import Any, TypeVar

from starlette.responses import HTMLResponse, Response

Key = tuple[object, ...]
T = TypeVar("T")
Render = Callable[[int], Awaitable[Response]]
"""Renders a page as of a version (which the page carries for its poll)."""

RENEW_SECONDS = 600.0
"""A page asked for this recently is renewed by the TD's change before the TD's answer. Phones
that poll an unchanged page get "204" and do not ask for it again, so this spans the quiet
minutes between two results of a club evening."""
SHARED = 2
"""A page asked for by this many visitors since it was rendered is renewed before the TD's
answer: on a club evening the standings, pairings and crosstable, which share most of their
facts and cost most of a version's CPU (`benchmarks/web_profile.py`; figures in
docs/web.md). The pages one phone looks at (a player's) follow right after the answer; the
phone, if it asks before its page's turn, waits for that one rendering."""


@dataclass
class _Kept:
    version: int
    body: bytes
    render: Render
    asked: float  # loop time of the last request for it
    askers: set[object] = field(default_factory=set)  # visitors since it was rendered


class PageCache:
    """The kept pages of one app; used from its event loop only."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._kept: dict[Key, _Kept] = {}
        self._jobs: dict[tuple[Key, int], asyncio.Future[Response]] = {}
        self._changes = 0  # TD changes under way
        self._confirmed = -1  # a version at least as new as every change the TD was told of
        self._newest = -1  # the newest version a change renews its pages to
        self._renewals: set[asyncio.Future[None]] = set()
        self._rendering = asyncio.Semaphore()
        self.queued = False
        """The renderings go to a queue of their own (a rendering process, which takes one
        at a time): the pages a TD's change renews before the answer are handed over all at
        once, each next one started the moment the last is done."""

    async def page(self, key: Key, version: int, render: Render, visitor: str | None = None
                   ) -> bytes | Response:
        """The page's body as of `version` or newer, or the response when it is not one to
        keep (a redirect, an error page). `visitor`: who asks (None: as if someone new)."""
        kept = self._kept.get(key)
        if kept is not None:
            kept.asked = asyncio.get_running_loop().time()
            kept.askers.add(object() if visitor is None else visitor)
            if kept.version >= version:
                return kept.body
            if self._changes and kept.version >= self._confirmed:
                return kept.body  # the change renews it (never older than a confirmed change)
        started = (key, version) not in self._jobs
        response = await asyncio.shield(self._job(key, version, render))
        kept = self._kept.get(key)
        if kept is not None and kept.version >= version:
            return kept.body
        return response if started else await render(version)

    def _job(self, key: Key, version: int, render: Render) -> asyncio.Future[Response]:
        """The one rendering of `key` as of `version`; the page is kept once it is done."""
        job = self._jobs.get((key, version))
        if job is None:
            job = asyncio.ensure_future(
                render(version) if self.queued else self._one_at_a_time(render, version))
            self._jobs[key, version] = job

            def done(job: asyncio.Future[Response]) -> None:
                del self._jobs[key, version]
                if job.cancelled() or job.exception() is not None:
                    return
                response = job.result()
                if response.status_code != 200 or not isinstance(response, HTMLResponse):
                    return
                kept = self._kept.get(key)
                if kept is not None and kept.version >= version:
                    return
                if kept is None and len(self._kept) >= self.size:
                    self._kept.clear()
                asked = kept.asked if kept is not None else asyncio.get_running_loop().time()
                self._kept[key] = _Kept(version, bytes(response.body), render, asked)

            job.add_done_callback(done)
        return job

    async def _one_at_a_time(self, render: Render, version: int) -> Response:
        """Every kept page is rendered in turn, the TD's renewals and the phones' alike (first
        asked, first rendered): the renderings share the GIL anyway, and each one more at
        once made the event loop wait for it once more at every answer."""
        async with self._rendering:
            return await render(version)

    @asynccontextmanager
    async def change(self, version: Callable[[], int]) -> AsyncIterator[None]:
        """Around a TD change: phones get the kept pages meanwhile; when the change is made,
        the pages asked for lately are rendered anew (`version()`: the version now), those
        asked for by the most visitors first; the block ends when the ones `SHARED` by
        several are, the others follow."""
        self._changes += 1
        self._confirmed = max(self._confirmed, version())
        try:
            yield
            now = version()
            recent = asyncio.get_running_loop().time() - RENEW_SECONDS
            stale = [(k, p) for k, p in self._kept.items() if p.version < now and p.asked > recent]
            stale.sort(key=lambda item: (len(item[1].askers), item[1].asked), reverse=True)
            shared = sum(1 for _, p in stale if len(p.askers) >= SHARED)
            self._newest = max(self._newest, now)
            await asyncio.shield(self._later(self._renew(stale[:shared], now, self.queued)))
            self._confirmed = max(self._confirmed, now)  # the TD is told of it now
            self._later(self._renew(stale[shared:], now))
        finally:
            self._changes -= 1

    def _later(self, renewal: Coroutine[Any, Any, None]) -> asyncio.Future[None]:
        """`renewal` under way, kept from the garbage collector until it is done (and
        carried on if the TD's request is given up meanwhile)."""
        task = asyncio.ensure_future(renewal)
        self._renewals.add(task)
        task.add_done_callback(self._renewals.discard)
        return task

    async def _renew(self, stale: list[tuple[Key, _Kept]], version: int, together: bool = False
                     ) -> None:
        """Render `stale` as of `version` one after another, until a newer change renews
        them itself. One worker thread at a time takes turns with the event loop for the GIL;
        several at once kept the phones' answers waiting several switch intervals each.
        `together`: all handed to the `queued` renderer at once, in the same order."""
        jobs = []
        for key, kept in stale:
            if version < self._newest:
                break
            done = self._kept.get(key)
            if done is not None and done.version >= version:  # a phone asked for it first
                continue
            jobs.append(self._job(key, version, kept.render))
            if not together:
                with suppress(Exception):  # a page that fails: its phones get its error page
                    await jobs.pop()
        await asyncio.gather(*jobs, return_exceptions=True)


class Facts:
    """What the public pages are made from, computed once per version and shared by the
    worker threads that render them (the first computes, the others wait for it). Only the
    newest version is kept; a request for an older one computes for itself."""

    def __init__(self) -> None:
        self._version = -1
        self._kept: dict[Key, Future[Any]] = {}
        self._lock = threading.Lock()

    def get(self, version: int, key: Key, compute: Callable[[], T]) -> T:
        with self._lock:
            if version > self._version:
                self._version, self._kept = version, {}
            if version < self._version:
                mine, job = False, None
            else:
                job = self._kept.get(key)
                mine = job is None
                if job is None:
                    job = self._kept[key] = Future()
        if job is None:
            return compute()
        if mine:
            try:
                job.set_result(compute())
            except Exception as exc:  # the same refusal for every page that asks
                job.set_exception(exc)
        result: T = job.result()
        return result
