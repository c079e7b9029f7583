"""The Starlette app: public pages for the players and the TD's pages for the club evening.

Public pages (no login) show standings, pairings, the wall chart, the crosstable, the
participants and a page per player; they poll for changes so phones follow the evening.
TD pages (under /td/) need the PIN; every POST, TD or not, must carry the CSRF token.
All changes go through `ClubService`, one logged and undoable action each.
"""

from __future__ import annotations

import asyncio
import secrets
import threading
import time
from collections.abc import Awaitable, Callable, Coroutine
from dataclasses import dataclass, replace
from functools import wraps
from html import escape
from pathlib import Path
from typing import Any
from urllib.parse import quote

import segno
from jinja2 import Environment, PackageLoader, select_autoescape
from starlette.applications import Starlette
from starlette.datastructures import FormData, UploadFile
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from rochade.core.checker import Rule
from rochade.core.keizer.settings import PRESETS, KeizerSettings
from rochade.core.messages import N_, Message
from rochade.core.model import ModelError, Status, Tournament
from rochade.core.standings import numbers_of
from rochade.core.systems import KEIZER, ROUND_ROBIN
from rochade.formats.text import tiebreak_key
from rochade.service import (
    ClubService,
    NeedsConfirmation,
    ServiceError,
    StandingChange,
    standings_with_tiebreaks,
)
from rochade.service.club import SETTING_OVERRIDES, Clock, system_clock
from rochade.service.settings import KEIZER_SETTINGS, PRESET, SettingsReport, settings_of
from rochade.store import Club, StoreError
from rochade.store.settings import read_setting
from rochade.web import i18n, texts
from rochade.web.actions import set_rating
from rochade.web.cache import PageCache
from rochade.web.chart import player_chart
from rochade.web.queries import (
    RESULT_CHOICES,
    checkin_choices,
    checkin_order,
    crosstable_rows,
    evening_state,
    player_curve,
    progress_rows,
    result_label,
    round_view,
)
from rochade.web.security import (
    PIN_KEY,
    SESSION_SECONDS,
    LoginThrottle,
    Signer,
    signing_key,
    verify_pin,
)
from rochade.web.system_tables import requested_byes, round_robin_schedule

STATIC = Path(__file__).parent / "static"
VISITOR_COOKIE, SESSION_COOKIE, FLASH_COOKIE, LANG_COOKIE = (
    "rochade_visitor",
    "rochade_td",
    "rochade_flash",
    "lang",
)
WHO = "TD (web)"
VERSION_HEADER = "x-rochade-version"
POLL_SECONDS = 5
USER_ERRORS = (ServiceError, ModelError, StoreError)
CACHED_PAGES = 1024
"""At most this many rendered public pages are kept (per language, query, TD or not)."""

Endpoint = Callable[[Request], Awaitable[Response]]
Handler = Callable[["Web", Request, "Page"], Coroutine[Any, Any, Response]]


@dataclass
class Page:
    """What every template gets: the language, the visitor's CSRF token, the TD flag."""

    request: Request
    lang: str
    csrf: str
    td: bool
    visitor: str
    new_visitor: bool
    flashes: list[list[str]]


class Web:
    """The app's state: the club file, the cookie signer, templates per language."""

    def __init__(
        self,
        path: Path,
        clock: Clock,
        throttle: LoginThrottle,
        public_url: str | None,
        poll_seconds: float,
    ) -> None:
        self.path = path
        self.poll_seconds = poll_seconds
        self.public_url = public_url
        self.share_qr = (
            segno.make(public_url, error="m").svg_inline(scale=5, title=public_url)
            if public_url
            else ""
        )
        self.clock = clock
        self.throttle = throttle
        self.signer = Signer(signing_key(path))
        self._envs: dict[str, Environment] = {}
        self._local = threading.local()
        self.pages = PageCache(CACHED_PAGES)
        self.csrf_mark = secrets.token_hex(32)
        """Stands for the visitor's CSRF token in a cached page; replaced on the way out."""

    def last_change(self) -> int:
        """The newest action's id, read on a connection kept open per thread: the public pages
        ask on every request, and opening the club file each time would cost more than the
        answer (WAL: this read never waits for the TD's writes)."""
        club = getattr(self._local, "club", None)
        if club is None:
            club = self._local.club = Club.open(self.path)
        return club.last_action_id()

    # -- plumbing ------------------------------------------------------------------------

    def service(self) -> ClubService:
        return ClubService(self.path, WHO, self.clock)

    def env(self, lang: str) -> Environment:
        if lang not in self._envs:
            env = Environment(
                loader=PackageLoader("rochade.web", "templates"),
                autoescape=select_autoescape(default=True),
                extensions=["jinja2.ext.i18n"],
                trim_blocks=True,
                lstrip_blocks=True,
            )
            env.install_gettext_translations(i18n.translations(lang), newstyle=True)  # type: ignore[attr-defined]
            env.filters["num"] = lambda v: i18n.number(v, lang)
            env.filters["pts"] = lambda v: i18n.points(v, lang)
            env.globals["result_label"] = result_label
            env.globals["languages"] = i18n.LANGUAGES
            env.globals["poll_seconds"] = self.poll_seconds
            env.globals["public_url"] = self.public_url
            env.globals["share_qr"] = self.share_qr
            gettext = i18n.translations(lang).gettext

            def label(key: str) -> str:
                return gettext(texts.LABELS.get(key, key))

            env.filters["label"] = label
            env.globals["preset_help"] = {k: gettext(v) for k, v in texts.PRESET_HELP.items()}
            env.filters["tr"] = gettext
            self._envs[lang] = env
        return self._envs[lang]

    def page(self, request: Request) -> Page:
        visitor = request.cookies.get(VISITOR_COOKIE, "")
        new_visitor = len(visitor) != 32
        if new_visitor:
            visitor = secrets.token_hex(16)
        session = self.signer.loads(request.cookies.get(SESSION_COOKIE))
        td = bool(
            session
            and session.get("v") == visitor
            and isinstance(session.get("exp"), int | float)
            and float(session["exp"]) > time.time()  # type: ignore[arg-type]
        )
        flash = self.signer.loads(request.cookies.get(FLASH_COOKIE)) or {}
        flashes = flash.get("m") if isinstance(flash.get("m"), list) else []
        lang = i18n.choose(request.cookies.get(LANG_COOKIE), request.headers.get("accept-language"))
        return Page(
            request,
            lang,
            self.signer.csrf_token(visitor),
            td,
            visitor,
            new_visitor,
            flashes,  # type: ignore[arg-type]
        )

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
            value = self.signer.dumps({"m": [list(f) for f in flash]})
            response.set_cookie(FLASH_COOKIE, value, path="/", httponly=True, samesite="strict")
        return response

    def refuse(self, page: Page, request: Request, back: str, message: str) -> Response:
        """A change that could not be made: the message above the page, nothing else moves.

        For htmx, only the message is swapped in (out of band) and the row stays as it was.
        """
        if request.headers.get("hx-request"):
            response = self.render(page, "_flash.html", oob=True, flashes=[["error", message]])
            response.headers["HX-Reswap"] = "none"
            return response
        return self.redirect(page, back, ("error", message))

    def _cookies(self, page: Page, response: Response) -> None:
        if page.new_visitor:
            response.set_cookie(
                VISITOR_COOKIE,
                page.visitor,
                max_age=365 * 24 * 3600,
                path="/",
                httponly=True,
                samesite="strict",
                secure=page.request.url.scheme == "https",
            )

    # -- guards --------------------------------------------------------------------------

    def tournament_name(self, request: Request) -> str:
        """The tournament of /t/{n}/ (numbered 1, 2 ... in the club file's order)."""
        number = int(request.path_params["n"])
        summaries = self.service().tournaments()
        if not 1 <= number <= len(summaries):
            raise HTTPException(404)
        return summaries[number - 1].name


async def off_loop(work: Coroutine[Any, Any, Response]) -> Response:
    """Run a handler in a worker thread with its own event loop: a change waits for the disk
    (synchronous FULL) and a page takes milliseconds to render, and the kept public pages go
    on meanwhile. Only for handlers whose request body is already read (or that read none)."""
    return await asyncio.to_thread(asyncio.run, work)


def public(handler: Handler) -> Callable[[Web], Endpoint]:
    """A page anyone may see. A live page's poll gets "204 No Content" while nothing changed,
    so htmx leaves the page alone (no flicker, no lost scroll position on a phone).

    A rendered GET page is kept per (page, language, TD or not) with the last change it shows
    (see `rochade.web.cache`): two hundred phones on the standings cost one rendering per
    change, done in a worker thread. The version is read before the page's facts, so a kept
    page is never older than the version it carries.
    """

    def bind(web: Web) -> Endpoint:
        @wraps(handler)
        async def endpoint(request: Request) -> Response:
            known = request.headers.get(VERSION_HEADER)
            version = web.last_change()
            if known is not None and known == str(version):
                return Response(status_code=204)
            request.state.version = version
            page = web.page(request)
            if request.method != "GET" or page.flashes:
                return await handler(web, request, page)
            key = (handler.__name__, request.url.path, request.url.query, page.lang, page.td)
            marked = replace(page, csrf=web.csrf_mark)

            def render(version: int) -> Awaitable[Response]:
                request.state.version = version
                return off_loop(handler(web, request, marked))

            found = await web.pages.page(key, version, render)
            if isinstance(found, Response):
                return found
            return web.html(page, found.replace(web.csrf_mark.encode(), page.csrf.encode()))

        return endpoint

    return bind


def td_only(handler: Handler) -> Callable[[Web], Endpoint]:
    """A TD page: GET without a session goes to the login page, POST is refused."""

    def bind(web: Web) -> Endpoint:
        @wraps(handler)
        async def endpoint(request: Request) -> Response:
            page = web.page(request)
            if not page.td:
                if request.method == "GET":
                    target = quote(request.url.path, safe="/")
                    return web.redirect(page, f"/td/login?next={target}")
                refused = Response("Log in as TD first.", status_code=403)
                if request.headers.get("hx-request"):  # an expired login during an htmx tap
                    refused.headers["HX-Redirect"] = "/td/login"
                return refused
            if request.method != "POST":
                return await off_loop(handler(web, request, page))
            await check_csrf(web, request, page)  # reads the form: off_loop may run it
            async with web.pages.change(web.last_change):
                return await off_loop(handler(web, request, page))

        return endpoint

    return bind


async def check_csrf(web: Web, request: Request, page: Page) -> FormData:
    form = await request.form()
    token = form.get("csrf") or request.headers.get("x-csrf-token")
    if page.new_visitor or not web.signer.check_csrf(page.visitor, str(token or "")):
        raise HTTPException(403, ERROR_PAGES[403])
    return form


def _field(form: FormData, name: str) -> str:
    value = form.get(name)
    return value.strip() if isinstance(value, str) else ""


def _safe_next(target: str, default: str) -> str:
    """Only local TD paths: never redirect to another site."""
    return target if target.startswith("/td/") and not target.startswith("//") else default


def _whole(text: str) -> bool:
    """Plain digits of a size a club file stores ("²" and "٣" are digits to Python too)."""
    return text.isascii() and text.isdigit() and len(text) <= 9


def _int_or_none(text: str, what: str) -> int | None:
    if not text:
        return None
    if not _whole(text):
        shown = text if len(text) <= 20 else text[:20] + "…"
        raise ServiceError(
            "the {what} {shown} is not a whole number up to 999999999",
            what=Message(what),
            shown=repr(shown),
        )
    return int(text)


# -- public pages ------------------------------------------------------------------------


@public
async def home(web: Web, request: Request, page: Page) -> Response:
    summaries = web.service().tournaments()
    if len(summaries) == 1 and not page.td:
        return web.redirect(page, "/t/1/")
    return web.render(page, "home.html", tournaments=list(enumerate(summaries, start=1)))


def _public_context(web: Web, request: Request) -> dict[str, Any]:
    name = web.tournament_name(request)
    svc = web.service()
    t = svc.tournament(name)
    return {"n": int(request.path_params["n"]), "t": t, "svc": svc, "name": name}


def _round_param(request: Request, last: int, name: str = "round") -> int:
    text = request.query_params.get(name, "")
    if _whole(text) and 0 <= int(text) <= last:
        return int(text)
    return last


@public
async def standings(web: Web, request: Request, page: Page) -> Response:
    ctx = _public_context(web, request)
    t = ctx["t"]
    after = _round_param(request, len(t.rounds), "after")
    if t.system != KEIZER:
        fide = standings_with_tiebreaks(t, after)
        keys = [tiebreak_key(tb) for tb in fide.tiebreaks]
        return web.render(page, "standings_fide.html", **ctx, table=fide, keys=keys, after=after,
                          section="standings")
    table = ctx["svc"].standings(ctx["name"], after)
    return web.render(page, "standings.html", **ctx, table=table, after=after, section="standings")


@public
async def pairings(web: Web, request: Request, page: Page) -> Response:
    ctx = _public_context(web, request)
    t = ctx["t"]
    number = _round_param(request, len(t.rounds))
    view = round_view(t, number) if number else None
    return web.render(page, "pairings.html", **ctx, view=view, number=number, section="pairings")


@public
async def progress(web: Web, request: Request, page: Page) -> Response:
    ctx = _public_context(web, request)
    if ctx["t"].system != KEIZER:  # Keizer only: values and ranks per round
        return web.redirect(page, f"/t/{ctx['n']}/")
    rows = progress_rows(ctx["t"], ctx["svc"].history(ctx["name"]))
    return web.render(page, "progress.html", **ctx, rows=rows, section="progress")


@public
async def crosstable(web: Web, request: Request, page: Page) -> Response:
    ctx = _public_context(web, request)
    if ctx["t"].system != KEIZER:
        from rochade.web import systems

        return systems.crosstable(web, request, page, ctx)
    rows = crosstable_rows(ctx["t"])
    return web.render(page, "crosstable.html", **ctx, rows=rows, section="crosstable")


@public
async def participants(web: Web, request: Request, page: Page) -> Response:
    ctx = _public_context(web, request)
    entrants = [ctx["t"].entrant(p) for p in numbers_of(ctx["t"])]  # a round robin's draw
    return web.render(page, "participants.html", **ctx, entrants=entrants, section="participants")


@public
async def player(web: Web, request: Request, page: Page) -> Response:
    ctx = _public_context(web, request)
    t = ctx["t"]
    pid = int(request.path_params["pid"])
    if not t.has_entrant(pid):
        raise HTTPException(404)
    if t.system != KEIZER:  # the Keizer breakdown has no round-robin or Swiss counterpart
        from rochade.web import systems

        return systems.player(web, page, ctx, pid)
    table = ctx["svc"].standings(ctx["name"])
    row = table.row(pid)
    _ = web.gettext(page)
    curve = player_curve(ctx["svc"].history(ctx["name"]), pid)
    labels = {
        "title": _("Total and rank after each round"),
        "total": _("Total"),
        "rank": _("Rank"),
        "round": _("Round"),
    }
    svg = player_chart(curve, len(t.active), labels, lambda v: i18n.number(v, page.lang, 0))
    return web.render(
        page, "player.html", **ctx, row=row, chart=svg, entrant=t.entrant(pid), section="standings"
    )


async def set_language(request: Request) -> Response:
    """The language switch: remembered in a cookie; back to the page the visitor was on."""
    lang = request.query_params.get("lang", "")
    back = request.query_params.get("next", "/")
    if not back.startswith("/") or back.startswith("//"):
        back = "/"
    response = RedirectResponse(back, status_code=303)
    if lang in i18n.LANGUAGES:
        response.set_cookie(LANG_COOKIE, lang, max_age=365 * 24 * 3600, path="/", samesite="lax")
    return response


# -- login ---------------------------------------------------------------------------------


@public
async def login(web: Web, request: Request, page: Page) -> Response:
    _ = web.gettext(page)
    target = _safe_next(request.query_params.get("next", ""), "/td/")
    if request.method == "GET":
        return web.render(page, "login.html", next=target, error=None)
    form = await check_csrf(web, request, page)
    target = _safe_next(_field(form, "next"), "/td/")
    address = request.client.host if request.client else "?"
    if web.throttle.blocked(address):
        error = _("Too many wrong PINs. Wait a minute and try again.")
        return web.render(page, "login.html", status_code=429, next=target, error=error)
    if not await asyncio.to_thread(_pin_matches, web.path, _field(form, "pin")):
        web.throttle.failed(address)
        error = _("Wrong PIN.")
        return web.render(page, "login.html", status_code=401, next=target, error=error)
    web.throttle.succeeded(address)
    response = web.redirect(page, target)
    session = web.signer.dumps({"v": page.visitor, "exp": int(time.time()) + SESSION_SECONDS})
    response.set_cookie(
        SESSION_COOKIE,
        session,
        max_age=SESSION_SECONDS,
        path="/",
        httponly=True,
        samesite="strict",
        secure=request.url.scheme == "https",
    )
    return response


def _pin_matches(path: Path, pin: str) -> bool:
    """For a worker thread: scrypt takes tens of milliseconds on purpose, and on the event loop
    every phone's page would wait for each login attempt."""
    stored = read_setting(path, PIN_KEY)
    return stored is not None and verify_pin(pin, stored)


@public
async def logout(web: Web, request: Request, page: Page) -> Response:
    await check_csrf(web, request, page)
    response = web.redirect(page, "/")
    response.delete_cookie(SESSION_COOKIE, path="/")
    return response


# -- TD: tournaments -----------------------------------------------------------------------


@td_only
async def td_home(web: Web, request: Request, page: Page) -> Response:
    summaries = web.service().tournaments()
    return web.render(
        page,
        "td_home.html",
        tournaments=list(enumerate(summaries, start=1)),
        presets=PRESETS,
        overrides=[s for s in KEIZER_SETTINGS if s.key in SETTING_OVERRIDES],
    )


@td_only
async def td_create(web: Web, request: Request, page: Page) -> Response:
    form = await request.form()
    _ = web.gettext(page)
    overrides = {key: _field(form, key) for key in SETTING_OVERRIDES if _field(form, key)}
    try:
        web.service().create_tournament(
            _field(form, "name"), _field(form, "preset") or "classic", overrides
        )
    except USER_ERRORS as exc:
        return web.redirect(page, "/td/", ("error", web.say(page, exc)))
    number = len(web.service().tournaments())
    return web.redirect(
        page, f"/td/t/{number}/players", ("ok", _("Tournament created. Now add the players."))
    )


@td_only
async def td_evening(web: Web, request: Request, page: Page) -> Response:
    name = web.tournament_name(request)
    svc = web.service()
    t = svc.tournament(name)
    log = list(reversed(svc.log()))[:8]
    return web.render(
        page,
        "td_evening.html",
        n=int(request.path_params["n"]),
        t=t,
        state=evening_state(t),
        log=log,
        section="evening",
    )


@td_only
async def td_settings(web: Web, request: Request, page: Page) -> Response:
    if not isinstance(web.service().tournament(web.tournament_name(request)).settings,
                      KeizerSettings):  # round robin, Swiss: their own page
        return web.redirect(page, f"/td/t/{request.path_params['n']}/rules")
    if request.method == "POST":
        return await _change_settings(web, request, page)
    return _settings_page(web, request, page, {}, None)


def _settings_page(
    web: Web, request: Request, page: Page, typed: dict[str, str], preview: SettingsReport | None
) -> Response:
    t = web.service().tournament(web.tournament_name(request))
    return web.render(
        page,
        "td_settings.html",
        n=int(request.path_params["n"]),
        t=t,
        s=t.settings,
        settings=settings_of(t.settings),
        presets=PRESETS,
        preset_setting=PRESET,
        typed=typed,
        preview=preview,
        section="settings",
    )


async def _change_settings(web: Web, request: Request, page: Page) -> Response:
    """Preview (nothing saved: who would move) or save the settings, one logged action."""
    form = await request.form()
    n = request.path_params["n"]
    _ = web.gettext(page)
    typed = {key: value for key, value in form.items() if isinstance(value, str)}
    for key in ("csrf", "action"):
        typed.pop(key, None)
    save = _field(form, "action") == "save"
    try:
        report = web.service().change_rules(typed, web.tournament_name(request), save=save)
    except USER_ERRORS as exc:
        page.flashes = [["error", web.say(page, exc)]]
        return _settings_page(web, request, page, typed, None)
    if not save:
        return _settings_page(web, request, page, typed, report)
    if not report.changes:
        return web.redirect(page, f"/td/t/{n}/settings", ("ok", _("Nothing changed.")))
    flashes = [("ok", _("Settings saved."))]
    flashes += [("ok", _change_text(web, page, c)) for c in report.standings]
    return web.redirect(page, f"/td/t/{n}/settings", *flashes)


# -- TD: players and check-in --------------------------------------------------------------


@td_only
async def td_players(web: Web, request: Request, page: Page) -> Response:
    name = web.tournament_name(request)
    t = web.service().tournament(name)
    return web.render(
        page,
        "td_players.html",
        n=int(request.path_params["n"]),
        t=t,
        entrants=t.start_order(),
        section="players",
    )


@td_only
async def td_add_player(web: Web, request: Request, page: Page) -> Response:
    form = await request.form()
    n = request.path_params["n"]
    _ = web.gettext(page)
    try:
        rating = _int_or_none(_field(form, "rating"), N_("rating"))
        added = web.service().add_player(
            _field(form, "player"), rating, tournament=web.tournament_name(request)
        )
    except USER_ERRORS as exc:
        return web.redirect(page, f"/td/t/{n}/players", ("error", web.say(page, exc)))
    message = _("{name} added.").format(name=added.name)
    if added.late_rounds:
        message += " " + _("Late entry: the rounds already played count as a late start.")
    return web.redirect(page, f"/td/t/{n}/players#add", ("ok", message))


@td_only
async def td_import_players(web: Web, request: Request, page: Page) -> Response:
    form = await request.form()
    n = request.path_params["n"]
    _ = web.gettext(page)
    upload = form.get("csv_file")
    data: bytes | str = _field(form, "csv_text")
    if isinstance(upload, UploadFile) and upload.filename:
        data = await upload.read()  # the service decodes it as spreadsheets save it
    try:
        added = web.service().import_players(data, web.tournament_name(request))
    except USER_ERRORS as exc:
        return web.redirect(page, f"/td/t/{n}/players", ("error", web.say(page, exc)))
    message = _("{count} players imported.").format(count=len(added))
    return web.redirect(page, f"/td/t/{n}/players", ("ok", message))


@td_only
async def td_set_rating(web: Web, request: Request, page: Page) -> Response:
    form = await request.form()
    n = request.path_params["n"]
    _ = web.gettext(page)
    try:
        rating = _int_or_none(_field(form, "rating"), N_("rating"))
        entrant = set_rating(
            web.service(), web.tournament_name(request), request.path_params["pid"], rating
        )
    except USER_ERRORS as exc:
        return web.redirect(page, f"/td/t/{n}/players", ("error", web.say(page, exc)))
    message = _("Rating of {name} saved.").format(name=entrant.name)
    return web.redirect(page, f"/td/t/{n}/players", ("ok", message))


@td_only
async def td_set_status(web: Web, request: Request, page: Page) -> Response:
    """Check-in and withdraw/come back: one tap, one logged action."""
    form = await request.form()
    n = request.path_params["n"]
    pid = request.path_params["pid"]
    back = _safe_next(_field(form, "next"), f"/td/t/{n}/checkin")
    try:
        status = Status(_field(form, "status"))
        name = web.tournament_name(request)
        svc = web.service()
        entrant = svc.set_status(str(pid), status, name)
    except (ValueError, *USER_ERRORS) as exc:
        return web.refuse(page, request, back, web.say(page, exc))
    if request.headers.get("hx-request"):
        t = svc.tournament(name)
        return web.render(
            page,
            "_checkin_row.html",
            n=n,
            e=entrant,
            oob=True,
            **_checkin_context(t),
        )
    return web.redirect(page, back)


@td_only
async def td_checkin(web: Web, request: Request, page: Page) -> Response:
    name = web.tournament_name(request)
    t = web.service().tournament(name)
    return web.render(
        page,
        "td_checkin.html",
        n=int(request.path_params["n"]),
        t=t,
        entrants=checkin_order(t),
        section="checkin",
        **_checkin_context(t),
    )


def _checkin_context(t: Tournament) -> dict[str, Any]:
    """The check-in buttons in the system's words, the byes asked in advance for the round
    (a Swiss: they beat the status when it is paired), where the evening stands."""
    state = evening_state(t)
    byes = {b.entrant.id: b for b in requested_byes(t) if b.round == state.next_round}
    return {"choices": checkin_choices(t), "byes": byes, "state": state}


# -- TD: pairing ---------------------------------------------------------------------------


def _draft(text: str) -> list[int]:
    return [int(p) for p in text.split(",") if _whole(p.strip())]


@td_only
async def td_pair_page(web: Web, request: Request, page: Page) -> Response:
    return _pair_page(web, request, page, [], (), None)


@dataclass(frozen=True)
class Note:
    """What the checker says about the draft, in the page's language, at its board (None:
    about the whole pairing)."""

    severity: str
    text: str
    board: int | None


def _live_notes(web: Web, page: Page, t: Tournament, draft: list[int]) -> list[Note]:
    """The checker's findings on the boards placed so far (players still to place are not
    yet a problem), so the TD sees a rematch or a colour problem at the tap that made it."""
    if not draft or evening_state(t).open_round:
        return []
    boards = [(draft[i], draft[i + 1]) for i in range(0, len(draft) - 1, 2)]
    bye = draft[-1] if len(draft) % 2 else None
    try:
        checked = web.service().check_by_hand(boards, bye, t.name)
    except USER_ERRORS as exc:
        return [Note("error", web.say(page, exc), None)]
    seat = {p: i for i, board in enumerate(boards) for p in board}
    if bye is not None:
        seat.setdefault(bye, len(boards))
    notes = []
    for finding in checked.findings:
        if finding.rule is Rule.UNPAIRED:
            continue
        board = next((seat[p] for p in finding.players if p in seat), None)
        notes.append(Note(finding.severity.value, web.say(page, finding.msg), board))
    return notes


def _pair_page(
    web: Web,
    request: Request,
    page: Page,
    draft: list[int],
    warnings: tuple[str, ...],
    error: str | None,
    picked: bool = False,
) -> Response:
    name = web.tournament_name(request)
    t = web.service().tournament(name)
    present = [e for e in t.start_order() if e.status.plays]
    known = {e.id for e in present}
    draft = [p for i, p in enumerate(draft) if p in known and p not in draft[:i]]
    placed = set(draft)
    boards = [draft[i : i + 2] for i in range(0, len(draft), 2)]
    partial = bool(request.headers.get("hx-request")) and request.method == "POST"
    return web.render(
        page,
        "_pair_manual.html" if partial else "td_pair.html",
        n=int(request.path_params["n"]),
        t=t,
        state=evening_state(t),
        present=present,
        unplaced=[e for e in present if e.id not in placed],
        boards=boards,
        draft=",".join(map(str, draft)),
        notes=_live_notes(web, page, t, draft),
        warnings=warnings,
        error=error,
        picked=picked,
        schedule=next((r for r in round_robin_schedule(t) if r.number == len(t.rounds) + 1),
                      None),
        section="pair",
    )


@td_only
async def td_pair_auto(web: Web, request: Request, page: Page) -> Response:
    n = request.path_params["n"]
    _ = web.gettext(page)
    try:
        report = web.service().pair(web.tournament_name(request))
    except USER_ERRORS as exc:
        return web.redirect(page, f"/td/t/{n}/pair", ("error", web.say(page, exc)))
    message = _("Round {number} is paired.").format(number=report.round.number)
    return web.redirect(page, f"/td/t/{n}/results", ("ok", message))


@td_only
async def td_pair_manual(web: Web, request: Request, page: Page) -> Response:
    """The hand-pairing board: tap names to fill boards, then check and confirm. With htmx
    only the board is sent back (the checker's notes included); without, the whole page."""
    form = await request.form()
    n = request.path_params["n"]
    draft = _draft(_field(form, "draft"))
    action = _field(form, "action")
    pick = _field(form, "pick")
    if _whole(pick) and int(pick) not in draft:
        draft.append(int(pick))
    elif action.startswith("remove:") and _whole(action[7:]):
        board = int(action[7:])
        del draft[2 * board : 2 * board + 2]
    elif action.startswith("swap:") and _whole(action[5:]):
        i = 2 * int(action[5:])
        if i + 1 < len(draft):
            draft[i], draft[i + 1] = draft[i + 1], draft[i]
    elif action in ("check", "confirm"):
        _ = web.gettext(page)
        name = web.tournament_name(request)
        if web.service().tournament(name).system == ROUND_ROBIN:  # the page offers no board
            message = _("A round robin is paired by its Berger table; there is no pairing by hand.")
            return web.refuse(page, request, f"/td/t/{n}/pair", message)
        pairs = draft if len(draft) % 2 == 0 else draft[:-1]
        bye = str(draft[-1]) if len(draft) % 2 else None
        boards = " ".join(f"{pairs[i]}-{pairs[i + 1]}" for i in range(0, len(pairs), 2))
        try:
            report = web.service().pair_manual(
                boards, bye, confirm=action == "confirm", tournament=name
            )
        except NeedsConfirmation as exc:
            return _pair_page(
                web, request, page, draft, tuple(web.say(page, w.msg) for w in exc.warnings), None
            )
        except USER_ERRORS as exc:
            return _pair_page(web, request, page, draft, (), web.say(page, exc))
        message = _("Round {number} is paired.").format(number=report.round.number)
        return web.redirect(page, f"/td/t/{n}/results", ("ok", message))
    elif action == "clear":
        draft = []
    return _pair_page(web, request, page, draft, (), None, picked=bool(pick))


# -- TD: results ---------------------------------------------------------------------------


@td_only
async def td_results(web: Web, request: Request, page: Page) -> Response:
    name = web.tournament_name(request)
    svc = web.service()
    t = svc.tournament(name)
    number = _round_param(request, len(t.rounds))
    view = round_view(t, number) if number else None
    notes = svc.round_notes(number, name) if number else None
    return web.render(
        page,
        "td_results.html",
        n=int(request.path_params["n"]),
        t=t,
        view=view,
        number=number,
        notes=notes,
        choices=RESULT_CHOICES,
        changes=(),
        state=evening_state(t),
        section="results",
    )


@td_only
async def td_enter_result(web: Web, request: Request, page: Page) -> Response:
    form = await request.form()
    n = request.path_params["n"]
    number = int(request.path_params["round"])
    board = int(request.path_params["board"])
    back = f"/td/t/{n}/results?round={number}"
    try:
        name = web.tournament_name(request)
        result = _field(form, "result") or _field(form, "forfeit")
        report = web.service().enter_result(number, board, result, name)
    except USER_ERRORS as exc:
        return web.refuse(page, request, back, web.say(page, exc))
    t = report.tournament
    view = round_view(t, number)
    if request.headers.get("hx-request"):
        b = next(b for b in view.boards if b.board == board)
        return web.render(
            page,
            "_result_row.html",
            n=n,
            b=b,
            view=view,
            choices=RESULT_CHOICES,
            changes=report.changes,
            oob=True,
        )
    flashes = [("ok", _change_text(web, page, c)) for c in report.changes]
    return web.redirect(page, back, *flashes)


def _change_text(web: Web, page: Page, change: StandingChange) -> str:
    _ = web.gettext(page)
    return _("{name}: rank {old} → {new}, total {old_total} → {new_total}").format(
        name=change.entrant.name,
        old=change.old_rank or "-",
        new=change.new_rank or "-",
        old_total=i18n.number(change.old_total, page.lang),
        new_total=i18n.number(change.new_total, page.lang),
    )


# -- TD: log and undo ----------------------------------------------------------------------


@td_only
async def td_log(web: Web, request: Request, page: Page) -> Response:
    actions = list(reversed(web.service().log()))
    return web.render(page, "td_log.html", actions=actions, section="log")


@td_only
async def td_undo(web: Web, request: Request, page: Page) -> Response:
    form = await request.form()
    _ = web.gettext(page)
    back = _safe_next(_field(form, "next"), "/td/log")
    try:
        undone = web.service().undo(1)
    except USER_ERRORS as exc:
        return web.redirect(page, back, ("error", web.say(page, exc)))
    message = _("Undone: {what}").format(what="; ".join(a.description for a in undone))
    return web.redirect(page, back, ("ok", message))


# -- the app -------------------------------------------------------------------------------


ERROR_PAGES = {
    403: N_("This form has expired; reload the page and try again."),
    404: N_("There is no such page."),
    405: N_("This page cannot be sent a form."),
    500: N_("Something went wrong."),
}
"""What an error page says, in the visitor's language (the status decides)."""


async def not_found(request: Request, exc: Exception) -> Response:
    status = exc.status_code if isinstance(exc, HTTPException) else 500
    lang = i18n.choose(request.cookies.get(LANG_COOKIE), request.headers.get("accept-language"))
    said = i18n.translations(lang).gettext(ERROR_PAGES.get(status, ERROR_PAGES[500]))
    home = i18n.translations(lang).gettext("Back to the start page")
    return HTMLResponse(
        f"<!doctype html><html lang='{lang}'><title>{status}</title><p>{escape(said)}</p>"
        f"<p><a href='/'>{escape(home)}</a></p></html>",
        status_code=status,
    )


def create_app(
    path: Path,
    clock: Clock = system_clock,
    throttle: LoginThrottle | None = None,
    public_url: str | None = None,
    poll_seconds: float = POLL_SECONDS,
) -> Starlette:
    """The web app for one club file (which must already have a TD PIN to log in).

    `public_url`: the address players use on the club network; the TD pages show it with a
    QR code to put on a screen. `poll_seconds`: how often the public pages look for news.
    """
    from rochade.web import systems  # round robin and Swiss (it builds on this module)

    web = Web(path, clock, throttle or LoginThrottle(), public_url, poll_seconds)
    t = "/t/{n:int}"
    td = "/td/t/{n:int}"
    routes = [
        Route("/", home(web)),
        Route("/lang", set_language),
        Route(t + "/", standings(web)),
        Route(t + "/pairings", pairings(web)),
        Route(t + "/progress", progress(web)),
        Route(t + "/crosstable", crosstable(web)),
        Route(t + "/participants", participants(web)),
        Route(t + "/players/{pid:int}", player(web)),
        Route("/td/login", login(web), methods=["GET", "POST"]),
        Route("/td/logout", logout(web), methods=["POST"]),
        Route("/td/", td_home(web)),
        Route("/td/tournaments", td_create(web), methods=["POST"]),
        Route("/td/log", td_log(web)),
        Route("/td/undo", td_undo(web), methods=["POST"]),
        Route(td + "/", td_evening(web)),
        Route(td + "/settings", td_settings(web), methods=["GET", "POST"]),
        Route(td + "/players", td_players(web)),
        Route(td + "/players/add", td_add_player(web), methods=["POST"]),
        Route(td + "/players/import", td_import_players(web), methods=["POST"]),
        Route(td + "/players/{pid:int}/status", td_set_status(web), methods=["POST"]),
        Route(td + "/players/{pid:int}/rating", td_set_rating(web), methods=["POST"]),
        Route(td + "/checkin", td_checkin(web)),
        Route(td + "/pair", td_pair_page(web)),
        Route(td + "/pair/auto", td_pair_auto(web), methods=["POST"]),
        Route(td + "/pair/manual", td_pair_manual(web), methods=["POST"]),
        Route(td + "/results", td_results(web)),
        Route(td + "/results/{round:int}/{board:int}", td_enter_result(web), methods=["POST"]),
        *systems.routes(web),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    return Starlette(routes=routes, exception_handlers={HTTPException: not_found})
