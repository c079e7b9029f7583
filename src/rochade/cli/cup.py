"""A knockout cup's own commands: its bracket as a list, and the date of each cup round.
Pairing and results are the commands of every system (`rochade pair`, `rochade result`)."""

from __future__ import annotations

from pathlib import Path

import click

from rochade.cli.common import club_argument, service, tournament_option


@click.group()
def cup() -> None:
    """A knockout cup: its bracket, the dates of its rounds, a match decided by lot, its
    consolation cup."""


@cup.command("bracket")
@club_argument
@click.option("--format", "fmt", type=click.Choice(["text", "csv", "html"]), default="text",
              show_default=True, help="Text for the terminal, CSV (the bracket) for "
              "spreadsheets, or an HTML page (bracket and places; prints on A4 landscape).")
@click.option("-o", "--output", type=click.Path(path_type=Path, dir_okay=False),
              help="Write to this file instead of the screen.")
@tournament_option
def bracket(club: Path, who: str | None, fmt: str, output: Path | None,
            tournament: str | None) -> None:
    """Show the cup's bracket: every round's matches with their games, who went on and how;
    then the finishing places (1, 2, 3-4, 5-8 ...)."""
    content = service(club, who).bracket_list(fmt, tournament)
    if output is None:
        click.echo(content, nl=False)
        return
    output.write_text(content, encoding="utf-8-sig" if fmt == "csv" else "utf-8", newline="")
    click.echo(f"Wrote {output}.")


@cup.command("deadline")
@club_argument
@click.argument("round_number", metavar="ROUND", type=click.IntRange(min=1))
@click.argument("day", metavar="DATE")
@tournament_option
def deadline(club: Path, who: str | None, round_number: int, day: str,
             tournament: str | None) -> None:
    """Set the date (YYYY-MM-DD) by which cup round ROUND must be played ("" takes it away).

    A match not played by then is decided by the TD as the cup's rules say: forfeit results
    with `rochade result` (e.g. `rochade result CLUB 2 3.1 +/-`)."""
    iso = service(club, who).set_deadline(round_number, day, tournament)
    click.echo(f"Cup round {round_number}: " + (f"to be played by {iso}" if iso else "no date"))


@cup.command("lot")
@club_argument
@click.argument("round_number", metavar="ROUND", type=click.IntRange(min=1))
@click.argument("match", type=click.IntRange(min=1))
@tournament_option
def lot(club: Path, who: str | None, round_number: int, match: int,
        tournament: str | None) -> None:
    """Decide match MATCH of cup round ROUND by lot (not played by its date, as the rules
    say): the player drawn wins its games without a result by forfeit. The lot is drawn
    from the cup's seed (shown and logged), so it draws the same player for the match's
    next game."""
    drawn = service(club, who).decide_by_lot(round_number, match, tournament)
    click.echo(f"Drawn by lot (seed {drawn.seed}): {drawn.winner} wins {drawn.games} "
               f"game(s) by forfeit" + ("." if drawn.decided else
                                         "; the match's next game is still to be paired."))


@cup.command("consolation")
@club_argument
@click.option("--name", help="The consolation cup's name (default: the cup's name with "
              "\"(consolation)\").")
@tournament_option
def consolation(club: Path, who: str | None, name: str | None, tournament: str | None) -> None:
    """Start the consolation cup of a cup created with --consolation: a cup of its own for
    the losers of cup round 1 (or rounds 1 and 2), once those rounds are decided. Pair it,
    enter its results and print its bracket as any cup's (`-t NAME`)."""
    started = service(club, who).start_consolation(name, tournament)
    click.echo(f"Consolation cup {started.name}: {len(started.entrants)} players "
               f"({', '.join(e.name for e in started.entrants)}); pair it with "
               f"rochade pair -t \"{started.name}\".")
