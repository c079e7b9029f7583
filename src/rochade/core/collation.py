"""Names in the order a German, Dutch, French or English reader looks them up: Özdemir among
the O's, Ålund among the A's (not after Z, where code points put them), and search that finds
"Özdemir" by "ozd". Stdlib only: Unicode decomposition drops the accents. (A Swedish or
Finnish reader expects Å, Ä, Ö after Z; that needs its own key once rochade speaks Swedish.)
"""

from __future__ import annotations

import unicodedata
from typing import Final

BASE_LETTERS: Final = str.maketrans(
    {"ø": "o", "æ": "ae", "œ": "oe", "ł": "l", "đ": "d", "ð": "d", "ı": "i", "þ": "th", "ħ": "h"}
)
"""Letters that Unicode does not decompose into a base letter and a mark (ø is not o + a
stroke): their base as German, Dutch and French dictionaries file them."""


def search_text(text: str) -> str:
    """`text` without accents, case or compatibility forms: "Özdemir" -> "ozdemir",
    "Łukasz Øberg" -> "lukasz oberg". What search compares, and the first part of `name_key`."""
    # Compatibility forms first (a mathematical bold A is an A), then case, which may
    # bring marks of its own (İ -> i + dot), then the marks go.
    folded = unicodedata.normalize("NFKD", unicodedata.normalize("NFKD", text).casefold())
    bare = "".join(ch for ch in folded if not unicodedata.combining(ch))
    return unicodedata.normalize("NFC", bare.translate(BASE_LETTERS))


def name_key(name: str) -> tuple[str, str, str]:
    """Sort key for names: by letters without accents, then accents (Muller before Müller),
    then case, so that the order is total and the same on every machine."""
    return search_text(name), name.casefold(), name


__all__ = ["BASE_LETTERS", "name_key", "search_text"]
