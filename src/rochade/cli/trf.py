"""TRF import/export of whole tournaments, and the club file's JSON backup."""

from __future__ import annotations

from pathlib import Path

import click

from rochade.cli.common import (
    IMPORT_FIDE_MODE,
    another_name,
    club_argument,
    echo_fide_recheck,
    read_text,
    service,
    tournament_option,
)
from rochade.formats.trf import NEWLINES
from rochade.service.exchange import backup_json, restore_json
from rochade.service.files import read_file


def _write(out: Path | None, text: str, newline: str = "") -> None:
    """Write to OUT and say so, as `export` does (or print); the text's own line endings are
    kept byte for byte."""
    if out is None:
        click.echo(text, nl=False)
        return
    with out.open("w", encoding="utf-8", newline=newline) as handle:
        handle.write(text)
    click.echo(f"Wrote {out}.")


@click.command("import-trf")
@club_argument
@click.argument("trf", type=click.Path(path_type=Path, dir_okay=False))
@click.option("--name", help="The tournament's name (default: the file's line 012).")
@IMPORT_FIDE_MODE
def import_trf_command(club: Path, who: str | None, trf: Path, name: str | None,
                       fide_mode: bool) -> None:
    """Add a tournament from a FIDE TRF file (TRF16 or TRF26)."""
    with another_name():
        t = service(club, who).import_trf(read_file(trf), name, fide_mode)
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
    text = service(club, who).export_trf(tournament, NEWLINES[newline] if newline else None,
                                         javafo)
    _write(out, text)


@click.command("backup-json")
@club_argument
@click.argument("out", required=False, type=click.Path(path_type=Path, dir_okay=False))
def backup_json_command(club: Path, who: str | None, out: Path | None) -> None:
    """Write the whole club file (members, tournaments, log) as one JSON file."""
    _write(out, backup_json(club), "\n")


@click.command("restore-json")
@click.argument("backup", type=click.Path(path_type=Path, dir_okay=False))
@club_argument
def restore_json_command(backup: Path, club: Path, who: str | None) -> None:
    """Make a new club file from a JSON backup (never overwrites a file)."""
    done = restore_json(read_text(backup), club, who, backup.name)
    names = ", ".join(done.tournaments) or "no tournaments"
    click.echo(f"Restored {club}: {done.members} members, {names}; "
               f"{done.actions} earlier log entries kept.")
    for name, warning in done.warnings:
        click.echo(f"Warning (FIDE mode, {name}): {str(warning).rstrip('.')}.")


COMMANDS = (import_trf_command, export_trf_command, backup_json_command, restore_json_command)
