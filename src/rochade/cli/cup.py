"""A knockout cup's own commands: its bracket as a list, and the date of each cup round.
Pairing and results are the commands of every system (`rochade pair`, `rochade result`)."""

from __future__ import annotations

from pathlib import Path

import click

from rochade.cli.common import club_argument, service, tournament_option
from rochade.service.cup import CupView, MatchView


@click.group()
def cup() -> None:
    """A knockout cup: its bracket and the dates of its rounds."""


def _match_line(m: MatchView) -> str:
    if m.second is None:
        return f"  {m.number:>2}. ({m.first_seed}) {m.first}: bye"
    label = "3rd place: " if m.third_place else ""
    games = " ".join(f"{g.game}:{g.result or '...'}" + ("" if g.kind == "regular"
                                                          else f"({g.kind})")
                     for g in m.games)
    head = (f"  {m.number:>2}. {label}({m.first_seed}) {m.first} - ({m.second_seed}) "
            f"{m.second}  {m.score}")
    won = f"  -> {m.winner} ({m.how})" if m.winner else ""
    return f"{head}  [{games}]{won}"


def bracket_text(view: CupView) -> str:
    """The bracket as the terminal prints it: every cup round, its matches and games, then
    the finishing places."""
    lines = [f"{view.tournament.name} ({view.rules})"]
    for r in view.rounds:
        by = f", to be played by {r.deadline}" if r.deadline else ""
        lines += ["", f"Round {r.number}: {r.name}{by}", *map(_match_line, r.matches)]
    if view.champion:
        lines += ["", f"Winner: {view.champion}"]
    lines += ["", "Places:"]
    lines += [f"  {p.place or '-':>6}  ({p.seed}) {p.name}" for p in view.places]
    return "\n".join(lines) + "\n"


@cup.command("bracket")
@club_argument
@tournament_option
def bracket(club: Path, who: str | None, tournament: str | None) -> None:
    """Show the cup's bracket: every round's matches with their games, and the places."""
    click.echo(bracket_text(service(club, who).cup(tournament)), nl=False)


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
