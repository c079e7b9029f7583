"""One format per kind of number in a list: a column of points or totals reads alike."""

from __future__ import annotations

from fractions import Fraction as F

from hypothesis import given
from hypothesis import strategies as st

from rochade.formats.tables import Cell, Row, _uniform
from rochade.formats.text import DECIMALS, HALVES, WHOLE, number_style, styled_text


def test_a_column_picks_one_style() -> None:
    assert number_style([F(3), 4, None]) == WHOLE
    assert number_style([F(3), F(9, 2)]) == HALVES
    assert number_style([F(3), F(9, 2)], halves=False) == DECIMALS
    assert number_style([F(3), F(9, 2), F(19, 4)]) == DECIMALS
    assert number_style([]) == WHOLE


def test_sonneborn_berger_with_quarters_writes_every_value_with_two_decimals() -> None:
    rows = [Row((Cell("A", "A"), Cell(v, styled_text(v, HALVES)))) for v in
            (F(19, 4), F(9, 2), F(4))]
    assert [r.cells[1].text for r in _uniform(rows)] == ["4.75", "4.50", "4.00"]
    assert [r.cells[0].text for r in _uniform(rows)] == ["A", "A", "A"]


def test_a_column_of_halves_keeps_its_short_form() -> None:
    rows = [Row((Cell(v, styled_text(v, HALVES)),)) for v in (F(9, 2), F(4))]
    assert [r.cells[0].text for r in _uniform(rows)] == ["4.5", "4"]


@given(st.lists(st.fractions(min_value=0, max_value=500, max_denominator=12), min_size=1))
def test_every_text_of_a_column_has_the_same_number_of_decimals(values: list[F]) -> None:
    style = number_style(values)
    places = {len(styled_text(v, style).partition(".")[2]) for v in values}
    assert len(places) == 1 or (style == HALVES and places <= {0, 1})
