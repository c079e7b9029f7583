"""Shared fixtures: where the project's shared conformance data lives; one Hypothesis seed
per run, printed, so that a failure (in CI above all) can be replayed; no Hypothesis deadline
(a timed assertion: on a loaded machine it fails tests whose code is right).

A seed replays a failure only if every test draws the same values from it wherever it runs:
Hypothesis draws some strings and numbers from the constants of the project's modules loaded
so far, so every rochade module is loaded before the first test (a module loaded later by a
test, or not at all by a narrower selection, would change what the tests after it draw). CI
takes its seed from the commit, so a red run replays exactly; each failure also prints its
`@reproduce_failure` line."""

from __future__ import annotations

import gc
import importlib
import os
import pkgutil
import secrets
import shlex
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings

from fast_paths import TEST_PIN_COST, compiled_once

settings.register_profile("rochade", deadline=None, print_blob=True)
settings.load_profile("rochade")

REPO = Path(__file__).resolve().parents[1]
SEED_ENV = "ROCHADE_HYPOTHESIS_SEED"
BROWSER_TESTS = REPO / "tests" / "e2e"
TIMED_BROWSER_TESTS = frozenset({
    "test_club_evening.py", "test_hall_phones.py", "test_hall_screens.py",
    "test_results_queue.py", "test_td_live_page.py",
})
"""The browser tests run in two xdist groups (`--dist loadgroup`, see the Makefile), each on
one worker: the files that wait for something within seconds (a result on the hall screen, a
phone's report on the TD's page, keys typed ahead of a slow server) in one, never two of them
at once, and the other browser tests in the other, so that not all of them run one after
another on one core."""
TMPFS = Path("/dev/shm")
TMPFS_ROOM = 2**30
"""Free room the run's temporary files need on the tmpfs (a whole run writes a few hundred MB
at most); with less, they go where pytest puts them by default."""


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--hypothesis-only", action="store_true",
                     help="run only the Hypothesis tests (to try many seeds in a row)")


@pytest.hookimpl(tryfirst=True)  # before xdist's, which names each test's group by its mark
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if config.getoption("--hypothesis-only"):
        items[:] = [item for item in items
                    if getattr(getattr(item, "obj", None), "is_hypothesis_test", False)]
    for item in items:
        if BROWSER_TESTS in item.path.parents:
            timed = item.path.name in TIMED_BROWSER_TESTS
            item.add_marker(pytest.mark.xdist_group("browser-timed" if timed else "browser"))


FULL_COLLECTION_EVERY = 100
"""The garbage collector's full collections after this many of its middle ones (Python's
default: 10)."""


@pytest.hookimpl(trylast=True)
def pytest_collection_finish(session: pytest.Session) -> None:
    """The objects that live through the whole run (every module loaded, the collected tests)
    kept out of the garbage collector's sight, and its full collections ten times rarer: each
    went through that whole heap (a tenth of the CPU time of a web fuzzer or a JSON round
    trip). Cycles among the tests' own objects are still collected."""
    gc.collect()
    gc.freeze()
    young, middle, _ = gc.get_threshold()
    gc.set_threshold(young, middle, FULL_COLLECTION_EVERY)


@pytest.hookimpl(tryfirst=True)
def pytest_configure(config: pytest.Config) -> None:
    """Every Hypothesis test of the run draws from one seed: `--hypothesis-seed`, else
    $ROCHADE_HYPOTHESIS_SEED, else in CI one from the commit, else a fresh one; an xdist
    worker takes the controller's (`pytest_configure_node`). (tryfirst: Hypothesis' plugin
    reads the option in its own pytest_configure.)"""
    if config.getoption("--hypothesis-seed") is None:
        worker = getattr(config, "workerinput", None)
        config.option.hypothesis_seed = (
            worker[SEED_ENV] if worker else os.environ.get(SEED_ENV) or _fresh_seed()
        )
    _temporary_files_in_memory(config)
    _load_every_module()
    _programs_started_import_this_rochade()


def _temporary_files_in_memory(config: pytest.Config) -> None:
    """The test process's temporary files (every test's club files) on the tmpfs where the
    machine has one with room: writing and syncing them to disk was a good part of the
    suite's time. Through `tempfile.tempdir`, so pytest numbers, locks and rotates its base
    folders there as it does in /tmp (a `--basetemp` given to it would be emptied first);
    a test's folder goes when the test passed (`tmp_path_retention_policy`). Not when the run
    names its own `--basetemp` (an xdist worker is given a folder in the controller's)."""
    if config.option.basetemp and not hasattr(config, "workerinput"):
        return
    try:
        if shutil.disk_usage(TMPFS).free < TMPFS_ROOM or not os.access(TMPFS, os.W_OK):
            return
    except OSError:  # no tmpfs there (not Linux)
        return
    tempfile.tempdir = str(TMPFS)


@pytest.hookimpl(optionalhook=True)
def pytest_configure_node(node: Any) -> None:
    """(xdist, in the controller) The run's seed to each worker."""
    node.workerinput[SEED_ENV] = node.config.getoption("--hypothesis-seed")


def _programs_started_import_this_rochade() -> None:
    """Every Python a test starts (a command's fresh process, a server, the rendering
    process) imports the rochade under test, not the one the environment would find: the
    editable install may be another checkout's, and a mutation run tests mutmut's copy in
    `mutants/`, so that a mutant is switched on in those processes too."""
    import rochade

    here = str(Path(rochade.__file__).resolve().parents[1])
    before = os.environ.get("PYTHONPATH", "").split(os.pathsep)
    os.environ["PYTHONPATH"] = os.pathsep.join([here, *(p for p in before if p and p != here)])


def _fresh_seed() -> str:
    if os.environ.get("CI"):
        head = subprocess.run(["git", "rev-parse", "HEAD"], cwd=REPO, capture_output=True,
                              text=True, check=False)
        if head.returncode == 0:
            return str(int(head.stdout[:8], 16))
    return str(secrets.randbelow(2**32))


def _load_every_module() -> None:
    """rochade's modules, benchmarks/ and shared/tools/: every module of the project a test
    may load (Hypothesis leaves test files out of its constants)."""
    import rochade
    from benchmark_scripts import BENCHMARKS, load_file

    for module in pkgutil.walk_packages(rochade.__path__, "rochade."):
        importlib.import_module(module.name)
    for script in [*sorted(BENCHMARKS.glob("*.py")), *sorted(_shared().glob("tools/*.py"))]:
        load_file(script.stem, script)


def _seed_line(config: pytest.Config) -> str:
    seed = config.getoption("--hypothesis-seed")
    again = shlex.join(["pytest", *config.invocation_params.args])
    return f"hypothesis seed {seed} (replay: {SEED_ENV}={seed} {again})"


def pytest_sessionstart(session: pytest.Session) -> None:
    reporter = session.config.pluginmanager.get_plugin("terminalreporter")
    if reporter is not None:  # printed under -q too: the suite runs quiet
        reporter.write_line(_seed_line(session.config))


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter, exitstatus: int,
                            config: pytest.Config) -> None:
    if exitstatus:  # at the end of a long CI log too
        terminalreporter.write_line(_seed_line(config))


@pytest.fixture(scope="session", autouse=True)
def cheap_pin_hash() -> Iterator[None]:
    """PINs hashed at `TEST_PIN_COST` in this process. A hash stores its cost, so a club file
    made here still logs in on a `rochade serve` of its own, which hashes at the production
    cost (`test_security` shows it does)."""
    from rochade.service import pin

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(pin, "PIN_COST", TEST_PIN_COST)
        yield


@pytest.fixture(scope="session", autouse=True)
def templates_compiled_once() -> Iterator[None]:
    """Each page template compiled once per language in this process, not once per app
    (`fast_paths.compiled_once`)."""
    from rochade.web.base import Web

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(Web, "env", compiled_once(Web.env))
        yield


@pytest.fixture(autouse=True)
def unsynced_club_files(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """Club files opened by a test without SQLite's sync on every commit (synchronous OFF):
    the same data in the same file for every reader, only not safe from a power cut, and the
    tests make thousands of commits. The tests of the durability itself (marked `durable`)
    and every program a test starts keep the production setting (`SYNCHRONOUS`)."""
    if request.node.get_closest_marker("durable") is None:
        from rochade.store import club

        monkeypatch.setattr(club, "SYNCHRONOUS", "OFF")


@pytest.fixture(scope="session")
def shared_dir() -> Path:
    """The `shared/` folder beside the repository (override with ROCHADE_SHARED).

    Missing data skips the test on a developer machine but fails in CI, where it must exist.
    """
    path = _shared()
    if not (path / "spec").is_dir():
        if os.environ.get("CI"):
            pytest.fail(f"shared data folder not found at {path}")
        pytest.skip(f"shared data folder not found at {path}")
    return path


def _shared() -> Path:
    return Path(os.environ.get("ROCHADE_SHARED", REPO.parent / "shared"))
