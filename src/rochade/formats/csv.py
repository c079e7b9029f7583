"""CSV exports of the published lists (RFC 4180), safe to open in a spreadsheet.

Numbers are written exactly, never through floats: a terminating decimal as it is ("23.15",
"37.5", "10"), a non-terminating one (thirds) rounded half-even to six decimals. The decimal
point is always ".". Text cells that a spreadsheet would run as a formula (starting with
`=`, `+`, `-`, `@`, a tab or a carriage return) get a leading apostrophe, so "-/+" is
written as "'-/+". The first line holds the column titles.
"""

from __future__ import annotations

import csv
import io
import re
from fractions import Fraction

from rochade.core.model import ModelError
from rochade.formats.tables import Table, Value

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


def cell_text(value: Value) -> str:
    """A cell as written: numbers exact, text guarded against formula injection."""
    if value is None:
        return ""
    if isinstance(value, int | Fraction):
        return number_text(value)
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


def table_csv(table: Table, delimiter: str = ",") -> str:
    """One table as CSV text with CRLF line ends (RFC 4180); quoted only where needed."""
    out = io.StringIO()
    writer = csv.writer(out, delimiter=check_delimiter(delimiter), lineterminator="\r\n")
    writer.writerow([cell_text(c.title) for c in table.columns])
    for row in table.rows:
        writer.writerow([cell_text(c.value) for c in row.cells])
    return out.getvalue()


__all__ = ["FORMULA_STARTS", "cell_text", "check_delimiter", "number_text", "table_csv"]
