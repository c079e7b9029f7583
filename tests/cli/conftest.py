"""Running the CLI in-process against a temporary club file."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from club_copies import copy_club
from other_season import OTHER_MEMBERS
from rochade.cli import main

Run = Callable[..., Result]


@pytest.fixture
def run() -> Run:
    return invoker()


def invoker() -> Run:
    """`run("pair", club)`: invoke rochade in-process, stderr kept apart from stdout."""
    runner = CliRunner()

    def invoke(*args: object, ok: bool = True, env: dict[str, str] | None = None) -> Result:
        result = runner.invoke(main, [str(a) for a in args], env=env)
        if ok and result.exit_code != 0:
            raise AssertionError(f"rochade {args} failed: {result.output}")
        return result

    return invoke


def build_club(folder: Path, run: Run) -> Path:
    """A club file with one classic tournament and eight players (numbers 1-8, best first),
    after three members of an earlier season who do not play in it (`OTHER_MEMBERS`)."""
    path = folder / "club.rochade"
    run("init", path, "--who", "ina")
    for name, rating in OTHER_MEMBERS:  # (members only: the club has no tournament yet)
        run("player", "add", path, name, *(["--rating", rating] if rating else []))
    run("tournament", "create", path, "Winter", "--preset", "classic")
    players = folder / "players.csv"
    players.write_text(
        "name,rating\n" + "".join(f"{name},{2000 - 50 * i}\n" for i, name in enumerate(PLAYERS)),
        encoding="utf-8",
    )
    run("player", "import", path, players)
    return path


@pytest.fixture(scope="session")
def club_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The club file of `build_club`, built once per run: each test gets a copy (`club`)."""
    return build_club(tmp_path_factory.mktemp("cli-template"), invoker())


@pytest.fixture
def club(club_template: Path, tmp_path: Path) -> Path:
    """A copy of `build_club`'s club file."""
    return copy_club(club_template, tmp_path / "club.rochade")


PLAYERS = ("Anna", "Bert", "Carla", "Dirk", "Eva", "Frank", "Greta", "Hans")
