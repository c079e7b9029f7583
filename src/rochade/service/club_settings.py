"""The club file's own settings, which are no tournament facts (the web app's TD PIN hash and
its cookie-signing key): neither logged nor undone. The web app reaches them here, as it
reaches everything else in the club file through the service."""

from rochade.store.settings import read_setting, write_setting

__all__ = ["read_setting", "write_setting"]
