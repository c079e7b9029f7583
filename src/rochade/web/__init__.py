"""The web app: `rochade serve CLUB_FILE` runs the club evening in the browser.

`create_app` is imported on first use, so that a command needing one piece of the package
(`rochade.web.start`'s launcher) loads no web server."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rochade.web.app import create_app


def __getattr__(name: str) -> object:
    if name == "create_app":
        from rochade.web.app import create_app

        return create_app
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["create_app"]
