"""How a Keizer competition counts its members' games in a knockout cup of the same club file,
when the club wants them to (the competition's setting `cup_games`).

A cup game is kept once, in the cup; the competition follows from it every time it is scored,
never stored, so correcting or undoing the cup's result changes the competition at once. The
rules:

- a cup game counts on the evening of the competition's round with the same date (the cup's
  round date: the day it was paired, or as the TD corrected it); a game on another day counts
  nowhere, since a Keizer evening has one row per player and the cup game cannot be it;
- it takes the place of the member's absence row of that evening (a game or the bye there
  stays as it is): `played`, a game against the cup opponent, at the opponent's value, when
  both play in the competition and both have an absence row that evening; otherwise, and with
  `club_duty`, an absence for club duty;
- only a game with a result counts, and one cup game per member and evening (the first: a
  play-off the same evening does not count again).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from rochade.core.model import Absence, Game, PlayerId, Round, Tournament

PLAYED = "played"
CLUB_DUTY = "club_duty"
CUP_GAMES = ("no", PLAYED, CLUB_DUTY)
"""The values of the competition's setting: not counted, as a played game, as club duty."""


@dataclass(frozen=True, slots=True)
class Cup:
    """A cup of the club file as the competition sees it: its rounds with their dates (None:
    not known) and each entrant's member id."""

    tournament: Tournament
    dates: Sequence[str | None]
    members: Mapping[PlayerId, int]


def count_cup_games(t: Tournament, dates: Sequence[str | None], members: Mapping[PlayerId, int],
                    cups: Sequence[Cup], how: str) -> Tournament:
    """The competition with its members' cup games in place of their absence rows (see the
    module's rules). `dates[k]`: the date of round k + 1; `members`: the competition's entrant
    id -> member id; `how`: PLAYED or CLUB_DUTY."""
    entrant_of = {member: pid for pid, member in members.items()}
    evening = {date: k for k, date in enumerate(dates) if date is not None}
    rounds = list(t.rounds)
    used: set[tuple[int, PlayerId]] = set()
    for cup in cups:
        for rnd, date in zip(cup.tournament.rounds, cup.dates, strict=False):
            k = evening.get(date) if date is not None else None
            if k is None or k >= len(rounds):
                continue
            for game in rnd.games:
                if game.result is None:
                    continue
                white = entrant_of.get(cup.members.get(game.white, -1))
                black = entrant_of.get(cup.members.get(game.black, -1))
                rounds[k] = _counted(rounds[k], game, white, black, how, used, k)
    return dataclasses.replace(t, rounds=tuple(rounds))


def _counted(rnd: Round, game: Game, white: PlayerId | None, black: PlayerId | None, how: str,
             used: set[tuple[int, PlayerId]], k: int) -> Round:
    """The round with one cup game counted for whichever of its players has an absence row
    there not taken by a cup game already."""
    absent = {a.player for a in rnd.absences}
    free = [p for p in (white, black)
            if p is not None and p in absent and (k, p) not in used]
    if not free:
        return rnd
    used.update((k, p) for p in free)
    if how == PLAYED and len(free) == 2 and white is not None and black is not None:
        board = max((g.board for g in rnd.games), default=0) + 1
        return dataclasses.replace(
            rnd, games=(*rnd.games, Game(white, black, game.result, board)),
            absences=tuple(a for a in rnd.absences if a.player not in free))
    return dataclasses.replace(rnd, absences=tuple(
        Absence(a.player, CLUB_DUTY) if a.player in free else a for a in rnd.absences))
