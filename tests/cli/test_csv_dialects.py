"""CSV for the users' spreadsheet: `--csv-dialect excel-de|excel-nl|excel-fr` writes ";", a decimal
comma, translated titles and a byte-order mark; `excel-ar` Arabic titles with CLDR's Arabic
separators ("," and a decimal point); `plain` (the default) stays as it was. The
files are read back as another program (Python's csv module, as Excel would split them)."""

from __future__ import annotations

import csv
import io
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path

import pytest
from click.testing import Result

from golden import DATA, check_golden

SWISS = DATA / "json" / "swiss-rapid.json"
KEIZER = DATA / "json" / "club-winter.json"
Run = Callable[..., Result]


def _export(run: Run, tmp_path: Path, source: Path, which: str, *options: str) -> bytes:
    target = tmp_path / f"{which}.csv"
    run("export-list", source, which, "--format", "csv", "-o", target, *options)
    return target.read_bytes()


@pytest.mark.parametrize("dialect", ["excel-de", "excel-nl", "excel-fr", "excel-ar", "plain"])
@pytest.mark.parametrize(("source", "which"), [(SWISS, "standings"), (SWISS, "crosstable"),
                                               (KEIZER, "standings")])
def test_each_dialect_matches_its_golden_file(run: Run, tmp_path: Path, source: Path,
                                              which: str, dialect: str) -> None:
    data = _export(run, tmp_path, source, which, "--csv-dialect", dialect)
    assert data.startswith(b"\xef\xbb\xbf")
    check_golden("csv-dialects", f"{source.stem}-{which}-{dialect}.csv",
                 data.decode("utf-8-sig"))


def test_german_csv_opens_in_columns_with_decimal_commas(run: Run, tmp_path: Path) -> None:
    text = _export(run, tmp_path, KEIZER, "standings", "--csv-dialect", "excel-de").decode(
        "utf-8-sig")
    rows = list(csv.reader(io.StringIO(text, newline=""), delimiter=";"))
    assert rows[0][:4] == ["Platz", "Name", "Wertung", "Gesamt"]
    assert all(len(r) == len(rows[0]) for r in rows)
    scores = [r[3] for r in rows[1:]]
    assert any("," in s for s in scores) and not any("." in s for s in scores)
    plain = _export(run, tmp_path, KEIZER, "standings").decode("utf-8-sig")
    assert plain.startswith("Rank,Name,Rating,Score,")
    # The same numbers, only written the German way.
    english = list(csv.reader(io.StringIO(plain, newline="")))
    assert [r[3] for r in english[1:]] == [s.replace(",", ".") for s in scores]


def test_dutch_titles_and_the_published_site(run: Run, tmp_path: Path) -> None:
    text = _export(run, tmp_path, SWISS, "crosstable", "--csv-dialect", "excel-nl").decode(
        "utf-8-sig")
    assert text.startswith("Plaats;Nr.;Naam;Rating;R1;R2;")
    site = tmp_path / "site"
    run("publish", SWISS, site, "--csv-dialect", "excel-nl")
    assert (site / "standings.csv").read_bytes().startswith("\ufeffPlaats;Nr.;Naam;".encode())


def test_french_csv_opens_in_columns_as_french_excel_reads_it(run: Run, tmp_path: Path) -> None:
    data = _export(run, tmp_path, SWISS, "standings", "--csv-dialect", "excel-fr")
    assert data.startswith(b"\xef\xbb\xbf")  # the BOM: Excel then reads UTF-8 (é, ç)
    rows = list(csv.reader(io.StringIO(data.decode("utf-8-sig"), newline=""), delimiter=";"))
    assert rows[0][:5] == ["Rang", "N°", "Nom", "Points", "BH-C1"]
    assert all(len(r) == len(rows[0]) for r in rows)
    values = [cell for r in rows[1:] for cell in r[3:]]
    assert any("," in v for v in values) and not any("." in v for v in values)
    english = list(csv.reader(io.StringIO(
        _export(run, tmp_path, SWISS, "standings").decode("utf-8-sig"), newline="")))
    assert [r[3:] for r in english[1:]] == [[v.replace(",", ".") for v in r[3:]] for r in rows[1:]]


def test_arabic_csv_has_arabic_titles_and_numbers_a_spreadsheet_reads(run: Run,
                                                                      tmp_path: Path) -> None:
    """The documented Arabic dialect: a BOM (Excel then shows the Arabic titles, not mojibake),
    "," between fields and a decimal point (babel's `ar`), Latin digits; read with Python's csv
    module the numbers are the plain file's, to the last digit."""
    from babel.numbers import get_decimal_symbol

    assert get_decimal_symbol("ar") == "."  # the CLDR fact the dialect follows
    for source, titles in ((KEIZER, ["المركز", "الاسم", "التصنيف", "المجموع"]),
                           (SWISS, ["المركز", "الرقم", "الاسم", "النقاط"])):
        data = _export(run, tmp_path, source, "standings", "--csv-dialect", "excel-ar")
        assert data.startswith(b"\xef\xbb\xbf")
        rows = list(csv.reader(io.StringIO(data.decode("utf-8-sig"), newline=""),
                               dialect="excel"))
        assert rows[0][:4] == titles
        assert all(len(r) == len(rows[0]) for r in rows)
        english = list(csv.reader(io.StringIO(
            _export(run, tmp_path, source, "standings").decode("utf-8-sig"), newline="")))
        assert len(english) == len(rows) and english[0] != rows[0]
        score = 3
        parsed = [Fraction(r[score]) for r in rows[1:]]  # raises on a decimal comma
        assert parsed == [Fraction(r[score]) for r in english[1:]]
        assert any(p.denominator != 1 for p in parsed)  # the fractions survive too
        assert all(c.isascii() for r in rows[1:] for c in r[score])  # Latin digits
    words = _export(run, tmp_path, KEIZER, "participants", "--csv-dialect", "excel-ar")
    assert "حاضر" in words.decode("utf-8-sig")  # "present", in the cells too


def test_a_delimiter_that_is_the_decimal_mark_is_refused(run: Run, tmp_path: Path) -> None:
    target = tmp_path / "x.csv"
    result = run("export-list", SWISS, "standings", "--format", "csv", "--csv-dialect",
                 "excel-de", "--delimiter", ",", "-o", target, ok=False)
    assert result.exit_code == 2 and "decimal mark" in result.output
    assert not target.exists()


@pytest.mark.parametrize(("dialect", "words"), [
    ("excel-de", {"anwesend", "zurückgezogen", "Weiß", "Schwarz", "Sieg", "eigener Wert"}),
    ("excel-nl", {"aanwezig", "wit", "zwart", "winst", "eigen waarde"}),
])
def test_the_words_in_the_cells_follow_the_dialect(run: Run, tmp_path: Path, dialect: str,
                                                    words: set[str]) -> None:
    """Status, colour, outcome and the breakdown's own words are translated; names, results
    and the English file stay as they were."""
    cells: set[str] = set()
    english: set[str] = set()
    for which, options in (("participants", ()), ("breakdown", ("--player", "1")),
                           ("pairings", ())):
        for chosen, into in ((dialect, cells), ("plain", english)):
            text = _export(run, tmp_path, KEIZER, which, *options, "--csv-dialect", chosen)
            delimiter = ";" if chosen != "plain" else ","
            reader = csv.reader(io.StringIO(text.decode("utf-8-sig"), newline=""),
                                delimiter=delimiter)
            into.update(cell for row in list(reader)[1:] for cell in row)
    assert words <= cells, words - cells
    assert {"present", "white", "black", "win"} <= english
    assert not {"present", "white", "black", "win", "own value"} & cells
    names = {c for c in english if " " in c and c[0].isupper() and c not in ("Total",)}
    assert names and names <= cells | {"Total"}
    assert {c for c in english if c in ("1-0", "0-1", "½-½", "+/-")} <= cells
