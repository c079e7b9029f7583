"""The registry of tournament systems: one object per system, found by name or by settings."""

from __future__ import annotations

import pytest

from rochade.core.keizer.settings import preset
from rochade.core.model import ModelError, Tournament
from rochade.core.systems import (
    SYSTEMS,
    RoundRobinSettings,
    SwissSettings,
    find_system,
    holder,
    system_holding,
    system_of,
)


@pytest.mark.parametrize("name", list(SYSTEMS))
def test_every_system_reads_back_the_settings_it_writes(name: str) -> None:
    system = SYSTEMS[name]
    default = system.settings_type()
    assert system.name == name
    assert system.holds(default)
    assert system.from_dict(system.to_dict(default)) == default
    assert system.from_dict({}) == system.from_dict(system.to_dict(system.from_dict({})))


def test_a_system_is_found_by_name_by_tournament_and_by_settings() -> None:
    assert find_system("swiss") is system_of(Tournament("T", (), system="swiss"))
    assert system_holding(RoundRobinSettings()) is find_system("round-robin")
    assert system_holding(preset("kfc")) is find_system("keizer")
    assert holder(None) is None
    with pytest.raises(ModelError, match=r"^system 'chess960' is not one of keizer, "
                                         r"round-robin, swiss, knockout, double-swiss, team-swiss, "
                                         r"team-round-robin$"):
        find_system("chess960")


def test_the_capabilities_are_the_systems_rules() -> None:
    keizer, round_robin, swiss = (SYSTEMS[n] for n in ("keizer", "round-robin", "swiss"))
    assert keizer.presets and keizer.forbidden_pairs and not keizer.fide_mode
    assert round_robin.fixed_schedule and not round_robin.forbidden_pairs
    assert swiss.byes_in_advance and swiss.absence_byes and swiss.explains_pairings
    assert swiss.planned_rounds(SwissSettings(rounds=5)) == 5
    assert round_robin.planned_rounds(RoundRobinSettings()) is None
    assert sorted(round_robin.options) == ["double", "numbers_by", "seed"]
