"""The TD's PIN of the web app, kept salted and hashed with scrypt in the club file, never in
clear. `rochade serve` and the demo set it, the start page and the login check it; the web
app's sessions (`rochade.web.security`) mix its hash into their key, so a new PIN logs every
device out."""

from __future__ import annotations

import hashlib
import hmac
import secrets
from pathlib import Path

from rochade.service.file_settings import read_setting, write_setting

PIN_KEY = "web.td_pin"
REVOKED_KEY = "web.revoked_sessions"
"""The web app's logged-out sessions: a new PIN clears the list, as no earlier session
verifies any more."""
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
