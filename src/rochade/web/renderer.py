"""The public pages rendered, and the TD's changes made, in a second process beside the one
answering the phones.

Rendering is Python work that holds the GIL: in a worker thread it takes turns with the event
loop, so while 200 phones ask 1 000 times a second, the ~35 ms of CPU of the pages a TD's
result renews took ~80 ms, and the TD waited for them. A process of its own renders on the
other core meanwhile (`benchmarks/web_load.py --mix all`, docs/web.md). It reads the club file
itself (WAL: readers never wait for the writer) and keeps the facts of a version for all the
pages of that version, as the threads do (`cache.Facts`). A TD's change (a `td_only` post)
runs there too, right before the pages it renews: in a thread it also took turns with the
event loop for the GIL (a result in a 300-player Swiss: 20-39 ms in the server's thread, the
service call alone ~6 ms in one process).

`rochade serve` uses it; the app without it renders in worker threads (the tests' app, which
may run on a clock of its own). Both run the same handlers the same way: the process builds
the app's routes as the server does (`rochade.web.routes`, imported, not the app that starts
it), finds the handler the server names behind them, and calls it with the request and the
page as the server read them, the post's form included; only where it runs differs.
Should the process die, the pages are rendered in threads from then on: a page is never
refused for it.
"""

from __future__ import annotations

import asyncio
import gc
import io
import logging
import multiprocessing
import os
import signal
import threading
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any

from starlette.datastructures import FormData, Headers, UploadFile
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import HTMLResponse, Response

from rochade.service import Identity
from rochade.service.clubfile import system_clock
from rochade.web.base import Handler, Page, Web
from rochade.web.routes import handlers, routes
from rochade.web.security import LoginThrottle

SCOPE_KEYS = ("type", "http_version", "method", "scheme", "server", "client", "root_path",
              "path", "raw_path", "query_string", "headers", "path_params")
"""What a handler may read of its request; the rest of an ASGI scope (the app, the state, the
server's objects) does not cross to the other process."""

Answer = tuple[int, list[tuple[bytes, bytes]], bytes, bool, str | None]
"""(status, headers, body, HTML or not, the detail of a refusal such as "404" or None)."""


@dataclass(frozen=True)
class Setup:
    """What the rendering process needs to make the same pages as the server."""

    path: Path
    public_url: str | None
    poll_seconds: float
    behind_proxy: bool
    proxies: tuple[str, ...]
    csrf_mark: str
    local_url: str
    identity: Identity


class Renderer:
    """One rendering process for one app (the page cache renders one page at a time)."""

    def __init__(self, setup: Setup) -> None:
        self._pool: ProcessPoolExecutor | None = ProcessPoolExecutor(
            1, multiprocessing.get_context("spawn"), initializer=_start, initargs=(setup,)
        )
        self._pool.submit(gc.collect)  # started now, not at the first phone's request

    async def __call__(self, name: str, request: Request, page: Page) -> Response | None:
        """Handler `name`'s answer to `request` (a public page's version is in its state, a
        post's form in `page`); None once the process is gone (the caller runs the handler
        in a thread)."""
        pool = self._pool
        if pool is None:
            return None
        scope = {k: request.scope[k] for k in SCOPE_KEYS if k in request.scope}
        rest = tuple(getattr(page, f.name) for f in fields(page)
                     if f.name not in ("request", "form"))
        version = getattr(request.state, "version", None)
        try:
            answer = await asyncio.wrap_future(
                pool.submit(_render, name, scope, rest, version, _sent(page.form)))
        except BrokenProcessPool:
            self._pool = None
            return None
        status, headers, content, html, refused = answer
        if refused is not None:
            raise HTTPException(status, refused)
        response = (HTMLResponse if html else Response)(content, status_code=status)
        response.raw_headers = headers
        return response

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None


_served: list[tuple[Web, dict[str, Handler]]] = []
"""The rendering process's app state and the handlers of its routes (one, made by `_start`)."""


def _start(setup: Setup) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl+C is the server's to handle: it stops us
    # What rochade tells the TD in the terminal (a file replaced under it) the server tells,
    # once; this process sees the same file and would say it again.
    logging.getLogger("rochade").setLevel(logging.ERROR)
    threading.Thread(target=_end_with, args=(multiprocessing.parent_process(),),
                     daemon=True).start()
    web = Web(setup.path, system_clock, LoginThrottle(), setup.public_url, setup.poll_seconds,
              setup.behind_proxy, setup.proxies, setup.local_url, setup.identity)
    web.csrf_mark = setup.csrf_mark
    _served.append((web, handlers(routes(web))))  # the server's routes, made the same way
    gc.freeze()  # (as the server does: the modules and templates live as long as the process)


def _end_with(server: multiprocessing.process.BaseProcess | None) -> None:
    """Leave when the server is gone, however it ended (killed, crashed): the queue of pages
    to render never tells, since this process holds both of its ends."""
    if server is not None:
        server.join()
    os._exit(0)


Sent = list[tuple[str, str | tuple[str | None, list[tuple[bytes, bytes]], bytes]]]
"""A post's form as it crosses to the process: each field's text, or an uploaded file's name,
headers and content."""


def _sent(form: FormData) -> Sent:
    """The form as read by the server (an uploaded file is spooled in memory or in a temporary
    file: read at once, an upload is a rare and small TD action)."""
    sent: Sent = []
    for key, value in form.multi_items():
        if isinstance(value, UploadFile):
            value.file.seek(0)
            sent.append((key, (value.filename, value.headers.raw, value.file.read())))
        else:
            sent.append((key, value))
    return sent


def _received(sent: Sent) -> FormData:
    return FormData([
        (key, value if isinstance(value, str) else UploadFile(
            io.BytesIO(value[2]), size=len(value[2]), filename=value[0],
            headers=Headers(raw=value[1])))
        for key, value in sent
    ])


def _render(name: str, scope: dict[str, Any], rest: tuple[Any, ...], version: int | None,
            form: Sent) -> Answer:
    """In the rendering process: the handler's answer, as `public`'s or `td_only`'s threads
    would give it."""
    request = Request(scope)
    if version is not None:
        request.state.version = version
    page = Page(request, *rest)
    page.form = _received(form)
    try:
        web, table = _served[0]
        response = table[name](web, request, page)
    except HTTPException as exc:
        return exc.status_code, [], b"", False, exc.detail
    return (response.status_code, response.raw_headers, bytes(response.body),
            isinstance(response, HTMLResponse), None)
