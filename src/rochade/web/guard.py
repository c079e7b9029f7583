"""The server's fences against connections that hold it up (`rochade serve`).

A connection that sends its request slowly, or never, holds one of the server's open files
for as long as it likes; a thousand of them (from one phone, in a loop) took every file the
usual limit of 1 024 allows, and every request, the TD's too, timed out while the log filled
with the same error. So each connection gets `Limits.header_seconds` to send its request's
headers and `Limits.body_seconds` for its body, no device more than `Limits.per_device`
connections at once, and all together no more than `Limits.most`, below the open-files limit
(raised at start where the system allows). A newcomer beyond `most` takes the place of the
connection that has waited longest without a request under way (sending its headers slowly,
or idle between requests): a slow connection cannot keep out a quick one. The laptop's own
connections (the TD's) may use the last `Limits.reserve` places, the room's may not.

What is closed is counted and told in one line a minute at most (`Guard`); the server's other
warnings pass `Summarised`, a few of a kind a minute: a flood makes no big log.

Built on uvicorn's HTTP protocol (httptools, a dependency; h11 where the single-file app runs
without compiled modules): it sees a connection from its start, where an ASGI middleware sees a
request only once its headers are complete.
"""

from __future__ import annotations

import asyncio
import contextlib
import copy
import importlib.util
import logging
import threading
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rochade.web.base import loopback

HEADER_SECONDS = 10.0
"""A browser sends its request's headers at once (one packet); ten seconds is generous."""
BODY_SECONDS = 60.0
"""A form or an uploaded file, over a poor Wi-Fi."""
HEADER_BYTES = 64 * 1024
"""Cookies and all: a few kilobytes; more is no browser."""
PER_DEVICE = 50
"""A browser opens six connections to a server at most."""
MOST = 2000
"""Two hundred phones need a few hundred at most."""
RESERVE = 50
"""The places only the laptop's own connections (the TD's) may take."""
BACKLOG = 128
"""Connections the system queues before the server takes them (and takes at once)."""
SPARE_FILES = 64 + 3 * BACKLOG
"""Open files beside the kept connections: the club file, its journal, the rendering
process's pipes; and connections taken but not yet counted (a few batches of `BACKLOG`)."""
KEEP_ALIVE_SECONDS = 5
"""An idle connection between two requests is closed after this (uvicorn's default)."""
SUMMARY_SECONDS = 60.0


@dataclass(frozen=True)
class Limits:
    most: int = MOST
    per_device: int = PER_DEVICE
    reserve: int = RESERVE
    header_seconds: float = HEADER_SECONDS
    body_seconds: float = BODY_SECONDS
    header_bytes: int = HEADER_BYTES

    @classmethod
    def for_files(cls, files: int | None) -> Limits:
        """The limits under an open-files limit of `files` (None: no limit known)."""
        if files is None or files >= MOST + SPARE_FILES:
            return cls()
        most = max(16, files - SPARE_FILES)
        reserve = min(RESERVE, most // 4)
        return cls(most=most, per_device=min(PER_DEVICE, most - reserve), reserve=reserve)


def raise_open_files(wanted: int = MOST + SPARE_FILES) -> int | None:
    """Raise this process's open-files limit towards `wanted`, as far as the system allows
    (the soft limit, often 1 024, up to the hard one); returns the limit now (None: none
    known, as on Windows)."""
    try:
        import resource
    except ImportError:
        return None
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
    if soft != resource.RLIM_INFINITY and soft < target:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
            soft = target
        except (ValueError, OSError):
            pass
    return None if soft == resource.RLIM_INFINITY else soft


class Guard:
    """Counts a server's connections and closes those beyond its `Limits`. Runs on the event
    loop only (uvicorn's protocols call it there): no lock."""

    def __init__(self, limits: Limits, shared: Callable[[str], bool] = lambda _: False,
                 log: logging.Logger | None = None, clock: Callable[[], float] = time.monotonic
                 ) -> None:
        """`shared`: addresses many devices come through (the proxy's): no per-device cap."""
        self.limits = limits
        self.shared = shared
        self.log = log or logging.getLogger("rochade.web")
        self.clock = clock
        self.per_address: Counter[str] = Counter()
        self.total = 0
        self.room = 0
        """The connections not from the laptop."""
        self.idle: dict[bool, dict[Any, None]] = {True: {}, False: {}}
        """Local or not -> the connections without a request under way, oldest first."""
        self.closed: Counter[str] = Counter()
        self.sources: Counter[str] = Counter()
        self.window: float | None = None

    def admit(self, conn: Any, address: str) -> bool:
        """Count a new connection (its `address`), making room for it if need be; False:
        refused (the caller closes it)."""
        local = loopback(address)
        capped = not local and not self.shared(address)
        if capped and self.per_address[address] >= self.limits.per_device:
            self.dropped(address, "too many connections from one device")
            return False
        full = self.total >= self.limits.most or (
            not local and self.room >= self.limits.most - self.limits.reserve)
        if full:
            # the room's newcomers take the room's places only; the laptop's any
            victims = self.idle[False] or (self.idle[True] if local else {})
            if not victims:
                self.dropped(address, "the server is full")
                return False
            victim = next(iter(victims))
            self.dropped(victim.guard_address, "made way for a newer one")
            self.forget(victim)
            victim.transport.abort()
        conn.guard_address, conn.guard_local = address, local
        self.per_address[address] += 1
        self.total += 1
        self.room += not local
        self.idle[local][conn] = None
        return True

    def busy(self, conn: Any) -> None:
        """A request under way: this connection is not made way for."""
        if getattr(conn, "guard_address", None) is not None:
            self.idle[conn.guard_local].pop(conn, None)

    def waiting(self, conn: Any) -> None:
        """No request under way (the answer sent): the newest to be made way for."""
        if getattr(conn, "guard_address", None) is not None:
            idle = self.idle[conn.guard_local]
            idle.pop(conn, None)
            idle[conn] = None

    def forget(self, conn: Any) -> None:
        """The connection is closed (or closing): no longer counted."""
        address = getattr(conn, "guard_address", None)
        if address is None:
            return
        conn.guard_address = None
        self.idle[conn.guard_local].pop(conn, None)
        self.per_address[address] -= 1
        if not self.per_address[address]:
            del self.per_address[address]
        self.total -= 1
        self.room -= not conn.guard_local

    def dropped(self, address: str, why: str) -> None:
        """Tell of a closed connection: the first at once, then one line a minute at most."""
        now = self.clock()
        if self.window is None or now >= self.window:
            self.report()
            self.window = now + SUMMARY_SECONDS
            with contextlib.suppress(RuntimeError):  # (no loop: told with the next closing)
                asyncio.get_running_loop().call_later(SUMMARY_SECONDS, self.report)
            self.log.warning("rochade: closed a connection from %s (%s); such closings are "
                             "told once a minute from now on", address, why)
            return
        self.closed[why] += 1
        self.sources[address] += 1

    def report(self) -> None:
        """The closings since the last line, if any, in one line."""
        if not self.closed:
            return
        reasons = ", ".join(f"{why}: {n}" for why, n in self.closed.most_common())
        sources = ", ".join(f"{a} ({n})" for a, n in self.sources.most_common(3))
        self.log.warning("rochade: closed %d more connections in the last minute (%s); most "
                         "from %s", sum(self.closed.values()), reasons, sources)
        self.closed.clear()
        self.sources.clear()


def protocol(guard: Guard, parser: str | None = None) -> type[asyncio.Protocol]:
    """uvicorn's HTTP protocol under `guard`: counted, timed, made way for. The httptools one
    where it is installed (`parser` "httptools"), else uvicorn's pure-Python h11 one ("h11":
    the single-file app, which carries no compiled modules)."""
    if parser is None:
        parser = "httptools" if importlib.util.find_spec("httptools") else "h11"
    limits = guard.limits

    class Guarded(asyncio.Protocol):
        """What both protocols do at a connection's turns; they tell when each comes."""

        guard_timer: asyncio.TimerHandle | None = None
        guard_header_bytes: int | None = 0
        """Bytes of headers so far (None: the headers are complete)."""
        loop: asyncio.AbstractEventLoop
        transport: asyncio.Transport
        client: tuple[str, int] | None

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            address = self.client[0] if self.client else "?"
            if not guard.admit(self, address):
                transport.abort()
                return
            self._deadline(limits.header_seconds, "too slow to send its request")

        def connection_lost(self, exc: Exception | None) -> None:
            guard.forget(self)
            self._deadline(None)
            super().connection_lost(exc)

        def _header_bytes(self, data: bytes) -> bool:
            """Count bytes of a request's headers; False when too many (closed)."""
            if self.guard_header_bytes is not None:
                self.guard_header_bytes += len(data)
                if self.guard_header_bytes > limits.header_bytes:
                    self._close("request headers too long")
                    return False
            return True

        def _begun(self) -> None:
            self.guard_header_bytes = 0
            if self.guard_timer is None:  # (the first request's runs from the connection)
                self._deadline(limits.header_seconds, "too slow to send its request")

        def _headers_done(self) -> None:
            self.guard_header_bytes = None
            guard.busy(self)
            self._deadline(limits.body_seconds, "too slow to send its form")

        def _answered(self) -> None:
            guard.waiting(self)

        def _deadline(self, seconds: float | None, why: str = "") -> None:
            if self.guard_timer is not None:
                self.guard_timer.cancel()
            self.guard_timer = (None if seconds is None
                                else self.loop.call_later(seconds, self._close, why))

        def _close(self, why: str) -> None:
            self.guard_timer = None
            if not self.transport.is_closing():
                address = getattr(self, "guard_address", None) or "?"
                guard.forget(self)
                guard.dropped(address, why)
                self.transport.abort()

    if parser == "httptools":
        from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

        class GuardedHttpTools(Guarded, HttpToolsProtocol):
            def data_received(self, data: bytes) -> None:
                if self._header_bytes(data):
                    super().data_received(data)

            def on_message_begin(self) -> None:
                super().on_message_begin()
                self._begun()

            def on_headers_complete(self) -> None:
                super().on_headers_complete()
                self._headers_done()

            def on_message_complete(self) -> None:
                super().on_message_complete()
                self._deadline(None)

            def on_response_complete(self) -> None:
                super().on_response_complete()
                self._answered()

        return GuardedHttpTools

    from uvicorn.protocols.http.h11_impl import H11Protocol

    class GuardedH11(Guarded, H11Protocol):
        """h11 has no per-event hooks: the turns are read off its request cycle around each
        piece of data (a new cycle: headers complete; `more_body` off: the body is in)."""

        def data_received(self, data: bytes) -> None:
            before = self.cycle
            between = before is None or before.response_complete
            if between and self.guard_header_bytes is None:
                self._begun()
            if between and not self._header_bytes(data):
                return
            super().data_received(data)
            cycle = self.cycle
            if cycle is not None and cycle is not before:
                self._headers_done()
            if cycle is not None and self.guard_header_bytes is None and not cycle.more_body:
                self._deadline(None)

        def on_response_complete(self) -> None:
            super().on_response_complete()
            self._answered()

    return GuardedH11


class Summarised(logging.Filter):
    """A few records of a kind (logger and message) a minute pass; the rest are counted, and
    the next that passes says how many were left out. A flood of connections that each make
    the server warn ("Invalid HTTP request received.", an exhausted accept) makes a few lines
    a minute, not hundreds of megabytes a day."""

    def __init__(self, most: int = 5, seconds: float = SUMMARY_SECONDS,
                 clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__()
        self.most, self.seconds, self.clock = most, seconds, clock
        self._seen: dict[tuple[str, str], tuple[float, int, int]] = {}
        self._lock = threading.Lock()

    def filter(self, record: logging.LogRecord) -> bool:
        key = (record.name, str(record.msg))
        now = self.clock()
        with self._lock:
            if len(self._seen) > 1000:  # (messages are few; never grow for ever)
                self._seen.clear()
            start, passed, left_out = self._seen.get(key, (now, 0, 0))
            if now - start >= self.seconds:
                start, passed = now, 0
            if passed >= self.most:
                self._seen[key] = (start, passed, left_out + 1)
                return False
            self._seen[key] = (start, passed + 1, 0)
        if left_out:
            record.msg = f"{record.msg} ({left_out} more like this left out)"
        return True


def log_config() -> dict[str, Any]:
    """uvicorn's logging, every line through `Summarised`, asyncio's and ours beside its
    own."""
    from uvicorn.config import LOGGING_CONFIG

    config = copy.deepcopy(LOGGING_CONFIG)
    config["filters"] = {"summarised": {"()": Summarised}}
    # rochade's own lines say "rochade: ..." to the TD, as they are (no "WARNING:" before)
    config["formatters"]["plain"] = {"format": "%(message)s"}
    config["handlers"]["plain"] = {**config["handlers"]["default"], "formatter": "plain"}
    for handler in config["handlers"].values():
        handler["filters"] = ["summarised"]
    config["loggers"]["asyncio"] = {"handlers": ["default"], "level": "WARNING",
                                    "propagate": False}
    config["loggers"]["rochade"] = {"handlers": ["plain"], "level": "WARNING",
                                    "propagate": False}
    return config


def options(guard: Guard, parser: str | None = None) -> dict[str, Any]:
    """What `uvicorn.run` takes, beside the app, host and port, to serve under `guard`."""
    return {
        "http": protocol(guard, parser),
        "backlog": BACKLOG,
        "timeout_keep_alive": KEEP_ALIVE_SECONDS,
        "log_config": log_config(),
        "log_level": "warning",
        # The app reads X-Forwarded-For itself, and only when told (`behind_proxy`):
        # uvicorn would believe any program on this laptop that sends one.
        "proxy_headers": False,
    }
