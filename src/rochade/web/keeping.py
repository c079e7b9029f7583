"""The TD's pages for what only the terminal did before: the club's website (publish to a
folder, upload, upload after every change), the backups (a copy to download, one brought
back), a tournament imported from another program, the round dates and the TD PIN. Each
calls the use case its command calls."""

from __future__ import annotations

import asyncio
import dataclasses
import tempfile
from collections.abc import Callable
from fractions import Fraction
from functools import wraps
from pathlib import Path

from starlette.datastructures import UploadFile
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from rochade import i18n
from rochade.service.backups import check_copy
from rochade.service.errors import ServiceError
from rochade.service.exchange import Difference
from rochade.service.fidemode import recheck
from rochade.service.files import drop_upload, keep_upload, kept_upload, read_whole
from rochade.service.pin import MIN_PIN_LENGTH, PinError, pin_matches, set_pin
from rochade.service.publishing import (
    save_site_setup,
    set_up_upload,
    site_setup,
    upload_target,
)
from rochade.service.website import club_site, write_site
from rochade.web import uploads
from rochade.web.base import USER_ERRORS, Endpoint, Page, Web, field, td_only
from rochade.web.security import Signer, session_key

# -- the club's website --------------------------------------------------------------------


@td_only
def td_website(web: Web, request: Request, page: Page) -> Response:
    n = int(request.path_params["n"])
    return web.render(page, "td_website.html", n=n,
                      t=web.service().tournament(web.tournament_name(request)),
                      setup=site_setup(web.path), uploader=web.uploader,
                      problem=web.upload_problem, section="website")


def _site(web: Web, request: Request, page: Page) -> dict[str, bytes]:
    """The tournament's site in the page's language, as a running server uploads it."""
    return club_site(web.service(), web.tournament_name(request), i18n.site_csv(page.lang),
                     i18n.language(page.lang))


@td_only
def td_website_folder(web: Web, request: Request, page: Page) -> Response:
    """`publish CLUB FOLDER`: the site written into a folder of this computer, which is then
    remembered for the next time."""
    form = page.form
    _ = web.gettext(page)
    back = f"/td/t/{request.path_params['n']}/website"
    folder = field(form, "folder").strip()
    if not Path(folder).expanduser().is_absolute():  # (relative to what? the server's folder)
        return web.redirect(page, back, ("error", _(
            "Give the whole path of the folder to write the site to.")))
    try:
        done = write_site(Path(folder).expanduser(), _site(web, request, page))
        setup = site_setup(web.path)
        save_site_setup(web.path, dataclasses.replace(setup, folder=folder))
    except USER_ERRORS as exc:
        return web.redirect(page, back, ("error", web.say(page, exc)))
    return web.redirect(page, back, ("ok", _(
        "The site is in %(folder)s: %(written)s files new or changed, %(removed)s of an "
        "earlier publish removed.") % {"folder": folder, "written": len(done.written),
                                       "removed": len(done.removed)}))


@td_only
def td_website_upload(web: Web, request: Request, page: Page) -> Response:
    """`publish --to URL` (with "Upload now") and `serve --publish-to URL` (the box "after
    every change"): the address and the switch remembered in the club file, the password
    in the credentials file. Nothing is saved when the address or the password is refused."""
    form = page.form
    _ = web.gettext(page)
    back = f"/td/t/{request.path_params['n']}/website"
    try:
        setup = set_up_upload(web.path, field(form, "address"), field(form, "password"),
                              field(form, "live") == "on")
        if field(form, "action") != "upload":
            return web.redirect(page, back, ("ok", _("The upload is set up.")))
        sent = upload_target(setup).send(_site(web, request, page))
    except USER_ERRORS as exc:
        return web.redirect(page, back, ("error", web.say(page, exc)))
    return web.redirect(page, back, ("ok", _(
        "Uploaded: %(sent)s files sent, %(unchanged)s unchanged, %(removed)s of an earlier "
        "upload removed.") % {"sent": len(sent.sent), "unchanged": sent.unchanged,
                              "removed": len(sent.removed)}))


def then(endpoint: Endpoint, step: Callable[[], None]) -> Endpoint:
    """`endpoint`, after whose answer `step` runs in the server's own process: the post
    itself may have run in the rendering process, and what `step` renews (the uploads, the
    session key) lives in the server's."""

    @wraps(endpoint)  # (the rendering process runs the post: `routes.handlers`)
    async def after(request: Request) -> Response:
        done = await endpoint(request)
        await asyncio.to_thread(step)
        return done

    return after


# -- backups -------------------------------------------------------------------------------


@td_only
def td_backups(web: Web, request: Request, page: Page) -> Response:
    return web.render(page, "td_backups.html", backups=list(reversed(
        web.service().list_backups())))


@td_only
def td_backup_copy(web: Web, request: Request, page: Page) -> Response:
    """`backup CLUB OUT`: the club file as it is now, read through SQLite (what the server's
    log holds included), as a download."""
    name = f"{web.path.stem}-{web.service().clock():%Y-%m-%d-%H%M}{web.path.suffix}"
    with tempfile.TemporaryDirectory(prefix="rochade-copy-") as tmp:
        data = web.service().save_copy(Path(tmp) / name).read_bytes()
    return Response(data, media_type="application/octet-stream",
                    headers={"Content-Disposition": f'attachment; filename="{name}"'})


@td_only
def td_restore(web: Web, request: Request, page: Page) -> Response:
    """`restore CLUB BACKUP`, for a backup of the list or a copy uploaded just before (its
    `token`): first a page that says what comes back, then (confirmed) the restore, written
    into the club file under the running server, which goes on with the restored state."""
    form = page.form
    _ = web.gettext(page)
    token = field(form, "token")
    try:
        if token:
            copy = kept_upload(token)
            ref, named, backup = str(copy), copy.name, None
        else:
            backup = {b.file.name: b for b in web.service().list_backups()}.get(
                field(form, "backup"))
            if backup is None:
                return web.redirect(page, "/td/backups", ("error", _("There is no such backup.")))
            ref, named = backup.file.name, None
        if field(form, "confirm") != "yes":
            last = backup.last_action if backup is not None else check_copy(copy)
            return web.render(page, "td_restore_confirm.html", backup=backup, token=token,
                              copy=named, last=last)
        done = web.service().restore_backup(ref, named)
    except USER_ERRORS as exc:
        return web.redirect(page, "/td/backups", ("error", web.say(page, exc)))
    if token:
        drop_upload(token)
    return web.redirect(page, "/td/backups", ("ok", _(
        "Restored %(backup)s. The file as it was is kept as the backup %(saved)s: restoring "
        "that one takes this restore back.") % {"backup": named or done.shown,
                                                "saved": done.saved_as.name}))


@td_only
def td_restore_copy(web: Web, request: Request, page: Page) -> Response:
    """`restore CLUB COPY` for a copy kept elsewhere: uploaded, checked, kept until the TD
    confirms on the page `td_restore` shows."""
    form = page.form
    upload = form.get("copy")
    try:
        if not isinstance(upload, UploadFile) or not upload.filename:
            raise ServiceError("choose the copy of the club file first")
        token = keep_upload(upload.file, upload.filename)
        copy = kept_upload(token)
        try:
            last = check_copy(copy)
        except USER_ERRORS:
            drop_upload(token)
            raise
    except USER_ERRORS as exc:
        return web.redirect(page, "/td/backups", ("error", web.say(page, exc)))
    return web.render(page, "td_restore_confirm.html", backup=None, token=token,
                      copy=copy.name, last=last)


# -- round dates -------------------------------------------------------------------------


@td_only
def td_round_dates(web: Web, request: Request, page: Page) -> Response:
    """Each round's date, which it takes from the evening it is paired on; `round-date`
    corrects one."""
    name = web.tournament_name(request)
    n = int(request.path_params["n"])
    if request.method == "POST":
        form = page.form
        _ = web.gettext(page)
        back = f"/td/t/{n}/rounds"
        number = field(form, "round")
        try:
            web.service().set_round_date(int(number) if number.isdigit() else 0,
                                         field(form, "date"), name)
        except USER_ERRORS as exc:
            return web.redirect(page, back, ("error", web.say(page, exc)))
        return web.redirect(page, back, ("ok", _("The date of round %(round)s is saved.") % {
            "round": number}))
    svc = web.service()
    return web.render(page, "td_round_dates.html", n=n, t=svc.tournament(name),
                      dates=list(enumerate(svc.letterhead(name).dates, start=1)))


# -- a tournament from another program ----------------------------------------------------


@td_only
def td_import(web: Web, request: Request, page: Page) -> Response:
    """`import-kfc`, `import-trf` and `import`: the uploaded file, told by its first bytes,
    becomes a new tournament; a file that cannot be read, or whose name the club file has
    already, says why and adds nothing."""
    if request.method != "POST":
        return web.render(page, "td_import.html", name="")
    form = page.form
    _ = web.gettext(page)
    upload = form.get("file")
    name = field(form, "name").strip()
    fide_mode = field(form, "fide_mode") == "on"
    try:
        if not isinstance(upload, UploadFile) or not upload.filename:
            raise ServiceError("choose the tournament's file first")
        t, kfc = web.service().import_upload(read_whole(upload.file, upload.filename),
                                             upload.filename, name or None, fide_mode)
    except USER_ERRORS as exc:
        return web.render(page, "td_import.html", status_code=400, name=name,
                          error=web.say(page, exc))
    number = web.service().tournament_names().index(t.name) + 1
    said = [("ok", _("Imported %(name)s: %(players)s players, %(rounds)s rounds.") % {
        "name": t.name, "players": len(t.entrants), "rounds": len(t.rounds)})]
    if kfc is not None and kfc.differences:
        said.append(("error", _(
            "For %(count)s of %(compared)s players rochade's total differs from the one "
            "KeizerForClubs stored: %(players)s. KeizerForClubs before July 2023 scored some "
            "rows by rules it corrected later (the user guide names them).") % {
                "count": len(kfc.differences), "compared": kfc.compared,
                "players": "; ".join(_kfc_difference(d, page.lang, _)
                                     for d in kfc.differences)}))
    if fide_mode:
        said.append(("ok", _(
            "FIDE mode: %(rounds)s played rounds re-checked, %(warnings)s warnings (the rating "
            "report lists them).") % {"rounds": len(t.rounds),
                                      "warnings": len(recheck(t).warnings)}))
    return web.redirect(page, f"/td/t/{number}/", *said)


def _kfc_difference(d: Difference, lang: str, _: Callable[[str], str]) -> str:
    """One player whose KfC total differs, with the rows that differ."""
    rows = ", ".join(_("own value") if r.round == 0 else _("round %(round)s") % {"round": r.round}
                     for r in d.rounds)
    said = {"name": d.entrant.name, "kfc": i18n.fixed(Fraction(d.kfc).limit_denominator(100),
                                                      lang),
            "rochade": i18n.fixed(d.rochade, lang), "rows": rows}
    if not rows:
        return _("%(name)s (KeizerForClubs %(kfc)s, rochade %(rochade)s)") % said
    return _("%(name)s (KeizerForClubs %(kfc)s, rochade %(rochade)s; rows: %(rows)s)") % said


# -- the TD PIN ----------------------------------------------------------------------------


@td_only
def td_pin(web: Web, request: Request, page: Page) -> Response:
    """A new TD PIN (`serve --pin-file`), hashed as every PIN: the old one first (throttled as
    the login is: a session left open must not let anyone guess it), the new one twice.
    Every device is logged out, this one too, and logs in with the new PIN."""
    _ = web.gettext(page)
    if request.method != "POST":
        return web.render(page, "td_pin.html", error=None, min_length=MIN_PIN_LENGTH)
    form = page.form
    error = None
    new = field(form, "new")
    address, local = web.client(request)
    wait = web.throttle.reserve(address, local)  # guesses of the PIN count as at the login
    if wait:
        error = _("Too many wrong PINs. Try again in %(seconds)s seconds.") % {
            "seconds": max(1, round(wait))}
    elif not pin_matches(web.path, field(form, "old")):
        web.throttle.failed(address, local)
        error = _("The present PIN is not the one typed.")
    else:
        web.throttle.succeeded(address, local)
        if new != field(form, "again"):
            error = _("The new PIN and its repetition differ.")
        else:
            try:
                set_pin(web.path, new)
            except PinError:
                error = _("The new PIN needs at least %(n)s characters.") % {
                    "n": MIN_PIN_LENGTH}
    if error is not None:
        return web.render(page, "td_pin.html", status_code=429 if wait else 400,
                          error=error, min_length=MIN_PIN_LENGTH)
    return web.redirect(page, "/td/login", ("ok", _("The TD PIN is changed: log in with it.")))


def renew_sessions(web: Web) -> None:
    """The session key of the PIN now stored: after a new PIN, every device logged in with
    the old one is logged out, as at the next start."""
    web.sessions = Signer(session_key(web.path))


def routes(web: Web) -> list[Route]:
    td = "/td/t/{n:int}"
    return [
        Route(td + "/website", td_website(web)),
        Route(td + "/website/folder", td_website_folder(web), methods=["POST"]),
        Route(td + "/website/upload",
              then(td_website_upload(web), lambda: uploads.follow_setup(web)),
              methods=["POST"]),
        Route(td + "/rounds", td_round_dates(web), methods=["GET", "POST"]),
        Route("/td/import", td_import(web), methods=["GET", "POST"]),
        Route("/td/backups", td_backups(web)),
        Route("/td/backups/copy", td_backup_copy(web)),
        Route("/td/backups/restore", td_restore(web), methods=["POST"]),
        Route("/td/backups/upload", td_restore_copy(web), methods=["POST"]),
        Route("/td/pin", td_pin(web)),
        Route("/td/pin", then(td_pin(web), lambda: renew_sessions(web)), methods=["POST"]),
    ]
