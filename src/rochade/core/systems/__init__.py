"""The tournament systems rochade runs, one object each, and the registry a new one joins.

A tournament names its system (`Tournament.system`); `system_of` gives the object that knows
what the system offers and how its settings are kept, so no other code needs to compare the
name. A new system is a `TournamentSystem` subclass added to `SYSTEMS`.
"""

from __future__ import annotations

from typing import Any

from rochade.core.jsonvalues import FormatError
from rochade.core.model import Tournament
from rochade.core.system_settings import (
    DEFAULT_TIEBREAKS,
    KEIZER,
    NUMBERS_FROZEN_AFTER,
    ROUND_ROBIN,
    SCORINGS,
    SWISS,
    SWISS_ABSENCES,
    TITLE_ORDER,
    Acceleration,
    ByeRequest,
    FirstRound,
    RoundRobinSettings,
    StartNumbers,
    SwissSettings,
    baku_group_a,
    baku_virtual_points,
    check_scoring,
    random_round,
    scoring,
    scoring_text,
    swiss_numbers,
)
from rochade.core.systems.base import TournamentSystem
from rochade.core.systems.keizer import KEIZER_SYSTEM
from rochade.core.systems.round_robin import ROUND_ROBIN_SYSTEM
from rochade.core.systems.swiss import SWISS_SYSTEM

SYSTEMS: dict[str, TournamentSystem[Any]] = {
    s.name: s for s in (KEIZER_SYSTEM, ROUND_ROBIN_SYSTEM, SWISS_SYSTEM)
}
"""Every system by name, in the order they are offered."""


def find_system(name: object) -> TournamentSystem[Any]:
    """The system called `name`, refused (as a file problem) unless rochade knows it."""
    system = SYSTEMS.get(name) if isinstance(name, str) else None
    if system is None:
        raise FormatError("system {system} is not one of {systems}", system=repr(name),
                          systems=", ".join(SYSTEMS))
    return system


def holder(settings: object) -> TournamentSystem[Any] | None:
    """The system whose settings these are (None: no system's)."""
    return next((system for system in SYSTEMS.values() if system.holds(settings)), None)


def system_holding(settings: object) -> TournamentSystem[Any]:
    """The system whose settings these are, refused when they are no system's."""
    system = holder(settings)
    if system is None:
        raise FormatError("unknown settings {type}", type=type(settings).__name__)
    return system


def system_of(t: Tournament) -> TournamentSystem[Any]:
    """The system of `t`."""
    return find_system(t.system)


__all__ = [
    "DEFAULT_TIEBREAKS",
    "KEIZER",
    "NUMBERS_FROZEN_AFTER",
    "ROUND_ROBIN",
    "SCORINGS",
    "SWISS",
    "SWISS_ABSENCES",
    "SYSTEMS",
    "TITLE_ORDER",
    "Acceleration",
    "ByeRequest",
    "FirstRound",
    "RoundRobinSettings",
    "StartNumbers",
    "SwissSettings",
    "TournamentSystem",
    "baku_group_a",
    "baku_virtual_points",
    "check_scoring",
    "find_system",
    "holder",
    "random_round",
    "scoring",
    "scoring_text",
    "swiss_numbers",
    "system_holding",
    "system_of",
]
