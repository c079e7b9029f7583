"""A member list imported on the TD's players page: read from an upload (or pasted) and shown
first, its first players and the columns rochade recognised in it, nothing saved; the TD's
confirmation imports it unchanged (`td.td_import_players`)."""

from __future__ import annotations

from typing import Any

from starlette.datastructures import FormData, UploadFile
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from rochade.service.files import read_whole
from rochade.web.base import USER_ERRORS, Page, Web, field, td_only
from rochade.web.texts import N_

SHOWN_ROWS = 10
"""The players shown before the import: enough to see that the columns are right."""

FIELDS = {
    "name": N_("name"), "first_name": N_("first name"), "last_name": N_("family name"),
    "rating": N_("rating"), "fide_rating": N_("FIDE rating"),
    "national_rating": N_("national rating"), "fide_id": N_("FIDE id"),
    "national_id": N_("national id"), "club_code": N_("club code"), "club": N_("club"),
    "title": N_("title"), "sex": N_("sex"), "federation": N_("federation"),
    "birth": N_("birth date"),
}  # fmt: skip
"""What each field of a list (`rochade.formats.players.HEADERS`) is called on the page."""


def listed(form: FormData) -> bytes | str:
    """The list a form sends: the uploaded file's bytes (spooled by Starlette already; the
    service decodes it as spreadsheets save it), else the pasted text."""
    upload = form.get("csv_file")
    if isinstance(upload, UploadFile) and upload.filename:
        return read_whole(upload.file, upload.filename)
    return field(form, "csv_text")


def existing_choice(form: FormData) -> str:
    """What to do with players already entered: "skip", "update" or (else) "refuse"."""
    existing = field(form, "existing")
    return existing if existing in ("skip", "update") else "refuse"


@td_only
def td_preview_players(web: Web, request: Request, page: Page) -> Response:
    """The list as it would be imported, or why it cannot be; nothing is saved here."""
    form = page.form
    n = int(request.path_params["n"])
    t = web.service().tournament(web.tournament_name(request))
    context: dict[str, Any] = {"n": n, "t": t, "section": "players", "fields": FIELDS,
                               "existing": existing_choice(form), "shown": SHOWN_ROWS}
    try:
        data = listed(form)
        preview = web.service().preview_players(data)
    except USER_ERRORS as exc:
        return web.render(page, "td_players_preview.html", status_code=400, preview=None,
                          error=web.say(page, exc), **context)
    return web.render(page, "td_players_preview.html", preview=preview, error=None, **context)


def routes(web: Web) -> list[Route]:
    return [Route("/td/t/{n:int}/players/preview", td_preview_players(web), methods=["POST"])]
