"""A failure found under a random seed replays from the seed the run prints, also when the
replay runs a narrower selection of tests (the suite's own conftest.py, in a pytest of its own:
a planted test whose falsifying example depends on the seed)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

TESTS = Path(__file__).resolve().parent

PLANTED = '''
from hypothesis import Phase, given, settings, strategies as st


@settings(max_examples=50, database=None, phases=[Phase.generate])
@given(st.lists(st.text(max_size=8), min_size=40, max_size=40))
def test_planted(words):
    assert sum(map(len, words)) < 100, repr(words)
'''

# Runs first in the wide selection: a CLI command that imports rochade modules as it goes
# (lazily), which would change what Hypothesis draws after it if the conftest did not load
# every module before the first test.
FIRST = '''
from click.testing import CliRunner

from rochade.cli import main


def test_a_command_first():
    assert CliRunner().invoke(main, ["pair-trf", "--help"]).exit_code == 0
'''


def run(folder: Path, *files: str, seed: str | None = None) -> tuple[str, str]:
    """(the printed seed, the falsifying example) of a pytest run that must fail."""
    env = {k: v for k, v in os.environ.items() if k not in ("ROCHADE_HYPOTHESIS_SEED", "CI")}
    env["PYTHONPATH"] = os.pathsep.join([str(TESTS), env.get("PYTHONPATH", "")])
    if seed is not None:
        env["ROCHADE_HYPOTHESIS_SEED"] = seed
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "conftest",
         *files],
        cwd=folder, env=env, capture_output=True, text=True, timeout=300, check=False,
    )
    assert done.returncode == 1, done.stdout[-2000:] + done.stderr[-2000:]
    printed = re.findall(
        r"^hypothesis seed (\d+) \(replay: ROCHADE_HYPOTHESIS_SEED=\1 pytest (.*)\)$",
        done.stdout, re.M,
    )
    example = re.search(r"^E\s+AssertionError: (.*)$", done.stdout, re.M)
    assert printed and example, done.stdout[-2000:]
    assert {arguments for _, arguments in printed} == {" ".join(
        ["-q", "-p", "no:cacheprovider", "-p", "conftest", *files])}
    assert "@reproduce_failure(" in done.stdout
    return printed[0][0], example.group(1)


def test_a_failure_found_by_a_random_seed_replays_from_the_printed_seed(tmp_path: Path) -> None:
    (tmp_path / "test_planted.py").write_text(PLANTED)
    (tmp_path / "test_a_first.py").write_text(FIRST)
    seed, example = run(tmp_path, "test_a_first.py", "test_planted.py")
    assert run(tmp_path, "test_planted.py", seed=seed) == (seed, example)
    assert run(tmp_path, "test_a_first.py", "test_planted.py", seed=seed) == (seed, example)
    other = str((int(seed) + 1) % 2**32)
    assert run(tmp_path, "test_planted.py", seed=other)[1] != example  # the seed decides


def test_ci_takes_its_seed_from_the_commit(tmp_path: Path) -> None:
    (tmp_path / "test_planted.py").write_text(PLANTED)
    head = subprocess.run(["git", "rev-parse", "HEAD"], cwd=TESTS, capture_output=True,
                          text=True, check=True).stdout
    env = {k: v for k, v in os.environ.items() if k != "ROCHADE_HYPOTHESIS_SEED"}
    env.update(CI="true", PYTHONPATH=os.pathsep.join([str(TESTS), env.get("PYTHONPATH", "")]))
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "conftest",
         "test_planted.py"],
        cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300, check=False,
    )
    assert f"hypothesis seed {int(head[:8], 16)} " in done.stdout, done.stdout[-2000:]
