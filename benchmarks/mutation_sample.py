"""A seeded random sample of mutmut's mutants, the same number from every package.

    .venv/bin/python benchmarks/mutation_sample.py --per-package 50 --seed 2026
    .venv/bin/python benchmarks/mutation_sample.py --per-package 50 --seed 2027 --leave-out FIRST

All ~19 000 mutants take days of CPU on a 2-core machine; a random sample of each package
gives its score within a stated margin in an hour or two (`make mutate SAMPLE=50`), and the
sample's survivors are the ones to read. Prints the names, one per line, for `mutmut run`.
Makes the mutants first when `mutants/` does not hold them yet (mutmut 3.8's own steps, the
ones `mutmut run` takes before testing; the version is pinned in pyproject.toml).
A second sample leaves out the names of the first (`--leave-out`, a file of names one a line)
and still draws the full number from what is left, so that it adds as many new mutants.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
from collections import defaultdict
from contextlib import redirect_stdout
from pathlib import Path

from mutation_scores import package

MUTANTS = Path("mutants")


def generate() -> None:
    """Write the mutated copy of the sources and their `.meta` files, without running tests."""
    from mutmut import __main__ as mutmut
    from mutmut.utils.file_utils import copy_also_copy_files, copy_src_dir, setup_source_paths

    mutmut.set_mutant_under_test("mutant_generation")
    os.makedirs(MUTANTS, exist_ok=True)
    copy_src_dir()
    copy_also_copy_files()
    setup_source_paths()
    mutmut.create_mutants(os.cpu_count() or 2)


def all_mutants() -> list[str]:
    names: list[str] = []
    for meta in sorted(MUTANTS.rglob("*.meta")):
        names.extend(json.loads(meta.read_text(encoding="utf-8"))["exit_code_by_key"])
    return names


def sample(names: list[str], per_package: int, seed: int) -> list[str]:
    """`per_package` names of each package (all of a smaller one), drawn with `seed`."""
    by_package: dict[str, list[str]] = defaultdict(list)
    for name in names:
        by_package[package(name)].append(name)
    rng = random.Random(seed)
    chosen: list[str] = []
    for key in sorted(by_package):
        members = sorted(by_package[key])
        chosen.extend(rng.sample(members, min(per_package, len(members))))
    return sorted(chosen)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--per-package", type=int, required=True)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--leave-out", type=Path, help="names not to draw, one a line")
    args = parser.parse_args()
    drawn = set(args.leave_out.read_text(encoding="utf-8").split()) if args.leave_out else set()
    if not list(MUTANTS.rglob("*.meta")):
        with redirect_stdout(sys.stderr):  # mutmut names each file it mutates
            generate()
    names = [name for name in all_mutants() if name not in drawn]
    print("\n".join(sample(names, args.per_package, args.seed)))


if __name__ == "__main__":
    main()
