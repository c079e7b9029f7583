"""C.04.6 art. 1.7: the colour preferences of type A, type B and no preference."""

from __future__ import annotations

import pytest

from rochade.core.teams.model import ColourModel
from rochade.core.teams.state import colour_preference

A, B, NONE = ColourModel.TYPE_A, ColourModel.TYPE_B, ColourModel.NONE


@pytest.mark.parametrize(("colours", "type_a", "type_b"), [
    ("", "", ""),  # yet to play: none
    ("bb", "w2", "w2"),  # difference -2
    ("wbb", "w2", "w2"),  # -1 and the last two black
    ("bwb", "", "w1"),  # -1 otherwise: mild in type B only
    ("wb", "", "w1"),  # 0, last black: mild in type B (not in the last round)
    ("ww", "b2", "b2"),
    ("bww", "b2", "b2"),
    ("w", "", "b1"),
    ("wbw", "", "b1"),
])
def test_preferences_by_type(colours: str, type_a: str, type_b: str) -> None:
    assert colour_preference(A, colours, last_round=False) == type_a
    assert colour_preference(B, colours, last_round=False) == type_b
    assert colour_preference(NONE, colours, last_round=False) == ""


def test_type_b_drops_the_alternation_wish_in_the_last_round() -> None:
    assert colour_preference(B, "wb", last_round=True) == ""
    assert colour_preference(B, "bwb", last_round=True) == "w1"
