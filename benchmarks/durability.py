"""What durability costs: a result entered with synchronous FULL vs NORMAL, and a backup.

Run: .venv/bin/python benchmarks/durability.py [RESULTS]
Numbers depend on the disk's sync speed far more than on the CPU.
"""

from __future__ import annotations

import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path
from unittest import mock

from rochade.service import ClubService
from rochade.store import backup, club


def _season(folder: Path, name: str) -> ClubService:
    service = ClubService.init(folder / name, "bench")
    service.create_tournament("Winter")
    service.import_players(
        "name,rating\n" + "".join(f"Player {i},{2200 - 20 * i}\n" for i in range(30))
    )
    service.pair()
    return service


def _results_per_second(service: ClubService, count: int) -> float:
    with service.session():
        start = time.perf_counter()
        for i in range(count):
            service.enter_result(1, 1 + i % 15, ("1-0", "0-1", "1/2")[i % 3])
        return count / (time.perf_counter() - start)


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for mode in ("FULL", "NORMAL"):
            with mock.patch.object(club, "SYNCHRONOUS", mode):
                service = _season(folder, f"{mode}.rochade")
                rate = _results_per_second(service, count)
            print(f"synchronous {mode:<6}: {rate:7.1f} results/s ({1000 / rate:5.1f} ms each)")
        service = _season(folder, "backup.rochade")
        size = service.path.stat().st_size // 1024
        start = time.perf_counter()
        for _ in range(20):
            backup.take(service.path, "pair", datetime.now(UTC))
        each = (time.perf_counter() - start) / 20 * 1000
        print(f"backup of a {size} KB club file: {each:5.1f} ms each")


if __name__ == "__main__":
    main()
