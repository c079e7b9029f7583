"""Commands that only look: standings, pairings, participants, crosstable, progress, explain."""

from __future__ import annotations

from pathlib import Path

import click

from rochade.cli.common import Failure, club_argument, service, tournament_option, typed_player
from rochade.core.model import PlayerId, Tournament
from rochade.service import read_tournament_file, tournament_standings
from rochade.service.lists import file_rating_changes
from rochade.service.players import find_typed
from rochade.service.printed import (
    ROUND_LISTS,
    category_list,
    list_of,
    pairing_list,
    rating_change_text,
    standings_json_text,
    standings_list,
)
from rochade.service.system_cases import (
    Unplayed,
    parse_tiebreaks,
    system_of,
    trf_standings,
)

ROUND = click.option("--round", "round_number", type=click.IntRange(min=0), metavar="K")

def checked_list(t: Tournament, which: str, round_number: int | None = None,
                 player: PlayerId | None = None, detail: bool = False) -> None:
    """Refuse a list the tournament cannot give as asked (`rochade.service.printed.list_of`):
    a round's list before it is paired, a breakdown without its player, Keizer's wide
    progress chart of another system."""
    if which in ROUND_LISTS:
        if not t.rounds:
            raise Failure("no round is paired yet")
        number = len(t.rounds) if round_number is None else round_number
        if number < 1:
            raise Failure(f"there is no round {number}")
    elif which == "breakdown" and player is None:
        raise Failure("name the player whose breakdown you want: --player NAME")
    elif detail and which != "start-rank" and system_of(t).fide_tiebreaks:
        raise Failure("--detail goes with a Keizer tournament")


def list_text(t: Tournament, which: str, round_number: int | None = None,
              detail: bool = False) -> str:
    """One list (`rochade.service.printed.list_of`) as the terminal prints it."""
    checked_list(t, which, round_number, detail=detail)
    return list_of(t, which, round_number, detail=detail).text()


def _tournament(club: Path, who: str | None, tournament: str | None) -> Tournament:
    return service(club, who).tournament(tournament)


@click.command()
@click.argument(
    "source", metavar="CLUB|FILE.json|FILE.trf", type=click.Path(path_type=Path, dir_okay=False)
)
@ROUND
@click.option(
    "--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True
)
@click.option(
    "--tiebreaks",
    metavar="LIST",
    help="Tie-breaks in order, e.g. BH-C1,BH,SB (default: the tournament's). For Keizer: "
    "extra columns beside the game points.",
)
@click.option(
    "--round-robin", is_flag=True, help="FILE.trf: a round robin (rest rounds, no Buchholz)."
)
@click.option(
    "--unplayed",
    type=click.Choice([u.value for u in Unplayed]),
    help="FILE.trf: the C.07 edition's rule for unplayed rounds in Buchholz and "
    "Sonneborn-Berger: 2026 (the default: dummy opponent with caps), 2023 (the 2023/2024 "
    "editions, for events that started before 1 March 2026), 2022 (virtual opponent), "
    "ignore (byes add nothing). See docs/tiebreaks.md.",
)
@click.option(
    "--rating-change",
    is_flag=True,
    help="Add each player's K-factor, tournament performance and FIDE rating change "
    "(games over the board against rated opponents; docs/rating-reports.md).",
)
@click.option("--category", metavar="NAME",
              help="Club file: only the players of this category, with their place in it.")
@tournament_option
@click.option("--who", envvar="ROCHADE_WHO", hidden=True)
def standings(
    source: Path,
    round_number: int | None,
    fmt: str,
    tiebreaks: str | None,
    round_robin: bool,
    unplayed: str | None,
    rating_change: bool,
    category: str | None,
    tournament: str | None,
    who: str | None,
) -> None:
    """Show the standings (club file, JSON or TRF file), with tie-breaks."""
    if category is not None:
        if (source.suffix.lower() in (".trf", ".json") or fmt != "text" or tiebreaks
                or rating_change):
            raise Failure("--category goes with a club file and the text format, without "
                          "--tiebreaks or --rating-change")
        data = service(source, who).categories(tournament)
        click.echo(category_list(data, round_number, category).text(), nl=False)
        return
    chosen = parse_tiebreaks(tiebreaks) if tiebreaks is not None else None
    if source.suffix.lower() == ".trf":
        if rating_change:
            raise Failure("--rating-change goes with a club or JSON file, not with a TRF file")
        if round_number is not None:
            raise Failure("--round goes with a club or JSON file, not with a TRF file")
        rule = Unplayed(unplayed) if unplayed is not None else Unplayed.FIDE_2026
        from rochade.service.teams import TeamDesk

        raw = source.read_bytes() if source.is_file() else b""
        if TeamDesk.is_team_file(raw):
            if fmt != "text" or tiebreaks or round_robin or unplayed is not None:
                raise Failure("a team file's standings: the text format, its own tie-breaks")
            from rochade.cli.teams import team_standings_text

            click.echo(team_standings_text(None, None, None, raw), nl=False)
            return
        from_trf = trf_standings(source, chosen, round_robin, rule)
        if fmt == "json":
            click.echo(standings_json_text(from_trf))
        else:
            click.echo(standings_list(from_trf, source.stem).text(), nl=False)
        return
    if round_robin or unplayed is not None:
        raise Failure("--round-robin and --unplayed only go with a TRF file")
    if source.suffix.lower() != ".json" and service(source, who).is_team_event(tournament):
        if fmt != "text" or tiebreaks or rating_change:
            raise Failure("a team event's standings: the text format, its own tie-breaks")
        from rochade.cli.teams import team_standings_text

        click.echo(team_standings_text(service(source, who), tournament, round_number),
                   nl=False)
        return
    if source.suffix.lower() == ".json":
        t = read_tournament_file(source)
        changes = file_rating_changes(t, round_number) if rating_change else None
    else:
        t = _tournament(source, who, tournament)
        changes = (service(source, who).rating_changes(tournament, round_number)
                   if rating_change else None)
    table = tournament_standings(t, round_number, chosen)
    if fmt == "json":
        click.echo(standings_json_text(table, changes))
    else:
        click.echo(standings_list(table, t.name, changes).text(), nl=False)
    _provisional(t)


def _provisional(t: Tournament) -> None:
    """Standings with an adjourned game are provisional: said on stderr, below them."""
    adjourned = t.adjourned_rounds()
    if adjourned:
        click.echo(f"Provisional: adjourned or postponed games (?) in round(s) "
                   f"{', '.join(map(str, adjourned))} count as draws until their results "
                   "are in.", err=True)


@click.command()
@club_argument
@ROUND
@tournament_option
def pairings(club: Path, who: str | None, round_number: int | None, tournament: str | None) -> None:
    """Show the boards of a round, with results.

    Headed by the round's date; each player with the points before the round (Keizer points,
    or a Swiss's or round robin's game points).
    """
    svc = service(club, who)
    t = svc.tournament(tournament)
    if not t.rounds:
        raise Failure("no round is paired yet")
    number = len(t.rounds) if round_number is None else round_number
    if not 1 <= number <= len(t.rounds):
        raise Failure(f"there is no round {number} (rounds 1-{len(t.rounds)} are paired)")
    listed = svc.pairing_list(number, tournament)
    click.echo(pairing_list(listed).text(), nl=False)


@click.command()
@club_argument
@tournament_option
def participants(club: Path, who: str | None, tournament: str | None) -> None:
    """List the players: number, rating, status."""
    click.echo(list_text(_tournament(club, who, tournament), "participants"), nl=False)


@click.command("crosstable")
@club_argument
@tournament_option
def crosstable_command(club: Path, who: str | None, tournament: str | None) -> None:
    """Who played whom, with colours and results."""
    click.echo(list_text(_tournament(club, who, tournament), "crosstable"), nl=False)


@click.command()
@club_argument
@tournament_option
@click.option("--detail", is_flag=True,
              help="Keizer: per round also the Keizer points and the running game points, and a "
              "Buchholz column (a wide table).")
def progress(club: Path, who: str | None, tournament: str | None, detail: bool) -> None:
    """Show everyone's place after every round."""
    t = _tournament(club, who, tournament)
    click.echo(list_text(t, "progress", detail=detail), nl=False)


@click.command()
@click.argument("source", metavar="CLUB|FILE.json", type=click.Path(path_type=Path, dir_okay=False))
@click.argument("player", required=False)
@ROUND
@tournament_option
@click.option("--pairing", is_flag=True,
              help="With PLAYER and --round K (Swiss): why PLAYER got that opponent, float, "
              "bye and colour in round K.")
@click.option("--rating-change", is_flag=True,
              help="With PLAYER: the FIDE rating change game by game, K and performance.")
@click.option("--who", envvar="ROCHADE_WHO", hidden=True)
def explain(
    source: Path,
    who: str | None,
    player: str | None,
    round_number: int | None,
    tournament: str | None,
    pairing: bool,
    rating_change: bool,
) -> None:
    """Explain someone's points, or a pairing.

    With PLAYER: how the points were computed, row by row (from a club file or, as for
    standings, a JSON file); with --rating-change, the FIDE rating change game by game. With
    --round K alone: why round K was paired as it was. With PLAYER --round K --pairing
    (Swiss): why that player was paired so, criterion by criterion.
    """
    if rating_change:
        if player is None or pairing:
            raise Failure("--rating-change explains a PLAYER's rating change")
        _explain_rating(source, who, player, round_number, tournament)
        return
    if source.suffix.lower() == ".json":
        if player is None or pairing:
            raise Failure("a JSON file explains a PLAYER's points; pairings only a club file")
        _explain_points(read_tournament_file(source), player, round_number)
        return
    svc = service(source, who)
    if pairing:
        if player is None or round_number is None:
            raise Failure("--pairing needs a PLAYER and --round K")
        asked = typed_player(svc, player, tournament)[0]
        for line in svc.pairing_reasons(asked, round_number, tournament):
            click.echo(line)
        return
    if player is None:
        if round_number is None:
            raise Failure("name a player, or give --round K to see why round K was paired so")
        notes = svc.round_notes(round_number, tournament)
        t = svc.tournament(tournament)
        how = {"auto": f"by the {system_of(t).engine_of(t.settings)} engine",
               "manual": "by hand", "import": "in an imported file"}
        click.echo(f"Round {round_number} was paired {how.get(notes.paired_by, notes.paired_by)}.")
        for line in notes.explanation:
            click.echo(f"  {line}")
        return
    _explain_points(svc.tournament(tournament), player, round_number)


def _explain_rating(source: Path, who: str | None, player: str, round_number: int | None,
                    tournament: str | None) -> None:
    """A player's FIDE rating change game by game, after a round (default: the last)."""
    if source.suffix.lower() == ".json":
        t = read_tournament_file(source)
        entrant = find_typed(t, player)
        tournament_standings(t, round_number)  # refuses a round the file does not have
        change = file_rating_changes(t, round_number)[entrant.id]
    else:
        svc = service(source, who)
        t = svc.tournament(tournament)
        entrant = find_typed(t, player)
        change = svc.rating_changes(tournament, round_number)[entrant.id]
    click.echo(rating_change_text(change, t), nl=False)


def _explain_points(t: Tournament, player: str, round_number: int | None) -> None:
    """A player's Keizer points row by row, or a Swiss or round robin's tie-breaks."""
    entrant = find_typed(t, player)
    if system_of(t).fide_tiebreaks:
        click.echo(f"{entrant.name}: tie-breaks (opponents by start number)")
        for line in system_of(t).explain_tiebreaks(t, entrant.id, round_number):
            click.echo(f"  {line}")
        return
    click.echo(list_of(t, "breakdown", round_number, entrant.id).text(), nl=False)


COMMANDS = (standings, pairings, participants, crosstable_command, progress, explain)
