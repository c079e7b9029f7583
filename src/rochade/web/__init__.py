"""The web app: `rochade serve CLUB_FILE` runs the club evening in the browser."""

from rochade.web.app import create_app

__all__ = ["create_app"]
