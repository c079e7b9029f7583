"""Commands of a club evening: pair the round, enter (or correct) results."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import click

from rochade.cli.common import (
    Failure,
    club_argument,
    ordinal,
    service,
    tournament_option,
    typed_player,
)
from rochade.cli.views import list_text
from rochade.service import NeedsConfirmation, PairingReport, StandingChange

if TYPE_CHECKING:
    from rochade.service.edits import PairingEditor


@click.command()
@club_argument
@click.option("--manual", metavar="BOARDS",
              help='Pair by hand: "1-9 4-7 ..." (white-black players\' numbers).')
@click.option("--bye", metavar="PLAYER", help="With --manual: who gets the bye.")
@click.option("--confirm", is_flag=True, help="With --manual: accept the rules it breaks (and, "
              "in FIDE mode, a pairing that differs from the engine's).")
@click.option(
    "--replace", is_flag=True, help="With --manual: re-pair the last round (no results yet)."
)
@tournament_option
def pair(
    club: Path,
    who: str | None,
    manual: str | None,
    bye: str | None,
    confirm: bool,
    replace: bool,
    tournament: str | None,
) -> None:
    """Pair the next round (the previous one must be complete).

    Players marked present play; everyone else gets a row with their reason.
    """
    if manual is None and (bye or confirm or replace):
        raise Failure("--bye, --confirm and --replace only go with --manual")
    svc = service(club, who)
    if svc.is_team_event(tournament):
        if manual is not None:
            raise Failure("a team event is paired by its system only (no --manual)")
        from rochade.cli.teams import pair_teams

        pair_teams(svc, tournament)
        return
    try:
        if manual is None:
            report = svc.pair(tournament)
        else:
            bye_id = None if bye is None else typed_player(svc, bye, tournament)[0]
            report = svc.pair_manual(manual, bye_id, confirm, tournament, replace,
                                     numbered=True)
    except NeedsConfirmation as exc:
        broken = "this pairing breaks rules: " if exc.warnings else ""
        raise Failure(f"{broken}{exc}; add --confirm to pair it anyway") from None
    click.echo(list_text(report.tournament, "pairings", report.round.number), nl=False)
    if report.explanation:
        click.echo("\nWhy this pairing:")
        for line in report.explanation:
            click.echo(f"  {line}")


@click.command(context_settings={"ignore_unknown_options": True})
@club_argument
@click.argument("round_number", metavar="ROUND", type=int)
@click.argument("board")
@click.argument("result", metavar="RESULT")
@click.option(
    "--expect",
    metavar="RESULT",
    help='Save only if the board holds this result now ("none": no result yet).',
)
@tournament_option
def result(
    club: Path,
    who: str | None,
    round_number: int,
    board: str,
    result: str,
    expect: str | None,
    tournament: str | None,
) -> None:
    """Enter or correct a result.

    In a knockout cup ROUND is the cup round and BOARD is MATCH.GAME: 3.2 is game 2 of
    match 3 (3 alone: its first game); play-off games go on counting (3.3, 3.4 ...). In a
    team event BOARD is MATCH.BOARD: 3.2 is board 2 of match 3.

    RESULT is 1-0, 1/2 (or =), 0-1, or a forfeit +/-, -/+, -/-; an arbiter's unusual result
    1/2-0, 0-1/2, 0-0; or '?' (quoted) or adjourned for an adjourned or postponed game (a
    draw for pairing; the standings stay provisional until its result is in). Correcting an
    older round shows who moved in the standings, and warns that the round after it was
    paired with the old result (its pairings are not changed). With --expect, a board changed
    meanwhile (by another device or script) is left as it is and the command fails.
    """
    expected = "" if expect is not None and expect.strip().lower() == "none" else expect
    svc = service(club, who)
    if svc.is_team_event(tournament):
        if expect is not None:
            raise Failure("--expect is not for a team event's boards")
        from rochade.cli.teams import team_result

        team_result(svc, round_number, board, result, tournament)
        return
    report = svc.enter_result(round_number, board, result, tournament, expected)
    t, game = report.tournament, report.game
    names = f"{t.entrant(game.white).name} - {t.entrant(game.black).name}"
    if report.previous is None:
        click.echo(f"Round {round_number} board {board}: {names} {game.result}")
    else:
        click.echo(
            f"Corrected round {round_number} board {board}: {names} {game.result} "
            f"(was {report.previous})"
        )
    echo_changes(report.changes)
    if report.paired_on is not None:
        click.echo(f"Warning: {report.paired_on}")


def echo_changes(changes: Sequence[StandingChange]) -> None:
    """Who moved in the standings (after a correction or a change of the rules)."""
    if changes:
        click.echo("Standings changed:")
    for change in changes:
        place = (
            f"{ordinal(change.old_rank)} -> {ordinal(change.new_rank)}"
            if change.old_rank != change.new_rank
            else f"stays {ordinal(change.new_rank)}"
        )
        click.echo(
            f"  {change.entrant.name}: {place}, {change.totals}"
        )


@click.command()
@club_argument
@click.argument("round_number", metavar="ROUND", type=int)
@click.argument("player")
@click.argument("score", metavar="SCORE")
@click.option("--team", type=int, default=1, show_default=True, help="The club team (1, 2 ...).")
@click.option("--board", type=int, required=True, help="The board played in the team match.")
@click.option("--extra", is_flag=True, help="Count it on top of the evening's own row.")
@tournament_option
def external(
    club: Path,
    who: str | None,
    round_number: int,
    player: str,
    score: str,
    team: int,
    board: int,
    extra: bool,
    tournament: str | None,
) -> None:
    """Count a team-match game (SCORE 1, 1/2 or 0).

    The game is worth its team's board value (`tournament set team_values=...`; by default
    board 3 of team 1 is worth what rank 3 is). It replaces the player's absence in ROUND (a
    team match on club night), or with --extra adds to that evening.
    """
    t = service(club, who).add_external(round_number, player, team, board, score, extra, tournament)
    ext = t.rounds[round_number - 1].externals[-1]
    click.echo(
        f"Round {round_number}: {t.entrant(ext.player).name} scored {score} for team {team} "
        f"on board {board}."
    )


@click.command("round-date")
@club_argument
@click.argument("round_number", metavar="ROUND", type=click.IntRange(min=1))
@click.argument("day", metavar="DATE")
@tournament_option
def round_date(
    club: Path, who: str | None, round_number: int, day: str, tournament: str | None
) -> None:
    """Set the date of a round (YYYY-MM-DD).

    A round gets the day it is paired; this corrects it.
    """
    iso = service(club, who).set_round_date(round_number, day, tournament)
    click.echo(f"Round {round_number}: {iso}.")


COMMANDS = (pair, result, external, round_date)


@click.group("change-pairing")
def change_pairing() -> None:
    """Change the last round's pairing in place (boards without a result), one undoable step."""


def _confirm_option(func: Callable[..., None]) -> Callable[..., None]:
    return click.option("--confirm", is_flag=True, help="Accept the rules it breaks (and, in "
                        "FIDE mode, a pairing that differs from the engine's).")(func)


def _changed(change: Callable[[PairingEditor], PairingReport], club: Path,
             who: str | None) -> None:
    """Make the change and print the round as it is now, or why it needs --confirm."""
    from rochade.service.edits import PairingEditor

    try:
        report = change(PairingEditor(club, who))
    except NeedsConfirmation as exc:
        raise Failure(f"{exc}; add --confirm to change it anyway") from None
    for line in report.explanation:
        click.echo(line)
    click.echo(list_text(report.tournament, "pairings", report.round.number), nl=False)


def _player_id(club: Path, who: str | None, typed: str, tournament: str | None) -> str:
    """The id the service takes for a player the TD typed (a number as the lists show it)."""
    return typed_player(service(club, who), typed, tournament)[0]


@change_pairing.command("swap")
@club_argument
@click.argument("first", metavar="PLAYER")
@click.argument("second", metavar="PLAYER")
@_confirm_option
@tournament_option
def change_swap(club: Path, who: str | None, first: str, second: str, confirm: bool,
                tournament: str | None) -> None:
    """Two players change places (board and colour; one may be the player with the bye)."""
    one, two = (_player_id(club, who, typed, tournament) for typed in (first, second))
    _changed(lambda e: e.swap_players(one, two, confirm, tournament), club, who)


@change_pairing.command("colours")
@club_argument
@click.argument("board", type=int)
@_confirm_option
@tournament_option
def change_colours(club: Path, who: str | None, board: int, confirm: bool,
                   tournament: str | None) -> None:
    """Turn the colours of a board."""
    _changed(lambda e: e.swap_colours(board, confirm, tournament), club, who)


@change_pairing.command("bye")
@club_argument
@click.argument("player")
@_confirm_option
@tournament_option
def change_bye(club: Path, who: str | None, player: str, confirm: bool,
               tournament: str | None) -> None:
    """Give the bye to PLAYER, who takes the seat of the one who had it."""
    gets = _player_id(club, who, player, tournament)
    _changed(lambda e: e.move_bye(gets, confirm, tournament), club, who)


@change_pairing.command("again")
@club_argument
@click.argument("boards", metavar="BOARD...", type=int, nargs=-1, required=True)
@_confirm_option
@tournament_option
def change_again(club: Path, who: str | None, boards: tuple[int, ...], confirm: bool,
                 tournament: str | None) -> None:
    """Pair these boards' players again among themselves with the engine."""
    _changed(lambda e: e.repair_boards(boards, confirm, tournament), club, who)


@change_pairing.command("late")
@club_argument
@click.argument("player")
@_confirm_option
@tournament_option
def change_late(club: Path, who: str | None, player: str, confirm: bool,
                tournament: str | None) -> None:
    """PLAYER (a late entry, without a board) plays the player who had the bye."""
    late = _player_id(club, who, player, tournament)
    _changed(lambda e: e.pair_late_entry(late, confirm, tournament), club, who)
