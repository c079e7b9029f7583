"""`rochade demo`: a simulated club season to explore."""

from __future__ import annotations

from pathlib import Path

import click

from rochade.cli.views import list_text
from rochade.service import tournament_standings
from rochade.service.demo import build_demo

DEMO_FILE = Path("demo.rochade")


@click.command()
@click.option(
    "--seed", type=int, default=2026, show_default=True, help="Another seed, another season."
)
@click.option("--no-serve", is_flag=True, help="Only create the file; do not start the web app.")
def demo(seed: int, no_serve: bool) -> None:
    """Create demo.rochade, a simulated season.

    About 30 players and 10 club evenings of a Keizer competition, with everything a real
    season brings. An older demo.rochade is replaced; any other file of that name is kept.
    """
    click.echo(f"Simulating a club season into {DEMO_FILE} ...")
    svc = build_demo(DEMO_FILE, seed)
    t = svc.tournament()
    table = tournament_standings(t)
    click.echo(list_text(t, "standings"))
    file = DEMO_FILE
    click.echo("Explore the season:")
    for command in (
        f"rochade log {file}                  # every change the TD made",
        f"rochade pairings {file} --round 9   # a club evening",
        f"rochade explain {file} --round 9    # why it was paired so",
        f'rochade explain {file} "{table.rows[0].entrant.name}"   # how the points were computed',
        f"rochade progress {file}             # places after every round",
        f"rochade crosstable {file}",
        f"rochade participants {file}",
    ):
        click.echo(f"  {command}")
    if not no_serve:
        from rochade.cli.serve import LOOPBACK, club_app, run_app  # only to serve
        from rochade.service.pin import new_pin

        run_app(club_app(DEMO_FILE, pin=new_pin(), announce_pin=True), LOOPBACK, 8000)


COMMANDS = (demo,)
