"""The pages anyone may see: the start page, and per tournament the standings, pairings,
progress (Keizer), crosstable, participants and a page per player. They poll for changes so
phones follow the evening; a round robin's or Swiss's crosstable and player page are
`systems`'."""

from __future__ import annotations

from functools import partial
from typing import Any

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from rochade import i18n
from rochade.core.fide import PlayerDetails
from rochade.service import (
    category_data,
    points_before,
    tournament_standings,
)
from rochade.service.categories import CategoryData, places_of
from rochade.service.cup import cup_view
from rochade.service.page_lists import PRINT_ROUNDS, standings_page
from rochade.service.system_cases import numbers_of, system_of
from rochade.web import system_pages
from rochade.web.base import Page, Web, public, round_param
from rochade.web.chart import player_chart
from rochade.web.queries import (
    crosstable_rows,
    player_curve,
    progress_rows,
    rated_changes,
    round_view,
    seats,
)

PRINTOUTS = {"alphabetical": "pairings_alphabetical.html", "notice": "pairings_notice.html",
             "slips": "pairings_slips.html"}
"""The printable variants of a round's pairings (`/t/N/pairings/<kind>`), by template."""


@public
def home(web: Web, request: Request, page: Page) -> Response:
    summaries = web.reads(request).tournaments()
    if len(summaries) == 1 and not page.td:
        return web.redirect(page, "/t/1/")
    return web.render(page, "home.html", tournaments=list(enumerate(summaries, start=1)))


def _public_context(web: Web, request: Request) -> dict[str, Any]:
    name = web.tournament_name(request)
    svc = web.reads(request)
    data = svc.rating_data(name)  # read once for the tournament, its categories, rating changes
    return {"n": int(request.path_params["n"]), "t": data.tournament, "data": data, "svc": svc,
            "name": name, "head": svc.letterhead(name), "kept": partial(web.kept, request),
            "today": lambda: web.clock().date().isoformat()}


def _categories(ctx: dict[str, Any]) -> CategoryData:
    """The tournament's categories (linked above its standings) and who is in them."""
    return category_data(ctx["data"], ctx["today"])





@public
def standings(web: Web, request: Request, page: Page) -> Response:
    ctx = _public_context(web, request)
    t = ctx["t"]
    if system_of(t).team_event:  # a team event's standings are the teams'
        return web.redirect(page, f"/t/{ctx['n']}/teams")
    if system_of(t).knockout:  # a cup's standings are its bracket and finishing places
        cup = web.kept(request, ("cup", ctx["name"]), lambda: cup_view(t))
        names = web.reads(request).tournament_names()
        consolation = ((names.index(cup.consolation) + 1, cup.consolation)
                       if cup.consolation in names else None)
        return web.render(page, "bracket.html", **ctx, cup=cup, consolation=consolation,
                          section="standings")
    after = round_param(request, len(t.rounds), "after")
    keys: list[str] = []
    fide = None
    if system_of(t).fide_tiebreaks:  # kept: the crosstable and player pages use them too
        fide = web.kept(request, ("tiebreaks", ctx["name"], after),
                        lambda: tournament_standings(t, after))
        keys = [tb.key for tb in fide.tiebreaks]
    link = f"/t/{ctx['n']}/players/"
    _ = web.gettext(page)  # "#" over the ranks, the game points as the score
    words = i18n.page_words(page.lang, marked=_("withdrawn"),
                            titles={"rank": "#", "points": _("Score")})
    part = web.part(request, page, "_standings_part.html", (ctx["n"], after), **ctx, keys=keys,
                    after=after, categories=_categories(ctx).setup.categories,
                    rated=lambda: rated_changes(ctx, after),
                    standings=lambda changes: standings_page(t, after, fide, changes, words,
                                                             link))
    return web.render(page, "standings.html", **ctx, part=part, after=after, section="standings")


@public
def pairings(web: Web, request: Request, page: Page) -> Response:
    ctx = _public_context(web, request)
    t = ctx["t"]
    number = round_param(request, len(t.rounds))
    view = round_view(t, number) if number else None
    points, day = {}, None  # beside the names: the points before the round; the evening
    if view is not None:
        points = web.kept(request, ("points-before", t.name, number),
                          lambda: points_before(t, number))
        day = ctx["head"].date(number) or None
    part = web.part(request, page, "_pairings_part.html", (ctx["n"], number), **ctx, view=view,
                    number=number, points=points, day=day)
    return web.render(page, "pairings.html", **ctx, part=part, number=number,
                      section="pairings")


@public
def printout(web: Web, request: Request, page: Page) -> Response:
    """A round's pairings to print: in alphabetical order ("where do I play?"), in large type
    for the notice board, or as result slips to cut."""
    ctx = _public_context(web, request)
    kind = request.path_params["kind"]
    if kind not in PRINTOUTS:
        raise HTTPException(404)
    number = round_param(request, len(ctx["t"].rounds))
    if not number:
        return web.redirect(page, f"/t/{ctx['n']}/pairings")
    view = round_view(ctx["t"], number)
    return web.render(page, PRINTOUTS[kind], **ctx, view=view, number=number,
                      seats=seats(view), section="seats" if kind == "alphabetical" else "pairings")


@public
def start_rank(web: Web, request: Request, page: Page) -> Response:
    """The start-rank list: pairing numbers with title, rating, FIDE id, federation, club."""
    ctx = _public_context(web, request)
    entrants = [ctx["t"].entrant(p) for p in numbers_of(ctx["t"])]
    details = ctx["data"].details
    return web.render(page, "start_rank.html", **ctx, entrants=entrants, details=details,
                      unknown=PlayerDetails(), section="participants")


@public
def progress(web: Web, request: Request, page: Page) -> Response:
    ctx = _public_context(web, request)
    if (system_of(ctx["t"]).fide_tiebreaks or system_of(ctx["t"]).knockout
            or system_of(ctx["t"]).team_event):  # Keizer only
        return web.redirect(page, f"/t/{ctx['n']}/")
    rows = progress_rows(ctx["t"], ctx["svc"].history(ctx["name"]))
    unranked = any(c.opponent_rank == "?" for row in rows for c in row.cells)
    return web.render(page, "progress.html", **ctx, rows=rows, unranked=unranked,
                      print_rounds=PRINT_ROUNDS, section="progress")


@public
def crosstable(web: Web, request: Request, page: Page) -> Response:
    ctx = _public_context(web, request)
    if system_of(ctx["t"]).knockout:  # who played whom: the bracket
        return web.redirect(page, f"/t/{ctx['n']}/")
    if system_of(ctx["t"]).fide_tiebreaks:
        return system_pages.crosstable(web, request, page, ctx)
    rows = crosstable_rows(ctx["t"])
    return web.render(page, "crosstable.html", **ctx, rows=rows, section="crosstable")


@public
def participants(web: Web, request: Request, page: Page) -> Response:
    ctx = _public_context(web, request)
    entrants = [ctx["t"].entrant(p) for p in numbers_of(ctx["t"])]  # pairing numbers, a draw
    return web.render(page, "participants.html", **ctx, section="participants",
                      entrants=list(enumerate(entrants, start=1)))  # (not the loop's index: slower)


@public
def player(web: Web, request: Request, page: Page) -> Response:
    ctx = _public_context(web, request)
    t = ctx["t"]
    pid = int(request.path_params["pid"])
    if not t.has_entrant(pid):
        raise HTTPException(404)
    if system_of(t).knockout:  # a cup player's games: the bracket
        return web.redirect(page, f"/t/{ctx['n']}/")
    data = _categories(ctx)
    ctx["placed"] = places_of(data, tournament_standings(t), pid) if data.setup.categories else ()
    if system_of(t).fide_tiebreaks:  # the Keizer breakdown has no round-robin or Swiss counterpart
        return system_pages.player(web, page, ctx, pid)
    row = ctx["svc"].keizer_detail(ctx["name"]).row(pid)
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
        page, "player.html", **ctx, row=row, chart=svg, entrant=t.entrant(pid), section="standings",
        change=(rated_changes(ctx) or {}).get(pid),
    )



def routes(web: Web) -> list[Route]:
    t = "/t/{n:int}"
    return [
        Route("/", home(web)),
        Route(t + "/", standings(web)),
        Route(t + "/pairings", pairings(web)),
        Route(t + "/progress", progress(web)),
        Route(t + "/crosstable", crosstable(web)),
        Route(t + "/participants", participants(web)),
        Route(t + "/start-rank", start_rank(web)),
        Route(t + "/pairings/{kind}", printout(web)),
        Route(t + "/players/{pid:int}", player(web)),
    ]
