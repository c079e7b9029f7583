"""Shared fixtures: where the project's shared conformance data lives; one Hypothesis seed
per run, printed, so that a failure (in CI above all) can be replayed; no Hypothesis deadline
(a timed assertion: on a loaded machine it fails tests whose code is right)."""

from __future__ import annotations

import os
import secrets
from pathlib import Path

import pytest
from hypothesis import settings

settings.register_profile("rochade", deadline=None)
settings.load_profile("rochade")

REPO = Path(__file__).resolve().parents[1]
SEED_ENV = "ROCHADE_HYPOTHESIS_SEED"


@pytest.hookimpl(tryfirst=True)
def pytest_configure(config: pytest.Config) -> None:
    """Every Hypothesis test of the run draws from one seed: `--hypothesis-seed`, else
    $ROCHADE_HYPOTHESIS_SEED, else a fresh one. (tryfirst: Hypothesis' plugin reads the option
    in its own pytest_configure.)"""
    if config.getoption("--hypothesis-seed") is None:
        config.option.hypothesis_seed = os.environ.get(SEED_ENV) or str(secrets.randbelow(2**32))


def _seed_line(config: pytest.Config) -> str:
    seed = config.getoption("--hypothesis-seed")
    return f"hypothesis seed {seed} (replay: {SEED_ENV}={seed} pytest ...)"


def pytest_sessionstart(session: pytest.Session) -> None:
    reporter = session.config.pluginmanager.get_plugin("terminalreporter")
    if reporter is not None:  # printed under -q too: the suite runs quiet
        reporter.write_line(_seed_line(session.config))


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter, exitstatus: int,
                            config: pytest.Config) -> None:
    if exitstatus:  # at the end of a long CI log too
        terminalreporter.write_line(_seed_line(config))


@pytest.fixture(scope="session")
def shared_dir() -> Path:
    """The `shared/` folder beside the repository (override with ROCHADE_SHARED).

    Missing data skips the test on a developer machine but fails in CI, where it must exist.
    """
    path = Path(os.environ.get("ROCHADE_SHARED", REPO.parent / "shared"))
    if not (path / "spec").is_dir():
        if os.environ.get("CI"):
            pytest.fail(f"shared data folder not found at {path}")
        pytest.skip(f"shared data folder not found at {path}")
    return path
