"""The `rochade` command line."""

from __future__ import annotations

import click

from rochade import __version__
from rochade.cli.common import RochadeGroup


@click.group(cls=RochadeGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="rochade")
def main() -> None:
    """rochade: chess tournaments for clubs (Keizer, Swiss, round-robin).

    Start with `rochade init club.rochade`, or try `rochade demo`.
    """


def _register() -> None:
    from rochade.cli import backup, club, demo, export, kfc, ratings, rounds, serve, trf, views
    from rochade.cli.pair_trf import pair_trf
    from rochade.cli.roundrobin import round_robin_table

    for module in (club, rounds, views, demo, kfc, export, ratings, serve, backup, trf):
        for command in module.COMMANDS:
            main.add_command(command)
    main.add_command(round_robin_table)
    main.add_command(pair_trf)


_register()
