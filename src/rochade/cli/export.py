"""`rochade publish` (a static HTML site) and `rochade export-list` (one list as text, CSV or
HTML): the club's lists for its website, notice board and spreadsheets."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING

import click

from rochade.cli.common import CREDENTIALS, Failure, service
from rochade.cli.views import checked_list
from rochade.core.fide import PlayerDetails
from rochade.core.model import PlayerId, Tournament
from rochade.service import PairingList, points_before, read_tournament_file
from rochade.service.lists import file_rating_changes
from rochade.service.players import find_typed
from rochade.service.printed import (
    DIALECTS,
    LANGUAGES,
    PrintedList,
    category_list,
    check_delimiter,
    list_of,
    pairing_list,
    prizes_list,
)
from rochade.service.reports import Letterhead
from rochade.service.upload import target
from rochade.service.website import club_site, file_site, write_site

if TYPE_CHECKING:
    from rochade.service.printed import CsvWriter, Language

LISTS = ("standings", "pairings", "participants", "crosstable", "progress", "breakdown",
         "alphabetical", "notice", "slips", "start-rank", "prizes")

SOURCE = click.argument(
    "source", metavar="CLUB|FILE.json", type=click.Path(path_type=Path, dir_okay=False)
)
TOURNAMENT = click.option("-t", "--tournament", metavar="NAME", help="Which tournament.")
WHO = click.option("--who", envvar="ROCHADE_WHO", hidden=True)
CSV_DIALECT = click.option(
    "--csv-dialect", type=click.Choice(sorted(DIALECTS)), default="plain", show_default=True,
    help="CSV for: plain (\",\" and a decimal point, English titles), excel-de, excel-nl or "
    "excel-fr (\";\", a decimal comma and German, Dutch or French titles, so Excel opens it "
    "in columns), excel-ar (\",\", a decimal point and Arabic titles).",
)  # fmt: skip


LANG = click.option(
    "--lang", type=click.Choice(LANGUAGES), default="en", show_default=True,
    help="The language of the HTML pages: titles, column names, notes, dates and decimals "
    "(ar: written right to left).")


def _language(lang: str) -> Language | None:
    """The pages' language (None: English); the catalogues are read only for a translation."""
    if lang == "en":
        return None
    from rochade.i18n import language

    return language(lang)


RATING_CHANGE = click.option(
    "--rating-change", is_flag=True,
    help="Standings: add each player's K-factor, performance and FIDE rating change.")


def _rated(printed: PrintedList, source: Path, who: str | None, tournament: str | None,
           t: Tournament, after_round: int | None) -> PrintedList:
    """The standings with the players' rating changes: with the members' data from a club
    file, from the games alone for a JSON file."""
    if source.suffix.lower() == ".json":
        return printed.rated(file_rating_changes(t, after_round))
    return printed.rated(service(source, who).rating_changes(tournament, after_round))


def _csv(dialect: str, delimiter: str | None = None) -> CsvWriter:
    """How a list is written as CSV in `dialect`, its titles translated by the web's
    catalogues (`rochade.i18n.csv_text`)."""
    from rochade.i18n import csv_text

    return lambda table: csv_text(table, dialect, delimiter)


def _load(source: Path, who: str | None, tournament: str | None) -> Tournament:
    if source.suffix.lower() == ".json":
        return read_tournament_file(source)
    return service(source, who).tournament(tournament)


def _letterhead(source: Path, who: str | None, t: Tournament) -> Letterhead:
    """The club and round dates printed at the top of each page (a tournament file has
    neither)."""
    if source.suffix.lower() == ".json":
        return Letterhead("")
    return service(source, who).letterhead(t.name)


def _details(source: Path, who: str | None, t: Tournament) -> Mapping[PlayerId, PlayerDetails]:
    """The players' federations and clubs for the start-rank list (a file has none)."""
    if source.suffix.lower() == ".json":
        return {}
    return service(source, who).rating_data(t.name).details


@click.command()
@SOURCE
@click.argument("folder", type=click.Path(path_type=Path, file_okay=False))
@CSV_DIALECT
@LANG
@RATING_CHANGE
@TOURNAMENT
@click.option("--to", "to", metavar="URL",
              help="Then upload the site: sftp://user@host/folder, ftps://... or ftp://... "
              "(only the files changed since the last upload).")
@CREDENTIALS
@WHO
def publish(
    source: Path, folder: Path, csv_dialect: str, lang: str, rating_change: bool,
    tournament: str | None, to: str | None, credentials_file: Path | None, who: str | None,
) -> None:
    """Write every list as a web site to FOLDER.

    A static site: upload FOLDER as it is. FOLDER is publish's own: a page it wrote before and
    no longer writes is removed (its list is FOLDER/.rochade-site.json), other files are left
    alone, and a page is rewritten only when it changed.

    --to uploads it: only the files changed since the last upload, each whole (sent under a
    temporary name, then renamed), and the server's files of an earlier upload the site no
    longer has are removed (its list: .rochade-site.json there); the password comes from
    --credentials-file or the keyring, never from the address.

    index.html links standings (now and after each round), pairings, crosstable, progress,
    participants, each category's standings and the prize list (docs/categories.md) and one
    page per player, each also as CSV; and for printing the start-rank
    list and the last round's pairings in alphabetical order, in large type for the notice
    board and as result slips. Print any page from the browser
    for A4 paper or PDF. Works for Keizer, Swiss and round-robin tournaments. --lang de, nl,
    fr or ar writes the pages in German, Dutch, French or Arabic (the CSV files follow
    --csv-dialect).
    """
    if source.suffix.lower() == ".json":
        files = file_site(read_tournament_file(source), _csv(csv_dialect), _language(lang),
                          rating_change)
    else:
        files = club_site(service(source, who), tournament, _csv(csv_dialect),
                          _language(lang), rating_change)
    upload = None if to is None else target(to, credentials_file)  # said before any writing
    done = write_site(folder, files)
    click.echo(f"Wrote {len(files)} files to {folder} ({len(done.written)} new or changed, "
               f"{len(done.removed)} of an earlier publish removed); "
               f"open {folder / 'index.html'}.")
    if upload is not None:
        sent = upload.send(files)
        click.echo(f"Uploaded to {upload.where}: {len(sent.sent)} files sent, {sent.unchanged} "
                   f"unchanged, {len(sent.removed)} of an earlier upload removed.")


@click.command("export-list")
@SOURCE
@click.argument("which", metavar="LIST", type=click.Choice(LISTS))
@click.option(
    "--format", "fmt", type=click.Choice(["text", "csv", "html"]), default="text",
    show_default=True,
)  # fmt: skip
@click.option("--round", "round_number", type=click.IntRange(min=0), metavar="K",
              help="Standings/breakdown after round K, pairings (alphabetical, notice, slips) of "
              "round K, or the crosstable and progress up to round K.")  # fmt: skip
@click.option("--player", metavar="NAME", help="Whose breakdown (name, prefix or number).")
@click.option("--category", metavar="NAME",
              help="Standings: only this category's players, with their place in it.")
@click.option("--delimiter", help="CSV field separator (default: the dialect's).")
@CSV_DIALECT
@LANG
@click.option(
    "-o", "--output", type=click.Path(path_type=Path, dir_okay=False),
    help="Write to this file instead of the screen.",
)  # fmt: skip
@RATING_CHANGE
@TOURNAMENT
@WHO
def export_list(
    source: Path,
    which: str,
    fmt: str,
    round_number: int | None,
    player: str | None,
    category: str | None,
    delimiter: str | None,
    csv_dialect: str,
    lang: str,
    output: Path | None,
    rating_change: bool,
    tournament: str | None,
    who: str | None,
) -> None:
    """Export one list as text, CSV or HTML.

    One LIST as plain text, CSV or a stand-alone HTML page.

    LIST is standings, pairings, participants, crosstable, progress or breakdown (with
    --player: the Keizer breakdown, or a Swiss or round-robin player's card); for printing:
    alphabetical (a round's pairings by player name: "where do I play?"), notice (a round's
    pairings in large type for the notice board; --format html), slips (result slips to
    cut, one per board) and start-rank (players by pairing number with title, rating,
    federation and club); prizes (who takes each category's prizes; club file only). With
    --category NAME the standings are the category's (club file only; docs/categories.md).
    CSV numbers are exact, with a "." decimal point (--csv-dialect excel-de, excel-nl or
    excel-fr: a decimal comma, ";" between fields and German, Dutch or French column
    titles; excel-ar: Arabic column titles); text that a spreadsheet would run as a formula
    (starting with = + - @) gets a leading apostrophe. --format html --lang de, nl, fr or ar
    writes the page in German, Dutch, French or Arabic.
    """
    if delimiter is not None:
        check_delimiter(delimiter)
    if lang != "en" and fmt != "html":
        raise Failure("--lang goes with --format html (CSV: --csv-dialect; text is English)")
    grouped = which == "prizes" or category is not None
    if grouped and (source.suffix.lower() == ".json" or which not in ("standings", "prizes")
                    or (which == "prizes" and category is not None)):
        raise Failure("categories and prizes are kept in the club file: export-list CLUB "
                      "standings --category NAME, or export-list CLUB prizes")
    t = _load(source, who, tournament)
    if round_number is not None and round_number > len(t.rounds):
        raise Failure(f"there is no round {round_number} (the tournament has {len(t.rounds)})")
    if grouped:
        if rating_change:
            raise Failure("--rating-change goes with the overall standings, not with "
                          "--category or prizes")
        printed = _grouped(source, who, t.name, round_number, category)
    elif rating_change and which != "standings":
        raise Failure("--rating-change goes with the standings")
    elif which == "pairings":
        printed = _pairings(source, who, tournament, t, round_number)
    else:
        details = _details(source, who, t) if which == "start-rank" else {}
        player_id = None if player is None else find_typed(t, player).id
        checked_list(t, which, round_number, player_id)
        printed = list_of(t, which, round_number, player_id, details)
        if rating_change:
            printed = _rated(printed, source, who, tournament, t, round_number)
    if fmt == "csv":
        content = printed.csv(_csv(csv_dialect, delimiter))
    elif fmt == "html":
        at = len(t.rounds) if round_number is None else round_number
        content = printed.page(_letterhead(source, who, t), at, _language(lang))
    else:
        content = printed.text()
    if output is None:
        click.echo(content, nl=False)
        return
    # A byte-order mark lets spreadsheet programs recognise UTF-8 CSV (umlauts, accents).
    output.write_text(content, encoding="utf-8-sig" if fmt == "csv" else "utf-8", newline="")
    click.echo(f"Wrote {output}.")


def _grouped(source: Path, who: str | None, tournament: str, round_number: int | None,
             category: str | None) -> PrintedList:
    """The prize list, or a category's standings."""
    data = service(source, who).categories(tournament)
    if category is not None:
        return category_list(data, round_number, category)
    if not data.setup.categories:
        raise Failure(f"{tournament} has no categories; define them with rochade tournament "
                      "set CLUB categories=... (docs/categories.md)")
    return prizes_list(data, round_number)


def _pairings(
    source: Path, who: str | None, tournament: str | None, t: Tournament, round_number: int | None
) -> PrintedList:
    """The pairing list as `rochade pairings` prints it: headed by the evening's date (a club
    file keeps it), each player with the points before the round."""
    if not t.rounds:
        raise Failure("no round is paired yet")
    number = len(t.rounds) if round_number is None else round_number
    if number < 1:
        raise Failure(f"there is no round {number}")
    if source.suffix.lower() == ".json":
        listed = PairingList(t, t.rounds[number - 1], None, points_before(t, number))
    else:
        listed = service(source, who).pairing_list(number, tournament)
    return pairing_list(listed)


COMMANDS = (publish, export_list)
