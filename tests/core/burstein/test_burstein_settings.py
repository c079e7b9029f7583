"""A Burstein Swiss is a Swiss with other pairing rules: kept in its settings, written only
when not Dutch, refused when unknown."""

from __future__ import annotations

import pytest

from rochade.core.jsonvalues import FormatError
from rochade.core.systems import SwissRules, SwissSettings
from rochade.core.systems.swiss import SWISS_SYSTEM


def test_burstein_settings_round_trip_and_dutch_ones_stay_as_they_were() -> None:
    burstein = SwissSettings(rounds=9, pairing_rules=SwissRules.BURSTEIN)
    data = SWISS_SYSTEM.to_dict(burstein)
    assert data["pairing_rules"] == "burstein"
    assert SWISS_SYSTEM.from_dict(data) == burstein
    assert "pairing_rules" not in SWISS_SYSTEM.to_dict(SwissSettings())
    assert SWISS_SYSTEM.describe(burstein) == "9 rounds, FIDE Burstein system"
    assert SWISS_SYSTEM.engine_of(burstein) == "FIDE Burstein"
    assert SWISS_SYSTEM.engine_of(SwissSettings()) == "FIDE Dutch"


def test_unknown_pairing_rules_are_refused() -> None:
    with pytest.raises(FormatError, match="pairing_rules"):
        SWISS_SYSTEM.from_dict({"rounds": 5, "pairing_rules": "lim"})


def test_the_trf_type_codes() -> None:
    assert SwissRules.BURSTEIN.trf_code == "FIDE_BURSTEIN"
    assert SwissRules.DUTCH.trf_code == "FIDE_DUTCH_2025"
