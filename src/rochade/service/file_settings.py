"""The club file's own settings, which are no tournament facts (the web app's TD PIN hash and
its cookie-signing key): neither logged nor undone. The web app reaches them here, as it
reaches everything else in the club file through the service."""

from pathlib import Path

from rochade.store import Club, Identity
from rochade.store.file_settings import read_setting, update_setting, write_setting

__all__ = [
    "CLUB_NAME", "check_servable", "file_identity", "read_setting", "update_setting",
    "write_setting",
]

CLUB_NAME = "club.name"
"""The club's name as the TD gave it on the start page: the printed lists' letterhead names
the club by it (a tournament's own organizer first)."""


def check_servable(path: Path) -> None:
    """Refuse, before a server starts on it, a foreign, newer, damaged or read-only file: the
    TD hears it at once instead of on the first result of the evening."""
    with Club.open(path) as club:
        club.check_writable()


def file_identity(path: Path) -> Identity:
    """The club file as a server opens it at its start: the server then works on this file
    only, and refuses to go on when another program replaces it (`FileReplaced`)."""
    with Club.open(path) as club:
        return club.identity()
