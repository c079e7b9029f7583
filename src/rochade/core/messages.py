"""Messages for the TD kept as a template and its values, so each front end can word them.

An error or a checker finding keeps the English template ("there is no round {number}") and
the values apart. `str()` gives the English text, which the CLI prints; the web app looks the
template up in its catalogue (German, Dutch) and formats the values for the page's language.

The convention, for every layer: raise `SomeError("template with {name}", name=value)` with
the template as a *literal* at the raise site (no f-string), because that is where the
catalogue extraction finds it (`rochade.web.i18n.KEYWORDS` lists the error classes). A value
may itself be a `Message` (a reason inside a sentence), a tuple of names (joined with "and"
per language) or a number. A template without values is used as it is, braces and all, so
an old-style `SomeError(f"...")` still works: it is just not translated.
"""

from __future__ import annotations

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
        return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]
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


def message_data(message: Message) -> dict[str, Any]:
    """A message as JSON data (a log line, an explanation line in the club file): the template
    and its values, messages nested as objects, fractions exact."""

    def value(v: object) -> object:
        if isinstance(v, Said):
            v = v.msg
        if isinstance(v, Message):
            return message_data(v)
        if isinstance(v, tuple | list):
            return [value(x) for x in v]
        if isinstance(v, Fraction):
            return {"exact" if isinstance(v, Exact) else "fraction": str(Fraction(v))}
        if type(v) is date:  # kept a date (not a time), so a page writes it the reader's way
            return {"date": v.isoformat()}
        return v if isinstance(v, int | str) else str(v)

    values = {k: value(v) for k, v in message.values.items()}
    return {"template": message.template, "values": values}


def message_from_data(data: Mapping[str, Any]) -> Message:
    """The message `message_data` wrote."""

    def value(v: object) -> object:
        if isinstance(v, dict):
            if "exact" in v:
                return Exact(v["exact"])
            if "date" in v:
                return date.fromisoformat(v["date"])
            return Fraction(v["fraction"]) if "fraction" in v else message_from_data(v)
        if isinstance(v, list):
            return tuple(value(x) for x in v)
        return v

    return Message(data["template"], {k: value(v) for k, v in data["values"].items()})


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
