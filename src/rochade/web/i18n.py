"""Languages of the web pages: English (the source text), German and Dutch.

Translations are the `.po` files under `translations/`; they are compiled in memory when the
app starts, so a fresh clone needs no build step. The visitor's language comes from the
`lang` cookie (the switch in the page footer), else from the browser's Accept-Language.
"""

from __future__ import annotations

import gettext
import io
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from functools import cache
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.numbers import format_decimal

LANGUAGES = {"en": "English", "de": "Deutsch", "nl": "Nederlands"}
DEFAULT = "en"
TRANSLATIONS = Path(__file__).parent / "translations"


@cache
def translations(lang: str) -> gettext.NullTranslations:
    """The compiled catalogue of `lang` (English: the source text itself)."""
    po_path = TRANSLATIONS / lang / "LC_MESSAGES" / "messages.po"
    if lang == DEFAULT or not po_path.exists():
        return gettext.NullTranslations()
    with po_path.open("rb") as handle:
        catalog = read_po(handle, locale=lang)
    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    buffer.seek(0)
    return gettext.GNUTranslations(buffer)


def choose(cookie: str | None, accept_language: str | None) -> str:
    """The cookie's language if known, else the browser's best known one, else English."""
    if cookie in LANGUAGES:
        return cookie
    weighted: list[tuple[float, int, str]] = []
    for index, part in enumerate((accept_language or "").split(",")):
        tag, _, params = part.strip().partition(";")
        quality = 1.0
        if params.strip().startswith("q="):
            try:
                quality = float(params.strip()[2:])
            except ValueError:
                quality = 0.0
        base = tag.strip().lower().split("-")[0]
        if base in LANGUAGES and quality > 0:
            weighted.append((-quality, index, base))
    return min(weighted)[2] if weighted else DEFAULT


def number(value: Fraction | int, lang: str, decimals: int = 2) -> str:
    """A total or value per locale: whole numbers plain, others with `decimals` decimals."""
    exact = Fraction(value)
    if exact.denominator == 1:
        return format_decimal(exact.numerator, locale=lang)
    quantum = Decimal(1).scaleb(-decimals)
    rounded = (Decimal(exact.numerator) / Decimal(exact.denominator)).quantize(
        quantum, rounding=ROUND_HALF_UP
    )
    return format_decimal(rounded, format="#,##0." + "0" * decimals, locale=lang)


def points(value: Fraction, lang: str) -> str:
    """Game points: 3, 3½, ½."""
    whole, rest = divmod(value, 1)
    if rest == 0:
        return str(int(whole))
    if rest == Fraction(1, 2):
        return ("" if whole == 0 else str(int(whole))) + "½"
    return number(value, lang)


KEYWORDS = {"_": None, "gettext": None, "N_": None}
METHODS = [("**.py", "python"), ("templates/**.html", "jinja2.ext:babel_extract")]


def extract_messages() -> dict[str, list[str]]:
    """Every message the pages can show, with where it occurs (for the catalogue checks)."""
    from babel.messages.extract import extract_from_dir

    found: dict[str, list[str]] = {}
    root = Path(__file__).parent
    options = {"templates/**.html": {"extensions": "jinja2.ext.i18n", "newstyle_gettext": "true"}}
    for filename, lineno, message, _comments, _context in extract_from_dir(
        root, METHODS, options_map=options, keywords=KEYWORDS
    ):
        if isinstance(message, str) and message:
            found.setdefault(message, []).append(f"{filename}:{lineno}")
    return found


def update_catalogues() -> None:
    """Add new messages (untranslated) to every `.po` file and drop vanished ones."""
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import write_po

    messages = extract_messages()
    for lang in LANGUAGES:
        if lang == DEFAULT:
            continue
        po_path = TRANSLATIONS / lang / "LC_MESSAGES" / "messages.po"
        old: dict[str, str] = {}
        if po_path.exists():
            with po_path.open("rb") as handle:
                old = {str(m.id): str(m.string) for m in read_po(handle) if m.id}
        catalog = Catalog(locale=lang, project="rochade", fuzzy=False)
        for message in sorted(messages):
            catalog.add(message, old.get(message, ""))
        po_path.parent.mkdir(parents=True, exist_ok=True)
        with po_path.open("wb") as handle:
            write_po(handle, catalog, omit_header=False, no_location=True, width=100)


if __name__ == "__main__":
    update_catalogues()
