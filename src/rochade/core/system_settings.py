"""Settings of the round-robin and Swiss systems, and the Swiss helpers that need no engine.

Keizer has its own settings (`rochade.core.keizer.settings`); these two systems share the
FIDE scoring and tie-break machinery of `rochade.core.tiebreaks`. Start numbers of a round
robin are part of its settings because they are drawn once, before round 1, and never change.
The module sits beside `rochade.core.systems`, not in it: the Swiss pairing and the Dutch event
generator read these settings, and the Swiss system object runs that pairing.
"""

from __future__ import annotations

import enum
import math
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from rochade.core import limits
from rochade.core.messages import Said
from rochade.core.model import Entrant, ModelError, PlayerId
from rochade.core.pairing import Board, Pairing
from rochade.core.tiebreaks import Kind, Scoring, TieBreak, parse_tiebreaks

ROUND_ROBIN = "round-robin"
SWISS = "swiss"
KEIZER = "keizer"

DEFAULT_TIEBREAKS = {
    ROUND_ROBIN: parse_tiebreaks("SB,DE,WIN"),
    SWISS: parse_tiebreaks("BH/C1,BH,SB"),
}
"""Issue 5's defaults: round robin SB, direct encounter, wins; Swiss BH-C1, BH, SB."""

SCORINGS = ("1-1/2-0", "3-1-0", "2-1-0")
"""The scoring systems a TD picks from (points for a win, a draw, a loss)."""
_OFFERED = frozenset((s.win, s.draw, s.loss) for s in map(Scoring.parse, SCORINGS))


class StartNumbers(enum.Enum):
    """How a round robin's start numbers are given before round 1."""

    LOT = "lot"  # drawn by lot with the tournament's seed (replayable)
    RATING = "rating"  # highest rating first
    VARMA = "varma"  # by lot within the Varma groups: a federation's players in one group


class FirstRound(enum.Enum):
    """How a Swiss pairs round 1; later rounds always use the Dutch engine."""

    DUTCH = "dutch"  # top half against bottom half by rating (the FIDE Dutch system)
    RANDOM = "random"  # at random, seeded (the club variant of the seed documents)


class SwissRules(enum.Enum):
    """Which FIDE Swiss system pairs the rounds after the first."""

    DUTCH = "dutch"  # C.04.3
    BURSTEIN = "burstein"  # C.04.4.2: index order by Sonneborn-Berger and Buchholz

    @property
    def trf_code(self) -> str:
        """The tournament type of TRF26 record 192."""
        return "FIDE_DUTCH_2025" if self is SwissRules.DUTCH else "FIDE_BURSTEIN"

    @property
    def title(self) -> str:
        return "FIDE Dutch" if self is SwissRules.DUTCH else "FIDE Burstein"


class Acceleration(enum.Enum):
    """The preset accelerations; a table of virtual points (`VirtualPoints`) replaces it."""

    NONE = "none"
    BAKU = "baku"  # C.04.7: virtual points for the top group in the first half of the rounds


@dataclass(frozen=True, order=True)
class VirtualPoints:
    """Virtual points of one player in rounds `first` to `last` (a TRF26 250 record for one
    player): they count when the Dutch engine pairs those rounds, never in the standings."""

    player: PlayerId
    first: int
    last: int
    points: Fraction

    def __post_init__(self) -> None:
        limits.PLAYERS.check(self.player, "virtual_points.player")
        limits.ROUNDS.check(self.first, "virtual_points.first")
        limits.ROUNDS.check(self.last, "virtual_points.last")
        limits.VALUE.check(self.points, "virtual_points.points")
        if self.first > self.last:
            raise ModelError("virtual points from round {first} to round {last}: the first "
                             "round comes after the last", first=self.first, last=self.last)


def _span(text: str) -> tuple[int, int]:
    low, _, high = text.strip().partition("-")
    return int(low), int(high or low)


def parse_virtual_points(text: str) -> frozenset[VirtualPoints]:
    """The table as a TD types it: `PLAYERS:ROUNDS=POINTS` items separated by `;`, players and
    rounds as a number or a range, e.g. `1-10:1-3=1; 1-10:4-5=0.5` (empty: no table).
    Raises ValueError on anything else, ModelError on a value out of range."""
    out: set[VirtualPoints] = set()
    for item in filter(str.strip, str(text).split(";")):
        where, equals, value = item.partition("=")
        players, colon, rounds = where.partition(":")
        if not equals or not colon:
            raise ValueError(item)
        (low, high), (first, last) = _span(players), _span(rounds)
        points = Fraction(value.strip().replace(",", "."))
        if low > high:
            raise ValueError(item)
        out |= {VirtualPoints(p, first, last, points) for p in range(low, high + 1)}
    return frozenset(out)


def virtual_points_text(table: frozenset[VirtualPoints]) -> str:
    """The table as `parse_virtual_points` reads it, players with the same entries joined in
    ranges."""
    runs: dict[tuple[int, int, Fraction], list[list[PlayerId]]] = {}
    for v in sorted(table, key=lambda v: (v.first, v.last, v.points, v.player)):
        groups = runs.setdefault((v.first, v.last, v.points), [])
        if groups and groups[-1][-1] == v.player - 1:
            groups[-1].append(v.player)
        else:
            groups.append([v.player])

    def span(low: int, high: int) -> str:
        return str(low) if low == high else f"{low}-{high}"

    return "; ".join(f"{span(g[0], g[-1])}:{span(first, last)}={points}"
                     for (first, last, points), groups in runs.items() for g in groups)


def scoring(text: str) -> Scoring:
    """One of `SCORINGS` (also written with ½ or 0.5); any other triple is refused."""
    parsed = Scoring.parse(text.replace("0.5", "1/2"))
    if (parsed.win, parsed.draw, parsed.loss) not in _OFFERED:
        raise ModelError(
            "scoring '{scoring}' is not offered; choose {known}",
            scoring=text,
            known=", ".join(SCORINGS),
        )
    return parsed


def check_scoring(s: Scoring) -> None:
    """Points for results and byes within `limits.VALUE` (a round robin's or Swiss's)."""
    for key in ("win", "draw", "loss", "pab", "fpb", "hpb", "zpb"):
        limits.VALUE.optional(getattr(s, key), key)


def limit(value: object) -> int | None:
    """A limit typed by the TD: a whole number, or nothing (no limit)."""
    text = str(value).strip().lower()
    return None if text in ("", "none", "-") else int(text)


def yes_no(value: object) -> bool:
    """A yes/no option: a flag's bool, or as the TD types it (`tournament set double=no`;
    `bool("no")` would be true)."""
    if isinstance(value, bool):
        return value
    text = str(value).strip().lower()
    if text in ("yes", "true", "on", "1"):
        return True
    if text in ("no", "false", "off", "0"):
        return False
    raise ValueError(text)


def scoring_text(s: Scoring) -> str:
    return f"{s.win}-{s.draw}-{s.loss}"


@dataclass(frozen=True)
class RoundRobinSettings:
    """A round robin: single or double, start numbers drawn by lot or by rating.

    `numbers[i]` is the player with start number i + 1; empty until round 1 is paired.
    """

    double: bool = False
    numbers_by: StartNumbers = StartNumbers.LOT
    seed: int = 0
    numbers: tuple[PlayerId, ...] = ()
    swap_last_two: bool = True
    scoring: Scoring = field(default_factory=Scoring)
    tiebreaks: tuple[TieBreak, ...] = DEFAULT_TIEBREAKS[ROUND_ROBIN]

    def __post_init__(self) -> None:
        limits.SEED.check(self.seed, "seed")
        for number in self.numbers:
            limits.PLAYERS.check(number, "numbers")
        check_scoring(self.scoring)
        for tb in self.tiebreaks:
            if tb.acronym in ("BH", "BHNB", "FB", "AOB"):
                raise ModelError(
                    "{code} belongs to the Buchholz family, which C.07 (art. 8) does not allow in "
                    "round robins; use DE, SB, WIN or KS",
                    code=str(tb),
                )


@dataclass(frozen=True, order=True)
class ByeRequest:
    """A player asked in advance not to be paired in `round`: a half-point bye (`half`), a
    zero-point bye, or a full-point bye (`full`). It becomes the player's absence row when
    that round is paired."""

    round: int
    player: PlayerId
    half: bool = True
    full: bool = False
    """A full-point bye the TD gives by hand (FIDE deprecates it); `half` is then False."""

    @property
    def reason(self) -> str:
        """The absence row it turns into (a key of `SWISS_ABSENCES`)."""
        if self.full:
            return "full_point_bye"
        return "half_point_bye" if self.half else "zero_point_bye"


@dataclass(frozen=True)
class SwissSettings:
    """A Swiss: the number of rounds is fixed in advance; the Dutch engine pairs.

    `numbers[i]` is the player with pairing number i + 1 as stored when a round was paired
    (or read from a TRF file); `swiss_numbers` adds late entries. `max_half_point_byes`
    (None: no limit) caps the half-point byes a player may take; none may be taken in the
    last `half_point_byes_closed` rounds. `virtual_points`, when not empty, is the
    acceleration (as TRF26's 250 records override a `_BAKU` type code); else `acceleration`'s
    preset gives them.
    """

    rounds: int = 7
    scoring: Scoring = field(default_factory=Scoring)
    tiebreaks: tuple[TieBreak, ...] = DEFAULT_TIEBREAKS[SWISS]
    acceleration: Acceleration = Acceleration.NONE
    virtual_points: frozenset[VirtualPoints] = field(default_factory=frozenset)
    first_round: FirstRound = FirstRound.DUTCH
    seed: int = 0
    forbidden_pairs: frozenset[frozenset[PlayerId]] = field(default_factory=frozenset)
    bye_requests: frozenset[ByeRequest] = field(default_factory=frozenset)
    max_half_point_byes: int | None = None
    half_point_byes_closed: int = 0
    numbers: tuple[PlayerId, ...] = ()
    pairing_rules: SwissRules = SwissRules.DUTCH

    def __post_init__(self) -> None:
        limits.ROUNDS.check(self.rounds, "rounds")
        limits.GAP.optional(self.max_half_point_byes, "max_half_point_byes")
        limits.SEED.check(self.seed, "seed")
        check_scoring(self.scoring)
        for request in self.bye_requests:
            limits.ROUNDS.check(request.round, "bye_requests.round")
            limits.PLAYERS.check(request.player, "bye_requests.player")
        for pair in self.forbidden_pairs:
            for player in pair:
                limits.PLAYERS.check(player, "forbidden_pairs")
        if not 0 <= self.half_point_byes_closed <= self.rounds:
            raise ModelError("half-point byes can be closed in 0 to {rounds} last rounds, not "
                             "{closed}", rounds=self.rounds, closed=self.half_point_byes_closed)
        seen: dict[tuple[PlayerId, int], VirtualPoints] = {}
        for v in sorted(self.virtual_points):
            for r in range(v.first, v.last + 1):
                if (v.player, r) in seen:
                    raise ModelError("player {player} has virtual points twice for round "
                                     "{round}", player=v.player, round=r)
                seen[(v.player, r)] = v
        s = self.scoring
        if self.acceleration is Acceleration.BAKU and (s.win != 2 * s.draw or s.loss != 0):
            raise ModelError("the Baku acceleration needs a scoring where a win is worth two "
                             "draws and a loss nothing (1-1/2-0 or 2-1-0)")


SWISS_ABSENCES: dict[str, Kind] = {
    "half_point_bye": Kind.HPB,
    "full_point_bye": Kind.FPB,
    "zero_point_bye": Kind.ZPB,
    "excused": Kind.HPB,
    "club_duty": Kind.HPB,
    "unexcused": Kind.ZPB,
    "late_start": Kind.ZPB,
}
"""What an absence row counts as in a Swiss (and in a round robin's tie-breaks).

A requested half-point bye is the `excused` status (or the row `half_point_bye`); a no-show
or a requested zero-point bye is `unexcused`; a late entry's missed rounds are zero-point byes.
A full-point bye (TRF `F`, one the arbiter awards, worth the scoring's FPB value) is only a
row, `full_point_bye`.
"""


# --- Swiss helpers ---------------------------------------------------------------------------


NUMBERS_FROZEN_AFTER = 4
"""Pairing numbers may change (a late entry slots in) until round 4 is paired (C.04.2.B)."""


TITLE_ORDER = ("GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM")
"""C.04.2.B's order of FIDE titles among equal ratings; untitled players come after them."""


def _initial_rank(e: Entrant) -> tuple[int, int, str, PlayerId]:
    """C.04.2.B's initial order: rating descending (unrated last), then title, then
    alphabetically."""
    title = TITLE_ORDER.index(e.title) if e.title in TITLE_ORDER else len(TITLE_ORDER)
    return -e.sort_rating, title, e.name.casefold(), e.id


def swiss_numbers(entrants: Sequence[Entrant], known: Sequence[PlayerId] = (),
                  paired: int = 0) -> tuple[PlayerId, ...]:
    """Pairing numbers (TPN) of a Swiss: the ids in pairing-number order.

    `known` are the numbers stored so far (`SwissSettings.numbers`), `paired` the rounds
    paired. A player without a number (a late entry, or everybody before round 1) gets the
    number his rating fits and the players below him move down one; once round 4 is paired
    the numbers are frozen and a late entry gets the next free number (C.04.2.B).
    """
    by_id = {e.id: e for e in entrants}
    order = [p for p in dict.fromkeys(known) if p in by_id]
    if not order and paired:  # paired by a rochade that stored no numbers: rating, then id
        return tuple(e.id for e in sorted(entrants, key=lambda e: (-e.sort_rating, e.id)))
    placed = set(order)
    new = sorted((e for e in entrants if e.id not in placed), key=_initial_rank)
    if paired >= NUMBERS_FROZEN_AFTER:
        return (*order, *(e.id for e in new))
    for e in new:
        rank = _initial_rank(e)
        at = next((i for i, p in enumerate(order) if _initial_rank(by_id[p]) > rank),
                  len(order))
        order.insert(at, e.id)
    return tuple(order)


def baku_group_a(first_round_numbers: Sequence[PlayerId], order: Sequence[PlayerId]
                 ) -> frozenset[PlayerId]:
    """Group A of the Baku acceleration: the top 2·⌈N/4⌉ of round 1's pairing list.

    Late entries join by rating; the last player of group A stays the same person (C.04.7).
    """
    size = 2 * math.ceil(len(first_round_numbers) / 4)
    if size == 0:
        return frozenset()
    last = first_round_numbers[size - 1]
    return frozenset(order[: order.index(last) + 1])


def baku_virtual_points(round_number: int, total_rounds: int, win: Fraction) -> Fraction:
    """Virtual points of a group A player in `round_number`: a win, then a draw, then none."""
    accelerated = math.ceil(total_rounds / 2)
    if round_number <= math.ceil(accelerated / 2):
        return win
    return win / 2 if round_number <= accelerated else Fraction(0)


def random_round(players: Sequence[PlayerId], rng: random.Random) -> Pairing:
    """Round 1 at random (the seed's club variant): shuffled pairs, colours by lot.

    With an odd number the last player drawn gets the pairing-allocated bye. The caller seeds
    `rng` from the tournament's seed, so the draw can be replayed.
    """
    drawn = sorted(players)
    rng.shuffle(drawn)
    bye = drawn.pop() if len(drawn) % 2 else None
    boards = []
    for a, b in zip(drawn[::2], drawn[1::2], strict=True):
        boards.append(Board(a, b) if rng.random() < 0.5 else Board(b, a))
    lines = [Said("Round 1 paired at random (seeded draw), colours by lot.")]
    if bye is not None:
        lines.append(Said("player {player} was drawn last and gets the pairing-allocated bye",
                          player=bye))
    return Pairing(tuple(boards), bye, tuple(lines))
