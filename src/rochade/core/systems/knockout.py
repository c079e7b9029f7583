"""The knockout cup as a system: its settings codec, its pairing and its finishing places.

The cup itself (seeding, the bracket, matches and their play-off) is `rochade.core.knockout`;
this object is what the other layers ask, so they never compare the system's name.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from types import MappingProxyType
from typing import ClassVar

from rochade.core.checker import ByePolicy, PairingRules
from rochade.core.jsonvalues import (
    FormatError,
    read_any_str,
    read_bool,
    read_enum,
    read_int,
    read_list,
    read_obj,
    read_str,
)
from rochade.core.knockout import (
    CUP_ROWS,
    KNOCKOUT,
    MAX_CONSOLATION,
    KnockoutSettings,
    Playoff,
    Seeding,
    bracket,
    check_correction,
    draw_seeds,
    locate,
    match_points_before,
    pair_next,
    pairs_ahead,
    round_titles,
)
from rochade.core.messages import Said
from rochade.core.model import ModelError, PlayerId, Tournament
from rochade.core.pairing import Pairing
from rochade.core.standings import ScoreColumn, Standing, Standings
from rochade.core.system_settings import yes_no
from rochade.core.systems.base import PairingRefused, TournamentSystem
from rochade.core.systems.codec import read_as
from rochade.core.tiebreaks import TieBreak


def _playoff(value: object) -> Playoff:
    return value if isinstance(value, Playoff) else Playoff.parse(value)


def _consolation(value: object) -> int:
    rounds = int(str(value))
    if not 0 <= rounds <= MAX_CONSOLATION:
        raise ValueError(value)
    return rounds


def _games(value: object) -> int:
    games = int(str(value))
    if games < 1:
        raise ValueError(value)
    return games


class Knockout(TournamentSystem[KnockoutSettings]):
    """A knockout cup: matches of one or more games, the loser is out, until the final."""

    name: ClassVar[str] = KNOCKOUT
    settings_type = KnockoutSettings
    engine = "knockout bracket"
    pairing_numbers = True
    knockout = True
    hand_pairing = False
    options = MappingProxyType({"games": _games, "playoff": _playoff, "seeding": Seeding,
                                "third_place": yes_no, "seed": int,
                                "consolation": _consolation})

    def to_dict(self, settings: KnockoutSettings) -> dict[str, object]:
        return {
            "games": settings.games,
            "playoff": str(settings.playoff),
            "seeding": settings.seeding.value,
            "third_place": settings.third_place,
            "seed": settings.seed,
            "seeds": list(settings.seeds),
            "deadlines": list(settings.deadlines),
            "consolation": settings.consolation,
            "consolation_cup": settings.consolation_cup,
        }

    def from_dict(self, data: object, where: str = "settings") -> KnockoutSettings:
        with read_as(where):
            d = read_obj(data, where, _KEYS)
            default = KnockoutSettings()
            text = read_any_str(d.get("playoff", str(default.playoff)), f"{where}.playoff")
            try:
                playoff = Playoff.parse(text)
            except ValueError:
                raise FormatError("{where}.playoff: cannot read {text}", where=where,
                                  text=repr(text)) from None
            return KnockoutSettings(
                games=read_int(d.get("games", default.games), f"{where}.games", 1),
                playoff=playoff,
                seeding=read_enum(d.get("seeding", default.seeding.value), f"{where}.seeding",
                                  Seeding),
                third_place=read_bool(d.get("third_place", False), f"{where}.third_place"),
                seed=read_int(d.get("seed", 0), f"{where}.seed"),
                seeds=tuple(read_int(p, f"{where}.seeds", 1)
                            for p in read_list(d.get("seeds", []), f"{where}.seeds")),
                deadlines=tuple(read_str(x, f"{where}.deadlines")
                                for x in read_list(d.get("deadlines", []), f"{where}.deadlines")),
                consolation=read_int(d.get("consolation", 0), f"{where}.consolation", 0),
                consolation_cup=read_any_str(d.get("consolation_cup", ""),
                                             f"{where}.consolation_cup"),
            )

    def pair(self, t: Tournament, number: int, present: Callable[[], Sequence[PlayerId]],
             seed: Callable[[], int], origins: Callable[[], Mapping[PlayerId, str]] = dict,
             ) -> tuple[Pairing, KnockoutSettings | None]:
        """The next games of the open matches, or the next cup round; the seeds are fixed
        when the first cup round is paired."""
        s = self.settings_of(t)
        changed = None
        if not s.seeds:
            s = changed = dataclasses.replace(s, seeds=draw_seeds(t, s))
        try:
            return pair_next(dataclasses.replace(t, settings=s), s), changed
        except ModelError as exc:
            raise PairingRefused(exc.msg) from None

    def locate(self, t: Tournament, round_number: int, board: str) -> tuple[int, int]:
        """`MATCH.GAME` (or `MATCH`: its first game) of cup round `round_number`."""
        match, _, game = board.strip().partition(".")
        try:
            numbers = int(match), int(game or 1)
        except ValueError:
            raise ModelError("cannot read '{board}'; write MATCH.GAME, e.g. 3.2 for game 2 of "
                             "match 3", board=board) from None
        return locate(t, self.settings_of(t), round_number, *numbers)

    def round_titles(self, t: Tournament) -> Mapping[int, tuple[str, Said]]:
        s = self.own(t.settings)
        return {} if s is None or not t.rounds else round_titles(t, s)

    def pairs_ahead(self, t: Tournament) -> bool:
        s = self.own(t.settings)
        return s is not None and pairs_ahead(t, s)

    def check_result(self, before: Tournament, after: Tournament, round_number: int) -> None:
        check_correction(before, after, self.settings_of(before), round_number)

    def points_before(self, t: Tournament, round_number: int) -> dict[PlayerId, Fraction]:
        """Each player's points in their match before the round (its earlier games)."""
        return match_points_before(t, self.settings_of(t), round_number)

    def start_numbers(self, t: Tournament) -> tuple[PlayerId, ...]:
        """The seeds (by rating until they are fixed), then anyone entered later."""
        s = self.own(t.settings)
        seeds = s.seeds if s is not None and s.seeds else super().start_numbers(t)
        return (*seeds, *(e.id for e in t.entrants if e.id not in seeds))

    def renumbered(self, settings: KnockoutSettings, number: Mapping[PlayerId, PlayerId]
                   ) -> KnockoutSettings:
        return dataclasses.replace(settings, seeds=tuple(number[p] for p in settings.seeds))

    def numbers(self, settings: KnockoutSettings) -> tuple[PlayerId, ...]:
        return settings.seeds

    def standings(self, t: Tournament, after_round: int | None = None,
                  tiebreaks: Sequence[TieBreak] | None = None) -> Standings:
        """The finishing places: 1, 2, 3-4, 5-8 ... (each line's rank is the first place of
        its range), and the games each played; those still in rank by seed."""
        if after_round is not None and not 0 <= after_round <= len(t.rounds):
            raise ModelError("there is no round {number} (the tournament has {count})",
                             number=after_round, count=len(t.rounds))
        cut = t if after_round is None else dataclasses.replace(
            t, rounds=t.rounds[:after_round])
        numbers = self.start_numbers(t)
        places = bracket(cut, self.settings_of(t)).places() if t.rounds else {}
        played = {pid: sum(1 for r in cut.rounds if r.game_of(pid) is not None)
                  for pid in numbers}
        order = sorted(numbers, key=lambda p: (places.get(p, (1, 1))[0], numbers.index(p)))
        lines = tuple(
            Standing(places.get(pid, (1, 1))[0], t.entrant(pid), (Fraction(played[pid]),),
                     numbers.index(pid) + 1)
            for pid in order)
        return Standings(self.name, len(cut.rounds), (ScoreColumn("games"),), lines)

    def absence_reasons(self, settings: KnockoutSettings) -> Mapping[str, object]:
        return _ROWS

    def draws_by_lot(self, settings: KnockoutSettings) -> bool:
        """Always: the colours of each match's first game are drawn."""
        return True

    def pairing_rules(self, settings: KnockoutSettings, number: int) -> PairingRules:
        return PairingRules(rematch_gap=0, bye_policy=ByePolicy.ANY)

    def describe(self, settings: KnockoutSettings) -> str:
        third = ", third-place match" if settings.third_place else ""
        rounds = "round 1" if settings.consolation == 1 else "rounds 1 and 2"
        consolation = (f", consolation cup for the losers of {rounds}"
                       if settings.consolation else "")
        return (f"{settings.games} game(s) a match, play-off {settings.playoff}, seeds by "
                f"{settings.seeding.value}{third}{consolation}")


_ROWS = MappingProxyType({reason: reason for reason in CUP_ROWS})
_KEYS = tuple(Knockout().to_dict(KnockoutSettings()))

KNOCKOUT_SYSTEM = Knockout()
"""The knockout cup."""
