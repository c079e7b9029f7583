"""`rochade rtg`: FIDE's random tournament generator check for each pairing system.

    rochade rtg [--system dutch|burstein|teams|double-swiss ...] -n N [--seed S] [--max-players P]
        [--bbp PATH] [--no-oracles] [--keep DIR] [--budget SECONDS] [--json]

The work is `rochade.service.rtg`'s; the command only reads the options and prints.
"""

from __future__ import annotations

import sys
from pathlib import Path

import click

from rochade.service.rtg import RTG_SYSTEMS, Tools, as_json, find_tools, run_rtg, summary_lines


@click.command("rtg")
@click.option("--system", "systems", multiple=True, type=click.Choice(sorted(RTG_SYSTEMS)),
              help="A system to generate and check (repeatable; default: every system).")
@click.option("-n", "count", type=click.IntRange(min=1), default=20, show_default=True,
              help="Events to generate per system.")
@click.option("--seed", type=int, default=1, show_default=True,
              help="Seed of the first event (the next ones take the next seeds).")
@click.option("--max-players", type=click.IntRange(min=8), default=100, show_default=True,
              help="Most players of a generated event (teams: most teams, at most 40).")
@click.option("--bbp", type=click.Path(exists=True, dir_okay=False, path_type=Path),
              help="The bbpPairings program (default: bbpPairings.exe or bbpPairings on "
              "the PATH, if any).")
@click.option("--no-oracles", is_flag=True,
              help="Check with rochade's checker only, not with gacrux or bbpPairings.")
@click.option("--keep", type=click.Path(file_okay=False, path_type=Path), metavar="DIR",
              help="Write the events with a discrepancy to DIR, to replay them.")
@click.option("--budget", type=click.FloatRange(min=0), metavar="SECONDS",
              help="Stop generating after this many seconds (the machine may be shared).")
@click.option("--json", "as_json_", is_flag=True, help="Print the summary as JSON.")
def rtg(systems: tuple[str, ...], count: int, seed: int, max_players: int, bbp: Path | None,
        no_oracles: bool, keep: Path | None, budget: float | None, as_json_: bool) -> None:
    """Generate random tournaments and check every round (FIDE's RTG).

    Each event is paired by rochade's engine and written as TRF; every round is then checked
    by `pair-trf -c` and by gacrux and bbpPairings where they are installed and pair the
    system. One line per discrepancy names the seed that replays it; exit code 1 if there
    is any."""
    tools = Tools() if no_oracles else find_tools(bbp)
    chosen = systems or tuple(RTG_SYSTEMS)
    for name in chosen:
        oracles = [o for o in RTG_SYSTEMS[name].oracles if tools.has(o)]
        click.echo(f"{name}: checked by rochade"
                   + "".join(f", {o}" for o in oracles), err=True)
    run = run_rtg(chosen, count, seed, max_players, tools, keep, budget,
                  say=lambda line: click.echo(line, err=as_json_))
    if as_json_:
        click.echo(as_json(run))
    else:
        for line in summary_lines(run):
            click.echo(line)
    sys.exit(1 if run.discrepancies else 0)
