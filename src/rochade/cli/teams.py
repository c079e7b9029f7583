"""`rochade team`: a team event's teams, lineups, whole-match forfeits, withdrawals and board
records; and the team side of `pair`, `result`, `standings`, `export-trf` and `import-trf`
(those commands hand a team event to the functions here)."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING

import click

from rochade.cli.common import club_argument, service, tournament_option

if TYPE_CHECKING:
    from rochade.service import ClubService


def points(value: Fraction) -> str:
    """Points as the lists print them: 3, 2½, ½ (other fractions as decimals)."""
    if value.denominator == 1:
        return str(value.numerator)
    if value.denominator == 2:
        return f"{value.numerator // 2 or ''}½"
    return f"{float(value):.2f}"


def echo_round(svc: ClubService, tournament: str | None, number: int | None = None) -> None:
    """A round's matches: number, home - away, score, then the boards."""
    view = svc.team_event(tournament)
    event = view.event
    if not event.rounds:
        click.echo("No round paired yet.")
        return
    rnd = event.rounds[(number or len(event.rounds)) - 1]
    names = {m.id: m.name for t in event.teams for m in t.members}
    click.echo(f"{view.name}, round {rnd.number}")
    for index, match in enumerate(rnd.matches, start=1):
        home, away = match.game_points()
        score = f"  {points(home)}-{points(away)}" if any(b.result for b in match.boards) else ""
        click.echo(f"Match {index}: {event.team(match.home).name} - "
                   f"{event.team(match.away).name}{score}")
        for board_number, board in enumerate(match.boards, start=1):
            result = board.result.value if board.result else ""
            click.echo(f"  {index}.{board_number}  {names[board.white]} - {names[board.black]}"
                       f"  {result}".rstrip())
    if rnd.bye is not None:
        click.echo(f"Bye: {event.team(rnd.bye).name}")
    for team in rnd.absent:
        click.echo(f"Not paired: {event.team(team).name}")


def pair_teams(svc: ClubService, tournament: str | None) -> None:
    """`rochade pair` for a team event."""
    view, rnd, why = svc.pair_teams(tournament)
    echo_round(svc, view.name, rnd.number)
    click.echo("\nWhy this pairing:")
    for line in why:
        click.echo(f"  {line}")


def team_result(svc: ClubService, round_number: int, board: str, result: str,
                tournament: str | None) -> None:
    """`rochade result` for a team event: BOARD is MATCH.BOARD."""
    entered = svc.enter_board_result(round_number, board, result, tournament)
    was = "" if entered.previous is None else f" (was {entered.previous.value})"
    home, away = entered.score
    click.echo(f"Round {entered.round} board {entered.match}.{entered.board}: {entered.white} - "
               f"{entered.black} {entered.result.value}{was}; {entered.home} - {entered.away} "
               f"{points(home)}-{points(away)}")


def team_standings_text(svc: ClubService | None, tournament: str | None,
                        after_round: int | None, data: bytes | None = None) -> str:
    """The team standings: rank, team, match points, game points and the tie-breaks (of a
    club's team event, or of a TRF team file's `data`)."""
    from rochade.service.teams import team_file_standings

    if data is not None:
        view, codes, lines = team_file_standings(data)
    else:
        assert svc is not None
        view, codes, lines = svc.team_standings(tournament, after_round)
    head = ["Rank", "Team", "MP", "GP", *codes]
    rows = [[str(line.rank), line.team.name, points(line.match_points),
             points(line.game_points), *(points(v) for v in line.values)] for line in lines]
    widths = [max(len(r[i]) for r in [head, *rows]) for i in range(len(head))]
    out = [f"{view.name}: standings after round {after_round or len(view.event.rounds)}"]
    for row in [head, *rows]:
        out.append("  ".join(cell.ljust(width) if i == 1 else cell.rjust(width)
                             for i, (cell, width) in enumerate(zip(row, widths, strict=True)))
                   .rstrip())
    return "\n".join(out) + "\n"


@click.group()
def team() -> None:
    """A team event's teams, lineups, forfeits, withdrawals and board records."""


@team.command("add")
@club_argument
@click.argument("name")
@click.argument("players", nargs=-1, required=True)
@tournament_option
def team_add(club: Path, who: str | None, name: str, players: tuple[str, ...],
             tournament: str | None) -> None:
    """Add team NAME with its PLAYERS (club members) in board order, reserves last."""
    added = service(club, who).add_team(name, players, tournament)
    click.echo(f"Team {added.number} {added.name}: "
               + ", ".join(m.name for m in added.members))


@team.command("list")
@club_argument
@tournament_option
def team_list(club: Path, who: str | None, tournament: str | None) -> None:
    """List the teams with their rosters in board order (reserves after the boards)."""
    view = service(club, who).team_event(tournament)
    if not view.event.teams:
        click.echo("No team yet (import a player list with a team column).")
    for t in view.event.teams:
        gone = "" if t.withdrawn_after is None else f" (withdrawn after round {t.withdrawn_after})"
        click.echo(f"{t.number}. {t.name}{gone}")
        for place, member in enumerate(t.members, start=1):
            reserve = "  reserve" if place > view.event.boards else ""
            rating = member.rating if member.rating is not None else ""
            click.echo(f"   {place}  {member.name}  {rating}{reserve}".rstrip())


@team.command("matches")
@club_argument
@click.option("--round", "round_number", type=click.IntRange(min=1),
              help="The round (default: the last one).")
@tournament_option
def team_matches(club: Path, who: str | None, round_number: int | None,
                 tournament: str | None) -> None:
    """Show a round's matches and boards, with results."""
    echo_round(service(club, who), tournament, round_number)


@team.command("lineup")
@club_argument
@click.argument("round_number", metavar="ROUND", type=click.IntRange(min=1))
@click.argument("match", type=click.IntRange(min=1))
@click.argument("team_name", metavar="TEAM")
@click.argument("players", nargs=-1, required=True)
@tournament_option
def team_lineup(club: Path, who: str | None, round_number: int, match: int, team_name: str,
                players: tuple[str, ...], tournament: str | None) -> None:
    """Set TEAM's lineup in MATCH of ROUND: PLAYERS by roster place (1 2 3 5) or name, in
    board order (a player listed higher on the roster never plays a lower board)."""
    svc = service(club, who)
    svc.set_lineup(round_number, match, team_name, players, tournament)
    echo_round(svc, tournament, round_number)


@team.command("forfeit")
@club_argument
@click.argument("round_number", metavar="ROUND", type=click.IntRange(min=1))
@click.argument("match", type=click.IntRange(min=1))
@click.argument("team_name", metavar="TEAM")
@tournament_option
def team_forfeit(club: Path, who: str | None, round_number: int, match: int, team_name: str,
                 tournament: str | None) -> None:
    """A whole-match forfeit: TEAM did not turn up for MATCH of ROUND (every board lost by
    forfeit); TEAM `both`: neither did."""
    svc = service(club, who)
    svc.forfeit_match(round_number, match, team_name, tournament)
    echo_round(svc, tournament, round_number)


@team.command("withdraw")
@club_argument
@click.argument("team_name", metavar="TEAM")
@tournament_option
def team_withdraw(club: Path, who: str | None, team_name: str, tournament: str | None) -> None:
    """TEAM leaves the event: it is not paired in the rounds to come."""
    after = service(club, who).withdraw_team(team_name, tournament)
    click.echo(f"{team_name} withdraws after round {after}.")


@team.command("boards")
@club_argument
@tournament_option
def team_boards(club: Path, who: str | None, tournament: str | None) -> None:
    """Board records per player: boards played, points, games and performance."""
    view, records = service(club, who).board_records(tournament)
    names = {m.id: m.name for t in view.event.teams for m in t.members}
    click.echo("Team  Player  Boards  Points/Games  Performance")
    for r in sorted(records, key=lambda r: (r.boards[0] if r.boards else 0, -r.points)):
        boards = ",".join(map(str, sorted(set(r.boards))))
        perf = "" if r.performance is None else str(r.performance)
        click.echo(f"{view.event.team(r.team).name}  {names[r.player]}  {boards}  "
                   f"{points(r.points)}/{r.games}  {perf}".rstrip())
