"""What every command shares: the club file argument, -t, --who, errors as one clear line."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import click

from rochade.core.messages import shortened

if TYPE_CHECKING:
    from rochade.core.model import Tournament
    from rochade.service import ClubService
    from rochade.service.rating_lists import RatingSource

F = TypeVar("F", bound=Callable[..., Any])


def domain_errors() -> tuple[type[Exception], ...]:
    """Problems with what the TD asked or gave: `Error: ...` and exit code 2, never a traceback.

    Imported when a command fails, so that `rochade --version` or `pair-trf` do not load the
    club file's layers."""
    from rochade.core.model import ModelError
    from rochade.service import ServiceError, StoreError
    from rochade.service.errors import TieBreakError

    return (ModelError, StoreError, ServiceError, TieBreakError, OSError)


CREDENTIALS = click.option(
    "--credentials-file", type=click.Path(path_type=Path, dir_okay=False), default=None,
    help="The upload's password, in netrc's format: machine HOST login USER password "
    "PASSWORD (default: the keyring, when installed, then ~/.netrc).")


class Failure(click.ClickException):
    """A one-line error about what the TD asked or gave: exit code 2."""

    exit_code = 2

    def __init__(self, message: str) -> None:
        super().__init__(shortened(message))


@contextmanager
def another_name() -> Iterator[None]:
    """An import whose tournament's name the club file has already: say how to go on."""
    from rochade.service.errors import NameTaken

    try:
        yield
    except NameTaken as exc:
        raise Failure(f"{exc}; import it under another name with --name NAME") from None


def needs_confirm(exc: Exception) -> Failure:
    """A change FIDE mode refused for want of confirmation, as the CLI asks for it."""
    return Failure(f"{exc} (add --confirm)")


IMPORT_FIDE_MODE = click.option(
    "--fide-mode", is_flag=True,
    help="Go on in FIDE mode (round robin, Swiss): the played rounds are re-checked first; "
         "a problem refuses the import, warnings are listed and go into the rating report.")


def echo_fide_recheck(t: Tournament) -> None:
    """What FIDE mode's re-check found in an imported tournament's rounds (as logged)."""
    from rochade.service.fidemode import recheck

    warnings = recheck(t).warnings
    click.echo(f"FIDE mode: {len(t.rounds)} played round(s) re-checked, "
               f"{len(warnings) or 'no'} warning(s).")
    for warning in warnings:
        click.echo(f"Warning: {str(warning).rstrip('.')}.")  # the checker's end in one


CONFIRM = click.option(
    "--confirm", is_flag=True,
    help="FIDE mode: go ahead with a change the rating report will mention (the error says "
         "which and why).")


class Unexpected(Failure):
    """Our own bug, reported in one line: exit code 1."""

    exit_code = 1


class RochadeGroup(click.Group):
    """A command group that turns every exception into a short `Error: ...` line.

    Set ROCHADE_DEBUG=1 to get the traceback of an unexpected error instead.
    """

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        """Refuse an argument that is not UTF-8 text before anything runs: Python keeps such
        bytes as lone surrogates, which no file, page or terminal can take."""
        for arg in args:
            try:
                arg.encode("utf-8")
            except UnicodeEncodeError:
                shown = "".join("\ufffd" if "\ud800" <= c <= "\udfff" else c for c in arg)
                raise Failure(f"the argument {shown!r} is not UTF-8 text; retype it") from None
        return super().parse_args(ctx, args)

    def invoke(self, ctx: click.Context) -> Any:
        _tolerant_output()
        try:
            return super().invoke(ctx)
        except click.UsageError as exc:  # click quotes a bad value back: keep the line short
            raise click.UsageError(shortened(exc.format_message()), exc.ctx) from None
        except (click.ClickException, click.exceptions.Exit, click.Abort):
            raise
        except BrokenPipeError:  # e.g. `rochade log club.rochade | head`: stop quietly
            _silence_stdout()
            raise click.exceptions.Exit(1) from None
        except OverflowError:  # a number typed beyond what a file can hold (`undo --steps`)
            raise Failure("a number given is too large") from None
        except Exception as exc:
            if isinstance(exc, domain_errors()):
                raise Failure(_message(exc)) from None
            if os.environ.get("ROCHADE_DEBUG"):
                raise
            raise Unexpected(
                f"unexpected problem ({type(exc).__name__}: {exc}); "
                "run again with ROCHADE_DEBUG=1 to see the details"
            ) from None


def _tolerant_output() -> None:
    """Print a name the terminal cannot show as '?' rather than fail after the change was made
    (a Windows console writing to a file, an old Latin-1 terminal)."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="replace")


def _silence_stdout() -> None:
    """Point stdout at /dev/null so that Python's final flush does not complain."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):  # no real stdout (tests)
        pass


def _message(exc: Exception) -> str:
    if isinstance(exc, OSError) and exc.filename is not None:
        return f"{exc.filename}: {exc.strerror or exc}"
    return str(exc) or type(exc).__name__


def echo_rating_sources(sources: tuple[RatingSource, ...]) -> None:
    """Which column of a list fills which rating, before what the list does: a DWZ column
    filling the national rating is said, not taken silently."""
    said = {"fide": "FIDE rating", "national": "national rating",
            "by_fide_id": "FIDE rating with a FIDE id, else national rating"}
    shown = [f"{s.column or 'column 2'} -> {said[s.rating]}{f' ({s.system})' if s.system else ''}"
             for s in sources]
    click.echo(f"Rating columns: {', '.join(shown) or 'none'}.")


def club_argument(func: F) -> F:
    """The CLUB argument (a path) and --who (for the action log) of a command."""
    func = click.option(
        "--who",
        envvar="ROCHADE_WHO",
        help="Name for the action log (default: your user name; or set ROCHADE_WHO).",
    )(func)
    return click.argument("club", type=click.Path(path_type=Path, dir_okay=False))(func)


def tournament_option(func: F) -> F:
    return click.option(
        "-t",
        "--tournament",
        metavar="NAME",
        help="Which tournament (default: the current one, see `tournament use`).",
    )(func)


def read_text(path: Path) -> str:
    """A text file the TD gives us (UTF-8, with or without the mark spreadsheets write)."""
    from rochade.service.files import read_file

    try:
        return read_file(path).decode("utf-8-sig")
    except UnicodeDecodeError:
        raise Failure(f"{path} is not UTF-8 text; save it as UTF-8 (from a spreadsheet: as "
                      "'CSV UTF-8') and try again") from None


def service(club: Path, who: str | None) -> ClubService:
    from rochade.service import ClubService

    return ClubService(club, who)


def typed_player(svc: ClubService, typed: str, tournament: str | None) -> tuple[str, str]:
    """A player as the TD types them (a number as the lists show it: a Swiss's or round
    robin's pairing number; or a name): the id the service takes, and how the CLI names them
    (name and that number), read before the change (a deleted player has none after)."""
    entrant = svc.find_player(typed, tournament)
    return str(entrant.id), f"{entrant.name} ({svc.player_numbers(tournament)[entrant.id]})"


def ordinal(rank: int | None) -> str:
    if rank is None:
        return "withdrawn"
    suffix = "th" if 10 <= rank % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(rank % 10, "th")
    return f"{rank}{suffix}"


def key_values(assignments: tuple[str, ...]) -> dict[str, str]:
    """`KEY=VALUE` arguments (`tournament set`, `player set`) by key; a later one wins."""
    typed: dict[str, str] = {}
    for item in assignments:
        key, equals, value = item.partition("=")
        if not equals:
            raise Failure(f"write KEY=VALUE, not {item!r}")
        typed[key.strip()] = value
    return typed


def write_output(out: Path | None, text: str, newline: str = "") -> None:
    """Write to OUT and say so, as `export` does (or print); the text's own line endings are
    kept byte for byte."""
    if out is None:
        click.echo(text, nl=False)
        return
    with out.open("w", encoding="utf-8", newline=newline) as handle:
        handle.write(text)
    click.echo(f"Wrote {out}.")
