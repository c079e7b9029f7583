"""Every page family's routes in one list, and the handlers they run, by name.

A module of its own so that the rendering process builds the same routes and the same table as
the server by a plain import: the app starts that process, so the process importing the app
would close a circle."""

from __future__ import annotations

import inspect
from pathlib import Path

from starlette.routing import BaseRoute, Mount
from starlette.staticfiles import StaticFiles

from rochade.web import (
    categories,
    hall,
    keeping,
    league,
    login,
    member_list,
    public,
    rating_update,
    roster,
    system_pages,
    td,
    teams,
)
from rochade.web.base import Handler, Web, handler_name

STATIC = Path(__file__).parent / "static"


def routes(web: Web) -> list[BaseRoute]:
    return [
        *public.routes(web),
        *categories.routes(web),
        *login.routes(web),
        *td.routes(web),
        *roster.routes(web),
        *keeping.routes(web),
        *league.routes(web),
        *teams.routes(web),
        *rating_update.routes(web),
        *member_list.routes(web),
        *system_pages.routes(web),
        *hall.routes(web),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]


def handlers(made: list[BaseRoute]) -> dict[str, Handler]:
    """The `public` and `td_only` handlers behind the routes `made`, by `handler_name`: the
    one an endpoint wraps (`functools.wraps`, through any endpoint wrapped around it)."""
    table: dict[str, Handler] = {}
    for route in made:
        endpoint = getattr(route, "endpoint", None)
        if endpoint is not None and hasattr(endpoint, "__wrapped__"):
            handler = inspect.unwrap(endpoint)
            table[handler_name(handler)] = handler
    return table
