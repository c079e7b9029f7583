"""The TD's PIN, its throttle, signed cookies, sessions and CSRF tokens.

The PIN is kept salted and hashed with scrypt in the club file, never in clear. A session is
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

PIN_KEY = "web.td_pin"
SECRET_KEY = "web.secret"
REVOKED_KEY = "web.revoked_sessions"
SESSION_SECONDS = 12 * 3600
"""A club evening and then some: the TD logs in once per evening."""
MIN_PIN_LENGTH = 6
"""With the throttle's shared limit, guessing six digits takes years (docs/web.md)."""

PIN_COST = {"n": 2**14, "r": 8, "p": 1}
"""scrypt's cost for a new PIN hash: tens of milliseconds and 16 MiB per check, on purpose.
Each hash stores the cost it was made with and is checked under that cost, so a later change
of the cost leaves the PINs already set working."""
_UNMARKED_COST = {"n": 2**14, "r": 8, "p": 1}
"""The cost of the hashes stored before the cost was stored with them (`scrypt$<salt>$<hash>`)."""


class PinError(ValueError):
    """A PIN the TD cannot use (too short)."""


def hash_pin(pin: str, salt: bytes | None = None) -> str:
    """`scrypt$<n>$<r>$<p>$<salt hex>$<hash hex>` for a PIN or password (`PIN_COST`)."""
    salt = salt if salt is not None else secrets.token_bytes(16)
    cost = PIN_COST
    digest = scrypt(pin, salt, cost)
    return f"scrypt${cost['n']}${cost['r']}${cost['p']}${salt.hex()}${digest.hex()}"


def verify_pin(pin: str, stored: str) -> bool:
    """Whether `pin` is the one `stored` was made of, under the cost stored with it."""
    scheme, *fields = stored.split("$")
    if scheme != "scrypt" or len(fields) not in (2, 5):
        return False
    *cost, salt_hex, digest_hex = fields
    try:
        params = dict(zip("nrp", map(int, cost), strict=True)) if cost else _UNMARKED_COST
        digest = scrypt(pin, bytes.fromhex(salt_hex), params)
        return hmac.compare_digest(digest, bytes.fromhex(digest_hex))
    except (ValueError, TypeError):  # not hex, not numbers, a cost scrypt refuses
        return False


def scrypt(pin: str, salt: bytes, cost: dict[str, int]) -> bytes:
    """The PIN's 32-byte scrypt hash (every PIN check is one)."""
    return hashlib.scrypt(pin.encode("utf-8"), salt=salt, dklen=32, **cost)


def pin_matches(path: Path, pin: str) -> bool:
    """Whether `pin` is the club file's TD PIN. For a worker thread: scrypt takes tens of
    milliseconds on purpose, and on the event loop every phone's page would wait for each
    login attempt."""
    stored = read_setting(path, PIN_KEY)
    return stored is not None and verify_pin(pin, stored)


def set_pin(path: Path, pin: str) -> None:
    """Store the TD PIN (hashed) in the club file. Another PIN than the stored one logs every
    device out (the sessions' key mixes in the PIN's hash); the same PIN again changes nothing,
    so `serve --pin` with the evening's PIN keeps the TD logged in."""
    pin = checked_pin(pin)
    if not pin_matches(path, pin):
        write_setting(path, PIN_KEY, hash_pin(pin))
        write_setting(path, REVOKED_KEY, "{}")  # the old sessions no longer verify at all


def checked_pin(pin: str) -> str:
    """The PIN as it is stored (without the spaces around it); refuses one too short."""
    pin = pin.strip()
    if len(pin) < MIN_PIN_LENGTH:
        raise PinError(f"the PIN needs at least {MIN_PIN_LENGTH} characters")
    return pin


def has_pin(path: Path) -> bool:
    return read_setting(path, PIN_KEY) is not None


def new_pin() -> str:
    """A random six-digit PIN (for the demo, or a first start without a terminal)."""
    return f"{secrets.randbelow(10**6):06d}"


def signing_key(path: Path) -> bytes:
    """The club file's cookie-signing key, made on first use."""
    stored = read_setting(path, SECRET_KEY)
    if stored is None:
        stored = secrets.token_hex(32)
        write_setting(path, SECRET_KEY, stored)
    return bytes.fromhex(stored)


def session_key(path: Path) -> bytes:
    """The key of the TD's session cookies: the signing key mixed with the PIN's salted hash,
    so that a new PIN (a fresh salt too) makes every earlier session cookie invalid."""
    pin = read_setting(path, PIN_KEY) or ""
    return hmac.new(signing_key(path), b"session:" + pin.encode(), hashlib.sha256).digest()


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
