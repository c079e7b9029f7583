"""The tournament systems rochade runs, one object each, and the registry a new one joins.

A tournament names its system (`Tournament.system`); `system_of` gives the object that knows
what the system offers and how its settings are kept, so no other code needs to compare the
name. A new system is a `TournamentSystem` subclass added to `SYSTEMS`.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from rochade.core.jsonvalues import FormatError
from rochade.core.model import Absence, PlayerId, Tournament
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
    SwissRules,
    SwissSettings,
    VirtualPoints,
    baku_group_a,
    baku_virtual_points,
    check_scoring,
    parse_virtual_points,
    random_round,
    scoring,
    scoring_text,
    swiss_numbers,
    virtual_points_text,
)
from rochade.core.systems.base import TournamentSystem
from rochade.core.systems.double_swiss import DOUBLE_SWISS_SYSTEM
from rochade.core.systems.keizer import KEIZER_SYSTEM
from rochade.core.systems.knockout import KNOCKOUT_SYSTEM
from rochade.core.systems.round_robin import ROUND_ROBIN_SYSTEM
from rochade.core.systems.swiss import SWISS_SYSTEM
from rochade.core.systems.teams import TEAM_ROUND_ROBIN_SYSTEM, TEAM_SWISS_SYSTEM

SYSTEMS: dict[str, TournamentSystem[Any]] = {
    s.name: s for s in (KEIZER_SYSTEM, ROUND_ROBIN_SYSTEM, SWISS_SYSTEM, KNOCKOUT_SYSTEM,
                        DOUBLE_SWISS_SYSTEM, TEAM_SWISS_SYSTEM, TEAM_ROUND_ROBIN_SYSTEM)
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


def numbers_of(t: Tournament) -> tuple[PlayerId, ...]:
    """Start numbers: a round robin's drawn numbers, a Swiss's pairing numbers (stored, plus
    late entries), Keizer's rating order. Every page, list and file numbers players so."""
    system = holder(t.settings)
    return swiss_numbers(t.entrants) if system is None else system.start_numbers(t)


def player_numbers(t: Tournament) -> dict[PlayerId, PlayerId]:
    """Each player's number as the TD reads and types it: a Swiss's or round robin's pairing
    (start) number, the one its lists and TRF file show; Keizer's entrant id."""
    system = holder(t.settings)
    if system is None or not system.pairing_numbers:
        return {e.id: e.id for e in t.entrants}
    return {pid: i for i, pid in enumerate(numbers_of(t), 1)}


def renumbered(t: Tournament) -> tuple[Tournament, dict[PlayerId, PlayerId]]:
    """A Swiss or round robin with its players' ids replaced by their start numbers (what a
    TRF file calls them), and the map id -> number. Keizer keeps its ids."""
    system = holder(t.settings)
    n = player_numbers(t)
    if system is None or not system.pairing_numbers:
        return t, n
    rounds = tuple(
        replace(
            r,
            games=tuple(replace(g, white=n[g.white], black=n[g.black]) for g in r.games),
            absences=tuple(sorted((Absence(n[a.player], a.reason) for a in r.absences),
                                  key=lambda a: a.player)),
            bye=None if r.bye is None else n[r.bye],
            externals=tuple(replace(x, player=n[x.player]) for x in r.externals),
        )
        for r in t.rounds
    )
    entrants = tuple(sorted((replace(e, id=n[e.id]) for e in t.entrants), key=lambda e: e.id))
    settings = system.renumbered(t.settings, n)
    return replace(t, entrants=entrants, rounds=rounds, settings=settings), n


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
    "SwissRules",
    "SwissSettings",
    "TournamentSystem",
    "VirtualPoints",
    "baku_group_a",
    "baku_virtual_points",
    "check_scoring",
    "find_system",
    "holder",
    "numbers_of",
    "parse_virtual_points",
    "player_numbers",
    "random_round",
    "renumbered",
    "scoring",
    "scoring_text",
    "swiss_numbers",
    "system_holding",
    "system_of",
    "virtual_points_text",
]
