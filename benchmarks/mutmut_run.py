"""`mutmut run` as `make mutate` runs it: mutmut 3.8's own command, without its first check.

    .venv/bin/python benchmarks/mutmut_run.py run [MUTANT ...]

Before the mutants, mutmut makes every mutated function fail at once and expects a test to
fail. The modules of `service/` and `web/` call some of their own functions as they load
(tables of choices, the routes), so with all of them failing the test folders' fixtures
cannot even be imported: pytest ends with a usage error (exit code 4), which mutmut takes for
a broken set-up and stops. Each mutant's own run is not affected (one function is mutated,
and it does not fail), so the check is left out. The version is pinned in pyproject.toml.

The tests start Python processes of their own (a command's fresh process, a server, the
rendering process), which import mutmut's copy of the sources (tests/conftest.py points them
at the rochade under test). While mutmut records which tests reach which function, it names
that step in the environment, which those processes inherit: their trampolines would record
too, into a configuration read from their own working folder (a test's temporary folder,
where mutmut finds none and fails), and their record would be lost. So the step is named in
the test process only; the processes it starts run the functions unmutated. While a mutant
is tested, the environment names the mutant, and the processes a test starts run it too.
Those processes load the copy's compiled files, compiled once here as mutmut makes the copy:
where writing them is off (PYTHONDONTWRITEBYTECODE), each process would compile the many
megabytes of mutated sources again, for tens of seconds on a loaded machine.
"""

from __future__ import annotations

import compileall
import os
from collections.abc import Callable
from typing import Any


def _no_forced_fail(runner: object) -> None:
    """The check left out (see above)."""


def _stats_in_this_process_only(
    switch: Callable[[str | None], None],
) -> Callable[[str | None], None]:
    """mutmut's switch of the mutant under test, keeping the stats step out of the
    environment (see above; mutmut falls back to its process-local copy)."""

    def switched(name: str | None) -> None:
        switch(name)
        if name == "stats":
            os.environ.pop("MUTANT_UNDER_TEST", None)

    return switched


def _compiled_after(create: Callable[[int], Any]) -> Callable[[int], Any]:
    """mutmut's making of the mutants, then the copy compiled (see above)."""

    def created(max_children: int) -> Any:
        made = create(max_children)
        compileall.compile_dir("mutants", quiet=1, workers=max_children)
        return made

    return created


def main() -> None:
    # imported here: mutmut reads the project's configuration as it loads, and the test
    # suite loads every script of benchmarks/ (for Hypothesis' constants) from anywhere
    from mutmut import __main__ as mutmut

    mutmut.run_forced_fail_test = _no_forced_fail
    mutmut.set_mutant_under_test = _stats_in_this_process_only(mutmut.set_mutant_under_test)
    mutmut.create_mutants = _compiled_after(mutmut.create_mutants)
    mutmut.cli()


if __name__ == "__main__":
    main()
