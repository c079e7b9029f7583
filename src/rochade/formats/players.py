"""Player lists a club already has: its own CSV, and rating lists it downloads itself.

* Player CSV: the header names the columns in English, German, Dutch or French (Name/Spieler/
  Naam/Nom, Rating/DWZ/Elo/Wertung, FIDE-ID ...), `;`, `,` or tab separated (sniffed from the
  header), UTF-8 with or without BOM, else Windows-1252/Latin-1.
* Rating lists: FIDE's XML (`<playerslist><player><fideid>…`) and fixed-width TXT lists (the
  columns are found from the header line), and national CSV lists (same header words).
* Duplicates (same FIDE id, or the same name once accents, case, punctuation and word order are
  ignored) and rating updates matched by FIDE id, national id or unique name.

Pure parsing: text (or bytes) in, values out. Big lists are read lazily, one player at a time.

One module, although long: the member lists and the rating lists share the header words of the
five languages, the rating columns and the rules that match a listed player to a member; apart,
each would keep its own copy of them and they would drift.
"""

from __future__ import annotations

import _csv
import codecs
import csv
import dataclasses
import io
import itertools
import re
import unicodedata
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import IO
from xml.etree.ElementTree import ParseError, iterparse

from rochade.core import fide, limits
from rochade.core.fide import PlayerDetails
from rochade.core.messages import N_, Message, message_of
from rochade.core.model import ModelError
from rochade.core.ratings import single_rating
from rochade.formats.json import FormatError

# --- decoding and headers ---------------------------------------------------------------------


def decode(data: bytes) -> str:
    """Text of a file as spreadsheets save it: UTF-8 (BOM or not), UTF-16 with BOM, else
    Windows-1252 (German, Dutch and French Excel), else Latin-1 (which reads any byte)."""
    utf16 = ("utf-16",) if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)) else ()
    for encoding in (*utf16, "utf-8-sig", "cp1252"):
        try:
            return data.decode(encoding)
        except UnicodeDecodeError:
            continue
    return data.decode("latin-1")


def _key(header: str) -> str:
    return re.sub(r"[\s\-_./#]", "", header.casefold())


HEADERS: Mapping[str, tuple[str, ...]] = {
    "name": ("name", "spieler", "spielername", "teilnehmer", "naam", "speler", "deelnemer",
             "player", "playername", "joueur", "nomprénom", "nomprenom", "nomcomplet",
             "الاسم", "اسماللاعب", "الاسمالكامل"),
    # Beside a first-name column, the name column holds the family name (German "Name;Vorname",
    # Dutch "Naam;Voornaam", French "Nom;Prénom"); alone, the whole name.
    "first_name": ("vorname", "voornaam", "firstname", "givenname", "prénom", "prenom",
                   "الاسمالأول"),
    "last_name": ("nachname", "familienname", "achternaam", "lastname", "surname",
                  "familyname", "nom", "nomdefamille", "اسمالعائلة", "اللقب"),
    # A rating that names no system (`rochade.core.ratings.single_rating`), a national one
    # (its system by `NATIONAL_SYSTEMS`) and the FIDE rating; a list may have all three.
    "rating": ("rating", "wertung", "rtg", "التصنيف"),
    "national_rating": ("dwz", "knsbrating", "rating knsb", "ecf", "ecfrating", "ecfgrade",
                        "uscf", "uscfrating", "nationalrating", "nationalerating"),
    "fide_rating": ("elo", "fideelo", "elofide", "fiderating", "ratingfide", "fidertg"),
    "fide_id": ("fideid", "idfide", "fidenr", "fidenummer", "fidenumber", "fidecode"),
    "club_code": ("zps", "vereinsnummer"),
    "national_id": ("pkz", "mglnr", "mitgliedsnummer", "knsbnr", "knsbnummer",
                    "relatienummer", "lidnummer", "bondsnummer", "nationalid", "natid", "memberid",
                    "id", "nrffe", "codeffe"),
    "club": ("club", "verein", "vereinsname", "vereniging", "klub", "النادي"),
    "title": ("title", "titel", "fidetitle", "fidetitel", "titre"),
    "sex": ("sex", "gender", "geschlecht", "geslacht", "sexe"),
    "federation": ("federation", "fed", "fidefed", "föderation", "foederation", "federatie",
                   "nation", "country", "land", "fideland", "fédération", "الاتحاد"),
    "birth": ("birth", "birthdate", "dateofbirth", "born", "birthyear", "geburtsdatum",
              "geboren", "geburtsjahr", "jahrgang", "geboortedatum", "geboortejaar",
              "annéedenaissance", "anneedenaissance", "تاريخالميلاد"),
}  # fmt: skip
"""Header words (compared without case, spaces, dashes, dots or underscores)."""

NATIONAL_KINDS: Mapping[str, str] = {
    "pkz": "PKZ", "knsbnr": "KNSB", "knsbnummer": "KNSB",
    "relatienummer": "KNSB", "bondsnummer": "KNSB",
    "nrffe": "FFE", "codeffe": "FFE",
}  # fmt: skip
"""The kind of national id a national-id column holds, by its header word (others: none, and
an id of no kind is never matched: a club's member number is unique only within the club).
A DSB list's `Mgl-Nr` beside its club's `ZPS` is the id `ZPS:<ZPS>-<Mgl-Nr>`."""
NATIONAL_SYSTEMS: Mapping[str, str] = {
    "dwz": "DWZ", "knsbrating": "KNSB", "ratingknsb": "KNSB", "ecf": "ECF", "ecfrating": "ECF",
    "ecfgrade": "ECF", "uscf": "USCF", "uscfrating": "USCF",
}  # fmt: skip
"""The rating system of a national-rating column, by its header word (others: not known)."""

_HEADER_KEYS = {
    _key(alias): (field, rank)
    for field, aliases in HEADERS.items()
    for rank, alias in enumerate(aliases)
}


def sniff_delimiter(header_line: str) -> str:
    """`;`, tab or `,`: whichever the header line has most of (`,` on a tie)."""
    counts = {d: header_line.count(d) for d in (",", ";", "\t")}
    best = max(counts.values())
    return "," if counts[","] == best else max(counts, key=lambda d: counts[d])


# --- player CSV ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PlayerRow:
    """One player of a list; `line` is the line number in the file (for messages), `rating`
    the FIDE rating (the national one is in `details`)."""

    line: int
    name: str
    rating: int | None = None
    fide_id: int | None = None
    national_id: str | None = None
    club: str | None = None
    details: PlayerDetails = fide.UNKNOWN


def _columns(header: Sequence[str], rating_column: str | None) -> dict[str, int]:
    """Column index of each known field; the best-ranked alias wins (`rating_column` first)."""
    found: dict[str, tuple[int, int]] = {}
    if rating_column is not None:
        wanted = [i for i, cell in enumerate(header) if _key(cell) == _key(rating_column)]
        if not wanted:
            raise FormatError(
                "line 1: there is no column {rating_column}",
                rating_column=repr(rating_column),
            )
        kind, _rank = _HEADER_KEYS.get(_key(header[wanted[0]]), ("rating", 0))
        found[kind if kind.endswith("rating") else "rating"] = (-1, wanted[0])
    for index, cell in enumerate(header):
        field, rank = _HEADER_KEYS.get(_key(cell), ("", 0))
        if field and (field not in found or rank < found[field][0]):
            found[field] = (rank, index)
    if "first_name" in found and "last_name" not in found and "name" in found:
        found["last_name"] = found.pop("name")
    if "name" not in found and "last_name" not in found:
        words = ", ".join(HEADERS["name"][:6])
        raise FormatError(
            "line 1: no name column; the header must name it ({words} ...), found: {found}",
            words=words,
            found=', '.join(h.strip() for h in header) or 'nothing',
        )
    return {field: index for field, (_rank, index) in found.items()}


_COMMA = re.compile(r"\s*,\s*")
"""A comma in a whole name: "Müller,Jürgen" (as DSB lists write it) is "Müller, Jürgen"."""

PLAIN_COLUMNS: Mapping[str, int] = {"name": 0, "rating": 1, "fide_id": 2}
"""A list without a header line: name, rating and FIDE id, in this order."""


def _is_player(first: Sequence[str]) -> bool:
    """Line 1 is a player rather than a header: no header word, and a number (or nothing)
    where the rating stands."""
    if any(_key(cell) in _HEADER_KEYS for cell in first):
        return False
    rating = first[1].strip().replace(" ", "") if len(first) > 1 else ""
    return rating in ("", "-") or rating.isdecimal()


def _int(cell: str, line: int, what: str, bound: limits.Bound) -> int | None:
    """A whole number within `bound`; empty, "-" and 0 mean none (lists write 0 for unrated)."""
    text = cell.strip().replace(" ", "")
    if text in ("", "-"):
        return None
    if not (text.isascii() and text.isdigit()):  # "¹" or "٣" are digits to str, not to int
        raise FormatError(
            "line {line}: the {what} {cell} is not a whole number",
            line=line,
            what=Message(what),
            cell=repr(cell.strip()),
        )
    digits = text.lstrip("0")
    if len(digits) > 20 or (digits and not bound.low <= int(digits) <= bound.high):
        raise FormatError(
            "line {line}: the {what} {cell} is not from {low} to {high}",
            line=line,
            what=Message(what),
            cell=repr(text[:20]),
            low=bound.low,
            high=bound.high,
        )
    return int(digits) if digits else None


def parse_player_csv(text: str, rating_column: str | None = None) -> list[PlayerRow]:
    """Every player of a CSV list, best with a header line (without one: `PLAIN_COLUMNS`).
    `rating_column` picks one of several rating columns by its header (default:
    Rating/Wertung, then DWZ/KNSB, then Elo)."""
    return list(iter_player_csv(text, rating_column))


def iter_player_csv(text: str, rating_column: str | None = None, strict: bool = True
                    ) -> Iterator[PlayerRow]:
    """`parse_player_csv`, one player at a time (for national lists of any size). Without
    `strict` a rating-report cell rochade cannot read is left out instead of refusing the
    list (a rating list's own codes do not stop a rating update)."""
    text = text.lstrip("\ufeff")
    first = text.split("\n", 1)[0]
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=sniff_delimiter(first))
    try:
        yield from _players(reader, rating_column, strict)
    except csv.Error as exc:  # e.g. a field longer than the csv module takes
        raise FormatError(
            "line {line_num}: this is not CSV ({exc})",
            line_num=reader.line_num,
            exc=message_of(exc),
        ) from None


def list_columns(text: str) -> list[tuple[str, str | None]]:
    """The columns of a player list as `iter_player_csv` reads them: each header cell with
    the field it is read as (None: left out); a list without a header line has its columns
    by `PLAIN_COLUMNS`, with no title ("")."""
    text = text.lstrip("\ufeff")
    first = text.split("\n", 1)[0]
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=sniff_delimiter(first))
    header = next(reader, [])
    if _is_player(header):
        plain = {index: name for name, index in PLAIN_COLUMNS.items()}
        return [("", plain.get(index)) for index in range(len(header))]
    fields = {index: name for name, index in _columns(header, None).items()}
    return [(cell.strip(), fields.get(index)) for index, cell in enumerate(header)]


def _players(reader: _csv.Reader, rating_column: str | None, strict: bool
             ) -> Iterator[PlayerRow]:
    header = next(reader, None)
    if header is None:
        raise FormatError("the player list is empty")
    rows: Iterator[tuple[int, list[str]]] = ((reader.line_num, row) for row in reader)
    cols: Mapping[str, int]
    if rating_column is None and _is_player(header):
        cols = PLAIN_COLUMNS
        rows = itertools.chain([(reader.line_num, header)], rows)
    else:
        cols = _columns(header, rating_column)

    def cell(row: list[str], field: str) -> str:
        index = cols.get(field)
        return row[index].strip() if index is not None and index < len(row) else ""

    kind = NATIONAL_KINDS.get(_key(header[cols["national_id"]]), "") if (
        "national_id" in cols and cols is not PLAIN_COLUMNS) else ""
    if "club_code" in cols and "national_id" in cols and not kind:
        kind = "ZPS"
    system = NATIONAL_SYSTEMS.get(_key(header[cols["national_rating"]]), "") if (
        "national_rating" in cols) else ""
    for line, row in rows:
        if not any(c.strip() for c in row):
            continue
        name = _COMMA.sub(", ", cell(row, "name"))
        if not name:
            last, first_name = cell(row, "last_name"), cell(row, "first_name")
            name = f"{last}, {first_name}" if last and first_name else last or first_name
        if not name:
            raise FormatError("line {line}: the name is empty", line=line)
        fide_id = _int(cell(row, "fide_id"), line, N_("FIDE id"), limits.FIDE_ID)
        fide_rating, national = _ratings(cols, {
            key: _int(cell(row, key), line, N_("rating"), limits.RATING)
            for key in ("rating", "fide_rating", "national_rating")}, fide_id)
        number = cell(row, "national_id")
        if number and kind == "ZPS":
            number = f"{cell(row, 'club_code')}-{number}" if cell(row, "club_code") else ""
        cells = {key: cell(row, key) for key in fide.KEYS} | {"national_id": number}
        details = _details(line, cells, kind, strict)
        yield PlayerRow(
            line,
            " ".join(name.split()),
            fide_rating,
            fide_id,
            number or None,
            cell(row, "club") or None,
            details.rated(national, system),
        )


def _ratings(cols: Mapping[str, int], read: Mapping[str, int | None], fide_id: int | None
             ) -> tuple[int | None, int | None]:
    """(FIDE, national) of a line: each from its own column; a rating column that names no
    system fills the one the list has no column for, or, beside neither,
    `rochade.core.ratings.single_rating` decides by the FIDE id."""
    fide_rating, national, plain = read["fide_rating"], read["national_rating"], read["rating"]
    if "fide_rating" in cols and "national_rating" not in cols:
        return fide_rating, plain
    if "national_rating" in cols and "fide_rating" not in cols:
        return plain, national
    if "fide_rating" in cols:
        return fide_rating, national
    return single_rating(plain, fide_id)


@dataclass(frozen=True, slots=True)
class RatingSource:
    """Which column of a list fills which of a member's ratings, shown before a list is taken
    (a DWZ column filling the national rating is no surprise then): `column` is the header
    cell ("" for a list without a header line: its second column), `rating` "fide",
    "national" or "by_fide_id" (the FIDE rating with a FIDE id, else the national one),
    `system` the national rating's system where its column names one (DWZ, KNSB ...)."""

    column: str
    rating: str
    system: str = ""


def rating_sources(text: str, rating_column: str | None = None) -> tuple[RatingSource, ...]:
    """The rating columns of a CSV list as `iter_player_csv` reads them (`_ratings`)."""
    text = text.lstrip("\ufeff")
    first = text.split("\n", 1)[0]
    header = next(csv.reader(io.StringIO(first, newline=""), delimiter=sniff_delimiter(first)),
                  [])
    if rating_column is None and _is_player(header):
        return (RatingSource("", "by_fide_id"),)
    cols = _columns(header, rating_column)
    fide_rating, national, plain = (cols.get(k) for k in ("fide_rating", "national_rating",
                                                            "rating"))
    system = "" if national is None else NATIONAL_SYSTEMS.get(_key(header[national]), "")
    sources = []
    if fide_rating is not None:
        sources.append(RatingSource(header[fide_rating].strip(), "fide"))
    if national is not None:
        sources.append(RatingSource(header[national].strip(), "national", system))
    if plain is not None and (fide_rating is None or national is None):
        rating = ("national" if national is None else "fide") if (
            fide_rating is not None or national is not None) else "by_fide_id"
        sources.append(RatingSource(header[plain].strip(), rating))
    return tuple(sources)


def _details(line: int, cells: Mapping[str, str], kind: str, strict: bool = True
             ) -> PlayerDetails:
    """The rating-report data of one line, checked (FIDE's codes, real dates); without
    `strict` a value that is not right is left out."""
    details = PlayerDetails()
    for key, value in cells.items():
        if key == "national_rating":
            continue  # read by `_ratings`
        if key == "national_id" and value and ":" not in value:
            value = f"{kind}:{value}"
        try:
            details = details.changed(key, value)
        except ModelError as exc:
            if strict:
                raise FormatError("line {line}: {problem}", line=line,
                                  problem=message_of(exc)) from None
    return details


# --- names and duplicates --------------------------------------------------------------------

_UMLAUTS = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "Ä": "Ae", "Ö": "Oe", "Ü": "Ue"})


def normalise_name(name: str) -> str:
    """A name as a key: German umlauts spelled out (Müller = Mueller), other accents dropped,
    no case, punctuation or word order ("Carlsen, Magnus" = "magnus carlsen")."""
    text = unicodedata.normalize("NFKD", unicodedata.normalize("NFC", name).translate(_UMLAUTS))
    text = "".join(ch for ch in text if not unicodedata.combining(ch)).casefold()
    return " ".join(sorted(re.findall(r"\w+", text)))


@dataclass(frozen=True, slots=True)
class Duplicate:
    """`row` repeats `other` (an earlier line, or someone already on the list)."""

    row: PlayerRow
    other: str
    reason: str  # "same FIDE id" or "same name"


def find_duplicates(
    rows: Sequence[PlayerRow], existing: Iterable[tuple[str, int | None]] = ()
) -> list[Duplicate]:
    """Rows that repeat an earlier row or an existing player `(name, fide_id)`."""
    by_id: dict[int, str] = {}
    by_name: dict[str, str] = {}
    for name, fide_id in existing:
        by_name.setdefault(normalise_name(name), name)
        if fide_id is not None:
            by_id.setdefault(fide_id, name)
    found = []
    for row in rows:
        label = f"line {row.line} ({row.name})"
        key = normalise_name(row.name)
        if row.fide_id is not None and row.fide_id in by_id:
            found.append(Duplicate(row, by_id[row.fide_id], "same FIDE id"))
        elif key in by_name:
            found.append(Duplicate(row, by_name[key], "same name"))
        if row.fide_id is not None:
            by_id.setdefault(row.fide_id, label)
        by_name.setdefault(key, label)
    return found


# --- rating lists ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class RatedPlayer:
    """One entry of a rating list: `rating` is the FIDE rating, `details` what it says of
    title, sex, federation, birth, K-factor (FIDE's lists give each) and the national rating
    (a national list's), values rochade cannot read left out; `national_id` is `KIND:ID`
    (`scoped_id`)."""

    name: str
    rating: int | None
    fide_id: int | None = None
    national_id: str | None = None
    details: PlayerDetails = fide.UNKNOWN


FILLED = ("title", "sex", "federation", "birth", "k")
"""The member's data a rating list fills where rochade knows nothing (`match_ratings`)."""


def _listed_details(cells: Mapping[str, str]) -> PlayerDetails:
    """A rating list's title, sex, federation, birth and K, each left out when rochade cannot
    read it (a list's own codes, a K of 0 for an inactive player)."""
    return _details(0, {key: cells.get(key, "") for key in FILLED}, "", strict=False)


RATING_KINDS = ("standard", "rapid", "blitz")
_XML_TAGS = {"standard": ("rating",), "rapid": ("rapid_rating", "rating"),
             "blitz": ("blitz_rating", "rating")}  # fmt: skip
_K_COLUMNS = ("SK", "K")
"""The TXT columns of the standard K-factor (the XML tag is `k`). Only the standard list
fills a member's K: a member has one, and FIDE's rapid and blitz K is 20 for everyone."""


def _kind(kind: str) -> str:
    if kind not in RATING_KINDS:
        raise FormatError(
            "unknown rating kind {kind}; use {kinds}",
            kind=repr(kind),
            kinds=', '.join(RATING_KINDS),
        )
    return kind


def parse_fide_xml(source: bytes | IO[bytes], kind: str = "standard") -> Iterator[RatedPlayer]:
    """FIDE's XML players list, read one `<player>` at a time (the full list is large)."""
    tags = _XML_TAGS[_kind(kind)]
    stream = io.BytesIO(source) if isinstance(source, bytes) else source
    count = 0
    root = None
    try:
        for event, element in iterparse(stream, events=("start", "end")):
            if root is None:
                root = element
            if event != "end" or element.tag != "player":
                continue
            count += 1
            fields = {child.tag: (child.text or "").strip() for child in element}
            root.clear()  # drop the players read so far: the full list has a million
            name = fields.get("name", "")
            if not name:
                raise FormatError("FIDE XML: player {count} has no <name>", count=count)
            rating = next((fields[t] for t in tags if fields.get(t)), "")
            yield RatedPlayer(
                " ".join(name.split()),
                _int(rating, count, N_("rating"), limits.RATING),
                _int(fields.get("fideid", ""), count, N_("FIDE id"), limits.FIDE_ID),
                details=_listed_details({
                    "title": fields.get("title", ""), "sex": fields.get("sex", ""),
                    "federation": fields.get("country", ""),
                    "birth": fields.get("birthday", ""),
                    "k": fields.get("k", "") if kind == "standard" else "",
                }),
            )
    except ParseError as exc:
        raise FormatError(
            "FIDE XML: not a readable players list ({exc})",
            exc=message_of(exc),
        ) from None


_RATING_HEADERS = {
    "standard": re.compile(r"^(SRtng|Rtg|Rating|[A-Za-z]{3}\d{2,4})$"),
    "rapid": re.compile(r"^(RRtng|Rtg|Rating|[A-Za-z]{3}\d{2,4})$"),
    "blitz": re.compile(r"^(BRtng|Rtg|Rating|[A-Za-z]{3}\d{2,4})$"),
}


def parse_fide_txt(lines: Iterable[str], kind: str = "standard") -> Iterator[RatedPlayer]:
    """FIDE's fixed-width TXT list. Column positions come from the header line ("ID Number
    Name ... Fed Sex Tit ... SRtng ..." or a month such as "MAR24" for the rating)."""
    pattern = _RATING_HEADERS[_kind(kind)]
    iterator = iter(lines)
    header = next((line for line in iterator if line.strip()), None)
    if header is None:
        raise FormatError("FIDE TXT: the list is empty")
    header = header.rstrip("\r\n").lstrip("\ufeff")
    if _OLD_HEADER.match(header):
        yield from _parse_old_fide_txt(iterator)
        return
    starts = [(m.start(), m.group()) for m in re.finditer(r"ID Number|\S+", header)]
    names = [title for _start, title in starts]
    bounds = {
        title: (start, starts[i + 1][0] if i + 1 < len(starts) else None)
        for i, (start, title) in enumerate(starts)
    }
    id_title = next((t for t in ("ID Number", "ID", "FideID") if t in bounds), None)
    ratings = [t for t in names if pattern.match(t)]
    if id_title is None or "Name" not in bounds or not ratings:
        raise FormatError(
            "FIDE TXT: line 1 must name the columns ID Number, Name and the rating (e.g. SRtng "
            "or MAR24); found {found}",
            found=' '.join(names) or 'nothing',
        )
    rating_title = ratings[0]
    detail_titles = {"title": "Tit", "sex": "Sex", "federation": "Fed", "birth": "B-day",
                     "k": next((t for t in _K_COLUMNS if t in bounds and kind == "standard"),
                               "")}

    def cut(line: str, title: str) -> str:
        if title not in bounds:
            return ""
        start, end = bounds[title]
        return line[start:end].strip()

    for number, line in enumerate(iterator, start=2):
        if not line.strip():
            continue
        name = cut(line, "Name")
        if not name:
            raise FormatError("FIDE TXT: line {number} has no name", number=number)
        yield RatedPlayer(
            " ".join(name.split()),
            _int(cut(line, rating_title), number, N_("rating"), limits.RATING),
            _int(cut(line, id_title), number, N_("FIDE id"), limits.FIDE_ID),
            details=_listed_details({k: cut(line, t) for k, t in detail_titles.items()}),
        )


_OLD_HEADER = re.compile(r"\s*ID_(NUMBER|NO)\b", re.IGNORECASE)
"""FIDE's TXT lists before September 2012 begin "ID_NUMBER NAME TITL FED JAN12 GAMES B-DAY
FLAG", their columns not where the header's words stand."""
_OLD_LINE = re.compile(
    r"\s*(?P<id>\d+)\s+(?P<name>\S.*?)\s+(?:(?P<title>w?[gmfc])\s+)?(?P<fed>[A-Z]{3})\s+"
    r"(?P<rating>\d{1,4})\s+(?P<games>\d+)(?:\s+(?P<birth>\d{4}))?(?:\s+(?P<flag>[a-zA-Z]+))?\s*")
_OLD_TITLES = {"g": "GM", "m": "IM", "f": "FM", "c": "CM", "wg": "WGM", "wm": "WIM",
               "wf": "WFM", "wc": "WCM"}


def is_fide_txt(head: str) -> bool:
    """Whether the first line of a list is a FIDE TXT list's header (either layout)."""
    return "ID Number" in head or _OLD_HEADER.match(head) is not None


def _parse_old_fide_txt(lines: Iterable[str]) -> Iterator[RatedPlayer]:
    """A list in the layout before September 2012 (its players read by their fields' order:
    id, name, title letter, federation, rating, games, birth year, flag)."""
    for number, line in enumerate(lines, start=2):
        if not line.strip():
            continue
        found = _OLD_LINE.fullmatch(line.rstrip("\r\n"))
        if found is None:
            raise FormatError(
                "FIDE TXT (the layout before September 2012): line {number} is not id, name, "
                "title, federation, rating, games and birth year",
                number=number,
            )
        flag = found["flag"] or ""
        yield RatedPlayer(
            " ".join(found["name"].split()),
            _int(found["rating"], number, N_("rating"), limits.RATING),
            _int(found["id"], number, N_("FIDE id"), limits.FIDE_ID),
            details=_listed_details({
                "title": _OLD_TITLES.get(found["title"] or "", ""),
                "sex": "w" if "w" in flag.lower() else "",
                "federation": found["fed"], "birth": found["birth"] or ""}),
        )


def parse_rating_csv(text: str, rating_column: str | None = None) -> Iterator[RatedPlayer]:
    """A national rating list as CSV (DSB, KNSB ...): the same header words as player lists;
    its national rating column fills the national rating, an Elo column the FIDE one."""
    for row in iter_player_csv(text, rating_column, strict=False):
        yield RatedPlayer(row.name, row.rating, row.fide_id, scoped_id(row.details),
                          dataclasses.replace(row.details, club="", national_id="",
                                              national_kind=""))


def scoped_id(details: PlayerDetails) -> str | None:
    """A national id as rating lists are matched by, `KIND:ID`; None for an id of no kind,
    which may be a club's own member number (the same number in another club is someone
    else)."""
    if not details.national_id or not details.national_kind:
        return None
    return f"{details.national_kind}:{details.national_id}"


# --- rating updates --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ClubPlayer:
    """Someone whose rating may be updated: `key` is the caller's own (member id), `rating`
    the FIDE rating (the national one is in `details`), `national_id` as `scoped_id`."""

    key: int
    name: str
    rating: int | None
    fide_id: int | None = None
    national_id: str | None = None
    details: PlayerDetails = fide.UNKNOWN


@dataclass(frozen=True, slots=True)
class RatingUpdate:
    """What the list changes for one player: `rating` (FIDE's), `fide_id` and `details` (the
    national rating among them) are the values after the update (the old ones where the list
    changes nothing); `differences` are (key, the club's value, the list's) where both know a
    value and they differ, left as the club has them unless the list's were asked for (for
    a refused match: the birth year or sex that differ)."""

    player: ClubPlayer
    rating: int | None
    matched_by: str  # "FIDE id", "national id" or "name"
    listed_as: str
    fide_id: int | None = None
    details: PlayerDetails = fide.UNKNOWN
    differences: tuple[tuple[str, str, str], ...] = ()

    @property
    def changes(self) -> tuple[str, ...]:
        """The fields that change: "rating", "national rating", "FIDE id", then `filled`."""
        return tuple(
            what
            for what, old, new in (
                ("rating", self.player.rating, self.rating),
                ("national rating", self.player.details.national_text, self.details.national_text),
                ("FIDE id", self.player.fide_id, self.fide_id),
            )
            if old != new
        ) + self.filled

    @property
    def filled(self) -> tuple[str, ...]:
        """The member's data that change (`FILLED` keys, in their order)."""
        return tuple(key for key in FILLED
                     if getattr(self.player.details, key) != getattr(self.details, key))


def _agree(key: str, ours: str, listed: str) -> bool:
    """The same value, also a birth year that a full date of that year refines."""
    return ours == listed or (key == "birth" and ours[:4] == listed[:4])


def _merged(ours: PlayerDetails, listed: PlayerDetails, take_list: bool
            ) -> tuple[PlayerDetails, tuple[tuple[str, str, str], ...]]:
    """The member's data with the list's where the member has none (or only the year of the
    list's birth date); with `take_list` the list's wherever they differ. Also the
    differences (key, ours, the list's)."""
    values: dict[str, str] = {}
    differences = []
    for key in FILLED:
        mine, theirs = getattr(ours, key), getattr(listed, key)
        if not theirs or mine == theirs:
            continue
        if not mine or (_agree(key, mine, theirs) and len(theirs) > len(mine)):
            values[key] = theirs
        elif not _agree(key, mine, theirs):
            differences.append((key, mine, theirs))
            if take_list:
                values[key] = theirs
    return dataclasses.replace(ours, **values), tuple(differences)


@dataclass(frozen=True)
class RatingMatch:
    """What a rating list says about the club's players."""

    updates: tuple[RatingUpdate, ...]  # a changed rating or a FIDE id the player lacked
    unchanged: tuple[ClubPlayer, ...]
    ambiguous: tuple[tuple[ClubPlayer, tuple[str, ...]], ...]  # same name, several entries
    not_found: tuple[ClubPlayer, ...]
    unrated: tuple[ClubPlayer, ...] = ()  # listed without a rating: their rating is kept
    differing: tuple[RatingUpdate, ...] = ()  # the list says otherwise than the club
    refused: tuple[RatingUpdate, ...] = ()  # another birth year or sex: someone else, unchanged


def _clashes(ours: PlayerDetails, listed: PlayerDetails) -> tuple[tuple[str, str, str], ...]:
    """The birth year and sex a list gives otherwise than the club: (key, ours, the list's).
    Either means another person of the same name or number, never an update."""
    pairs = (("birth", ours.birth[:4], listed.birth[:4]), ("sex", ours.sex, listed.sex))
    return tuple((key, mine, theirs) for key, mine, theirs in pairs
                 if mine and theirs and mine != theirs)


def _listed(entry: RatedPlayer) -> str:
    """An entry as the TD reads it among several candidates: "Carla (1650, FIDE 4100018)"."""
    facts = [entry.details.national_text.replace(":", " ")] if entry.details.national else []
    if entry.rating is not None or not facts:
        facts.insert(0, "unrated" if entry.rating is None else str(entry.rating))
    if entry.fide_id is not None:
        facts.append(f"FIDE {entry.fide_id}")
    return f"{entry.name} ({', '.join(facts)})"


def match_ratings(players: Sequence[ClubPlayer], listed: Iterable[RatedPlayer],
                  take_list: bool = False) -> RatingMatch:
    """Match each player by FIDE id, else national id, else a unique normalised name; the list
    is read once and only the entries that concern the club are kept.

    A player matched otherwise gets the list's FIDE id when they have none (an entry with
    another player's FIDE id is that player's, never a name match). An entry without a rating
    leaves the player's rating alone (lists write 0 or nothing for inactive or unrated
    players; nothing the club knows is thrown away). A FIDE list changes the FIDE rating, a
    national list's national rating column the national rating (and its Elo column the FIDE
    one): neither overwrites the other. Title, federation, birth and K are filled where the
    member has none; where both have one and they differ, the club's stays and the
    difference is listed, unless `take_list` asks for the list's. An entry with another
    birth year or sex than the member is someone else: `refused`, whatever matched it.
    """
    by_fide = {p.fide_id: p for p in players if p.fide_id is not None}
    by_national = {p.national_id: p for p in players if p.national_id}
    by_name: dict[str, list[ClubPlayer]] = {}
    for p in players:
        by_name.setdefault(normalise_name(p.name), []).append(p)
    id_hits: dict[int, tuple[RatedPlayer, str]] = {}
    name_hits: dict[int, list[RatedPlayer]] = {}
    for entry in listed:
        if entry.fide_id is not None and entry.fide_id in by_fide:
            id_hits[by_fide[entry.fide_id].key] = (entry, "FIDE id")
        elif entry.national_id and entry.national_id in by_national:
            id_hits.setdefault(by_national[entry.national_id].key, (entry, "national id"))
        for p in by_name.get(normalise_name(entry.name), ()):
            name_hits.setdefault(p.key, []).append(entry)
    updates, unchanged, ambiguous, not_found, unrated, differing, refused = (
        [], [], [], [], [], [], [])
    for p in players:
        if p.key in id_hits:
            entry, how = id_hits[p.key]
        else:
            candidates = [  # an entry whose FIDE id is someone else's is not this player
                e for e in name_hits.get(p.key, [])
                if e.fide_id is None or (p.fide_id is None and e.fide_id not in by_fide)
            ]
            if len(candidates) > 1:
                ambiguous.append((p, tuple(map(_listed, candidates))))
                continue
            if not candidates:
                not_found.append(p)
                continue
            entry, how = candidates[0], "name"
        clashes = _clashes(p.details, entry.details)
        if clashes:
            refused.append(RatingUpdate(p, p.rating, how, entry.name, p.fide_id, p.details,
                                        clashes))
            continue
        fide_id = entry.fide_id if p.fide_id is None else p.fide_id
        national = entry.details.national
        if entry.rating is None and national is None:
            unrated.append(p)
        details, differences = _merged(p.details, entry.details, take_list)
        if national is not None:
            details = details.rated(national, entry.details.national_system)
        update = RatingUpdate(p, entry.rating if entry.rating is not None else p.rating, how,
                              entry.name, fide_id, details, differences)
        if differences:
            differing.append(update)
        if update.changes:
            updates.append(update)
        elif entry.rating is not None or national is not None:
            unchanged.append(p)
    return RatingMatch(tuple(updates), tuple(unchanged), tuple(ambiguous), tuple(not_found),
                       tuple(unrated), tuple(differing), tuple(refused))


__all__ = [
    "FILLED",
    "HEADERS",
    "PLAIN_COLUMNS",
    "RATING_KINDS",
    "ClubPlayer",
    "Duplicate",
    "PlayerRow",
    "RatedPlayer",
    "RatingMatch",
    "RatingSource",
    "RatingUpdate",
    "decode",
    "find_duplicates",
    "is_fide_txt",
    "iter_player_csv",
    "match_ratings",
    "normalise_name",
    "parse_fide_txt",
    "parse_fide_xml",
    "parse_player_csv",
    "parse_rating_csv",
    "rating_sources",
    "scoped_id",
    "sniff_delimiter",
]
