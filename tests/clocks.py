"""A clock for tests: it advances one minute per reading, so log times are distinct and known."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

CLUB_EVENING = datetime(2026, 9, 3, 19, 30, tzinfo=UTC)


class TickingClock:
    def __init__(self, start: datetime = CLUB_EVENING) -> None:
        self.now = start

    def __call__(self) -> datetime:
        self.now += timedelta(minutes=1)
        return self.now
