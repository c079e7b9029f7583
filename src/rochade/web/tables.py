"""Read models of the round-robin and Swiss pages: a player's rounds and curve, the requested
byes, the forbidden pairs. Numbers come from the systems' `Standings`; nothing here scores a
game itself.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from functools import partial

from rochade.core.model import Entrant, PlayerId, Round, Tournament
from rochade.service.lists import Standings
from rochade.service.system_cases import ByeRequest, numbers_of, system_of
from rochade.web.queries import OUTCOME_MARKS, CurvePoint


@dataclass(frozen=True)
class RoundCell:
    """One player's round: a game (opponent, colour, mark) or the reason for none."""

    round: int
    opponent: Entrant | None
    opponent_number: int | None
    colour: str  # "w", "b" or ""
    mark: str  # 1 ½ 0 + − ; "" while the result is open or without a game
    reason: str  # bye, half_point_bye, excused ... ; "" for a game or no row at all


def _cell(t: Tournament, rnd: Round, player: PlayerId, number: dict[PlayerId, int]
          ) -> RoundCell:
    game = rnd.game_of(player)
    if game is not None:
        white = game.white == player
        opponent = game.opponent_of(player)
        mark = "" if game.result is None else OUTCOME_MARKS[game.result.outcome(white)]
        return RoundCell(rnd.number, t.entrant(opponent), number[opponent],
                         "w" if white else "b", mark, "")
    if rnd.bye == player:
        return RoundCell(rnd.number, None, None, "", "", "bye")
    reason = next((a.reason for a in rnd.absences if a.player == player), "")
    return RoundCell(rnd.number, None, None, "", "", reason)


@dataclass(frozen=True)
class PlayerRound:
    cell: RoundCell
    points: Fraction  # the player's points after this round
    rank: int | None


def player_rounds(
    t: Tournament,
    player: PlayerId,
    standings_after: Callable[[int], Standings] | None = None,
) -> tuple[list[PlayerRound], list[CurvePoint]]:
    """The player's rounds with points and rank after each, and the same as a chart curve.
    `standings_after(k)`: the standings after round k, when the caller keeps them for every
    player's page (each is a whole ranking)."""
    after = standings_after or partial(system_of(t).standings, t)
    number = {pid: i for i, pid in enumerate(numbers_of(t), 1)}
    rows, curve = [], []
    for rnd in t.rounds:
        line = after(rnd.number).line(player)
        rows.append(PlayerRound(_cell(t, rnd, player, number), line.total, line.rank))
        curve.append(CurvePoint(rnd.number, line.total, line.rank))
    return rows, curve


@dataclass(frozen=True)
class ByeView:
    round: int
    entrant: Entrant
    half: bool
    full: bool = False


def requested_byes(t: Tournament) -> list[ByeView]:
    """The byes asked for coming rounds, by round then name."""
    requests = system_of(t).bye_requests(t.settings)
    coming: list[ByeRequest] = [b for b in requests if b.round > len(t.rounds)]
    views = [ByeView(b.round, t.entrant(b.player), b.half, b.full) for b in coming]
    return sorted(views, key=lambda v: (v.round, v.entrant.name_key))


def forbidden_pairs(t: Tournament) -> list[tuple[Entrant, Entrant]]:
    system = system_of(t)
    if not system.byes_in_advance:  # the Swiss's page of byes and pairs
        return []
    pairs = [sorted((t.entrant(p) for p in pair), key=lambda e: e.id) for pair in
             system.kept_apart(t.settings)]
    return sorted(((a, b) for a, b in pairs), key=lambda p: (p[0].id, p[1].id))
