"""Rated events: the tournament's own data (city, dates, arbiters ...) kept with it, and the
check before a rating report is sent.

The event data live in the tournament's `extras` row of kind `event` (JSON), so a change is
undone like any other fact and the backup carries it."""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import date

from rochade.core.fide import EVENT_KEYS, UNKNOWN, EventData, PlayerDetails
from rochade.core.messages import N_, Message
from rochade.core.model import ModelError, PlayerId, Tournament
from rochade.core.systems import system_holding
from rochade.service.players import labels

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


_FROM_FILE = {"022": "city", "032": "federation", "042": "start_date", "052": "end_date",
              "092": "type", "102": "chief_arbiter", "112": "deputy_arbiters",
              "122": "time_control"}
"""The TRF header records an imported file's event data come from."""


def event_of_file(lines: Iterable[tuple[int, str]], event: EventData) -> EventData:
    """`event` with what an imported TRF file's header says where the TD set nothing; a
    value rochade cannot take (a date written otherwise) is left out, so the check asks
    for it."""
    from rochade.formats.trf_tournament import ORGANIZER  # the TRF engine only when asked

    found: dict[str, list[str]] = {}
    for _, line in lines:
        key = _FROM_FILE.get(line[:3])
        if key is not None and line[4:].strip():
            found.setdefault(key, []).append(line[4:].strip())
        elif line.startswith(ORGANIZER) and line[len(ORGANIZER):].strip():
            found["organizer"] = [line[len(ORGANIZER):].strip()]
        elif line[:3] == "132":
            rounds = range((len(line) - 84) // 10)
            dates = [line[91 + 10 * r: 99 + 10 * r].strip() for r in rounds]
            found["round_dates"] = [f"20{d}" for d in dates if d]
    for key, values in found.items():
        if event.text(key):
            continue
        try:
            event = event.changed(key, ",".join(values))
        except ModelError:
            continue
    return event


def event_year(event: EventData) -> int | None:
    """The year the event is played in (for a junior's K-factor): its start date's, else its
    first round's; None when neither is known."""
    day = event.start_date or next(iter(event.round_dates), "")
    return int(day[:4]) if day else None


@dataclass(frozen=True)
class ReportCheck:
    """What stops a rating report (`problems`: a rating officer sends it back) and what
    may (`warnings`: FIDE asks for it, the federation may cope without)."""

    problems: tuple[Message, ...]
    warnings: tuple[Message, ...]


_NEEDED = (
    ("city", N_("the city")), ("federation", N_("the federation")),
    ("start_date", N_("the start date")), ("end_date", N_("the end date")),
    ("chief_arbiter", N_("the chief arbiter")),
)


def check_report(t: Tournament, event: EventData, details: Mapping[PlayerId, PlayerDetails]
                 ) -> ReportCheck:
    """The pre-submission check: TRF's mandatory records (TRF26: 042, 052 and 132 too),
    FIDE's rules for the players, and a finished event."""
    from rochade.formats.trf_tournament import ID_WIDTH  # the TRF engine only when asked

    problems = [
        Message(N_("{what} is missing (rochade tournament set {key}=...)"),
                {"what": Message(what), "key": key})
        for key, what in _NEEDED if not getattr(event, key)
    ]
    if event.start_date and event.end_date and event.end_date < event.start_date:
        problems.append(Message(N_("the end date {end} is before the start date {start}"),
                                {"end": date.fromisoformat(event.end_date),  # checked
                                 "start": date.fromisoformat(event.start_date)}))
    problems += _round_dates_outside(event)
    if len(event.round_dates) < len(t.rounds):
        problems.append(Message(
            N_("round dates: {dates} given for {rounds} round(s) played (rochade tournament "
               "set round_dates=YYYY-MM-DD,...)"),
            {"rounds": len(t.rounds), "dates": len(event.round_dates)}))
    pending = [rnd.number for rnd in t.rounds if any(g.result is None for g in rnd.games)]
    if pending:
        problems.append(Message(N_("games without a result in round(s) {rounds}"),
                                {"rounds": ", ".join(map(str, pending))}))
    adjourned = t.adjourned_rounds()
    if adjourned:
        problems.append(Message(N_("adjourned or postponed games (?) in round(s) {rounds}: "
                                   "enter their results first"),
                                {"rounds": ", ".join(map(str, adjourned))}))
    planned = system_holding(t.settings).planned_rounds(t.settings)
    if planned is not None and len(t.rounds) < planned:
        problems.append(Message(N_("only {played} of {rounds} rounds are played"),
                                {"played": len(t.rounds), "rounds": planned}))
    named = labels(t)
    problems += [Message(N_("{player} is rated but has no FIDE id (rochade player set)"),
                         {"player": named[e.id]})
                 for e in t.entrants if e.fide_rating and not e.fide_id]
    by_id: dict[int, list[str]] = {}
    for e in t.entrants:
        if e.fide_id:
            by_id.setdefault(e.fide_id, []).append(named[e.id])
    problems += [Message(N_("{players} have the same FIDE id {id}"),
                         {"players": tuple(names), "id": fide_id})
                 for fide_id, names in by_id.items() if len(names) > 1]
    warnings = []
    for e in t.entrants:
        known = details.get(e.id, UNKNOWN)
        missing = [Message(what) for what, value in (
            (N_("birth date"), known.birth), (N_("sex"), known.sex)) if not value]
        if not e.fide_rating and missing:
            warnings.append(Message(
                N_("{player} is unrated and has no {missing}: FIDE needs them for new players"),
                {"player": named[e.id], "missing": tuple(missing)}))
    warnings += [Message(N_("the national id of {player} is longer than TRF's {width} "
                            "characters: the report has no national record for them"),
                         {"player": named[e.id], "width": ID_WIDTH})
                 for e in t.entrants if len(details.get(e.id, UNKNOWN).national_id) > ID_WIDTH]
    return ReportCheck(tuple(problems), tuple(warnings))


def _round_dates_outside(event: EventData) -> list[Message]:
    """Round dates before the start date, after the end date, or earlier than the round
    before: each a typing slip that FIDE's rating officers send back."""
    days = [_day(text) for text in event.round_dates]
    start, end = _day(event.start_date), _day(event.end_date)
    problems = []
    latest = None
    for number, day in enumerate(days, start=1):
        if day is None:
            continue
        if start and end and not start <= day <= end:
            problems.append(Message(
                N_("round {round} is dated {date}, outside the event's dates ({start} to {end})"),
                {"round": number, "date": day, "start": start, "end": end}))
        elif latest and day < latest:
            problems.append(Message(N_("round {round} is dated {date}, before the round before it"),
                                    {"round": number, "date": day}))
        latest = max(latest or day, day)
    return problems


def _day(text: str) -> date | None:
    """A whole date (the event's data also take a year alone, which has no day to compare)."""
    return date.fromisoformat(text) if len(text) == len("YYYY-MM-DD") else None


__all__ = ["EVENT", "ReportCheck", "check_report", "event_from_json", "event_of_file",
           "event_to_json", "event_year"]
