"""The round robin: everybody meets everybody by the FIDE Berger tables; the settings codec."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import ClassVar

from rochade.core.checker import ByePolicy, PairingRules
from rochade.core.jsonvalues import read_bool, read_enum, read_int, read_obj
from rochade.core.messages import Said
from rochade.core.model import ModelError, PlayerId, Tournament
from rochade.core.pairing import Pairing
from rochade.core.roundrobin import (
    BergerEngine,
    BergerState,
    annul_withdrawn,
    berger_schedule,
    draw_numbers,
    numbers_by_rating,
    varma_draw,
)
from rochade.core.system_settings import ROUND_ROBIN, RoundRobinSettings, StartNumbers, yes_no
from rochade.core.systems.base import PairingRefused, TournamentSystem
from rochade.core.systems.codec import numbers_in, read_as, scoring_in, scoring_out, tiebreaks_in
from rochade.core.tiebreaks import Crosstable, Scoring, TieBreak


def _start_numbers(t: Tournament, s: RoundRobinSettings,
                   origins: Callable[[], Mapping[PlayerId, str]]) -> tuple[PlayerId, ...]:
    """The numbers drawn before round 1: by lot, by rating, or by the Varma draw (C.05
    Annex 2), in which a player without a federation (or club) is a contingent of one."""
    if s.numbers_by is StartNumbers.RATING:
        return numbers_by_rating(t.entrants)
    rng = random.Random(s.seed)
    if s.numbers_by is StartNumbers.LOT:
        return draw_numbers([e.id for e in t.entrants], rng)
    known = origins()
    groups = {e.id: known.get(e.id) or f"#{e.id}" for e in t.entrants}
    try:
        return varma_draw(groups, {e.id: e.name for e in t.entrants}, rng)
    except ModelError as exc:
        raise PairingRefused(exc.msg) from None

class RoundRobin(TournamentSystem[RoundRobinSettings]):
    """A round robin: the schedule is fixed by the start numbers drawn before round 1."""

    name: ClassVar[str] = ROUND_ROBIN
    settings_type = RoundRobinSettings
    engine = "Berger table"
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

    def pair(self, t: Tournament, number: int, present: Callable[[], Sequence[PlayerId]],
             seed: Callable[[], int], origins: Callable[[], Mapping[PlayerId, str]] = dict,
             ) -> tuple[Pairing, RoundRobinSettings | None]:
        """The Berger table's round; the start numbers are drawn when round 1 is paired."""
        s = self.settings_of(t)
        changed = None
        if not s.numbers:
            if len(t.entrants) < 2:
                raise PairingRefused(
                    "a round robin needs at least 2 players; {name} has {count}",
                    name=t.name,
                    count=len(t.entrants),
                )
            s = changed = dataclasses.replace(s, numbers=_start_numbers(t, s, origins))
        rounds = len(berger_schedule(len(s.numbers), double=s.double).rounds)
        if number > rounds:
            raise PairingRefused("all {rounds} rounds of this round robin are paired",
                                 rounds=rounds)
        pairing = BergerEngine().pair(
            BergerState(t, s.numbers, number, s.double, s.swap_last_two)
        )
        if changed is not None:
            drawn = ", ".join(f"{i}. {t.entrant(p).name}" for i, p in enumerate(s.numbers, 1))
            line = {
                StartNumbers.LOT: Said("Start numbers drawn by lot (seed {seed}): {numbers}",
                                       seed=s.seed, numbers=drawn),
                StartNumbers.VARMA: Said("Start numbers drawn by the Varma tables, players of "
                                         "one federation in one group (seed {seed}): {numbers}",
                                         seed=s.seed, numbers=drawn),
            }.get(s.numbers_by, Said("Start numbers drawn by rating: {numbers}", numbers=drawn))
            pairing = dataclasses.replace(pairing, explanation=(line, *pairing.explanation))
        return pairing, changed

    def scoring(self, settings: RoundRobinSettings) -> Scoring:
        return settings.scoring

    def tiebreaks(self, settings: RoundRobinSettings) -> tuple[TieBreak, ...]:
        return settings.tiebreaks

    def with_tiebreaks(self, settings: RoundRobinSettings, tiebreaks: tuple[TieBreak, ...]
                       ) -> RoundRobinSettings:
        return dataclasses.replace(settings, tiebreaks=tiebreaks)

    def start_numbers(self, t: Tournament) -> tuple[PlayerId, ...]:
        """The numbers drawn before round 1; by rating until then."""
        s = self.own(t.settings)
        if s is None:
            return super().start_numbers(t)
        return s.numbers or numbers_by_rating(t.entrants)

    def renumbered(self, settings: RoundRobinSettings, number: Mapping[PlayerId, PlayerId]
                   ) -> RoundRobinSettings:
        return dataclasses.replace(settings, numbers=tuple(number[p] for p in settings.numbers))

    def counted(self, t: Tournament, table: Crosstable, numbers: Sequence[PlayerId]
                ) -> Crosstable:
        """A player who withdrew having played fewer than half of his games has them all
        annulled (C.05; `annul_withdrawn`)."""
        s = self.own(t.settings)
        if s is None:
            return table
        withdrawn = {i for i, pid in enumerate(numbers, 1) if t.entrant(pid).withdrawn}
        games_each = (len(numbers) - 1) * (2 if s.double else 1)
        return Crosstable(annul_withdrawn(table.players, withdrawn, games_each),
                          table.scoring, round_robin=True)

    def draws_by_lot(self, settings: RoundRobinSettings) -> bool:
        return settings.numbers_by in (StartNumbers.LOT, StartNumbers.VARMA)

    def rounds_in(self, t: Tournament) -> int | None:
        """The rounds of the Berger table (0 below two players)."""
        s = self.own(t.settings)
        if s is None:
            return None
        players = len(s.numbers) if s.numbers else len(t.entrants)
        return len(berger_schedule(players, double=s.double).rounds) if players >= 2 else 0

    def pairing_rules(self, settings: RoundRobinSettings, number: int) -> PairingRules:
        """Everybody meets everybody once (twice in a double round robin, at any distance)."""
        return PairingRules(rematch_gap=0 if settings.double else None,
                            max_meetings=2 if settings.double else 1, bye_policy=ByePolicy.ANY)

    def describe(self, settings: RoundRobinSettings) -> str:
        return "double" if settings.double else "single"


_KEYS = tuple(RoundRobin().to_dict(RoundRobinSettings()))


ROUND_ROBIN_SYSTEM = RoundRobin()
"""The round robin, for the pages only it has (its Berger schedule)."""
