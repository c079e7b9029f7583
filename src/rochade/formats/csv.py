"""CSV exports of the published lists (RFC 4180), safe to open in a spreadsheet. Numbers are
written exactly, never through floats: a terminating decimal as it is ("23.15", "37.5", "10"), a
non-terminating one (thirds) rounded half-even to six decimals. A `Dialect` chooses the
separators: `plain` (",", decimal point, English titles) for programs, `excel-de`,
`excel-nl` and `excel-fr` (";", decimal comma, German, Dutch or French titles) so that such a
spreadsheet opens the file in columns and reads "11,5" as a number, not a date, and `excel-ar`
(Arabic titles with the separators of CLDR's Arabic: "," and the decimal point, Latin digits).
Text cells that a spreadsheet would run as a formula (starting with `=`, `+`, `-`, `@`, a tab
or a carriage return) get a leading apostrophe, so "-/+" is written as "'-/+". The first line
holds the column titles.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

from rochade.core.model import ModelError
from rochade.formats.tables import Column, Table, Value

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
_SURROGATE = re.compile("[\ud800-\udfff]")
DECIMALS = 6
"""Places kept for a number with no exact decimal form (e.g. 1/3)."""


def number_text(value: Fraction | int) -> str:
    """The exact decimal text of a number, or six decimals when there is none."""
    value = Fraction(value)
    den = value.denominator
    twos = fives = 0
    while den % 2 == 0:
        den //= 2
        twos += 1
    while den % 5 == 0:
        den //= 5
        fives += 1
    places = max(twos, fives) if den == 1 else DECIMALS
    scaled = round(value * 10**places)
    sign = "-" if scaled < 0 else ""
    whole, part = divmod(abs(scaled), 10**places)
    if places == 0:
        return f"{sign}{whole}"
    digits = f"{part:0{places}d}".rstrip("0") if den == 1 else f"{part:0{places}d}"
    return f"{sign}{whole}.{digits}" if digits else f"{sign}{whole}"


@dataclass(frozen=True, slots=True)
class Dialect:
    """How a CSV file is written for its reader: field separator, decimal mark, and the
    language of the column titles."""

    delimiter: str
    decimal: str
    lang: str


DIALECTS = {
    "plain": Dialect(",", ".", "en"),
    "excel-de": Dialect(";", ",", "de"),
    "excel-nl": Dialect(";", ",", "nl"),
    "excel-fr": Dialect(";", ",", "fr"),
    # CLDR's `ar` (babel's get_decimal_symbol: '.' for ar, ar_SA, ar_EG; ',' for ar_MA,
    # ar_DZ) writes a decimal point and Latin digits, so the field separator is the comma.
    "excel-ar": Dialect(",", ".", "ar"),
}
"""`--csv-dialect` choices; `plain` is the default (as rochade always wrote)."""
LANGUAGE_DIALECTS = {"de": "excel-de", "nl": "excel-nl", "fr": "excel-fr", "ar": "excel-ar"}
"""The dialect a page's language downloads (English: `plain`)."""


def cell_text(value: Value, decimal: str = ".") -> str:
    """A cell as written: numbers exact, text guarded against formula injection."""
    if value is None:
        return ""
    if isinstance(value, int | Fraction):
        return number_text(value).replace(".", decimal)
    # A lone surrogate (possible in a name read from JSON) cannot be written as UTF-8.
    value = _SURROGATE.sub("\ufffd", value)
    if value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def check_delimiter(delimiter: str) -> str:
    if len(delimiter) != 1 or delimiter in "\"'\r\n" or delimiter.isalnum():
        raise ModelError(
            "the CSV delimiter must be one character other than a letter, digit, quote or line "
            "break; got {delimiter}",
            delimiter=repr(delimiter),
        )
    return delimiter


def table_csv(
    table: Table,
    delimiter: str = ",",
    decimal: str = ".",
    title: Callable[[Column], str] | None = None,
    word: Callable[[str], str] | None = None,
) -> str:
    """One table as CSV text with CRLF line ends (RFC 4180); quoted only where needed.
    `title` words the column titles (a translation); else they stay as the table has them;
    `word` words the text cells that name no player (status, colour, outcome: a translation)."""
    if delimiter == decimal:
        raise ModelError("the CSV delimiter cannot be the decimal mark {decimal}",
                         decimal=repr(decimal))
    out = io.StringIO()
    writer = csv.writer(out, delimiter=check_delimiter(delimiter), lineterminator="\r\n")
    writer.writerow([cell_text(c.title if title is None else title(c)) for c in table.columns])
    for row in table.rows:
        writer.writerow([
            cell_text(word(c.value) if word and isinstance(c.value, str) and c.player is None
                      else c.value, decimal)
            for c in row.cells
        ])
    return out.getvalue()


__all__ = ["DIALECTS", "FORMULA_STARTS", "LANGUAGE_DIALECTS", "Dialect", "cell_text",
           "check_delimiter", "number_text", "table_csv"]
