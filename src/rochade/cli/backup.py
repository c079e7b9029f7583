"""`rochade backups` and `rochade restore`: the automatic copies made before risky changes;
`backup-json` and `restore-json`: the whole club file as one JSON file and back."""

from __future__ import annotations

import os
from pathlib import Path

import click

from rochade.cli.common import Failure, club_argument, read_text, service, write_output
from rochade.service.exchange import backup_json, restore_json


@click.command("backups")
@club_argument
def backups_command(club: Path, who: str | None) -> None:
    """List the automatic backups of CLUB (made before every pairing, import and restore)."""
    found = service(club, who).list_backups()
    if not found:
        click.echo(f"No backups of {club} yet (one is made before every pairing and import).")
        return
    for item in found:
        when = item.file.at.astimezone().strftime("%Y-%m-%d %H:%M:%S")
        size = f"{(item.file.size + 1023) // 1024} KB"
        last = item.last_action or "(cannot be read)"
        click.echo(
            f"{item.number:>3}  {when}  before {item.file.before:<8} {size:>7}  "
            f"{item.file.name}  last change: {last}"
        )
    click.echo(f"Bring one back with: rochade restore {club} NUMBER")


@click.command("backup")
@club_argument
@click.argument("out", metavar="OUT")
@click.option("--replace", is_flag=True, help="Overwrite OUT if it exists.")
def backup_command(club: Path, who: str | None, out: str, replace: bool) -> None:
    """Copy CLUB as it is now to OUT (a file or a folder); safe while `rochade serve` runs.

    Copying the club file with the file manager is not: while rochade has it open, the
    latest changes may still be in CLUB-wal beside it.
    """
    if out.endswith(("/", os.sep)) and not Path(out).is_dir():  # (a USB stick not plugged in)
        raise Failure(f"there is no folder {out}; check the name, or that the stick is in")
    done = service(club, who).save_copy(Path(out), replace)
    click.echo(f"Saved {club} as it is now to {done}.")
    click.echo(f"Bring it back with: rochade restore {club} {done}")


@click.command("restore")
@club_argument
@click.argument("backup", metavar="BACKUP")
def restore_command(club: Path, who: str | None, backup: str) -> None:
    """Bring back a backup of CLUB (its number in `rochade backups`, or its file name).

    BACKUP may also be the path of a copy made with `rochade backup`. The current state is
    backed up first, so a restore can itself be taken back. Safe while `rochade serve` runs:
    the server shows the restored state at once.
    """
    done = service(club, who).restore_backup(backup)
    click.echo(f"Restored {done.shown} into {club}.")
    click.echo(
        f"The file as it was is kept as {done.saved_as.name}: "
        f"`rochade restore {club} {done.saved_as.name}` takes this restore back."
    )


@click.command("backup-json")
@club_argument
@click.argument("out", required=False, type=click.Path(path_type=Path, dir_okay=False))
def backup_json_command(club: Path, who: str | None, out: Path | None) -> None:
    """Write the whole club file (members, tournaments, log) as one JSON file."""
    write_output(out, backup_json(club), "\n")


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


COMMANDS = (backup_command, backups_command, restore_command, backup_json_command,
            restore_json_command)
