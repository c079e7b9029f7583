"""The `rochade` command line."""

from __future__ import annotations

import click

from rochade import __version__
from rochade.cli.pair_trf import pair_trf


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="rochade")
def main() -> None:
    """rochade: chess tournaments for clubs (Keizer, Swiss, round-robin)."""


main.add_command(pair_trf)
