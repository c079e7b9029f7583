"""`rochade.core.systems`' settings refused directly (mutation testing: most of their tests are
the CLI's, the web's and the JSON reader's, outside mutmut's selection)."""

from __future__ import annotations

import pytest

from rochade.core.model import ModelError
from rochade.core.systems import RoundRobinSettings, SwissSettings
from rochade.core.tiebreaks import parse_tiebreak


@pytest.mark.parametrize("code", ["BH", "BHNB", "FB", "AOB", "BH/C1"])
def test_a_round_robin_refuses_every_buchholz_tie_break(code: str) -> None:
    with pytest.raises(ModelError) as refused:
        RoundRobinSettings(tiebreaks=(parse_tiebreak("SB"), parse_tiebreak(code)))
    assert str(refused.value) == (
        f"{code} belongs to the Buchholz family, which C.07 (art. 8) does not allow in round "
        "robins; use DE, SB, WIN or KS")


def test_a_round_robin_takes_the_other_tie_breaks() -> None:
    codes = ("DE", "SB", "WIN", "KS", "PS")
    settings = RoundRobinSettings(tiebreaks=tuple(parse_tiebreak(c) for c in codes))
    assert tuple(str(tb) for tb in settings.tiebreaks) == codes


@pytest.mark.parametrize("rounds", [0, 1000])
def test_a_swiss_names_its_rounds_when_refusing_them(rounds: int) -> None:
    with pytest.raises(ModelError) as refused:
        SwissSettings(rounds=rounds)
    assert str(refused.value) == f"rounds must be from 1 to 999, not {rounds}"
    assert SwissSettings(rounds=999).rounds == 999
