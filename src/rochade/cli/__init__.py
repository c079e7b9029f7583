"""The `rochade` command line."""

from __future__ import annotations

import importlib

import click

from rochade import __version__
from rochade.cli.common import RochadeGroup

COMMANDS: dict[str, tuple[str, str]] = {
    "backup": (
        "backup:backup_command",
        "Copy CLUB as it is now to OUT (a file or a folder); safe while `rochade serve` runs.",
    ),
    "backup-json": (
        "backup:backup_json_command",
        "Write the whole club file (members, tournaments, log) as one JSON file.",
    ),
    "backups": (
        "backup:backups_command",
        "List the automatic backups of CLUB (made before every pairing, import and restore).",
    ),
    "change-pairing": (
        "rounds:change_pairing",
        "Change the last round's pairing in place (boards without a result), one undoable step.",
    ),
    "cup": ("cup:cup", "A knockout cup: its bracket, the dates of its rounds, a match decided "
            "by lot, its consolation cup."),
    "crosstable": ("views:crosstable_command", "Who played whom, with colours and results."),
    "demo": ("demo:demo", "Create demo.rochade, a simulated season."),
    "explain": ("views:explain", "Explain someone's points, or a pairing."),
    "export": ("club:export", "Write a tournament to a JSON file."),
    "export-list": ("export:export_list", "Export one list as text, CSV or HTML."),
    "export-trf": (
        "trf:export_trf_command",
        "Write a tournament as a FIDE TRF26 file (to OUT, or print it).",
    ),
    "external": ("rounds:external", "Count a team-match game (SCORE 1, 1/2 or 0)."),
    "import": ("club:import_", "Add a tournament from a JSON file."),
    "import-kfc": ("kfc:import_kfc_command", "Import a KeizerForClubs file (.s3db)."),
    "import-trf": (
        "trf:import_trf_command",
        "Add a tournament from a FIDE TRF file (TRF16 or TRF26).",
    ),
    "init": ("club:init", "Create a new, empty club file (e.g. myclub.rochade)."),
    "league": (
        "league:league",
        "The club's league teams and matches, counted in a Keizer competition.",
    ),
    "log": ("club:log", "Show who changed what, and when (in local time)."),
    "pair": ("rounds:pair", "Pair the next round (the previous one must be complete)."),
    "pair-trf": (
        "pair_trf:pair_trf",
        "Pair the next round of a TRF file, or check all its rounds, with the Dutch (or "
        "Burstein) system.",
    ),
    "pairings": ("views:pairings", "Show the boards of a round, with results."),
    "round-date": ("rounds:round_date", "Set the date of a round (YYYY-MM-DD)."),
    "participants": ("views:participants", "List the players: number, rating, status."),
    "player": (
        "club:player",
        "Add players, import a player list, correct or delete one, set who is present.",
    ),
    "progress": ("views:progress", "Show everyone's place after every round."),
    "redo": (
        "club:redo",
        "Bring back what the last undo took, as long as nothing newer happened.",
    ),
    "publish": ("export:publish", "Write every list as a web site to FOLDER."),
    "rating-report": (
        "rating_report:rating_report_command",
        "Check a finished tournament and write its rating report (TRF26) to OUT.",
    ),
    "ratings": (
        "ratings:ratings",
        "Update ratings from a rating list: shows the changes, --apply writes them.",
    ),
    "restore": (
        "backup:restore_command",
        "Bring back a backup of CLUB (its number in `rochade backups`, or its file name).",
    ),
    "restore-json": (
        "backup:restore_json_command",
        "Make a new club file from a JSON backup (never overwrites a file).",
    ),
    "result": ("rounds:result", "Enter or correct a result."),
    "rtg": (
        "rtg:rtg",
        "Generate random tournaments and check every round (FIDE's RTG).",
    ),
    "round-robin-table": (
        "roundrobin:round_robin_table",
        "Print the Berger table for PLAYERS players, one line per round.",
    ),
    "serve": (
        "serve:serve",
        "Run the club evening in the browser: TD pages and live pages for the players.",
    ),
    "standings": (
        "views:standings",
        "Show the standings (club file, JSON or TRF file), with tie-breaks.",
    ),
    "team": ("teams:team", "A team event's teams, lineups, forfeits, withdrawals and board "
             "records."),
    "tournament": ("club:tournament", "Create and list the tournaments of a club file."),
    "undo": (
        "club:undo",
        "Undo the last action(s), e.g. a pairing: of the whole file, or of one tournament.",
    ),
}
"""Every command: where it lives (a module of `rochade.cli` and its name there) and the short
help `rochade --help` lists. A command's module is imported only when that command runs, so
`rochade standings` does not load the web app, QR codes or the Dutch engine; the help is kept
here so that `rochade --help` loads none of them either (tests/cli/test_startup.py checks it
against each command's docstring)."""


class LazyGroup(RochadeGroup):
    """The `rochade` group: commands are imported on first use, from `COMMANDS`."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(COMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in COMMANDS:
            return None
        module, _, name = COMMANDS[cmd_name][0].partition(":")
        command: click.Command = getattr(importlib.import_module(f"rochade.cli.{module}"), name)
        return command

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """The list of commands, laid out by click, from the short helps kept in `COMMANDS`."""
        listing = click.Group(
            commands=[click.Command(name, help=help) for name, (_, help) in COMMANDS.items()]
        )
        listing.format_commands(ctx, formatter)


@click.group(cls=LazyGroup, invoke_without_command=True,
             context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="rochade")
@click.option("--no-browser", is_flag=True, envvar="ROCHADE_NO_BROWSER", show_envvar=True,
              help="Without a command: do not open the browser (the address is printed).")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Without a command: 0.0.0.0 shares the club's pages on the club Wi-Fi (the "
                   "start page answers this computer only).")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(1, 65535),
              help="Without a command: the port the app listens on.")
@click.pass_context
def main(ctx: click.Context, no_browser: bool, host: str, port: int) -> None:
    """rochade: chess tournaments for clubs (Keizer, Swiss, round-robin).

    Without a command, rochade opens the club file used last in the browser, or a start page
    that creates one. Or start with `rochade init club.rochade`, or try `rochade demo`.
    """
    if ctx.invoked_subcommand is None:
        from rochade.cli.launch import launch

        launch(host, port, browser=not no_browser)
