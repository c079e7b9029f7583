"""Round-robin and Swiss pages: creating one with its settings, the settings later, Swiss
byes asked in advance and forbidden pairs, the pairing explained to the TD; and for everyone
the crosstable (n×n for a round robin, round by round for a Swiss) and a player's page.

Pairing, results, players, check-in and undo are the pages every system shares (`td`).
The app registers `routes()`; `public` hands its crosstable and player pages of these
systems to `crosstable()` and `player()`.
"""

from __future__ import annotations

from typing import Any

from starlette.datastructures import FormData
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from rochade import i18n
from rochade.service import ServiceError, tournament_standings
from rochade.service.fidemode import NeedsFideConfirmation
from rochade.service.lists import Standings
from rochade.service.page_lists import crosstable_page
from rochade.service.printed import list_of
from rochade.service.system_cases import (
    ROUND_ROBIN,
    SCORINGS,
    SWISS,
    SYSTEMS,
    RoundRobinSettings,
    SwissSettings,
    TieBreak,
    draws_by_lot,
    find_system,
    round_robin_schedule,
    scoring_text,
    system_of,
)
from rochade.web.base import USER_ERRORS, Page, Web, field, int_or_none, round_param, td_only
from rochade.web.chart import player_chart
from rochade.web.queries import planned_rounds, rated_changes
from rochade.web.tables import forbidden_pairs, player_rounds, requested_byes
from rochade.web.texts import N_

SYSTEM_NAMES = {ROUND_ROBIN: N_("Round robin"), SWISS: N_("Swiss"), "knockout": N_("Knockout cup"),
                "double-swiss": N_("Double-Swiss")}
TIEBREAK_SLOTS = 5
"""How many tie-break places the settings form offers."""

TIEBREAK_HELP = {
    "BH-C1": N_("Buchholz cut 1: the opponents' scores without the lowest"),
    "BH-C2": N_("Buchholz cut 2: the opponents' scores without the two lowest"),
    "BH-M1": N_("Median Buchholz: without the highest and the lowest"),
    "BH": N_("Buchholz: the sum of the opponents' scores"),
    "BHNB": N_("Buchholz without bye points: a round without an opponent adds nothing"),
    "SB": N_("Sonneborn-Berger: scores of the opponents beaten, half of those drawn"),
    "DE": N_("Direct encounter: the place among the players tied on the criteria before it, "
             "by their games against each other; 1 for a player tied with no one, and for "
             "all while those games decide nothing"),
    "WIN": N_("Wins (forfeit wins included)"),
    "WON": N_("Games won over the board"),
    "BPG": N_("Games played with black"),
    "BWG": N_("Games won with black"),
    "KS": N_("Koya: points against those with at least half the possible score"),
    "ARO": N_("Average rating of the opponents"),
    "TPR": N_("Tournament performance rating"),
    "PTP": N_("Perfect tournament performance"),
    "PS": N_("Progressive score: the running scores after each round added up"),
    "AOB": N_("Average of the opponents' Buchholz"),
    "FB": N_("Fore Buchholz: Buchholz as if the last round were all draws"),
}
"""The tie-breaks a TD picks from, with a line each (C.07 art. 8: no Buchholz family in a
round robin)."""

ROUND_ROBIN_TIEBREAKS = ("SB", "DE", "WIN", "WON", "BPG", "BWG", "KS", "ARO", "TPR", "PTP", "PS")

SCORING_HELP = {
    "1-1/2-0": N_("1 for a win, ½ for a draw: the classic"),
    "3-1-0": N_("3 for a win, 1 for a draw: decisive games count more"),
    "2-1-0": N_("2 for a win, 1 for a draw: the classic in whole numbers"),
}


def tiebreak_choices(system: str) -> list[tuple[str, str]]:
    codes = ROUND_ROBIN_TIEBREAKS if find_system(system).fixed_schedule else tuple(TIEBREAK_HELP)
    return [(code, TIEBREAK_HELP[code]) for code in codes]


def _system_param(request: Request) -> str:
    system = SYSTEMS.get(str(request.path_params["system"]))
    if system is None or system.presets or system.team_event:  # Keizer and team events
        raise HTTPException(404)  # have their own pages
    return system.name


def _form_context(web: Web, page: Page, system: str,
                  settings: RoundRobinSettings | SwissSettings, started: bool) -> dict[str, Any]:
    """What the settings form (new tournament or later) shows: values, choices, help."""
    _ = web.gettext(page)
    kind = find_system(system)
    chosen = [tb.key for tb in kind.tiebreaks(settings)]
    points = kind.scoring(settings)
    return {
        "system": system,
        "kind": kind,
        "system_name": _(SYSTEM_NAMES.get(system, system)),
        "s": settings,
        "opts": kind.options,
        "scoring_choice": _scoring_choice(settings),
        "scoring_now": "" if points is None else scoring_text(points),
        "scorings": [(key, _(SCORING_HELP[key])) for key in SCORINGS],
        "tb_choices": [(code, _(text)) for code, text in tiebreak_choices(system)],
        "tb_slots": [chosen[i] if i < len(chosen) else "" for i in range(TIEBREAK_SLOTS)],
        "tb_defaults": ", ".join(tb.key for tb in kind.tiebreaks(kind.settings_type())),
        "started": started,
        "lot_seed": settings.seed if draws_by_lot(settings) else None,
    }


def _scoring_choice(settings: object) -> bool:
    """Whether the TD picks the points of a game (a Double-Swiss's games are 1-½-0)."""
    return hasattr(settings, "scoring")


def _options(form: FormData, system: str, started: bool) -> dict[str, object]:
    """The service's options from the settings form; the round-1 ones only before round 1."""
    found = find_system(system)
    if found.knockout:  # a cup: its matches and play-off, fixed once round 1 is paired
        consolation = field(form, "consolation") or None
        if started:
            return {"third_place": bool(field(form, "third_place")),
                    "consolation": consolation}
        return {"games": int_or_none(field(form, "games"), "games a match"),
                "playoff": field(form, "playoff") or None,
                "seeding": field(form, "seeding") or None,
                "third_place": bool(field(form, "third_place")),
                "consolation": consolation,
                "seed": int_or_none(field(form, "seed"), "seed")}
    codes: list[str] = []
    offered = dict(tiebreak_choices(system))
    for i in range(1, TIEBREAK_SLOTS + 1):
        code = field(form, f"tb{i}")
        if code and code not in offered:
            raise ServiceError("tie-break {n}: '{code}' is not offered for a {system}", n=i,
                               code=code[:20], system=system)
        if code and code not in codes:
            codes.append(code)
    points = field(form, "scoring") if _scoring_choice(found.settings_type()) else ""
    if points and points not in SCORINGS:
        raise ServiceError("the scoring '{points}' is not offered; choose {choices}",
                           points=points[:20], choices=", ".join(SCORINGS))
    options: dict[str, object] = {"scoring": points or None, "tiebreaks": ",".join(codes)}
    if "rounds" in found.options:
        options["rounds"] = int_or_none(field(form, "rounds"), "number of rounds")
    if "pab" in found.options:
        options["pab"] = field(form, "pab") or None
    if found.byes_in_advance:
        limit = int_or_none(field(form, "max_half_point_byes"), "most half-point byes")
        options |= {
            "bye_value": field(form, "bye_value"),
            "half_bye_value": field(form, "half_bye_value"),
            "max_half_point_byes": "" if limit is None else limit,  # "": no limit
            "half_point_byes_closed": int_or_none(
                field(form, "half_point_byes_closed") or "0", "rounds without half-point byes"
            ),
        }
    if not started:
        if "seed" in found.options:
            options["seed"] = int_or_none(field(form, "seed"), "seed")
        if found.fixed_schedule:
            options |= {"double": bool(field(form, "double")),
                        "numbers_by": field(form, "numbers_by") or None}
        if "first_round" in found.options:
            options["first_round"] = field(form, "first_round") or None
        if "acceleration" in found.options:
            options["acceleration"] = "baku" if field(form, "acceleration") else "none"
        for key in ("pairing_rules", "initial_colour"):  # what decides the rounds to come
            if key in found.options:
                options[key] = field(form, key) or None
    return options


# -- TD: a new round robin or Swiss ----------------------------------------------------------


def td_new(web: Web, request: Request, page: Page) -> Response:
    system = _system_param(request)
    settings = find_system(system).settings_type()
    return web.render(page, "systems/td_new.html", new=True,
                      **_form_context(web, page, system, settings, started=False))


def td_create(web: Web, request: Request, page: Page) -> Response:
    system = _system_param(request)
    form = page.form
    _ = web.gettext(page)
    try:
        options = _options(form, system, started=False)
        options["fide_mode"] = bool(field(form, "fide_mode"))
        web.service().create_system_tournament(field(form, "name"), system, options,
                                               field(form, "pairing_rating") or None)
    except USER_ERRORS as exc:
        return web.redirect(page, f"/td/new/{system}", ("error", web.say(page, exc)))
    number = len(web.service().tournaments())
    return web.redirect(
        page, f"/td/t/{number}/players", ("ok", _("Tournament created. Now add the players."))
    )


# -- TD: the settings of a running round robin or Swiss ----------------------------------------


def _tournament(web: Web, request: Request) -> tuple[int, Any]:
    t = web.service().tournament(web.tournament_name(request))
    if system_of(t).presets or system_of(t).team_event:
        raise HTTPException(404)
    return int(request.path_params["n"]), t


def td_rules(web: Web, request: Request, page: Page) -> Response:
    n, t = _tournament(web, request)
    form = _form_context(web, page, t.system, t.settings, bool(t.rounds))
    return web.render(page, "systems/td_rules.html", n=n, t=t, planned=planned_rounds(t),
                      section="rules", fide=web.service().fide_mode(t.name), **form)


def td_change_rules(web: Web, request: Request, page: Page) -> Response:
    form = page.form
    n, t = _tournament(web, request)
    _ = web.gettext(page)
    try:
        web.service().change_rules(_options(form, t.system, bool(t.rounds)), t.name,
                                   confirm=bool(field(form, "confirm")))
    except NeedsFideConfirmation as exc:
        return fide_confirm(web, request, page, form, exc, n, t, "rules")
    except USER_ERRORS as exc:
        return web.redirect(page, f"/td/t/{n}/rules", ("error", web.say(page, exc)))
    return web.redirect(page, f"/td/t/{n}/rules", ("ok", _("Settings saved.")))


def td_consolation(web: Web, request: Request, page: Page) -> Response:
    """`cup consolation`: the cup's consolation cup started; on to its own pages."""
    n, t = _tournament(web, request)
    _ = web.gettext(page)
    try:
        started = web.service().start_consolation(None, t.name)
    except USER_ERRORS as exc:
        return web.redirect(page, f"/td/t/{n}/rules", ("error", web.say(page, exc)))
    return web.redirect(page, "/td/", ("ok", _("Consolation cup %(name)s started.")
                                       % {"name": started.name}))


def td_fide(web: Web, request: Request, page: Page) -> Response:
    """FIDE mode switched on (before round 1) or left for good (after a confirmation)."""
    form = page.form
    n, t = _tournament(web, request)
    _ = web.gettext(page)
    on = field(form, "fide_mode") == "on"
    try:
        web.service().change_rules({"fide_mode": "on" if on else "off"}, t.name,
                                   confirm=bool(field(form, "confirm")))
    except NeedsFideConfirmation as exc:
        return fide_confirm(web, request, page, form, exc, n, t, "rules")
    except USER_ERRORS as exc:
        return web.redirect(page, f"/td/t/{n}/rules", ("error", web.say(page, exc)))
    return web.redirect(page, f"/td/t/{n}/rules", (
        "ok", _("FIDE mode is on.") if on else _("The tournament has left FIDE mode.")))


def fide_confirm(web: Web, request: Request, page: Page, form: FormData,
                 exc: NeedsFideConfirmation, n: int, t: Any, section: str) -> Response:
    """The confirmation step of FIDE mode: the consequence in words, and the same form sent
    again with `confirm` (or back, changing nothing). Asked from an htmx row (check-in), the
    page replaces the whole page, not the row."""
    fields = [(key, str(value)) for key, value in form.multi_items()
              if key not in ("csrf", "confirm")]
    back = f"/td/t/{n}/{section}"
    response = web.render(page, "systems/td_fide_confirm.html", n=n, t=t, fields=fields,
                          action=request.url.path, consequence=web.say(page, exc), back=back,
                          section=section)
    if request.headers.get("hx-request"):
        response.headers["HX-Retarget"] = "body"
        response.headers["HX-Reswap"] = "innerHTML"
    return response


# -- TD: byes asked in advance and forbidden pairs (Swiss) -------------------------------------


def td_byes(web: Web, request: Request, page: Page) -> Response:
    n, t = _tournament(web, request)
    rounds = system_of(t).planned_rounds(t.settings)
    coming = range(len(t.rounds) + 1, rounds + 1) if rounds is not None else ()
    return web.render(page, "systems/td_byes.html", n=n, t=t, byes=requested_byes(t),
                      pairs=forbidden_pairs(t), coming=list(coming),
                      players=sorted(t.active, key=lambda e: e.name_key),
                      section="byes")


def td_bye(web: Web, request: Request, page: Page) -> Response:
    form = page.form
    n, t = _tournament(web, request)
    _ = web.gettext(page)
    back = f"/td/t/{n}/byes"
    svc = web.service()
    player = field(form, "player")
    try:
        number = int_or_none(field(form, "round"), "round") or 0
        if field(form, "action") == "cancel":
            entrant = svc.cancel_bye(player, number, t.name)
            message = _("{name} is paired in round {round} after all.")
        else:
            kind = field(form, "kind")
            half, full = kind not in ("zero", "full"), kind == "full"
            entrant = svc.request_bye(player, number, half, t.name, full,
                                      confirm=bool(field(form, "confirm")))
            message = (_("{name} has a full-point bye in round {round}.") if full
                       else _("{name} has a half-point bye in round {round}.") if half
                       else _("{name} has a zero-point bye in round {round}."))
    except NeedsFideConfirmation as exc:
        return fide_confirm(web, request, page, form, exc, n, t, "byes")
    except USER_ERRORS as exc:
        return web.redirect(page, back, ("error", web.say(page, exc)))
    return web.redirect(page, back, ("ok", message.format(name=entrant.name, round=number)))


def td_forbid(web: Web, request: Request, page: Page) -> Response:
    form = page.form
    n, t = _tournament(web, request)
    _ = web.gettext(page)
    back = f"/td/t/{n}/byes#pairs"
    svc = web.service()
    first, second = field(form, "first"), field(form, "second")
    try:
        forbidden = field(form, "action") != "allow"
        a, b = svc.forbid_pair(first, second, t.name, forbidden,
                               confirm=bool(field(form, "confirm")))
        message = (_("{first} and {second} will not be paired.") if forbidden
                   else _("{first} and {second} may be paired again."))
    except NeedsFideConfirmation as exc:
        return fide_confirm(web, request, page, form, exc, n, t, "byes")
    except USER_ERRORS as exc:
        return web.redirect(page, back, ("error", web.say(page, exc)))
    return web.redirect(page, back, ("ok", message.format(first=a.name, second=b.name)))


# -- TD: how a round was paired -----------------------------------------------------------------


def td_explain(web: Web, request: Request, page: Page) -> Response:
    n, t = _tournament(web, request)
    number = round_param(request, len(t.rounds))
    svc = web.service()
    notes = svc.round_notes(number, t.name) if number else None
    asked = request.query_params.get("player", "")
    reasons: tuple[str, ...] = ()
    if number and system_of(t).explains_pairings and asked:
        try:
            reasons = svc.pairing_reasons(asked, number, t.name)
        except USER_ERRORS as exc:
            reasons = (web.say(page, exc),)
    return web.render(page, "systems/td_explain.html", n=n, t=t, number=number, notes=notes,
                      schedule=round_robin_schedule(t), asked=asked, reasons=reasons,
                      players=sorted(t.entrants, key=lambda e: e.name_key),
                      section="explain")


# -- TD: the files to publish or send to the rating office ---------------------------------------

EXPORTS = {"standings.csv": "text/csv", "crosstable.csv": "text/csv",
           "trf": "text/plain", "json": "application/json"}
"""The downloads the finished tournament offers: the final lists for a spreadsheet or the
club's site, the TRF file for the rating office, the rochade JSON file to keep."""


def td_export(web: Web, request: Request, page: Page) -> Response:
    n, t = _tournament(web, request)
    kind = str(request.path_params["kind"])
    if kind not in EXPORTS:
        raise HTTPException(404)
    svc = web.service()
    try:
        if kind.endswith(".csv"):  # with a byte-order mark, as `rochade export-list` writes
            content = "\ufeff" + list_of(t, kind.removesuffix(".csv")).csv(
                i18n.site_csv(page.lang))
        else:
            content = svc.export_trf(t.name) if kind == "trf" else svc.export_json(t.name)
    except USER_ERRORS as exc:
        return web.redirect(page, f"/td/t/{n}/", ("error", web.say(page, exc)))
    filename = f"tournament-{n}-{kind}" if "." in kind else f"tournament-{n}.{kind}"
    return Response(content, media_type=EXPORTS[kind], headers={
        "Content-Disposition": f'attachment; filename="{filename}"',
        "Cache-Control": "no-store"})


# -- public: crosstable and player page -------------------------------------------------------


def _keys(tiebreaks: tuple[TieBreak, ...]) -> list[str]:
    return [tb.key for tb in tiebreaks]


def _legend(web: Web, page: Page, keys: list[str]) -> list[tuple[str, str]]:
    """What each tie-break column means, in the visitor's language."""
    _ = web.gettext(page)
    return [(key, _(TIEBREAK_HELP[key])) for key in keys if key in TIEBREAK_HELP]


def crosstable(web: Web, request: Request, page: Page, ctx: dict[str, Any]) -> Response:
    """The round robin's n×n table or the Swiss's table by rank, after any round: the tables
    the exports publish (`rochade.service.page_lists`), in the visitor's language."""
    t = ctx["t"]
    after = round_param(request, len(t.rounds), "after")
    standings = web.kept(request, ("tiebreaks", t.name, after),
                         lambda: tournament_standings(t, after))
    keys = _keys(standings.tiebreaks)
    shown = crosstable_page(t, standings, i18n.page_words(page.lang), f"/t/{ctx['n']}/players/")
    return web.render(page, "systems/crosstable.html", **ctx, table=shown, after=after,
                      keys=keys, legend=_legend(web, page, keys), section="crosstable")


def player(web: Web, page: Page, ctx: dict[str, Any], pid: int) -> Response:
    """A player's rounds, points and rank after each, and how the tie-breaks were computed."""
    t = ctx["t"]
    request = page.request

    def standings_after(k: int) -> Standings:  # kept for every page (the standings')
        return web.kept(request, ("tiebreaks", t.name, k), lambda: tournament_standings(t, k))

    last = len(t.rounds)
    table = standings_after(last)
    line = table.line(pid)
    rounds, curve = player_rounds(t, pid, standings_after)
    system = system_of(t)
    counted = web.kept(request, ("counted", t.name, last),
                       lambda: system.counted_crosstable(t, last))
    _ = web.gettext(page)
    labels = {"title": _("Points and rank after each round"), "total": _("Points"),
              "rank": _("Rank"), "round": _("Round")}
    svg = player_chart(curve, len(t.entrants), labels, lambda v: i18n.points(v, page.lang))
    keys = _keys(table.tiebreaks)
    helps = dict(_legend(web, page, keys))
    values = [(k, v, helps.get(k, "")) for k, v in zip(keys, line.scores[1:], strict=True)]
    return web.render(page, "systems/player.html", **ctx, line=line, rounds=rounds,
                      chart=svg if curve else "", values=values,
                      explained=system.explain_tiebreaks(t, pid, last, counted),
                      entrant=t.entrant(pid),
                      section="standings", change=(rated_changes(ctx) or {}).get(pid))


def routes(web: Web) -> list[Route]:
    td = "/td/t/{n:int}"
    return [
        Route("/td/new/{system}", td_only(td_new)(web)),
        Route("/td/new/{system}", td_only(td_create)(web), methods=["POST"]),
        Route(td + "/rules", td_only(td_rules)(web)),
        Route(td + "/rules", td_only(td_change_rules)(web), methods=["POST"]),
        Route(td + "/byes", td_only(td_byes)(web)),
        Route(td + "/byes", td_only(td_bye)(web), methods=["POST"]),
        Route(td + "/forbidden", td_only(td_forbid)(web), methods=["POST"]),
        Route(td + "/fide", td_only(td_fide)(web), methods=["POST"]),
        Route(td + "/consolation", td_only(td_consolation)(web), methods=["POST"]),
        Route(td + "/explain", td_only(td_explain)(web)),
        Route(td + "/export/{kind}", td_only(td_export)(web)),
    ]

