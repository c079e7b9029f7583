"""The login's throttle, signed cookies, sessions and CSRF tokens.

The PIN is kept salted and hashed in the club file (`rochade.service.pin`). A session is
a signed cookie (HMAC-SHA256 with a random key kept in the club file, mixed with the PIN's
hash), so a restart of the server does not log the TD out, and a new PIN logs every device
out. Logging out revokes the session: its id goes on a list in the club file, so a copy of
the cookie is refused afterwards, also after a restart. Every form carries a CSRF token bound
to the visitor's cookie and the session, so another site cannot post in the TD's name
(SameSite=Strict cookies and the Origin check add two more fences).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import math
import secrets
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from rochade.service.file_settings import read_setting, update_setting, write_setting
from rochade.service.pin import PIN_KEY, REVOKED_KEY

SECRET_KEY = "web.secret"
SESSION_SECONDS = 12 * 3600
"""A club evening and then some: the TD logs in once per evening."""


def signing_key(path: Path) -> bytes:
    """The club file's cookie-signing key, made on first use."""
    stored = read_setting(path, SECRET_KEY)
    if stored is None:
        stored = secrets.token_hex(32)
        write_setting(path, SECRET_KEY, stored)
    return bytes.fromhex(stored)


def session_key(path: Path, signing: bytes | None = None) -> bytes:
    """The key of the TD's session cookies: the signing key (`signing`, when the caller read
    it already) mixed with the PIN's salted hash, so that a new PIN (a fresh salt too) makes
    every earlier session cookie invalid."""
    pin = read_setting(path, PIN_KEY) or ""
    key = signing_key(path) if signing is None else signing
    return hmac.new(key, b"session:" + pin.encode(), hashlib.sha256).digest()


def revoked_from(stored: str | None) -> dict[str, float]:
    """The logged-out sessions not yet expired (id -> expiry, Unix time) of the stored list."""
    try:
        revoked = json.loads(stored or "{}")
    except ValueError:
        return {}
    now = time.time()
    if not isinstance(revoked, dict):
        return {}
    return {
        str(sid): float(exp)
        for sid, exp in revoked.items()
        if isinstance(exp, int | float) and exp > now
    }


def revoked_sessions(path: Path) -> dict[str, float]:
    """The club file's logged-out sessions not yet expired: id -> expiry (Unix time)."""
    return revoked_from(read_setting(path, REVOKED_KEY))


def revoke_session(path: Path, sid: str, expires: float) -> dict[str, float]:
    """Put a session on the club file's list of logged-out ones (pruned of expired ones), in
    one transaction: a server logging out at the same time loses no session. Returns the list.
    StoreError when the file cannot be written (a full disk)."""

    def add(stored: str | None) -> str:
        revoked = revoked_from(stored)
        revoked[sid] = expires
        return json.dumps(revoked, separators=(",", ":"))

    return revoked_from(update_setting(path, REVOKED_KEY, add))


@dataclass
class Signer:
    """Signs and reads small JSON cookie values."""

    key: bytes

    def dumps(self, value: dict[str, object]) -> str:
        body = base64.urlsafe_b64encode(json.dumps(value, separators=(",", ":")).encode())
        return f"{body.decode()}.{self._mac(body)}"

    def loads(self, text: str | None) -> dict[str, object] | None:
        if not text or "." not in text:
            return None
        body, mac = text.rsplit(".", 1)
        if not same(mac, self._mac(body.encode())):
            return None
        try:
            value = json.loads(base64.urlsafe_b64decode(body.encode()))
        except ValueError:
            return None
        return value if isinstance(value, dict) else None

    def _mac(self, body: bytes) -> str:
        return hmac.new(self.key, body, hashlib.sha256).hexdigest()

    def csrf_token(self, visitor: str, session: str = "") -> str:
        """The token every form of this visitor must send back; a new one with each login
        (`session`: the session's id), so a token seen before the login is worth nothing."""
        message = f"csrf:{visitor}:{session}".encode()
        return hmac.new(self.key, message, hashlib.sha256).hexdigest()

    def check_csrf(self, visitor: str, token: str | None, session: str = "") -> bool:
        return bool(token) and same(str(token), self.csrf_token(visitor, session))


def same(sent: str, expected: str) -> bool:
    """Whether a value a visitor sent is the expected (ASCII) one, in constant time. Anything
    sent is simply unequal: `hmac.compare_digest` refuses strings with other characters
    (a TypeError, a 500 for every post with such a token)."""
    return hmac.compare_digest(sent.encode("utf-8", "surrogatepass"), expected.encode())


@dataclass
class _Tries:
    """The PIN attempts of one client (or of all): failures, attempts under way, and the
    time before which no new attempt starts."""

    failures: int = 0
    pending: int = 0
    not_before: float = 0.0
    last: float = -math.inf


@dataclass(frozen=True)
class Limit:
    """`free` failures, then one attempt at a time, each after a delay that doubles from
    `first` up to `most` seconds; `forget` quiet seconds start afresh."""

    free: int
    most: float
    first: float = 1.0
    forget: float = 24 * 3600.0

    def delay(self, failures: int) -> float:
        if failures < self.free:
            return 0.0
        return min(self.first * 2.0 ** min(failures - self.free, 64), self.most)


PER_CLIENT = Limit(free=5, most=15 * 60.0)
SHARED = Limit(free=20, most=120.0)
"""Every client but the laptop itself together: a room of devices (or one device changing
its address) gets no more tries than this."""
LOOPBACK = Limit(free=5, most=2.0)
"""The TD on the laptop itself waits two seconds at most between tries, whatever the room
does: never locked out."""


@dataclass
class LoginThrottle:
    """Slows down PIN guessing. An attempt is reserved before the PIN is checked (`reserve`),
    so guesses sent at once count as much as guesses sent one by one: at most `free` checks
    run before the first delay, then one at a time."""

    per_client: Limit = PER_CLIENT
    shared: Limit = SHARED
    loopback: Limit = LOOPBACK
    clock: Callable[[], float] = time.monotonic
    _tries: dict[str, _Tries] = field(default_factory=dict)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def _buckets(self, address: str, local: bool) -> list[tuple[_Tries, Limit]]:
        now = self.clock()
        out = []
        keys = [(self._key(address, local), self.loopback if local else self.per_client)]
        if not local:
            keys.append(("shared", self.shared))
        for key, limit in keys:
            tries = self._tries.get(key)
            if tries is None or (not tries.pending and now - tries.last > limit.forget):
                tries = self._tries[key] = _Tries()
            out.append((tries, limit))
        return out

    @staticmethod
    def _key(address: str, local: bool) -> str:
        return f"local:{address}" if local else f"client:{address}"

    def reserve(self, address: str, local: bool = False) -> float:
        """0 when the attempt may go ahead (it is counted now: call `failed` or `succeeded`
        after the check), else the seconds to wait before the next try."""
        with self._lock:
            now = self.clock()
            buckets = self._buckets(address, local)
            wait = 0.0
            for tries, limit in buckets:
                if tries.failures + tries.pending >= limit.free and tries.pending:
                    wait = max(wait, limit.delay(tries.failures + tries.pending))
                wait = max(wait, tries.not_before - now)
            if wait > 0:
                mine = self._key(address, local)
                if not self._tries[mine].failures and not self._tries[mine].pending:
                    del self._tries[mine]  # a refused try leaves nothing: no growth per address
                return wait
            for tries, _ in buckets:
                tries.pending += 1
                tries.last = now
            return 0.0

    def failed(self, address: str, local: bool = False) -> None:
        with self._lock:
            now = self.clock()
            for tries, limit in self._buckets(address, local):
                tries.pending = max(0, tries.pending - 1)
                tries.failures += 1
                tries.last = now
                tries.not_before = max(tries.not_before, now + limit.delay(tries.failures))

    def succeeded(self, address: str, local: bool = False) -> None:
        """The right PIN: this client starts afresh (the shared count stays: one right PIN
        among many guesses does not make the room trustworthy)."""
        with self._lock:
            buckets = self._buckets(address, local)
            for tries, _ in buckets:
                tries.pending = max(0, tries.pending - 1)
            self._tries.pop(self._key(address, local), None)


@dataclass
class RateLimit:
    """At most `most` requests per client in any `seconds`: the players' phones' posts
    (a check-in, a report, a wrong code), so that a phone cannot try codes or flood the log."""

    most: int
    seconds: float = 60.0
    clock: Callable[[], float] = time.monotonic
    _seen: dict[str, list[float]] = field(default_factory=dict)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def allow(self, client: str) -> bool:
        """Count this request; False when the client has had its `most` already."""
        with self._lock:
            now = self.clock()
            if len(self._seen) > 10_000:  # forget idle clients rather than grow for ever
                self._seen = {k: v for k, v in self._seen.items() if v[-1] > now - self.seconds}
            recent = [t for t in self._seen.get(client, []) if t > now - self.seconds]
            if len(recent) >= self.most:
                self._seen[client] = recent
                return False
            self._seen[client] = [*recent, now]
            return True
