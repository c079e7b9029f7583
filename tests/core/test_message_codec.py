"""The codec of log lines: whatever a message holds, `message_data` writes what
`message_from_data` reads back (the same data again, an equal message for every kind it
keeps), and data it cannot have written is refused naming the place."""

from __future__ import annotations

import enum
import json
from datetime import date, datetime
from decimal import Decimal
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rochade.core.messages import (
    TAGGED,
    Exact,
    Message,
    Said,
    UnreadableData,
    message_data,
    message_from_data,
)


class Colour(enum.StrEnum):
    WHITE = "white"


class Number(enum.IntEnum):
    ONE = 1



def messages_of(values: st.SearchStrategy[object]) -> st.SearchStrategy[Message]:
    return st.builds(lambda held: Message(" ".join(f"{{{k}}}" for k in held), held),
                     st.dictionaries(names, values, max_size=4))


names = st.from_regex(r"[a-z]{1,6}", fullmatch=True)
fractions = st.fractions(max_denominator=10**40)
KEPT = {  # every kind of value the codec keeps as itself
    "message": st.deferred(lambda: messages_of(kept)),
    "exact": fractions.map(Exact),
    "fraction": fractions,
    "date": st.dates(),
    "bool": st.booleans(),
    "int": st.integers(),
    "text": st.text(st.characters(exclude_categories=["Cs"])),
}
kept = st.recursive(st.one_of(*KEPT.values()),
                    lambda inner: st.lists(inner, max_size=3).map(tuple), max_leaves=8)
SHOWN = st.one_of(  # values a message may hold that the log keeps as their English text
    st.datetimes(), st.decimals(allow_nan=False), st.floats(allow_nan=False), st.none(),
    st.just(Path("club.rochade")), st.just(Colour.WHITE), st.just(Number.ONE),
    st.builds(Said, st.just("line {n}"), n=st.integers()),
)
scalars = st.one_of(*(kind for name, kind in KEPT.items() if name != "message"))
messages = messages_of(st.one_of(kept, SHOWN, st.lists(scalars, max_size=3),  # read as tuples
                                 st.deferred(lambda: messages)))


def test_every_tagged_kind_is_drawn() -> None:
    assert {kind.tag for kind in TAGGED} <= KEPT.keys()


@given(messages)
def test_what_is_written_reads_back_and_writes_the_same_again(message: Message) -> None:
    data = json.loads(json.dumps(message_data(message), ensure_ascii=False))
    again = message_from_data(data)
    assert message_data(again) == data
    assert str(again) == str(message)


@given(messages_of(kept))
def test_kept_values_come_back_equal_and_of_their_kind(message: Message) -> None:
    again = message_from_data(json.loads(json.dumps(message_data(message))))
    assert again == message
    for key, value in message.values.items():
        assert type(again.values[key]) is type(value)


def test_a_dated_line_inside_a_tournaments_line_reads_back() -> None:
    """The user's case: `round-date` logs a date inside the tournament's line."""
    line = Message("{tournament}: {change}", {"tournament": "Winter", "change": Message(
        "round {round} on {date}", {"round": 1, "date": date(2026, 12, 8)})})
    data = message_data(line)
    assert data["values"]["change"]["values"]["date"] == {"date": "2026-12-08"}
    assert message_from_data(data) == line


@pytest.mark.parametrize(
    ("data", "where", "expected"),
    [
        ({"template": "x"}, "", "a message (its template and values)"),
        ({"template": "{d}", "values": {"d": {"date": "08.12.2026"}}}, ".values.d",
         "a date such as 2026-12-08"),
        ({"template": "{d}", "values": {"d": {"date": "2026-02-30"}}}, ".values.d",
         "a date such as 2026-12-08"),
        ({"template": "{f}", "values": {"f": {"exact": "1/0"}}}, ".values.f",
         "a fraction such as 7/3"),
        ({"template": "{f}", "values": {"f": [1, {"fraction": 0.5}]}}, ".values.f[1]",
         "a fraction such as 7/3"),
        ({"template": "{c}", "values": {"c": {"template": "{n}", "values": {"n": None}}}},
         ".values.c.values.n", "text, a whole number, true or false, a list or a message"),
        ({"template": "{c}", "values": {"c": {"when": "2026-12-08"}}}, ".values.c",
         "a message (its template and values)"),
        ({"template": "{a}", "values": {"b": 1}}, "", "a template that fits its values"),
    ],
)
def test_data_it_cannot_have_written_is_refused_naming_the_place(
    data: object, where: str, expected: str
) -> None:
    with pytest.raises(UnreadableData) as refused:
        message_from_data(data)
    assert (refused.value.where, str(refused.value.expected)) == (where, expected)


def test_a_time_is_kept_as_its_text_not_as_a_date() -> None:
    at = datetime(2026, 12, 8, 19, 30)
    data = message_data(Message("{at} {d}", {"at": at, "d": Decimal("338.00")}))
    assert data["values"] == {"at": "2026-12-08 19:30:00", "d": "338.00"}
