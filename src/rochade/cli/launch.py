"""`rochade` with no command: the app as a TD starts it from a menu or a desktop icon. It
serves the club file used last, or a start page that creates or opens one, and opens the
browser. The file used last is kept in a small per-user file where the platform keeps such
files (`config_file`)."""

from __future__ import annotations

import json
from contextlib import suppress
from pathlib import Path
from typing import TYPE_CHECKING

import click

from rochade.cli.serve import club_app, local_url, run_app

if TYPE_CHECKING:
    from starlette.applications import Starlette

CONFIG_NAME = "settings.json"
LAST_CLUB = "last_club"


def config_file() -> Path:
    """The per-user settings file, in rochade's folder of the user account (`user_folder`)."""
    from rochade.service.publishing import user_folder

    return user_folder() / CONFIG_NAME


def _settings() -> dict[str, object]:
    """The settings file's values; a file that is missing or not rochade's counts as empty
    (it only saves the TD a click)."""
    with suppress(OSError, ValueError):
        values = json.loads(config_file().read_text(encoding="utf-8"))
        if isinstance(values, dict):
            return values
    return {}


def last_club() -> Path | None:
    """The club file `rochade` opened last, if it remembers one."""
    last = _settings().get(LAST_CLUB)
    return Path(last) if isinstance(last, str) and last else None


def remember(path: Path) -> None:
    """Note `path` as the club file used last (written whole, then renamed: a crash leaves
    the old settings). A settings folder that cannot be written only costs the TD the start
    page next time, which is said."""
    target = config_file()
    values = {**_settings(), LAST_CLUB: str(path.resolve())}
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        temporary = target.with_suffix(".tmp")
        temporary.write_text(json.dumps(values, indent=2, ensure_ascii=False) + "\n",
                             encoding="utf-8")
        temporary.replace(target)
    except OSError as exc:
        click.echo(f"Could not remember {path} for the next start ({target}: "
                   f"{exc.strerror or exc}).")


def launch(host: str, port: int, browser: bool) -> None:
    """Serve the club file used last, else the start page (which answers this computer
    only, whatever `host` shares), saying why when that file is gone or cannot be served."""
    from rochade.service import StoreError
    from rochade.service.file_settings import check_servable

    local = local_url(host, port)
    last = last_club()
    problem: StoreError | None = None
    if last is not None and last.exists():
        try:
            check_servable(last)
        except StoreError as exc:
            problem = exc
            click.echo(f"{last}, the club file used last, cannot be opened: {exc}")
        else:
            app = club_app(last, host, port, command="rochade")
            remember(last)
            run_app(app, host, port, browse=f"{local}td/" if browser else None)
            return
    elif last is not None:
        click.echo(f"{last}, the club file used last, is no longer there.")
    from rochade.web.start import Launcher

    def open_club(path: Path) -> Starlette:
        app = club_app(path, host, port, command="rochade")
        remember(path)
        return app

    click.echo(f"rochade's start page: {local}  (create a club file or open one; new files go "
               f"to {Path.cwd()})")
    launcher = Launcher(Path.cwd(), open_club, last, problem)
    run_app(launcher, host, port, browse=local if browser else None)
