"""`rochade league`: the club's teams in an external league, their matches and match cards;
the Keizer competition a team counts for scores its members' league games itself."""

from __future__ import annotations

from pathlib import Path

import click

from rochade.cli.common import club_argument, service, tournament_option, write_output
from rochade.service.league import LeagueMatch, cards_html

SEASON = click.option("--season", metavar="SEASON", help="Only the teams of this season.")


@click.group()
def league() -> None:
    """The club's league teams and matches, counted in a Keizer competition."""


@league.group("team")
def team() -> None:
    """Add and list the club's league teams."""


@team.command("add")
@club_argument
@click.argument("name")
@click.option("--keizer-team", type=click.IntRange(min=1), default=1, show_default=True,
              help="The competition's team number whose board values the games are worth "
                   "(`tournament set team_values=...`).")
@click.option("--league", "league_name", default="", help="The league or division, e.g. "
              "\"KNSB 3C\".")
@click.option("--season", default="", help="The season, e.g. 2026-27.")
@tournament_option
def team_add(club: Path, who: str | None, name: str, keizer_team: int, league_name: str,
             season: str, tournament: str | None) -> None:
    """Add a league team whose games count in a Keizer competition (--tournament)."""
    added = service(club, who).add_league_team(name, keizer_team, league_name, season,
                                               tournament)
    click.echo(f"League team {added.name} added: its games count in {added.competition} "
               f"as team {added.keizer_team}.")


@team.command("list")
@club_argument
@SEASON
def team_list(club: Path, who: str | None, season: str | None) -> None:
    """List the league teams: name, league, season, competition and Keizer team."""
    teams = service(club, who).league_teams(season)
    if not teams:
        click.echo("No league team yet (add one with: rochade league team add).")
    for t in teams:
        click.echo(f"{t.name}\t{t.league}\t{t.season}\t{t.competition}\tteam {t.keizer_team}")


@league.group("match")
def match() -> None:
    """Enter, correct, delete and list league matches."""


@match.command("add")
@club_argument
@click.argument("team_name", metavar="TEAM")
@click.argument("day", metavar="DATE")
@click.argument("opponent")
@click.argument("lineup", nargs=-1, required=True)
@click.option("--away", is_flag=True, help="An away match (default: at home).")
@click.option("--colours", metavar="WB...",
              help="The club's colours per board, e.g. wbwb (default: the home team has white "
                   "on the odd boards).")
@click.option("--result", "results", multiple=True, metavar="BOARD=RESULT",
              help="A board's result as the club's player scored it: 1, 1/2, 0, + or - "
                   "(forfeits); repeat for each board.")
@SEASON
@click.option("--replace", type=int, metavar="MATCH",
              help="Enter it again in place of match MATCH (a correction of its date, "
                   "opponent or lineup; a player on the same board keeps the result).")
def match_add(club: Path, who: str | None, team_name: str, day: str, opponent: str,
              lineup: tuple[str, ...], away: bool, colours: str | None,
              results: tuple[str, ...], season: str | None, replace: int | None) -> None:
    """Enter a match of TEAM on DATE (YYYY-MM-DD) against the OPPONENT club.

    LINEUP names the club's players in board order (members' names; `5=NAME` gives a board
    by number).
    """
    added = service(club, who).add_league_match(team_name, day, opponent, not away, lineup,
                                                colours, results, season, replace)
    click.echo(f"Match #{added.id}: {added.team.name} - {added.opponent} on {added.date}, "
               f"{len(added.boards)} boards.")
    _echo_score(added)


@match.command("result")
@club_argument
@click.argument("match_id", metavar="MATCH", type=int)
@click.argument("results", nargs=-1, required=True, metavar="BOARD=RESULT...")
def match_result(club: Path, who: str | None, match_id: int, results: tuple[str, ...]) -> None:
    """Enter or correct results of match MATCH (its number in `league match list`).

    Each result as the club's player scored it: 1, 1/2, 0, + or - (forfeits), e.g. 1=1 2=1/2.
    """
    _echo_score(service(club, who).set_league_results(match_id, results))


@match.command("board")
@club_argument
@click.argument("match_id", metavar="MATCH", type=int)
@click.argument("board", type=click.IntRange(min=1))
@click.argument("player", required=False)
@click.option("--colour", type=click.Choice(["w", "b"]), help="The club player's colour on "
              "the board: w or b.")
@click.option("--result", metavar="RESULT", help="The board's result as the club's player "
              "scored it: 1, 1/2, 0, + or -.")
def match_board(club: Path, who: str | None, match_id: int, board: int, player: str | None,
                colour: str | None, result: str | None) -> None:
    """Correct BOARD of match MATCH: its PLAYER (a member's name), colour or result, without
    entering the match again; what is not given stays (a new player keeps the result)."""
    changed = service(club, who).set_league_board(match_id, board, player, colour, result)
    now = next(b for b in changed.boards if b.board == board)
    click.echo(f"Match #{changed.id} board {board}: {now.name} "
               f"({'white' if now.white else 'black'}) {now.score or '-'}.")
    _echo_score(changed)


@match.command("delete")
@club_argument
@click.argument("match_id", metavar="MATCH", type=int)
def match_delete(club: Path, who: str | None, match_id: int) -> None:
    """Delete match MATCH entered by mistake (`rochade undo` brings it back)."""
    gone = service(club, who).delete_league_match(match_id)
    click.echo(f"Match #{gone.id} {gone.team.name} - {gone.opponent} deleted.")


@match.command("list")
@club_argument
@click.option("--team", "team_name", metavar="TEAM", help="Only this team's matches.")
@SEASON
@click.option("--format", "form", type=click.Choice(["text", "csv", "html"]), default="text",
              show_default=True, help="Text for the terminal, CSV for spreadsheets, HTML to "
              "print or publish.")
@click.option("--lang", type=click.Choice(["en", "de", "nl", "fr", "ar"]), default="en",
              show_default=True, help="The language of the CSV and HTML match cards.")
@click.option("-o", "--out", type=click.Path(path_type=Path, dir_okay=False),
              help="Write to this file instead of printing.")
def match_list(club: Path, who: str | None, team_name: str | None, season: str | None,
               form: str, lang: str, out: Path | None) -> None:
    """The match cards: each match with its boards, results and the round it counts in."""
    cards = service(club, who).match_card_list(team_name, season)
    if form == "text":
        write_output(out, cards.text())
        return
    from rochade.i18n import language, site_csv

    if form == "csv":
        write_output(out, cards.csv(site_csv(lang)))
    else:
        write_output(out, cards_html(cards, club.stem, language(lang)))


def _echo_score(played: LeagueMatch) -> None:
    if played.score():
        click.echo(f"Score so far: {played.team.name} - {played.opponent} {played.score()}"
                   f"{'' if played.complete else ' (not complete)'}.")
