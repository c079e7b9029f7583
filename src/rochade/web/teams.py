"""A team event on the web: the TD's page (rosters from a list, pair the next round, a
match's lineups, the board results, a whole-match forfeit, a team's withdrawal) and the
public page (standings with match and game points and the team tie-breaks, every round's
matches with their boards); both show the board records and board prizes.
Each form calls the use case its `rochade` command calls."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from rochade.web.base import USER_ERRORS, Page, Web, field, public, td_only, whole

RESULTS = ("1-0", "1/2", "0-1", "+/-", "-/+", "-/-")


def _back(request: Request) -> str:
    return f"/td/t/{request.path_params['n']}/teams"



@td_only
def td_teams(web: Web, request: Request, page: Page) -> Response:
    """The teams and rosters, the list import, the pairing button and the last round."""
    name = web.tournament_name(request)
    svc = web.service()
    if not svc.is_team_event(name):
        raise HTTPException(404)
    view, records, prizes, minimum = svc.board_prizes(None, name)
    names = {m.id: m.name for team in view.event.teams for m in team.members}
    return web.render(page, "td_teams.html", n=int(request.path_params["n"]),
                      t=svc.tournament(name), view=view, event=view.event, names=names,
                      results=RESULTS, records=records, prizes=prizes, minimum=minimum,
                      section="teams")


@td_only
def td_teams_import(web: Web, request: Request, page: Page) -> Response:
    """`player import` of a list with a team column (pasted)."""
    _ = web.gettext(page)

    def load() -> str:
        lines = web.service().import_team_players(field(page.form, "list"),
                                                  web.tournament_name(request))
        return _("%(count)s players in their teams.") % {"count": len(lines)}

    return web.after(page, _back(request), load)


@td_only
def td_teams_pair(web: Web, request: Request, page: Page) -> Response:
    """`pair`: the next round, default lineups."""
    _ = web.gettext(page)

    def pair() -> str:
        _view, rnd, _why = web.service().pair_teams(web.tournament_name(request))
        return _("Round %(round)s paired.") % {"round": rnd.number}

    return web.after(page, _back(request), pair)


@td_only
def td_teams_results(web: Web, request: Request, page: Page) -> Response:
    """`result ROUND MATCH.BOARD RESULT` for every board whose result is chosen (unchanged
    ones are left as they are)."""
    _ = web.gettext(page)
    number = field(page.form, "round")
    chosen = [(key.removeprefix("result"), value) for key, value in page.form.multi_items()
              if key.startswith("result") and isinstance(value, str) and value]

    def enter() -> str:
        svc = web.service()
        name = web.tournament_name(request)
        event = svc.team_event(name).event
        count = 0
        for board, value in chosen:
            match, _dot, place = board.partition(".")
            if not (whole(number) and whole(match) and whole(place)):
                continue
            stored = event.rounds[int(number) - 1].matches[int(match) - 1].boards[int(place) - 1]
            if stored.result is not None and stored.result.value == _typed(value):
                continue
            svc.enter_board_result(int(number), board, value, name)
            count += 1
        return _("%(count)s results saved.") % {"count": count}

    return web.after(page, _back(request), enter)


@td_only
def td_teams_lineup(web: Web, request: Request, page: Page) -> Response:
    """`team lineup ROUND MATCH TEAM PLAYERS...`: the roster places chosen board by board."""
    _ = web.gettext(page)
    number, match, team = (field(page.form, "round"), field(page.form, "match"),
                           field(page.form, "team"))
    places = [value for key, value in page.form.multi_items()
              if key == "player" and isinstance(value, str)]

    def lineup() -> str:
        if not (whole(number) and whole(match)):
            return ""
        web.service().set_lineup(int(number), int(match), team, places,
                                 web.tournament_name(request))
        return _("Lineup of %(team)s saved.") % {"team": team}

    return web.after(page, _back(request), lineup)


def _typed(value: str) -> str:
    return {"1/2": "1/2-1/2"}.get(value, value)


@td_only
def td_teams_forfeit(web: Web, request: Request, page: Page) -> Response:
    """`team forfeit`: a team that did not turn up loses every board of its match."""
    _ = web.gettext(page)
    number, match = field(page.form, "round"), field(page.form, "match")

    def forfeit() -> str:
        if not (whole(number) and whole(match)):
            return ""
        web.service().forfeit_match(int(number), int(match), field(page.form, "team"),
                                    web.tournament_name(request))
        return _("Match %(match)s forfeited.") % {"match": match}

    return web.after(page, _back(request), forfeit)


@td_only
def td_teams_withdraw(web: Web, request: Request, page: Page) -> Response:
    """`team withdraw`."""
    _ = web.gettext(page)

    def withdraw() -> str:
        team = field(page.form, "team")
        after = web.service().withdraw_team(team, web.tournament_name(request))
        return _("%(team)s withdraws after round %(round)s.") % {"team": team, "round": after}

    return web.after(page, _back(request), withdraw)


@td_only
def td_new_team(web: Web, request: Request, page: Page) -> Response:
    """The form of a new team event: system, name, boards, rounds and the rules."""
    return web.render(page, "td_new_team.html")


@td_only
def td_create_team(web: Web, request: Request, page: Page) -> Response:
    """`tournament create --system team-swiss|team-round-robin` with its options."""
    form = page.form
    _ = web.gettext(page)
    system = field(form, "system")
    rounds = field(form, "rounds")
    options: dict[str, object] = {
        "boards": field(form, "boards") or None,
        "rounds": rounds if whole(rounds) else None,
        "colours": field(form, "colours") or None,
        "primary": field(form, "primary") or None,
        "match_points": field(form, "match_points") or None,
        "baku": bool(field(form, "baku")) or None,
        "double": bool(field(form, "double")) or None,
    }
    try:
        web.service().create_team_event(field(form, "name"), system, options)
    except USER_ERRORS as exc:
        return web.redirect(page, "/td/new-team", ("error", web.say(page, exc)))
    number = len(web.service().tournaments())
    return web.redirect(page, f"/td/t/{number}/teams",
                        ("ok", _("Tournament created. Now add the teams.")))


@public
def team_standings(web: Web, request: Request, page: Page) -> Response:
    """The team standings and every round's matches with their boards."""
    name = web.tournament_name(request)
    svc = web.reads(request)
    if not svc.is_team_event(name):
        raise HTTPException(404)
    view, codes, lines = svc.team_standings(name)
    _view, records, prizes, minimum = svc.board_prizes(None, name)
    names = {m.id: m.name for team in view.event.teams for m in team.members}
    return web.render(page, "teams.html", n=int(request.path_params["n"]),
                      t=svc.tournament(name), view=view, event=view.event, codes=codes,
                      lines=lines, names=names, records=records, prizes=prizes,
                      minimum=minimum, section="teams")


def hall_facts(web: Web, request: Request) -> dict[str, Any]:
    """What the hall's pages of a team event show: the event, its standings (`lines`, with
    the tie-break `codes`) and every player's name by id."""
    view, codes, lines = web.reads(request).team_standings(web.tournament_name(request))
    names = {m.id: m.name for team in view.event.teams for m in team.members}
    return {"event": view.event, "codes": codes, "lines": lines, "names": names}


@dataclass(frozen=True)
class Tonight:
    """A team player's board in the last paired round: match, board, colour, opponent, and
    the match score so far (home first)."""

    round: int
    match: int
    board: int
    white: bool
    team: str
    opponent: str
    opponent_team: str
    result: str
    score: tuple[Fraction, Fraction]
    home: bool


def tonight(event: Any, player: int, names: dict[int, str]) -> Tonight | None:
    """Where `player` plays in the event's last round, None if not in a lineup."""
    if not event.rounds:
        return None
    rnd = event.rounds[-1]
    for number, match in enumerate(rnd.matches, start=1):
        for place, board in enumerate(match.boards, start=1):
            if player not in (board.white, board.black):
                continue
            home = match.home_player(place) == player
            ours, theirs = (match.home, match.away) if home else (match.away, match.home)
            white = board.white == player
            return Tonight(rnd.number, number, place, white, event.team(ours).name,
                           names[board.black if white else board.white],
                           event.team(theirs).name,
                           board.result.value if board.result else "", match.game_points(),
                           home)
    return None


def team_evening(web: Web, request: Request, page: Page, ctx: dict[str, Any]) -> Response:
    """A team player's evening, read only: his team, board, colour and opponent tonight, the
    match score so far and his team's place."""
    facts = hall_facts(web, request)
    pid = int(request.path_params["pid"])
    if pid not in facts["names"]:
        raise HTTPException(404)
    event = facts["event"]
    team = next(tm for tm in event.teams if any(m.id == pid for m in tm.members))
    line = next((li for li in facts["lines"] if li.team.number == team.number), None)
    return web.render(page, "team_evening.html", **ctx, **facts, player=facts["names"][pid],
                      team=team, line=line, tonight=tonight(event, pid, facts["names"]),
                      section="teams")


@public
def team_print(web: Web, request: Request, page: Page) -> Response:
    """A round's matches with their boards, and the standings, to print (A4)."""
    name = web.tournament_name(request)
    svc = web.reads(request)
    if not svc.is_team_event(name):
        raise HTTPException(404)
    facts = hall_facts(web, request)
    rounds = facts["event"].rounds
    typed = request.query_params.get("round", "")
    number = int(typed) if whole(typed) and 1 <= int(typed) <= len(rounds) else len(rounds)
    return web.render(page, "team_print.html", n=int(request.path_params["n"]),
                      t=svc.tournament(name), **facts, number=number,
                      rnd=rounds[number - 1] if number else None, section="teams")


def routes(web: Web) -> list[Route]:
    td = "/td/t/{n:int}/teams"
    return [
        Route(td, td_teams(web)),
        Route(td + "/import", td_teams_import(web), methods=["POST"]),
        Route(td + "/pair", td_teams_pair(web), methods=["POST"]),
        Route(td + "/results", td_teams_results(web), methods=["POST"]),
        Route(td + "/lineup", td_teams_lineup(web), methods=["POST"]),
        Route(td + "/forfeit", td_teams_forfeit(web), methods=["POST"]),
        Route(td + "/withdraw", td_teams_withdraw(web), methods=["POST"]),
        Route("/t/{n:int}/teams", team_standings(web)),
        Route("/t/{n:int}/teams/print", team_print(web)),
        Route("/td/new-team", td_new_team(web)),
        Route("/td/new-team", td_create_team(web), methods=["POST"]),
    ]
