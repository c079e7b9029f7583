"""The tie-break crosstable of a tournament, and the standings ranked on it.

A round robin's or Swiss's rounds become a tie-break `Crosstable` (one `RoundEntry` per player
and round, players named by their start number), which `rochade.core.tiebreaks` ranks: points,
then the FIDE tie-breaks. Keizer standings borrow the same conversion for their optional
tie-break columns (game points, Buchholz ...), on 1-½-0 game points.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction

from rochade.core.model import Entrant, PlayerId, Result, Round, Tournament
from rochade.core.standings import WITHDRAWN, ScoreColumn, Standing, Standings
from rochade.core.system_settings import ROUND_ROBIN, SWISS, SWISS_ABSENCES
from rochade.core.tiebreaks import (
    Colour,
    Crosstable,
    Kind,
    PlayerRecord,
    RoundEntry,
    Scoring,
    TieBreak,
    compute,
    rank,
)

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


def ranked(table: Crosstable, entrants: Mapping[int, Entrant],
           tiebreaks: Sequence[TieBreak]) -> Standings:
    """Standings of a crosstable whose players are the start numbers of `entrants`: the
    points, then each tie-break."""
    lines = tuple(
        Standing(s.place, entrants[s.player], (s.points, *s.values), s.player,
                 (WITHDRAWN,) if entrants[s.player].withdrawn else ())
        for s in rank(table, tiebreaks)
    )
    columns = (ScoreColumn("points"), *(ScoreColumn("tiebreak", tb) for tb in tiebreaks))
    system = ROUND_ROBIN if table.round_robin else SWISS
    return Standings(system, table.rounds, columns, lines, tuple(tiebreaks))


GAME_POINTS = Scoring(pab=Fraction(0))
"""Keizer's game points: 1-½-0 for games (forfeits included); byes and absences score 0."""


def game_point_columns(t: Tournament, numbers: Sequence[PlayerId], tiebreaks: Sequence[TieBreak],
                       after_round: int | None = None) -> list[dict[PlayerId, Fraction]]:
    """The given tie-breaks per player on game points, for the Keizer standings (as some clubs
    print Buchholz beside the game points); `numbers[i]` has start number i + 1.

    DE compares players on equal game points.
    """
    table = crosstable_of(t, numbers, GAME_POINTS, round_robin=False, after_round=after_round)
    return [{pid: column[n] for n, pid in enumerate(numbers, 1)}
            for column in (compute(table, tb) for tb in tiebreaks)]
