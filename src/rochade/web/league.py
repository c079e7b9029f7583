"""The club's league teams on the web: the TD adds a team, enters a match (lineup, colours,
results), corrects a board's player or result on its match card, or deletes it, on one
page; the match cards are a public page to print. Each form calls the use case its
`rochade league` command calls."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from rochade import i18n
from rochade.web.base import Page, Web, field, public, td_only, whole

BOARDS = 10
"""The board rows the match form offers (a league match has 4 to 10 boards)."""
SCORES = ("1", "1/2", "0", "+", "-")


def _back(request: Request) -> str:
    return f"/td/t/{request.path_params['n']}/league"


@td_only
def td_league(web: Web, request: Request, page: Page) -> Response:
    """The teams counting for this competition, the match form and the match cards."""
    name = web.tournament_name(request)
    svc = web.service()
    teams = [team for team in svc.league_teams() if team.competition == name]
    cards = [card for card in svc.match_cards()
             if any(card.match.team.id == team.id for team in teams)]
    return web.render(page, "td_league.html", n=int(request.path_params["n"]),
                      t=svc.tournament(name), teams=teams, cards=cards,
                      members=svc.league_members(), boards=range(1, BOARDS + 1), scores=SCORES,
                      section="league")



@td_only
def td_league_team(web: Web, request: Request, page: Page) -> Response:
    """`league team add`, for this competition."""
    form = page.form
    _ = web.gettext(page)
    number = field(form, "keizer_team") or "1"

    def add() -> str:
        team = web.service().add_league_team(
            field(form, "name"), int(number) if whole(number) else 0, field(form, "league"),
            field(form, "season"), web.tournament_name(request))
        return _("League team %(team)s added.") % {"team": team.name}

    return web.after(page, _back(request), add)


@td_only
def td_league_match(web: Web, request: Request, page: Page) -> Response:
    """`league match add` (`--replace`: in place of a match chosen): the board rows filled
    in, each with its colour and result."""
    form = page.form
    _ = web.gettext(page)
    filled = [b for b in range(1, BOARDS + 1) if field(form, f"player{b}")]
    lineup = [f"{b}={field(form, f'player{b}')}" for b in filled]
    colours = "".join(field(form, f"colour{b}") or "." for b in filled)
    results = [f"{b}={field(form, f'result{b}')}" for b in filled if field(form, f"result{b}")]
    replace = field(form, "replace")

    def add() -> str:
        added = web.service().add_league_match(
            field(form, "team"), field(form, "date"), field(form, "opponent"),
            field(form, "venue") != "away", lineup, colours if filled else None, results,
            replace=int(replace) if whole(replace) else None)
        return _("Match #%(match)s saved.") % {"match": added.id}

    return web.after(page, _back(request), add)


@td_only
def td_league_results(web: Web, request: Request, page: Page) -> Response:
    """`league match board` and `league match result` for a whole match card: the players
    and results that differ from the match are changed, as one change."""
    _ = web.gettext(page)
    match_id = int(request.path_params["match"])
    items = [(key, value) for key, value in page.form.multi_items() if isinstance(value, str)]
    results = [f"{key.removeprefix('result')}={value}" for key, value in items
               if key.startswith("result") and value]
    players = {int(key.removeprefix("player")): value for key, value in items
               if key.startswith("player") and whole(key.removeprefix("player"))}

    def enter() -> str:
        web.service().set_league_boards(match_id, players, results)
        return _("Match #%(match)s saved.") % {"match": match_id}

    return web.after(page, _back(request), enter)


@td_only
def td_league_delete(web: Web, request: Request, page: Page) -> Response:
    """`league match delete` (the log's undo brings it back)."""
    _ = web.gettext(page)
    match_id = int(request.path_params["match"])

    def delete() -> str:
        web.service().delete_league_match(match_id)
        return _("Match #%(match)s deleted.") % {"match": match_id}

    return web.after(page, _back(request), delete)


@public
def match_cards(web: Web, request: Request, page: Page) -> Response:
    """The match cards of the teams counting for the competition, to read and to print."""
    name = web.tournament_name(request)
    svc = web.reads(request)
    teams = [(team.name, team.season) for team in svc.league_teams() if team.competition == name]
    tables = [i18n.localized(svc.match_card_list(team, season).table, page.lang)
              for team, season in teams]
    return web.render(page, "league.html", n=int(request.path_params["n"]),
                      t=svc.tournament(name), tables=tables)


def routes(web: Web) -> list[Route]:
    td = "/td/t/{n:int}/league"
    return [
        Route(td, td_league(web)),
        Route(td + "/team", td_league_team(web), methods=["POST"]),
        Route(td + "/match", td_league_match(web), methods=["POST"]),
        Route(td + "/match/{match:int}/results", td_league_results(web), methods=["POST"]),
        Route(td + "/match/{match:int}/delete", td_league_delete(web), methods=["POST"]),
        Route("/t/{n:int}/league", match_cards(web)),
    ]
