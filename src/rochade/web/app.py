"""The Starlette app: the page families (`public`, `login`, `td`, `systems`, built on `base`)
assembled into one app for a club file, and the error pages."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from html import escape
from pathlib import Path

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, Response

from rochade import i18n
from rochade.service import FileReplaced
from rochade.service.clubfile import Clock, system_clock
from rochade.service.upload import Target
from rochade.web import uploads
from rochade.web.base import (
    ERROR_PAGES,
    HARDENING,
    LOCAL_URL,
    POLL_SECONDS,
    Hardened,
    Web,
    request_language,
)
from rochade.web.renderer import Process, Renderer, Setup
from rochade.web.routes import routes
from rochade.web.security import LoginThrottle


def error_page(path: Path) -> Callable[[Request, Exception], Awaitable[Response]]:
    """The error page of the app for the club file at `path`; a file deleted under the server
    or replaced (`FileReplaced`: the server shows nothing of the file as it was, and saves
    nothing) says so, 503, every page alike."""

    async def page(request: Request, exc: Exception) -> Response:
        status = exc.status_code if isinstance(exc, HTTPException) else 500
        if status == 500 and not path.exists():  # deleted under the server: say so
            status = 503
        return error_response(request, status, exc)

    return page


def error_response(request: Request, status: int, exc: Exception) -> Response:
    lang, _ = request_language(request)
    said = i18n.translations(lang).gettext(ERROR_PAGES.get(status, ERROR_PAGES[500]))
    if isinstance(exc, FileReplaced):
        status, said = 503, i18n.say(exc, lang)
    home = i18n.translations(lang).gettext("Back to the start page")
    response = HTMLResponse(
        f"<!doctype html><html lang='{lang}' dir='{i18n.direction(lang)}'>"
        f"<title>{status}</title><p>{escape(said)}</p>"
        f"<p><a href='/'>{escape(home)}</a></p></html>",
        status_code=status,
    )
    if status >= 500:  # answered outside the middleware, which hardens the others
        response.raw_headers.extend(HARDENING)
    return response


def create_app(
    path: Path,
    clock: Clock = system_clock,
    throttle: LoginThrottle | None = None,
    public_url: str | None = None,
    poll_seconds: float = POLL_SECONDS,
    behind_proxy: bool = False,
    render_process: bool | Process = False,
    proxies: tuple[str, ...] = (),
    local_url: str = LOCAL_URL,
    publish_to: Target | None = None,
) -> Starlette:
    """The web app for one club file (which must already have a TD PIN to log in).

    `public_url`: the address players use on the club network; the TD pages show it with a
    QR code to put on a screen. `local_url`: where the server listens, for the hall's QR
    codes when there is no `public_url`. `poll_seconds`: how often the public pages look for news.
    `behind_proxy`: the client's address is X-Forwarded-For's on requests from the proxy, at
    one of `proxies` (none given: a loopback address); that header is ignored on any other.
    `render_process`: the kept public pages are rendered, and the TD's changes made, in a
    process of their own (on the app's clock, which must then be picklable), from the app's
    start to its end (`rochade.web.renderer`); or in the `Process` given, shared with other
    apps. `publish_to`: where a tournament's site is uploaded after each
    change of its TD pages, in the background (`rochade.web.uploads`).
    """
    web = Web(path, clock, throttle or LoginThrottle(), public_url, poll_seconds, behind_proxy,
              proxies, local_url)

    if publish_to is not None:
        web.uploader = uploads.start(web, publish_to)

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        if publish_to is None:  # the TD's website page's choice, kept in the club file
            await asyncio.to_thread(uploads.follow_setup, web)
        try:
            async with rendering():
                yield
        finally:
            if web.uploader is not None:  # the last changes still go up
                await asyncio.to_thread(web.uploader.close)
            await asyncio.to_thread(web.close)

    @asynccontextmanager
    async def rendering() -> AsyncIterator[None]:
        if not render_process:
            yield
            return
        renderer = Renderer(
            Setup(path, public_url, poll_seconds, behind_proxy, proxies, web.csrf_mark,
                  local_url, web.identity, clock),
            None if render_process is True else render_process)
        web.renderer, web.pages.queued = renderer, True
        try:
            yield
        finally:
            web.renderer, web.pages.queued = None, False
            await asyncio.to_thread(renderer.close)

    return Starlette(
        routes=routes(web),
        middleware=[Middleware(Hardened)],
        lifespan=lifespan,
        exception_handlers={HTTPException: error_page(path), FileReplaced: error_page(path),
                            Exception: error_page(path)},
    )
