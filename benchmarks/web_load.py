"""Public pages under load while the TD enters results, over loopback (127.0.0.1 only).

    .venv/bin/python benchmarks/web_load.py [--readers 200] [--seconds 20] [--rate 1000]
        [--mix standings|all] [--players 60] [--system keizer|swiss]
    .venv/bin/python benchmarks/web_load.py --phones --players 200 --seconds 60

`--phones`: instead of readers, every player of the tournament on a phone of their own
(`serve --behind-proxy`, each phone its own X-Forwarded-For address, as on the club's
Wi-Fi) opens their evening page, says "This is me" with the evening's code, checks in and
reports their game of round 1, the starts spread over `--seconds`; then the club file is
checked: every status, every report and every board's result (both players said the same) is
there.

Starts `rochade serve` in its own process on a fresh club file (`--players` 60, round 1 paired).
This process then plays `readers` phones, each a keep-alive connection asking for one page,
and one TD who logs in and enters a result every `--write-every` seconds as the results page
posts it (htmx; the TD's latency is printed too). `--mix standings` (the default): every phone
asks for the full standings page (no change counter, so never the cheap "204 unchanged"
answer). `--mix all`: the phones are spread over every public page (standings, standings
after round 1, pairings, pairings of round 1, progress, crosstable, participants and the
players' pages), and every fourth phone polls as htmx does (its last version in
X-Rochade-Version, answered "204" while nothing changed). The clock starts once the TD is
logged in and every phone has its page once: the figures are a club evening under way, not
the first renderings.

What the figures mean:
- Paced (`--rate R`, the default 1000): an open schedule. Phone i asks at its own times
  t0 + (i / readers + k) * readers / R, so together the phones ask R times a second, evenly
  spread (not all at once). A phone whose previous answer has not arrived asks as soon as it
  does, and its latency still counts from the time it *meant* to ask: a slow answer shows up
  in every request it delays (no coordinated omission).
- `--rate 0`: each phone asks again the moment its answer is in; this measures the most the
  server answers a second, and its latencies (from the send) are mostly the queue of 200
  phones: 200 / requests a second, on average.
- Latency is from the intended send time to the last byte of the answer, measured by this
  process, which shares the two cores with the server. To keep its own share small the
  phones are bare asyncio protocols (no streams, no HTTP library); its event loop's lateness
  is measured and printed ("client loop lag"): that part of any latency is the client's.
- Errors: any status but 200 (a polling phone: 200 or 204; TD: 200/303), any "database is
  locked", a connection that fails, an answer missing at the end, and a stale page: one
  answered after a result was confirmed that does not show it (the version it carries, or a
  poller's "204" for an older version: not above the version the pages had just before the
  result, which the TD reads from the standings before each result). The CPU seconds of
  server and client and the load average are printed, since the figures mean little without
  them on a shared machine.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

from rochade.service import ClubService
from rochade.service.pin import set_pin

PIN = "246813"
HOST = "127.0.0.1"
STANDINGS = "/t/1/"
PAGES = ("/t/1/", "/t/1/?after=1", "/t/1/pairings", "/t/1/pairings?round=1", "/t/1/progress",
         "/t/1/crosstable", "/t/1/participants")
"""`--mix all`: the phones' pages besides the players' pages (progress: Keizer only)."""
POLLING = 4
"""`--mix all`: every fourth phone polls as htmx does."""
VERSION = re.compile(rb'"X-Rochade-Version": "(\d+)"')
CSRF = re.compile(rb'name="csrf" value="([0-9a-f]+)"')
LENGTH = re.compile(rb"(?i)\r\ncontent-length: *(\d+)")
COOKIE = re.compile(rb"(?i)\r\nset-cookie: *([^=;\r]+)=([^;\r]*)")
LOCKED = b"database is locked"
LAG_TICK = 0.005


def make_club(path: Path, players: int = 60, system: str = "keizer") -> None:
    """A club evening in progress: one tournament, round 1 paired, no results yet."""
    svc = ClubService.init(path, "load test")
    if system == "keizer":
        svc.create_tournament("Load", "classic")
    else:
        svc.create_system_tournament("Load", system)
    ratings = (max(800, 2200 - 10 * i) for i in range(players))
    svc.import_players("\n".join(f"Player {i:03},{r}" for i, r in enumerate(ratings)))
    svc.pair("Load")
    set_pin(path, PIN)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind((HOST, 0))
        return int(sock.getsockname()[1])


@dataclass
class Server:
    port: int
    pid: int

    def cpu_seconds(self) -> float:
        """User + system CPU time of the server process so far (Linux /proc; 0 elsewhere)."""
        try:
            fields = Path(f"/proc/{self.pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            return 0.0
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


@contextmanager
def serving(path: Path, *options: str) -> Iterator[Server]:
    """`rochade serve` in its own process; yields its port and pid once it answers."""
    port = free_port()
    code = "import sys; from rochade.cli import main; sys.argv[0] = 'rochade'; main()"
    server = subprocess.Popen(
        [sys.executable, "-c", code, "serve", str(path), "--host", HOST, "--port", str(port),
         *options],
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
        yield Server(port, server.pid)
    finally:
        server.terminate()
        server.wait(10)


@dataclass
class Figures:
    latencies: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    versions: list[tuple[float, int]] = field(default_factory=list)  # (asked at, version)
    writes: list[tuple[float, int, int]] = field(default_factory=list)
    """(confirmed at, board, the pages' version before the change: none of them shows it)"""
    write_latencies: list[float] = field(default_factory=list)
    lags: list[float] = field(default_factory=list)  # the client loop's lateness per tick


def split_answer(buffer: bytearray) -> tuple[bytes, bytes] | None:
    """Head and body of the first complete answer in `buffer` (removed from it), if any."""
    end = buffer.find(b"\r\n\r\n")
    if end < 0:
        return None
    head = bytes(buffer[: end + 2])
    found = LENGTH.search(head)
    size = int(found.group(1)) if found else 0
    if len(buffer) < end + 4 + size:
        return None
    body = bytes(buffer[end + 4 : end + 4 + size])
    del buffer[: end + 4 + size]
    return head, body


def phone_pages(mix: str, readers: int, players: int, system: str) -> list[tuple[str, bool]]:
    """(page, polls) of each phone."""
    if mix == "standings":
        return [(STANDINGS, False)] * readers
    pages = [p for p in PAGES if system == "keizer" or not p.endswith("/progress")]
    out = []
    for i in range(readers):
        kind = i % (len(pages) + 1)
        page = pages[kind] if kind < len(pages) else f"/t/1/players/{i % players + 1}"
        out.append((page, i % POLLING == 0))
    return out


class Phone(asyncio.Protocol):
    """One phone on a page: a keep-alive connection, one request at a time.

    `ask(intended)` asks now, or right after the answer in flight; the latency counts from
    `intended`. With `interval` 0 the phone asks again as soon as an answer is in. A polling
    phone sends the version it has and takes "204" for "still that version".
    """

    def __init__(
        self, figures: Figures, until: float, interval: float, page: str = STANDINGS,
        polls: bool = False,
    ) -> None:
        self.figures = figures
        self.page = page.encode()
        self.polls = polls
        self.known = -1  # the version of the page the phone shows
        self.until = until
        self.interval = interval
        self.loop = asyncio.get_running_loop()
        self.transport: asyncio.Transport | None = None
        self.buffer = bytearray()
        self.cookie = b"lang=en"
        self.in_flight: float | None = None  # intended time of the request on the wire
        self.sent = 0.0  # when it went on the wire
        self.waiting: list[float] = []  # intended times not yet sent
        self.more = True  # more requests to come
        self.loaded = self.loop.create_future()
        self.closed = self.loop.create_future()

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self.transport = transport

    def ask(self, intended: float) -> None:
        nxt = intended + self.interval
        self.more = bool(self.interval) and nxt < self.until
        if self.more:
            self.loop.call_at(nxt, self.ask, nxt)
        if self.in_flight is None:
            self.send(intended)
        else:
            self.waiting.append(intended)

    def send(self, intended: float) -> None:
        assert self.transport is not None
        self.in_flight = intended
        self.sent = self.loop.time()  # a request sent after a confirmation must show it
        poll = b""
        if self.polls and self.known >= 0:
            poll = b"HX-Request: true\r\nX-Rochade-Version: " + str(self.known).encode() + b"\r\n"
        self.transport.write(
            b"GET " + self.page + b" HTTP/1.1\r\nHost: " + HOST.encode()
            + b"\r\nCookie: " + self.cookie + b"\r\n" + poll + b"\r\n"
        )

    def data_received(self, data: bytes) -> None:
        self.buffer += data
        while self.in_flight is not None and (answer := split_answer(self.buffer)):
            self.answered(*answer)

    def answered(self, head: bytes, body: bytes) -> None:
        done = self.loop.time()
        intended, self.in_flight = self.in_flight, None
        assert intended is not None
        unchanged = self.polls and head.startswith(b"HTTP/1.1 204")
        if not head.startswith(b"HTTP/1.1 200") and not unchanged:
            status = head.split(b"\r\n", 1)[0].decode()
            self.figures.errors.append(f"{self.page.decode()}: {status}")
        if LOCKED in body:
            self.figures.errors.append(LOCKED.decode())
        if not self.loaded.done():  # the page the phone opened before the clock started
            for name, value in COOKIE.findall(head):  # it keeps the visitor cookie it is given
                if name == b"rochade_visitor":
                    self.cookie += b"; rochade_visitor=" + value
            found = VERSION.search(body)
            self.known = int(found.group(1)) if found else -1
            self.loaded.set_result(None)
            return
        self.figures.latencies.append(done - intended)
        if not unchanged:
            found = VERSION.search(body)
            self.known = int(found.group(1)) if found else -1
        if self.known >= 0:  # (the participants page carries none: results do not change it)
            self.figures.versions.append((self.sent, self.known))
        if self.waiting:
            self.send(self.waiting.pop(0))
        elif not self.interval and done < self.until:
            self.send(done)
        elif not self.more and self.transport is not None:  # its last answer is in
            self.transport.close()

    def connection_lost(self, exc: Exception | None) -> None:
        if self.in_flight is not None or self.waiting:
            missing = (self.in_flight is not None) + len(self.waiting)
            self.figures.errors.append(f"phone: connection lost, {missing} unanswered ({exc})")
        if not self.closed.done():
            self.closed.set_result(None)


async def exchange(
    stream: asyncio.StreamReader, writer: asyncio.StreamWriter, request: bytes
) -> tuple[bytes, bytes]:
    """One HTTP/1.1 request and its answer (head, body) on a kept connection."""
    writer.write(request)
    head = await stream.readuntil(b"\r\n\r\n")
    found = LENGTH.search(head)
    return head, await stream.readexactly(int(found.group(1)) if found else 0)


class TD:
    """The TD's browser, reduced to a kept connection, cookies and the CSRF token."""

    def __init__(self, stream: asyncio.StreamReader, writer: asyncio.StreamWriter,
                 forwarded: str = "", htmx: bool = True) -> None:
        self.stream, self.writer = stream, writer
        self.cookies: dict[bytes, bytes] = {}
        self.csrf = b""
        self.forwarded, self.htmx = forwarded, htmx

    async def request(self, method: str, path: str, form: bytes | None = None) -> bytes:
        cookie = b"; ".join(k + b"=" + v for k, v in self.cookies.items())
        lines = [f"{method} {path} HTTP/1.1".encode(), b"Host: " + HOST.encode()]
        lines.append(b"Cookie: " + cookie)
        if self.forwarded:  # a phone of its own on the club's Wi-Fi (`serve --behind-proxy`)
            lines.append(b"X-Forwarded-For: " + self.forwarded.encode())
        if form is not None and self.htmx:  # as the results page posts: answered with the row
            lines.append(b"HX-Request: true")
        if form is not None:
            lines.append(b"Content-Type: application/x-www-form-urlencoded")
            lines.append(b"Content-Length: " + str(len(form)).encode())
        head, body = await exchange(
            self.stream, self.writer, b"\r\n".join(lines) + b"\r\n\r\n" + (form or b"")
        )
        self.cookies.update(COOKIE.findall(head))
        status = head[9:12].decode()
        if LOCKED in body:
            raise RuntimeError(f"{method} {path}: {status}, {LOCKED.decode()}")
        if status not in ("200", "303"):
            raise RuntimeError(f"{method} {path}: {status}")
        return body

    async def log_in(self) -> None:
        found = CSRF.search(await self.request("GET", "/td/login"))
        assert found, "no CSRF token on the login page"
        self.csrf = found.group(1)
        await self.request("POST", "/td/login", b"csrf=" + self.csrf + b"&pin=" + PIN.encode())
        found = CSRF.search(await self.request("GET", "/td/"))  # a new token with the login
        assert found, "no CSRF token on the TD's page"
        self.csrf = found.group(1)

    async def version(self) -> int:
        """The version the public pages have now."""
        found = VERSION.search(await self.request("GET", STANDINGS))
        assert found, "no version on the standings"
        return int(found.group(1))

    async def enter(self, board: int, result: str) -> None:
        form = b"csrf=" + self.csrf + b"&result=" + result.encode()
        await self.request("POST", f"/td/t/1/results/1/{board}", form)


async def td_at_work(td: TD, until: float, every: float, boards: int, figures: Figures) -> None:
    """Results board by board (and corrections when all are in) until the time is up."""
    loop = asyncio.get_running_loop()
    board = 0
    while (start := loop.time()) < until:
        number, result = board % boards + 1, ("1-0", "0-1", "1/2")[board // boards % 3]
        try:
            before = await td.version()  # (the TD is the only writer: no change meanwhile)
            await td.enter(number, result)
            figures.writes.append((loop.time(), number, before))
            figures.write_latencies.append(loop.time() - start)
        except (RuntimeError, OSError, asyncio.IncompleteReadError) as exc:
            figures.errors.append(f"TD: {exc!r}")
        board += 1
        await asyncio.sleep(max(0.0, min(start + every, until) - loop.time()))


async def watch_lag(until: float, figures: Figures) -> None:
    """How late this process's own event loop wakes up: latency the client adds itself."""
    loop = asyncio.get_running_loop()
    while (expected := loop.time() + LAG_TICK) < until:
        await asyncio.sleep(LAG_TICK)
        figures.lags.append(loop.time() - expected)


async def load(
    port: int, readers: int, seconds: float, rate: float, write_every: float, boards: int,
    pages: list[tuple[str, bool]] | None = None,
) -> Figures:
    """Run the phones and the TD for `seconds`. Before the clock starts, the TD logs in and
    every phone opens the page once (so the figures are a club evening under way, not the
    server's first templates and the TD's deliberately slow PIN check)."""
    figures = Figures()
    loop = asyncio.get_running_loop()
    td = TD(*await asyncio.open_connection(HOST, port))
    await td.log_in()
    phones: list[Phone] = []
    for page, polls in pages or [(STANDINGS, False)] * readers:
        _, phone = await loop.create_connection(
            partial(Phone, figures, 0.0, 0.0, page, polls), HOST, port
        )
        phone.send(loop.time())
        phones.append(phone)
    await asyncio.gather(*(phone.loaded for phone in phones))
    start = loop.time() + 0.05
    until = start + seconds
    interval = readers / rate if rate else 0.0
    for i, phone in enumerate(phones):
        phone.until, phone.interval = until, interval
        first = start + i * interval / readers
        loop.call_at(first, phone.ask, first)
    try:
        await asyncio.gather(
            td_at_work(td, until, write_every, boards, figures), watch_lag(until, figures)
        )
    finally:
        td.writer.close()
    grace = loop.time() + 10
    for phone in phones:
        try:
            await asyncio.wait_for(asyncio.shield(phone.closed), max(0.0, grace - loop.time()))
        except TimeoutError:
            figures.errors.append("phone: no answer 10 s after the end")
            phone.transport.close()  # type: ignore[union-attr]
    return figures


PHONE_CODE = "load1"
PHONE_OK = re.compile(rb"flash ok")


async def phone_player(port: int, pid: int, board: int, at: float, figures: Figures) -> None:
    """One player's phone (its own address): open my evening page, say "This is me" with the
    code, check in for the next round (every tenth: excused), report my game of round 1
    (white wins on odd boards, draws on even ones, as both players of a board say alike)."""
    loop = asyncio.get_running_loop()
    await asyncio.sleep(max(0.0, at - loop.time()))
    address = f"10.1.{pid // 250}.{pid % 250 + 1}"
    phone = TD(*await asyncio.open_connection(HOST, port), forwarded=address, htmx=False)
    try:
        page = f"/t/1/players/{pid}/evening"
        found = CSRF.search(await phone.request("GET", page))
        assert found, f"no CSRF token on {page}"
        status = "excused" if pid % 10 == 0 else "present"
        result = "1-0" if board % 2 else "1/2-1/2"
        for form in ("action=mine", f"action={status}", f"report={result}"):
            start = loop.time()
            body = (b"csrf=" + found.group(1) + b"&code=" + PHONE_CODE.encode() + b"&"
                    + form.encode())
            await phone.request("POST", f"/phone/t/1/players/{pid}", body)
            answer = await phone.request("GET", page)  # where the 303 leads: the flash
            figures.write_latencies.append(loop.time() - start)
            if not PHONE_OK.search(answer):
                figures.errors.append(f"phone {pid}: {form} not confirmed")
    except (RuntimeError, OSError, AssertionError, asyncio.IncompleteReadError) as exc:
        figures.errors.append(f"phone {pid}: {exc!r}")
    finally:
        phone.writer.close()


async def phones_evening(port: int, boards: dict[int, int], seconds: float) -> Figures:
    """Every player's phone once (`boards`: player -> board in round 1), their starts spread
    evenly over `seconds`."""
    figures = Figures()
    start = asyncio.get_running_loop().time()
    await asyncio.gather(*(
        phone_player(port, pid, board, start + seconds * i / len(boards), figures)
        for i, (pid, board) in enumerate(sorted(boards.items()))
    ))
    return figures


def phones_lost(path: Path, players: int) -> list[str]:  # players with a game
    """What the club file lacks after `phones_evening`: a status, a report, a result."""
    svc = ClubService(path)
    t = svc.tournament()
    lost = [f"status of {e.id}" for e in t.entrants
            if e.status.value != ("excused" if e.id % 10 == 0 else "present")]
    reports = sum(1 for a in svc.log() if a.kind == "report" and a.who.startswith("phone: "))
    if reports != players:
        lost.append(f"{players - reports} reports")
    lost += [f"result of board {g.board}" for g in t.rounds[0].games if g.result is None]
    return lost


def stale_answers(figures: Figures) -> int:
    """Answers to requests sent after a result was confirmed that do not show it (an answer
    that arrives later but was asked for before may be older): whose version is not above
    the one the pages had just before the change (versions only grow, by every change)."""
    return sum(
        1
        for confirmed, _, before in figures.writes
        for at, version in figures.versions
        if at > confirmed and version <= before
    )


def percentile(values: list[float], p: float) -> float:
    if len(values) < 2:
        return values[0] if values else 0.0
    return statistics.quantiles(values, n=100, method="inclusive")[int(p) - 1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--readers", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--rate", type=float, default=1000.0, help="requests/s asked; 0: max")
    parser.add_argument("--write-every", type=float, default=0.5)
    parser.add_argument("--players", type=int, default=60, help="in the tournament")
    parser.add_argument("--system", choices=("keizer", "swiss"), default="keizer")
    parser.add_argument("--mix", choices=("standings", "all"), default="standings",
                        help="the standings page only, or every public page (a quarter polling)")
    parser.add_argument("--phones", action="store_true",
                        help="instead: every player checks in and reports on their own phone")
    args = parser.parse_args()
    before = os.getloadavg()
    if args.phones:
        phones_main(args.players, args.seconds)
        return
    pages = phone_pages(args.mix, args.readers, args.players, args.system)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "load.rochade"
        make_club(path, args.players, args.system)
        with serving(path) as server:
            server_cpu, client_cpu = server.cpu_seconds(), time.process_time()
            started = time.monotonic()
            figures = asyncio.run(
                load(server.port, args.readers, args.seconds, args.rate, args.write_every,
                     args.players // 2, pages)
            )
            elapsed = time.monotonic() - started
            server_cpu = server.cpu_seconds() - server_cpu
            client_cpu = time.process_time() - client_cpu
        stale = stale_answers(figures)
    ms = [x * 1000 for x in figures.latencies]
    lag = [x * 1000 for x in figures.lags]
    writes = [x * 1000 for x in figures.write_latencies]
    print(f"readers {args.readers}, {args.seconds:g} s, asked {args.rate:g} req/s "
          f"(0 = as fast as possible), one TD writing every {args.write_every:g} s, "
          f"{args.players} players ({args.system}), pages: {args.mix}")
    print(f"phones: {len(ms) / args.seconds:.0f} req/s, p50 {percentile(ms, 50):.1f} ms, "
          f"p90 {percentile(ms, 90):.1f} ms, p99 {percentile(ms, 99):.1f} ms, "
          f"max {max(ms, default=0):.1f} ms, {len(ms)} requests")
    print(f"TD results confirmed: {len(figures.writes)} (p50 {percentile(writes, 50):.1f} ms, "
          f"max {max(writes, default=0):.1f} ms); errors: {len(figures.errors) + stale}"
          f" ({stale} stale answers after a confirmed result)")
    for error in figures.errors[:5]:
        print(f"  {error}")
    print(f"client loop lag: p99 {percentile(lag, 99):.1f} ms, max {max(lag, default=0):.1f} ms")
    print(f"CPU over {elapsed:.1f} s: server {server_cpu:.1f} s, client {client_cpu:.1f} s "
          f"(of {os.cpu_count()} CPUs)")
    print("load average (1, 5, 15 min) before: {:.2f} {:.2f} {:.2f}, ".format(*before)
          + "after: {:.2f} {:.2f} {:.2f}".format(*os.getloadavg()))


def phones_main(players: int, seconds: float) -> None:
    """`--phones`: `players` phones check in and report within `seconds`; nothing lost."""
    from rochade.service.phones import PhoneDesk, PhoneSettings

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "load.rochade"
        make_club(path, players)
        desk = PhoneDesk(path, "load test")
        desk.set_phone_settings(PhoneSettings(PHONE_CODE))
        games = desk.tournament().rounds[0].games
        boards = {p: g.board for g in games for p in (g.white, g.black)}
        with serving(path, "--behind-proxy") as server:
            server_cpu, started = server.cpu_seconds(), time.monotonic()
            figures = asyncio.run(phones_evening(server.port, boards, seconds))
            elapsed, server_cpu = time.monotonic() - started, server.cpu_seconds() - server_cpu
        lost = phones_lost(path, len(boards))
    ms = [x * 1000 for x in figures.write_latencies]
    print(f"{players} phones, each: its page, This is me, a check-in, a result report; starts "
          f"spread over {seconds:g} s; done in {elapsed:.1f} s")
    print(f"posts (with the page they lead to): {len(ms)}, p50 {percentile(ms, 50):.0f} ms, "
          f"p90 {percentile(ms, 90):.0f} ms, max {max(ms, default=0):.0f} ms")
    print(f"errors: {len(figures.errors)}; lost: {len(lost)} {lost[:5]}")
    for error in figures.errors[:5]:
        print(f"  {error}")
    print(f"server CPU {server_cpu:.1f} s (of {os.cpu_count()} CPUs)")


if __name__ == "__main__":
    main()
