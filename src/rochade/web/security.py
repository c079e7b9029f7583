"""The TD's PIN, signed cookies and CSRF tokens.

The PIN is kept salted and hashed with scrypt in the club file, never in clear. A session is
a signed cookie (HMAC-SHA256 with a random key kept in the club file), so a restart of the
server does not log the TD out and no session table is needed. Every form carries a CSRF
token that is bound to the visitor's signed cookie, so another site cannot post in the TD's
name (SameSite=Strict cookies add a second fence).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from rochade.service.club_settings import read_setting, write_setting

PIN_KEY = "web.td_pin"
SECRET_KEY = "web.secret"
SESSION_SECONDS = 12 * 3600
"""A club evening and then some: the TD logs in once per evening."""
MIN_PIN_LENGTH = 4

_SCRYPT = {"n": 2**14, "r": 8, "p": 1}


class PinError(ValueError):
    """A PIN the TD cannot use (too short)."""


def hash_pin(pin: str, salt: bytes | None = None) -> str:
    """`scrypt$<salt hex>$<hash hex>` for a PIN or password."""
    salt = salt if salt is not None else secrets.token_bytes(16)
    digest = hashlib.scrypt(pin.encode("utf-8"), salt=salt, dklen=32, **_SCRYPT)
    return f"scrypt${salt.hex()}${digest.hex()}"


def verify_pin(pin: str, stored: str) -> bool:
    try:
        scheme, salt_hex, _ = stored.split("$")
        salt = bytes.fromhex(salt_hex)
    except ValueError:
        return False
    return scheme == "scrypt" and hmac.compare_digest(hash_pin(pin, salt), stored)


def pin_matches(path: Path, pin: str) -> bool:
    """Whether `pin` is the club file's TD PIN. For a worker thread: scrypt takes tens of
    milliseconds on purpose, and on the event loop every phone's page would wait for each
    login attempt."""
    stored = read_setting(path, PIN_KEY)
    return stored is not None and verify_pin(pin, stored)


def set_pin(path: Path, pin: str) -> None:
    """Store the TD PIN (hashed) in the club file."""
    if len(pin.strip()) < MIN_PIN_LENGTH:
        raise PinError(f"the PIN needs at least {MIN_PIN_LENGTH} characters")
    write_setting(path, PIN_KEY, hash_pin(pin.strip()))


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
        if not hmac.compare_digest(mac, self._mac(body.encode())):
            return None
        try:
            value = json.loads(base64.urlsafe_b64decode(body.encode()))
        except ValueError:
            return None
        return value if isinstance(value, dict) else None

    def _mac(self, body: bytes) -> str:
        return hmac.new(self.key, body, hashlib.sha256).hexdigest()

    def csrf_token(self, visitor: str) -> str:
        """The token every form of this visitor must send back."""
        return hmac.new(self.key, b"csrf:" + visitor.encode(), hashlib.sha256).hexdigest()

    def check_csrf(self, visitor: str, token: str | None) -> bool:
        return bool(token) and hmac.compare_digest(self.csrf_token(visitor), str(token))


@dataclass
class LoginThrottle:
    """Slows down PIN guessing: after `limit` failures from one address, a pause."""

    limit: int = 5
    pause: float = 60.0
    clock: Callable[[], float] = time.monotonic
    _failures: dict[str, list[float]] = field(default_factory=dict)

    def blocked(self, address: str) -> bool:
        recent = [t for t in self._failures.get(address, []) if self.clock() - t < self.pause]
        self._failures[address] = recent
        return len(recent) >= self.limit

    def failed(self, address: str) -> None:
        self._failures.setdefault(address, []).append(self.clock())

    def succeeded(self, address: str) -> None:
        self._failures.pop(address, None)
