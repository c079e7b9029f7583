"""Rendered public pages, kept per page and renewed once per change.

Two hundred phones on the standings cost one rendering per change, and no phone waits for it
while the TD's change is under way: a page is kept under its key (page, query, language, TD
or not) with the version it shows, the newest action's id when it was rendered. A request
that finds an older version starts the one rendering of the new version (or joins it). While
a TD change is under way the phones get the previous page meanwhile; the TD's answer waits
until the pages phones looked at lately are renewed, so a page answered after the TD hears
"done" shows the change. After changes made elsewhere (the command line) the first phones
wait for the new page, as they must: nobody has been told of the change yet.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass

from starlette.responses import HTMLResponse, Response

Key = tuple[object, ...]
Render = Callable[[int], Awaitable[Response]]
"""Renders a page as of a version (which the page carries for its poll)."""

RENEW_SECONDS = 600.0
"""A page asked for this recently is renewed by the TD's change before the TD's answer. Phones
that poll an unchanged page get "204" and do not ask for it again, so this spans the quiet
minutes between two results of a club evening."""
RENEW_AT_MOST = 8
"""The TD waits for these renderings (~10 ms each for 60 players)."""


@dataclass
class _Kept:
    version: int
    body: bytes
    render: Render
    asked: float  # loop time of the last request for it


class PageCache:
    """The kept pages of one app; used from its event loop only."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._kept: dict[Key, _Kept] = {}
        self._jobs: dict[tuple[Key, int], asyncio.Future[Response]] = {}
        self._changes = 0  # TD changes under way

    async def page(self, key: Key, version: int, render: Render) -> bytes | Response:
        """The page's body as of `version` or newer, or the response when it is not one to
        keep (a redirect, an error page)."""
        kept = self._kept.get(key)
        if kept is not None:
            kept.asked = asyncio.get_running_loop().time()
            if kept.version >= version:
                return kept.body
        started = (key, version) not in self._jobs
        job = self._job(key, version, render)
        if kept is not None and self._changes:
            return kept.body
        response = await asyncio.shield(job)
        kept = self._kept.get(key)
        if kept is not None and kept.version >= version:
            return kept.body
        return response if started else await render(version)

    def _job(self, key: Key, version: int, render: Render) -> asyncio.Future[Response]:
        """The one rendering of `key` as of `version`; the page is kept once it is done."""
        job = self._jobs.get((key, version))
        if job is None:
            job = self._jobs[key, version] = asyncio.ensure_future(render(version))

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

    @asynccontextmanager
    async def change(self, version: Callable[[], int]) -> AsyncIterator[None]:
        """Around a TD change: phones get the kept pages meanwhile; when the change is made,
        the pages asked for lately are rendered anew (`version()`: the version now) before
        the block ends."""
        self._changes += 1
        try:
            yield
            now = version()
            recent = asyncio.get_running_loop().time() - RENEW_SECONDS
            stale = [(k, p) for k, p in self._kept.items() if p.version < now and p.asked > recent]
            stale.sort(key=lambda item: item[1].asked, reverse=True)
            renewals = [self._job(k, now, p.render) for k, p in stale[:RENEW_AT_MOST]]
            await asyncio.gather(*map(asyncio.shield, renewals), return_exceptions=True)
        finally:
            self._changes -= 1
