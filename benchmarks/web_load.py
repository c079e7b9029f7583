"""Public standings under load while the TD enters results, over loopback (127.0.0.1 only).

    .venv/bin/python benchmarks/web_load.py [--readers 200] [--seconds 20] [--rate 1000]

Starts `rochade serve` on a fresh club file (60 players, round 1 paired), then runs `readers`
keep-alive connections that GET the standings page, paced so that together they ask `rate`
times a second (0: as fast as they can), and one TD who logs in and enters a result every
`--write-every` seconds through the TD pages. Prints requests/s, p50/p99 latency of the
standings page, the errors (any status but 200, any "database is locked"), and the load
average, since the figures mean little without it on a shared machine.
"""

from __future__ import annotations

import argparse
import asyncio
import http.client
import os
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from rochade.service import ClubService
from rochade.web.security import set_pin

PIN = "2468"
HOST = "127.0.0.1"
STANDINGS = "/t/1/"
VERSION = re.compile(rb'"X-Rochade-Version": "(\d+)"')
CSRF = re.compile(r'name="csrf" value="([0-9a-f]+)"')


def make_club(path: Path, players: int = 60) -> None:
    """A club evening in progress: one tournament, round 1 paired, no results yet."""
    svc = ClubService.init(path, "load test")
    svc.create_tournament("Load", "classic")
    svc.import_players("\n".join(f"Player {i:03},{2200 - 10 * i}" for i in range(players)))
    svc.pair("Load")
    set_pin(path, PIN)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind((HOST, 0))
        return int(sock.getsockname()[1])


@contextmanager
def serving(path: Path) -> Iterator[int]:
    """`rochade serve` in its own process; yields the port once it answers."""
    port = free_port()
    code = "import sys; from rochade.cli import main; sys.argv[0] = 'rochade'; main()"
    server = subprocess.Popen(
        [sys.executable, "-c", code, "serve", str(path), "--host", HOST, "--port", str(port)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                socket.create_connection((HOST, port), timeout=1).close()
                break
            except OSError:
                if server.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError("the server did not start") from None
                time.sleep(0.1)
        yield port
    finally:
        server.terminate()
        server.wait(10)


@dataclass
class Figures:
    latencies: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    versions: list[tuple[float, int]] = field(default_factory=list)  # (answered at, version)
    writes: list[tuple[float, int]] = field(default_factory=list)  # (confirmed at, board)


async def reader(port: int, until: float, interval: float, figures: Figures) -> None:
    """One phone on the standings page: a keep-alive connection, one GET per `interval`."""
    stream, writer = await asyncio.open_connection(HOST, port)
    cookies = "lang=en"
    try:
        while (start := time.monotonic()) < until:
            request = f"GET {STANDINGS} HTTP/1.1\r\nHost: {HOST}\r\nCookie: {cookies}\r\n\r\n"
            writer.write(request.encode())
            head = await stream.readuntil(b"\r\n\r\n")
            visitor = re.search(rb"(?i)set-cookie: (rochade_visitor=[0-9a-f]+)", head)
            if visitor:  # a phone keeps its cookie
                cookies = f"lang=en; {visitor.group(1).decode()}"
            length = int(re.search(rb"(?i)content-length: *(\d+)", head).group(1))  # type: ignore[union-attr]
            body = await stream.readexactly(length)
            done = time.monotonic()
            figures.latencies.append(done - start)
            if not head.startswith(b"HTTP/1.1 200") or b"database is locked" in body:
                figures.errors.append(head.split(b"\r\n", 1)[0].decode())
            found = VERSION.search(body)
            figures.versions.append((done, int(found.group(1)) if found else -1))
            if interval:
                await asyncio.sleep(max(0.0, start + interval - time.monotonic()))
    finally:
        writer.close()


class TD:
    """The TD's browser, reduced to cookies and the CSRF token."""

    def __init__(self, port: int) -> None:
        self.conn = http.client.HTTPConnection(HOST, port, timeout=30)
        self.cookies: dict[str, str] = {}
        page = self.request("GET", "/td/login")
        self.csrf = CSRF.search(page).group(1)  # type: ignore[union-attr]
        self.request("POST", "/td/login", f"csrf={self.csrf}&pin={PIN}&next=/td/")

    def request(self, method: str, path: str, body: str | None = None) -> str:
        headers = {"Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items())}
        if body is not None:
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        self.conn.request(method, path, body, headers)
        response = self.conn.getresponse()
        text = response.read().decode()
        for name, value in response.getheaders():
            if name.lower() == "set-cookie":
                key, _, rest = value.partition("=")
                self.cookies[key] = rest.split(";", 1)[0]
        if response.status not in (200, 303) or "database is locked" in text:
            raise RuntimeError(f"{method} {path}: {response.status}")
        return text

    def enter(self, board: int, result: str) -> None:
        self.request("POST", f"/td/t/1/results/1/{board}", f"csrf={self.csrf}&result={result}")


def td_at_work(port: int, until: float, every: float, boards: int, figures: Figures) -> None:
    """Results board by board (and corrections when all are in) until the time is up."""
    td = TD(port)
    board = 0
    while time.monotonic() < until:
        try:
            td.enter(board % boards + 1, ("1-0", "0-1", "1/2")[board // boards % 3])
            figures.writes.append((time.monotonic(), board % boards + 1))
        except (RuntimeError, OSError) as exc:
            figures.errors.append(f"TD: {exc}")
        board += 1
        time.sleep(max(0.0, min(every, until - time.monotonic())))


async def load(
    port: int, readers: int, seconds: float, rate: float, write_every: float, boards: int
) -> Figures:
    figures = Figures()
    until = time.monotonic() + seconds
    writer = threading.Thread(
        target=td_at_work, args=(port, until, write_every, boards, figures), daemon=True
    )
    writer.start()
    interval = readers / rate if rate else 0.0
    tasks = [reader(port, until, interval, figures) for _ in range(readers)]
    for outcome in await asyncio.gather(*tasks, return_exceptions=True):
        if isinstance(outcome, BaseException):
            figures.errors.append(f"reader: {outcome!r}")
    await asyncio.to_thread(writer.join)
    return figures


def percentile(values: list[float], p: float) -> float:
    return statistics.quantiles(values, n=100, method="inclusive")[int(p) - 1] if values else 0.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--readers", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--rate", type=float, default=1000.0, help="requests/s asked; 0: max")
    parser.add_argument("--write-every", type=float, default=0.5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "load.rochade"
        make_club(path)
        with serving(path) as port:
            started = time.monotonic()
            figures = asyncio.run(
                load(port, args.readers, args.seconds, args.rate, args.write_every, 30)
            )
            elapsed = time.monotonic() - started
    ms = [x * 1000 for x in figures.latencies]
    print(f"readers {args.readers}, {args.seconds:g} s, asked {args.rate:g} req/s "
          "(0 = as fast as possible), one TD writing")
    print(f"standings page: {len(ms) / elapsed:.0f} req/s, p50 {percentile(ms, 50):.1f} ms, "
          f"p99 {percentile(ms, 99):.1f} ms, {len(ms)} requests")
    print(f"TD results confirmed: {len(figures.writes)}; errors: {len(figures.errors)}")
    for error in figures.errors[:5]:
        print(f"  {error}")
    print("load average (1, 5, 15 min): {:.2f} {:.2f} {:.2f}".format(*os.getloadavg()))
    print(f"machine: {os.cpu_count()} CPUs")


if __name__ == "__main__":
    main()
