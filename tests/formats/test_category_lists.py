"""Category lists of random tournaments of every system (beside `random_tournaments`)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from random_tournaments import tournaments

from rochade.core.model import Tournament
from rochade.formats.tables import category_table, prize_table, standings_table
from rochade.service import tournament_standings
from rochade.service.categories import (
    CategoryData,
    CategorySetup,
    category_standings,
    prize_list,
)


@settings(max_examples=60)
@given(tournaments(), st.integers(0, 4000), st.integers(0, 4000), st.booleans())
def test_a_category_list_is_the_overall_list_filtered(
    t: Tournament, low: int, high: int, one_prize: bool
) -> None:
    """Any system, any facts: a rating band's list is the overall list's rows of its players
    in the same order, places rising; the prize list gives each place to a member at most
    once per category (once overall with one prize per player)."""
    low, high = min(low, high), max(low, high)
    typed = f"Band: rating={low}-{high} places=3; All: places=2"
    setup = CategorySetup().changed("categories", typed).changed(
        "one_prize", "yes" if one_prize else "no")
    data = CategoryData(t, setup, {}, "2026-03-01")
    standings = tournament_standings(t)
    overall = standings_table(standings, t.name)
    band = category_table(category_standings(data, standings, "band"), t.name)
    inside = {e.id for e in t.entrants if e.rating is not None and low <= e.rating <= high}
    kept = [row for row in overall.rows if row.cells[1 if t.system == "keizer" else 2].player
            in inside]
    assert [[c.value for c in row.cells[1:]] for row in band.rows] == [
        [c.value for c in row.cells] for row in kept]
    ranks = [row.cells[1] for row in band.rows]  # a tied rank written in each row
    assert all(c.text == ("" if c.value is None else str(c.value)) for c in ranks)
    places = [row.cells[0].value for row in band.rows if row.cells[0].value is not None]
    assert places == sorted(places)
    rows = prize_table(prize_list(data, standings), t.name).rows
    won = [row.cells[3].player for row in rows if row.cells[3].player is not None]
    assert all(row.cells[3].player in inside for row in rows
               if row.cells[0].value == "Band" and row.cells[3].player is not None)
    if one_prize:
        assert len(won) == len(set(won))
