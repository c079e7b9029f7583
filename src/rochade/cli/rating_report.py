"""`rochade rating-report`: the TRF26 file a rating officer accepts, after a check."""

from __future__ import annotations

from pathlib import Path

import click

from rochade.cli.common import club_argument, service, tournament_option
from rochade.service.exchange import NEWLINES

NOT_READY = 3
"""The exit code when a problem stops the report (2 is a refusal of what was typed)."""


@click.command("rating-report")
@club_argument
@click.argument("out", type=click.Path(path_type=Path, dir_okay=False))
@tournament_option
@click.option("--newline", type=click.Choice(list(NEWLINES)),
              help="Line endings (default: the imported file's, else CRLF).")
def rating_report_command(club: Path, who: str | None, out: Path, tournament: str | None,
                          newline: str | None) -> None:
    """Check a finished tournament and write its rating report (TRF26) to OUT.

    Problems a rating officer would send the report back for (no city, federation, dates or
    chief arbiter, a rated player without FIDE id, unfinished rounds, a FIDE id twice) are
    listed and nothing is written (exit code 3). Warnings (no birth date or sex of an unrated
    player) are listed and the file is written. docs/rating-reports.md has the whole way.
    """
    report = service(club, who).rating_report(tournament, newline)
    for problem in report.check.problems:
        click.echo(f"Problem: {problem}")
    for warning in report.check.warnings:
        click.echo(f"Warning: {warning}")
    if report.text is None:
        click.echo(f"Not written: fix the {len(report.check.problems)} problem(s) first.")
        raise click.exceptions.Exit(NOT_READY)
    with out.open("w", encoding="utf-8", newline="") as handle:
        handle.write(report.text)
    click.echo(f"Wrote {out}.")


COMMANDS = (rating_report_command,)
