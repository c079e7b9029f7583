"""The TD's pages for every system: tournaments, the evening, settings (Keizer), pairing (by
the engine or by hand), results, the log and undo. The players and the check-in are
`roster`'s, a round robin's or Swiss's own pages `systems`'."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from rochade.core.fide import EVENT_KEYS
from rochade.core.messages import N_, Message, line_message
from rochade.core.model import Reason, Result, Tournament
from rochade.service import (
    NeedsConfirmation,
    PairingReport,
    ResultConflict,
    ServiceError,
    StandingChange,
    points_before,
)
from rochade.service.edits import PairingEditor
from rochade.service.phones import PhoneDesk
from rochade.service.rounds import Rule
from rochade.service.system_cases import round_robin_schedule, system_of
from rochade.service.tournament_settings import (
    KEIZER_SETTINGS,
    PERCENT_HINT,
    PRESET,
    PRESETS,
    KeizerSettings,
    SettingsReport,
    settings_of,
)
from rochade.service.tournaments import SETTING_OVERRIDES
from rochade.web.base import (
    ERROR_PAGES,
    LIVE_POLL_SECONDS,
    USER_ERRORS,
    VERSION_HEADER,
    WHO,
    Page,
    Web,
    field,
    round_param,
    safe_next,
    td_only,
    whole,
)
from rochade.web.queries import (
    RESULT_CHOICES,
    evening_state,
    round_view,
)
from rochade.web.tables import requested_byes

# -- TD: tournaments -----------------------------------------------------------------------


@td_only
def td_home(web: Web, request: Request, page: Page) -> Response:
    summaries = web.service().tournaments()
    return web.render(
        page,
        "td_home.html",
        tournaments=list(enumerate(summaries, start=1)),
        presets=PRESETS,
        overrides=[s for s in KEIZER_SETTINGS if s.key in SETTING_OVERRIDES],
    )


@td_only
def td_create(web: Web, request: Request, page: Page) -> Response:
    form = page.form
    _ = web.gettext(page)
    overrides = {key: field(form, key) for key in SETTING_OVERRIDES if field(form, key)}
    try:
        web.service().create_tournament(
            field(form, "name"), field(form, "preset") or "classic", overrides,
            field(form, "pairing_rating") or None,
        )
    except USER_ERRORS as exc:
        return web.redirect(page, "/td/", ("error", web.say(page, exc)))
    number = len(web.service().tournaments())
    return web.redirect(
        page, f"/td/t/{number}/players", ("ok", _("Tournament created. Now add the players."))
    )


@td_only
def td_evening(web: Web, request: Request, page: Page) -> Response:
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
        uploader=web.uploader,
    )


@td_only
def td_settings(web: Web, request: Request, page: Page) -> Response:
    if not isinstance(web.service().tournament(web.tournament_name(request)).settings,
                      KeizerSettings):  # round robin, Swiss: their own page
        return web.redirect(page, f"/td/t/{request.path_params['n']}/rules")
    if request.method == "POST":
        return _change_settings(web, request, page)
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
        percent_hint=PERCENT_HINT,
        typed=typed,
        preview=preview,
        section="settings",
    )


def _change_settings(web: Web, request: Request, page: Page) -> Response:
    """Preview (nothing saved: who would move) or save the settings, one logged action."""
    form = page.form
    n = request.path_params["n"]
    _ = web.gettext(page)
    typed = {key: value for key, value in form.items() if isinstance(value, str)}
    for key in ("csrf", "action"):
        typed.pop(key, None)
    save = field(form, "action") == "save"
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


# -- TD: pairing ---------------------------------------------------------------------------


def _draft(text: str) -> list[int]:
    return [int(p) for p in text.split(",") if whole(p.strip())]


@td_only
def td_pair_page(web: Web, request: Request, page: Page) -> Response:
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
    asked = [b.entrant for b in requested_byes(t) if b.round == len(t.rounds) + 1]
    present = [e for e in t.start_order() if e.status.plays and e not in asked]
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
        asked=asked,
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
def td_pair_auto(web: Web, request: Request, page: Page) -> Response:
    n = request.path_params["n"]
    _ = web.gettext(page)
    try:
        report = web.service().pair(web.tournament_name(request))
    except USER_ERRORS as exc:
        return web.redirect(page, f"/td/t/{n}/pair", ("error", web.say(page, exc)))
    message = _("Round {number} is paired.").format(number=report.round.number)
    return web.redirect(page, f"/td/t/{n}/results", ("ok", message))


@td_only
def td_pair_manual(web: Web, request: Request, page: Page) -> Response:
    """The hand-pairing board: tap names to fill boards, then check and confirm. With htmx
    only the board is sent back (the checker's notes included); without, the whole page."""
    form = page.form
    n = request.path_params["n"]
    draft = _draft(field(form, "draft"))
    action = field(form, "action")
    pick = field(form, "pick")
    if whole(pick) and int(pick) not in draft:
        draft.append(int(pick))
    elif action.startswith("remove:") and whole(action[7:]):
        board = int(action[7:])
        del draft[2 * board : 2 * board + 2]
    elif action.startswith("swap:") and whole(action[5:]):
        i = 2 * int(action[5:])
        if i + 1 < len(draft):
            draft[i], draft[i + 1] = draft[i + 1], draft[i]
    elif action in ("check", "confirm"):
        _ = web.gettext(page)
        name = web.tournament_name(request)
        if system_of(web.service().tournament(name)).fixed_schedule:  # no board to offer
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
                web, request, page, draft, tuple(web.say(page, m) for m in exc.messages), None
            )
        except USER_ERRORS as exc:
            return _pair_page(web, request, page, draft, (), web.say(page, exc))
        message = _("Round {number} is paired.").format(number=report.round.number)
        return web.redirect(page, f"/td/t/{n}/results", ("ok", message))
    elif action == "clear":
        draft = []
    return _pair_page(web, request, page, draft, (), None, picked=bool(pick))


@td_only
def td_pair_edit(web: Web, request: Request, page: Page) -> Response:
    """Change the last round's pairing in place, from the players ticked on the results
    page: one logged, undoable action. What the checker warns about, or FIDE mode asks
    (the boards that would differ from the engine's pairing), is confirmed first."""
    form = page.form
    n = int(request.path_params["n"])
    back = f"/td/t/{n}/results"
    _ = web.gettext(page)
    name = web.tournament_name(request)
    editor = PairingEditor(web.path, WHO, web.clock, web.identity)
    ticked = [str(p) for p in form.getlist("player")]
    action = field(form, "action")
    try:
        report = _edit_pairing(editor, action, ticked, field(form, "confirm") == "yes", name, _)
    except NeedsConfirmation as exc:
        fields = [(key, str(value)) for key, value in form.multi_items()
                  if key not in ("csrf", "confirm")]
        return web.render(page, "systems/td_fide_confirm.html", n=n, t=editor.tournament(name),
                          heading=_("Confirm the change of the pairing"), fields=fields,
                          consequence=web.say(page, exc), action=request.url.path, back=back,
                          section="results")
    except USER_ERRORS as exc:
        return web.redirect(page, back, ("error", web.say(page, exc)))
    return web.redirect(page, back, ("ok", web.say(page, line_message(report.explanation[0]))))


def _edit_pairing(editor: PairingEditor, action: str, ticked: list[str], confirm: bool,
                  name: str, _: Callable[[str], str]) -> PairingReport:
    """The change the TD's button asks for, of the ticked players (ids)."""
    if action.startswith("late:"):
        return editor.pair_late_entry(action[5:], confirm, name)
    if action == "swap":
        if len(ticked) != 2:
            raise ServiceError(_("Tick the two players to swap."))
        return editor.swap_players(ticked[0], ticked[1], confirm, name)
    if action == "bye":
        if len(ticked) != 1:
            raise ServiceError(_("Tick the one player to give the bye to."))
        return editor.move_bye(ticked[0], confirm, name)
    rnd = editor.tournament(name).rounds[-1]
    boards = sorted({g.board for g in rnd.games if {str(g.white), str(g.black)} & set(ticked)})
    if action == "colours":
        if len(boards) != 1:
            raise ServiceError(_("Tick a player of the one board whose colours to swap."))
        return editor.swap_colours(boards[0], confirm, name)
    if action == "repair":
        return editor.repair_boards(boards, confirm, name)
    raise ServiceError(_("Choose what to change."))


# -- TD: results ---------------------------------------------------------------------------


@td_only
def td_results(web: Web, request: Request, page: Page) -> Response:
    """The results of a round. The page asks again every few seconds with the version it
    shows, as the hall display does: "204" while nothing changed, else the page as it is now,
    whose rows and boxes the page's script puts in (what the phones reported, results from
    other devices). The version is read before the facts: the page is never older than it."""
    version = web.last_change()
    if request.headers.get(VERSION_HEADER) == str(version):
        return Response(status_code=204)
    name = web.tournament_name(request)
    svc = web.service()
    t = svc.tournament(name)
    number = round_param(request, len(t.rounds))
    view = round_view(t, number) if number else None
    notes = svc.round_notes(number, name) if number else None
    listed = svc.pairing_list(number, name) if number else None
    return web.render(
        page,
        "td_results.html",
        n=int(request.path_params["n"]),
        t=t,
        view=view,
        number=number,
        notes=notes,
        listed=listed,
        points=listed.before if listed else {},
        reports=PhoneDesk(web.path).reports(name) if number == len(t.rounds) else {},
        choices=RESULT_CHOICES,
        changes=(),
        state=evening_state(t),
        section="results",
        version=version,
        poll=min(web.poll_seconds, LIVE_POLL_SECONDS),
        editing=_editing(t, number),
        late=[t.entrant(a.player) for a in t.rounds[-1].absences
              if a.reason == Reason.LATE_START.value] if view and view.bye else [],
    )


def _editing(t: Tournament, number: int | None) -> bool:
    """Whether round `number`'s page offers to change its pairing: the last round, of a
    system not paired by a fixed table, with a board still without a result."""
    return (bool(number) and number == len(t.rounds)
            and not system_of(t).fixed_schedule
            and any(g.result is None for g in t.rounds[-1].games))


@td_only
def td_enter_result(web: Web, request: Request, page: Page) -> Response:
    """A board's result. With `expected` (what the row showed), a board changed meanwhile is
    not overwritten: the page's script gets the row with keep or replace (409), a plain
    form the reason above the page."""
    form = page.form
    n = request.path_params["n"]
    number = int(request.path_params["round"])
    board = int(request.path_params["board"])
    back = f"/td/t/{n}/results?round={number}"
    seen = form.get("expected")  # the result the page showed; a post without it: no check
    try:
        name = web.tournament_name(request)
        result = field(form, "result") or field(form, "forfeit")
        report = web.service().enter_result(
            number, board, result, name, seen.strip() if isinstance(seen, str) else None
        )
    except ResultConflict as exc:
        if not request.headers.get("hx-request"):
            return web.refuse(page, request, back, web.say(page, exc))
        t = web.service().tournament(name)
        return _result_row(web, page, n, t, number, board, (), exc.wanted, 409)
    except USER_ERRORS as exc:
        return web.refuse(page, request, back, web.say(page, exc))
    warning = web.say(page, report.paired_on) if report.paired_on else None
    if request.headers.get("hx-request"):
        return _result_row(web, page, n, report.tournament, number, board, report.changes,
                           warning=warning)
    flashes = [("ok", _change_text(web, page, c)) for c in report.changes]
    flashes += [("warn", warning)] if warning else []
    return web.redirect(page, back, *flashes)


@td_only
def td_reject_report(web: Web, request: Request, page: Page) -> Response:
    """Turn down what the phones reported for a board (one logged, undoable action)."""
    n = request.path_params["n"]
    number = int(request.path_params["round"])
    board = int(request.path_params["board"])
    back = f"/td/t/{n}/results?round={number}"
    _ = web.gettext(page)
    try:
        PhoneDesk(web.path, WHO, web.clock, web.identity).reject_report(
            number, board, web.tournament_name(request))
    except USER_ERRORS as exc:
        return web.refuse(page, request, back, web.say(page, exc))
    said = _("Board {board}: the phones' report is turned down.").format(board=board)
    return web.redirect(page, back, ("ok", said))


@td_only
def td_external(web: Web, request: Request, page: Page) -> Response:
    """A game played for a club team, counted in round `round` at its team and board value
    (as `rochade external`)."""
    form = page.form
    n = request.path_params["n"]
    number = int(request.path_params["round"])
    back = f"/td/t/{n}/results?round={number}"
    _ = web.gettext(page)
    try:
        team, board = int(field(form, "team") or "1"), int(field(form, "board"))
    except ValueError:
        return web.redirect(page, back, ("error", _("Team and board are whole numbers.")))
    try:
        web.service().add_external(
            number, field(form, "player"), team, board, field(form, "score"),
            extra=bool(field(form, "extra")), tournament=web.tournament_name(request),
        )
    except USER_ERRORS as exc:
        return web.redirect(page, back, ("error", web.say(page, exc)))
    return web.redirect(page, back, ("ok", _("Team game counted.")))


def _result_row(
    web: Web,
    page: Page,
    n: int,
    t: Tournament,
    number: int,
    board: int,
    changes: tuple[StandingChange, ...],
    conflict: Result | None = None,
    status_code: int = 200,
    warning: str | None = None,
) -> Response:
    """A board's row as it is now, with what else a result moves on the page (out of band);
    after a conflict (409) with the TD's choice: keep the board's result or replace it.
    `warning`: a correction of a round the next one was paired on says so."""
    view = round_view(t, number)
    return web.render(
        page,
        "_result_row.html",
        status_code,
        n=n,
        b=next(b for b in view.boards if b.board == board),
        view=view,
        points=points_before(t, number),
        choices=RESULT_CHOICES,
        changes=changes,
        warning=warning,
        conflict=conflict,
        undo_next=f"/td/t/{n}/results?round={number}",
        reports=PhoneDesk(web.path).reports(t.name) if number == len(t.rounds) else {},
        editing=_editing(t, number),
        oob=True,
        t=t,
        state=evening_state(t),
        section="results",
    )


def _change_text(web: Web, page: Page, change: StandingChange) -> str:
    """Through `say`: the name and the totals kept apart from the words on an Arabic page."""
    said = Message(N_("{name}: rank {old} → {new}, total {old_total} → {new_total}"), {
        "name": change.entrant.name, "old": change.old_rank or "-", "new": change.new_rank or "-",
        "old_total": change.old_total, "new_total": change.new_total})
    return web.say(page, said)


# -- TD: log and undo ----------------------------------------------------------------------


# -- TD: the rating report ----------------------------------------------------------------


@td_only
def td_report(web: Web, request: Request, page: Page) -> Response:
    """The event's data for the report, the pre-submission check, and the file when ready."""
    n = request.path_params["n"]
    name = web.tournament_name(request)
    if request.method == "POST":
        form = page.form
        _ = web.gettext(page)
        try:
            event = web.service().event_data(name)
            typed = {key: field(form, key) for key in EVENT_KEYS
                     if field(form, key).strip() != event.text(key)}
            if not typed:
                return web.redirect(page, f"/td/t/{n}/report", ("ok", _("Nothing changed.")))
            web.service().set_event(typed, name)
        except USER_ERRORS as exc:
            return web.redirect(page, f"/td/t/{n}/report", ("error", web.say(page, exc)))
        return web.redirect(page, f"/td/t/{n}/report", ("ok", _("Event data saved.")))
    report = web.service().rating_report(name)
    return web.render(
        page, "td_report.html", n=int(n), t=web.service().tournament(name),
        event=web.service().event_data(name), keys=EVENT_KEYS,
        problems=[web.say(page, p) for p in report.check.problems],
        warnings=[web.say(page, w) for w in report.check.warnings],
        ready=report.text is not None, section="report",
    )


@td_only
def td_report_file(web: Web, request: Request, page: Page) -> Response:
    """The rating report as a download; while a problem remains, the report page instead."""
    n = request.path_params["n"]
    name = web.tournament_name(request)
    try:
        report = web.service().rating_report(name)
    except USER_ERRORS as exc:
        return web.redirect(page, f"/td/t/{n}/report", ("error", web.say(page, exc)))
    if report.text is None:
        return web.redirect(page, f"/td/t/{n}/report")
    return Response(report.text.encode("utf-8"), media_type="text/plain; charset=utf-8",
                    headers={"Content-Disposition": 'attachment; filename="rating-report.trf"'})


@td_only
def td_log(web: Web, request: Request, page: Page) -> Response:
    actions = list(reversed(web.service().log()))
    return web.render(page, "td_log.html", actions=actions, section="log")


@td_only
def td_undo(web: Web, request: Request, page: Page) -> Response:
    """Undo the change the button showed (its id comes with the form): a tournament's last
    change on its pages, the club file's last change elsewhere; if another change is the last
    one by now, nothing is undone and the TD is told why. One that removes a tournament, a
    round or players is first shown on a page of its own to confirm; once confirmed, the
    file is backed up first."""
    form = page.form
    _ = web.gettext(page)
    back = safe_next(field(form, "next"), "/td/log")
    shown = field(form, "action")
    if not whole(shown):
        return web.redirect(page, back, ("error", _(ERROR_PAGES[403])))
    tournament = web.tournament_name(request) if "n" in request.path_params else None
    confirmed = field(form, "confirm") == "yes"
    svc = web.service()
    try:
        plan = None if confirmed else svc.undo_plan(1, tournament)
        if plan is not None and plan.asks and plan.actions[0].id == int(shown):
            extra = {} if tournament is None else {
                "n": request.path_params["n"], "t": svc.tournament(tournament)}
            return web.render(page, "td_undo_confirm.html", plan=plan, next=back,
                              action=request.url.path, **extra)
        undone = svc.undo(1, tournament, int(shown), backup=confirmed)
    except USER_ERRORS as exc:
        return web.redirect(page, back, ("error", web.say(page, exc)))
    message = _("Undone: {what}").format(what="; ".join(web.say(page, a.message) for a in undone))
    if confirmed:
        message += " " + _("A backup was made first; “Redo” brings it back.")
    return web.redirect(page, back, ("ok", message))


@td_only
def td_redo(web: Web, request: Request, page: Page) -> Response:
    """Redo the undo the button showed (its id comes with the form): what it took comes back,
    unless another undo or a newer change came meanwhile (then nothing changes, and the TD is
    told why)."""
    form = page.form
    _ = web.gettext(page)
    back = safe_next(field(form, "next"), "/td/log")
    shown = field(form, "action")
    if not whole(shown):
        return web.redirect(page, back, ("error", _(ERROR_PAGES[403])))
    tournament = web.tournament_name(request) if "n" in request.path_params else None
    try:
        redone = web.service().redo(tournament, int(shown))
    except USER_ERRORS as exc:
        return web.redirect(page, back, ("error", web.say(page, exc)))
    message = _("Redone: {what}").format(what="; ".join(web.say(page, a.message) for a in redone))
    return web.redirect(page, back, ("ok", message))


@td_only
def td_start_order(web: Web, request: Request, page: Page) -> Response:
    """A Keizer start order by hand: one player per line, best first (before round 1)."""
    form = page.form
    n = request.path_params["n"]
    _ = web.gettext(page)
    names = [line.strip() for line in field(form, "order").splitlines() if line.strip()]
    try:
        web.service().set_start_order(names, web.tournament_name(request))
    except USER_ERRORS as exc:
        return web.redirect(page, f"/td/t/{n}/settings", ("error", web.say(page, exc)))
    return web.redirect(page, f"/td/t/{n}/settings", ("ok", _("Start order saved.")))


def routes(web: Web) -> list[Route]:
    td = "/td/t/{n:int}"
    return [
        Route("/td/", td_home(web)),
        Route("/td/tournaments", td_create(web), methods=["POST"]),
        Route("/td/log", td_log(web)),
        Route("/td/undo", td_undo(web), methods=["POST"]),
        Route("/td/redo", td_redo(web), methods=["POST"]),
        Route(td + "/", td_evening(web)),
        Route(td + "/undo", td_undo(web), methods=["POST"]),
        Route(td + "/redo", td_redo(web), methods=["POST"]),
        Route(td + "/settings", td_settings(web), methods=["GET", "POST"]),
        Route(td + "/start-order", td_start_order(web), methods=["POST"]),
        Route(td + "/report", td_report(web), methods=["GET", "POST"]),
        Route(td + "/report.trf", td_report_file(web)),
        Route(td + "/pair", td_pair_page(web)),
        Route(td + "/pair/auto", td_pair_auto(web), methods=["POST"]),
        Route(td + "/pair/manual", td_pair_manual(web), methods=["POST"]),
        Route(td + "/pair/edit", td_pair_edit(web), methods=["POST"]),
        Route(td + "/results", td_results(web)),
        Route(td + "/results/{round:int}/{board:int}", td_enter_result(web), methods=["POST"]),
        Route(td + "/results/{round:int}/external", td_external(web), methods=["POST"]),
        Route(td + "/results/{round:int}/{board:int}/reject", td_reject_report(web),
              methods=["POST"]),
    ]
