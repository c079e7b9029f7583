"""What the browser tests share with their fixtures: the TD PIN and the running server."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

PIN = "246813"


@dataclass
class Server:
    url: str
    path: Path
