"""Categories and the prize list on the web (every system): the public category standings
and prize list, linked from the standings page, and the TD's page that defines them."""

from __future__ import annotations

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from rochade import i18n
from rochade.service.categories import CategoryData
from rochade.service.page_lists import category_page, prizes_page
from rochade.service.system_cases import system_of
from rochade.web.base import USER_ERRORS, Page, Web, field, public, round_param, td_only


def _data(web: Web, request: Request) -> tuple[int, CategoryData]:
    data: CategoryData = web.reads(request).categories(web.tournament_name(request))
    return int(request.path_params["n"]), data


@public
def category(web: Web, request: Request, page: Page) -> Response:
    n, data = _data(web, request)
    number = int(request.path_params["c"])
    if not 1 <= number <= len(data.setup.categories):
        raise HTTPException(404)
    chosen = data.setup.categories[number - 1]
    t = data.tournament
    after = round_param(request, len(t.rounds), "after")
    _ = web.gettext(page)
    table = category_page(data, after, chosen.name,
                          i18n.page_words(page.lang, marked=_("withdrawn")), f"/t/{n}/players/")
    unknown = [t.entrant(p).name for p in data.members(chosen)[1]]
    head = web.reads(request).letterhead(t.name)
    return web.render(page, "category.html", n=n, t=t, after=after, chosen=chosen, head=head,
                      print_round=after if after is not None else len(t.rounds),
                      number=number, categories=data.setup.categories, unknown=unknown,
                      section="standings", table=table, kind=table.kind)


@public
def prizes(web: Web, request: Request, page: Page) -> Response:
    n, data = _data(web, request)
    t = data.tournament
    if system_of(t).team_event:  # a team event's places are its team standings
        return web.redirect(page, f"/t/{n}/teams")
    _ = web.gettext(page)
    table = prizes_page(data, i18n.page_words(page.lang, marked=_("withdrawn")),
                        f"/t/{n}/players/")
    head = web.reads(request).letterhead(t.name)
    return web.render(page, "prizes.html", n=n, t=t, setup=data.setup, head=head,
                      print_round=len(t.rounds),
                      categories=data.setup.categories, section="standings",
                      table=table, kind=table.kind)


@td_only
def td_categories(web: Web, request: Request, page: Page) -> Response:
    """Show the categories with who is in each; POST: save what the TD wrote (nothing on a
    refusal, which is shown above the text as typed)."""
    name = web.tournament_name(request)
    n = int(request.path_params["n"])
    typed: dict[str, str] = {}
    if request.method == "POST":
        form = page.form
        typed = {"categories": field(form, "categories"),
                 "one_prize": "yes" if field(form, "one_prize") else "no"}
        try:
            web.service().set_categories(typed, name)
        except USER_ERRORS as exc:
            page.flashes = [["error", web.say(page, exc)]]
        else:
            _ = web.gettext(page)
            return web.redirect(page, f"/td/t/{n}/categories", ("ok", _("Categories saved.")))
    data: CategoryData = web.service().categories(name)
    counts = [(c, *map(len, data.members(c))) for c in data.setup.categories]
    return web.render(page, "td_categories.html", n=n, t=data.tournament, setup=data.setup,
                      typed=typed, counts=counts, day=data.day, section="categories")


def routes(web: Web) -> list[Route]:
    return [
        Route("/t/{n:int}/categories/{c:int}", category(web)),
        Route("/t/{n:int}/prizes", prizes(web)),
        Route("/td/t/{n:int}/categories", td_categories(web), methods=["GET", "POST"]),
    ]
