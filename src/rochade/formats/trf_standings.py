"""A TRF file's crosstable for the FIDE tie-breaks: `rochade standings FILE.trf`, no database.

The pairing reader (`rochade.formats.trf`) keeps what the Dutch engine needs; tie-breaks need
the kind of every round instead (a game, a forfeit, which bye), so this module maps each
round block to a `RoundEntry` (C.07 art. 16 categories from the TRF result codes).
"""

from __future__ import annotations

from fractions import Fraction

from rochade.core.model import Outcome
from rochade.core.tiebreaks import (
    Colour,
    Crosstable,
    Kind,
    PlayerRecord,
    RoundEntry,
    Scoring,
    Unplayed,
)
from rochade.formats.trf import TrfFile, rounds_recorded
from rochade.formats.trf_lines import TrfEntry

_PLAYED = {"1": Outcome.WIN, "W": Outcome.WIN, "=": Outcome.DRAW, "D": Outcome.DRAW,
           "0": Outcome.LOSS, "L": Outcome.LOSS}
_WITHOUT_OPPONENT = {"U": Kind.PAB, "F": Kind.FPB, "H": Kind.HPB, "=": Kind.HPB, "+": Kind.FPB,
                     "1": Kind.FPB}


def round_entry(entry: TrfEntry | None, round_robin: bool) -> RoundEntry:
    """One round block as a tie-break entry; a blank block or `Z` is a zero-point bye, or a
    rest round in a round robin; a game paired but not played yet (no result) counts as
    nothing until its result is in, as in the club file's standings."""
    if entry is not None and entry.opponent and entry.result == " ":
        return RoundEntry(Kind.REST)
    if entry is not None and entry.opponent:
        colour = Colour(entry.colour) if entry.colour in ("w", "b") else None
        if entry.result == "+":
            return RoundEntry(Kind.FORFEIT_WIN, entry.opponent, colour)
        if entry.result == "-":
            return RoundEntry(Kind.FORFEIT_LOSS, entry.opponent, colour)
        return RoundEntry(Kind.PLAYED, entry.opponent, colour, _PLAYED[entry.result])
    kind = _WITHOUT_OPPONENT.get(entry.result if entry else "", Kind.ZPB)
    return RoundEntry(Kind.REST if round_robin and kind is Kind.ZPB else kind)


def trf_crosstable(trf: TrfFile, round_robin: bool = False,
                   unplayed: Unplayed = Unplayed.FIDE_2026) -> Crosstable:
    """Every player of the file with one entry per round played (missing rounds: no row);
    `unplayed` the edition's rule for unplayed rounds (docs/tiebreaks.md)."""
    rounds = rounds_recorded(trf)  # a trailing column of next-round byes is no round
    s = trf.scoring
    scoring = Scoring(win=Fraction(s.win, 10), draw=Fraction(s.draw, 10),
                      loss=Fraction(s.loss, 10), pab=Fraction(s.pab, 10),
                      zpb=Fraction(s.zero_bye, 10))
    players = tuple(
        PlayerRecord(
            p.tpn,
            tuple(round_entry(p.entries[r] if r < len(p.entries) else None, round_robin)
                  for r in range(rounds)),
            p.rating or None,
        )
        for p in trf.players
    )
    return Crosstable(players, scoring, round_robin=round_robin, unplayed=unplayed)
