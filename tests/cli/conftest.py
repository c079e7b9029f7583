"""Running the CLI in-process against a temporary club file."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from other_season import OTHER_MEMBERS
from rochade.cli import main

Run = Callable[..., Result]


@pytest.fixture
def run() -> Run:
    """`run("pair", club)`: invoke rochade in-process, stderr kept apart from stdout."""
    runner = CliRunner()

    def invoke(*args: object, ok: bool = True, env: dict[str, str] | None = None) -> Result:
        result = runner.invoke(main, [str(a) for a in args], env=env)
        if ok and result.exit_code != 0:
            raise AssertionError(f"rochade {args} failed: {result.output}")
        return result

    return invoke


@pytest.fixture
def club(tmp_path: Path, run: Run) -> Path:
    """A club file with one classic tournament and eight players (numbers 1-8, best first),
    after three members of an earlier season who do not play in it (`OTHER_MEMBERS`)."""
    path = tmp_path / "club.rochade"
    run("init", path, "--who", "ina")
    for name, rating in OTHER_MEMBERS:  # (members only: the club has no tournament yet)
        run("player", "add", path, name, *(["--rating", rating] if rating else []))
    run("tournament", "create", path, "Winter", "--preset", "classic")
    players = tmp_path / "players.csv"
    players.write_text(
        "name,rating\n" + "".join(f"{name},{2000 - 50 * i}\n" for i, name in enumerate(PLAYERS)),
        encoding="utf-8",
    )
    run("player", "import", path, players)
    return path


PLAYERS = ("Anna", "Bert", "Carla", "Dirk", "Eva", "Frank", "Greta", "Hans")
