"""Strict reading of JSON values: the rules every rochade file and settings object is read by.

Other tools write these files by hand or by script, so reading is strict and every problem is
reported once, on one line, naming where it is (a TD must be able to fix the file). The
settings codecs of the systems (`rochade.core.systems`) and the file formats (`rochade.formats`)
read through these functions, so the club file's settings do not depend on an export format.
"""

from __future__ import annotations

import difflib
import enum
import json
import re
from collections.abc import Iterable
from decimal import Decimal
from fractions import Fraction
from typing import TypeVar

from rochade.core import limits
from rochade.core.messages import N_, Message
from rochade.core.model import ModelError

_FRACTION_RE = re.compile(r"[+-]?(\d+(/\d+)?|\d+\.\d*|\.\d+)")
_MAX_EXPONENT = 30

E = TypeVar("E", bound=enum.Enum)


class FormatError(ModelError):
    """A file or settings object that cannot be read; the one-line message says what is wrong
    and where."""


def load_json(text: str) -> object:
    """JSON with exact decimals, no NaN/Infinity and no duplicate keys (a silent loss otherwise)."""
    try:
        return json.loads(
            text.removeprefix("\ufeff"),
            parse_float=Decimal,
            parse_constant=_reject_constant,
            object_pairs_hook=_unique_keys,
        )
    except json.JSONDecodeError as exc:
        raise FormatError(
            "not valid JSON at line {lineno}, column {colno}: {msg}",
            lineno=exc.lineno,
            colno=exc.colno,
            msg=exc.msg,
        ) from None
    except FormatError:
        raise
    except RecursionError:
        raise FormatError("not valid JSON: nested too deeply") from None
    except ValueError:  # the only other failure: an integer with thousands of digits
        raise FormatError("not valid JSON: a number has too many digits") from None


def _reject_constant(name: str) -> object:
    raise FormatError("not valid JSON: {name} is not a number rochade accepts", name=name)


def _unique_keys(pairs: list[tuple[str, object]]) -> dict[str, object]:
    out: dict[str, object] = {}
    for key, value in pairs:
        if key in out:
            raise FormatError("key {key} appears twice in the same JSON object", key=repr(key))
        out[key] = value
    return out


def kind_of(value: object) -> Message:
    """The JSON name of a value's type, for messages."""
    if value is None:
        return Message("null")
    if isinstance(value, bool):
        return Message("true/false")
    if isinstance(value, int | float | Decimal):
        return Message("a number")
    if isinstance(value, str):
        return Message("a string")
    if isinstance(value, list):
        return Message("a list")
    return Message("an object")


def read_obj(value: object, where: str, keys: Iterable[str] | None = None) -> dict[str, object]:
    """An object checked against its known `keys` (when given).

    Other programs may add keys of their own, so an unknown key is ignored, unless it looks
    like a misspelling of a known one: that would silently drop the TD's setting.
    """
    if not isinstance(value, dict):
        raise FormatError("{where}: expected an object, got {kind}", where=where,
                          kind=kind_of(value))
    if keys is None:
        return value
    known = list(keys)
    for key in value:
        if key not in known:
            close = difflib.get_close_matches(key, known, n=1)
            if close:
                raise FormatError(
                    "{where}: unknown key {key}; did you mean {close}?",
                    where=where,
                    key=repr(key),
                    close=repr(close[0]),
                )
    return value


def read_list(value: object, where: str) -> list[object]:
    if not isinstance(value, list):
        raise FormatError("{where}: expected a list, got {kind}", where=where, kind=kind_of(value))
    return value


def read_any_str(value: object, where: str) -> str:
    """Any string, even empty (a log line), that can be written as UTF-8 (no lone
    surrogates)."""
    if not isinstance(value, str):
        raise FormatError("{where}: expected a string, got {kind}", where=where,
                          kind=kind_of(value))
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise FormatError(
            "{where}: contains an invalid character (a lone surrogate)",
            where=where,
        ) from None
    return value


def read_str(value: object, where: str) -> str:
    """A non-blank string that can be written as UTF-8."""
    if isinstance(value, str) and not value.strip():
        raise FormatError("{where}: must not be empty", where=where)
    return read_any_str(value, where)


def read_number(value: object, where: str, expected: str) -> int | Decimal:
    """A JSON number as int or exact Decimal; floats (from a caller's own json.loads) are read
    as the decimal they show. Exponents are bounded: 1e999999999 must not hang the reader."""
    if isinstance(value, bool) or not isinstance(value, int | Decimal | float):
        raise FormatError(
            "{where}: expected {expected}, got {kind}",
            where=where,
            expected=Message(expected),
            kind=kind_of(value),
        )
    if isinstance(value, int):
        return value
    number = Decimal(repr(value)) if isinstance(value, float) else value
    exponent = number.as_tuple().exponent
    if not isinstance(exponent, int) or abs(exponent) > _MAX_EXPONENT:
        raise FormatError(
            "{where}: {value} is not a number rochade accepts",
            where=where,
            value=value,
        )
    return number


def read_int(value: object, where: str, minimum: int | None = None) -> int:
    number = read_number(value, where, N_("a whole number"))
    if isinstance(number, Decimal):
        if number != number.to_integral_value():
            raise FormatError("{where}: {number} is not a whole number", where=where, number=number)
        number = int(number)
    if not limits.INTEGER.low <= number <= limits.INTEGER.high:
        raise FormatError(
            "{where}: {value} is not a number rochade accepts",
            where=where,
            value=limits.shown(number),
        )
    if minimum is not None and number < minimum:
        raise FormatError(
            "{where}: must be at least {minimum}, got {number}",
            where=where,
            minimum=minimum,
            number=number,
        )
    return number


def read_opt_int(value: object, where: str, minimum: int | None = None) -> int | None:
    return None if value is None else read_int(value, where, minimum)


def read_bool(value: object, where: str) -> bool:
    if not isinstance(value, bool):
        raise FormatError(
            "{where}: expected true or false, got {kind}",
            where=where,
            kind=kind_of(value),
        )
    return value


def read_fraction(value: object, where: str) -> Fraction:
    """An exact number: "1/3", "0.35" (= 7/20), "2", or a JSON number read as its decimal text."""
    if isinstance(value, str):
        text = value.strip()
        if _FRACTION_RE.fullmatch(text):
            try:
                return Fraction(text)
            except (ZeroDivisionError, ValueError):  # 1/0, or thousands of digits
                pass
        raise FormatError("{where}: {value} is not a fraction", where=where, value=repr(value))
    return Fraction(read_number(value, where, N_('a number or a fraction like "1/3"')))


def read_opt_fraction(value: object, where: str) -> Fraction | None:
    return None if value is None else read_fraction(value, where)


def read_enum(value: object, where: str, cls: type[E]) -> E:
    for member in cls:
        if member.value == value:
            return member
    choices = ", ".join(str(m.value) for m in cls)
    raise FormatError(
        "{where}: {value} is not one of {choices}",
        where=where,
        value=repr(value),
        choices=choices,
    )
