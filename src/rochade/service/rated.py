"""Rated events: the tournament's own data (city, dates, arbiters ...) kept with it, and the
check before a rating report is sent (issue 14).

The event data live in the tournament's `extras` row of kind `event` (JSON), so a change is
undone like any other fact and the backup carries it."""

from __future__ import annotations

import json

from rochade.core.fide import EVENT_KEYS, EventData
from rochade.core.model import ModelError

EVENT = "event"
"""The kind of the tournament's extras row holding its `EventData`."""


def event_to_json(event: EventData) -> str:
    """Only the fields known, as the TD typed them."""
    return json.dumps({key: event.text(key) for key in EVENT_KEYS if event.text(key)},
                      ensure_ascii=False, sort_keys=True)


def event_from_json(text: str | None) -> EventData:
    """The stored data, checked again (a club file may have been edited by hand)."""
    event = EventData()
    if text is None:
        return event
    data = json.loads(text)
    if not isinstance(data, dict):
        raise ModelError("the tournament's event data are damaged")
    for key, value in data.items():
        if key in EVENT_KEYS and isinstance(value, str):
            event = event.changed(key, value)
    return event


__all__ = ["EVENT", "event_from_json", "event_to_json"]
