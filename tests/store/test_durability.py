"""Durability: a writer killed with SIGKILL at random moments loses nothing it confirmed.

A child process enters results (and pairs the next round when one is complete) in a loop
through the service, printing `try ...` before each command and `ok ...` after it returned.
The parent kills it at a random moment, then checks that the file opens, passes SQLite's
integrity check, and holds every confirmed result (a command cut off mid-way may or may not
have happened, never half). ROCHADE_KILLS sets the number of kills (default 50). The kill
moments come from a seeded random.Random: the seed is printed, and ROCHADE_FAULT_SEED=N
replays them.
"""

from __future__ import annotations

import os
import random
import signal
import socket
import sqlite3
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import IO

import pytest

from benchmark_scripts import load
from rochade.core.model import Result
from rochade.service import ClubService
from rochade.store import Club
from rochade.store import backup as backups

pytestmark = pytest.mark.durable

KILLS = int(os.environ.get("ROCHADE_KILLS", "50"))
durability = load("durability")
Start = Callable[[Path, int, IO[str]], tuple[int, IO[str], IO[str]]]

WRITERS = """
import os, random, socket, sys, traceback
from pathlib import Path
from rochade.service import ClubService


def write(path, seed):
    rng = random.Random(seed)
    service = ClubService(path, "writer")
    with service.session():
        while True:
            t = service.tournament()
            last = t.rounds[-1] if t.rounds else None
            open_boards = [g.board for g in last.games if g.result is None] if last else []
            if not open_boards:
                print(f"try pair {len(t.rounds) + 1}", flush=True)
                service.pair()
                print(f"ok pair {len(t.rounds) + 1}", flush=True)
                continue
            rnd, board = last.number, open_boards[0]
            if len(t.rounds) > 1 and rng.random() < 0.6:  # a correction in an older round
                old = rng.choice(t.rounds[:-1])
                rnd, board = old.number, rng.choice(old.games).board
            result = rng.choice(["1-0", "0-1", "1/2", "+/-"])
            print(f"try {rnd} {board} {result}", flush=True)
            service.enter_result(rnd, board, result)
            print(f"ok {rnd} {board} {result}", flush=True)


link = socket.socket(fileno=int(sys.argv[1]))
while True:
    asked, fds, _, _ = socket.recv_fds(link, 4096, 2)
    if not asked:  # the test is done
        break
    (out, err), (path, seed) = fds, asked.decode().split("\\t")
    pid = os.fork()
    if pid == 0:
        link.close()
        os.dup2(out, 1)
        os.dup2(err, 2)
        try:
            write(Path(path), int(seed))
        except BaseException:
            traceback.print_exc()
            sys.stderr.flush()
        os._exit(1)
    os.close(out)
    os.close(err)
    link.sendall(f"{pid}\\n".encode())
    link.sendall(f"{os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1])}\\n".encode())
"""
"""Starts the writers: a process that has loaded rochade once, and forks a writer for each
request (the club file, the seed; its stdout and stderr passed along), answering with the
writer's pid and, once it ended, its exit code. Each writer is a process of its own, opening
the club file after the fork; a fresh Python for each cost more than the writing."""


@contextmanager
def writers() -> Iterator[Start]:
    """`start(path, seed, errors)`: a new writer's pid, its stdout and the line its exit code
    comes in on (see `WRITERS`)."""
    ours, theirs = socket.socketpair()
    starter = subprocess.Popen([sys.executable, "-c", WRITERS, str(theirs.fileno())],
                               pass_fds=[theirs.fileno()])
    theirs.close()
    answers = ours.makefile("r")

    def start(path: Path, seed: int, errors: IO[str]) -> tuple[int, IO[str], IO[str]]:
        read, write = os.pipe()
        socket.send_fds(ours, [f"{path}\t{seed}".encode()], [write, errors.fileno()])
        os.close(write)
        return int(answers.readline()), open(read, encoding="utf-8"), answers

    try:
        yield start
    finally:
        answers.close()
        ours.close()
        starter.wait(60)


@dataclass
class Confirmed:
    """What the writers confirmed so far, and what the last one was doing when killed."""

    results: dict[tuple[int, int], str] = field(default_factory=dict)
    rounds: int = 0
    maybe: dict[tuple[int, int], str] = field(default_factory=dict)
    maybe_round: int | None = None
    history: list[str] = field(default_factory=list)

    def read(self, lines: list[str]) -> None:
        self.maybe, self.maybe_round = {}, None
        pending: list[str] | None = None
        self.history.append("(new writer)")
        for line in lines:
            self.history.append(line)
            words = line.split()
            if words[0] == "try":
                pending = words[1:]
                continue
            pending = None
            if words[1] == "pair":
                self.rounds = int(words[2])
            else:
                self.results[(int(words[1]), int(words[2]))] = Result.parse(words[3]).value
        if pending is None:
            return
        if pending[0] == "pair":
            self.maybe_round = int(pending[1])
        else:
            self.maybe[(int(pending[0]), int(pending[1]))] = Result.parse(pending[2]).value

    def story(self, key: tuple[int, int]) -> str:
        """What the writers said about one board, for a failure message."""
        about = (f"try {key[0]} {key[1]} ", f"ok {key[0]} {key[1]} ", "(new writer)")
        return "; ".join(line for line in self.history if line.startswith(about))


def _run_writer(start: Start, path: Path, seed: int, rng: random.Random) -> list[str]:
    """Start a writer, let it confirm a command, kill it after a random while; its output."""
    errors = path.with_name("writer-errors.txt")
    with errors.open("w") as stderr:
        pid, stdout, ended = start(path, seed, stderr)
    lines: list[str] = []
    with stdout:
        while not lines or not lines[-1].startswith("ok"):  # the writer is past its start-up
            line = stdout.readline()
            if not line:
                ended.readline()
                raise AssertionError(f"the writer stopped by itself: {errors.read_text()}")
            lines.append(line)
        time.sleep(rng.uniform(0, 0.25))
        os.kill(pid, signal.SIGKILL)
        lines += stdout.readlines()  # the same reader: nothing it buffered is skipped
    assert int(ended.readline()) == -signal.SIGKILL, errors.read_text()
    return [line.strip() for line in lines if line.endswith("\n")]  # not a line cut off


def _check(path: Path, confirmed: Confirmed) -> None:
    conn = sqlite3.connect(path)
    try:
        assert conn.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        assert conn.execute("PRAGMA foreign_key_check").fetchall() == []
        rounds = conn.execute("SELECT count(*) FROM rounds").fetchone()[0]
        stored = {
            (rnd, board): result
            for rnd, board, result in conn.execute("SELECT round, board, result FROM games")
        }
    finally:
        conn.close()
    assert rounds in {confirmed.rounds, confirmed.maybe_round}
    for key, result in confirmed.results.items():
        assert stored[key] in {result, confirmed.maybe.get(key)}, confirmed.story(key)
    # The cut-off command either happened whole or not at all; what happened stays confirmed.
    for key, result in stored.items():
        if key in confirmed.maybe and result == confirmed.maybe[key]:
            confirmed.results[key] = result
    confirmed.rounds = rounds
    ClubService(path).tournament().validate()  # the file opens as a club file and makes sense
    newest = backups.list_backups(path)
    if newest:
        with sqlite3.connect(newest[-1].path) as copy:
            assert copy.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        copy.close()


def test_kill_the_writer_at_random_moments(tmp_path: Path) -> None:
    path = tmp_path / "club.rochade"
    service = ClubService.init(path, "ina")
    service.create_tournament("Winter")
    service.import_players(
        "name,rating\n" + "".join(f"Player {i},{2200 - 40 * i}\n" for i in range(20))
    )
    seed = durability.fault_seed()
    print(f"\nseed {seed} ({durability.SEED_ENV}={seed} replays the kill moments)")
    rng = random.Random(seed)
    confirmed = Confirmed()
    commands = 0
    with writers() as start:
        for _ in range(KILLS):
            lines = _run_writer(start, path, rng.randrange(10**6), rng)
            commands += sum(line.startswith("ok") for line in lines)
            confirmed.read(lines)
            _check(path, confirmed)
    assert confirmed.rounds >= 1 and commands >= KILLS
    with Club.open(path) as club:
        assert club.pragma("journal_mode") == "wal"
        assert club.pragma("synchronous") == 2  # FULL
    print(f"\n{KILLS} kills survived, {commands} confirmed commands, {confirmed.rounds} rounds")


@pytest.mark.parametrize("age", ["fresh", "stale"])
def test_a_half_written_backup_is_never_listed(tmp_path: Path, age: str) -> None:
    """A copy cut short keeps its temporary name: listing and restore ignore it, and once it is
    older than any copy still being written, the next rotation removes it."""
    path = tmp_path / "c.rochade"
    Club.create(path, "ina", datetime(2026, 1, 1, tzinfo=UTC)).close()
    folder = backups.folder_of(path)
    folder.mkdir()
    partial = folder / "2026-01-01_000000Z_pair.rochade.123.partial"
    partial.write_bytes(b"SQLite format 3\x00")
    if age == "stale":
        os.utime(partial, (0, 0))
    backups.rotate(path)
    assert backups.list_backups(path) == []
    assert partial.exists() == (age == "fresh")
