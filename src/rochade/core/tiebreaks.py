"""FIDE tie-breaks (Handbook C.07, 2026-03 edition; spec/tiebreaks.md), as pure functions.

The input is a small crosstable model of its own (`Crosstable` of `PlayerRecord`s, one
`RoundEntry` per round), so that Swiss, round-robin and TRF data all feed the same code.
Tie-breaks are named by their TRF (MTB26) codes, e.g. `BH/C1` or `BH-C1`. Arithmetic is exact
(`Fraction`); only the rating tie-breaks round, as C.07 art. 10 says.

One module: the tie-breaks build on each other (Buchholz feeds AOB and FB, the cuts and the
dummy opponent serve them all) and read one crosstable model, as C.07 is one table.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import cached_property

from rochade.core.limits import number
from rochade.core.messages import N_, Exact, Explained, Message, Said
from rochade.core.model import Outcome


class TieBreakError(Explained, ValueError):
    """A tie-break that cannot be computed or parsed; the message says what to change."""


class Kind(enum.Enum):
    """What happened to a player in one round (C.07 art. 16 categories derive from it).

    The values are marked for the catalogue: the consistency checks name them in errors."""

    PLAYED = N_("game over the board")  # including games of less than one move (TRF W/D/L)
    FORFEIT_WIN = N_("forfeit win")
    FORFEIT_LOSS = N_("forfeit loss")  # also each side of a double forfeit
    PAB = N_("pairing-allocated bye")
    FPB = N_("full-point bye")
    HPB = N_("half-point bye")
    ZPB = N_("zero-point bye")  # also an absence, and every round after a withdrawal
    REST = N_("rest round")  # odd round robin, or an annulled game: ignored by every tie-break


VUR_KINDS = frozenset({Kind.HPB, Kind.ZPB, Kind.FORFEIT_LOSS})
"""Voluntary unplayed rounds (16.1): requested byes and forfeit losses."""

_WITH_OPPONENT = frozenset({Kind.PLAYED, Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS})
_REVERSE = {Outcome.WIN: Outcome.LOSS, Outcome.DRAW: Outcome.DRAW, Outcome.LOSS: Outcome.WIN}
_UNUSUAL = {(Outcome.DRAW, Outcome.LOSS), (Outcome.LOSS, Outcome.DRAW),
            (Outcome.LOSS, Outcome.LOSS)}
"""The unusual results over the board an arbiter may give: ½-0, 0-½ and 0-0."""


class Colour(enum.Enum):
    WHITE = "w"
    BLACK = "b"


@dataclass(frozen=True, slots=True)
class RoundEntry:
    """One round of one player. `opponent` is set for games and forfeits, else None."""

    kind: Kind
    opponent: int | None = None
    colour: Colour | None = None
    outcome: Outcome | None = None  # PLAYED only: WIN, DRAW or LOSS
    points: Fraction | None = None
    """Points that are not the outcome's (a team's game points); None: by the scoring."""

    def __post_init__(self) -> None:
        if (self.opponent is not None) != (self.kind in _WITH_OPPONENT):
            wrong = (
                N_("a {kind} needs an opponent")
                if self.opponent is None
                else N_("a {kind} has no opponent")
            )
            raise TieBreakError(wrong, kind=Message(self.kind.value))
        if (self.kind is Kind.PLAYED) != (self.outcome in _REVERSE):
            raise TieBreakError("a {kind} cannot have the outcome {outcome}",
                kind=Message(self.kind.value),
                outcome=self.outcome,
            )


@dataclass(frozen=True, slots=True)
class PlayerRecord:
    """A player's rounds, in order. `id` is the tournament pairing number (TPN)."""

    id: int
    rounds: tuple[RoundEntry, ...]
    rating: int | None = None


@dataclass(frozen=True, slots=True)
class Scoring:
    """Points per result: 1-½-0 by default.

    Byes are worth what their names say (PAB and FPB a win, HPB a draw, ZPB a loss) unless the
    tournament sets another value.
    """

    win: Fraction = Fraction(1)
    draw: Fraction = Fraction(1, 2)
    loss: Fraction = Fraction(0)
    pab: Fraction | None = None
    fpb: Fraction | None = None
    hpb: Fraction | None = None
    zpb: Fraction | None = None

    @classmethod
    def parse(cls, text: str) -> Scoring:
        """`1-½-0`, `3-1-0`, `2-1-0` ...: win, draw and loss points."""
        parts = text.replace("½", "1/2").split("-")
        try:
            win, draw, loss = (number(p) for p in parts)
        except ValueError:
            raise TieBreakError(
                "scoring '{scoring}' should be win-draw-loss points, like 1-1/2-0 or 3-1-0",
                scoring=text,
            ) from None
        return cls(win, draw, loss)

    def points(self, entry: RoundEntry) -> Fraction:
        if entry.points is not None:
            return entry.points
        kind = entry.kind
        if kind is Kind.PLAYED:
            if entry.outcome is Outcome.WIN:
                return self.win
            return self.draw if entry.outcome is Outcome.DRAW else self.loss
        if kind is Kind.REST:
            return Fraction(0)
        if kind is Kind.FORFEIT_WIN:
            return self.win
        if kind is Kind.FORFEIT_LOSS:
            return self.loss
        bye, default = {Kind.PAB: (self.pab, self.win), Kind.FPB: (self.fpb, self.win),
                        Kind.HPB: (self.hpb, self.draw), Kind.ZPB: (self.zpb, self.loss)}[kind]
        return default if bye is None else bye


def total(values: Iterable[Fraction]) -> Fraction:
    """The sum of `values`, made into one Fraction at the end: `sum` made one per addition
    (with its greatest common divisor), and the standings of a big Swiss add thousands."""
    numerator, denominator = 0, 1
    for value in values:
        if value.denominator == denominator:
            numerator += value.numerator
        else:
            numerator = numerator * value.denominator + value.numerator * denominator
            denominator *= value.denominator
    return Fraction(numerator, denominator)


class Unplayed(enum.Enum):
    """How a player's own unplayed rounds and opponents' unplayed rounds count (Swiss only)."""

    FIDE_2026 = "2026"  # dummy opponent with the 16.4 caps
    FIDE_2023 = "2023"  # 2023/2024 editions: dummy = own final score, no caps
    VIRTUAL_2022 = "2022"  # pre-2023 virtual opponent; opponents' unplayed games are draws
    IGNORE = "ignore"  # "Buchholz without byes": own unplayed rounds add nothing


@dataclass(frozen=True)
class Crosstable:
    """Everything the tie-breaks read: the rounds played so far, one entry each per player.

    For interim standings pass only the rounds played: the dummy cap (a draw per round) and
    the end-of-event byes (16.2.5) are judged on them. `unrated` is the rating that rating
    tie-breaks give unrated players when the tie-break has no /U modifier (None: with an
    unrated player in the table the rating tie-breaks are dropped, see `compute`).
    """

    players: tuple[PlayerRecord, ...]
    scoring: Scoring = Scoring()
    round_robin: bool = False
    unplayed: Unplayed = Unplayed.FIDE_2026
    unrated: int | None = None

    def __post_init__(self) -> None:
        counts = {len(p.rounds) for p in self.players}
        if len(counts) > 1:
            raise TieBreakError("every player needs one entry per round")
        ids = [p.id for p in self.players]
        if len(set(ids)) != len(ids):
            raise TieBreakError("player numbers must be unique")
        by_id = {p.id: p for p in self.players}
        mirror = {Kind.PLAYED: {Kind.PLAYED}, Kind.FORFEIT_WIN: {Kind.FORFEIT_LOSS},
                  Kind.FORFEIT_LOSS: {Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS}}
        for p in self.players:
            for r, e in enumerate(p.rounds, 1):
                if e.opponent is None:
                    continue
                other = by_id.get(e.opponent)
                back = other.rounds[r - 1] if other else None
                if (back is None or back.opponent != p.id or back.kind not in mirror[e.kind]
                        or (e.outcome and back.outcome is not _REVERSE[e.outcome]
                            and (e.outcome, back.outcome) not in _UNUSUAL)):
                    raise TieBreakError(
                        "round {round}: player {player} has a {kind} against player {opponent}, "
                        "whose entry for that round does not match",
                        round=r,
                        player=p.id,
                        kind=Message(e.kind.value),
                        opponent=e.opponent,
                    )

    @property
    def rounds(self) -> int:
        return len(self.players[0].rounds) if self.players else 0

    @cached_property
    def by_id(self) -> dict[int, PlayerRecord]:
        return {p.id: p for p in self.players}

    @cached_property
    def score(self) -> dict[int, Fraction]:
        """Each player's points."""
        return {p.id: total(self.scoring.points(e) for e in p.rounds) for p in self.players}

    @cached_property
    def parts_kept(self) -> dict[tuple[bool, bool], dict[int, list[_Part]]]:
        """Each player's `_opponent_parts` by (Sonneborn-Berger, /P), kept for the table's
        other tie-breaks of the same family (BH-C1 and BH read the same parts)."""
        return {}

    @cached_property
    def adjusted(self) -> dict[int, Fraction]:
        """The score a player shows to opponents (16.3; legacy: unplayed games as draws)."""
        draw = self.scoring.draw
        if self.unplayed is Unplayed.VIRTUAL_2022:
            return {p.id: total(self.scoring.points(e) if e.kind is Kind.PLAYED else draw
                                for e in p.rounds if e.kind is not Kind.REST)
                    for p in self.players}
        if self.round_robin or self.unplayed is Unplayed.IGNORE:
            return self.score
        out = {}
        for p in self.players:
            last = max((r for r, e in enumerate(p.rounds) if e.kind not in VUR_KINDS), default=-1)
            out[p.id] = total(draw if r > last and e.opponent is None else self.scoring.points(e)
                              for r, e in enumerate(p.rounds))
        return out


@dataclass(frozen=True, slots=True)
class TieBreak:
    """One tie-break of the list: an acronym and its modifiers (C.07 art. 14, TRF MTB26).

    `cut` drops the n least significant values, `median` the n least and the n most; `limit`
    moves the Koya threshold by half points; `played` counts forfeits as played games (/P);
    `fore` makes AOB average Fore Buchholz (/F); `reverse` inverts TPN/RTNG order (/R);
    `unrated` is the rating a rating tie-break gives unrated players (/U1000, Gacrux's
    modifier).
    """

    acronym: str
    cut: int = 0
    median: int = 0
    limit: int = 0
    played: bool = False
    fore: bool = False
    reverse: bool = False
    unrated: int | None = None

    def __str__(self) -> str:
        mods = [f"C{self.cut}" if self.cut else "", f"M{self.median}" if self.median else "",
                f"L{self.limit:+d}" if self.limit else "", "P" if self.played else "",
                "F" if self.fore else "", "R" if self.reverse else "",
                "" if self.unrated is None else f"U{self.unrated}"]
        return "/".join([self.acronym, *(m for m in mods if m)])

    @property
    def key(self) -> str:
        """The tie-break as the TD types it on the command line: BH-C1, SB, KS-L+1."""
        return str(self).replace("/", "-")

    @property
    def higher_is_better(self) -> bool:
        """DE gives places and TPN ascends; RTNG/R and TPN/R flip the order."""
        return (self.acronym not in ("DE", "TPN")) != self.reverse


_MODIFIERS: dict[str, frozenset[str]] = {
    **{a: frozenset({"C", "M", "P"}) for a in ("BH", "BHNB", "FB", "SB")},
    "ARO": frozenset({"C", "M", "U"}), "PS": frozenset({"C"}), "KS": frozenset({"L"}),
    "AOB": frozenset({"F", "P"}), "DE": frozenset({"P"}),
    "TPN": frozenset({"R"}), "RTNG": frozenset({"R", "U"}),
    **{a: frozenset({"U"}) for a in ("TPR", "PTP", "APRO", "APPO")},
}
RATING_CODES = frozenset({"ARO", "TPR", "PTP", "APRO", "APPO", "RTNG"})
"""The tie-breaks that read ratings (C.07 art. 10), and so need one for unrated players."""
_ALIASES = {"GE": "REP"}
_MOD = re.compile(r"[/-](C\d+|M\d+|L[+-]?\d+|U\d+|P|F|R)(?![A-Z0-9])")


def parse_tiebreaks(text: str) -> tuple[TieBreak, ...]:
    """An ordered list like `BH-C1,BH,SB` or `BH/C1,BH,SB` (case-insensitive)."""
    return tuple(parse_tiebreak(part) for part in text.split(",") if part.strip())


def parse_tiebreak(text: str) -> TieBreak:
    """One descriptor, `ACRONYM` followed by `/` or `-` modifiers: C1, C2, M1, L+1, P, F, R."""
    code = text.strip().upper()
    match = re.match(r"[A-Z]+", code)
    acronym = _ALIASES.get(match.group(), match.group()) if match else ""
    if acronym not in _COMPUTE and acronym != "DE":
        raise TieBreakError(
            "unknown tie-break '{code}'; valid codes: {codes} "
            "(modifiers /C1 /C2 /M1 /M2 /L+n /L-n /P /F /R /U1000, e.g. BH/C1 or BH-C1)",
            code=text.strip(),
            codes=", ".join(VALID_CODES),
        )
    rest = code[match.end():] if match else ""
    if _MOD.sub("", rest):
        raise TieBreakError(
            "cannot read the modifiers in '{code}'; write them like BH/C1, BH-M1, KS/L-1 or SB/P",
            code=text.strip(),
        )
    mods = _MOD.findall(rest)
    allowed = _MODIFIERS.get(acronym, frozenset())
    fields: dict[str, int | bool] = {}
    for mod in mods:
        if mod[0] not in allowed:
            if allowed:
                raise TieBreakError(
                    "{code} does not take the modifier /{modifier}; it takes {allowed}",
                    code=acronym,
                    modifier=mod,
                    allowed=", ".join(sorted(allowed)),
                )
            raise TieBreakError(
                "{code} does not take the modifier /{modifier}", code=acronym, modifier=mod
            )
        name = {"C": "cut", "M": "median", "L": "limit", "P": "played", "F": "fore",
                "R": "reverse", "U": "unrated"}[mod[0]]
        fields[name] = int(mod[1:]) if mod[0] in "CMLU" else True
    return TieBreak(acronym, **fields)  # type: ignore[arg-type]


# --- the tie-breaks -----------------------------------------------------------------------

Values = dict[int, Fraction]


@dataclass(frozen=True, slots=True)
class _Part:
    """One round's contribution to a sum tie-break; `key` orders significance (opp. score)."""

    key: Fraction
    value: Fraction
    vur: bool
    round: int = 0
    note: Message | None = None


def _trim(parts: list[_Part], low: int, high: int) -> list[_Part]:
    """Cut `low` least and `high` most significant parts, with the VUR exception (16.5).

    At the low end the lowest VUR contribution (by value, as Gacrux 1.11 reads it) is cut
    instead of the least significant value unless it is lower than that value; the high end
    has no exception.
    """
    parts = list(parts)
    for _ in range(min(low, len(parts))):
        least = min(parts, key=lambda p: (p.key, p.value))
        vurs = [p for p in parts if p.vur]
        vur = min(vurs, key=lambda p: (p.value, p.key)) if vurs else least
        parts.remove(least if least.value > vur.value else vur)
    for _ in range(min(high, len(parts))):
        parts.remove(max(parts, key=lambda p: (p.key, p.value)))
    return parts


def _opponent_parts(table: Crosstable, pid: int, sb: bool, played: bool, notes: bool = False
                    ) -> list[_Part]:
    """Per round: the opponent's (or the dummy's) score, times the points scored for SB; with
    `notes` what each one is (for `explain`: the standings need the numbers alone, and the
    words cost more than the sums)."""
    scoring, rule = table.scoring, table.unplayed
    own = table.score[pid]
    parts = []
    before = Fraction(0)
    for r, e in enumerate(table.by_id[pid].rounds, 1):
        pts = scoring.points(e)
        note = None
        if e.opponent is not None and (e.kind is Kind.PLAYED or table.round_robin or played):
            opp = table.adjusted[e.opponent]
            if notes:
                note = Message(N_("{kind} against {opponent}, who scores {score}"),
                               {"kind": Message(e.kind.value), "opponent": e.opponent,
                                "score": Exact(opp)})
            parts.append(_Part(opp, opp * pts if sb else opp, False, r, note))
        elif not table.round_robin and e.kind is not Kind.REST and rule is not Unplayed.IGNORE:
            if rule is Unplayed.VIRTUAL_2022:
                dummy = before + scoring.win - pts + scoring.draw * (table.rounds - r)
                why = Message(N_("virtual opponent of the pre-2023 rule"))
            elif rule is Unplayed.FIDE_2023:
                dummy = own
                why = Message(N_("own score, 2023 rule"))
            elif e.opponent is not None:  # 16.4.1: forfeit, capped by the scheduled opponent
                dummy = min(own, table.adjusted[e.opponent])
                why = Message(N_("own score {own}, at most what {opponent} scores: {score}"),
                              {"own": Exact(own), "opponent": e.opponent,
                               "score": Exact(table.adjusted[e.opponent])})
            else:  # 16.4.2: byes and absences, capped at a draw per round
                dummy = min(own, scoring.draw * table.rounds)
                why = Message(N_("own score {own}, at most a draw per round: {score}"),
                              {"own": Exact(own), "score": Exact(scoring.draw * table.rounds)})
            if notes:
                note = Message(N_("{kind}: dummy opponent scoring {score} ({why})"),
                               {"kind": Message(e.kind.value), "score": Exact(dummy),
                                "why": why})
            parts.append(_Part(dummy, dummy * pts if sb else dummy, e.kind in VUR_KINDS, r,
                               note))
        before += pts
    return parts


def explain(table: Crosstable, tiebreak: TieBreak | str, player: int) -> tuple[str, ...]:
    """Round by round, what a player's Buchholz or Sonneborn-Berger is made of, and the cuts.

    For a TD who must answer "why is my Buchholz 10.5?". Other tie-breaks are a plain count
    or average and get a single line.
    """
    tb = parse_tiebreak(tiebreak) if isinstance(tiebreak, str) else tiebreak
    if tb.acronym not in ("BH", "BHNB", "FB", "SB"):
        found = compute(table, tb)[player] if tb.acronym != "DE" else None
        if found is None:
            return (Said("{tiebreak}: see the tied group", tiebreak=str(tb)),)
        return (Said("{tiebreak}: {value}", tiebreak=str(tb), value=Exact(found)),)
    if tb.acronym != "SB":
        _no_buchholz_in_round_robins(table, tb)
    source = {"FB": _fore_table, "BHNB": _without_byes}.get(tb.acronym, lambda t: t)(table)
    parts = _opponent_parts(source, player, tb.acronym == "SB", tb.played, notes=True)
    kept = _trim(parts, tb.cut + tb.median, tb.median)
    summed = total(part.value for part in kept)  # `_sum_parts`, for one player
    lines = []
    for part in parts:
        values = {"round": part.round, "note": part.note, "value": Exact(part.value)}
        if tb.acronym == "SB":
            entry = source.by_id[player].rounds[part.round - 1]
            values["points"] = Exact(source.scoring.points(entry))
            lines.append(
                Said("round {round}: {note} × {points} points = {value}", **values)
                if part in kept
                else Said("round {round}: {note} × {points} points = {value} (cut)", **values)
            )
        else:
            lines.append(
                Said("round {round}: {note} = {value}", **values)
                if part in kept
                else Said("round {round}: {note} = {value} (cut)", **values)
            )
    lines.append(Said("{tiebreak} = {value}", tiebreak=str(tb), value=Exact(summed)))
    return tuple(lines)


def _no_buchholz_in_round_robins(table: Crosstable, tb: TieBreak) -> None:
    if table.round_robin:
        raise TieBreakError(
            "{code} belongs to the Buchholz family, which C.07 (art. 8) does not allow in round "
            "robins; use DE, SB, WIN or KS",
            code=tb.acronym,
        )


def _sum_parts(table: Crosstable, tb: TieBreak, sb: bool) -> Values:
    low, high = tb.cut + tb.median, tb.median
    kept = table.parts_kept.setdefault((sb, tb.played), {})  # BH-C1 and BH alike
    if not kept:
        kept.update((p.id, _opponent_parts(table, p.id, sb, tb.played)) for p in table.players)
    return {p.id: total(x.value for x in _trim(kept[p.id], low, high)) for p in table.players}


def _buchholz(table: Crosstable, tb: TieBreak) -> Values:
    _no_buchholz_in_round_robins(table, tb)
    return _sum_parts(table, tb, sb=False)


def _buchholz_without_byes(table: Crosstable, tb: TieBreak) -> Values:
    """Buchholz as many club programs count it (seed 002): the opponents' real scores; a
    round without an opponent (a bye, an absence, a forfeit unless /P) adds nothing, and the
    others are not scaled up for it."""
    return _buchholz(_without_byes(table), tb)


def _without_byes(table: Crosstable) -> Crosstable:
    return replace(table, unplayed=Unplayed.IGNORE)


def _fore_table(table: Crosstable) -> Crosstable:
    """The crosstable as if every game of the final round were drawn (8.3)."""
    def fore(e: RoundEntry) -> RoundEntry:
        if e.opponent is None:
            return e
        return RoundEntry(Kind.PLAYED, e.opponent, e.colour, Outcome.DRAW)
    return replace(table, players=tuple(
        replace(p, rounds=(*p.rounds[:-1], fore(p.rounds[-1]))) for p in table.players))


def _fore_buchholz(table: Crosstable, tb: TieBreak) -> Values:
    _no_buchholz_in_round_robins(table, tb)
    return _sum_parts(_fore_table(table), tb, sb=False) if table.rounds else _zero(table)


def _sonneborn_berger(table: Crosstable, tb: TieBreak) -> Values:
    return _sum_parts(table, tb, sb=True)


def _over_board(table: Crosstable, pid: int) -> list[RoundEntry]:
    return [e for e in table.by_id[pid].rounds if e.kind is Kind.PLAYED]


def _average_of_buchholz(table: Crosstable, tb: TieBreak) -> Values:
    _no_buchholz_in_round_robins(table, tb)
    inner = TieBreak("FB" if tb.fore else "BH", played=tb.played)
    bh = _COMPUTE[inner.acronym](table, inner)
    out = {}
    for p in table.players:
        opps = [bh[e.opponent] for e in _over_board(table, p.id) if e.opponent is not None]
        out[p.id] = sum(opps, Fraction(0)) / len(opps) if opps else Fraction(0)
    return out


def _count(predicate: Callable[[Crosstable, RoundEntry], bool]
           ) -> Callable[[Crosstable, TieBreak], Values]:
    def compute(table: Crosstable, tb: TieBreak) -> Values:
        return {p.id: Fraction(sum(predicate(table, e) for e in p.rounds))
                for p in table.players}
    return compute


def _won(table: Crosstable, e: RoundEntry) -> bool:
    """Won over the board: forfeits never count, not even in round robins (as Gacrux)."""
    return e.kind is Kind.PLAYED and e.outcome is Outcome.WIN


_win = _count(lambda t, e: e.kind is not Kind.REST and t.scoring.points(e) == t.scoring.win)
_won_games = _count(_won)
_black_games = _count(lambda t, e: e.kind is Kind.PLAYED and e.colour is Colour.BLACK)
_black_wins = _count(lambda t, e: _won(t, e) and e.colour is Colour.BLACK)
_elected = _count(lambda t, e: e.kind is not Kind.REST and e.kind not in VUR_KINDS)


def _standard_points(table: Crosstable, tb: TieBreak) -> Values:
    """1, ½ or 0 per round as the round's points beat, equal or fall below a draw (Gacrux)."""
    draw = table.scoring.draw

    def std(e: RoundEntry) -> Fraction:
        pts = table.scoring.points(e)
        return Fraction(1) if pts > draw else Fraction(1, 2) if pts == draw else Fraction(0)
    return {p.id: sum((std(e) for e in p.rounds if e.kind is not Kind.REST), Fraction(0))
            for p in table.players}


def _progressive(table: Crosstable, tb: TieBreak) -> Values:
    """The running score after each round, summed; a rest round repeats it (as Gacrux)."""
    out = {}
    for p in table.players:
        running, terms = Fraction(0), []
        for e in p.rounds:
            running += table.scoring.points(e)
            terms.append(running)
        out[p.id] = sum(terms[tb.cut:], Fraction(0))
    return out


def _koya(table: Crosstable, tb: TieBreak) -> Values:
    """Points against opponents on at least half the maximum score, moved by half points.

    Opponents count with their real final score, not the adjusted one (as Gacrux does; KS is
    meant for round robins, where the two agree).
    """
    games = max((sum(e.kind is not Kind.REST for e in p.rounds) for p in table.players),
                default=0)
    threshold = table.scoring.win * games / 2 + Fraction(tb.limit, 2)
    return {p.id: sum((table.scoring.points(e) for e in p.rounds
                       if e.opponent is not None and table.score[e.opponent] >= threshold),
                      Fraction(0))
            for p in table.players}


def _pairing_number(table: Crosstable, tb: TieBreak) -> Values:
    return {p.id: Fraction(p.id) for p in table.players}


# --- rating tie-breaks (art. 10, with the B.02 tables) -------------------------------------

_DP = (0, 7, 14, 21, 29, 36, 43, 50, 57, 65, 72, 80, 87, 95, 102, 110, 117, 125, 133, 141,
       149, 158, 166, 175, 184, 193, 202, 211, 220, 230, 240, 251, 262, 273, 284, 296, 309, 322,
       336, 351, 366, 383, 401, 422, 444, 470, 501, 538, 589, 677, 800)
"""B.02 8.1.1: dp for a percentage score of 50 + index (symmetric below 50)."""

_PD_BOUNDS = (3, 10, 17, 25, 32, 39, 46, 53, 61, 68, 76, 83, 91, 98, 106, 113, 121, 129, 137,
              145, 153, 162, 170, 179, 188, 197, 206, 215, 225, 235, 245, 256, 267, 278, 290,
              302, 315, 328, 344, 357, 374, 391, 411, 432, 456, 484, 517, 559, 619, 735)
"""B.02 8.1.2: the largest rating difference for an expected score of 0.50 + index/100."""


def dp(percent: int) -> int:
    """Rating difference for a score of `percent` % (B.02 table 8.1.1)."""
    if not 0 <= percent <= 100:
        raise TieBreakError("a percentage score lies in 0..100, not {percent}", percent=percent)
    return _DP[percent - 50] if percent >= 50 else -_DP[50 - percent]


def expected_score(difference: int) -> Fraction:
    """Expected score for a rating advantage `difference` (B.02 table 8.1.2, no 400 cut)."""
    d = abs(difference)
    step = next((i for i, bound in enumerate(_PD_BOUNDS) if d <= bound), 50)
    pd = Fraction(50 + step, 100)
    return pd if difference >= 0 else 1 - pd


def _half_up(x: Fraction) -> int:
    return (x + Fraction(1, 2)).__floor__()


def _rating(table: Crosstable, pid: int) -> int:
    """A player's rating; an unrated player's is `table.unrated` (`compute` sees it set)."""
    rating = table.by_id[pid].rating
    if rating is None:
        assert table.unrated is not None, "compute() drops the tie-break without a value"
        return table.unrated
    return rating


def _opponents_rated(table: Crosstable, pid: int) -> list[tuple[int, Fraction]]:
    """(rating, game points) per game over the board: rating tie-breaks ignore forfeits."""
    game_points = {Outcome.WIN: Fraction(1), Outcome.DRAW: Fraction(1, 2)}
    return [(_rating(table, e.opponent), game_points.get(e.outcome, Fraction(0)))  # type: ignore
            for e in _over_board(table, pid) if e.opponent is not None]


def _aro_of(ratings: Sequence[int]) -> int:
    return _half_up(Fraction(sum(ratings), len(ratings))) if ratings else 0


def _aro(table: Crosstable, tb: TieBreak) -> Values:
    out = {}
    for p in table.players:
        parts = [_Part(Fraction(r), Fraction(r), False) for r, _ in _opponents_rated(table, p.id)]
        kept = _trim(parts, tb.cut + tb.median, tb.median)
        out[p.id] = Fraction(_aro_of([int(x.value) for x in kept]))
    return out


def performance_rating(games: list[tuple[int, Fraction]]) -> int:
    """Rp = Ra + dp (dp from B.02 table 8.1.1): ARO + dp(p) over (opponent's rating, points)
    per game, p rounded to a whole percent, half up (as Gacrux does; C.07 is silent). The
    table's ends give 100 % Ra + 800 and 0 % Ra - 800; no games, 0."""
    if not games:
        return 0
    percent = _half_up(100 * sum((s for _, s in games), Fraction(0)) / len(games))
    return _aro_of([r for r, _ in games]) + dp(percent)


def _ptp_of(games: list[tuple[int, Fraction]]) -> int:
    """The lowest rating whose expected score reaches the score (10.3)."""
    if not games:
        return 0
    ratings = [r for r, _ in games]
    score = sum((s for _, s in games), Fraction(0))
    if score == 0:
        return min(ratings) - 800
    low, high = min(ratings) - 800, max(ratings) + 800  # expected(high) = len(games) >= score
    while high - low > 1:  # invariant: expected(low) < score <= expected(high)
        mid = (low + high) // 2
        if sum((expected_score(mid - r) for r in ratings), Fraction(0)) >= score:
            high = mid
        else:
            low = mid
    return high


def _performance(of: Callable[[list[tuple[int, Fraction]]], int]
                 ) -> Callable[[Crosstable, TieBreak], Values]:
    def compute(table: Crosstable, tb: TieBreak) -> Values:
        return {p.id: Fraction(of(_opponents_rated(table, p.id))) for p in table.players}
    return compute


def _average_performance(of: Callable[[list[tuple[int, Fraction]]], int]
                         ) -> Callable[[Crosstable, TieBreak], Values]:
    def compute(table: Crosstable, tb: TieBreak) -> Values:
        perf = {p.id: of(_opponents_rated(table, p.id)) for p in table.players}
        return {p.id: Fraction(_aro_of([perf[e.opponent] for e in _over_board(table, p.id)
                                        if e.opponent is not None]))
                for p in table.players}
    return compute


def _own_rating(table: Crosstable, tb: TieBreak) -> Values:
    return {p.id: Fraction(_rating(table, p.id)) for p in table.players}


def _zero(table: Crosstable) -> Values:
    return {p.id: Fraction(0) for p in table.players}


_COMPUTE: dict[str, Callable[[Crosstable, TieBreak], Values]] = {
    "WIN": _win, "WON": _won_games, "BPG": _black_games, "BWG": _black_wins,
    "PS": _progressive, "REP": _elected, "STD": _standard_points, "TPN": _pairing_number,
    "BH": _buchholz, "BHNB": _buchholz_without_byes, "AOB": _average_of_buchholz,
    "FB": _fore_buchholz,
    "SB": _sonneborn_berger, "KS": _koya,
    "ARO": _aro, "TPR": _performance(performance_rating), "PTP": _performance(_ptp_of),
    "APRO": _average_performance(performance_rating), "APPO": _average_performance(_ptp_of),
    "RTNG": _own_rating,
}
VALID_CODES = ("DE", *_COMPUTE)


# --- direct encounter (art. 6) -------------------------------------------------------------

def _de_places(table: Crosstable, group: Sequence[int], forfeits: bool) -> dict[int, int]:
    """Places 1.. within a tied group by their games among themselves; ties share a place."""
    members = set(group)
    results: dict[int, dict[int, list[Fraction]]] = {p: {} for p in group}
    for p in group:
        for e in table.by_id[p].rounds:
            if e.opponent in members and (e.kind is Kind.PLAYED or forfeits):
                results[p].setdefault(e.opponent, []).append(table.scoring.points(e))
    mini = {p: sum((sum(r, Fraction(0)) / len(r) for r in results[p].values()), Fraction(0))
            for p in group}
    order = sorted(group, key=lambda p: -mini[p])
    complete = table.round_robin or all(len(results[p]) == len(group) - 1 for p in group)
    places: dict[int, int] = {}
    if complete:
        start = 0
        while start < len(order):
            level = [p for p in order if mini[p] == mini[order[start]]]
            _place_level(table, level, start, len(group), forfeits, places)
            start += len(level)
        return places
    best = {p: mini[p] + table.scoring.win * (len(group) - 1 - len(results[p])) for p in group}
    first = 0
    while first < len(order) - 1 and mini[order[first]] > max(best[q] for q in order[first + 1:]):
        places[order[first]] = first + 1
        first += 1
    _place_level(table, order[first:], first, len(group), forfeits, places)
    return places


def _place_level(table: Crosstable, level: list[int], offset: int, size: int, forfeits: bool,
                 places: dict[int, int]) -> None:
    """Give `level` places after `offset`, applying DE again if it is a proper subgroup."""
    sub = _de_places(table, level, forfeits) if 1 < len(level) < size else dict.fromkeys(level, 1)
    for p, place in sub.items():
        places[p] = offset + place


def _direct_encounter(table: Crosstable, tb: TieBreak, groups: Iterable[Sequence[int]]
                      ) -> Values:
    out: Values = {}
    for group in groups:
        places = _de_places(table, list(group), tb.played or table.round_robin)
        out.update({p: Fraction(v) for p, v in places.items()})
    return out


def _score_groups(table: Crosstable) -> list[list[int]]:
    groups: dict[Fraction, list[int]] = {}
    for p in table.players:
        groups.setdefault(table.score[p.id], []).append(p.id)
    return [groups[s] for s in sorted(groups, reverse=True)]


def compute(table: Crosstable, tiebreak: TieBreak | str,
            groups: Iterable[Sequence[int]] | None = None) -> Values:
    """One tie-break for every player.

    DE is a place within a tied group (1 = best): `groups` are the tied groups, by default
    the players on equal points. Other tie-breaks ignore `groups`.
    """
    tb = parse_tiebreak(tiebreak) if isinstance(tiebreak, str) else tiebreak
    if tb.acronym == "DE":
        return _direct_encounter(table, tb, _score_groups(table) if groups is None else groups)
    if tb.acronym in RATING_CODES:
        unrated = table.unrated if tb.unrated is None else tb.unrated
        if unrated is None and any(p.rating is None for p in table.players):
            return _zero(table)  # C.07 art. 10: dropped, unless the rules rate the unrated
        table = replace(table, unrated=unrated)
    return _COMPUTE[tb.acronym](table, tb)


@dataclass(frozen=True, slots=True)
class Standing:
    """A player's line in the final ranking; tied players share `place`."""

    place: int
    player: int
    points: Fraction
    values: tuple[Fraction, ...]


def rank(table: Crosstable, tiebreaks: Sequence[TieBreak | str]) -> tuple[Standing, ...]:
    """Points, then each tie-break applied only to groups still tied (4.2).

    DE is recomputed within each group. Ties left at the end share a place (listed by TPN);
    drawing lots, where the rules want it, is the caller's business.
    """
    tbs = [parse_tiebreak(t) if isinstance(t, str) else t for t in tiebreaks]
    groups = _score_groups(table)
    values: dict[int, list[Fraction]] = {p.id: [] for p in table.players}
    for tb in tbs:
        computed = compute(table, tb, groups)
        refined: list[list[int]] = []
        for group in groups:
            sign = 1 if tb.higher_is_better else -1
            for p in group:
                values[p].append(computed[p])
            levels: dict[Fraction, list[int]] = {}
            for p in group:
                levels.setdefault(computed[p], []).append(p)
            refined.extend(levels[v] for v in sorted(levels, key=lambda v: -sign * v))
        groups = refined
    out: list[Standing] = []
    place = 1
    for group in groups:
        out.extend(Standing(place, p, table.score[p], tuple(values[p])) for p in sorted(group))
        place += len(group)
    return tuple(out)
