"""CSV exports: exact numbers, RFC 4180 quoting, any delimiter, no formula injection."""

from __future__ import annotations

import csv
import io
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from golden import DATA, check_golden
from rochade.core.keizer.scoring import compute_standings, standings_history
from rochade.core.keizer.settings import KeizerSettings
from rochade.core.model import Entrant, Game, ModelError, Result, Round, Tournament
from rochade.core.systems.keizer import keizer_standings
from rochade.formats.csv import cell_text, number_text, table_csv
from rochade.formats.json import parse_tournament
from rochade.formats.tables import (
    Table,
    breakdown_table,
    crosstable_table,
    pairings_table,
    participants_table,
    progress_table,
    standings_table,
)

F = Fraction


@pytest.fixture(scope="module")
def club() -> Tournament:
    return parse_tournament((DATA / "json" / "club-winter.json").read_text(encoding="utf-8"))


def settings_of(t: Tournament) -> KeizerSettings:
    assert isinstance(t.settings, KeizerSettings)
    return t.settings


def golden(name: str, text: str) -> None:
    check_golden("csv", name, text)


def read(text: str, delimiter: str = ",") -> list[list[str]]:
    return list(csv.reader(io.StringIO(text, newline=""), delimiter=delimiter))


@pytest.mark.parametrize(
    ("value", "text"),
    [
        (F(463, 20), "23.15"),
        (F(75, 2), "37.5"),
        (F(10), "10"),
        (0, "0"),
        (F(-1, 2), "-0.5"),
        (F(1, 3), "0.333333"),
        (F(2, 3), "0.666667"),
        (F(49, 8), "6.125"),
        (F(1, 1024), "0.0009765625"),
        (F(-7, 3), "-2.333333"),
    ],
)
def test_numbers_are_exact(value: Fraction | int, text: str) -> None:
    assert number_text(value) == text


@given(st.fractions(max_denominator=10**6))
def test_terminating_decimals_round_trip(value: Fraction) -> None:
    text = number_text(value)
    den = value.denominator
    while den % 2 == 0:
        den //= 2
    while den % 5 == 0:
        den //= 5
    if den == 1:
        assert Fraction(text) == value
    else:
        assert abs(Fraction(text) - value) <= Fraction(1, 2 * 10**6)


def test_formula_injection_is_neutralised() -> None:
    for hostile in ("=1+1", "+49 30 1234", "-/+", "@SUM(A1)", "\t=x", "\r=x"):
        assert cell_text(hostile) == "'" + hostile
    assert cell_text("Müller, Jürgen") == "Müller, Jürgen"
    assert cell_text(F(-1, 2)) == "-0.5"  # numbers are numbers, not guarded
    assert cell_text(None) == ""
    assert cell_text("a\ud800b") == "a\ufffdb"  # a lone surrogate could not be written


def test_standings_golden(club: Tournament) -> None:
    standings = compute_standings(club, settings_of(club))
    text = table_csv(standings_table(keizer_standings(standings), club.name))
    golden("standings.csv", text)
    rows = read(text)
    assert rows[0] == ["Rank", "Name", "Rating", "Score", "Points", "Games", "Value"]
    assert len(rows) == 1 + len(club.entrants)
    assert text.endswith("\r\n") and "\n" not in text.replace("\r\n", "")
    # Each score is the exact total, not a rounded float.
    for row, line in zip(standings.rows, rows[1:], strict=True):
        assert Fraction(line[3]) == row.total or row.total.denominator % 3 == 0


def test_every_list_exports(club: Tournament) -> None:
    settings = settings_of(club)
    history = standings_history(club, settings)
    latest = history[-1]
    tables: list[Table] = [
        standings_table(keizer_standings(history[0]), club.name),
        pairings_table(club.rounds[-1], club),
        participants_table(club),
        crosstable_table(club),
        progress_table(history, club),
        breakdown_table(latest.rows[0], club),
    ]
    for table in tables:
        rows = read(table_csv(table, delimiter=";"), delimiter=";")
        assert len(rows) == 1 + len(table.rows), table.kind
        assert all(len(r) == len(table.columns) for r in rows), table.kind
    golden("pairings-round3.csv", table_csv(tables[1]))
    golden("crosstable.csv", table_csv(tables[3]))
    breakdown = read(table_csv(tables[5]))
    credits = [Fraction(r[6]) for r in breakdown[1:-1] if r[6]]
    assert breakdown[-1][0] == "Total"
    assert sum(credits) == Fraction(breakdown[-1][6])  # exact credits add up exactly


def test_delimiters() -> None:
    t = Tournament("T", (Entrant(1, "A; B, C"), Entrant(2, 'Say "hi"')))
    table = participants_table(t)
    assert read(table_csv(table, ";"), ";")[1][1] == "A; B, C"
    assert read(table_csv(table, "\t"), "\t")[2][1] == 'Say "hi"'
    assert '"Say ""hi"""' in table_csv(table)
    for bad in ("", ";;", '"', "\n", "a", "1"):
        with pytest.raises(ModelError, match="CSV delimiter"):
            table_csv(table, bad)


HOSTILE = [
    "<script>alert('x')</script>",
    '=HYPERLINK("http://evil.example","click")',
    "-2+3",
    "@cmd",
    'Quote "and" comma, semicolon;',
    "שלום עליכם",
    "\u202eevil\u202c name",
    "♞ Magnus 🏆",
    "line\nbreak",
]


def test_hostile_names_survive_csv() -> None:
    entrants = tuple(Entrant(i, name) for i, name in enumerate(HOSTILE, start=1))
    games = (Game(1, 2, Result.WHITE_WINS, 1), Game(3, 4, Result.DRAW, 2))
    t = Tournament("=evil()", entrants, (Round(1, games, (), None),))
    rows = read(table_csv(participants_table(t)))
    names = [r[1] for r in rows[1:]]
    guarded = {n: ("'" + n if n[0] in "=+-@" else n) for n in HOSTILE}
    assert sorted(names) == sorted(guarded.values())
    pairings = read(table_csv(pairings_table(t.rounds[0], t)))
    assert pairings[1] == ["1", HOSTILE[0], "1-0", "'" + HOSTILE[1]]
