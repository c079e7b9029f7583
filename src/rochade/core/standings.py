"""Standings of round robins and Swiss tournaments: points, then the FIDE tie-breaks.

The tournament's rounds become a tie-break `Crosstable` (one `RoundEntry` per player and
round, players named by their start number), which `rochade.core.tiebreaks` ranks. Keizer
standings borrow the same conversion for their optional tie-break columns (game points,
Buchholz ...), on 1-½-0 game points.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from rochade.core.model import (
    Absence,
    Entrant,
    ModelError,
    PlayerId,
    Result,
    Round,
    Tournament,
)
from rochade.core.systems import (
    ROUND_ROBIN,
    SWISS,
    SWISS_ABSENCES,
    TournamentSystem,
    holder,
    swiss_numbers,
)
from rochade.core.tiebreaks import (
    Colour,
    Crosstable,
    Kind,
    PlayerRecord,
    RoundEntry,
    Scoring,
    TieBreak,
    compute,
    explain,
    rank,
)


@dataclass(frozen=True, slots=True)
class StandingLine:
    """One player's line: `number` is the start number (TPN), `values` follow the tie-breaks."""

    rank: int
    entrant: Entrant
    number: int
    points: Fraction
    values: tuple[Fraction, ...]


@dataclass(frozen=True)
class SystemStandings:
    """The ranking after `rounds` rounds, ties broken by `tiebreaks` in order."""

    system: str
    rounds: int
    tiebreaks: tuple[TieBreak, ...]
    lines: tuple[StandingLine, ...]

    def line(self, player: PlayerId) -> StandingLine:
        for line in self.lines:
            if line.entrant.id == player:
                return line
        raise ModelError("no player with id {id} in the standings", id=player)


_FORFEITS = {
    Result.WHITE_WINS_FORFEIT: (Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS),
    Result.BLACK_WINS_FORFEIT: (Kind.FORFEIT_LOSS, Kind.FORFEIT_WIN),
    Result.DOUBLE_FORFEIT: (Kind.FORFEIT_LOSS, Kind.FORFEIT_LOSS),
}


def _entries(rnd: Round, number: dict[PlayerId, int], bye: Kind) -> dict[int, RoundEntry]:
    """One round's entries by start number; players without a row are left out."""
    out: dict[int, RoundEntry] = {}
    for game in rnd.games:
        w, b = number[game.white], number[game.black]
        if game.result is None:  # not played yet: ignored until the result is in
            out[w] = out[b] = RoundEntry(Kind.REST)
        elif game.result in _FORFEITS:
            kw, kb = _FORFEITS[game.result]
            out[w] = RoundEntry(kw, b, Colour.WHITE)
            out[b] = RoundEntry(kb, w, Colour.BLACK)
        else:
            out[w] = RoundEntry(Kind.PLAYED, b, Colour.WHITE, game.result.outcome(True))
            out[b] = RoundEntry(Kind.PLAYED, w, Colour.BLACK, game.result.outcome(False))
    for absence in rnd.absences:
        out[number[absence.player]] = RoundEntry(SWISS_ABSENCES.get(absence.reason, Kind.ZPB))
    for ext in rnd.externals:
        if ext.replaces_row:
            out[number[ext.player]] = RoundEntry(Kind.ZPB)
    if rnd.bye is not None:
        out[number[rnd.bye]] = RoundEntry(bye)
    return out


def crosstable_of(t: Tournament, numbers: Sequence[PlayerId], scoring: Scoring, *,
                  round_robin: bool, after_round: int | None = None) -> Crosstable:
    """The tie-break crosstable of the first `after_round` rounds (default: all).

    `numbers[i]` gets start number i + 1. A round robin's bye is a rest round, a Swiss bye
    the pairing-allocated bye; a round without a row (after a withdrawal) is a zero-point bye.
    """
    number = {pid: i for i, pid in enumerate(numbers, 1)}
    rounds = t.rounds if after_round is None else t.rounds[:after_round]
    per_round = [_entries(r, number, Kind.REST if round_robin else Kind.PAB) for r in rounds]
    absent = RoundEntry(Kind.ZPB)
    players = tuple(
        PlayerRecord(n, tuple(entries.get(n, absent) for entries in per_round),
                     t.entrant(pid).rating)
        for pid, n in number.items()
    )
    return Crosstable(players, scoring, round_robin=round_robin)


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


def system_standings(t: Tournament, after_round: int | None = None) -> SystemStandings:
    """Round-robin or Swiss standings after a round (default: every round so far).

    In a round robin a player who withdrew having played fewer than half of his games has
    them all annulled (C.05; `annul_withdrawn`).
    """
    table, numbers = counted_crosstable(t, after_round)
    entrants = {i: t.entrant(pid) for i, pid in enumerate(numbers, 1)}
    return ranked(table, entrants, _fide(t)[2])


def explain_tiebreaks(
    t: Tournament,
    player: PlayerId,
    after_round: int | None = None,
    counted: tuple[Crosstable, tuple[PlayerId, ...]] | None = None,
) -> tuple[str, ...]:
    """Each tie-break of a player, round by round for the Buchholz and Sonneborn-Berger ones
    (opponents by start number): what a TD shows a player who asks. `counted`: the
    `counted_crosstable` after that round, when the caller keeps it for every player."""
    table, numbers = counted or counted_crosstable(t, after_round)
    number = numbers.index(player) + 1
    return tuple(line for tb in _fide(t)[2] for line in explain(table, tb, number))


def _fide(t: Tournament) -> tuple[TournamentSystem[Any], Scoring, tuple[TieBreak, ...]]:
    """The system of a tournament ranked by FIDE tie-breaks, its scoring and tie-breaks."""
    system = holder(t.settings)
    scoring = None if system is None else system.scoring(t.settings)
    if system is None or scoring is None:
        raise ModelError("{name} is not a round robin or a Swiss", name=t.name)
    return system, scoring, system.tiebreaks(t.settings)


def counted_crosstable(t: Tournament, after_round: int | None = None
                       ) -> tuple[Crosstable, tuple[PlayerId, ...]]:
    """The crosstable the standings rank, after the round-robin withdrawal rule, and the ids
    in start-number order (`numbers[i]` has start number i + 1)."""
    system, scoring, _ = _fide(t)
    if after_round is not None and not 0 <= after_round <= len(t.rounds):
        raise ModelError(
            "there is no round {number} (the tournament has {count})",
            number=after_round,
            count=len(t.rounds),
        )
    numbers = numbers_of(t)
    table = crosstable_of(t, numbers, scoring, round_robin=system.fixed_schedule,
                          after_round=after_round)
    return system.counted(t, table, numbers), tuple(numbers)


def ranked(table: Crosstable, entrants: Mapping[int, Entrant],
           tiebreaks: Sequence[TieBreak]) -> SystemStandings:
    """Standings of a crosstable whose players are the start numbers of `entrants`."""
    lines = tuple(
        StandingLine(s.place, entrants[s.player], s.player, s.points, s.values)
        for s in rank(table, tiebreaks)
    )
    system = ROUND_ROBIN if table.round_robin else SWISS
    return SystemStandings(system, table.rounds, tuple(tiebreaks), lines)


GAME_POINTS = Scoring(pab=Fraction(0))
"""Keizer's game points: 1-½-0 for games (forfeits included); byes and absences score 0."""


def keizer_columns(t: Tournament, tiebreaks: Sequence[TieBreak],
                   after_round: int | None = None) -> dict[PlayerId, tuple[Fraction, ...]]:
    """Game points and the given tie-breaks per player, for the Keizer standings table.

    DE compares players on equal game points.
    """
    numbers = numbers_of(t)
    table = crosstable_of(t, numbers, GAME_POINTS, round_robin=False, after_round=after_round)
    columns = [compute(table, tb) for tb in tiebreaks]
    return {pid: (table.score[n], *(c[n] for c in columns))
            for n, pid in enumerate(numbers, 1)}
