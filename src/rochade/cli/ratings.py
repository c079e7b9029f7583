"""`rochade ratings`: what a downloaded rating list would change (read-only for now)."""

from __future__ import annotations

import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import IO

import click

from rochade.cli.common import Failure, club_argument, service, tournament_option
from rochade.formats.players import (
    RATING_KINDS,
    ClubPlayer,
    RatedPlayer,
    decode,
    match_ratings,
    parse_fide_txt,
    parse_fide_xml,
    parse_rating_csv,
)

LIST_FORMATS = ("auto", "fide-xml", "fide-txt", "csv")


def _open(path: Path) -> IO[bytes]:
    """The list itself, or the one list inside a downloaded .zip."""
    if not zipfile.is_zipfile(path):
        return path.open("rb")
    archive = zipfile.ZipFile(path)
    members = [n for n in archive.namelist() if n.lower().endswith((".xml", ".txt", ".csv"))]
    if len(members) != 1:
        raise Failure(f"{path}: expected one .xml, .txt or .csv list inside, found {len(members)}")
    return archive.open(members[0])


def _entries(stream: IO[bytes], fmt: str, kind: str, column: str | None) -> Iterator[RatedPlayer]:
    """The list's players, read lazily; `auto` looks at the first bytes to tell the format."""
    if fmt == "auto":
        head = decode(stream.read(512)).lstrip("\ufeff \r\n")
        stream.seek(0)
        fmt = "fide-xml" if head.startswith("<") else "fide-txt" if "ID Number" in head else "csv"
    if fmt == "fide-xml":
        return parse_fide_xml(stream, kind)
    if fmt == "fide-txt":
        return parse_fide_txt((decode(line) for line in stream), kind)
    return parse_rating_csv(decode(stream.read()), column)


@click.command()
@club_argument
@click.argument("listfile", metavar="LIST", type=click.Path(path_type=Path, dir_okay=False))
@click.option("--list-format", "fmt", type=click.Choice(LIST_FORMATS), default="auto",
              show_default=True, help="FIDE XML, FIDE TXT or a national CSV list.")  # fmt: skip
@click.option("--kind", type=click.Choice(RATING_KINDS), default="standard", show_default=True)
@click.option("--rating-column", metavar="HEADER", help="CSV: which rating column (e.g. DWZ).")
@tournament_option
def ratings(
    club: Path,
    who: str | None,
    listfile: Path,
    fmt: str,
    kind: str,
    rating_column: str | None,
    tournament: str | None,
) -> None:
    """Show what a rating list would change.

    Nothing is written yet.

    Players are matched by FIDE id, else national id, else a name found exactly once. LIST may
    be FIDE's XML or TXT list (also as the downloaded .zip) or a national list as CSV.
    """
    t = service(club, who).tournament(tournament)
    players = [ClubPlayer(e.id, e.name, e.rating, e.fide_id) for e in t.entrants]
    with _open(listfile) as stream:
        match = match_ratings(players, _entries(stream, fmt, kind, rating_column))
    if match.updates:
        click.echo(f"{len(match.updates)} rating(s) would change:")
        for u in match.updates:
            old = "unrated" if u.player.rating is None else str(u.player.rating)
            new = "unrated" if u.rating is None else str(u.rating)
            click.echo(f"  {u.player.name}: {old} -> {new} (matched by {u.matched_by})")
    else:
        click.echo("No rating would change.")
    if match.unchanged:
        click.echo(f"Unchanged: {len(match.unchanged)}.")
    for p, candidates in match.ambiguous:
        click.echo(f"Ambiguous, left alone: {p.name} ({'; '.join(candidates)}).")
    if match.not_found:
        click.echo("Not in the list: " + ", ".join(p.name for p in match.not_found) + ".")


COMMANDS = (ratings,)
