"""Languages of the web pages and the exported lists: English (the source text), German, Dutch,
French and Arabic.

Translations are the `.po` files under `web/translations/` (`messages.po`: the pages' texts;
`errors.po`: the messages of the core, formats, store and service, see `say`); they are
compiled in memory on first use, so a fresh clone needs no build step. A layer of its own
beside the service, so that the CLI's lists and files are translated as the pages are without
loading the web app. The visitor's language comes from the `lang` cookie (the switch in the
page footer), else from the browser's Accept-Language.
"""

from __future__ import annotations

import ast
import dataclasses
import gettext
import io
import re
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping
from datetime import date, datetime
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from functools import cache, lru_cache
from pathlib import Path
from types import MappingProxyType
from typing import IO

from babel.dates import format_date, format_datetime, format_time
from babel.lists import format_list
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.numbers import format_decimal, get_decimal_symbol

from rochade.core.messages import N_, Exact, Message, Said, line_message, message_of
from rochade.core.model import STATUSES
from rochade.core.tiebreaks import Kind
from rochade.formats.csv import DIALECTS, LANGUAGE_DIALECTS, table_csv
from rochade.formats.html import ENGLISH, Language
from rochade.formats.page_tables import PageWords
from rochade.formats.tables import Cell, Column, Table
from rochade.formats.text import (
    COLOURS,
    DECIMALS,
    OUTCOMES,
    REASONS,
    RESTS,
    WHOLE,
    WORDS,
    number_style,
)

LANGUAGES = {"en": "English", "de": "Deutsch", "nl": "Nederlands", "fr": "Français",
             "ar": "العربية"}
DEFAULT = "en"
RIGHT_TO_LEFT = frozenset({"ar"})
"""The languages written from right to left: their pages say `dir="rtl"` and the stylesheet
mirrors them. Numbers stay in Latin digits there too (babel's `ar` writes 235.85 and dates
as 01/12/2026), as Arabic chess software and FIDE lists write ratings, scores and results."""
TRANSLATIONS = Path(__file__).parent / "web" / "translations"
"""The catalogues stay beside the templates whose texts most of them are."""


@cache
def translations(lang: str) -> gettext.NullTranslations:
    """The compiled catalogues of `lang` (English: the source text itself)."""
    folder = TRANSLATIONS / lang / "LC_MESSAGES"
    if lang == DEFAULT or not (folder / "messages.po").exists():
        return gettext.NullTranslations()
    with (folder / "messages.po").open("rb") as handle:
        catalog = read_po(handle, locale=lang)
    if (folder / "errors.po").exists():
        with (folder / "errors.po").open("rb") as handle:
            for message in read_po(handle, locale=lang):
                if message.id:
                    catalog[message.id] = message
    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    buffer.seek(0)
    return gettext.GNUTranslations(buffer)


def direction(lang: str) -> str:
    """The writing direction of `lang`'s pages: "rtl" or "ltr"."""
    return "rtl" if lang in RIGHT_TO_LEFT else "ltr"


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


@lru_cache(maxsize=8192)
def number(value: Fraction | int, lang: str, decimals: int = 2) -> str:
    """A total or value per locale: whole numbers plain, others with `decimals` decimals.
    Kept: a big table writes thousands of them, and babel's formatting is slow for that."""
    exact = Fraction(value)
    if exact.denominator == 1:
        return format_decimal(exact.numerator, locale=lang)
    return fixed(exact, lang, decimals)


def day(iso: str, lang: str) -> str:
    """An ISO date as `lang` writes it: 1 Dec 2026, 01.12.2026, 1 dec 2026."""
    return format_date(date.fromisoformat(iso), "medium", locale=lang)


def moment(iso: str, lang: str) -> str:
    """A logged time (an ISO timestamp) as `lang` writes date and time: 12/1/26, 8:47 PM;
    01.12.26, 20:47. In the club's local time, the clock on its wall (as the service dates
    a club evening)."""
    return format_datetime(datetime.fromisoformat(iso).astimezone(), "short", locale=lang)


def clock(iso: str, lang: str) -> str:
    """The time of day of a logged time, as `lang` writes it: 8:47 PM, 20:47 (local time)."""
    return format_time(datetime.fromisoformat(iso).astimezone(), "short", locale=lang)


@lru_cache(maxsize=8192)
def points(value: Fraction, lang: str) -> str:
    """Game points: 3, 3½, ½."""
    whole, rest = divmod(value, 1)
    if rest == 0:
        return str(int(whole))
    if rest == Fraction(1, 2):
        return ("" if whole == 0 else str(int(whole))) + "½"
    return number(value, lang)


def column(
    values: Iterable[Fraction | int | None], lang: str, halves: bool = True
) -> Callable[[Fraction | int | None], str]:
    """How to write every number of one column of a list, in its one `number_style`: whole
    numbers, game points (4½), or two decimals for all (338.00, 236.33, 222.50)."""
    style = number_style(values, halves)
    written: dict[tuple[int, int], str] = {}  # a column holds few different numbers

    def write(value: Fraction | int) -> str:
        if style == DECIMALS:
            return fixed(value, lang)
        if style == WHOLE:
            return number(value, lang)
        return points(value if isinstance(value, Fraction) else Fraction(value), lang)

    def show(value: Fraction | int | None) -> str:
        if value is None:
            return ""
        key = (value.numerator, value.denominator)  # (hashing a Fraction costs more)
        if key not in written:
            written[key] = write(value)
        return written[key]

    return show


WITHOUT_HALVES = ("score", "value")
"""The list columns of Keizer totals and values: two decimals or whole, never halves."""


def table_numbers(
    heading: Column, values: Iterable[Fraction | int | None], lang: str
) -> Callable[[Fraction | int | None], str]:
    """How a page writes the numbers of a list's column: a rating change signed, with one
    decimal (`change`); Keizer totals and values without halves; the rest in the column's
    one `number_style` (`column`)."""
    if heading.key == "rating-change":
        return lambda value: "" if value is None else change(Fraction(value) if isinstance(
            value, int) else value, lang)
    return column(values, lang, heading.key not in WITHOUT_HALVES)


@lru_cache(maxsize=8192)
def fixed(value: Fraction | int, lang: str, decimals: int = 2) -> str:
    """A number with exactly `decimals` decimals, rounded half up: 4 -> "4.00" ("4,00")."""
    exact = Fraction(value)
    quantum = Decimal(1).scaleb(-decimals)
    rounded = (Decimal(exact.numerator) / Decimal(exact.denominator)).quantize(
        quantum, rounding=ROUND_HALF_UP
    )
    return format_decimal(rounded, format="#,##0." + "0" * decimals, locale=lang)


@lru_cache(maxsize=8192)
def change(value: Fraction, lang: str) -> str:
    """A rating change with its sign and one decimal, per locale: +7.2 ("+7,2"), 0.0. Kept
    like `fixed`: a big Swiss's standings write hundreds."""
    text = fixed(abs(value), lang, 1)
    if not any(digit in text for digit in "123456789"):
        return text
    return ("+" if value > 0 else "−") + text


COLUMN_TITLES = {
    "rank": N_("Rank"), "no": N_("No."), "id": N_("Id"), "name": N_("Name"),
    "score": N_("Total"), "points": N_("Points"), "games": N_("Games"), "value": N_("Value"),
    "note": N_("Note"), "rating": N_("Rating"), "status": N_("Status"), "board": N_("Board"),
    "white": N_("White"), "black": N_("Black"), "result": N_("Result"), "round": N_("Round"),
    "opponent": N_("Opponent or reason"), "colour": N_("Colour"), "outcome": N_("Outcome"),
    "basis": N_("Basis"), "factor": N_("Factor"), "credit": N_("Credit"), "total": N_("Total"),
    "fide-id": N_("FIDE id"), "title": N_("Title"), "federation": N_("Federation"),
    "club": N_("Club"), "k": N_("K"), "performance": N_("Perf"), "rating-change": N_("Rtg+/-"),
    "category": N_("Category"), "category-place": N_("Cat. place"),
    "place": N_("Place"), "prize": N_("Prize"), "overall": N_("Overall rank"),
    "white-points": N_("White's points"), "black-points": N_("Black's points"),
    "match": N_("Match"), "date": N_("Date"), "team": N_("Team"),
    "opponent-club": N_("Opponent"), "venue": N_("Venue"), "match-score": N_("Score"),
    "player": N_("Player"), "keizer": N_("Counts in"),
}
"""The lists' column keys (`rochade.formats.tables`) as the pages and the German, Dutch and
French CSV files word them; tie-break columns (BH-C1) and opponent numbers keep their titles."""


def column_title(column: Column, lang: str) -> str:
    """A list's column title in `lang`: R3 for a round, # for the rank after it."""
    _ = translations(lang).gettext
    key = column.key
    digits = key.lstrip("abcdefghijklmnopqrstuvwxyz-")
    if digits and key in (f"r{digits}", f"round-{digits}"):
        return _("R%(n)s") % {"n": digits}
    if digits and key == f"rank{digits}":
        return "#"
    return _(COLUMN_TITLES[key]) if key in COLUMN_TITLES else column.title


CELL_WORDS = frozenset(
    (*STATUSES.values(), *REASONS.values(), *OUTCOMES.values(), *COLOURS.values(),
     *(kind.value for kind in Kind), *(WORDS[k] for k in ("own", "own_value", "total",
                                                         "not_playing")))
)
"""The words the lists write in their text cells (status, reason, colour, outcome, the kind
of an unplayed round); `cell_word` translates them, a Swiss's "bye (pairing-allocated bye)"
part by part."""


def page_words(lang: str, marked: str = "", titles: Mapping[str, str] = MappingProxyType({})
               ) -> PageWords:
    """How the pages word a list in `lang`: the column titles (`column_title`; `titles`: a
    page's own, by column key), the numbers (`table_numbers`) and what marks a withdrawn
    player without a rank (`marked`)."""
    return PageWords(lambda c: titles.get(c.key) or column_title(c, lang),
                     lambda c, values: table_numbers(c, values, lang), marked)


def cell_word(text: str, lang: str, isolate: bool = True) -> str:
    """A list's text cell in `lang`: its words translated, anything else (a name, a result,
    a progress code) as it is. `isolate`: as `say`'s."""
    if isinstance(text, Said):  # a note of the engine's (a capped absence ...)
        return say(text, lang, isolate)
    _ = translations(lang).gettext
    if text in CELL_WORDS or text == RESTS:
        return _(text)
    head, _space, rest = text.partition(" (")
    if head in CELL_WORDS and rest.endswith(")") and rest[:-1] in CELL_WORDS:
        return f"{_(head)} ({_(rest[:-1])})"
    return text


DECIMAL = re.compile(r"[-−]?\d+\.\d+")
"""A number a list writes with a decimal point (4.5, 236.33): its point is the language's."""


def localized(table: Table, lang: str, isolate: bool = True) -> Table:
    """A list (`rochade.formats.tables`) in `lang` for a page or an HTML export: its title,
    notes, column titles and cell words translated, its decimals with the language's decimal
    sign. The numbers keep the list's own format (a column's one style, cents that add up to
    the printed total); names, results and progress codes stay as they are. `isolate`: as
    `say`'s."""
    if lang == DEFAULT:
        return table
    point = get_decimal_symbol(lang)

    def cell(c: Cell) -> Cell:
        if isinstance(c.value, Fraction | int) and DECIMAL.fullmatch(c.text):
            return dataclasses.replace(c, text=c.text.replace(".", point))
        if c.player is not None or not c.text:
            return c
        return dataclasses.replace(c, text=cell_word(c.text, lang, isolate))

    return dataclasses.replace(
        table,
        title=say(table.title, lang, isolate),
        columns=tuple(dataclasses.replace(c, title=column_title(c, lang)) for c in table.columns),
        rows=tuple(dataclasses.replace(r, cells=tuple(map(cell, r.cells))) for r in table.rows),
        notes=tuple(say(note, lang, isolate) for note in table.notes),
        lead=tuple(say(line, lang, isolate) for line in table.lead),
    )


def language(lang: str) -> Language:
    """`lang` for the HTML exports (`rochade.formats.html`): their lists, words and dates
    translated as the pages have them, right to left where the language is written so."""
    if lang == DEFAULT:
        return ENGLISH
    return Language(lang, lang in RIGHT_TO_LEFT, lambda text: say(text, lang, isolate=False),
                    lambda table: localized(table, lang, isolate=False),
                    lambda iso: day(iso, lang))


def site_csv(lang: str) -> Callable[[Table], str]:
    """The CSV files of a site in `lang`: in its spreadsheets' dialect."""
    return lambda table: csv_text(table, LANGUAGE_DIALECTS.get(lang, "plain"))


def csv_text(table: Table, dialect: str, delimiter: str | None = None) -> str:
    """A list as CSV in one of `DIALECTS` (`delimiter` instead of the dialect's), the column
    titles and the words in its cells in its language (English: as the table has them, the
    same as ever)."""
    chosen = DIALECTS[dialect]
    if chosen.lang == DEFAULT:
        return table_csv(table, delimiter or chosen.delimiter, chosen.decimal)
    return table_csv(table, delimiter or chosen.delimiter, chosen.decimal,
                     lambda c: column_title(c, chosen.lang),
                     lambda text: cell_word(text, chosen.lang))


def say(message: Message | BaseException | str, lang: str, isolate: bool = True) -> str:
    """A message of the core, store or service (an error's, a finding's `msg`, an engine's
    explanation line) in `lang`, its numbers, dates and lists of names written the way the
    language writes them. `isolate=False`: without Unicode isolates, for a renderer that
    shows them as replacement characters (`rochade.formats.html` escapes every bidi
    control; its page sets the direction)."""
    if isinstance(message, BaseException):
        message = message_of(message)
    elif isinstance(message, str):
        message = line_message(message)

    def show(value: object) -> str:
        if isinstance(value, bool):
            return str(value)
        if isinstance(value, Exact) and value.denominator != 1:
            places = next((p for p in (1, 2) if (value * 10**p).denominator == 1), 2)
            return fixed(value, lang, places)  # 2.5 -> 2,5; 7/3 -> 2,33
        if isinstance(value, Decimal):  # a list's total as printed: its places kept (338.00)
            exponent = value.as_tuple().exponent
            places = -exponent if isinstance(exponent, int) and exponent < 0 else 0
            return fixed(Fraction(value), lang, places) if places else number(Fraction(value), lang)
        if isinstance(value, Fraction | Decimal | float):
            return number(Fraction(value), lang)
        if isinstance(value, datetime):
            return format_datetime(value, "short", locale=lang)
        if isinstance(value, date):
            return format_date(value, locale=lang)
        if isinstance(value, tuple | list):
            return format_list([str(v) for v in value], locale=lang)
        return str(value)  # ids, round and board numbers: plain digits

    def isolated(value: object) -> str:
        """On a right-to-left page a value is a run of its own (Unicode isolates, what <bdi>
        does in HTML): a name in its own script's direction ("Smith, J." would otherwise
        show as ".Smith, J"), a number left to right (2½, not ½2)."""
        text = show(value)
        if isinstance(value, str | tuple | list):
            return f"\u2068{text}\u2069"
        if isinstance(value, Fraction | Decimal | float):
            return f"\u2066{text}\u2069"
        return text

    shown = isolated if lang in RIGHT_TO_LEFT and isolate else show
    return message.render(translations(lang).gettext, shown)


KEYWORDS: dict[str, tuple[int, ...] | None] = {
    "_": None,
    "gettext": None,
    "N_": None,
    "ServiceError": None,
}
METHODS = [
    ("web/**.py", "python"),
    ("i18n.py", "python"),
    ("web/templates/**.html", "jinja2.ext:babel_extract"),
]
"""The pages' texts (`messages.po`): the web app's code and templates, and this module's
column titles."""
ERROR_KEYWORDS: dict[str, tuple[int, ...] | None] = {
    "Message": None,
    "Said": None,
    "N_": None,
    "_warn": (2,),
    "_error": (2,),
    **dict.fromkeys(
        (
            "ServiceError",
            "NameTaken",
            "PairingRefused",
            "StoreError",
            "BackupError",
            "KfcError",
            "ModelError",
            "FormatError",
            "TrfError",
            "TieBreakError",
            "DutchError",
            "NoValidPairing",
            "NoTeamPairing",
            "NoDoubleSwissPairing",
        )
    ),
}
"""Where the other layers write message templates (`rochade.core.messages`): the error
classes that take a template first, `Message(...)`, `N_(...)` and the checker's findings."""

LAYERS = ("core", "formats", "store", "service")
"""The packages whose messages reach the pages through `say` (their templates: `errors.po`);
`formats` for the files a TD imports on the web (players, TRF, JSON)."""


def extract_templates(
    fileobj: IO[bytes], keywords: Collection[str], *_: object, **__: object
) -> Iterator[tuple[int, str, tuple[str | None, ...], list[str]]]:
    """Babel's extraction method for the layers: the literal arguments of every call named in
    `keywords` (babel picks the template among them). Read from the syntax tree, so an
    old-style f-string message is skipped whole (`old_style_messages` lists those) instead of
    leaving its literal pieces behind as messages."""
    for node in ast.walk(ast.parse(fileobj.read())):
        name = _called(node)
        if name in keywords and isinstance(node, ast.Call):
            literals = tuple(
                a.value if isinstance(a, ast.Constant) and isinstance(a.value, str) else None
                for a in node.args
            )
            yield node.lineno, name, literals, []


def _called(node: ast.AST) -> str:
    if not isinstance(node, ast.Call):
        return ""
    func = node.func
    return func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")


def old_style_messages() -> list[str]:
    """Where a layer still raises an error with an f-string (shown in English only)."""
    found = []
    package = Path(__file__).parent
    for folder in LAYERS:
        for path in sorted((package / folder).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_bytes())):
                if (
                    _called(node) in ERROR_KEYWORDS
                    and isinstance(node, ast.Call)
                    and any(isinstance(a, ast.JoinedStr) for a in node.args[:1])
                ):
                    found.append(f"{path.relative_to(package)}:{node.lineno}")
    return found


CATALOGUES = ("messages", "errors")
"""`messages.po`: the pages' own texts; `errors.po`: what the core, formats, store and service
say."""


def extract_messages(catalogue: str = "messages") -> dict[str, list[str]]:
    """Every message the pages can show, with where it occurs (for the catalogue checks)."""
    from babel.messages.extract import extract_from_dir

    root = Path(__file__).parent
    if catalogue == "messages":
        methods, keywords = METHODS, KEYWORDS
    else:
        keywords = ERROR_KEYWORDS
        methods = [(f"{folder}/**.py", "rochade.i18n:extract_templates") for folder in LAYERS]
    options = {
        "web/templates/**.html": {"extensions": "jinja2.ext.i18n", "newstyle_gettext": "true"}
    }
    found: dict[str, list[str]] = {}
    for filename, lineno, message, _comments, _context in extract_from_dir(
        root, methods, options_map=options, keywords=keywords
    ):
        if isinstance(message, str) and message:
            found.setdefault(message, []).append(f"{filename}:{lineno}")
    return found


def update_catalogues() -> None:
    """Add new messages (untranslated) to every `.po` file and drop vanished ones."""
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import write_po

    for name in CATALOGUES:
        messages = extract_messages(name)
        for lang in LANGUAGES:
            if lang == DEFAULT:
                continue
            po_path = TRANSLATIONS / lang / "LC_MESSAGES" / f"{name}.po"
            old: dict[str, str] = {}
            created = None  # kept, so that a file changes only where its messages change
            plurals = None  # kept too: French counts 0 as singular (gettext's rule, not CLDR's)
            if po_path.exists():
                with po_path.open("rb") as handle:
                    previous = read_po(handle)
                old = {str(m.id): str(m.string) for m in previous if m.id}
                created = previous.creation_date
                plurals = previous.plural_forms
            catalog = Catalog(locale=lang, project="rochade", fuzzy=False, creation_date=created)
            if plurals:
                catalog.mime_headers = [("Plural-Forms", plurals)]
            for message in sorted(messages):
                catalog.add(message, old.get(message, ""))
            po_path.parent.mkdir(parents=True, exist_ok=True)
            with po_path.open("wb") as handle:
                write_po(handle, catalog, omit_header=False, no_location=True, width=100)


if __name__ == "__main__":
    update_catalogues()
