"""FIDE rating change and tournament performance per player (FIDE Rating Regulations B.02).

Per game over the board against a rated opponent: ΔR = K·(W − We), We from B.02's table 8.1.2
with a difference above 400 counted as 400; per player the sum over the tournament. The
performance is Rp = Ra + dp (B.02 8.1.1, `tiebreaks.performance_rating`). Forfeits, byes,
absences, games without a result and games against unrated opponents do not count, as in
FIDE's own calculation; an adjourned game counts once it has its result, an unusual one
(½-0, 0-½, 0-0) with each player's own score. Keizer, Swiss and round robin alike.

The K-factor (B.02 8.3) needs a player's number of rated games, which rochade does not
know; it takes what it has: 20 for everyone in a rapid or blitz event (its time control
coded), else the K set for the member, else 40 for a player below 2300 until the end of the
year they turn 18 (birth year and the event's year known), else 20 below 2400, else 10. A
player new to the list (40 until 30 games) or who once reached 2400 (10 for good) needs the
TD's K.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

from rochade.core.fide import UNKNOWN, PlayerDetails
from rochade.core.messages import N_
from rochade.core.model import Entrant, Game, PlayerId, Tournament
from rochade.core.tiebreaks import expected_score, performance_rating

CUT = 400
"""B.02 8.3: a rating difference above 400 counts as 400."""
MOST_PER_PERIOD = 700
"""B.02 8.3: when K times the games exceeds 700, K is the largest whole number keeping
K times the games at 700 or below (rochade counts this tournament's games)."""


class KRule(enum.Enum):
    """Why a player has their K-factor; the value is the words a list shows."""

    SET = N_("set for the player (by the TD or a rating list)")
    JUNIOR = N_("under 18, below 2300")
    BELOW_2400 = N_("below 2400")
    FROM_2400 = N_("2400 or more")
    CAPPED = N_("K times games at most 700")
    FAST = N_("rapid or blitz: 20 for everyone")


FAST_SECONDS = 3600
"""B.02 and the Laws of Chess: a game with less than 60 minutes per player (the time for 60
moves counted with the increment) is rapid or blitz, rated with K 20 for everyone."""


def is_fast(time_control: str) -> bool:
    """Whether a time control in TRF26's encoded form (record 222: `900+10`, `W300-B240`,
    `40/6000+30:900+30`) is rapid or blitz: one period of less than 60 minutes for 60 moves
    (a period with a move count is a classical control). "" (not known): no."""
    sides = time_control.removeprefix("W").split("-B") if time_control else []
    for side in sides:
        base, _, increment = side.partition("+")
        if ":" in side or "/" in side or not base.isdigit() or (
                increment and not increment.isdigit()):
            return False
        if int(base) + 60 * int(increment or 0) >= FAST_SECONDS:
            return False
    return bool(sides)


def k_factor(rating: int, details: PlayerDetails, year: int | None, fast: bool = False
             ) -> tuple[int, KRule]:
    """The K-factor of a rated player in a tournament of `year` (None: not known) and the
    rule it comes from (B.02 8.3, without the number of games: see the module); `fast`: a
    rapid or blitz event, 20 for everyone."""
    if fast:
        return 20, KRule.FAST
    if details.k:
        return int(details.k), KRule.SET
    born = details.birth_year
    if rating < 2300 and born is not None and year is not None and year - born <= 18:
        return 40, KRule.JUNIOR
    return (20, KRule.BELOW_2400) if rating < 2400 else (10, KRule.FROM_2400)


def expected(rating: int, opponent: int) -> Fraction:
    """We: the expected score against `opponent`, the difference cut at 400 points."""
    return _EXPECTED[max(-CUT, min(CUT, rating - opponent)) + CUT]


_EXPECTED = tuple(expected_score(d) for d in range(-CUT, CUT + 1))
"""We for every difference from -400 to 400 (a big Swiss asks thousands of times)."""


@dataclass(frozen=True, slots=True)
class RatedGame:
    """One game that counts: the round, the opponent and their rating, W and We, and ΔR
    (None for an unrated player, who has no rating to change)."""

    round: int
    opponent: PlayerId
    opponent_rating: int
    score: Fraction
    expected: Fraction | None
    change: Fraction | None


@dataclass(frozen=True, slots=True)
class RatingChange:
    """A player's rating change and performance over the tournament. `k` and `rule` are
    None for an unrated player; `performance` is None without a game that counts."""

    player: PlayerId
    rating: int | None
    k: int | None
    rule: KRule | None
    games: tuple[RatedGame, ...]

    @property
    def change(self) -> Fraction | None:
        """ΔR summed over the games (None: unrated, or no game that counts)."""
        if self.k is None or not self.games:
            return None
        return sum((g.change or Fraction(0) for g in self.games), Fraction(0))

    @property
    def performance(self) -> int | None:
        """Rp = Ra + dp over the games that count (100 %: Ra + 800, 0 %: Ra − 800)."""
        if not self.games:
            return None
        return performance_rating([(g.opponent_rating, g.score) for g in self.games])

    @property
    def score(self) -> Fraction:
        return sum((g.score for g in self.games), Fraction(0))


def _games(t: Tournament, after_round: int | None) -> dict[PlayerId, list[tuple[int, Game]]]:
    """Each player's games over the board with a result, by round (read once for all)."""
    rounds = t.rounds if after_round is None else t.rounds[:after_round]
    games: dict[PlayerId, list[tuple[int, Game]]] = {}
    for rnd in rounds:
        for game in rnd.games:
            if game.result is not None and not (game.result.is_forfeit
                                                or game.result.adjourned):
                games.setdefault(game.white, []).append((rnd.number, game))
                games.setdefault(game.black, []).append((rnd.number, game))
    return games


def _rated(entrant: Entrant) -> int | None:
    """The rating a FIDE rating change starts from: the FIDE rating where the player has
    one, even in a tournament paired by national ratings; else the one the tournament holds
    (as the TRF export's 001 line does)."""
    return entrant.fide_rating if entrant.fide_rating is not None else entrant.rating


def _change(t: Tournament, entrant: Entrant, games: list[tuple[int, Game]],
            details: PlayerDetails, year: int | None, fast: bool) -> RatingChange:
    """One player's change over `games`: those against a rated opponent count."""
    counted = []
    for number, game in games:
        opponent = t.entrant(game.opponent_of(entrant.id))
        theirs = _rated(opponent)
        if theirs is not None and game.result is not None:
            counted.append((number, opponent.id, theirs,
                            game.result.points(game.white == entrant.id)))
    rating = _rated(entrant)
    if rating is None:
        unrated = tuple(RatedGame(r, o, orat, w, None, None) for r, o, orat, w in counted)
        return RatingChange(entrant.id, None, None, None, unrated)
    k, rule = k_factor(rating, details, year, fast)
    if counted and k * len(counted) > MOST_PER_PERIOD:
        k, rule = MOST_PER_PERIOD // len(counted), KRule.CAPPED
    rated = tuple(RatedGame(r, o, orat, w, we, k * (w - we))
                  for r, o, orat, w in counted for we in (expected(rating, orat),))
    return RatingChange(entrant.id, rating, k, rule, rated)


def rating_change(t: Tournament, entrant: Entrant, details: PlayerDetails = UNKNOWN,
                  year: int | None = None, after_round: int | None = None, fast: bool = False
                  ) -> RatingChange:
    """One player's rating change and performance (after `after_round`; None: all rounds);
    `fast`: a rapid or blitz event (`is_fast`)."""
    return _change(t, entrant, _games(t, after_round).get(entrant.id, []), details, year, fast)


def rating_changes(t: Tournament, details: Mapping[PlayerId, PlayerDetails] | None = None,
                   year: int | None = None, after_round: int | None = None, fast: bool = False
                   ) -> dict[PlayerId, RatingChange]:
    """Every entrant's rating change and performance (`rating_change`)."""
    known = details or {}
    games = _games(t, after_round)
    return {e.id: _change(t, e, games.get(e.id, []), known.get(e.id, UNKNOWN), year, fast)
            for e in t.entrants}


__all__ = ["CUT", "FAST_SECONDS", "KRule", "RatedGame", "RatingChange", "expected", "is_fast",
           "k_factor", "rating_change", "rating_changes"]
