"""The value ladder (spec/keizer.md section 2)."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction as F

import pytest

from rochade.core.keizer.scoring import ladder_values
from rochade.core.keizer.settings import KeizerSettings, Ladder, preset


def ladder(n: int, **changes: object) -> list[F]:
    return ladder_values(n, replace(preset("classic"), **changes))


def test_ratio_examples_from_the_spec() -> None:
    assert ladder(17) == list(range(24, 7, -1))  # n = 17 gives 24...8
    assert ladder(6) == [8, 7, 6, 5, 4, 3]  # seed 001, current KfC formula
    assert ladder(8) == list(range(10, 2, -1))  # 7 * 3/2 = 10.5 rounds half-even to 10


@pytest.mark.parametrize(
    ("n", "top"),
    [(1, 0), (2, 2), (3, 3), (4, 4), (5, 6), (6, 8), (8, 10), (10, 14), (12, 16)],
)
def test_ratio_top_rounds_half_to_even(n: int, top: int) -> None:
    # (n-1) * 3/2: 1.5 -> 2, 4.5 -> 4, 10.5 -> 10, 13.5 -> 14, 16.5 -> 16
    values = ladder(n)
    assert values[0] == top
    assert values == [top - i for i in range(n)]


def test_other_ratio() -> None:
    assert ladder(7, ratio=F(4)) == [8, 7, 6, 5, 4, 3, 2]  # 6 * 4/3 = 8
    assert ladder(4, ratio=F(5, 2)) == [5, 4, 3, 2]  # 3 * (5/2) / (3/2) = 5


def test_old_kfc_formula() -> None:
    assert ladder(6, ladder=Ladder.KFC_OLD) == [7, 6, 5, 4, 3, 2]  # seed 001's 7...2
    assert ladder(17, ladder=Ladder.KFC_OLD)[0] == 16 + 8
    assert ladder(2, ladder=Ladder.KFC_OLD) == [1, 0]


def test_fixed_top_and_step() -> None:
    assert ladder(4, ladder=Ladder.FIXED, top_value=F(70)) == [70, 69, 68, 67]
    assert ladder(3, ladder=Ladder.FIXED, top_value=F(100), step=F(5)) == [100, 95, 90]
    assert ladder(3, step=F(1, 2)) == [3, F(5, 2), 2]  # ratio top 3, half steps


def test_floor() -> None:
    values = ladder(5, ladder=Ladder.FIXED, top_value=F(5), step=F(2), floor=F(1))
    assert values == [5, 3, 1, 1, 1]
    assert ladder(3, floor=F(0)) == [3, 2, 1]  # a floor below every value changes nothing


def test_normalised() -> None:
    assert ladder(5, ladder=Ladder.NORMALISED) == [3, F(5, 2), 2, F(3, 2), 1]
    assert ladder(4, ladder=Ladder.NORMALISED) == [3, F(7, 3), F(5, 3), 1]
    assert ladder(1, ladder=Ladder.NORMALISED) == [3]
    assert ladder(3, ladder=Ladder.NORMALISED, ratio=F(10)) == [10, F(11, 2), 1]


def test_exact_fractions_and_empty() -> None:
    assert ladder(0) == []
    for settings in (preset("kfc"), preset("classic"), preset("dutch-club")):
        values = ladder_values(9, settings)
        assert all(type(v) is F for v in values)
        assert values == sorted(values, reverse=True)


def test_presets() -> None:
    assert ladder_values(4, preset("dutch-club")) == [70, 69, 68, 67]
    assert ladder_values(8, preset("kfc")) == list(range(10, 2, -1))


def test_settings_reject_a_fixed_ladder_without_top() -> None:
    with pytest.raises(ValueError, match="top value"):
        KeizerSettings(ladder=Ladder.FIXED)
