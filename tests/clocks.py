"""A clock for tests: it advances one minute per reading, so log times are distinct and known."""

from __future__ import annotations

import fcntl
import os
import tempfile
import weakref
from datetime import UTC, datetime, timedelta

CLUB_EVENING = datetime(2026, 9, 3, 19, 30, tzinfo=UTC)


class TickingClock:
    def __init__(self, start: datetime = CLUB_EVENING) -> None:
        self.now = start

    def __call__(self) -> datetime:
        self.now += timedelta(minutes=1)
        return self.now


class SharedTickingClock:
    """A `TickingClock` that a rendering process reads too (`rochade.web.renderer`): the
    minutes read so far are counted in a file, so the server and its process tick as one."""

    def __init__(self, start: datetime = CLUB_EVENING) -> None:
        self.start = start
        fd, name = tempfile.mkstemp(prefix="clock-")
        os.write(fd, bytes(8))
        os.close(fd)
        self.path = name
        weakref.finalize(self, os.unlink, name)  # (the copies a process unpickles own none)

    def __call__(self) -> datetime:
        with open(self.path, "r+b") as f:
            fcntl.flock(f, fcntl.LOCK_EX)
            minutes = int.from_bytes(f.read(8), "little") + 1
            f.seek(0)
            f.write(minutes.to_bytes(8, "little"))
        return self.start + timedelta(minutes=minutes)
