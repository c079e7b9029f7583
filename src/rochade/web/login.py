"""Logging in as TD with the PIN (throttled), logging out, and the language switch."""

from __future__ import annotations

import secrets
import time

from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import Route

from rochade import i18n
from rochade.service.pin import pin_matches
from rochade.web.base import (
    SESSION_COOKIE,
    Page,
    Web,
    check_csrf,
    field,
    public,
    remember_language,
    safe_next,
)
from rochade.web.security import SESSION_SECONDS


async def set_language(request: Request) -> Response:
    """The language switch: remembered in a cookie; back to the page the visitor was on."""
    lang = request.query_params.get("lang", "")
    back = request.query_params.get("next", "/")
    if not back.startswith("/") or back.startswith("//"):
        back = "/"
    response = RedirectResponse(back, status_code=303)
    if lang in i18n.LANGUAGES:
        remember_language(response, lang)
    return response


@public
def login(web: Web, request: Request, page: Page) -> Response:
    """The PIN, checked in a worker thread (`public` runs a post there) once the throttle
    has counted the attempt: guesses sent at once cannot all slip through before the first
    failure is known."""
    _ = web.gettext(page)
    target = safe_next(request.query_params.get("next", ""), "/td/")
    if request.method != "POST":
        return web.render(page, "login.html", next=target, error=None)
    form = check_csrf(web, request, page)
    target = safe_next(field(form, "next"), "/td/")
    address, local = web.client(request)
    wait = web.throttle.reserve(address, local)
    if wait:
        error = _("Too many wrong PINs. Try again in %(seconds)s seconds.") % {
            "seconds": max(1, round(wait))
        }
        return web.render(page, "login.html", status_code=429, next=target, error=error)
    if not pin_matches(web.path, field(form, "pin")):
        web.throttle.failed(address, local)
        error = _("Wrong PIN.")
        return web.render(page, "login.html", status_code=401, next=target, error=error)
    web.throttle.succeeded(address, local)
    response = web.redirect(page, target)
    session: dict[str, object] = {
        "v": page.visitor,
        "s": secrets.token_hex(16),  # a new CSRF token with it
        "exp": int(time.time()) + SESSION_SECONDS,
    }
    response.set_cookie(
        SESSION_COOKIE,
        web.sessions.dumps(session),
        max_age=SESSION_SECONDS,
        path="/",
        httponly=True,
        samesite="strict",
        secure=web.https(request),
    )
    return response


@public
def logout(web: Web, request: Request, page: Page) -> Response:
    """Ends the session for good: a copy of the cookie (another tab, a replay) is refused,
    here and by every server of the club file. When the file cannot note it (a full disk),
    this server still refuses it, and the TD is told what that leaves open."""
    check_csrf(web, request, page)
    failed = web.revoke(page)
    said: tuple[tuple[str, str], ...] = ()
    if failed is not None:
        _ = web.gettext(page)
        said = (("error", _(
            "Logged out on this server, but the club file could not note it (%(problem)s). "
            "Until this server stops, the login is refused; after a restart, or on another "
            "server of this club file, it would hold again: free some disk space, then log "
            "in and out once more (or change the PIN)."
        ) % {"problem": web.say(page, failed)}),)
    response = web.redirect(page, "/", *said)
    response.delete_cookie(SESSION_COOKIE, path="/")
    return response


def routes(web: Web) -> list[Route]:
    return [
        Route("/lang", set_language),
        Route("/td/login", login(web), methods=["GET", "POST"]),
        Route("/td/logout", logout(web), methods=["POST"]),
    ]
