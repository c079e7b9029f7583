"""`rochade round-robin-table`: print the FIDE Berger schedule for N players."""

from __future__ import annotations

import click

from rochade.service.berger import berger_table


@click.command("round-robin-table")
@click.argument("players", type=click.IntRange(min=2, max=9999))
@click.option(
    "--double", is_flag=True, help="Double round robin: a second cycle, colours reversed."
)
@click.option(
    "--swap/--no-swap",
    "swap",
    default=True,
    show_default=True,
    help="Double round robin: play the last two rounds of cycle 1 in swapped order "
    "(FIDE recommendation, no three equal colours in a row).",
)
def round_robin_table(players: int, double: bool, swap: bool) -> None:
    """Print the Berger table for PLAYERS players, one line per round.

    Each line reads `round: white-black ...` in start numbers, board 1 first. With an odd
    number of players the published FIDE tables are used unchanged: the extra top number is
    the bye, and whoever is paired with it rests that round.
    """
    table = berger_table(players, double=double, swap_last_two=swap)
    if table.bye_number is not None:
        click.echo(
            f"note: with {players} players, number {table.bye_number} is the bye "
            "(the player paired with it rests)",
            err=True,
        )
    for line in table.lines:
        click.echo(line)
