"""A rating list uploaded on the TD's pages: what it changes shown first, nothing saved; the
TD's confirmation writes it, as `rochade ratings` and then `--apply` do, with the same
readers; the upload waits in between (`rochade.service.rating_lists`)."""

from __future__ import annotations

from typing import Any

from starlette.datastructures import FormData, UploadFile
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from rochade.service.errors import ServiceError
from rochade.service.files import drop_upload, keep_upload, kept_upload
from rochade.service.players import RatingReport
from rochade.service.rating_lists import (
    RATING_KINDS,
    RatingSource,
    list_rating_sources,
    open_rating_list,
    rating_entries,
)
from rochade.web.base import USER_ERRORS, Page, Web, field, td_only
from rochade.web.member_list import FIELDS


def _report(web: Web, request: Request, token: str, form: FormData, apply: bool
            ) -> tuple[tuple[RatingSource, ...], RatingReport]:
    """Which column fills which rating, and what the list changes (with `apply`: changed)."""
    kept = kept_upload(token)
    kind = field(form, "kind") if field(form, "kind") in RATING_KINDS else "standard"
    tournament = web.tournament_name(request) if field(form, "only") == "on" else None
    column = field(form, "column").strip() or None
    with open_rating_list(kept, kept.name) as stream:
        sources = list_rating_sources(stream, "auto", kind, column)
        entries = rating_entries(stream, "auto", kind, column)
        return sources, web.service().update_ratings(entries, tournament, apply,
                                                     field(form, "take_list") == "on")


@td_only
def td_ratings(web: Web, request: Request, page: Page) -> Response:
    n = int(request.path_params["n"])
    return web.render(page, "td_ratings.html", n=n, kinds=RATING_KINDS, section="players",
                      t=web.service().tournament(web.tournament_name(request)))


@td_only
def td_ratings_preview(web: Web, request: Request, page: Page) -> Response:
    """What the list changes, or why it cannot be read; nothing is saved."""
    form = page.form
    n = int(request.path_params["n"])
    upload = form.get("list")
    context: dict[str, Any] = {
        "n": n, "t": web.service().tournament(web.tournament_name(request)),
        "section": "players", "fields": FIELDS,
        "options": {key: field(form, key) for key in ("kind", "column", "only", "take_list")}}
    try:
        if not isinstance(upload, UploadFile) or not upload.filename:
            raise ServiceError("choose the rating list's file first")
        token = keep_upload(upload.file, upload.filename)
        sources, report = _report(web, request, token, form, apply=False)
    except USER_ERRORS as exc:
        return web.render(page, "td_ratings_preview.html", status_code=400, report=None,
                          error=web.say(page, exc), **context)
    return web.render(page, "td_ratings_preview.html", report=report, token=token,
                      sources=sources, error=None, **context)


@td_only
def td_ratings_apply(web: Web, request: Request, page: Page) -> Response:
    """The list's changes written, after a backup, as one change that "Undo" takes back."""
    form = page.form
    _ = web.gettext(page)
    back = f"/td/t/{request.path_params['n']}/ratings"
    token = field(form, "token")
    try:
        _sources, report = _report(web, request, token, form, apply=True)
    except USER_ERRORS as exc:
        return web.redirect(page, back, ("error", web.say(page, exc)))
    drop_upload(token)
    return web.redirect(page, f"/td/t/{request.path_params['n']}/players", ("ok", _(
        "%(count)s players updated from the rating list; “Undo last change” takes it back.")
        % {"count": len(report.match.updates)}))


def routes(web: Web) -> list[Route]:
    td = "/td/t/{n:int}/ratings"
    return [
        Route(td, td_ratings(web)),
        Route(td + "/preview", td_ratings_preview(web), methods=["POST"]),
        Route(td + "/apply", td_ratings_apply(web), methods=["POST"]),
    ]
