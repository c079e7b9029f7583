"""`rochade import-kfc`: bring a KeizerForClubs season into a club file."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import click

from rochade.cli.common import another_name, club_argument, service

if TYPE_CHECKING:
    from rochade.service.exchange import RoundDifference


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
            "total differs from the one KfC stored (a file KfC did not recalculate keeps old "
            "totals, and KfC before July 2023 scored some rows otherwise: see docs/formats.md):"
        )
        for d in report.differences:
            click.echo(f"  {d.entrant.name}: KfC {d.kfc:.2f}, rochade {d.rochade_text}")
            for r in d.rounds:
                click.echo(f"    {_row(r)}: KfC {r.kfc:.2f}, rochade {r.rochade_text}")
    elif report.compared:
        click.echo(
            f"Checked: rochade's totals equal the {report.compared} totals KfC stored "
            f"(largest difference {report.max_deviation:.1g})."
        )


def _row(r: RoundDifference) -> str:
    """Which row of a player's a differing credit is: the own value, or a round's row."""
    if r.round == 0:
        return "own value"
    if r.opponent is not None:
        withdrawn = " (withdrawn)" if r.opponent.withdrawn else ""
        return f"round {r.round}, game against {r.opponent.name}{withdrawn}"
    return f"round {r.round}, {(r.reason or r.kind).replace('_', ' ')}"


COMMANDS = (import_kfc_command,)
