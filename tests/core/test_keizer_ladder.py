"""The value ladder (spec/keizer.md section 2)."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction as F

import pytest

from rochade.core.keizer.scoring import ladder_values
from rochade.core.keizer.settings import KeizerSettings, Ladder, Period, preset
from rochade.core.model import ModelError


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
    assert ladder(2, ladder=Ladder.NORMALISED) == [3, 1]  # first r, last 1 from two players on
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


# ---- every refusal of the settings, whole (mutation testing, issue 19) -------------------

CLASSIC = preset("classic")
SHARES = CLASSIC.fractions


@pytest.mark.parametrize(
    ("changes", "refusal"),
    [
        ({"fractions": {"bye": F(1, 2), "excused": F(1, 3)}},
         "settings: missing fraction for unexcused, club_duty, late_start, withdrawn"),
        ({"fractions": {**SHARES, "excused": F(-1, 3)}},
         "settings: fraction for excused must not be negative"),
        ({"caps": {"sick": 1}, "halving": frozenset({"holiday"})},
         "unknown absence reason 'holiday'"),
        ({"halving": frozenset({"sick"})}, "unknown absence reason 'sick'"),
        ({"ladder": Ladder.FIXED}, "settings: a fixed ladder needs a top value"),
        ({"ratio": F(1)}, "settings: the first-to-last ratio must be greater than 1"),
        ({"ladder": Ladder.NORMALISED, "ratio": F(1)},
         "settings: the first-to-last ratio must be greater than 1"),
        ({"step": F(0)}, "settings: the value step must be positive"),
        ({"periods": (Period(3), Period(3))},
         "settings: periods must start at increasing round numbers >= 1"),
        ({"periods": (Period(3), Period(2))},
         "settings: periods must start at increasing round numbers >= 1"),
        ({"top_value": F(-1)}, "top_value must be from 0 to 1000000, not -1"),
        ({"ratio": F(1001)}, "ratio must be from 0 to 1000, not 1001"),
        ({"floor": F(1_000_001)}, "floor must be from 0 to 1000000, not 1000001"),
        ({"draw_factor": F(101)}, "draw_factor must be from 0 to 100, not 101"),
        ({"max_iterations": 0}, "max_iterations must be from 1 to 1000, not 0"),
        ({"rematch_gap": 1000}, "rematch_gap must be from 0 to 999, not 1000"),
        ({"max_same_colour_run": 0}, "max_same_colour_run must be from 1 to 999, not 0"),
        ({"start_seed": 2**63},
         "start_seed must be from -9223372036854775808 to 9223372036854775807, "
         "not 9223372036854775808"),
        ({"fractions": {**SHARES, "excused": F(101)}},
         "fractions.excused must be from 0 to 100, not 101"),
        ({"caps": {"excused": 1000}}, "caps.excused must be from 0 to 999, not 1000"),
        ({"team_values": {0: F(70)}}, "team_values must be from 1 to 999, not 0"),
        ({"team_values": {2: F(-1)}}, "team_values.2 must be from 0 to 1000000, not -1"),
        ({"periods": (Period(1000),)}, "periods.first_round must be from 1 to 999, not 1000"),
        ({"periods": (Period(1, rematch_gap=1000),)},
         "periods.rematch_gap must be from 0 to 999, not 1000"),
        ({"periods": (Period(1, max_meetings=0),)},
         "periods.max_meetings must be from 1 to 999, not 0"),
        ({"forbidden_pairs": frozenset({frozenset({0, 2})})},
         "forbidden_pairs must be from 1 to 999999999, not 0"),
    ],
)
def test_settings_refusals_are_whole_sentences(changes: dict[str, object], refusal: str) -> None:
    with pytest.raises(ModelError) as refused:
        replace(CLASSIC, **changes)
    assert str(refused.value) == refusal


def test_settings_at_their_limits_are_taken() -> None:
    replace(CLASSIC, ratio=F(1001, 1000), step=F(1, 1000), rematch_gap=999, max_iterations=1000)
    replace(CLASSIC, ladder=Ladder.KFC_OLD, ratio=F(1))  # the ratio is only the ratio ladder's
    replace(CLASSIC, ladder=Ladder.FIXED, top_value=F(0), ratio=F(1))
    replace(CLASSIC, fractions={**SHARES, "excused": F(0), "holiday": F(1, 4)},
            caps={"holiday": 0}, halving=frozenset({"holiday"}))
    replace(CLASSIC, periods=(Period(1), Period(2), Period(999)))


def test_unknown_reason_and_preset_are_named() -> None:
    with pytest.raises(ModelError) as refused:
        CLASSIC.fraction("holiday")
    assert str(refused.value) == "unknown absence reason 'holiday'"
    with pytest.raises(ModelError) as refused:
        preset("swiss")
    assert str(refused.value) == (
        "unknown preset 'swiss'; choose one of kfc, classic, dutch-club, german-club"
    )
    assert CLASSIC.fraction("club_duty") == F(2, 3)


def test_period_settings_per_round() -> None:
    """Rounds before the first period keep the season's settings and count from round 1;
    a period's None keeps the season's setting."""
    s = replace(CLASSIC, rematch_gap=4, max_meetings=3,
                periods=(Period(3, rematch_gap=0, max_meetings=2), Period(6)))
    by_round = [
        (r, s.period_start(r), s.rematch_gap_for(r), s.max_meetings_for(r)) for r in range(1, 8)
    ]
    assert by_round == [
        (1, 1, 4, 3), (2, 1, 4, 3),
        (3, 3, 0, 2), (4, 3, 0, 2), (5, 3, 0, 2),
        (6, 6, 4, 3), (7, 6, 4, 3),
    ]
    assert [s.period_of(r) for r in (3, 5, 6, 9)] == [0, 0, 1, 1]
    season = replace(CLASSIC, rematch_gap=2)
    assert season.period_of(5) == 0  # no periods: the whole season is period 0
    assert (season.period_start(5), season.rematch_gap_for(5), season.max_meetings_for(5)) == (
        1, 2, None
    )
