"""The public pages rendered, and the TD's changes made, in a second process beside the one
answering the phones.

Rendering is Python work that holds the GIL: in a worker thread it takes turns with the event
loop, so while hundreds of phones ask for pages the TD waited for the pages a result renews. A
process of its own renders on the other core meanwhile (measured in docs/web.md, "The public
pages and the TD's changes in a process of their own"). It reads the club file itself (WAL:
readers never wait for the writer) and keeps the facts of a version for all the pages of that
version, as the threads do (`cache.Facts`). A TD's change (a `td_only` post) runs there too,
right before the pages it renews: in a thread it also took turns with the event loop for the
GIL.

`rochade serve` uses it, and so do the web tests' apps (one process for all of them, each app
known there by its `Setup`, on the test's own clock). An app without it renders in worker
threads, the same handlers the same way: the process builds the app's routes as the server
does (`rochade.web.routes`, imported, not the app that starts it), finds the handler the
server names behind them, and calls it with the request and the page as the server read them,
the post's form included; only where it runs differs. Should the process die, the pages are
rendered in threads from then on: a page is never refused for it.
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
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any, TypeVar

from starlette.datastructures import FormData, Headers, UploadFile
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import HTMLResponse, Response

from rochade.service import Identity
from rochade.service.clubfile import Clock
from rochade.web.base import Handler, Page, Web
from rochade.web.routes import handlers, routes
from rochade.web.security import LoginThrottle

SCOPE_KEYS = ("type", "http_version", "method", "scheme", "server", "client", "root_path",
              "path", "raw_path", "query_string", "headers", "path_params")
"""What a handler may read of its request; the rest of an ASGI scope (the app, the state, the
server's objects) does not cross to the other process."""

T = TypeVar("T")

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
    """Stands for the visitor's CSRF token in the app's cached pages; it also names the app
    in a process that renders for several (`Process`)."""
    local_url: str
    identity: Identity
    clock: Clock
    """The server's clock (it must be picklable: the system clock is, by reference)."""


class Process:
    """A rendering process: one per app for `rochade serve`; the tests' apps share one, each
    known there by its `Setup` (a process per app would cost each test a start of its own).
    `prepare`: run there first (it must be picklable: a module's function), for the settings
    the apps' own process changed (the tests' cheaper ones)."""

    def __init__(self, prepare: Callable[[], None] | None = None) -> None:
        self._pool: ProcessPoolExecutor | None = ProcessPoolExecutor(
            1, multiprocessing.get_context("spawn"), initializer=_start, initargs=(prepare,))

    def submit(self, fn: Callable[..., T], *args: object) -> Future[T] | None:
        """`fn(*args)` run there (None: the process is gone)."""
        pool = self._pool
        if pool is None:
            return None
        try:
            return pool.submit(fn, *args)
        except BrokenProcessPool:
            self._pool = None
            return None

    def gone(self) -> None:
        """The process died: nothing more is sent to it."""
        self._pool = None

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None


class Renderer:
    """The rendering process of one app (the page cache renders one page at a time)."""

    def __init__(self, setup: Setup, process: Process | None = None) -> None:
        self._setup = setup
        self._owned = process is None
        self._process = Process() if process is None else process
        self._process.submit(_serving, setup)  # ready now, not at the first phone's request

    async def __call__(self, name: str, request: Request, page: Page) -> Response | None:
        """Handler `name`'s answer to `request` (a public page's version is in its state, a
        post's form in `page`); None once the process is gone (the caller runs the handler
        in a thread)."""
        scope = {k: request.scope[k] for k in SCOPE_KEYS if k in request.scope}
        rest = tuple(getattr(page, f.name) for f in fields(page)
                     if f.name not in ("request", "form"))
        version = getattr(request.state, "version", None)
        future = self._process.submit(_render, self._setup, name, scope, rest, version,
                                      _sent(page.form))
        if future is None:
            return None
        try:
            answer = await asyncio.wrap_future(future)
        except BrokenProcessPool:
            self._process.gone()
            return None
        status, headers, content, html, refused = answer
        if refused is not None:
            raise HTTPException(status, refused)
        response = (HTMLResponse if html else Response)(content, status_code=status)
        response.raw_headers = headers
        return response

    def close(self) -> None:
        if self._owned:
            self._process.close()
            return
        future = self._process.submit(_forget, self._setup.csrf_mark)
        if future is not None:
            try:
                future.result()
            except BrokenProcessPool:
                self._process.gone()


_served: dict[str, Web] = {}
"""Per app (by its `Setup.csrf_mark`): its state in the rendering process."""
_handlers: dict[str, Handler] = {}
"""The handlers of the server's routes (the page modules' functions, the same for every app)."""


def _start(prepare: Callable[[], None] | None) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl+C is the server's to handle: it stops us
    # What rochade tells the TD in the terminal (a file replaced under it) the server tells,
    # once; this process sees the same file and would say it again.
    logging.getLogger("rochade").setLevel(logging.ERROR)
    threading.Thread(target=_end_with, args=(multiprocessing.parent_process(),),
                     daemon=True).start()
    if prepare is not None:
        prepare()
    gc.freeze()  # (as the server does: the modules live as long as the process)


def _serving(setup: Setup) -> Web:
    """The app's state here, made at its first use."""
    web = _served.get(setup.csrf_mark)
    if web is None:
        web = Web(setup.path, setup.clock, LoginThrottle(), setup.public_url,
                  setup.poll_seconds, setup.behind_proxy, setup.proxies, setup.local_url,
                  setup.identity)
        web.csrf_mark = setup.csrf_mark
        _served[setup.csrf_mark] = web
        if not _handlers:
            _handlers.update(handlers(routes(web)))  # the server's routes, made the same way
    return web


def _forget(mark: str) -> None:
    """The app `mark` has ended: its state here goes (a process rendering for several)."""
    web = _served.pop(mark, None)
    if web is not None:
        web.close()


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


def _render(setup: Setup, name: str, scope: dict[str, Any], rest: tuple[Any, ...],
            version: int | None, form: Sent) -> Answer:
    """In the rendering process: the handler's answer, as `public`'s or `td_only`'s threads
    would give it."""
    request = Request(scope)
    if version is not None:
        request.state.version = version
    page = Page(request, *rest)
    page.form = _received(form)
    try:
        web = _serving(setup)
        response = _handlers[name](web, request, page)
    except HTTPException as exc:
        return exc.status_code, [], b"", False, exc.detail
    return (response.status_code, response.raw_headers, bytes(response.body),
            isinstance(response, HTMLResponse), None)
