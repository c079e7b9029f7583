"""The TD's players page (the roster: add, import, correct, withdraw, delete; the data for
rating reports) and the check-in for the next round, for every system."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from starlette.datastructures import FormData
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from rochade.core.fide import TITLES, UNKNOWN, PlayerDetails
from rochade.core.messages import N_
from rochade.core.model import Entrant, Status, Tournament
from rochade.service.fidemode import NeedsFideConfirmation
from rochade.service.phones import PhoneDesk
from rochade.service.roster import games_of, start_order
from rochade.web.base import (
    USER_ERRORS,
    Page,
    Web,
    field,
    int_or_none,
    safe_next,
    td_only,
)
from rochade.web.member_list import existing_choice, listed
from rochade.web.queries import (
    checkin_choices,
    checkin_order,
    evening_state,
)
from rochade.web.system_pages import fide_confirm
from rochade.web.tables import requested_byes

# -- TD: players and check-in --------------------------------------------------------------


@td_only
def td_players(web: Web, request: Request, page: Page) -> Response:
    data = web.service().rating_data(web.tournament_name(request))
    t = data.tournament
    shown = request.query_params.get("details", "")  # a player's data opened without script
    return web.render(
        page,
        "td_players.html",
        n=int(request.path_params["n"]),
        details=int(shown) if shown.isascii() and shown.isdigit() else None,
        t=t,
        entrants=start_order(t),
        deletable={e.id for e in t.entrants if not games_of(t, e.id)},
        fields={e.id: _player_fields(e, data.details.get(e.id, UNKNOWN)) for e in t.entrants},
        pairing=web.service().rating_choice(web.tournament_name(request)).pairing.value,
        titles=TITLES,
        section="players",
    )


def _player_fields(e: Entrant, d: PlayerDetails) -> dict[str, str]:
    """A player's rating-report data as the form shows them (and `player set` takes them)."""
    national = f"{d.national_kind}:{d.national_id}".lstrip(":") if d.national_id else ""
    return {"fide_id": str(e.fide_id or ""), "title": d.title, "sex": d.sex,
            "federation": d.federation, "birth": d.birth, "club": d.club,
            "national_id": national, "national_rating": d.national_text, "k": d.k}


PlayerChange = Callable[[FormData, Callable[[str], str]], str]
"""A change made on the TD players page: given the form and the page's gettext, it makes the
change (one service call) and says what was done."""


def _on_players_page(
    web: Web, request: Request, page: Page, change: PlayerChange
) -> Response:
    """Make a change from the players page, then back to it: with what was done, or with why
    nothing was (a refused change changes nothing)."""
    form = page.form
    try:
        said = ("ok", change(form, web.gettext(page)))
    except USER_ERRORS as exc:
        said = ("error", web.say(page, exc))
    return web.redirect(page, f"/td/t/{request.path_params['n']}/players", said)


@td_only
def td_player_data(web: Web, request: Request, page: Page) -> Response:
    """Save what the TD changed of a player's rating-report data; one logged action."""

    def change(form: FormData, _: Callable[[str], str]) -> str:
        name = web.tournament_name(request)
        data = web.service().rating_data(name)
        entrant = data.tournament.entrant(request.path_params["pid"])
        shown = _player_fields(entrant, data.details.get(entrant.id, UNKNOWN))
        typed = {key: field(form, key) for key in shown if field(form, key).strip() != shown[key]}
        if not typed:
            return _("Nothing changed.")
        web.service().set_player(str(entrant.id), typed, name)
        return _("Data of {name} saved.").format(name=entrant.name)

    return _on_players_page(web, request, page, change)


@td_only
def td_add_player(web: Web, request: Request, page: Page) -> Response:
    # Back without "#add": a page opened at a fragment skips autofocus, and the TD typing the
    # next name needs the focus back in the name field (the form is at the top anyway).
    def change(form: FormData, _: Callable[[str], str]) -> str:
        rating = int_or_none(field(form, "rating"), N_("rating"))
        added = web.service().add_player(
            field(form, "player"), rating, tournament=web.tournament_name(request)
        )
        message = _("{name} added.").format(name=added.name)
        if added.late_rounds:
            message += " " + _("Late entry: the rounds already played count as a late start.")
        return message

    return _on_players_page(web, request, page, change)


@td_only
def td_import_players(web: Web, request: Request, page: Page) -> Response:
    def change(form: FormData, _: Callable[[str], str]) -> str:
        existing = existing_choice(form)
        added = web.service().import_players(listed(form), web.tournament_name(request),
                                             existing)
        new = [a for a in added if not a.already]
        said = _("{count} players imported.").format(count=len(new))
        if len(new) < len(added):
            word = _("updated") if existing == "update" else _("left as they were")
            said += " " + _("{count} already entered: {what}.").format(
                count=len(added) - len(new), what=word)
        return said

    return _on_players_page(web, request, page, change)


@td_only
def td_pairing_rating(web: Web, request: Request, page: Page) -> Response:
    """Choose which rating the tournament pairs by (before round 1)."""

    def change(form: FormData, _: Callable[[str], str]) -> str:
        web.service().set_rating_choice({"pairing_rating": field(form, "pairing_rating")},
                                        web.tournament_name(request))
        return _("Pairing rating saved.")

    return _on_players_page(web, request, page, change)


@td_only
def td_set_rating(web: Web, request: Request, page: Page) -> Response:
    def change(form: FormData, _: Callable[[str], str]) -> str:
        rating = int_or_none(field(form, "rating"), N_("rating"))
        entrant = web.service().set_rating(
            request.path_params["pid"], rating, web.tournament_name(request)
        )
        return _("Rating of {name} saved.").format(name=entrant.name)

    return _on_players_page(web, request, page, change)


@td_only
def td_rename_player(web: Web, request: Request, page: Page) -> Response:
    """Correct a name (a typo); logged, undoable."""

    def change(form: FormData, _: Callable[[str], str]) -> str:
        new = field(form, "name")
        old = web.service().rename_player(
            str(request.path_params["pid"]), new, web.tournament_name(request)
        )
        return _("{old} is now called {new}.").format(old=old.name, new=new.strip())

    return _on_players_page(web, request, page, change)


@td_only
def td_delete_player(web: Web, request: Request, page: Page) -> Response:
    """Remove a player entered by mistake (no games yet; else the refusal names them)."""

    def change(form: FormData, _: Callable[[str], str]) -> str:
        gone = web.service().delete_player(
            str(request.path_params["pid"]), web.tournament_name(request)
        )
        return _("{name} deleted; “Undo last change” brings them back.").format(name=gone.name)

    return _on_players_page(web, request, page, change)


@td_only
def td_set_status(web: Web, request: Request, page: Page) -> Response:
    """Check-in and withdraw/come back: one tap, one logged action."""
    form = page.form
    n = request.path_params["n"]
    pid = request.path_params["pid"]
    back = safe_next(field(form, "next"), f"/td/t/{n}/checkin")
    try:
        status = Status.parse(field(form, "status"))
        if status is Status.WITHDRAWN and field(form, "confirm") != "yes":
            return _withdraw_page(web, request, page)  # asked once more; nothing changed yet
        name = web.tournament_name(request)
        svc = web.service()
        entrant = svc.set_status(str(pid), status, name, confirm=bool(field(form, "confirm")))
    except NeedsFideConfirmation as exc:
        return fide_confirm(web, request, page, form, exc, int(n), svc.tournament(name),
                            "checkin")
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
            **_checkin_context(t, web.path),
        )
    if status is Status.WITHDRAWN:
        _ = web.gettext(page)
        said = _("{name} has withdrawn; “Undo last change” takes it back.")
        return web.redirect(page, back, ("ok", said.format(name=entrant.name)))
    return web.redirect(page, back)


@td_only
def td_withdraw(web: Web, request: Request, page: Page) -> Response:
    """Before a withdrawal: what it does in this tournament's system, and the button that does
    it (a plain form: no script needed)."""
    return _withdraw_page(web, request, page)


def _withdraw_page(web: Web, request: Request, page: Page) -> Response:
    t = web.service().tournament(web.tournament_name(request))
    pid = request.path_params["pid"]
    if not t.has_entrant(pid):
        raise HTTPException(404)
    return web.render(page, "td_withdraw.html", n=int(request.path_params["n"]), t=t,
                      e=t.entrant(pid), section="players")


@td_only
def td_checkin(web: Web, request: Request, page: Page) -> Response:
    name = web.tournament_name(request)
    t = web.service().tournament(name)
    return web.render(
        page,
        "td_checkin.html",
        n=int(request.path_params["n"]),
        t=t,
        entrants=checkin_order(t),
        section="checkin",
        **_checkin_context(t, web.path),
    )


def _checkin_context(t: Tournament, path: Path) -> dict[str, Any]:
    """The check-in buttons in the system's words, the byes asked in advance for the round
    (a Swiss: they beat the status when it is paired), where the evening stands."""
    state = evening_state(t)
    byes = {b.entrant.id: b for b in requested_byes(t) if b.round == state.next_round}
    return {"choices": checkin_choices(t), "byes": byes, "state": state,
            "phoned": PhoneDesk(path).checked_in_by(t.name)}


def routes(web: Web) -> list[Route]:
    td = "/td/t/{n:int}"
    return [
        Route(td + "/players", td_players(web)),
        Route(td + "/players/add", td_add_player(web), methods=["POST"]),
        Route(td + "/players/import", td_import_players(web), methods=["POST"]),
        Route(td + "/players/pairing-rating", td_pairing_rating(web), methods=["POST"]),
        Route(td + "/players/{pid:int}/status", td_set_status(web), methods=["POST"]),
        Route(td + "/players/{pid:int}/withdraw", td_withdraw(web)),
        Route(td + "/players/{pid:int}/rating", td_set_rating(web), methods=["POST"]),
        Route(td + "/players/{pid:int}/name", td_rename_player(web), methods=["POST"]),
        Route(td + "/players/{pid:int}/delete", td_delete_player(web), methods=["POST"]),
        Route(td + "/players/{pid:int}/data", td_player_data(web), methods=["POST"]),
        Route(td + "/checkin", td_checkin(web)),
    ]
