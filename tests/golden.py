"""Golden files under tests/data, compared byte for byte (UTF-8, line ends as they are)."""

from __future__ import annotations

import os
from pathlib import Path

DATA = Path(__file__).resolve().parent / "data"


def check_golden(folder: str, name: str, text: str) -> None:
    """`text` must equal tests/data/<folder>/<name>; ROCHADE_REGEN_GOLDEN=1 rewrites the file
    instead (then review the diff!)."""
    path = DATA / folder / name
    if os.environ.get("ROCHADE_REGEN_GOLDEN"):
        path.write_bytes(text.encode("utf-8"))
    assert text == path.read_bytes().decode("utf-8")
