"""What every page family of the web app shares: the app's state (`Web`), what a template
gets (`Page`), the `public` and `td_only` guards with the CSRF check, and the form helpers.

The pages are `public` (players' pages), `login` (login, logout, language), `td` (the TD's
club evening) and `systems` (round robin and Swiss); `app` assembles them. Every change goes
through `ClubService`, one logged and undoable action each.

One module: the guards, the app's state and the page cache are one contract that every page
family relies on.
"""

from __future__ import annotations

import asyncio
import dataclasses
import ipaddress
import secrets
import threading
import time
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack
from dataclasses import dataclass, replace
from functools import wraps
from pathlib import Path
from typing import Any, TypeVar
from urllib.parse import quote, urlsplit

import segno
from jinja2 import Environment, PackageLoader, select_autoescape
from markupsafe import Markup
from starlette.datastructures import FormData
from starlette.exceptions import HTTPException
from starlette.requests import ClientDisconnect, Request
from starlette.responses import HTMLResponse, RedirectResponse, Response
from starlette.types import ASGIApp, Receive, Scope, Send
from starlette.types import Message as AsgiMessage

from rochade import i18n
from rochade.core.messages import N_, Message, shortened
from rochade.core.model import ModelError
from rochade.service import ActionRecord, ClubService, Identity, ServiceError, StoreError
from rochade.service.clubfile import Clock
from rochade.service.file_settings import file_identity
from rochade.service.pin import REVOKED_KEY
from rochade.service.system_cases import round_titles, system_of
from rochade.service.upload import Uploader
from rochade.web import texts
from rochade.web.cache import Facts, PageCache
from rochade.web.queries import result_label
from rochade.web.security import (
    LoginThrottle,
    RateLimit,
    Signer,
    revoke_session,
    revoked_from,
    session_key,
    signing_key,
)

VISITOR_COOKIE, SESSION_COOKIE, FLASH_COOKIE, LANG_COOKIE = (
    "rochade_visitor",
    "rochade_td",
    "rochade_flash",
    "lang",
)
FLASH_BYTES = 3900
"""The most a flash cookie's value may take: a browser drops a Set-Cookie header over 4096
bytes, and the cookie's name and attributes take the rest."""
WHO = "TD (web)"
VERSION_HEADER = "x-rochade-version"
POLL_SECONDS = 5
LIVE_POLL_SECONDS = 2
"""How often at most the TD's open results page and the hall screens ask for news, more often
than the phones' pages: a phone's report or a result shows there within 3 s (the few TD pages
and TVs asking, answered "no change" from memory, cost nothing beside the phones)."""
USER_ERRORS = (ServiceError, ModelError, StoreError)
CACHED_PAGES = 1024
READERS = 3
"""Worker threads for the pages (`off_loop`): the kept public pages are rendered one at a time
anyway (`PageCache`), so a few serve the TD's pages and the pages with a message beside them."""
LOCAL_URL = "http://127.0.0.1:8000/"
"""Where the server listens when not told (`rochade serve`'s defaults)."""
PHONE_POSTS_PER_MINUTE = 12
"""A phone's check-ins, result reports and code tries per minute (a player needs two)."""
"""At most this many rendered public pages are kept (per language, query, TD or not)."""

T = TypeVar("T")
_READERS = threading.local()
"""Each thread's kept reading connections (`Web.reader`), one per app: the thread's own, so
that the thread closes them when it ends (SQLite refuses a close from another thread, which
collecting an app's own `threading.local` could be: its worker threads live as long as it)."""
Endpoint = Callable[[Request], Awaitable[Response]]
Handler = Callable[["Web", Request, "Page"], Response]
"""A page or a change: a plain function, run in a worker thread (`off_loop`)."""
Elsewhere = Callable[[str, Request, "Page"], Awaitable[Response | None]]
"""Runs handler `name` for a request and page (None: it cannot)."""


@dataclass
class Page:
    """What every template gets: the language, the visitor's CSRF token, the TD flag (and
    the TD's session: its id and expiry, for the logout)."""

    request: Request
    lang: str
    csrf: str
    td: bool
    visitor: str
    new_visitor: bool
    flashes: list[list[str]]
    session: str = ""
    expires: float = 0.0
    remember_lang: bool = False  # `?lang=xx` chose another language than the cookie's
    form: FormData = dataclasses.field(default_factory=FormData)
    """A post's form, read on the event loop before the handler runs in its thread."""


def request_language(request: Request) -> tuple[str, bool]:
    """The page's language: `?lang=xx` on any address (a link in a club's e-mail or on its
    website), else the cookie's, else the browser's; and whether the cookie should now
    remember it."""
    cookie = request.cookies.get(LANG_COOKIE)
    asked = request.query_params.get("lang")
    if asked in i18n.LANGUAGES:
        return asked, asked != cookie
    return i18n.choose(cookie, request.headers.get("accept-language")), False


def remember_language(response: Response, lang: str) -> None:
    """The language cookie: a year, every page of the site."""
    response.set_cookie(LANG_COOKIE, lang, max_age=365 * 24 * 3600, path="/", samesite="lax")


class Web:
    """The app's state: the club file, the cookie signer, templates per language."""

    def __init__(
        self,
        path: Path,
        clock: Clock,
        throttle: LoginThrottle,
        public_url: str | None,
        poll_seconds: float,
        behind_proxy: bool = False,
        proxies: tuple[str, ...] = (),
        local_url: str = LOCAL_URL,
        identity: Identity | None = None,
    ) -> None:
        self.path = path
        self.identity = identity or file_identity(path)
        """The file the app opened: it works on that file only (`FileReplaced`)."""
        self.behind_proxy = behind_proxy
        self.proxies = frozenset(ipaddress.ip_address(p) for p in proxies)
        """The proxy's addresses (none given: any of this computer's loopback addresses)."""
        self.poll_seconds = poll_seconds
        self.public_url = public_url
        self.hall_url = public_url or local_url
        """The address the QR codes of the display and the poster lead to: the server's own
        (the players' one, else where it listens), never a request's Host header."""
        self.share_qr = (
            segno.make(public_url, error="m").svg_inline(scale=5, title=public_url)
            if public_url
            else ""
        )
        self.clock = clock
        self.throttle = throttle
        key = signing_key(path)
        self.signer = Signer(key)
        self.sessions = Signer(session_key(path, key))
        self.revoked_here: set[str] = set()
        """Sessions logged out through this app: refused even when the club file could not
        note them (a full disk). The club file's list holds for every server on it."""
        self._envs: dict[str, Environment] = {}
        self._reader = object()  # names this app's connection in each thread (`_READERS`)
        self.pages = PageCache(CACHED_PAGES)
        self.phone_limit = RateLimit(PHONE_POSTS_PER_MINUTE)
        self.facts = Facts()
        self.csrf_mark = secrets.token_hex(32)
        """Stands for the visitor's CSRF token in a cached page; replaced on the way out."""
        self.renderer: Elsewhere | None = None
        """Where the kept public pages are rendered and the TD's changes made when not in
        worker threads (`rochade serve`: a process of their own, `rochade.web.renderer`)."""
        self.uploader: Uploader | None = None
        """Uploads a tournament's site after the TD changed it (`serve --publish-to`)."""
        self.upload_problem: ServiceError | None = None
        """Why the uploads the website setup asks for could not start."""
        self._mark, self._version = "", 0  # the state last seen, the version it got
        self._versions = threading.Lock()
        self._workers: dict[bool, ThreadPoolExecutor] = {}
        self._starting = threading.Lock()

    def workers(self, writes: bool) -> ThreadPoolExecutor:
        """The one thread for the changes (`writes`), or the few for the pages: a change
        waits for the one before (SQLite lets one writer in at a time anyway) and never
        takes a page's thread. Started at the first use after `close`."""
        with self._starting:
            if writes not in self._workers:
                self._workers[writes] = ThreadPoolExecutor(
                    1 if writes else READERS, f"rochade-{'write' if writes else 'read'}")
            return self._workers[writes]

    def close(self) -> None:
        """Stop the worker threads (the app's end): what runs ends, what waits never runs."""
        with self._starting:
            workers, self._workers = list(self._workers.values()), {}
        for pool in workers:
            pool.shutdown(wait=True, cancel_futures=True)

    def last_change(self) -> int:
        """The public pages' version, asked on every request (WAL: this read never waits for
        the TD's writes). It only goes forward: a new one whenever the club file's state mark
        differs from the one last seen (every change, an undo, a restore, another file put in
        its place), never a number a page showed before, not even one of an earlier server
        on the same laptop (a new version is at least the time in microseconds): a phone
        that polls with the version it shows gets "unchanged" only for the facts it shows."""
        mark = self.reader().state_mark()
        with self._versions:
            if mark != self._mark:
                self._mark = mark
                self._version = max(self._version + 1, time.time_ns() // 1000)
            return self._version

    def reader(self) -> ClubService:
        """The service on a connection kept open per thread, for reading only: opening the
        club file each time would cost more than most reads."""
        kept: dict[object, tuple[ExitStack, ClubService]] = _READERS.__dict__.setdefault(
            "kept", {})
        if self._reader not in kept:
            stack = ExitStack()  # the session lives as long as its thread
            kept[self._reader] = stack, stack.enter_context(self.service().session())
        return kept[self._reader][1]

    # -- plumbing ------------------------------------------------------------------------

    def service(self) -> ClubService:
        return ClubService(self.path, WHO, self.clock, self.identity)

    def reads(self, request: Request) -> Any:
        """The service for a public page: its answers as of the page's version are computed
        once for every page of that version (`Facts`); for any other request the thread's
        kept connection (`reader`). Only for reading."""
        version = getattr(request.state, "version", None)
        return self.reader() if version is None else Reads(self, version)

    def kept(self, request: Request, key: tuple[object, ...], compute: Callable[[], T]) -> T:
        """`compute()` once per version for every public page that asks (`key` names it)."""
        version = getattr(request.state, "version", None)
        return compute() if version is None else self.facts.get(version, key, compute)

    def env(self, lang: str) -> Environment:
        if lang not in self._envs:
            env = Environment(
                loader=PackageLoader("rochade.web", "templates"),
                autoescape=select_autoescape(default=True),
                extensions=["jinja2.ext.i18n"],
                trim_blocks=True,
                lstrip_blocks=True,
                auto_reload=False,  # (else every page looks at its templates' files on disk)
            )
            env.install_gettext_translations(i18n.translations(lang), newstyle=True)  # type: ignore[attr-defined]
            env.filters["num"] = lambda v: i18n.number(v, lang)
            env.filters["pts"] = lambda v: i18n.points(v, lang)
            env.filters["delta"] = lambda v: i18n.change(v, lang)
            env.filters["day"] = lambda iso: i18n.day(iso, lang)
            env.filters["moment"] = lambda iso: i18n.moment(iso, lang)
            env.filters["clock"] = lambda iso: i18n.clock(iso, lang)
            env.globals["column"] = lambda values, halves=True: i18n.column(values, lang, halves)
            env.globals["result_label"] = result_label
            env.globals["system_of"] = system_of
            env.globals["round_titles"] = round_titles
            env.globals["languages"] = i18n.LANGUAGES
            env.globals["direction"] = i18n.direction(lang)
            rtl = lang in i18n.RIGHT_TO_LEFT  # arrows point the way the page reads
            env.globals["forward"], env.globals["back"] = ("←", "→") if rtl else ("→", "←")
            env.globals["poll_seconds"] = self.poll_seconds
            env.globals["hall_poll_seconds"] = min(self.poll_seconds, LIVE_POLL_SECONDS)
            env.globals["public_url"] = self.public_url
            env.globals["share_qr"] = self.share_qr
            gettext = i18n.translations(lang).gettext

            def label(key: str) -> str:
                return gettext(texts.LABELS.get(key, key))

            env.filters["label"] = label
            env.globals["preset_help"] = {k: gettext(v) for k, v in texts.PRESET_HELP.items()}
            env.filters["tr"] = gettext
            env.filters["say"] = lambda message: i18n.say(message, lang)
            env.globals["undo_target"] = self.undo_target
            env.globals["redo_target"] = self.redo_target
            env.globals["fide_marker"] = self.fide_marker
            self._envs[lang] = env
        return self._envs[lang]

    def page(self, request: Request) -> Page:
        visitor = request.cookies.get(VISITOR_COOKIE, "")
        new_visitor = len(visitor) != 32
        if new_visitor:
            visitor = secrets.token_hex(16)
        session = self.sessions.loads(request.cookies.get(SESSION_COOKIE)) or {}
        sid, expires = session.get("s"), session.get("exp")
        td = (
            session.get("v") == visitor
            and isinstance(sid, str)
            and isinstance(expires, int | float)
            and expires > time.time()
            and not self.revoked(sid)
        )
        if not td:
            sid, expires = "", 0.0
        flash = self.signer.loads(request.cookies.get(FLASH_COOKIE)) or {}
        flashes = flash.get("m") if isinstance(flash.get("m"), list) else []
        lang, remember_lang = request_language(request)
        return Page(
            request,
            lang,
            self.signer.csrf_token(visitor, str(sid)),
            td,
            visitor,
            new_visitor,
            flashes,  # type: ignore[arg-type]
            str(sid),
            float(expires),  # type: ignore[arg-type]
            remember_lang,
        )

    def revoked(self, sid: str) -> bool:
        """Whether session `sid` was logged out, here or on any server of the club file: the
        file's list is read on each request that carries a valid session (the TD's only; one
        small read on the thread's kept connection), so a logout elsewhere holds here at once."""
        return sid in self.revoked_here or sid in revoked_from(
            self.reader().setting(REVOKED_KEY))

    def revoke(self, page: Page) -> StoreError | None:
        """Log the page's session out for good (a worker thread: it writes the club file):
        refused here at once, and by every server of the club file once the file notes it.
        Returns the error when it could not (a full disk): refused here only, until the
        server stops."""
        if not page.session:
            return None
        self.revoked_here.add(page.session)
        try:
            revoke_session(self.path, page.session, page.expires)
        except StoreError as exc:
            return exc
        return None

    def forwarded(self, request: Request) -> bool:
        """Whether the request comes from the proxy (`serve --behind-proxy`, from one of
        `proxies`): only then are its X-Forwarded-* headers the proxy's word. A device that
        reaches the server directly could otherwise name any address, the laptop's too, and
        get the TD's allowance of PIN tries and no phone limit."""
        if not self.behind_proxy or request.client is None:
            return False
        try:
            peer = ipaddress.ip_address(request.client.host)
        except ValueError:
            return False
        return peer in self.proxies if self.proxies else peer.is_loopback

    def client(self, request: Request) -> tuple[str, bool]:
        """Who asks, and whether from the laptop itself: the connection's address, or from
        the proxy (`forwarded`) the last address of X-Forwarded-For, the one the proxy added.
        Otherwise that header is anybody's to write and names no address; but a request that
        carries one was forwarded, so it does not count as the laptop's even when a proxy on
        the laptop passed it on."""
        forwarded = request.headers.get("x-forwarded-for", "").split(",")[-1].strip()
        if forwarded and self.forwarded(request):
            return forwarded, loopback(forwarded)
        address = request.client.host if request.client else "?"
        proxied = bool(forwarded) or "forwarded" in request.headers
        return address, loopback(address) and not proxied

    def https(self, request: Request) -> bool:
        """Whether the browser speaks HTTPS with us (through the proxy: with the proxy), so
        the cookies are sent over HTTPS only."""
        if self.forwarded(request) and request.headers.get("x-forwarded-proto"):
            return request.headers["x-forwarded-proto"].split(",")[-1].strip() == "https"
        return request.url.scheme == "https"

    def same_origin(self, request: Request) -> bool:
        """Whether a post comes from a page of this server, as far as the browser says
        (Origin, else Referer; a post with neither is left to the CSRF token)."""
        sent = request.headers.get("origin") or request.headers.get("referer")
        if sent is None:
            return True
        host = request.headers.get("host", "")
        if self.forwarded(request):
            host = request.headers.get("x-forwarded-host", host).split(",")[-1].strip()
        return urlsplit(sent).netloc.lower() == host.lower() != ""

    def gettext(self, page: Page) -> Callable[[str], str]:
        return i18n.translations(page.lang).gettext

    def say(self, page: Page, said: Message | BaseException) -> str:
        """An error or a finding of the service, store or core in the page's language."""
        return i18n.say(said, page.lang)

    def render(
        self, page: Page, template: str, status_code: int = 200, **context: Any
    ) -> HTMLResponse:
        html = self.env(page.lang).get_template(template).render(page=page, **context)
        return self.html(page, html, status_code)

    def part(self, request: Request, page: Page, template: str, key: tuple[object, ...],
             **context: Any) -> Markup:
        """The part of a public page that several of its addresses show alike (the standings
        after the last round with or without `?after=`, the last round's pairings with or
        without `?round=`), rendered once per version for all of them (`key` with the language
        names it): the hundreds of rows of a big Swiss are most of such a page's cost. Shared
        by every visitor, so rendered without the visitor's `page`."""
        def render() -> str:
            return self.env(page.lang).get_template(template).render(**context)

        return Markup(self.kept(request, ("part", template, page.lang, *key), render))

    def html(self, page: Page, html: str | bytes, status_code: int = 200) -> HTMLResponse:
        response = HTMLResponse(html, status_code=status_code)
        response.headers["Cache-Control"] = "no-store"
        self._cookies(page, response)
        if page.flashes:
            response.delete_cookie(FLASH_COOKIE, path="/")
        return response

    def redirect(self, page: Page, url: str, *flash: tuple[str, str]) -> Response:
        """To `url` with messages for it; an htmx request is told to go there (a 303 would
        only swap the new page into the part that asked)."""
        response: Response = RedirectResponse(url, status_code=303)
        if page.request.headers.get("hx-request") and page.request.method == "POST":
            response = Response(status_code=200, headers={"HX-Redirect": url})
        self._cookies(page, response)
        if flash:
            response.set_cookie(FLASH_COOKIE, self.flash_value(flash), path="/", httponly=True,
                                samesite="strict")
        return response

    def after(self, page: Page, url: str, change: Callable[[], str]) -> Response:
        """To `url` with what `change` did (its message), or why it did nothing."""
        try:
            said = change()
        except USER_ERRORS as exc:
            return self.redirect(page, url, ("error", self.say(page, exc)))
        return self.redirect(page, url, ("ok", said))

    def flash_value(self, flash: tuple[tuple[str, str], ...]) -> str:
        """The signed messages of a redirect, short enough that the browser keeps the cookie
        (it drops one over 4096 bytes, and the TD would see no message at all): a long quoted
        value shortened as the CLI shortens it, then the longest message cut until it fits."""
        messages = [[kind, shortened(text)] for kind, text in flash]
        value = self.signer.dumps({"m": messages})
        while len(value) > FLASH_BYTES:
            longest = max(messages, key=lambda m: len(m[1]))
            if len(longest[1]) > 40:
                longest[1] = longest[1][: len(longest[1]) * 3 // 4] + "…"
            else:  # many short messages: the last ones go
                messages.pop()
            value = self.signer.dumps({"m": messages})
        return value

    def refuse(self, page: Page, request: Request, back: str, message: str) -> Response:
        """A change that could not be made: the message above the page, nothing else moves.

        For htmx, only the message is swapped in (out of band) and the row stays as it was.
        """
        message = shortened(message)
        if request.headers.get("hx-request"):
            response = self.render(page, "_flash.html", oob=True, flashes=[["error", message]])
            response.headers["HX-Reswap"] = "none"
            return response
        return self.redirect(page, back, ("error", message))

    def _cookies(self, page: Page, response: Response) -> None:
        if page.remember_lang:
            remember_language(response, page.lang)
        if page.new_visitor:
            response.set_cookie(
                VISITOR_COOKIE,
                page.visitor,
                max_age=365 * 24 * 3600,
                path="/",
                httponly=True,
                samesite="strict",
                secure=self.https(page.request),
            )

    def undo_target(self, number: int | None = None) -> ActionRecord | None:
        """The change a page's Undo takes back: tournament `number`'s last change (its pages),
        or the club file's last change (the log). The button shows it and sends its id, so
        that undo refuses if another change came meanwhile."""
        svc = self.reader()  # (the TD's answer after each result shows it: no new connection)
        name = None if number is None else svc.tournament_names()[number - 1]
        return svc.undo_target(name)

    def redo_target(self, number: int | None = None) -> ActionRecord | None:
        """The undo a page's Redo takes back (of tournament `number`, or of the club file),
        while nothing newer happened; the button sends its id, as Undo does."""
        svc = self.reader()
        name = None if number is None else svc.tournament_names()[number - 1]
        return svc.redo_target(name)

    def fide_marker(self, number: int) -> Message | None:
        """What every TD page of tournament `number` shows of its FIDE mode ("FIDE mode",
        "left FIDE mode in round 3"; None: never in it)."""
        svc = self.reader()
        return svc.fide_mode(svc.tournament_names()[number - 1]).marker

    # -- guards --------------------------------------------------------------------------

    def tournament_name(self, request: Request) -> str:
        """The tournament of /t/{n}/ (numbered 1, 2 ... in the club file's order)."""
        number = int(request.path_params["n"])
        names: list[str] = self.reads(request).tournament_names()
        if not 1 <= number <= len(names):
            raise HTTPException(404)
        return names[number - 1]


class Reads:
    """`ClubService`'s read methods, each answer kept per version in `Web.facts`."""

    def __init__(self, web: Web, version: int) -> None:
        self._web, self._version = web, version

    def __getattr__(self, name: str) -> Callable[..., Any]:
        def kept(*args: Any) -> Any:
            return self._web.facts.get(
                self._version, (name, *args), lambda: getattr(self._web.reader(), name)(*args)
            )

        return kept


async def off_loop(handler: Handler, web: Web, request: Request, page: Page) -> Response:
    """`handler`'s answer, made in a worker thread: a change waits for the disk (synchronous
    FULL) and a page takes milliseconds to render, and the kept public pages go on meanwhile.
    A post (it may write) goes to the one writer thread, anything else to a reader
    (`Web.workers`: Datasette's model, one writer, reads in a few threads). The request's body
    is read before (`page.form`): the handler reads nothing from the client. A request given
    up before a thread took it up never runs."""
    workers = web.workers(writes=request.method == "POST")
    return await asyncio.wrap_future(workers.submit(handler, web, request, page))


def handler_name(handler: Handler) -> str:
    """How the server names a handler to the rendering process (`rochade.web.routes.handlers`)."""
    return f"{handler.__module__}.{handler.__qualname__}"


async def elsewhere(web: Web, name: str, handler: Handler, request: Request, page: Page
                    ) -> Response:
    """`handler`'s answer in the rendering process when the app has one (its own GIL, the
    other core), else in a worker thread. Once that process is gone, the app renders in
    threads for good, one at a time again (`PageCache.queued` off)."""
    if web.renderer is not None:
        done = await web.renderer(name, request, page)
        if done is not None:
            return done
        web.renderer, web.pages.queued = None, False
    return await off_loop(handler, web, request, page)


def public(handler: Handler) -> Callable[[Web], Endpoint]:
    """A page anyone may see. A live page's poll gets "204 No Content" while nothing changed,
    so htmx leaves the page alone (no flicker, no lost scroll position on a phone).

    A rendered page (GET or HEAD alike) is kept per (page, language, TD or not) with the last
    change it shows (see `rochade.web.cache`): two hundred phones on the standings cost one
    rendering per change, done off the event loop (`elsewhere`). The version is read before
    the page's facts, so a kept page is never older than the version it carries.
    """
    name = handler_name(handler)

    def bind(web: Web) -> Endpoint:
        @wraps(handler)  # (`routes.handlers` finds the handler behind the route by it)
        async def endpoint(request: Request) -> Response:
            known = request.headers.get(VERSION_HEADER)
            version = web.last_change()
            if known is not None and known == str(version):
                return Response(status_code=204)
            request.state.version = version
            page = web.page(request)
            if request.method not in ("GET", "HEAD") or page.flashes:
                if request.method == "POST":
                    page.form = await request.form()  # the handler runs in a worker thread
                return await off_loop(handler, web, request, page)
            key = (handler.__name__, request.url.path, request.url.query, page.lang, page.td)
            marked = replace(page, csrf=web.csrf_mark)

            def render(version: int) -> Awaitable[Response]:
                request.state.version = version
                return elsewhere(web, name, handler, request, marked)

            found = await web.pages.page(key, version, render, page.visitor)
            if isinstance(found, Response):
                return found
            return web.html(page, found.replace(web.csrf_mark.encode(), page.csrf.encode()))

        return endpoint

    return bind


def td_only(handler: Handler) -> Callable[[Web], Endpoint]:
    """A TD page: GET without a session goes to the login page, POST is refused."""

    name = handler_name(handler)

    def bind(web: Web) -> Endpoint:
        @wraps(handler)
        async def endpoint(request: Request) -> Response:
            page = web.page(request)
            if not page.td:
                if request.method != "POST":
                    target = quote(request.url.path, safe="/")
                    return web.redirect(page, f"/td/login?next={target}")
                refused = Response("Log in as TD first.", status_code=403)
                if request.headers.get("hx-request"):  # an expired login during an htmx tap
                    refused.headers["HX-Redirect"] = "/td/login"
                return refused
            if request.method != "POST":
                return await off_loop(handler, web, request, page)
            page.form = await request.form()
            check_csrf(web, request, page)
            async with web.pages.change(web.last_change):
                done = await elsewhere(web, name, handler, request, page)
            if web.uploader is not None and "n" in request.path_params:
                web.uploader.due(int(request.path_params["n"]), page.lang)  # (never waits)
            return done

        return endpoint

    return bind


def check_csrf(web: Web, request: Request, page: Page) -> FormData:
    """Every post: from a page of this server, with the visitor's (and session's) token."""
    form = page.form
    token = form.get("csrf") or request.headers.get("x-csrf-token")
    if (
        page.new_visitor
        or not web.same_origin(request)
        or not web.signer.check_csrf(page.visitor, str(token or ""), page.session)
    ):
        raise HTTPException(403, ERROR_PAGES[403])
    return form


def loopback(address: str) -> bool:
    """The laptop itself (where the TD sits unless told otherwise)."""
    try:
        return ipaddress.ip_address(address).is_loopback
    except ValueError:
        return False


def field(form: FormData, name: str) -> str:
    value = form.get(name)
    return value.strip() if isinstance(value, str) else ""


def safe_next(target: str, default: str) -> str:
    """Only local TD paths: never redirect to another site."""
    return target if target.startswith("/td/") and not target.startswith("//") else default


def whole(text: str) -> bool:
    """Plain digits of a size a club file stores ("²" and "٣" are digits to Python too)."""
    return text.isascii() and text.isdigit() and len(text) <= 9


def int_or_none(text: str, what: str) -> int | None:
    if not text:
        return None
    if not whole(text):
        shown = text if len(text) <= 20 else text[:20] + "…"
        raise ServiceError(
            "the {what} {shown} is not a whole number up to 999999999",
            what=Message(what),
            shown=repr(shown),
        )
    return int(text)


def round_param(request: Request, last: int, name: str = "round") -> int:
    text = request.query_params.get(name, "")
    if whole(text) and 0 <= int(text) <= last:
        return int(text)
    return last


HARDENING = [
    (
        b"content-security-policy",
        b"default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self'; "
        b"connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; "
        b"frame-ancestors 'none'",
    ),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"same-origin"),
    (b"x-frame-options", b"DENY"),
]
"""On every answer. The pages need no inline script or style (app.js, style.css and htmx,
whose own inline style is switched off in base.html), so an injected one never runs; no other
site may frame the TD's buttons; the browser never guesses a type; other sites are not told
the addresses of the TD's pages."""
NO_STORE = (b"cache-control", b"no-store")


class Hardened:
    """ASGI middleware around the whole app: `HARDENING` on every answer, whatever route,
    error or static file made it, and "no-store" on everything under /td/ (a shared
    computer's back button or cache must not show the TD's pages). A request whose client
    left before its body was read ends quietly: no traceback in the log for each (a device
    could fill the log with them)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        td = scope["path"].startswith("/td/")

        async def hardened(message: AsgiMessage) -> None:
            if message["type"] == "http.response.start":
                headers = [*message.get("headers", ()), *HARDENING]
                if td:
                    headers = [h for h in headers if h[0].lower() != NO_STORE[0]] + [NO_STORE]
                message = {**message, "headers": headers}
            await send(message)

        try:
            await self.app(scope, receive, hardened)
        except ClientDisconnect:
            return  # the client left (or was closed: `guard`) mid-request: nobody to answer


ERROR_PAGES = {
    403: N_("This form has expired; reload the page and try again."),
    404: N_("There is no such page."),
    405: N_("This page cannot be sent a form."),
    500: N_("Something went wrong."),
    503: N_("The club file is gone: it was deleted or moved while rochade was running. Put "
            "it back where it was (or restore it from a backup), then reload this page."),
}
"""What an error page says, in the visitor's language (the status decides)."""

