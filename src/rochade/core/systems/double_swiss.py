"""The Double-Swiss (FIDE C.04.5) as a system: settings codec, pairing, standings.

Every pairing is a match of two games with alternating colours. The matches are kept one
stored round per game (`rochade.core.doubleswiss.matches`): an odd stored round is paired by
the Double-Swiss engine, an even one repeats it with the colours swapped.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from types import MappingProxyType
from typing import ClassVar

from rochade.core.checker import ByePolicy, PairingRules
from rochade.core.doubleswiss.engine import (
    BLACK,
    WHITE,
    DoubleSwissState,
    NoDoubleSwissPairing,
    pair_double_swiss,
)
from rochade.core.doubleswiss.matches import contestants, match_of, match_pairs, regular
from rochade.core.doubleswiss.settings import (
    DOUBLE_SWISS,
    DoubleSwissSettings,
    InitialColour,
    pab_value,
)
from rochade.core.jsonvalues import (
    FormatError,
    read_enum,
    read_int,
    read_obj,
    read_str,
)
from rochade.core.messages import message_of
from rochade.core.model import Absence, Outcome, PlayerId, Tournament
from rochade.core.pairing import Board, Pairing
from rochade.core.system_settings import swiss_numbers
from rochade.core.systems.base import PairingRefused, TournamentSystem
from rochade.core.systems.codec import forbidden_pairs_in, numbers_in, read_as, tiebreaks_in
from rochade.core.systems.crosstables import crosstable_of
from rochade.core.tiebreaks import Crosstable, Kind, RoundEntry, Scoring, TieBreak

SECOND_GAME_BYE = {Fraction(0): "zero_point_bye", Fraction(1, 2): "half_point_bye",
                   Fraction(1): "full_point_bye"}
"""The row of the second game of a pairing-allocated bye, by what it adds to the first's."""


class DoubleSwiss(TournamentSystem[DoubleSwissSettings]):
    """Matches of two games paired by score and pairing number; one stored round a game."""

    name: ClassVar[str] = DOUBLE_SWISS
    settings_type = DoubleSwissSettings
    engine = "FIDE Double-Swiss"
    forbidden_pairs = True
    pairing_numbers = True
    fide_tiebreaks = True
    absence_byes = True
    hand_pairing = False
    options = MappingProxyType({"rounds": int, "pab": pab_value,
                                "initial_colour": InitialColour})

    def to_dict(self, settings: DoubleSwissSettings) -> dict[str, object]:
        return {
            "rounds": settings.rounds,
            "pab": str(settings.pab),
            "tiebreaks": [str(tb) for tb in settings.tiebreaks],
            "initial_colour": settings.initial_colour.value,
            "forbidden_pairs": sorted(sorted(pair) for pair in settings.forbidden_pairs),
            "numbers": list(settings.numbers),
            "seed": settings.seed,
        }

    def from_dict(self, data: object, where: str = "settings") -> DoubleSwissSettings:
        with read_as(where):
            d = read_obj(data, where, _KEYS)
            default = DoubleSwissSettings()
            try:
                pab = pab_value(read_str(d.get("pab", str(default.pab)), f"{where}.pab"))
            except ValueError:
                raise FormatError("{where}.pab: cannot read {value}", where=where,
                                  value=repr(d.get("pab"))) from None
            return DoubleSwissSettings(
                rounds=read_int(d.get("rounds", default.rounds), f"{where}.rounds", 1),
                pab=pab,
                tiebreaks=tiebreaks_in(
                    d.get("tiebreaks", [str(t) for t in default.tiebreaks]),
                    f"{where}.tiebreaks"),
                initial_colour=read_enum(d.get("initial_colour", "white"),
                                         f"{where}.initial_colour", InitialColour),
                forbidden_pairs=forbidden_pairs_in(d.get("forbidden_pairs", []), where),
                numbers=numbers_in(d, where),
                seed=read_int(d.get("seed", 0), f"{where}.seed"),
            )

    def pair(self, t: Tournament, number: int, present: Callable[[], Sequence[PlayerId]],
             seed: Callable[[], int], origins: Callable[[], Mapping[PlayerId, str]] = dict,
             ) -> tuple[Pairing, DoubleSwissSettings | None]:
        """A new match round (its first games), or the second games of the last one."""
        s = self.settings_of(t)
        match, game = match_of(number)
        if game == 2:
            return second_games(t, s, number), None
        if match > s.rounds:
            raise PairingRefused("all {rounds} rounds of this Swiss are paired", rounds=s.rounds)
        players = present()
        if len(players) < 2:
            raise PairingRefused("round {round}: fewer than two players are present",
                                 round=number)
        numbered = self.numbered(t)
        current = t if numbered is None else dataclasses.replace(t, settings=numbered)
        try:
            result = pair_double_swiss(state_of(current, players))
        except NoDoubleSwissPairing as exc:
            raise PairingRefused("round {round}: {problem}", round=number,
                                 problem=message_of(exc)) from None
        boards = tuple(Board(m.white, m.black) for m in result.matches)
        return Pairing(boards, result.bye, result.explanation), numbered

    def numbered(self, t: Tournament) -> DoubleSwissSettings | None:
        """Everybody is numbered before round 1, a late entry when it joins."""
        s = self.settings_of(t)
        numbers = swiss_numbers(t.entrants, s.numbers, len(t.rounds))
        return None if numbers == s.numbers else dataclasses.replace(s, numbers=numbers)

    def start_numbers(self, t: Tournament) -> tuple[PlayerId, ...]:
        s = self.own(t.settings)
        if s is None:
            return super().start_numbers(t)
        return swiss_numbers(t.entrants, s.numbers, len(t.rounds))

    def scoring(self, settings: DoubleSwissSettings) -> Scoring:
        """Games 1-½-0; the bye's first game worth up to a win, its second the rest."""
        first = min(settings.pab, Fraction(1))
        return Scoring(pab=None if first == 1 else first)

    def tiebreaks(self, settings: DoubleSwissSettings) -> tuple[TieBreak, ...]:
        return settings.tiebreaks

    def with_tiebreaks(self, settings: DoubleSwissSettings, tiebreaks: tuple[TieBreak, ...]
                       ) -> DoubleSwissSettings:
        return dataclasses.replace(settings, tiebreaks=tiebreaks)

    def counted(self, t: Tournament, table: Crosstable, numbers: Sequence[PlayerId]
                ) -> Crosstable:
        """A game forfeited in a match that counts as played is counted as played."""
        return count_matches(t, table, numbers)

    def kept_apart(self, settings: DoubleSwissSettings) -> frozenset[frozenset[PlayerId]]:
        return settings.forbidden_pairs

    def with_kept_apart(self, settings: DoubleSwissSettings,
                        pairs: frozenset[frozenset[PlayerId]]) -> DoubleSwissSettings:
        return dataclasses.replace(settings, forbidden_pairs=pairs)

    def numbers(self, settings: DoubleSwissSettings) -> tuple[PlayerId, ...]:
        return settings.numbers

    def renumbered(self, settings: DoubleSwissSettings, number: Mapping[PlayerId, PlayerId]
                   ) -> DoubleSwissSettings:
        return dataclasses.replace(
            settings, numbers=tuple(range(1, len(number) + 1)),
            forbidden_pairs=frozenset(frozenset(number[p] for p in pair)
                                      for pair in settings.forbidden_pairs))

    def planned_rounds(self, settings: DoubleSwissSettings) -> int | None:
        """Stored rounds: two games a match round."""
        return 2 * settings.rounds

    def pairing_rules(self, settings: DoubleSwissSettings, number: int) -> PairingRules:
        """Two games in a row against the same opponent, one bye a player."""
        return PairingRules(forbidden_pairs=settings.forbidden_pairs, rematch_gap=0,
                            bye_policy=ByePolicy.ONCE, forfeits_count=False)

    def describe(self, settings: DoubleSwissSettings) -> str:
        return f"{settings.rounds} rounds of two-game matches"


_KEYS = tuple(DoubleSwiss().to_dict(DoubleSwissSettings()))


def state_of(t: Tournament, players: Sequence[PlayerId]) -> DoubleSwissState:
    """The engine's input for the next match round of `t` among `players`."""
    system = DOUBLE_SWISS_SYSTEM
    s = system.settings_of(t)
    numbers = system.start_numbers(t)
    scoring = system.scoring(s)
    table = count_matches(t, crosstable_of(t, numbers, scoring, round_robin=False), numbers)
    points = {numbers[rec.id - 1]: sum((scoring.points(e) for e in rec.rounds), Fraction(0))
              for rec in table.players}
    colour = WHITE if s.initial_colour is InitialColour.WHITE else BLACK
    return DoubleSwissState(contestants(t, numbers, players, scoring, points),
                            s.forbidden_pairs, colour)


def second_games(t: Tournament, s: DoubleSwissSettings, number: int) -> Pairing:
    """The second games of the match round whose first games are stored round
    `number - 1`: the same boards, colours swapped; the bye's second row."""
    first = t.rounds[number - 2]
    boards = tuple(Board(g.black, g.white) for g in first.games)
    rows = [Absence(a.player, a.reason) for a in first.absences]
    if first.bye is not None:
        rest = s.pab - min(s.pab, Fraction(1))
        rows.append(Absence(first.bye, SECOND_GAME_BYE[rest]))
    return Pairing(boards, None, ("second games: colours swapped",), tuple(rows),
                   tuple(g.board for g in first.games) if any(g.board for g in first.games)
                   else ())


def count_matches(t: Tournament, table: Crosstable, numbers: Sequence[PlayerId]) -> Crosstable:
    """The crosstable with each single forfeited game of a regular match as played."""
    index = {pid: i for i, pid in enumerate(numbers)}
    rounds = [list(p.rounds) for p in table.players]
    for m, (first, second) in enumerate(match_pairs(t.rounds)):
        if second is None:
            continue
        for g1 in first.games:
            g2 = second.game_of(g1.white)
            if g2 is None or not regular(g1, g2):
                continue
            for r, g in ((2 * m, g1), (2 * m + 1, g2)):
                if g.result is None or not g.result.is_forfeit:
                    continue
                for pid, white in ((g.white, True), (g.black, False)):
                    old = rounds[index[pid]][r]
                    rounds[index[pid]][r] = RoundEntry(Kind.PLAYED, old.opponent, old.colour,
                                                       _played(g.result.outcome(white)))
    players = tuple(dataclasses.replace(p, rounds=tuple(rounds[i]))
                    for i, p in enumerate(table.players))
    return dataclasses.replace(table, players=players)


def _played(outcome: Outcome) -> Outcome:
    return {Outcome.FORFEIT_WIN: Outcome.WIN, Outcome.FORFEIT_LOSS: Outcome.LOSS}.get(
        outcome, outcome)


DOUBLE_SWISS_SYSTEM = DoubleSwiss()
"""The Double-Swiss."""
