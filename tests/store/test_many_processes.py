"""Acceptance of "one club file, many hands" (issue 11): a short run of the faulty club evening
of benchmarks/durability.py (`--processes`, which runs it for 60 s and prints the figures).

`rochade serve` as a real process with a TD logged in over HTTP posting results, two CLI
writers (`rochade result`, `rochade player status`), CLI readers (`rochade standings`, and a
process reading through the service in a loop), and SIGKILLs of all of them at moments drawn
from a seeded random.Random: the seed is printed, and ROCHADE_FAULT_SEED=N replays it.
Nothing a client saw confirmed is lost, nothing it saw refused is saved, no 500, no
"damaged", and the file passes SQLite's integrity check.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from benchmark_scripts import load

pytestmark = pytest.mark.durable

durability = load("durability")

SECONDS = 10
"""How long the evening lasts (longer on a loaded machine, until every kind of process was
killed at least once)."""


def test_many_processes_killed_at_random_lose_nothing(tmp_path: Path) -> None:
    seed = durability.fault_seed()
    print(f"\nseed {seed} ({durability.SEED_ENV}={seed} replays the kill moments)")
    start = time.monotonic()
    counts = durability.many_hands(tmp_path, SECONDS, seed)
    print(counts.line(seed, time.monotonic() - start))
    assert counts.integrity == "ok", seed
    assert counts.lost == [], seed
    assert counts.failed_but_saved == [], seed
    assert counts.server_errors == [], seed
    assert counts.unexpected == [], seed
    assert counts.damaged == [], seed
    # Not a run in which nothing happened: each kind of process was killed, and each
    # client confirmed changes or read (the run goes on past its time until then).
    assert counts.eventful(), counts.line(seed, 0)
