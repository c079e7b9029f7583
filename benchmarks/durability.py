"""Durability: what it costs, and whether it holds with many processes on one file.

    .venv/bin/python benchmarks/durability.py [RESULTS]
    .venv/bin/python benchmarks/durability.py --processes [SECONDS]

The first: a result entered with synchronous FULL vs NORMAL, and a backup (the numbers depend
on the disk's sync speed far more than on the CPU).

The second (`--processes`, 60 s unless given): the club evening of many hands, with faults.
`rochade serve` runs as a real process with a PIN; this process logs in (httpx) and posts
results as the results page does; two CLI writers run `rochade result` and `rochade player
status` in loops; a CLI reader runs `rochade standings`; and every one of them is killed with
SIGKILL at random moments (the server is started again). The kill moments come from a seeded
`random.Random`; the seed is printed, and ROCHADE_FAULT_SEED=N replays it. Each writer owns
its own boards and players, so every key has one ordered history of attempts, each
confirmed (exit code 0, or a 200 the page would show as saved), refused (exit code 2, or the
page's error message) or unknown (the client was killed, or the server under it).

Printed, and asserted by tests/store/test_many_processes.py (a 10 s run):
- lost: a key whose stored value is neither its last confirmed value nor that of a later
  attempt of unknown outcome (a confirmed result missing): must be 0;
- failed but saved: the stored value is that of a refused attempt only: must be 0;
- 500s from the server, unexpected CLI errors (exit code 1), any "damaged": must be 0;
- PRAGMA integrity_check at the end: must be ok.
"""

from __future__ import annotations

import os
import random
import re
import signal
import socket
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from unittest import mock

import httpx2 as httpx

from rochade.core.model import Result
from rochade.service import ClubService
from rochade.service.pin import set_pin
from rochade.store import backup, club


def _season(folder: Path, name: str) -> ClubService:
    service = ClubService.init(folder / name, "bench")
    service.create_tournament("Winter")
    service.import_players(
        "name,rating\n" + "".join(f"Player {i},{2200 - 20 * i}\n" for i in range(30))
    )
    service.pair()
    return service


def _results_per_second(service: ClubService, count: int) -> float:
    with service.session():
        start = time.perf_counter()
        for i in range(count):
            service.enter_result(1, 1 + i % 15, ("1-0", "0-1", "1/2")[i % 3])
        return count / (time.perf_counter() - start)


SEED_ENV = "ROCHADE_FAULT_SEED"
ROCHADE = [
    sys.executable,
    "-c",
    "import sys; from rochade.cli import main; sys.argv[0] = 'rochade'; main()",
]
HOST = "127.0.0.1"
PIN = "246813"
PLAYERS = 20  # 10 boards in round 1
KILL_EVERY = 3  # the 2nd, 5th, 8th ... CLI command of each client is killed at a random moment
CSRF = re.compile(r'name="csrf" value="([0-9a-f]+)"')
RESULTS = ("1-0", "0-1", "1/2")
STATUSES = ("excused", "present")

LOOP_READER = """
import sys, time
from pathlib import Path
from rochade.service import ClubService
from rochade.store import StoreError

service = ClubService(Path(sys.argv[1]), "reader")
while True:
    try:
        service.standings()
        print("ok", flush=True)
        time.sleep(0.05)
    except StoreError as exc:
        print("refused", exc, flush=True)
    except Exception as exc:
        print("error", type(exc).__name__, exc, flush=True)
"""
"""`watch rochade standings` without the start-up cost: the service in one process, opening
and closing the file for every look, as many times a second as it can."""

Key = tuple[str, int]  # ("board", 3): round 1 board 3; ("status", 2): player 2's status
WRITERS: dict[str, list[Key]] = {
    "writer 1": [("board", 1), ("board", 2), ("board", 3)],
    "writer 2": [("board", 4), ("status", 1), ("board", 5), ("status", 2)],
    "web": [("board", b) for b in range(6, 11)],
}
"""Who changes what: each key has one writer, so its attempts have one order."""


def fault_seed() -> int:
    """The seed of the kill moments: ROCHADE_FAULT_SEED, or a new one (printed by callers)."""
    text = os.environ.get(SEED_ENV, "").strip()
    return int(text) if text else random.SystemRandom().randrange(10**6)


@dataclass
class Attempt:
    key: Key
    value: str
    outcome: str  # "confirmed", "refused" or "unknown"
    said: str = ""


@dataclass
class Counts:
    """What the clients saw, and what the file holds at the end."""

    attempts: list[Attempt] = field(default_factory=list)
    kills: dict[str, int] = field(
        default_factory=lambda: {"server": 0, "writer": 0, "reader": 0, "loop reader": 0}
    )
    reads: int = 0
    busy_reads: int = 0
    server_errors: list[str] = field(default_factory=list)
    unexpected: list[str] = field(default_factory=list)
    damaged: list[str] = field(default_factory=list)
    lost: list[str] = field(default_factory=list)
    failed_but_saved: list[str] = field(default_factory=list)
    integrity: str = "not checked"
    lock: threading.Lock = field(default_factory=threading.Lock)

    def eventful(self) -> bool:
        """Whether each kind of process was killed and each client confirmed or read."""
        with self.lock:
            confirmed = {a.said for a in self.attempts if a.outcome == "confirmed"}
            killed = all(kills >= 1 for kills in self.kills.values())
            return killed and confirmed >= set(WRITERS) and self.reads >= 1

    def count(self, outcome: str) -> int:
        return sum(a.outcome == outcome for a in self.attempts)

    def line(self, seed: int, seconds: float) -> str:
        web = sum(a.outcome == "confirmed" and a.said == "web" for a in self.attempts)
        return (
            f"seed {seed} ({SEED_ENV}={seed} replays the kill moments), {seconds:.1f} s: "
            f"confirmed {self.count('confirmed')} (web {web}), refused "
            f"{self.count('refused')}, unknown {self.count('unknown')}; lost "
            f"{len(self.lost)}, failed but saved {len(self.failed_but_saved)}, 500s "
            f"{len(self.server_errors)}, unexpected {len(self.unexpected)}, damaged "
            f"{len(self.damaged)}; reads {self.reads} (busy {self.busy_reads}); kills "
            + ", ".join(f"{who} {n}" for who, n in self.kills.items())
            + f"; integrity_check {self.integrity}"
        )


def evening_club(path: Path) -> None:
    """One tournament, round 1 paired (10 boards), a TD PIN; no connection left open."""
    service = ClubService.init(path, "fault test")
    service.create_tournament("Evening")
    service.import_players(
        "name,rating\n" + "".join(f"Player {i},{2200 - 20 * i}\n" for i in range(PLAYERS))
    )
    service.pair()
    set_pin(path, PIN)


class Evening:
    """The processes of one faulty club evening on `path`, for `seconds`."""

    def __init__(self, path: Path, seconds: float, seed: int) -> None:
        self.path = path
        self.seed = seed
        self.seconds = seconds
        self.deadline = time.monotonic() + seconds
        self.counts = Counts()
        self.port = _free_port()
        self.server: subprocess.Popen[bytes] | None = None
        self.server_up = threading.Event()
        self.env = {**os.environ, "ROCHADE_WHO": "fault test"}
        self.took: dict[str, float] = {}  # how long the last whole command of a kind took

    def rng(self, name: str) -> random.Random:
        return random.Random(f"{self.seed}-{name}")

    def running(self) -> bool:
        """Until the time is up and every kind of client has confirmed a change (or read)
        and been killed, however loaded the machine is (at most ten times the time)."""
        now = time.monotonic()
        if now < self.deadline:
            return True
        return now < self.deadline + 9 * self.seconds and not self.counts.eventful()

    def run(self) -> Counts:
        """Start the server and log the TD in, then `seconds` of the evening from there."""
        self._start_server()
        web = httpx.Client(base_url=f"http://{HOST}:{self.port}", timeout=30)
        token = self._log_in(web)
        self.deadline = time.monotonic() + self.seconds
        threads = [
            threading.Thread(target=self._chaos, name="chaos"),
            threading.Thread(target=self._cli_writer, args=("writer 1", WRITERS["writer 1"])),
            threading.Thread(target=self._cli_writer, args=("writer 2", WRITERS["writer 2"])),
            threading.Thread(target=self._cli_reader),
            threading.Thread(target=self._loop_reader),
            threading.Thread(target=self._web, args=(web, token, WRITERS["web"])),
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        web.close()
        if self.server is not None:
            self.server.kill()
            self.server.wait()
        self._judge()
        return self.counts

    # -- the server, killed now and then ----------------------------------------------------

    def _start_server(self) -> None:
        self.server = subprocess.Popen(
            [*ROCHADE, "serve", str(self.path), "--host", HOST, "--port", str(self.port)],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            env=self.env,
        )
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                socket.create_connection((HOST, self.port), timeout=1).close()
            except OSError:
                if self.server.poll() is not None:
                    raise RuntimeError(f"rochade serve stopped: {self.server.returncode}") from None
                time.sleep(0.05)
                continue
            self.server_up.set()
            return
        raise RuntimeError("rochade serve did not start")

    def _chaos(self) -> None:
        rng = self.rng("server")
        while True:
            time.sleep(rng.uniform(1.0, 3.0))
            if not self.running():
                return
            assert self.server is not None
            self.server_up.clear()
            self.server.send_signal(signal.SIGKILL)
            self.server.wait()
            with self.counts.lock:
                self.counts.kills["server"] += 1
            self._start_server()

    # -- the CLI: writers and a reader, each command perhaps killed ---------------------------

    def _command(
        self, args: list[str], rng: random.Random, kind: str, number: int
    ) -> tuple[int, str]:
        """Run a client's `number`th rochade command, perhaps killed after a random while; its
        exit code (-9: killed) and what it wrote to stderr.

        A killed command dies at a random share of the time the last whole one took, so that
        the kills land in the start-up, the write and the close alike, however loaded the
        machine is.
        """
        kill_after = None
        if number % KILL_EVERY == 1:
            kill_after = rng.uniform(0.1, 1.2) * self.took.get(kind, 1.0)
        started = time.monotonic()
        child = subprocess.Popen(
            [*ROCHADE, *args],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
            env=self.env,
        )
        try:
            _, said = child.communicate(timeout=kill_after if kill_after is not None else 120)
        except subprocess.TimeoutExpired:
            child.send_signal(signal.SIGKILL)
            _, said = child.communicate()
        else:
            self.took[kind] = time.monotonic() - started
        if child.returncode == -signal.SIGKILL:
            with self.counts.lock:
                self.counts.kills[kind] += 1
        said = said.strip()
        with self.counts.lock:
            if "damaged" in said:
                self.counts.damaged.append(f"{args[0]}: {said}")
            if child.returncode not in (0, 2, -signal.SIGKILL):
                self.counts.unexpected.append(f"{args[0]} exit {child.returncode}: {said}")
        return child.returncode, said

    def _cli_writer(self, name: str, keys: list[Key]) -> None:
        rng = self.rng(name)
        values = _Values()
        commands = 0
        while self.running():
            for key in keys:
                value = values.next(key, rng)
                kind, number = key
                args = (
                    ["result", str(self.path), "1", str(number), value]
                    if kind == "board"
                    else ["player", "status", str(self.path), str(number), value]
                )
                code, said = self._command(args, rng, "writer", commands)
                commands += 1
                outcome = {0: "confirmed", 2: "refused"}.get(code, "unknown")
                self._record(Attempt(key, value, outcome, said if outcome == "refused" else name))
                if not self.running():
                    return

    def _cli_reader(self) -> None:
        rng = self.rng("reader")
        commands = 0
        while self.running():
            code, _ = self._command(["standings", str(self.path)], rng, "reader", commands)
            commands += 1
            with self.counts.lock:
                self.counts.reads += code == 0
                self.counts.busy_reads += code == 2

    def _loop_reader(self) -> None:
        rng = self.rng("loop reader")
        while self.running():
            child = subprocess.Popen(
                [sys.executable, "-c", LOOP_READER, str(self.path)],
                stdout=subprocess.PIPE,
                stderr=subprocess.STDOUT,
                text=True,
                env=self.env,
            )
            try:
                said, _ = child.communicate(timeout=rng.uniform(3.0, 8.0))
            except subprocess.TimeoutExpired:
                child.send_signal(signal.SIGKILL)
                said, _ = child.communicate()
            with self.counts.lock:
                self.counts.kills["loop reader"] += child.returncode == -signal.SIGKILL
                for line in said.splitlines()[:-1]:  # the last one may be cut off
                    self.counts.reads += line == "ok"
                    self.counts.busy_reads += line.startswith("refused") and "try again" in line
                    if "damaged" in line:
                        self.counts.damaged.append(f"loop reader: {line}")
                    elif line != "ok" and "try again" not in line:
                        self.counts.unexpected.append(f"loop reader: {line}")

    # -- the TD's browser: results posted as the results page posts them --------------------

    def _web(self, client: httpx.Client, token: str, keys: list[Key]) -> None:
        rng = self.rng("web")
        values = _Values()
        while self.running():
            for key in keys:
                value = values.next(key, rng)
                outcome = self._post(client, token, key, value)
                if outcome is None:  # the server is down: not sent, try another time
                    values.undo(key)
                    self.server_up.wait(5)
                    continue
                self._record(outcome)
                self._look(client)
                if not self.running():
                    return

    def _log_in(self, client: httpx.Client) -> str:
        """Log in as the TD; returns the CSRF token the pages would send."""
        while True:
            self.server_up.wait(60)
            try:
                page = client.get("/td/login")
                match = CSRF.search(page.text)
                assert match, "no CSRF token on the login page"
                answer = client.post(
                    "/td/login", data={"csrf": match.group(1), "pin": PIN, "next": "/td/"}
                )
                fresh = CSRF.search(client.get("/td/").text) if answer.status_code == 303 else None
            except httpx.TransportError:  # the server was killed meanwhile: again
                time.sleep(0.05)
                continue
            if fresh:  # the token changes with the login
                return fresh.group(1)
            raise RuntimeError(f"cannot log in: {answer.status_code} {answer.text[:300]}")

    def _post(self, client: httpx.Client, token: str, key: Key, value: str) -> Attempt | None:
        try:
            answer = client.post(
                f"/td/t/1/results/1/{key[1]}",
                data={"csrf": token, "result": value},
                headers={"hx-request": "true"},
            )
        except httpx.ConnectError:
            return None
        except httpx.TransportError:
            return Attempt(key, value, "unknown", "web")
        if answer.status_code >= 500:
            with self.counts.lock:
                self.counts.server_errors.append(f"POST board {key[1]}: {answer.status_code}")
            return Attempt(key, value, "unknown", "web")
        text = answer.text
        if "damaged" in text:
            with self.counts.lock:
                self.counts.damaged.append(f"web: {text[:300]}")
        if answer.status_code == 200 and "HX-Reswap" not in answer.headers:
            return Attempt(key, value, "confirmed", "web")
        if answer.status_code == 200:
            return Attempt(key, value, "refused", text[:300])
        with self.counts.lock:
            self.counts.unexpected.append(f"POST board {key[1]}: {answer.status_code}")
        return Attempt(key, value, "unknown", "web")

    def _look(self, client: httpx.Client) -> None:
        """A phone's look at the standings between two posts: never a 500."""
        try:
            answer = client.get("/t/1/")
        except httpx.TransportError:
            return
        with self.counts.lock:
            if answer.status_code >= 500:
                self.counts.server_errors.append(f"GET /t/1/: {answer.status_code}")
            if "damaged" in answer.text:
                self.counts.damaged.append(f"GET /t/1/: {answer.text[:300]}")

    # -- the verdict ----------------------------------------------------------------------------

    def _record(self, attempt: Attempt) -> None:
        with self.counts.lock:
            self.counts.attempts.append(attempt)

    def _judge(self) -> None:
        conn = sqlite3.connect(self.path)
        try:
            self.counts.integrity = "; ".join(
                row[0] for row in conn.execute("PRAGMA integrity_check")
            )
            stored: dict[Key, str] = {
                ("board", board): result or ""
                for board, result in conn.execute(
                    "SELECT board, result FROM games WHERE round = 1"
                )
            }
            stored |= {
                ("status", pid): status
                for pid, status in conn.execute("SELECT id, status FROM entrants")
            }
        finally:
            conn.close()
        histories: dict[Key, list[Attempt]] = {}
        for attempt in self.counts.attempts:
            histories.setdefault(attempt.key, []).append(attempt)
        for key, history in histories.items():
            confirmed = [i for i, a in enumerate(history) if a.outcome == "confirmed"]
            start = confirmed[-1] if confirmed else -1
            allowed = {_stored(key, history[start].value)} if confirmed else {_initial(key)}
            later = history[start + 1 :]
            allowed |= {_stored(key, a.value) for a in later if a.outcome == "unknown"}
            if stored[key] in allowed:
                continue
            story = f"{key}: stored {stored[key]!r}, attempts " + ", ".join(
                f"{a.value} {a.outcome}" for a in history
            )
            if any(_stored(key, a.value) == stored[key] and a.outcome == "refused" for a in later):
                self.counts.failed_but_saved.append(story)
            else:
                self.counts.lost.append(story)


class _Values:
    """The next value of each key: always another than its previous one, so that what the
    file holds tells which attempt it came from."""

    def __init__(self) -> None:
        self.last: dict[Key, str] = {}
        self.before: dict[Key, str | None] = {}

    def next(self, key: Key, rng: random.Random) -> str:
        choices = RESULTS if key[0] == "board" else STATUSES
        value = rng.choice([c for c in choices if c != self.last.get(key, _initial(key))])
        self.before[key] = self.last.get(key)
        self.last[key] = value
        return value

    def undo(self, key: Key) -> None:
        previous = self.before.get(key)
        if previous is None:
            self.last.pop(key, None)
        else:
            self.last[key] = previous


def _initial(key: Key) -> str:
    return "" if key[0] == "board" else "present"


def _stored(key: Key, value: str) -> str:
    """A value as the file keeps it ("1/2" is stored as "1/2-1/2")."""
    return Result.parse(value).value if key[0] == "board" else value


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        return int(probe.getsockname()[1])


def many_hands(folder: Path, seconds: float, seed: int) -> Counts:
    """The faulty club evening on a new club file in `folder` (see the module's text)."""
    path = folder / "evening.rochade"
    evening_club(path)
    return Evening(path, seconds, seed).run()


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "--processes":
        seconds = float(sys.argv[2]) if len(sys.argv) > 2 else 60.0
        seed = fault_seed()
        print(f"seed {seed}", flush=True)
        with tempfile.TemporaryDirectory() as tmp:
            start = time.monotonic()
            counts = many_hands(Path(tmp), seconds, seed)
            print(counts.line(seed, time.monotonic() - start))
            for name in ("lost", "failed_but_saved", "server_errors", "unexpected", "damaged"):
                for line in getattr(counts, name)[:5]:
                    print(f"  {name}: {line}")
        return
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for mode in ("FULL", "NORMAL"):
            with mock.patch.object(club, "SYNCHRONOUS", mode):
                service = _season(folder, f"{mode}.rochade")
                rate = _results_per_second(service, count)
            print(f"synchronous {mode:<6}: {rate:7.1f} results/s ({1000 / rate:5.1f} ms each)")
        service = _season(folder, "backup.rochade")
        size = service.path.stat().st_size // 1024
        start = time.perf_counter()
        for _ in range(20):
            backup.take(service.path, "pair", datetime.now(UTC))
        each = (time.perf_counter() - start) / 20 * 1000
        print(f"backup of a {size} KB club file: {each:5.1f} ms each")


if __name__ == "__main__":
    main()
