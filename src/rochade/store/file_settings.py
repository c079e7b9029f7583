"""Club-file settings that are not tournament facts: the web app's TD PIN hash and its key.

They live in the `settings` table (schema version 4): an undo never touches it, and the action
log does not list it (changing the PIN is not a club decision).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from rochade.store.club import Club


def read_setting(path: Path, key: str) -> str | None:
    """The setting's value, or None when it was never written."""
    with Club.open(path) as club:
        return club.setting(key)


def write_setting(path: Path, key: str, value: str) -> None:
    """Create or replace a setting, in its own transaction."""
    with Club.open(path) as club:
        club.set_setting(key, value)


def update_setting(path: Path, key: str, change: Callable[[str | None], str]) -> str:
    """Replace a setting by `change(its value)` in one transaction; returns the new value."""
    with Club.open(path) as club:
        return club.update_setting(key, change)
