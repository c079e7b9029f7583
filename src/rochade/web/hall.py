"""The room and the players' phones: the hall display (pairings and standings on a projector,
updating by itself), the hall screens (one TV's saved view each, `rochade.service.screens`,
made on the TD's screens page), the A4 QR poster, a player's "my evening" page (bookmarked
once: /me), and what a player does there: say "This is me" with the evening's code, which
binds this device to the player for the evening (a signed cookie carries the device's id; the
club file keeps the binding, `PhoneDesk.bind_device`), then check in and report a result for
that player only. The TD's switches for the phones, tonight's phones and the reports waiting
for the TD are here too.

The QR code and the printed address are the server's own (`Web.hall_url`: the configured or
detected address players use), never taken from a request: the display and the poster are
kept for everyone, and a request with a forged Host header must not change them.

The display, the screens and the evening page are public pages (kept per change, see
`cache`); the few lines of script of the display and the screens (static/app.js) poll them
with the version they show and swap in the new one, and keep polling through a restart or a
dropped Wi-Fi.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass
from functools import wraps
from typing import Any, NamedTuple

import segno
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import Route

from rochade import i18n
from rochade.core.model import Entrant, Status, Tournament
from rochade.service import tournament_standings
from rochade.service.cup import cup_view
from rochade.service.phones import PHONE_RESULTS, SHORT_ID, PhoneDesk, PhoneSettings
from rochade.service.screens import CONTENTS, HallScreens, Screen, typed_screen
from rochade.service.system_cases import system_of
from rochade.web import teams
from rochade.web.base import (
    USER_ERRORS,
    Endpoint,
    Page,
    Web,
    check_csrf,
    field,
    off_loop,
    public,
    td_only,
)
from rochade.web.queries import evening_state, round_view, seats
from rochade.web.security import same

ME_COOKIE = "rochade_me"


@dataclass(frozen=True)
class Line:
    """A line of the standings as the display and the evening page show it."""

    rank: int | None
    entrant: Entrant
    score: str


def ranking(web: Web, request: Request, t: Tournament, lang: str) -> list[Line]:
    """The standings in one shape for every system: Keizer totals, else points."""
    if not system_of(t).fide_tiebreaks:
        table = web.reads(request).standings(t.name)
        total = i18n.column([li.total for li in table.lines], lang, False)  # as the standings
        return [Line(li.rank, li.entrant, total(li.total)) for li in table.lines]
    fide = web.kept(request, ("tiebreaks", t.name, len(t.rounds)),
                    lambda: tournament_standings(t, len(t.rounds)))
    return [Line(li.rank, li.entrant, i18n.points(li.total, lang)) for li in fide.lines]


def entry_url(web: Web, n: int) -> str:
    """Where the QR code leads: the players' page of the tournament, at the server's own
    address (a request's Host header could say anything)."""
    return f"{web.hall_url.rstrip('/')}/t/{n}/me"


def _qr(url: str, scale: int) -> str:
    return str(segno.make(url, error="m").svg_inline(scale=scale, title=url, omitsize=True))


def _context(web: Web, request: Request) -> dict[str, Any]:
    n = int(request.path_params["n"])
    name = web.tournament_name(request)
    t = web.reads(request).tournament(name)
    phones = web.kept(request, ("phones", name), lambda: PhoneDesk(web.path).phone_settings(name))
    return {"n": n, "t": t, "name": name, "phones": phones}


def display_key(web: Web, n: int, code: str) -> str:
    """What the TD's link to the hall display carries so that it shows the evening's code:
    the public address alone does not (anyone outside the room may open it). It changes
    with the code."""
    message = f"display:{n}:{code}".encode()
    return hmac.new(web.signer.key, message, hashlib.sha256).hexdigest()[:24]


@public
def display(web: Web, request: Request, page: Page) -> Response:
    ctx = _context(web, request)
    t, phones = ctx["t"], ctx["phones"]
    url = entry_url(web, ctx["n"])
    keyed = phones.on and same(
        request.query_params.get("key", ""), display_key(web, ctx["n"], phones.code))
    if system_of(t).team_event:  # the round's matches and the team standings
        return web.render(page, "display_teams.html", **ctx, **teams.hall_facts(web, request),
                          qr=_qr(url, 4), url=url, code=phones.code if keyed else "")
    view = round_view(t, len(t.rounds)) if t.rounds else None
    lines = ranking(web, request, t, page.lang)
    cup = None  # a cup's hall shows its round's matches beside the boards, not standings
    if system_of(t).knockout and t.rounds:
        cup = web.kept(request, ("cup", ctx["name"]), lambda: cup_view(t)).rounds[-1]
    return web.render(page, "display.html", **ctx, view=view, lines=lines, qr=_qr(url, 4),
                      url=url, code=phones.code if keyed else "", score_chars=score_chars(lines),
                      cup=cup)


SCORE_CHARS = range(4, 13)
"""The widths (in digits) the display's score column takes (style.css `.score.cN`): 4 to 12,
far beyond the largest Keizer totals ("2,637.00"); "4½" takes the narrowest."""


def score_chars(lines: list[Line]) -> int:
    """The width the longest score needs, so that a Keizer total such as 1,707.00 is shown
    in full (a wider column than "4½" needs would take the names' room)."""
    longest = max((len(li.score) for li in lines), default=0)
    return min(max(longest, SCORE_CHARS.start), SCORE_CHARS.stop - 1)


@public
def screen(web: Web, request: Request, page: Page) -> Response:
    """A TV's screen (`/t/N/screen/K`): the rows it shows, all of them; the page's script
    fits the type to the TV and turns the pages (static/app.js, `.screen-set`)."""
    ctx = _context(web, request)
    t, name = ctx["t"], ctx["name"]
    number = int(request.path_params["k"])
    found = web.kept(request, ("screen", name, number),
                     lambda: HallScreens(web.path).screen(number, name))
    if found is None:
        return web.render(page, "screen_missing.html", status_code=404, **ctx, number=number)
    view = round_view(t, len(t.rounds)) if t.rounds else None
    parts = found.parts
    boards = ([b for b in view.boards if found.shows_board(b.board)]
              if view and "pairings" in parts else [])
    places = ([s for s in seats(view) if found.shows_name(s.player.name)]
              if view and "alphabetical" in parts else [])
    lines = ranking(web, request, t, page.lang) if "standings" in parts else []
    return web.render(page, "screen.html", **ctx, screen=found, view=view, boards=boards,
                      places=places, lines=lines)


TYPED = ("name", "content", "boards", "names", "font", "seconds")
"""The fields of a screen's form, as `typed_screen` reads them."""


@td_only
def td_screens(web: Web, request: Request, page: Page) -> Response:
    """The TD's hall screens: made, changed and deleted here, each listed with the address
    its TV opens."""
    n = int(request.path_params["n"])
    name = web.tournament_name(request)
    desk = HallScreens(web.path, "TD (web)", web.clock)
    _ = web.gettext(page)
    back = f"/td/t/{n}/screens"
    if request.method == "POST":
        form = page.form
        number = field(form, "number")
        try:
            if field(form, "action") == "delete":
                desk.delete_screen(int(number) if number.isdigit() else 0, name)
                return web.redirect(page, back, ("ok", _("Screen deleted.")))
            saved = desk.save_screen(typed_screen(
                int(number) if number.isdigit() else 0,
                {key: field(form, key) for key in TYPED}), name)
        except USER_ERRORS as exc:
            return web.redirect(page, back, ("error", web.say(page, exc)))
        return web.redirect(page, back, ("ok", _("Screen %(k)s saved: open %(url)s on its TV.")
                                         % {"k": saved.number,
                                            "url": screen_url(web, n, saved)}))
    shown = [(s, screen_url(web, n, s), _qr(screen_url(web, n, s), 3))
             for s in desk.screens(name)]
    return web.render(page, "td_screens.html", n=n, t=desk.tournament(name), screens=shown,
                      new=Screen(0, ""), contents=CONTENTS, section="phones")


def screen_url(web: Web, n: int, shown: Screen) -> str:
    """The address a TV opens for the screen: the server's own, as the QR code's."""
    return f"{web.hall_url.rstrip('/')}/t/{n}/screen/{shown.number}"


@td_only
def td_display(web: Web, request: Request, page: Page) -> Response:
    """The TD's way to the hall display: with the key that makes it show the code."""
    n = int(request.path_params["n"])
    code = PhoneDesk(web.path).phone_settings(web.tournament_name(request)).code
    return web.redirect(page, f"/t/{n}/display?key={display_key(web, n, code)}")


@public
def poster(web: Web, request: Request, page: Page) -> Response:
    ctx = _context(web, request)
    url = entry_url(web, ctx["n"])
    return web.render(page, "poster.html", **ctx, qr=_qr(url, 12), url=url)


@public
def names(web: Web, request: Request, page: Page) -> Response:
    """The names to tap, for a phone that has not said who it is (see `who_are_you`)."""
    ctx = _context(web, request)
    if system_of(ctx["t"]).team_event:  # its players are the teams' members
        return web.render(page, "team_who.html", **ctx, **teams.hall_facts(web, request))
    entrants = sorted(ctx["t"].active, key=lambda e: e.name.casefold())
    return web.render(page, "who.html", **ctx, entrants=entrants)


def who_are_you(web: Web) -> Endpoint:
    """/t/N/me (the QR code's address): this phone's player's evening page if it said who it
    is (the cookie decides, so this is no kept page), else the names."""
    cached = names(web)

    @wraps(cached)  # (the rendering process renders `names`: `routes.handlers`)
    async def endpoint(request: Request) -> Response:
        mine = _me(web, request)
        if mine is not None and mine.n == request.path_params["n"]:
            return RedirectResponse(f"/t/{mine.n}/players/{mine.player}/evening", 303)
        return await cached(request)

    return endpoint


def me(web: Web) -> Endpoint:
    """/me, the bookmark: this phone's player's evening, wherever it is."""

    async def endpoint(request: Request) -> Response:
        mine = _me(web, request)
        target = "/" if mine is None else f"/t/{mine.n}/players/{mine.player}/evening"
        return RedirectResponse(target, 303)

    return endpoint


class Me(NamedTuple):
    """What this device's signed cookie says: its player (tournament `n`) and its own id."""

    n: int
    player: int
    device: str


def _me(web: Web, request: Request) -> Me | None:
    said = web.signer.loads(request.cookies.get(ME_COOKIE)) or {}
    n, pid, device = said.get("t"), said.get("p"), said.get("d")
    if not (isinstance(n, int) and isinstance(pid, int)):
        return None
    return Me(n, pid, device if isinstance(device, str) else "")


@public
def evening(web: Web, request: Request, page: Page) -> Response:
    """A player's evening: board and colour tonight, results, place; check-in and the
    result report with the evening's code (posted to `phone_post`)."""
    ctx = _context(web, request)
    t = ctx["t"]
    if system_of(t).team_event:
        return teams.team_evening(web, request, page, ctx)
    pid = int(request.path_params["pid"])
    if not t.has_entrant(pid):
        raise HTTPException(404)
    entrant = t.entrant(pid)
    state = evening_state(t)
    tonight = None
    if t.rounds:
        view = round_view(t, len(t.rounds))
        tonight = next((b for b in view.boards if pid in (b.white.id, b.black.id)), None)
    games = [
        (rnd.number, g) for rnd in t.rounds for g in rnd.games if pid in (g.white, g.black)
    ]
    line = next((li for li in ranking(web, request, t, page.lang) if li.entrant.id == pid), None)
    return web.render(
        page, "evening.html", **ctx, entrant=entrant, state=state, tonight=tonight,
        games=games, line=line, results=PHONE_RESULTS,
        statuses=(Status.PRESENT, Status.EXCUSED), section="standings",
    )


def phone_post(web: Web, request: Request, page: Page) -> Response:
    """This device is this player's (`mine`, with the evening's code while phones are on),
    checks them in, or reports their result: for the player bound to this device only."""
    check_csrf(web, request, page)
    form = page.form
    n = int(request.path_params["n"])
    pid = int(request.path_params["pid"])
    back = f"/t/{n}/players/{pid}/evening"
    _ = web.gettext(page)
    action = field(form, "action")
    address, _local = web.client(request)
    if not web.phone_limit.allow(address):
        return web.redirect(page, back, ("error", _("Too many tries from this phone; wait a "
                                                     "minute.")))
    desk = PhoneDesk(web.path, "phone", web.clock)
    mine = _me(web, request)
    device = mine.device if mine is not None and mine.device else ""
    try:
        name = web.tournament_name(request)
        if action == "mine":
            device = device or secrets.token_hex(8)
            said = _("This phone is yours now: bookmark /me.")
            if desk.phone_settings(name).on:
                desk.bind_device(pid, device, field(form, "code"), name)
                said = _("This phone is yours tonight: check in and report here. Bookmark /me.")
            response = web.redirect(page, back, ("ok", said))
            response.set_cookie(ME_COOKIE, web.signer.dumps({"t": n, "p": pid, "d": device}),
                                max_age=180 * 24 * 3600, path="/", httponly=True,
                                samesite="lax", secure=web.https(request))
            return response
        if field(form, "report"):
            _report, outcome = desk.report_result(pid, field(form, "report"), device, name)
            return web.redirect(page, back, ("ok", {
                "entered": _("Result entered: you both said the same."),
                "td": _("Reported, waiting for the TD."),
                "opponent": _("Saved; the TD confirms it or waits for your opponent."),
            }[outcome]))
        status = next((s for s in Status if s.value == action), None)
        if status is not None:  # the service refuses any but present and excused
            desk.phone_checkin(pid, status, device, name)
            return web.redirect(page, back, ("ok", _("Thank you: the TD sees it.")))
    except USER_ERRORS as exc:
        return web.redirect(page, back, ("error", web.say(page, exc)))
    raise HTTPException(403)


def phone_endpoint(web: Web) -> Endpoint:
    """`phone_post` as a route. Unlike a TD's change, it does not wait until the kept pages
    are renewed: with two hundred phones each renewal would renew every player's page, and
    the phone's next page (its flash) is rendered anew anyway."""

    async def endpoint(request: Request) -> Response:
        page = web.page(request)
        page.form = await request.form()  # the handler runs in a worker thread
        return await off_loop(phone_post, web, request, page)

    return endpoint


# -- TD: the phones' switches --------------------------------------------------------------


@td_only
def td_phones(web: Web, request: Request, page: Page) -> Response:
    """The phones' switches, and tonight's phones: a binding the TD releases (a player's new
    phone, a phone handed to the wrong player)."""
    n = int(request.path_params["n"])
    name = web.tournament_name(request)
    desk = PhoneDesk(web.path, "TD (web)", web.clock)
    _ = web.gettext(page)
    if request.method == "POST":
        form = page.form
        try:
            if field(form, "action") == "release":
                player = field(form, "player")
                desk.release_device(int(player) if player.isdigit() else 0, name)
                said = _("Released: that player's phone says “This is me” again.")
            else:
                desk.set_phone_settings(PhoneSettings(
                    "" if field(form, "action") == "off" else field(form, "code"),
                    field(form, "checkin") == "on",
                    field(form, "td_confirms") == "on",
                ), name)
                said = _("Saved.")
        except USER_ERRORS as exc:
            return web.redirect(page, f"/td/t/{n}/phones", ("error", web.say(page, exc)))
        return web.redirect(page, f"/td/t/{n}/phones", ("ok", said))
    t = desk.tournament(name)
    devices = [(t.entrant(p), d[:SHORT_ID]) for p, d in desk.devices(name).items()
               if t.has_entrant(p)]
    return web.render(page, "td_phones.html", n=n, t=t, phones=desk.phone_settings(name),
                      confirms=desk.td_confirms(name), fide=desk.fide_mode(name).on,
                      devices=sorted(devices, key=lambda pair: pair[0].name.casefold()),
                      section="phones")


def routes(web: Web) -> list[Route]:
    t = "/t/{n:int}"
    return [
        Route("/me", me(web)),
        Route(t + "/display", display(web)),
        Route(t + "/poster", poster(web)),
        Route(t + "/me", who_are_you(web)),
        Route(t + "/players/{pid:int}/evening", evening(web)),
        Route("/phone" + t + "/players/{pid:int}", phone_endpoint(web), methods=["POST"]),
        Route("/td" + t + "/phones", td_phones(web), methods=["GET", "POST"]),
        Route("/td" + t + "/display", td_display(web)),
        Route(t + "/screen/{k:int}", screen(web)),
        Route("/td" + t + "/screens", td_screens(web), methods=["GET", "POST"]),
    ]
