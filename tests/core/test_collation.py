"""Names sorted and searched as a German, Dutch, French or English reader expects."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from rochade.core.collation import name_key, search_text


def test_accented_capitals_sort_among_their_letters_not_after_z() -> None:
    names = ["Zander", "Özdemir", "Ölund", "Åsa Berg", "Üçok", "Adams", "Olsen", "Ugur",
             "Øberg", "Müller", "Muller", "Mueller"]
    assert sorted(names, key=name_key) == [
        "Adams", "Åsa Berg", "Mueller", "Muller", "Müller", "Øberg", "Olsen", "Ölund",
        "Özdemir", "Üçok", "Ugur", "Zander"]


def test_search_ignores_accents_and_case() -> None:
    assert "ozd" in search_text("Özdemir")
    assert search_text("Łukasz Øberg") == "lukasz oberg"
    assert search_text("Mehmet Yılmaz") == "mehmet yilmaz"
    assert search_text("Siobhán O'Neill") == "siobhan o'neill"
    assert search_text("Jürgen Weiß") == "jurgen weiss"


@given(st.text())
def test_folding_twice_changes_nothing(text: str) -> None:
    assert search_text(search_text(text)) == search_text(text)


@given(st.lists(st.text(), unique=True))
def test_the_order_is_total_and_the_same_whatever_the_input_order(names: list[str]) -> None:
    assert sorted(names, key=name_key) == sorted(reversed(names), key=name_key)
