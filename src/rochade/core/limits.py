"""The range of every number rochade accepts, and what makes a name, in one place
(docs/user-guide.md, "Limits").

Whatever comes in (the command line, a web form, CSV, TRF, KfC, JSON, a rating list) is checked
against these bounds before it is kept, by the same function that checks a club file when it is
read: a value that is saved can always be read back, and no setting's size decides how long a
pairing or a page takes. The bounds are far beyond any real club's needs.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from fractions import Fraction

from rochade.core.messages import N_, Message
from rochade.core.model import ModelError


@dataclass(frozen=True)
class Bound:
    """The smallest and the largest value of one kind of number."""

    low: int | Fraction
    high: int | Fraction

    def check(self, value: int | Fraction, what: object) -> None:
        """Refuse `value` outside the bound; `what` names it (a setting's key, "rating" ...)."""
        if not self.low <= value <= self.high:
            raise ModelError(
                "{what} must be from {low} to {high}, not {value}",
                what=what,
                low=self.low,
                high=self.high,
                value=shown(value),
            )

    def optional(self, value: int | Fraction | None, what: object) -> None:
        """`check`, where None means "no limit" or "none" and is always fine."""
        if value is not None:
            self.check(value, what)


RATING = Bound(0, 4000)
"""Elo-like ratings (FIDE, national lists, the TD's own numbers)."""
FIDE_ID = Bound(1, 99_999_999_999)
"""FIDE ids: at most 11 digits."""
ROUNDS = Bound(1, 999)
"""Rounds of a tournament, and every round number (a period's first round, a bye's round)."""
GAP = Bound(0, ROUNDS.high)
"""Counts of rounds: a rematch gap, half-point byes, rounds closed for byes."""
MEETINGS = Bound(1, ROUNDS.high)
"""How often two players may meet."""
COLOURS = Bound(0, ROUNDS.high)
"""Colour limits: whites minus blacks (0 and up), and runs of one colour (1 and up)."""
VALUE = Bound(Fraction(0), Fraction(1_000_000))
"""Keizer values and points: top values, steps, floors, team values, bye points."""
RATIO = Bound(Fraction(0), Fraction(1000))
"""The first-to-last ratio of a Keizer ladder (a ladder derived from it also needs it above 1)."""
FACTOR = Bound(Fraction(0), Fraction(100))
"""Shares and factors: win/draw/loss factors, absence shares, the own value factor."""
ITERATIONS = Bound(1, 1000)
"""Rounds of fixed-point recomputation of the Keizer values."""
INTEGER = Bound(-(2**63), 2**63 - 1)
"""Any whole number a club file can keep (SQLite's INTEGER), where no smaller bound applies."""
SEED = INTEGER
"""Seeds for drawing lots (a 64-bit number, as every other program keeps them)."""
PLAYERS = Bound(1, 999_999_999)
"""Player ids (other programs may number players by their member numbers)."""
BIRTH_YEAR = Bound(1850, 2199)
"""Years of birth (a report's players are alive; no clock in core, so the bound is wide)."""

TEXT_LENGTH = 200
"""The most characters of a free text of a report: a club, a city, an arbiter's name."""

FILE_BYTES = 256 << 20
"""The largest file read whole: a player list, a tournament file (JSON, TRF), a backup."""
LIST_BYTES = 1 << 30
"""The largest rating list, read as a stream (FIDE's whole XML list is well below)."""

NUMBER_LENGTH = 20
"""The most characters of a typed number ("12.5", "1/3", "0,35"): no exponent, no huge text."""
_NUMBER = re.compile(r"\d+(\.\d*)?|\.\d+|\d+/\d+")
_PARTS = {"½": Fraction(1, 2), "⅓": Fraction(1, 3), "⅔": Fraction(2, 3), "¼": Fraction(1, 4),
          "¾": Fraction(3, 4)}
_WHOLE_AND_PART = re.compile(rf"(\d{{0,{NUMBER_LENGTH}}})([½⅓⅔¼¾])")


def number(text: str) -> Fraction:
    """A number the TD typed (12, 12.5, 0,35, 1/3, ½, 3½, 33⅓), exactly; `ValueError` if it
    is none.

    Unlike `Fraction(text)`, "1e999999999" and thousands of digits are refused at once
    instead of being computed. "3½" is 3.5, as the pages write points (not 31/2); "33⅓" is
    how a share of a third is shown as a percentage."""
    typed = text.strip().replace(",", ".").replace(" ", "")
    negative = typed.startswith("-")
    typed = typed.removeprefix("-")
    vulgar = _WHOLE_AND_PART.fullmatch(typed)
    if vulgar:
        value = Fraction(int(vulgar.group(1) or 0)) + _PARTS[vulgar.group(2)]
    elif len(typed) > NUMBER_LENGTH or not _NUMBER.fullmatch(typed):
        raise ValueError(text)
    else:
        try:
            value = Fraction(typed)
        except ZeroDivisionError:  # 1/0
            raise ValueError(text) from None
    return -value if negative else value


def check_player(name: str, rating: int | None, fide_id: int | None) -> None:
    """A player's rating and FIDE id (None: none) within `RATING` and `FIDE_ID`."""
    RATING.optional(rating, Message("the rating of {name}", {"name": name}))
    FIDE_ID.optional(fide_id, Message("the FIDE id of {name}", {"name": name}))


_UNSEEN = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zs", "Zl", "Zp", "Mn", "Me"})
"""Unicode categories no one can see on their own: controls, zero-width and direction marks,
spaces, unassigned code points, combining marks without a letter."""
_BLANK_LETTERS = frozenset("\u115f\u1160\u3164\uffa0\u2800")
"""Letters that show as nothing (Hangul fillers, the blank Braille pattern)."""

PLAYER_NAME = N_("a player's name")
TOURNAMENT_NAME = N_("a tournament's name")


def is_text(typed: str) -> bool:
    """False for a string holding bytes that were not UTF-8 (kept by Python as lone
    surrogates, which no file, page or terminal can take)."""
    return not any(0xD800 <= ord(c) <= 0xDFFF for c in typed)


def check_name(name: str, what: str) -> None:
    """Refuse a name no one could read or find again: no visible character at all (only
    spaces, zero-width or direction marks), or a character that is not text (bytes that were
    not UTF-8). `what` is `PLAYER_NAME` or `TOURNAMENT_NAME`."""
    if not is_text(name):
        raise ModelError(
            "{what} must be UTF-8 text; it holds bytes that are not", what=Message(what)
        )
    if all(unicodedata.category(c) in _UNSEEN or c in _BLANK_LETTERS for c in name):
        raise ModelError(
            "{what} needs a visible character, not only spaces, zero-width or direction marks",
            what=Message(what),
        )


def check_text(text: str, what: str) -> None:
    """Refuse a free text (a club, a city, an arbiter) longer than `TEXT_LENGTH`, or holding
    a control character or bytes that were not UTF-8: it goes into a line of a report file."""
    if len(text) > TEXT_LENGTH:
        raise ModelError(
            "{what} may have at most {count} characters", what=Message(what), count=TEXT_LENGTH
        )
    if not is_text(text) or any(unicodedata.category(c) == "Cc" for c in text):
        raise ModelError("{what} holds a control character or bytes that are not UTF-8",
                         what=Message(what))


def shown(value: int | Fraction) -> str:
    """A number for a message; a huge one by its size (Python refuses to print 5000 digits)."""
    size = abs(value.numerator) if isinstance(value, Fraction) else abs(value)
    if size.bit_length() > 64:
        return f"a number with about {int(size.bit_length() * 0.30103) + 1} digits"
    return str(value)


__all__ = [
    "BIRTH_YEAR",
    "COLOURS",
    "FACTOR",
    "FIDE_ID",
    "FILE_BYTES",
    "GAP",
    "INTEGER",
    "ITERATIONS",
    "LIST_BYTES",
    "MEETINGS",
    "NUMBER_LENGTH",
    "PLAYERS",
    "PLAYER_NAME",
    "RATING",
    "RATIO",
    "ROUNDS",
    "SEED",
    "TEXT_LENGTH",
    "TOURNAMENT_NAME",
    "VALUE",
    "Bound",
    "check_name",
    "check_player",
    "check_text",
    "is_text",
    "number",
    "shown",
]
