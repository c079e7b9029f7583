"""What the settings codecs of the systems share: points, pairs, scorings, tie-breaks, numbers."""

from __future__ import annotations

import contextlib
import dataclasses
from collections.abc import Iterator, Mapping
from fractions import Fraction
from typing import Any

from rochade.core.jsonvalues import (
    FormatError,
    read_int,
    read_list,
    read_obj,
    read_opt_fraction,
    read_str,
)
from rochade.core.messages import message_of
from rochade.core.model import ModelError, PlayerId
from rochade.core.system_settings import scoring, scoring_text
from rochade.core.tiebreaks import Scoring, TieBreak, TieBreakError, parse_tiebreak


def value_out(value: Fraction) -> int | str:
    """Values (points) are usually whole: written as numbers then, exact strings otherwise."""
    return value.numerator if value.denominator == 1 else str(value)


def opt_value_out(value: Fraction | None) -> int | str | None:
    return None if value is None else value_out(value)


def forbidden_pairs_in(value: object, where: str) -> frozenset[frozenset[PlayerId]]:
    pairs = set()
    for i, item in enumerate(read_list(value, f"{where}.forbidden_pairs")):
        here = f"{where}.forbidden_pairs[{i}]"
        ids = read_list(item, here)
        if len(ids) != 2:
            raise FormatError("{here}: a pair needs exactly two player ids", here=here)
        pair = frozenset(read_int(p, here, 1) for p in ids)
        if len(pair) != 2:
            raise FormatError("{here}: a player cannot be forbidden to meet themself", here=here)
        pairs.add(pair)
    return frozenset(pairs)


def known_reason(value: object, where: str, fractions: Mapping[str, object]) -> str:
    reason = read_str(value, where)
    if reason not in fractions:
        raise FormatError(
            "{where}: unknown reason {reason} (it has no fraction)",
            where=where,
            reason=repr(reason),
        )
    return reason


_BYES = ("pab", "fpb", "hpb", "zpb")


def scoring_out(s: Scoring) -> dict[str, object]:
    return {
        "scoring": scoring_text(s),
        "bye_values": {b: None if getattr(s, b) is None else str(getattr(s, b)) for b in _BYES},
    }


def scoring_in(d: Mapping[str, object], where: str) -> Scoring:
    text = d.get("scoring", "1-1/2-0")
    try:
        base = scoring(read_str(text, f"{where}.scoring"))
    except (ModelError, TieBreakError) as exc:
        raise FormatError("{where}.scoring: {exc}", where=where, exc=message_of(exc)) from None
    byes = read_obj(d.get("bye_values", {}), f"{where}.bye_values", _BYES)
    values: dict[str, Any] = {
        b: read_opt_fraction(byes.get(b), f"{where}.bye_values.{b}") for b in _BYES
    }
    return dataclasses.replace(base, **values)


def tiebreaks_in(value: object, where: str) -> tuple[TieBreak, ...]:
    out = []
    for i, item in enumerate(read_list(value, where)):
        try:
            out.append(parse_tiebreak(read_str(item, f"{where}[{i}]")))
        except TieBreakError as exc:
            raise FormatError(
                "{where}[{i}]: {exc}",
                where=where,
                i=i,
                exc=message_of(exc),
            ) from None
    return tuple(out)


def numbers_in(d: Mapping[str, object], where: str) -> tuple[int, ...]:
    """A round robin's drawn start numbers or a Swiss's pairing numbers: ids, each once."""
    numbers = tuple(
        read_int(n, f"{where}.numbers[{i}]", 1)
        for i, n in enumerate(read_list(d.get("numbers", []), f"{where}.numbers"))
    )
    if len(set(numbers)) != len(numbers):
        raise FormatError("{where}.numbers: a player has two start numbers", where=where)
    return numbers


@contextlib.contextmanager
def read_as(where: str) -> Iterator[None]:
    """Settings refused by their own checks (a limit, a rule) as a file problem at `where`."""
    try:
        yield
    except FormatError:
        raise
    except ModelError as exc:
        raise FormatError("{where}: {exc}", where=where, exc=message_of(exc)) from None
