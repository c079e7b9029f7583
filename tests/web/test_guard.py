"""The server's fences against connections that hold it up (`rochade.web.guard`): who is
counted, who makes way for whom, the timeouts on a real uvicorn server, and a log that stays
short whatever floods it."""

from __future__ import annotations

import logging
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
import uvicorn
from web_helpers import Tick

from rochade.web import create_app
from rochade.web.guard import (
    MOST,
    SPARE_FILES,
    Guard,
    Limits,
    Summarised,
    log_config,
    options,
)

ROOM = "192.0.2."
LAPTOP = "127.0.0.1"


class Conn:
    """A connection as the guard sees it: closed by `transport.abort()`."""

    def __init__(self) -> None:
        self.transport = self
        self.aborted = False

    def abort(self) -> None:
        self.aborted = True


def connect(guard: Guard, address: str, n: int = 1) -> list[Conn]:
    """`n` new connections from `address`, the refused ones marked aborted."""
    made = []
    for _ in range(n):
        conn = Conn()
        conn.aborted = not guard.admit(conn, address)
        made.append(conn)
    return made


def quiet_guard(limits: Limits, **options: Any) -> Guard:
    return Guard(limits, log=logging.getLogger("test.guard"), **options)


def test_one_device_gets_its_share_and_no_more() -> None:
    guard = quiet_guard(Limits(most=100, per_device=5, reserve=10))
    phone = connect(guard, ROOM + "7", 8)
    assert [c.aborted for c in phone] == [False] * 5 + [True] * 3
    assert not any(c.aborted for c in connect(guard, ROOM + "8", 5))  # others unaffected
    assert not any(c.aborted for c in connect(guard, LAPTOP, 20))  # the laptop: no share cap
    guard.forget(phone[0])
    guard.forget(phone[0])  # (closed twice: counted once)
    assert not connect(guard, ROOM + "7")[0].aborted
    assert guard.total == 5 + 5 + 20


def test_a_proxy_is_no_single_device() -> None:
    guard = quiet_guard(Limits(most=100, per_device=5, reserve=10),
                        shared=lambda a: a == "192.0.2.10")
    assert not any(c.aborted for c in connect(guard, "192.0.2.10", 40))


def test_when_full_a_newcomer_takes_the_place_of_the_longest_waiting() -> None:
    guard = quiet_guard(Limits(most=10, per_device=10, reserve=2))
    first, *rest = connect(guard, ROOM + "1", 8)
    assert guard.room == 8 and not first.aborted
    guard.busy(rest[0])  # a request under way: never made way for
    newcomer = connect(guard, ROOM + "2")[0]
    assert not newcomer.aborted and first.aborted  # the room's 8 places: the oldest goes
    assert guard.room == 8
    for conn in rest[1:]:
        guard.busy(conn)
    guard.busy(newcomer)
    assert connect(guard, ROOM + "3")[0].aborted  # all busy: the room's newcomer is refused
    laptop = connect(guard, LAPTOP, 2)  # the reserve: the laptop's
    assert not any(c.aborted for c in laptop) and guard.total == 10
    third = connect(guard, LAPTOP)[0]  # full: a laptop's newcomer takes an idle one's place
    assert not third.aborted and laptop[0].aborted and guard.total == 10
    guard.waiting(rest[3])  # its answer sent: idle now, the first to go
    assert not connect(guard, LAPTOP)[0].aborted and rest[3].aborted


def test_a_thousand_slow_connections_from_the_laptop_leave_room_for_the_td() -> None:
    guard = quiet_guard(Limits.for_files(1024))
    slow = connect(guard, LAPTOP, 1100)
    assert guard.total == guard.limits.most < 1024 - 2 * 128
    assert sum(not c.aborted for c in slow) == guard.limits.most
    td = connect(guard, LAPTOP)[0]
    guard.busy(td)
    assert not td.aborted
    connect(guard, LAPTOP, 1100)
    assert not td.aborted  # its request under way: kept


def test_the_limits_follow_the_open_files_limit() -> None:
    assert Limits.for_files(None) == Limits() == Limits.for_files(MOST + SPARE_FILES)
    small = Limits.for_files(1024)
    assert small.most == 1024 - SPARE_FILES and 0 < small.reserve < small.most
    assert small.per_device <= small.most - small.reserve
    assert Limits.for_files(100).most >= 16


def test_closings_are_told_once_and_then_once_a_minute(caplog: pytest.LogCaptureFixture) -> None:
    now = [0.0]
    guard = Guard(Limits(most=2, per_device=1, reserve=0), log=logging.getLogger("test.guard"),
                  clock=lambda: now[0])
    with caplog.at_level(logging.WARNING, "test.guard"):
        connect(guard, ROOM + "1", 1000)
        assert len(caplog.records) == 1 and "closed a connection from 192.0.2.1" in caplog.text
        now[0] += 61
        connect(guard, ROOM + "2", 1000)
    assert len(caplog.records) == 3
    assert "closed 998 more connections in the last minute" in caplog.records[1].getMessage()
    assert "too many connections from one device: 998" in caplog.records[1].getMessage()
    assert caplog.records[1].getMessage().endswith("most from 192.0.2.1 (998)")


def test_a_flood_of_one_warning_makes_a_few_lines_a_minute() -> None:
    now = [0.0]
    summarised = Summarised(most=5, clock=lambda: now[0])

    def record(msg: str) -> logging.LogRecord:
        return logging.LogRecord("uvicorn.error", logging.WARNING, "x", 1, msg, None, None)

    passed = [summarised.filter(record("Invalid HTTP request received.")) for _ in range(10_000)]
    assert sum(passed) == 5
    assert summarised.filter(record("another warning"))  # another kind has its own count
    now[0] += 60
    again = record("Invalid HTTP request received.")
    assert summarised.filter(again) and "9995 more like this left out" in again.getMessage()


def test_every_line_of_the_servers_log_passes_the_filter() -> None:
    config = log_config()
    assert all(h["filters"] == ["summarised"] for h in config["handlers"].values())
    assert {"asyncio", "rochade", "uvicorn"} <= set(config["loggers"])


def test_rochades_own_lines_go_to_the_terminal_as_they_are() -> None:
    """"rochade: ..." without uvicorn's "WARNING:" before it, beside uvicorn's own lines."""
    config = log_config()
    (name,) = config["loggers"]["rochade"]["handlers"]
    plain = config["handlers"][name]
    assert config["formatters"][plain["formatter"]] == {"format": "%(message)s"}
    assert plain["stream"] == config["handlers"]["default"]["stream"]


# -- a real server with short timeouts ---------------------------------------------------------


SHORT = Limits(header_seconds=0.5, body_seconds=0.5, header_bytes=8 * 1024)


@contextmanager
def server(club: Path, parser: str = "httptools") -> Iterator[int]:
    """The app under uvicorn with `SHORT` limits, in a thread, on a free loopback port (its
    logging left to the test's: no dictConfig)."""
    guard = Guard(SHORT)
    config = uvicorn.Config(create_app(club, Tick()), host="127.0.0.1", port=0,
                            **{**options(guard, parser), "log_config": None})
    served = uvicorn.Server(config)
    thread = threading.Thread(target=served.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not served.started:
        assert thread.is_alive() and time.monotonic() < deadline
        time.sleep(0.02)
    try:
        yield served.servers[0].sockets[0].getsockname()[1]
    finally:
        served.should_exit = True
        thread.join(10)


def closed_within(sock: socket.socket, seconds: float) -> bool:
    """Whether the server closes `sock` within `seconds` (its answer, if any, read away)."""
    sock.settimeout(seconds)
    deadline = time.monotonic() + seconds
    try:
        while time.monotonic() < deadline:
            if sock.recv(65536) == b"":
                return True
    except (TimeoutError, ConnectionResetError):
        return time.monotonic() < deadline
    return False


def get(port: int, path: str = "/td/login") -> bytes:
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        sock.sendall(f"GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".encode())
        return sock.recv(12)


@pytest.mark.parametrize("parser", ["httptools", "h11"])  # h11: the single-file app's
def test_a_slow_request_is_closed_after_its_time_and_a_quick_one_answered(
    club: Path, caplog: pytest.LogCaptureFixture, parser: str
) -> None:
    with caplog.at_level(logging.WARNING), server(club, parser) as port:
        cases = {
            "silent": b"",
            "slow headers": b"GET / HTTP/1.1\r\nHost: x\r\n",
            "slow body": (b"POST /td/login HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n"
                          b"Content-Type: application/x-www-form-urlencoded\r\n\r\ncsrf=ab"),
        }
        socks = {}
        for name, sent in cases.items():
            socks[name] = socket.create_connection(("127.0.0.1", port), timeout=10)
            socks[name].sendall(sent)
        assert get(port) == b"HTTP/1.1 200"  # meanwhile
        for name, sock in socks.items():
            with sock:
                assert closed_within(sock, 5), name
        with socket.create_connection(("127.0.0.1", port), timeout=10) as big:
            big.sendall(b"GET / HTTP/1.1\r\n" + b"X-Padding: " + b"x" * 10_000)
            assert closed_within(big, 5)
        assert get(port) == b"HTTP/1.1 200"
    said = [r.getMessage() for r in caplog.records]
    assert not [m for m in said if "Exception" in m], said  # the slow body: no traceback
    assert len(said) <= 2, said
