"""The round robin: everybody meets everybody by the FIDE Berger tables; the settings codec."""

from __future__ import annotations

import dataclasses
from types import MappingProxyType
from typing import ClassVar

from rochade.core.checker import ByePolicy, PairingRules
from rochade.core.jsonvalues import read_bool, read_enum, read_int, read_obj
from rochade.core.model import PlayerId
from rochade.core.systems.base import TournamentSystem
from rochade.core.systems.codec import numbers_in, read_as, scoring_in, scoring_out, tiebreaks_in
from rochade.core.systems.settings import ROUND_ROBIN, RoundRobinSettings, StartNumbers, yes_no


class RoundRobin(TournamentSystem[RoundRobinSettings]):
    """A round robin: the schedule is fixed by the start numbers drawn before round 1."""

    name: ClassVar[str] = ROUND_ROBIN
    settings_type = RoundRobinSettings
    pairing_numbers = True
    fide_tiebreaks = True
    fide_mode = True
    fixed_schedule = True
    options = MappingProxyType({"double": yes_no, "numbers_by": StartNumbers, "seed": int})

    def to_dict(self, settings: RoundRobinSettings) -> dict[str, object]:
        return {
            "double": settings.double,
            "numbers_by": settings.numbers_by.value,
            "seed": settings.seed,
            "numbers": list(settings.numbers),
            "swap_last_two": settings.swap_last_two,
            **scoring_out(settings.scoring),
            "tiebreaks": [str(tb) for tb in settings.tiebreaks],
        }

    def from_dict(self, data: object, where: str = "settings") -> RoundRobinSettings:
        with read_as(where):
            d = read_obj(data, where, _KEYS)
            rr = RoundRobinSettings(scoring=scoring_in(d, where))
            return dataclasses.replace(
                rr,
                double=read_bool(d.get("double", rr.double), f"{where}.double"),
                numbers_by=read_enum(d.get("numbers_by", rr.numbers_by.value),
                                     f"{where}.numbers_by", StartNumbers),
                seed=read_int(d.get("seed", rr.seed), f"{where}.seed"),
                numbers=numbers_in(d, where),
                swap_last_two=read_bool(d.get("swap_last_two", True), f"{where}.swap_last_two"),
                tiebreaks=tiebreaks_in(d.get("tiebreaks", [str(t) for t in rr.tiebreaks]),
                                       f"{where}.tiebreaks"),
            )

    def numbers(self, settings: RoundRobinSettings) -> tuple[PlayerId, ...]:
        return settings.numbers

    def draws_by_lot(self, settings: RoundRobinSettings) -> bool:
        return settings.numbers_by is StartNumbers.LOT

    def pairing_rules(self, settings: RoundRobinSettings, number: int) -> PairingRules:
        """Everybody meets everybody once (twice in a double round robin, at any distance)."""
        return PairingRules(rematch_gap=0 if settings.double else None,
                            max_meetings=2 if settings.double else 1, bye_policy=ByePolicy.ANY)

    def describe(self, settings: RoundRobinSettings) -> str:
        return "double" if settings.double else "single"


_KEYS = tuple(RoundRobin().to_dict(RoundRobinSettings()))
