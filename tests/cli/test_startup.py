"""What a command imports (issue 13): the web stack, QR codes and the Dutch engine only where
they are used, so that a command on a club evening starts fast. These are correctness checks,
not timings (benchmarks/cli.py measures the time): each runs the command in a fresh Python
and looks at `sys.modules` afterwards."""

from __future__ import annotations

import json
import pkgutil
import random
import subprocess
import sys
from collections.abc import Callable, Iterable
from pathlib import Path

import click
import pytest
from click.testing import Result

import rochade.cli
from rochade.cli import COMMANDS, main
from rochade.core.dutch.engine import DutchEngine
from rochade.core.dutch.generator import GeneratorSettings, random_tournament
from rochade.formats.trf import format_state

Run = Callable[..., Result]

SERVER = ("starlette", "jinja2", "uvicorn", "segno", "multipart")
"""The web server (and `serve`'s QR code), without the translations."""
WEB = (*SERVER, "babel", "rochade.web", "rochade.i18n")
"""The web app, its server and the translations (`rochade.i18n`), which an evening in English
needs none of."""
DUTCH = ("rochade.core.dutch", "rochade.core.swiss", "rochade.formats.trf")
CLUB_FILE = ("rochade.service", "rochade.store", "sqlite3")

PROBE = """
import json, sys
from rochade.cli import main
out, sys.argv[1:] = sys.argv[1], sys.argv[2:]
try:
    main(prog_name="rochade")
    code = 0
except SystemExit as exc:
    code = exc.code
with open(out, "w", encoding="utf-8") as file:
    json.dump({"code": code, "modules": sorted(sys.modules)}, file)
"""
"""Run `rochade ARGS...` and write its exit code and every module it loaded to a file."""


def loaded(tmp_path: Path, *args: object) -> set[str]:
    """The modules a fresh `rochade ARGS...` process has loaded when it is done (exit code 0)."""
    out = tmp_path / "modules.json"
    subprocess.run(
        [sys.executable, "-c", PROBE, str(out), *map(str, args)],
        check=True,
        cwd=tmp_path,
        stdout=subprocess.DEVNULL,
    )
    report = json.loads(out.read_text(encoding="utf-8"))
    assert report["code"] == 0, args
    return set(report["modules"])


def among(modules: Iterable[str], packages: Iterable[str]) -> list[str]:
    """The modules that are one of `packages` or inside one of them."""
    return sorted(
        m for m in modules for p in packages if m == p or m.startswith(f"{p}.")
    )


@pytest.mark.parametrize("option", ["--version", "--help"])
def test_version_and_help_load_no_command(tmp_path: Path, option: str) -> None:
    modules = loaded(tmp_path, option)
    assert among(modules, ("rochade.cli",)) == ["rochade.cli", "rochade.cli.common"]
    assert among(modules, (*WEB, *DUTCH, *CLUB_FILE, "rochade.formats")) == []


def test_a_keizer_evening_loads_no_web_app_and_no_dutch_engine(
    tmp_path: Path, run: Run, club: Path
) -> None:
    run("pair", club)
    assert among(loaded(tmp_path, "result", club, 1, 1, "1-0"), WEB + DUTCH) == []
    for board in (2, 3, 4):
        run("result", club, 1, board, "1/2")
    for command in ("standings", "pairings", "participants", "pair"):
        modules = loaded(tmp_path, command, club)
        assert among(modules, WEB + DUTCH) == [], command
        assert "rochade.service.club" in modules  # the probe saw the command at work


def test_an_html_export_reads_the_catalogues_only_for_a_translation(
    tmp_path: Path, run: Run, club: Path
) -> None:
    """English pages need no catalogue; a German or Arabic page loads the translations
    (`rochade.i18n`, babel), never the web app."""
    run("pair", club)
    english = loaded(tmp_path, "export-list", club, "standings", "--format", "html")
    assert among(english, WEB + DUTCH) == []
    german = loaded(tmp_path, "export-list", club, "pairings", "--format", "html", "--lang", "de")
    assert "rochade.i18n" in german
    assert among(german, (*SERVER, "rochade.web", *DUTCH)) == []


@pytest.fixture
def trf(tmp_path: Path) -> Path:
    """A Swiss of 20 players after 3 of 4 rounds, as a TRF file."""
    log = random_tournament(
        random.Random(13), GeneratorSettings(players=20, rounds=3), DutchEngine().pair
    )
    log.total_rounds += 1
    path = tmp_path / "event.trf"
    path.write_text(format_state(log.state()), encoding="utf-8")
    return path


def test_pair_trf_loads_the_dutch_engine_and_nothing_of_the_club_file(
    tmp_path: Path, trf: Path
) -> None:
    modules = loaded(tmp_path, "pair-trf", trf, "-p")
    assert "rochade.core.dutch.engine" in modules
    assert among(modules, (*WEB, "rochade.store", "sqlite3")) == []
    assert among(modules, ("rochade.service",)) == ["rochade.service",
                                                    "rochade.service.trf_pairing"]


def test_the_standings_of_a_trf_file_load_no_pairing_engine(tmp_path: Path, trf: Path) -> None:
    modules = loaded(tmp_path, "standings", trf)
    assert "rochade.formats.trf" in modules
    assert among(modules, (*WEB, "rochade.core.dutch.engine", "rochade.core.swiss")) == []


def test_demo_loads_the_web_app_only_to_serve(tmp_path: Path) -> None:
    modules = loaded(tmp_path, "demo", "--no-serve")
    assert (tmp_path / "demo.rochade").exists()
    assert among(modules, WEB + DUTCH) == []


def test_only_serve_loads_the_web_app_when_imported() -> None:
    others = [name for name in COMMANDS if name != "serve"]
    code = (
        "import sys, json; from rochade.cli import main; import click\n"
        "ctx = click.Context(main)\n"
        f"for name in {others!r}: main.get_command(ctx, name)\n"
        "print(json.dumps(sorted(sys.modules)))"
    )
    done = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True)
    assert among(json.loads(done.stdout), WEB) == []


def test_help_lists_every_command_as_click_would_from_the_commands() -> None:
    """The short helps kept in `COMMANDS` are the commands' own, and `rochade --help` shows
    the same list as a group holding the imported commands."""
    ctx = click.Context(main, info_name="rochade")
    for name, (_, short) in COMMANDS.items():
        command = main.get_command(ctx, name)
        assert command is not None and command.name == name
        own = command.get_short_help_str(limit=10**6)
        assert short == own, f"copy {own!r} into rochade.cli.COMMANDS[{name!r}]"
    lazy, eager = click.HelpFormatter(), click.HelpFormatter()
    main.format_commands(ctx, lazy)
    click.Group.format_commands(main, ctx, eager)
    assert lazy.getvalue() == eager.getvalue()
    assert "pair-trf" in lazy.getvalue()


def test_every_command_of_the_cli_modules_is_registered() -> None:
    """A command added to a module of `rochade.cli` must also be added to `COMMANDS`."""
    ctx = click.Context(main)
    for info in pkgutil.iter_modules(rochade.cli.__path__):
        module = __import__(f"rochade.cli.{info.name}", fromlist=["_"])
        commands = [c for c in vars(module).values() if isinstance(c, click.Command)]
        inside = {id(sub) for c in commands if isinstance(c, click.Group)
                  for sub in c.commands.values()}
        for command in commands:
            if id(command) not in inside:
                assert command.name is not None
                assert main.get_command(ctx, command.name) is command, (
                    f"add {command.name!r} to rochade.cli.COMMANDS"
                )


def test_an_unknown_command_is_refused_as_before(run: Run) -> None:
    result = run("standing", ok=False)
    assert result.exit_code == 2 and "No such command 'standing'" in result.output
