"""`rochade import-kfc`: bring a KeizerForClubs season into a club file."""

from __future__ import annotations

from pathlib import Path

import click

from rochade.cli.common import another_name, club_argument, service
from rochade.formats.text import decimal_text


@click.command("import-kfc")
@club_argument
@click.argument("file", metavar="FILE.s3db", type=click.Path(path_type=Path, dir_okay=False))
@click.option("--name", help="Name of the new tournament (default: the file name).")
def import_kfc_command(club: Path, who: str | None, file: Path, name: str | None) -> None:
    """Import a KeizerForClubs file (.s3db).

    Players, their states, every round and the settings become a new tournament.
    """
    with another_name():
        report = service(club, who).import_kfc(file, name)
    t = report.imported.tournament
    rows = sum(len(r.games) + len(r.absences) + (r.bye is not None) for r in t.rounds)
    click.echo(
        f"Imported {t.name}: {len(t.entrants)} players, {len(t.rounds)} rounds ({rows} rows), "
        f"KfC's settings on the kfc preset."
    )
    for note in report.imported.notes:
        click.echo(f"Note: {note}.")
    if report.differences:
        click.echo(
            f"Warning: for {len(report.differences)} of {report.compared} players rochade's "
            "total differs from the one KfC stored (was the file recalculated in KfC?):"
        )
        for d in report.differences:
            click.echo(f"  {d.entrant.name}: KfC {d.kfc:.2f}, rochade {decimal_text(d.rochade)}")
    elif report.compared:
        click.echo(
            f"Checked: rochade's totals equal the {report.compared} totals KfC stored "
            f"(largest difference {report.max_deviation:.1g})."
        )


COMMANDS = (import_kfc_command,)
