"""The Burstein index order: who stands where inside a score group, and the default acceleration.

Within a score group the Burstein system ranks players by Sonneborn-Berger, then Buchholz,
then median Buchholz, then pairing number; the top player of the group meets the bottom one.
Unplayed rounds count as draws for the opponents' scores and a virtual opponent stands in
for them (the reference engine bbpPairings, whose results rochade reproduces, computes the
same figures), so that a bye or forfeit neither rewards nor punishes the order.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from rochade.core.dutch.players import takes_part
from rochade.core.dutch.state import Outcome, RoundRecord, SwissPlayer, SwissState


@dataclass(frozen=True, slots=True)
class Metric:
    """One player's place in the index order (points in tenths)."""

    score: int  # pairing score, with virtual points
    sonneborn_berger: int
    buchholz: int
    median: int
    rank: int  # 0-based pairing rank

    def below(self, other: Metric) -> bool:
        """Whether self ranks below `other`. A player moved down from a higher group is
        compared on its Buchholz scaled by its score, as the reference engine does."""
        if self.score == other.score:
            return (self.sonneborn_berger, self.buchholz, self.median, other.rank) < (
                other.sonneborn_berger, other.buchholz, other.median, self.rank)
        return (self.sonneborn_berger, self.buchholz * self.score, self.median * self.score,
                other.rank) < (other.sonneborn_berger, other.buchholz * other.score,
                               other.median * other.score, self.rank)


def with_default_acceleration(state: SwissState) -> SwissState:
    """The state with the Burstein system's own acceleration when it has none of its own:
    in rounds 1 and 2 the top half of the field (by pairing number, counting those who take
    part in round 1) starts a win ahead."""
    now = state.rounds_played
    if now > 1 or any(p.accelerations for p in state.players):
        return state

    def counted(p: SwissPlayer) -> bool:
        return p.history[0].paired if now else p.tpn not in state.absent

    order = sorted(state.players, key=lambda p: p.tpn)
    bound = sum(1 for p in order if counted(p))
    lifted: set[int] = set()
    if bound > 1:
        for p in order:
            lifted.add(p.tpn)
            if counted(p):
                bound -= 2
                if bound <= 1:
                    break
    win = state.scoring.win
    return replace(state, players=tuple(
        replace(p, accelerations=(win,) * (now + 1)) if p.tpn in lifted else p
        for p in state.players
    ))


def metrics(state: SwissState) -> dict[int, Metric]:
    """The index-order figures of every player who holds a pairing rank."""
    now = state.rounds_played
    scoring = state.scoring
    ranked = [p for p in sorted(state.players, key=lambda p: p.tpn) if takes_part(state, p)]
    adjusted = {
        p.tpn: p.acceleration(now) + sum(
            scoring.points(r) if r.played else scoring.draw for r in p.history[:now])
        for p in ranked
    }
    out: dict[int, Metric] = {}
    for rank, p in enumerate(ranked):
        sb = bh = median = 0
        if now:
            virtual = (now - 1) * scoring.draw + p.acceleration(now)
            faced: list[int] = []
            for r in p.history[:now]:
                points = scoring.points(r)
                if r.played:
                    assert r.opponent is not None
                    opponent = adjusted.get(r.opponent, 0)
                else:
                    opponent = virtual + _virtual_opponent(state, r)
                sb += opponent * points
                faced.append(opponent)
                virtual += points - scoring.draw
            bh = sum(faced)
            if now > 2:
                median = bh - min(faced) - max(faced)
        out[p.tpn] = Metric(state.score(p) + p.acceleration(now), sb, bh, median, rank)
    return out


def _virtual_opponent(state: SwissState, record: RoundRecord) -> int:
    """The points of the stand-in opponent of an unplayed round (before that round)."""
    s = state.scoring
    if record.outcome is Outcome.LOSS:
        return s.win
    if record.outcome is Outcome.DRAW:
        return s.draw
    if record.is_pab and s.pab < s.win:
        return s.win if s.pab < s.draw else s.draw
    return s.forfeit_loss


def bye_eligible(player: SwissPlayer) -> bool:
    """No second pairing-allocated bye and no bye after a forfeit win (the Burstein rules
    keep the pre-2026 wording)."""
    return not any(
        r.paired and not r.played and r.outcome is Outcome.WIN for r in player.history
    )


def sort_group(members: list[int], metric: dict[int, Metric]) -> list[int]:
    """`members` from the top of the index order down, merged exactly as a stable list
    merge sort does: the order between a player moved down and the group's own players need
    not be transitive, so the way of sorting is part of the result."""
    def first(a: int, b: int) -> bool:  # a strictly before b
        return metric[b].below(metric[a])

    def merge(into: list[int], other: list[int]) -> list[int]:
        out: list[int] = []
        i = j = 0
        while i < len(into) and j < len(other):
            if first(other[j], into[i]):
                out.append(other[j])
                j += 1
            else:
                out.append(into[i])
                i += 1
        return out + into[i:] + other[j:]

    buckets: list[list[int]] = []
    for v in members:
        carry = [v]
        k = 0
        while k < len(buckets) and buckets[k]:
            carry = merge(buckets[k], carry)
            buckets[k] = []
            k += 1
        if k == len(buckets):
            buckets.append(carry)
        else:
            buckets[k] = carry
    result: list[int] = []
    for bucket in buckets:
        result = merge(bucket, result)
    return result
