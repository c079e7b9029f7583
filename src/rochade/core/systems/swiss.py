"""The Swiss: a fixed number of rounds paired by the FIDE Dutch engine; the settings codec."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import ClassVar

from rochade.core.checker import ByePolicy, PairingRules
from rochade.core.jsonvalues import (
    FormatError,
    read_enum,
    read_fraction,
    read_int,
    read_list,
    read_obj,
    read_opt_int,
)
from rochade.core.messages import Said, message_of
from rochade.core.model import PlayerId, Tournament
from rochade.core.pairing import Pairing
from rochade.core.system_settings import (
    SWISS,
    Acceleration,
    ByeRequest,
    FirstRound,
    SwissRules,
    SwissSettings,
    VirtualPoints,
    limit,
    parse_virtual_points,
    random_round,
    swiss_numbers,
    virtual_points_text,
)
from rochade.core.systems.base import PairingRefused, TournamentSystem
from rochade.core.systems.codec import (
    forbidden_pairs_in,
    numbers_in,
    read_as,
    scoring_in,
    scoring_out,
    tiebreaks_in,
    value_out,
)
from rochade.core.tiebreaks import Scoring, TieBreak


class Swiss(TournamentSystem[SwissSettings]):
    """A Swiss: players ask for byes in advance and may be kept apart; pairing numbers as
    C.04.2.B gives them."""

    name: ClassVar[str] = SWISS
    settings_type = SwissSettings
    engine = "FIDE Dutch"
    forbidden_pairs = True
    byes_in_advance = True
    pairing_numbers = True
    fide_tiebreaks = True
    fide_mode = True
    absence_byes = True
    explains_pairings = True
    options = MappingProxyType({
        "rounds": int, "first_round": FirstRound, "seed": int, "acceleration": Acceleration,
        "virtual_points": parse_virtual_points,
        "max_half_point_byes": limit, "half_point_byes_closed": int,
        "pairing_rules": SwissRules,
    })

    def to_dict(self, settings: SwissSettings) -> dict[str, object]:
        return {
            "rounds": settings.rounds,
            **scoring_out(settings.scoring),
            "tiebreaks": [str(tb) for tb in settings.tiebreaks],
            "acceleration": settings.acceleration.value,
            "first_round": settings.first_round.value,
            "seed": settings.seed,
            "forbidden_pairs": sorted(sorted(pair) for pair in settings.forbidden_pairs),
            "bye_requests": [
                {"round": b.round, "player": b.player,
                 "bye": "fpb" if b.full else "hpb" if b.half else "zpb"}
                for b in sorted(settings.bye_requests)
            ],
            "max_half_point_byes": settings.max_half_point_byes,
            "half_point_byes_closed": settings.half_point_byes_closed,
            "numbers": list(settings.numbers),
            # written only for Burstein, so files of Dutch Swisses stay as they were
            **({} if settings.pairing_rules is SwissRules.DUTCH
               else {"pairing_rules": settings.pairing_rules.value}),
            **({"virtual_points": [  # only when there is a table: older files stay as they were
                {"player": v.player, "first": v.first, "last": v.last,
                 "points": value_out(v.points)} for v in sorted(settings.virtual_points)
            ]} if settings.virtual_points else {}),
        }

    def from_dict(self, data: object, where: str = "settings") -> SwissSettings:
        with read_as(where):
            d = read_obj(data, where, _KEYS)
            sw = SwissSettings()
            return SwissSettings(
                rounds=read_int(d.get("rounds", sw.rounds), f"{where}.rounds", 1),
                scoring=scoring_in(d, where),
                tiebreaks=tiebreaks_in(d.get("tiebreaks", [str(t) for t in sw.tiebreaks]),
                                       f"{where}.tiebreaks"),
                acceleration=read_enum(d.get("acceleration", "none"), f"{where}.acceleration",
                                       Acceleration),
                virtual_points=_virtual_points(d.get("virtual_points", []),
                                               f"{where}.virtual_points"),
                first_round=read_enum(d.get("first_round", "dutch"), f"{where}.first_round",
                                      FirstRound),
                seed=read_int(d.get("seed", sw.seed), f"{where}.seed"),
                forbidden_pairs=forbidden_pairs_in(d.get("forbidden_pairs", []), where),
                bye_requests=_bye_requests(d.get("bye_requests", []), f"{where}.bye_requests"),
                max_half_point_byes=read_opt_int(d.get("max_half_point_byes"),
                                                 f"{where}.max_half_point_byes", 0),
                half_point_byes_closed=read_int(d.get("half_point_byes_closed", 0),
                                                f"{where}.half_point_byes_closed", 0),
                numbers=numbers_in(d, where),
                pairing_rules=read_enum(d.get("pairing_rules", "dutch"),
                                        f"{where}.pairing_rules", SwissRules),
            )

    def kept_apart(self, settings: SwissSettings) -> frozenset[frozenset[PlayerId]]:
        return settings.forbidden_pairs

    def bye_requests(self, settings: SwissSettings) -> frozenset[ByeRequest]:
        return settings.bye_requests

    def numbers(self, settings: SwissSettings) -> tuple[PlayerId, ...]:
        return settings.numbers

    def pair(self, t: Tournament, number: int, present: Callable[[], Sequence[PlayerId]],
             seed: Callable[[], int], origins: Callable[[], Mapping[PlayerId, str]] = dict,
             ) -> tuple[Pairing, SwissSettings | None]:
        """The Dutch engine's round (round 1 at random when the settings say so), and the
        pairing numbers when they changed."""
        return _pair(t, self.settings_of(t), number, present), self.numbered(t)

    def numbered(self, t: Tournament) -> SwissSettings | None:
        """Everybody is numbered before round 1, a late entry until round 4 (C.04.2.B)."""
        s = self.settings_of(t)
        numbers = swiss_numbers(t.entrants, s.numbers, len(t.rounds))
        return None if numbers == s.numbers else dataclasses.replace(s, numbers=numbers)

    def engine_of(self, settings: object) -> str:
        own = self.own(settings)
        return self.engine if own is None else own.pairing_rules.title

    def explain_player(self, t: Tournament, number: int, player: PlayerId
                       ) -> tuple[str, ...] | None:
        """The criteria of the Dutch system that decided the player's pairing."""
        from rochade.core.dutch import DutchError
        from rochade.core.swiss import explain_swiss_player

        try:
            return explain_swiss_player(t, self.settings_of(t), number, player)
        except DutchError as exc:
            raise PairingRefused("round {number}: {why}", number=number,
                                 why=message_of(exc)) from None

    def with_kept_apart(self, settings: SwissSettings,
                        pairs: frozenset[frozenset[PlayerId]]) -> SwissSettings:
        return dataclasses.replace(settings, forbidden_pairs=pairs)

    def with_bye_requests(self, settings: SwissSettings,
                          requests: frozenset[ByeRequest]) -> SwissSettings:
        return dataclasses.replace(settings, bye_requests=requests)

    def half_point_bye_limits(self, settings: SwissSettings) -> tuple[int | None, int]:
        return settings.max_half_point_byes, settings.half_point_byes_closed

    def scoring(self, settings: SwissSettings) -> Scoring:
        return settings.scoring

    def tiebreaks(self, settings: SwissSettings) -> tuple[TieBreak, ...]:
        return settings.tiebreaks

    def with_tiebreaks(self, settings: SwissSettings, tiebreaks: tuple[TieBreak, ...]
                       ) -> SwissSettings:
        return dataclasses.replace(settings, tiebreaks=tiebreaks)

    def start_numbers(self, t: Tournament) -> tuple[PlayerId, ...]:
        """The stored pairing numbers, late entries slotted in (C.04.2.B)."""
        s = self.own(t.settings)
        if s is None:
            return super().start_numbers(t)
        return swiss_numbers(t.entrants, s.numbers, len(t.rounds))

    def renumbered(self, settings: SwissSettings, number: Mapping[PlayerId, PlayerId]
                   ) -> SwissSettings:
        n = number
        return dataclasses.replace(
            settings,
            numbers=tuple(range(1, len(n) + 1)),
            forbidden_pairs=frozenset(frozenset(n[p] for p in pair)
                                      for pair in settings.forbidden_pairs),
            bye_requests=frozenset(dataclasses.replace(b, player=n[b.player])
                                   for b in settings.bye_requests),
            virtual_points=frozenset(dataclasses.replace(v, player=n[v.player])
                                     for v in settings.virtual_points if v.player in n),
        )

    def draws_by_lot(self, settings: SwissSettings) -> bool:
        return settings.first_round is FirstRound.RANDOM

    def planned_rounds(self, settings: SwissSettings) -> int | None:
        return settings.rounds

    def pairing_rules(self, settings: SwissSettings, number: int) -> PairingRules:
        """C.04.1: no rematches, colours within two, one bye a player, forfeits not played."""
        return PairingRules(forbidden_pairs=settings.forbidden_pairs, rematch_gap=None,
                            max_colour_difference=2, max_same_colour_run=2,
                            bye_policy=ByePolicy.ONCE, forfeits_count=False)

    def describe(self, settings: SwissSettings) -> str:
        """The rounds, the pairing system when not the Dutch one, and the acceleration when
        there is one (a table as it is typed)."""
        said = f"{settings.rounds} rounds"
        if settings.pairing_rules is not SwissRules.DUTCH:
            said += f", {settings.pairing_rules.title} system"
        if settings.virtual_points:
            return f"{said}, virtual points {virtual_points_text(settings.virtual_points)}"
        if settings.acceleration is not Acceleration.NONE:
            return f"{said}, {settings.acceleration.value} acceleration"
        return said


_KEYS = (*Swiss().to_dict(SwissSettings()), "pairing_rules", "virtual_points")


def _bye_requests(value: object, where: str) -> frozenset[ByeRequest]:
    out = set()
    for i, item in enumerate(read_list(value, where)):
        d = read_obj(item, f"{where}[{i}]", ("round", "player", "bye"))
        kind = d.get("bye", "hpb")
        if kind not in ("hpb", "zpb", "fpb"):
            raise FormatError(
                "{where}[{i}].bye: {kind} is not hpb, zpb or fpb",
                where=where,
                i=i,
                kind=repr(kind),
            )
        out.add(ByeRequest(read_int(d.get("round"), f"{where}[{i}].round", 1),
                           read_int(d.get("player"), f"{where}[{i}].player", 1), kind == "hpb",
                           kind == "fpb"))
    return frozenset(out)


def _virtual_points(value: object, where: str) -> frozenset[VirtualPoints]:
    out = set()
    for i, item in enumerate(read_list(value, where)):
        d = read_obj(item, f"{where}[{i}]", ("player", "first", "last", "points"))
        out.add(VirtualPoints(read_int(d.get("player"), f"{where}[{i}].player", 1),
                              read_int(d.get("first"), f"{where}[{i}].first", 1),
                              read_int(d.get("last"), f"{where}[{i}].last", 1),
                              read_fraction(d.get("points"), f"{where}[{i}].points")))
    return frozenset(out)


def _pair(t: Tournament, s: SwissSettings, number: int,
          present: Callable[[], Sequence[PlayerId]]) -> Pairing:
    if number > s.rounds:
        raise PairingRefused("all {rounds} rounds of this Swiss are paired", rounds=s.rounds)
    players = present()
    if len(players) < 2:
        raise PairingRefused("round {round}: fewer than two players are present", round=number)
    if number == 1 and s.first_round is FirstRound.RANDOM:
        drawn = random_round(players, random.Random(s.seed))
        return dataclasses.replace(
            drawn, explanation=(*drawn.explanation, Said("Seed {seed}.", seed=s.seed))
        )
    from rochade.core.dutch import DutchError, NoValidPairing
    from rochade.core.swiss import pair_swiss

    try:
        return pair_swiss(t, s, number, players)
    except NoValidPairing as exc:
        raise PairingRefused(
            "round {round}: no pairing satisfies the FIDE rules ({problem}); pair this round by "
            "hand with --manual",
            round=number,
            problem=message_of(exc),
        ) from None
    except DutchError as exc:
        raise PairingRefused(
            "round {round}: {problem}", round=number, problem=message_of(exc)
        ) from None


SWISS_SYSTEM = Swiss()
"""The Swiss, for what only it writes (the TRF header of the Dutch engines, forbidden pairs
as 260 records)."""
