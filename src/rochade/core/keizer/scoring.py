"""Keizer scoring: values, credits, totals and the breakdown that explains them.

spec/keizer.md sections 2-6. Everything is recomputed from the facts of a `Tournament`.

Choices where the spec leaves room (all match KeizerForClubs where it has an opinion):
- A pass prices the own value with the same values as the rounds it re-prices: in per_round
  pass k both come from V_{k-1}; in frozen the own value comes from V_{k-1} while round j
  keeps V_{j-1}; in fixed_point everything uses the final iterate. `StandingRow.value` is that
  own value, `next_value` the value of the pass's own ranking.
- Withdrawal is read from the entrant's current status and applies to every round, as KfC
  does: the withdrawn entrant scores nothing, opponents get the "withdrawn" share of their own
  value (times the win/draw/loss factor of the result).
- Caps and halving count a player's rows with the same reason, per period when the settings
  have periods (the rounds before the first period are a part of their own), else per
  season. `games_played` counts games decided over the board.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from fractions import Fraction
from itertools import accumulate
from operator import mul

from rochade.core.keizer.rows import CONSTANT, Shape, ShapeBuilder
from rochade.core.keizer.settings import KeizerSettings, Ladder, Recompute
from rochade.core.messages import Said
from rochade.core.model import (
    Entrant,
    ModelError,
    Outcome,
    PlayerId,
    Reason,
    Result,
    Round,
    Tournament,
)

_ZERO = Fraction(0)


@dataclass(frozen=True, slots=True)
class BreakdownRow:
    """One line of "how my points were computed": a round's row (or the own value).

    `basis` is the value the credit was computed from (the opponent's, the player's own, or a
    team board's), `factor` the share of it earned, so `credit == basis * factor` always.
    """

    round: int  # 0 for the own value
    kind: str  # "own", "game", "absence", "bye", "external"
    basis: Fraction
    factor: Fraction
    credit: Fraction
    opponent: PlayerId | None = None
    colour: str | None = None  # "w" / "b" for games
    outcome: Outcome | None = None
    reason: str | None = None
    note: str = ""


@dataclass(frozen=True, slots=True)
class StandingRow:
    """A player's line in the standings after some round."""

    rank: int | None  # None for withdrawn entrants
    entrant: Entrant
    total: Fraction
    value: Fraction  # the value that priced the last round (KfC's "value used")
    next_value: Fraction  # the value from this ranking, used for the next round
    game_points: Fraction
    games_played: int
    breakdown: tuple[BreakdownRow, ...]


@dataclass(frozen=True)
class KeizerStandings:
    """The Keizer scoring's detail, each row with its breakdown (the standings every list
    prints are `rochade.core.standings.Standings`, made of these by the Keizer system): ranked
    rows (withdrawn entrants last, unranked) after `after_round` rounds.

    `converged` and `iterations` report the fixed_point scheme's iteration (how many times
    all rounds were priced); the other schemes always give True and 1.
    """

    rows: tuple[StandingRow, ...]
    after_round: int
    converged: bool = True
    iterations: int = 1

    def row(self, player: PlayerId) -> StandingRow:
        for row in self.rows:
            if row.entrant.id == player:
                return row
        raise KeyError(player)

    def ranked(self) -> tuple[StandingRow, ...]:
        """Rows with a rank, best first."""
        return tuple(r for r in self.rows if r.rank is not None)


def ladder_values(n: int, settings: KeizerSettings) -> list[Fraction]:
    """The values of ranks 1..n (spec section 2); n counts every entrant not withdrawn."""
    if n <= 0:
        return []
    if settings.ladder is Ladder.NORMALISED:
        r = Fraction(settings.ratio)
        drop = (r - 1) / (n - 1) if n > 1 else _ZERO
        values = [r - i * drop for i in range(n)]
    else:
        top = _top_value(n, settings)
        step = Fraction(settings.step)
        values = [top - i * step for i in range(n)]
    if settings.floor is not None:
        floor = Fraction(settings.floor)
        values = [max(v, floor) for v in values]
    return values


def _top_value(n: int, settings: KeizerSettings) -> Fraction:
    if settings.ladder is Ladder.FIXED:
        if settings.top_value is None:
            raise ModelError("settings: a fixed ladder needs a top value")
        return Fraction(settings.top_value)
    if settings.ladder is Ladder.RATIO:
        r = Fraction(settings.ratio)
        return Fraction(round((n - 1) * r / (r - 1)))  # round() on a Fraction is half-even
    return Fraction((n - 1) + (n - 1) // 2)


def compute_standings(
    tournament: Tournament, settings: KeizerSettings, after_round: int | None = None
) -> KeizerStandings:
    """Standings after `after_round` (default: every round with at least one row)."""
    engine = _Engine(tournament, settings, _last_round(tournament, after_round))
    return engine.standings(engine.passes(every=False)[-1])


def standings_history(
    tournament: Tournament,
    settings: KeizerSettings,
    upto: int | None = None,
    *,
    with_breakdown: bool = True,
) -> list[KeizerStandings]:
    """Standings after round 1, 2, ... `upto` (default: the last round with rows), in order.

    One recomputation serves them all: per_round's pass k *is* the standings after round k.
    A progress table needs only ranks and totals: `with_breakdown=False` leaves every
    breakdown empty and is several times faster.
    """
    engine = _Engine(tournament, settings, _last_round(tournament, upto))
    return [engine.standings(p, with_breakdown) for p in engine.passes(every=True)[1:]]


def _last_round(tournament: Tournament, after_round: int | None) -> int:
    if after_round is not None:
        if after_round < 0:
            raise ModelError("cannot show standings after round {round}", round=after_round)
        return after_round
    with_rows = [r.number for r in tournament.rounds if r.externals or any(r.row_players())]
    return max(with_rows, default=0)


def _rounds_upto(tournament: Tournament, last: int) -> list[Round]:
    rounds = sorted(tournament.rounds, key=lambda r: r.number)
    numbers = [r.number for r in rounds]
    if numbers != list(range(1, len(numbers) + 1)):
        raise ModelError(
            "rounds must be numbered 1, 2, 3 ... without gaps; got {numbers}", numbers=str(numbers)
        )
    if last > len(rounds):
        raise ModelError(
            "there is no round {number}: the tournament has {count} rounds",
            number=last,
            count=len(rounds),
        )
    return rounds[:last]


@dataclass(slots=True)
class _Pass:
    """One recomputation result: totals (scaled ints) after `after` rounds.

    `used` is the ranking whose values priced the own value and the last round; `ranking` is
    the order of `totals` (it gives the next values). Rankings are lists of active indices.
    """

    after: int
    totals: list[int]
    used: list[int]
    ranking: list[int]
    converged: bool = True
    iterations: int = 1


class _Aggregate:
    """Coefficients of rounds 1..k, so that T_k(V) costs one sweep over distinct opponents."""

    def __init__(self, own: list[int]) -> None:
        self.self_coef = list(own)
        self.const = [0] * len(own)
        self.opp: list[dict[int, int]] = [{} for _ in own]

    def add(self, var: list[tuple[int, int, int]], const: list[tuple[int, int]]) -> None:
        for i, target, coef in var:
            if target == i:
                self.self_coef[i] += coef
            else:
                row = self.opp[i]
                row[target] = row.get(target, 0) + coef
        for i, amount in const:
            self.const[i] += amount

    def price(self, v: list[int]) -> list[int]:
        get = v.__getitem__
        return [
            sc * vi + c + sum(map(mul, row.values(), map(get, row)))
            for sc, vi, c, row in zip(self.self_coef, v, self.const, self.opp, strict=True)
        ]


@dataclass(slots=True)
class _Facts:
    """What standings show besides the Keizer numbers, per entrant, up to some round."""

    half_points: list[int]  # game points x 2, cumulative after round k (index k)
    played: list[int]  # games played over the board, cumulative after round k


class _Engine:
    """Prices the rows of rounds 1..last under the settings' recomputation scheme.

    All arithmetic runs on integers scaled by a common denominator (`scale`), so the passes
    are exact and fast; Fractions appear only in the published numbers.
    """

    def __init__(self, tournament: Tournament, settings: KeizerSettings, last: int) -> None:
        self.settings = settings
        self.last = last
        start = replace(tournament, settings=settings).start_order()
        self.active = [e for e in start if not e.withdrawn]
        self.withdrawn = [e for e in start if e.withdrawn]
        index = {e.id: i for i, e in enumerate(self.active)}
        rounds = _rounds_upto(tournament, last)
        self.ladder = ladder_values(len(self.active), settings)
        builder = ShapeBuilder(tournament, settings, index, self.ladder)
        by_round = [builder.round_shapes(rnd) for rnd in rounds]
        self.shapes: list[list[Shape]] = [[] for _ in self.active]
        for round_shapes in by_round:
            for i, shape in round_shapes:
                self.shapes[i].append(shape)
        self._scale_to_ints(by_round)
        self.facts = _collect_facts(tournament, rounds)
        self.zero_rows = _withdrawn_rows(rounds, {e.id for e in self.withdrawn})
        self.orders: list[list[int]] = []

    def _scale_to_ints(self, by_round: list[list[tuple[int, Shape]]]) -> None:
        ovf = Fraction(self.settings.own_value_factor)
        shapes = [shape for round_shapes in by_round for _, shape in round_shapes]
        factors = {id(s.factor): s.factor for s in shapes if s.target != CONSTANT}
        fixed = [s.basis * s.factor for s in shapes if s.target == CONSTANT]
        dv = math.lcm(1, *(v.denominator for v in self.ladder))
        dc = math.lcm(ovf.denominator, *(f.denominator for f in factors.values()))
        self.scale = math.lcm(dv * dc, *(c.denominator for c in fixed))
        coef_scale = self.scale // dv
        coef = {key: int(f * coef_scale) for key, f in factors.items()}
        fixed_ints = iter([int(c * self.scale) for c in fixed])
        self.int_ladder = [v.numerator * (dv // v.denominator) for v in self.ladder]
        self.own = [int(ovf * coef_scale)] * len(self.active)
        self.var: list[list[tuple[int, int, int]]] = []
        self.const: list[list[tuple[int, int]]] = []
        for round_shapes in by_round:
            var = []
            const = []
            for i, s in round_shapes:
                if s.target == CONSTANT:
                    const.append((i, next(fixed_ints)))
                elif s.factor:
                    var.append((i, s.target, coef[id(s.factor)]))
            self.var.append(var)
            self.const.append(const)

    # -- the recomputation schemes (spec section 5) ------------------------------------------

    def values(self, order: list[int]) -> list[int]:
        v = [0] * len(order)
        for position, i in enumerate(order):
            v[i] = self.int_ladder[position]
        return v

    @staticmethod
    def rank(totals: list[int]) -> list[int]:
        """Total desc, then start order (rating desc, id): active indices are start positions."""
        return sorted(range(len(totals)), key=lambda i: (-totals[i], i))

    def passes(self, every: bool) -> list[_Pass]:
        """Pass 0 (start order) and the passes after round 1..last (only the last if not every)."""
        start = list(range(len(self.active)))
        own_totals = [o * v for o, v in zip(self.own, self.values(start), strict=True)]
        self.orders = [start]
        result = [_Pass(0, own_totals, start, self.rank(own_totals))]
        if self.settings.recompute is Recompute.FROZEN:
            acc = [0] * len(self.active)
            for k in range(1, self.last + 1):
                used = self.orders[k - 1]
                v = self.values(used)
                for i, target, coef in self.var[k - 1]:
                    acc[i] += coef * v[target]
                for i, amount in self.const[k - 1]:
                    acc[i] += amount
                totals = [a + o * vi for a, o, vi in zip(acc, self.own, v, strict=True)]
                p = _Pass(k, totals, used, self.rank(totals))
                self.orders.append(p.ranking)
                if every or k == self.last:
                    result.append(p)
            return result
        agg = _Aggregate(self.own)
        for k in range(1, self.last + 1):
            agg.add(self.var[k - 1], self.const[k - 1])
            used = self.orders[k - 1]
            totals = agg.price(self.values(used))
            p = _Pass(k, totals, used, self.rank(totals))
            self.orders.append(p.ranking)
            if every or k == self.last:
                if self.settings.recompute is Recompute.FIXED_POINT:
                    p = self._fixed_point(agg, p)
                result.append(p)
        return result

    def _fixed_point(self, agg: _Aggregate, p: _Pass) -> _Pass:
        """Iterate V <- ladder(rank(T(V))) until the ranking repeats (or max_iterations)."""
        seen = {tuple(p.used)}
        while p.ranking != p.used:
            key = tuple(p.ranking)
            if key in seen or p.iterations >= self.settings.max_iterations:
                p.converged = False
                break
            seen.add(key)
            totals = agg.price(self.values(p.ranking))
            p = _Pass(p.after, totals, p.ranking, self.rank(totals), iterations=p.iterations + 1)
        return p

    # -- publishing ---------------------------------------------------------------------------

    def standings(self, p: _Pass, with_breakdown: bool = True) -> KeizerStandings:
        ladder = self.ladder
        used_pos = _positions(p.used)
        ovf = Fraction(self.settings.own_value_factor)
        explain = _Explainer(self, p, used_pos) if with_breakdown else None
        rows: list[StandingRow] = []
        for rank0, i in enumerate(p.ranking):
            own = ladder[used_pos[i]]
            total = Fraction(p.totals[i], self.scale)
            breakdown = explain.rows(i, own, ovf) if explain else ()
            rows.append(
                self._row(rank0 + 1, self.active[i], total, own, ladder[rank0], p.after, breakdown)
            )
        for entrant in self.withdrawn:
            breakdown = ()
            if explain:
                zero_rows = self.zero_rows[entrant.id]
                own_row = BreakdownRow(
                    0, "own", _ZERO, ovf, _ZERO, reason="own value",
                    note=Said("withdrawn: no value"),
                )
                breakdown = (own_row, *(r for r in zero_rows if r.round <= p.after))
            rows.append(self._row(None, entrant, _ZERO, _ZERO, _ZERO, p.after, breakdown))
        return KeizerStandings(tuple(rows), p.after, p.converged, p.iterations)

    def _row(
        self,
        rank: int | None,
        entrant: Entrant,
        total: Fraction,
        value: Fraction,
        next_value: Fraction,
        after: int,
        breakdown: tuple[BreakdownRow, ...],
    ) -> StandingRow:
        facts = self.facts.get(entrant.id)
        half_points = facts.half_points[after] if facts else 0
        played = facts.played[after] if facts else 0
        return StandingRow(
            rank, entrant, total, value, next_value, Fraction(half_points, 2), played, breakdown
        )


class _Explainer:
    """Builds the breakdown rows of one pass: basis x factor per row, exactly."""

    def __init__(self, engine: _Engine, p: _Pass, used_pos: list[int]) -> None:
        self.engine = engine
        self.after = p.after
        self.used_pos = used_pos
        frozen = engine.settings.recompute is Recompute.FROZEN
        # frozen: round j was priced with the ranking after round j-1, never again
        self.round_pos = [_positions(o) for o in engine.orders[: p.after]] if frozen else None
        self.cache: dict[tuple[int, int], Fraction] = {}

    def rows(self, i: int, own: Fraction, ovf: Fraction) -> tuple[BreakdownRow, ...]:
        ladder = self.engine.ladder
        cache = self.cache
        after = self.after
        out = [BreakdownRow(0, "own", own, ovf, own * ovf, reason="own value")]
        # Unpacking beats attribute access on thousands of NamedTuples.
        for (
            rnd,
            kind,
            target,
            factor,
            basis,
            opponent,
            colour,
            outcome,
            reason,
            note,
        ) in self.engine.shapes[i]:
            if rnd > after:
                break
            if target == CONSTANT:
                credit = basis * factor
            else:
                pos = (self.round_pos[rnd - 1] if self.round_pos else self.used_pos)[target]
                basis = ladder[pos]
                key = (pos, id(factor))  # factors are shared objects (see ShapeBuilder)
                cached = cache.get(key)
                if cached is None:
                    cached = cache[key] = basis * factor
                credit = cached
            out.append(
                BreakdownRow(
                    rnd, kind, basis, factor, credit, opponent, colour, outcome, reason, note
                )
            )
        return tuple(out)


def _positions(order: list[int]) -> list[int]:
    pos = [0] * len(order)
    for position, i in enumerate(order):
        pos[i] = position
    return pos


# Per result: half points of white and black, and whether it was played over the board.
_GAME_FACTS = {
    r: (int(r.points(True) * 2), int(r.points(False) * 2), int(not r.is_forfeit)) for r in Result
}


def _collect_facts(tournament: Tournament, rounds: list[Round]) -> dict[PlayerId, _Facts]:
    """Game points and games played per entrant, cumulative per round (withdrawn ones too)."""
    size = len(rounds) + 1
    facts = {e.id: _Facts([0] * size, [0] * size) for e in tournament.entrants}
    for k, rnd in enumerate(rounds, start=1):
        for game in rnd.games:
            if game.result is None:
                continue
            half_white, half_black, played = _GAME_FACTS[game.result]
            for player, half in ((game.white, half_white), (game.black, half_black)):
                f = facts.get(player)
                if f is not None:
                    f.half_points[k] += half
                    f.played[k] += played
    for f in facts.values():
        f.half_points = list(accumulate(f.half_points))
        f.played = list(accumulate(f.played))
    return facts


def _withdrawn_rows(
    rounds: list[Round], withdrawn: set[PlayerId]
) -> dict[PlayerId, list[BreakdownRow]]:
    """The rows of withdrawn entrants, each worth nothing (spec section 3)."""
    note = Said("withdrawn: no points")
    out: dict[PlayerId, list[BreakdownRow]] = {p: [] for p in withdrawn}
    for rnd in rounds:
        k = rnd.number
        for game in rnd.games:
            for player in (game.white, game.black):
                if player in withdrawn:
                    outcome = (
                        None if game.result is None else game.result.outcome(player == game.white)
                    )
                    out[player].append(
                        BreakdownRow(
                            k,
                            "game",
                            _ZERO,
                            _ZERO,
                            _ZERO,
                            game.opponent_of(player),
                            game.colour_of(player),
                            outcome,
                            note=note,
                        )
                    )
        absences = [(a.player, a.reason) for a in rnd.absences]
        if rnd.bye is not None:
            absences.append((rnd.bye, Reason.BYE.value))
        for player, reason in absences:
            if player in withdrawn:
                kind = "bye" if reason == Reason.BYE.value else "absence"
                out[player].append(
                    BreakdownRow(k, kind, _ZERO, _ZERO, _ZERO, reason=reason, note=note)
                )
        for ext in rnd.externals:
            if ext.player in withdrawn:
                out[ext.player].append(
                    BreakdownRow(
                        k, "external", _ZERO, _ZERO, _ZERO, reason=Reason.EXTERNAL.value, note=note
                    )
                )
    return out
