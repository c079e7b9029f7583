"""Messages for the TD kept as a template and its values, so each front end can word them.

An error or a checker finding keeps the English template ("there is no round {number}") and
the values apart. `str()` gives the English text, which the CLI prints; the web app looks the
template up in its catalogue (German, Dutch) and formats the values for the page's language.

The convention, for every layer: raise `SomeError("template with {name}", name=value)` with
the template as a *literal* at the raise site (no f-string), because that is where the
catalogue extraction finds it (`rochade.i18n.KEYWORDS` lists the error classes). A value
may itself be a `Message` (a reason inside a sentence), a tuple of names (joined with "and"
per language) or a number. A template without values is used as it is, braces and all, so
an old-style `SomeError(f"...")` still works: it is just not translated.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date
from fractions import Fraction
from typing import Any


@dataclass(frozen=True)
class Message:
    """A template (the catalogue's msgid) and the values for its `{name}` fields."""

    template: str
    values: Mapping[str, object] = field(default_factory=dict)

    def render(self, word: Callable[[str], str], show: Callable[[object], str]) -> str:
        """The text with `word` translating templates and `show` formatting plain values."""
        text = word(self.template)
        if not self.values:
            return text
        shown = {key: show(_words(value, word, show)) for key, value in self.values.items()}
        return text.format(**shown)

    def __str__(self) -> str:
        return self.render(_same, english)


def joined(parts: Sequence[Message], separator: str = "; ") -> Message:
    """Several messages shown as one, each translated on its own."""
    template = separator.join(f"{{m{i}}}" for i in range(len(parts)))
    return Message(template, {f"m{i}": part for i, part in enumerate(parts)})


def N_(template: str) -> str:
    """Marks a template chosen in code (`N_("a") if x else N_("b")`) for the extraction."""
    return template


def english(value: object) -> str:
    """A value in the English text: names joined with "and", fractions as decimals."""
    if isinstance(value, Exact):
        return str(value)
    if isinstance(value, tuple | list):
        words = [str(v) for v in value]
        if len(words) < 2:  # nobody (""), or one name
            return "".join(words)
        return ", ".join(words[:-1]) + " and " + words[-1]
    if isinstance(value, Fraction) and value.denominator != 1:
        return f"{float(value):.2f}"
    return str(value)


def _words(value: object, word: Callable[[str], str], show: Callable[[object], str]) -> object:
    """Messages among the values (alone or in a tuple) rendered, the rest left to `show`."""
    if isinstance(value, Said):
        value = value.msg
    if isinstance(value, Message):
        return value.render(word, show)
    if isinstance(value, tuple):
        return tuple(_words(v, word, show) for v in value)
    return value


def _same(template: str) -> str:
    return template


class Said(str):
    """A line of an engine's explanation: the English text (what the CLI prints, stores and
    compares) that keeps its template and values, so a page can word it in its language.

    Write `Said("template with {name}", name=value)` with the template as a literal, like an
    error (the extraction finds it there); a value may be a `Message` or another `Said`.
    """

    msg: Message

    def __new__(cls, template: str | Message, /, **values: object) -> Said:
        msg = template if isinstance(template, Message) else Message(template, values)
        line = super().__new__(cls, str(msg))
        line.msg = msg
        return line


def line_message(line: str) -> Message:
    """The message of an explanation line: its template if it has one, else its text (an old
    round's line, or one written in English only)."""
    return line.msg if isinstance(line, Said) else Message(line)


def line_data(line: str) -> object:
    """An explanation line as JSON data: its message if it has one, else its text."""
    return message_data(line.msg) if isinstance(line, Said) else str(line)


def line_from_data(data: object) -> str:
    """The line `line_data` wrote (an old club file's lines are plain text)."""
    return Said(message_from_data(data)) if isinstance(data, dict) else str(data)


class Exact(Fraction):
    """A value the English text writes exactly as a TD would (4, 2.5, 1.25, 7/3), so a line
    can be checked by adding up its numbers; a page writes it in its locale's decimals."""

    def __str__(self) -> str:
        for places in range(3):
            if (self * 10**places).denominator == 1:
                return f"{float(self):.{places}f}"
        return f"{self.numerator}/{self.denominator}"


class UnreadableData(ValueError):
    """Data `message_data` cannot have written (a damaged or hand-edited backup): `where` in
    it (".values.date", "" for the message itself) and what was expected there."""

    def __init__(self, where: str, expected: Message) -> None:
        super().__init__(f"{where or 'message'}: expected {expected}")
        self.where = where
        self.expected = expected


@dataclass(frozen=True)
class _Tagged:
    """A kind of value kept as `{tag: text}`: which values it holds, their text, and how the
    text reads back (raising ValueError or ArithmeticError for text it cannot have written)."""

    tag: str
    holds: Callable[[object], bool]
    write: Callable[[Any], str]
    read: Callable[[str], object]
    expected: str  # what the reader says it expected, for an unreadable text


_FRACTION_TEXT = re.compile(r"-?[0-9]+(/[0-9]+)?")  # no bound: Python's own on digits
_DATE_TEXT = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


def _fraction_text(value: Fraction) -> str:
    return str(Fraction(value))


def _read_fraction(kind: type[Fraction]) -> Callable[[str], object]:
    def read(text: str) -> object:
        if not _FRACTION_TEXT.fullmatch(text):
            raise ValueError(text)
        return kind(text)  # 1/0: ZeroDivisionError

    return read


def _read_date(text: str) -> object:
    if not _DATE_TEXT.fullmatch(text):
        raise ValueError(text)
    return date.fromisoformat(text)


TAGGED = (
    _Tagged("exact", lambda v: isinstance(v, Exact), _fraction_text, _read_fraction(Exact),
            N_("a fraction such as 7/3")),
    _Tagged("fraction", lambda v: isinstance(v, Fraction), _fraction_text,
            _read_fraction(Fraction), N_("a fraction such as 7/3")),
    # a date, not a time (a datetime is written as its text), so a page writes it its way
    _Tagged("date", lambda v: type(v) is date, date.isoformat, _read_date,
            N_("a date such as 2026-12-08")),
)
"""The values a message keeps as `{tag: text}`, in the order the writer tries them (an
`Exact` is a `Fraction` too). With a nested message (an object with `template` and
`values`), a list (a tuple's), true/false, a whole number and text, this is every kind of
value `message_data` writes and `message_from_data` reads: one table for both, so the log
never holds a value its own backup cannot restore."""
_BY_TAG = {kind.tag: kind for kind in TAGGED}


def message_data(message: Message) -> dict[str, Any]:
    """A message as JSON data (a log line, an explanation line in the club file): the template
    and its values, messages nested as objects, fractions exact, dates as dates; any other
    value (a path, a time) as its English text, which is what the line shows of it."""

    def value(v: object) -> object:
        if isinstance(v, Said):
            v = v.msg
        if isinstance(v, Message):
            return message_data(v)
        if isinstance(v, tuple | list):
            return [value(x) for x in v]
        for kind in TAGGED:
            if kind.holds(v):
                return {kind.tag: kind.write(v)}
        return v if isinstance(v, bool | int | str) else str(v)  # JSON writes a subclass's value

    values = {k: value(v) for k, v in message.values.items()}
    return {"template": message.template, "values": values}


def message_from_data(data: object, where: str = "") -> Message:
    """The message `message_data` wrote; anything it cannot have written raises
    `UnreadableData` naming the place (`where` is the path so far)."""
    if not (isinstance(data, dict) and set(data) == {"template", "values"}
            and isinstance(data["template"], str) and isinstance(data["values"], dict)):
        raise UnreadableData(where, Message(N_("a message (its template and values)")))
    template, values = data["template"], data["values"]
    read = {key: _value_from_data(v, f"{where}.values.{key}") for key, v in values.items()}
    if read:
        try:
            template.format(**dict.fromkeys(read, ""))
        except (KeyError, IndexError, ValueError):
            raise UnreadableData(where, Message(N_("a template that fits its values"))) from None
    return Message(template, read)


def _value_from_data(data: object, where: str) -> object:
    if isinstance(data, list):
        return tuple(_value_from_data(x, f"{where}[{i}]") for i, x in enumerate(data))
    if isinstance(data, dict) and len(data) == 1 and next(iter(data)) in _BY_TAG:
        ((tag, text),) = data.items()
        kind = _BY_TAG[tag]
        try:
            if isinstance(text, str):
                return kind.read(text)
        except (ValueError, ArithmeticError):
            pass
        raise UnreadableData(where, Message(kind.expected))
    if isinstance(data, dict):
        return message_from_data(data, where)
    if isinstance(data, bool | int | str):
        return data
    raise UnreadableData(
        where, Message(N_("text, a whole number, true or false, a list or a message")))


class Explained(Exception):
    """An error whose message is a `Message`: `str(error)` is English, `error.msg` the parts.

    A subclass that keeps this `__init__` belongs in the extraction's keyword list (a test
    checks that).
    """

    def __init__(self, template: str | Message, /, **values: object) -> None:
        self.msg = template if isinstance(template, Message) else Message(template, values)
        super().__init__(str(self.msg))


def shortened(text: str, limit: int = 200) -> str:
    """A message quoting a huge pasted value back keeps it readable: each word longer than
    `limit` shows its start, its length and its end. The NUL character (which no terminal
    shows) is written as \\0. Words are split at white space, which becomes one space."""
    return " ".join(_shortened(word.replace("\x00", "\\0"), limit) for word in text.split())


def _shortened(word: str, limit: int) -> str:
    if len(word) <= limit:
        return word
    return f"{word[: limit - 40]}…({len(word)} characters)…{word[-20:]}"


def message_of(error: BaseException) -> Message:
    """The message of any error: its template if it has one, else its text (untranslated)."""
    return error.msg if isinstance(error, Explained) else Message(str(error))
