"""TRF import and export of whole tournaments."""

from __future__ import annotations

from pathlib import Path

import click

from rochade.cli.common import (
    IMPORT_FIDE_MODE,
    another_name,
    club_argument,
    echo_fide_recheck,
    service,
    tournament_option,
    write_output,
)
from rochade.service.exchange import NEWLINES
from rochade.service.files import read_file


@click.command("import-trf")
@club_argument
@click.argument("trf", type=click.Path(path_type=Path, dir_okay=False))
@click.option("--name", help="The tournament's name (default: the file's line 012).")
@IMPORT_FIDE_MODE
def import_trf_command(club: Path, who: str | None, trf: Path, name: str | None,
                       fide_mode: bool) -> None:
    """Add a tournament from a FIDE TRF file (TRF16 or TRF26).

    A team event's file (team records 310, or TRF16's 013) becomes a team event."""
    svc = service(club, who)
    data = read_file(trf)
    if svc.is_team_file(data):
        view = svc.import_team_trf(data, name)
        click.echo(f"Imported {view.name} ({view.system}): {len(view.event.teams)} teams, "
                   f"{len(view.event.rounds)} rounds.")
        return
    with another_name():
        t = svc.import_trf(data, name, fide_mode)
    click.echo(f"Imported {t.name} ({t.system}): {len(t.entrants)} players, "
               f"{len(t.rounds)} rounds.")
    if fide_mode:
        echo_fide_recheck(t)


@click.command("export-trf")
@club_argument
@click.argument("out", required=False, type=click.Path(path_type=Path, dir_okay=False))
@tournament_option
@click.option("--newline", type=click.Choice(list(NEWLINES)),
              help="Line endings (default: the imported file's, else CRLF).")
@click.option("--javafo", is_flag=True,
              help="Also write the next round's byes in its round columns (JaVaFo reads no "
              "240 line).")
def export_trf_command(club: Path, who: str | None, out: Path | None, tournament: str | None,
                       newline: str | None, javafo: bool) -> None:
    """Write a tournament as a FIDE TRF26 file (to OUT, or print it)."""
    svc = service(club, who)
    if svc.is_team_event(tournament):
        write_output(out, svc.export_team_trf(tournament))
        return
    text = svc.export_trf(tournament, newline, javafo)
    write_output(out, text)


COMMANDS = (import_trf_command, export_trf_command)
