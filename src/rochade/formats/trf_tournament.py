"""Whole tournaments as TRF files and back: Swiss, round robin and Keizer.

A TRF file says more than rochade's facts (federations, titles, birth dates, the arbiter, the
ranks another program computed ...) and rochade knows facts TRF has no place for (Keizer
settings, absence reasons, board numbers). Both directions stay
lossless:

* what the file says beyond the facts is kept as `TrfExtras` (the club file stores it with
  the tournament) and written back unchanged, so import then export gives the same file;
* what rochade knows beyond TRF goes into `RCH` lines, one JSON value each (`RCH absent
  [3, 5, "excused"]`). Other programs ignore unknown records; rochade reads them back. They
  are written only where the plain TRF records would be read back differently.

docs/trf.md describes the mapping.

One module for both directions: the writer replays the reader's rules on the lines it wrote
to decide which `RCH` lines a reader needs (`_rch_lines`), so the two change together.
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import json
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from types import MappingProxyType
from typing import Any

from rochade import __version__
from rochade.core import limits
from rochade.core.dutch.state import Colour
from rochade.core.fide import EventData, PlayerDetails, trf_birth
from rochade.core.jsonvalues import FormatError
from rochade.core.messages import message_of
from rochade.core.model import (
    Absence,
    Entrant,
    ExternalGame,
    Game,
    ModelError,
    PlayerId,
    Result,
    Round,
    Status,
    Tournament,
)
from rochade.core.swiss import virtual_points
from rochade.core.systems import (
    ROUND_ROBIN,
    SWISS,
    SWISS_ABSENCES,
    SYSTEMS,
    Acceleration,
    RoundRobinSettings,
    SwissRules,
    SwissSettings,
    TournamentSystem,
    VirtualPoints,
    find_system,
    holder,
    renumbered,
    scoring,
    scoring_text,
    system_of,
)
from rochade.core.systems.double_swiss import DOUBLE_SWISS_SYSTEM
from rochade.core.systems.round_robin import ROUND_ROBIN_SYSTEM
from rochade.core.systems.swiss import SWISS_SYSTEM
from rochade.core.tiebreaks import Kind, Scoring, TieBreakError, parse_tiebreaks
from rochade.formats.trf import (
    TrfFile,
    forbidden_of,
    format_forbidden,
    newline_of,
    parse_trf,
    rounds_recorded,
    standard_byes,
    trf_lines,
)
from rochade.formats.trf_lines import (
    RESULT_CODES,
    TrfEntry,
    TrfError,
    TrfPlayer,
    format_entry,
    format_player,
    format_points,
    line_error,
    parse_entry,
    parse_player,
    points_error,
)

RCH = "RCH"
"""rochade's own record id (no FIDE federation has this code)."""

NAME_WIDTH = 33
MAX_TPN = 9999
BEFORE, AFTER = 0, -1
"""Anchors of kept lines: before the first player line, after the last one."""

_PLAYED_CODES = {codes: result for result, codes in RESULT_CODES.items()
                 if not result.is_forfeit}
"""The game of two players' codes over the board (white's first; W D L read as 1 = 0)."""


@dataclass(frozen=True)
class PlayerExtras:
    """The fields of a 001 line rochade's entrant has no place for."""

    sex: str = ""
    title: str = ""
    federation: str = ""
    birth: str = ""
    fide_id: str = ""  # only when it is not a plain number (the entrant's fide_id then)
    rank: int = 0


@dataclass(frozen=True)
class TrfExtras:
    """What an imported TRF file said beyond the tournament's facts, to write it back as it was.

    `lines`: every non-player line (except RCH) with its anchor: BEFORE the player lines, the
    pairing number it followed, or AFTER them. `blocks`: round blocks written differently
    from rochade's own spelling (`W` for a one-move win, `0000 - =` for a half-point bye ...),
    kept as (rochade's spelling, the file's). `digest`: of the round blocks at import; while it
    matches, the file's own ranks are written back.
    """

    lines: tuple[tuple[int, str], ...] = ()
    players: Mapping[PlayerId, PlayerExtras] = field(default_factory=dict)
    blocks: Mapping[tuple[int, PlayerId], tuple[str, str]] = field(default_factory=dict)
    digest: str = ""
    newline: str = "\r\n"

    def to_json(self) -> str:
        """Compact JSON for the club file (and the club backup)."""
        return json.dumps(
            {
                "lines": [list(item) for item in self.lines],
                "players": {
                    str(p): {k: v for k, v in dataclasses.asdict(x).items() if v}
                    for p, x in sorted(self.players.items())
                },
                "blocks": [[r, p, mine, theirs] for (r, p), (mine, theirs) in
                           sorted(self.blocks.items())],
                "digest": self.digest,
                "newline": self.newline,
            },
            ensure_ascii=False,
            sort_keys=True,
        )

    @classmethod
    def from_json(cls, text: str) -> TrfExtras:
        """Read `to_json`'s text; raises FormatError for anything else."""
        try:
            d = json.loads(text)
            return cls(
                lines=tuple((int(a), str(line)) for a, line in d["lines"]),
                players={int(p): PlayerExtras(**x) for p, x in d["players"].items()},
                blocks={(int(r), int(p)): (str(m), str(t)) for r, p, m, t in d["blocks"]},
                digest=str(d["digest"]),
                newline=str(d["newline"]),
            )
        except (ValueError, KeyError, TypeError, AttributeError) as exc:
            raise FormatError(
                "the kept TRF details cannot be read ({exc})",
                exc=message_of(exc),
            ) from None


# -- reading --------------------------------------------------------------------------------


@dataclass
class _Rochade:
    """The RCH lines of a file, by kind."""

    system: str | None = None
    rounds: int | None = None  # when no round block tells (a round of byes only)
    settings: object = None
    tournament: str | None = None
    names: dict[PlayerId, str] = field(default_factory=dict)
    status: dict[PlayerId, Status] = field(default_factory=dict)
    ratings: dict[PlayerId, tuple[int | None, int | None]] = field(default_factory=dict)
    absent: dict[tuple[int, PlayerId], str] = field(default_factory=dict)
    games: dict[int, list[Game]] = field(default_factory=dict)
    boards: dict[int, list[tuple[PlayerId, int]]] = field(default_factory=dict)
    externals: dict[int, list[ExternalGame]] = field(default_factory=dict)

    def read(self, key: str, value: object) -> None:
        """One RCH line; raises ValueError/TypeError/ModelError on a bad value."""
        if key == "system":
            if value not in SYSTEMS:
                raise TrfError("unknown system {value}", value=repr(value))
            self.system = str(value)
        elif key == "settings":
            self.settings = value
        elif key == "rounds":
            self.rounds = _round_no(value)
        elif key == "tournament":
            self.tournament = _text(value)
        elif key == "name":
            player, name = _pair(value)
            self.names[_id(player)] = _text(name)
        elif key == "status":
            player, status = _pair(value)
            self.status[_id(player)] = Status.parse(_text(status))
        elif key == "rating":  # the pairing and the FIDE rating, where not both the 001 line's
            player, pairing, fide = _triple(value)
            self.ratings[_id(player)] = (_rating_of(pairing), _rating_of(fide))
        elif key == "absent":
            rnd, player, reason = _triple(value)
            self.absent[(_round_no(rnd), _id(player))] = _text(reason)
        elif key == "game":
            rnd, white, black = _triple(value)
            self.games.setdefault(_round_no(rnd), []).append(Game(_id(white), _id(black)))
        elif key == "boards":
            rnd, *boards = _list(value)
            self.boards[_round_no(rnd)] = [(_id(w), _round_no(b)) for w, b in map(_pair, boards)]
        elif key == "external":
            rnd, player, team, board, score, replaces = _list(value)
            points = Fraction(_text(score))
            if points not in (0, Fraction(1, 2), 1) or not isinstance(replaces, bool):
                raise TrfError("an external game scores 1, 1/2 or 0 and replaces a row or not")
            ext = ExternalGame(_id(player), _round_no(team), _round_no(board), points, replaces)
            self.externals.setdefault(_round_no(rnd), []).append(ext)
        else:
            raise TrfError("unknown rochade record {key}", key=repr(key))


def _list(value: object) -> list[object]:
    if not isinstance(value, list) or not value:
        raise TrfError("expected a list, got {value}", value=repr(value))
    return value


def _pair(value: object) -> tuple[object, object]:
    items = _list(value)
    if len(items) != 2:
        raise TrfError("expected two values, got {value}", value=repr(value))
    return items[0], items[1]


def _rating_of(value: object) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not (
            limits.RATING.low <= value <= limits.RATING.high):
        raise TrfError("{value} is not a rating", value=repr(value))
    return value


def _triple(value: object) -> tuple[object, object, object]:
    items = _list(value)
    if len(items) != 3:
        raise TrfError("expected three values, got {value}", value=repr(value))
    return items[0], items[1], items[2]


def _id(value: object) -> PlayerId:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MAX_TPN:
        raise TrfError(
            "{value} is not a pairing number from 1 to {max}",
            value=repr(value),
            max=MAX_TPN,
        )
    return value


def _round_no(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 10_000:
        raise TrfError("{value} is not a number from 1 up", value=repr(value))
    return value


def _text(value: object) -> str:
    if not isinstance(value, str) or not value.strip():
        raise TrfError("expected a non-empty text, got {value}", value=repr(value))
    value.encode("utf-8")  # a lone surrogate raises UnicodeEncodeError, a ValueError
    return value


def read_trf_tournament(text: str, name: str | None = None) -> tuple[Tournament, TrfExtras]:
    """A tournament (and what its file says beyond the facts) from a TRF text.

    `name` replaces the file's tournament name (012). Raises TrfError naming the line,
    player or round of the first problem.
    """
    trf = parse_trf(text)
    written, kept, rch = _layout(trf_lines(text))
    players = list(trf.players)  # the same lines, byes in the TRF26 spelling
    if not players:
        raise TrfError("the file has no player lines (001)")
    by_tpn: dict[PlayerId, TrfPlayer] = {}
    for p in players:
        if p.tpn in by_tpn:
            raise TrfError("pairing number {tpn} is used by two player lines", tpn=p.tpn)
        by_tpn[p.tpn] = p
    title = (name or "").strip() or rch.tournament or next(
        (line[4:].strip() for _, line in kept if line[:3] == "012" and line[4:].strip()), None)
    if not title:
        raise TrfError("the file has no tournament name (line 012); give one")
    system = rch.system or _system_of(kept)
    played = rch.rounds or max([rounds_recorded(trf), *rch.games, *(r for r, _ in rch.absent),
                                *rch.externals])
    settings = _settings(system, rch.settings, trf, kept, by_tpn, played)
    rounds = tuple(_round(r, by_tpn, rch, find_system(system), played)
                   for r in range(1, played + 1))
    coming = _coming_byes(kept, played)
    entrants = tuple(_entrant(p, rch, rounds, played, coming) for p in players)
    tournament = _preset_kept(Tournament(title, entrants, rounds, system, settings))
    try:
        tournament.validate()
    except ModelError as exc:
        raise TrfError(str(exc)) from None
    _check_points(tournament, players, played)
    blocks = {}
    for p in written:  # the file's own spelling comes back on export
        for r, entry in enumerate(p.entries[:played], start=1):
            mine = format_entry(_entry(tournament, rounds[r - 1], p.tpn))
            theirs = format_entry(entry)
            if mine != theirs:
                blocks[(r, p.tpn)] = (mine, theirs)
    extras = TrfExtras(
        lines=tuple(kept),
        players={p.tpn: _player_extras(p) for p in players},
        blocks=blocks,
        newline=newline_of(text),
    )
    return tournament, dataclasses.replace(extras, digest=_digest(tournament, extras))


def _layout(lines: Sequence[str]) -> tuple[list[TrfPlayer], list[tuple[int, str]], _Rochade]:
    """Player lines, every other line with its anchor, and the RCH records."""
    players: list[TrfPlayer] = []
    kept: list[tuple[int, str]] = []
    rch = _Rochade()
    anchor = BEFORE
    for number, line in enumerate(lines, start=1):
        tag = line[:3]
        try:
            if tag == "001":
                players.append(parse_player(line))
                anchor = players[-1].tpn
            elif tag == RCH:
                key, _, value = line[4:].strip().partition(" ")
                rch.read(key, json.loads(value))
            else:
                kept.append((anchor, line))
        except (ValueError, TypeError, ModelError) as exc:
            line_error(number, tag, exc)
    last = players[-1].tpn if players else None
    return players, [(AFTER if a == last else a, line) for a, line in kept], rch


def _system_of(kept: Iterable[tuple[int, str]]) -> str:
    for _, line in kept:
        if line[:3] == "192" and "ROUNDROBIN" in line.upper():
            return ROUND_ROBIN
        if line[:3] == "192" and "DOUBLESWISS" in line.upper():
            return DOUBLE_SWISS_SYSTEM.name
    return SWISS


def _settings(system: str, given: object, trf: TrfFile, kept: Sequence[tuple[int, str]],
              players: Mapping[PlayerId, TrfPlayer], played: int) -> object:
    """The RCH settings when given, else what the TRF records say (`played` rounds in)."""
    if given is not None:
        try:
            return find_system(system).from_dict(given, "RCH settings")
        except FormatError as exc:
            raise TrfError(str(exc)) from None
    found = find_system(system)
    if not found.fide_tiebreaks:  # the TRF records say nothing of Keizer's rules
        return found.settings_type()
    s = trf.scoring
    points = Fraction(s.win, 10), Fraction(s.draw, 10), Fraction(s.loss, 10)
    try:
        base = scoring(f"{points[0]}-{points[1]}-{points[2]}")
    except ModelError as exc:
        raise TrfError("the scoring (162 or BB? lines): {exc}", exc=message_of(exc)) from None
    pab, zpb = Fraction(s.pab, 10), Fraction(s.zero_bye, 10)
    rest = found.fixed_schedule and pab == 0  # P: a round robin's rest round (written as U)
    score = dataclasses.replace(base, pab=None if pab == base.win or rest else pab,
                                zpb=None if zpb == base.loss else zpb)
    codes = " ".join(line.upper() for _, line in kept if line[:3] == "192")
    tiebreaks: dict[str, object] = {}
    for _, line in kept:
        if line[:3] in ("202", "212"):
            try:
                parsed = parse_tiebreaks(line[4:].strip().removeprefix("PTS,"))
            except TieBreakError:
                continue  # kept verbatim; rochade's defaults rank meanwhile
            tiebreaks = {"tiebreaks": parsed}
    if found.fixed_schedule:
        return RoundRobinSettings(double="DOUBLE" in codes, numbers=tuple(sorted(players)),
                                  scoring=score, **tiebreaks)  # type: ignore[arg-type]
    rounds = trf.total_rounds or max(rounds_recorded(trf), 1)
    if found is DOUBLE_SWISS_SYSTEM:  # a column a game: two a match round
        return double_swiss_settings(trf, score, players, (rounds + 1) // 2, **tiebreaks)
    forbidden = frozenset(
        frozenset(pair) for first, last, ids in trf.forbidden
        if _holds(first, last, played, rounds, ids)
        for pair in _pairs(sorted(ids))
    )
    return SwissSettings(
        rounds=rounds,
        scoring=score,
        acceleration=Acceleration.BAKU if "_BAKU" in codes else Acceleration.NONE,
        pairing_rules=SwissRules.BURSTEIN if "FIDE_BURSTEIN" in codes else SwissRules.DUTCH,
        virtual_points=frozenset(
            VirtualPoints(tpn, r + 1, r + 1, Fraction(v, 10))
            for tpn, rounds in trf.accelerations.items() if tpn in players
            for r, v in rounds.items() if v),
        seed=seed_for_colour(trf.initial_colour or Colour.WHITE),
        forbidden_pairs=frozenset(p for p in forbidden if p <= players.keys()),
        # the file's start numbers are the pairing numbers, or with XXC rank its line order
        numbers=tuple(p.tpn for p in trf.players) if trf.by_rank else tuple(sorted(players)),
        **tiebreaks,  # type: ignore[arg-type]
    )


def double_swiss_settings(trf: TrfFile, score: Scoring, players: Mapping[PlayerId, TrfPlayer],
                          rounds: int, **tiebreaks: Any) -> object:
    """A Double-Swiss from TRF records: the bye's first game worth the file's PAB value, its
    second half a point (a win and a draw: the rules' bye) unless the PAB is worth less."""
    first = score.win if score.pab is None else score.pab
    pab = first + Fraction(1, 2) if first == score.win else first
    settings = DOUBLE_SWISS_SYSTEM.from_dict({
        "rounds": rounds, "pab": str(pab),
        "initial_colour": "black" if trf.initial_colour is Colour.BLACK else "white",
        "numbers": [p.tpn for p in trf.players] if trf.by_rank else sorted(players),
    })
    return dataclasses.replace(settings, **tiebreaks)


def _preset_kept(t: Tournament) -> Tournament:
    """A Swiss whose virtual points (250/XXA) are what its preset (`_BAKU`) gives keeps the
    preset alone, so that a late entry joins the accelerated group as the preset says; any
    other table stays, joined in runs of rounds."""
    s = SWISS_SYSTEM.own(t.settings)
    if s is None or not s.virtual_points:
        return t
    preset = dataclasses.replace(s, virtual_points=frozenset())
    table = _as_table(virtual_points(t, s, [e.id for e in t.entrants], ()))
    if table == _as_table(_virtual_points(t, preset)):
        return dataclasses.replace(t, settings=preset)
    runs = set()
    for (pid, r), value in sorted(table.items()):
        if (pid, r - 1) in table and table[(pid, r - 1)] == value:
            continue
        last = r
        while table.get((pid, last + 1)) == value:
            last += 1
        runs.add(VirtualPoints(pid, r, last, value))
    return dataclasses.replace(t, settings=dataclasses.replace(s, virtual_points=frozenset(runs)))


def _holds(first: int, last: int, played: int, rounds: int, ids: Iterable[int]) -> bool:
    """Whether a prohibited pairing (260, XXP) over rounds `first`-`last` holds for every
    round still to pair (rochade's forbidden pairs: never paired from now on) or for none of
    them (False: it spoke of rounds played, or of none of the event's). A prohibition for some
    of those rounds only is refused: rochade cannot keep it, and would pair against it."""
    if first <= played + 1 and last >= rounds:
        return True
    if last <= played or first > min(last, rounds):
        return False
    raise TrfError(
        "the prohibited pairing of players {players} (260) covers rounds {first}-{last}; "
        "rochade keeps a prohibition for all the rounds still to pair ({next}-{rounds}) or for "
        "none of them: change its rounds in the file and import it again",
        players=", ".join(map(str, sorted(ids))), first=first, last=last, next=played + 1,
        rounds=rounds,
    )


def _pairs(ids: Sequence[int]) -> Iterable[tuple[int, int]]:
    for i, a in enumerate(ids):
        for b in ids[i + 1:]:
            yield a, b


def seed_for_colour(colour: Colour) -> int:
    """The smallest seed for which a rochade Swiss draws `colour` as the initial colour.

    A Swiss keeps its initial colour as the seed of that draw (`rochade.core.swiss`), so an
    imported file's 152/XXC colour becomes the seed that reproduces it.
    """
    seed = 0
    while random.Random(seed).choice((Colour.WHITE, Colour.BLACK)) is not colour:
        seed += 1
    return seed


def _entry_at(p: TrfPlayer, r: int) -> TrfEntry | None:
    return p.entries[r - 1] if len(p.entries) >= r else None


def _round(r: int, players: Mapping[PlayerId, TrfPlayer], rch: _Rochade,
           system: TournamentSystem[Any],
           played: int) -> Round:
    """Round `r` from the round blocks of every player (and the RCH records for it)."""
    games: dict[frozenset[PlayerId], Game] = {}
    absences: list[Absence] = []
    bye: PlayerId | None = None
    pending = _rows_in_rch(rch, r)
    rest = _rest_round(r, players, rch) if system.fixed_schedule else None
    by_code = _FIDE_ABSENCES if system.fide_tiebreaks else _KEIZER_ABSENCES
    for tpn, p in players.items():
        entry = _entry_at(p, r)
        where = f"round {r}, player {tpn}"
        if entry is not None and entry.opponent:
            game = _game(entry, tpn, _entry_at(players[entry.opponent], r)
                         if entry.opponent in players else None, where)
            games.setdefault(frozenset((game.white, game.black)), game)
        elif (entry is not None and entry.result == "U") or tpn == rest:
            if bye is not None:
                raise TrfError(
                    "round {r}: players {bye} and {tpn} both have the pairing-allocated bye (U)",
                    r=r,
                    bye=bye,
                    tpn=tpn,
                )
            bye = tpn
        elif (r, tpn) in rch.absent:
            absences.append(Absence(tpn, rch.absent[(r, tpn)]))
        elif entry is not None:
            if entry.result in "+1W":
                raise TrfError(
                    "{where}: result {result} needs an opponent",
                    where=where,
                    result=repr(entry.result),
                )
            reason = by_code.get("H" if entry.result == "=" else entry.result)
            if reason is None:
                raise TrfError(
                    "{where}: a {system} tournament has no row for the code {result} without an "
                    "opponent",
                    where=where,
                    system=system.name,
                    result=repr(entry.result),
                )
            absences.append(Absence(tpn, reason))
        elif tpn not in pending and _plays_later(p, r, played, rch):
            absences.append(Absence(tpn, by_code[" "]))
    order = rch.boards.get(r)
    ordered = sorted(games.values(), key=lambda g: min(g.white, g.black))
    ordered += rch.games.get(r, [])
    if order is not None:
        by_white = {g.white: g for g in ordered}
        if sorted(w for w, _ in order) != sorted(by_white):
            raise TrfError("round {r}: the RCH boards line does not list every game", r=r)
        ordered = [dataclasses.replace(by_white[w], board=b) for w, b in order]
    else:
        ordered = [dataclasses.replace(g, board=i) for i, g in enumerate(ordered, start=1)]
    absences.sort(key=lambda a: a.player)
    return Round(r, tuple(ordered), tuple(absences), bye, tuple(rch.externals.get(r, ())))


def _rest_round(r: int, players: Mapping[PlayerId, TrfPlayer], rch: _Rochade) -> PlayerId | None:
    """Who rests in round r of a round robin: the `U` block (rochade writes the rest as a PAB
    worth nothing, `162 P 0.0`, the spelling gacrux's Berger check reads), else the first `Z`
    that is no RCH absence (TRF26's own spelling)."""
    codes = {tpn: e.result for tpn, p in players.items()
             if (e := _entry_at(p, r)) is not None and not e.opponent}
    return next((tpn for tpn, code in codes.items() if code == "U"), None) or next(
        (tpn for tpn, code in codes.items() if code == "Z" and (r, tpn) not in rch.absent), None)


def _plays_later(p: TrfPlayer, r: int, played: int, rch: _Rochade) -> bool:
    """Whether a player with a blank block in round r has a row in a later round (a blank
    block is then an absence; otherwise the player has withdrawn)."""
    for later in range(r + 1, played + 1):
        entry = _entry_at(p, later)
        if entry is not None or (later, p.tpn) in rch.absent or p.tpn in _rows_in_rch(rch, later):
            return True
    return False


def _rows_in_rch(rch: _Rochade, r: int) -> set[PlayerId]:
    """Players whose row in round r is a game without result or an external game."""
    rows = {p for g in rch.games.get(r, ()) for p in (g.white, g.black)}
    return rows | {x.player for x in rch.externals.get(r, ()) if x.replaces_row}


def _game(entry: TrfEntry, tpn: PlayerId, other: TrfEntry | None, where: str) -> Game:
    """The game of two matching round blocks (either player's line gives the same game)."""
    if other is None or other.opponent != tpn:
        raise TrfError(
            "{where}: the game against {opponent} is missing from player {opponent}'s line",
            where=where,
            opponent=entry.opponent,
        )
    colours = {entry.colour, other.colour}
    if colours not in ({"w", "b"}, {"-"}):
        raise TrfError(
            "{where}: players {tpn} and {opponent} must have opposite colours (w and b)",
            where=where,
            tpn=tpn,
            opponent=entry.opponent,
        )
    if entry.colour == "b" or (entry.colour == "-" and tpn > entry.opponent):
        entry, other, tpn = other, entry, entry.opponent
    white, black = tpn, entry.opponent
    codes = entry.result + other.result
    if codes == "  ":  # paired, not played yet
        return Game(white, black)
    if codes in ("+-", "-+", "--"):
        result = {"+-": Result.WHITE_WINS_FORFEIT, "-+": Result.BLACK_WINS_FORFEIT,
                  "--": Result.DOUBLE_FORFEIT}[codes]
    elif (_canonical(entry.result), _canonical(other.result)) in _PLAYED_CODES:
        result = _PLAYED_CODES[_canonical(entry.result), _canonical(other.result)]
        if entry.colour == "-":
            raise TrfError(
                "{where}: a game played over the board needs the colours w and b",
                where=where,
            )
    else:
        raise TrfError(
            "{where}: the results {result} and {result2} of players {white} and {black} do not "
            "fit together",
            where=where,
            result=repr(entry.result),
            result2=repr(other.result),
            white=white,
            black=black,
        )
    return Game(white, black, result)


def _canonical(code: str) -> str:
    return {"W": "1", "D": "=", "L": "0", "X": "?"}.get(code, code)


_FIDE_ABSENCES = {"H": "half_point_bye", "F": "full_point_bye", "Z": "zero_point_bye",
                  " ": "unexcused"}
_KEIZER_ABSENCES = {"H": "excused", "Z": "unexcused", " ": "unexcused"}
"""The absence a round block without an RCH line stands for: FIDE's byes in a round robin or
Swiss; a Keizer evening has no full-point bye (F): a club's own reasons travel in RCH lines."""


def _entrant(p: TrfPlayer, rch: _Rochade, rounds: Sequence[Round], played: int,
             coming: Mapping[PlayerId, str]) -> Entrant:
    """A 001 line as an entrant. The status: as the RCH line says; else withdrawn without a
    row in the last round; else excused (H) or unexcused (Z) for the round to come."""
    status = rch.status.get(p.tpn)
    if status is None:
        following = _entry_at(p, played + 1)
        code = following.result if following is not None else coming.get(p.tpn, " ")
        if rounds and p.tpn not in set(rounds[-1].row_players()):
            status = Status.WITHDRAWN
        else:
            status = {"H": Status.EXCUSED, " ": Status.PRESENT}.get(code, Status.UNEXCUSED)
    name = rch.names.get(p.tpn) or p.name or f"Player {p.tpn}"
    fide = p.fide_id if p.fide_id.isdecimal() and int(p.fide_id) > 0 else None
    rating, fide_rating = rch.ratings.get(p.tpn, (p.rating or None, p.rating or None))
    return Entrant(p.tpn, name, rating, status, int(fide) if fide else None,
                   fide_rating=fide_rating)


def _coming_byes(kept: Iterable[tuple[int, str]], played: int) -> dict[PlayerId, str]:
    """Players a 240 line excuses from the round to come, with the bye type (H, F or Z)."""
    out = {}
    for _, line in kept:
        if line[:3] == "240" and line[6:9].strip().isdecimal() and int(line[6:9]) == played + 1:
            for token in line[10:].split():
                if token.isdecimal():
                    out[int(token)] = line[4:5].upper() or "Z"
    return out


def file_details(x: PlayerExtras) -> PlayerDetails:
    """A player line's sex, title, federation and birth date as a member's details; a value
    rochade cannot take (a title no list has) is left out, the file line keeps it."""
    details = PlayerDetails()
    for key in ("sex", "title", "federation", "birth"):
        try:
            details = details.changed(key, getattr(x, key))
        except ModelError:
            continue
    return details


def _player_extras(p: TrfPlayer) -> PlayerExtras:
    fide = "" if p.fide_id.isdecimal() and int(p.fide_id) > 0 else p.fide_id
    if fide == "" and p.fide_id and str(int(p.fide_id)) != p.fide_id:
        fide = p.fide_id  # leading zeros
    return PlayerExtras(p.sex, p.title, p.federation, p.birth, fide, p.rank)


def _check_points(t: Tournament, players: Sequence[TrfPlayer], played: int) -> None:
    """The points column must be the sum of the results (optionally with the coming round's
    bye, as JaVaFo writes it), as the reference engines require."""
    for p in players:
        base = _points(t, p.tpn)
        extra = _points_of_code(t, _coming_code(t, t.entrant(p.tpn)))
        following = _entry_at(p, played + 1)
        if following is not None:
            extra = _points_of_code(t, following.result)
        if p.points not in (base, base + extra):
            raise points_error(p.tpn, p.points, base)


# -- writing --------------------------------------------------------------------------------


def _scoring(t: Tournament) -> Scoring:
    system = holder(t.settings)
    scoring = None if system is None else system.scoring(t.settings)
    return Scoring() if scoring is None else scoring


def _tenths(value: Fraction) -> int:
    if (value * 10).denominator != 1:
        raise TrfError("TRF writes points in tenths; {value} is not one", value=value)
    return int(value * 10)


@functools.lru_cache(maxsize=64)
def _code_points(s: Scoring) -> Mapping[str, int]:
    """Tenths of a point per result code under a scoring (blank and the rest: a loss)."""
    return MappingProxyType({code: _tenths(value) for code, value in {
        "1": s.win, "W": s.win, "+": s.win,
        "=": s.draw, "D": s.draw, "?": s.draw, "X": s.draw,
        "H": s.hpb if s.hpb is not None else s.draw,
        "F": s.fpb if s.fpb is not None else s.win,
        "U": s.pab if s.pab is not None else s.win,
        "Z": s.zpb if s.zpb is not None else s.loss,
        " ": s.loss,
    }.items()})


def _points_of_code(t: Tournament, code: str) -> int:
    if system_of(t).fixed_schedule and code == "U":
        code = "Z"  # a round robin's rest round: no points (round-robin.md)
    table = _code_points(_scoring(t))
    return table.get(code, table[" "])


def _points(t: Tournament, tpn: PlayerId) -> int:
    return sum(_points_of_code(t, _code(t, rnd, tpn)) for rnd in t.rounds)


def _code(t: Tournament, rnd: Round, player: PlayerId) -> str:
    entry = _entry(t, rnd, player)
    return " " if entry is None else entry.result


def _absence_code(system: TournamentSystem[Any], reason: str) -> str:
    """The TRF code of an absence: H for a half-point bye (or an excused Keizer evening), F for
    a full-point bye, else Z."""
    if not system.fide_tiebreaks:
        return "H" if reason == "excused" else "Z"
    return {Kind.HPB: "H", Kind.FPB: "F"}.get(SWISS_ABSENCES.get(reason, Kind.ZPB), "Z")


def _entry(t: Tournament, rnd: Round, player: PlayerId) -> TrfEntry | None:
    """rochade's own spelling of a player's round (None: a blank block)."""
    game = rnd.game_of(player)
    if game is not None:
        white = game.white == player
        code = " " if game.result is None else RESULT_CODES[game.result][0 if white else 1]
        return TrfEntry(game.opponent_of(player), "w" if white else "b", code)
    if rnd.bye == player:
        return TrfEntry(0, "-", "U")  # a round robin's rest: 162 says U scores nothing
    absence = next((a for a in rnd.absences if a.player == player), None)
    if absence is None:
        return None
    return TrfEntry(0, "-", _absence_code(system_of(t), absence.reason))


def _coming_code(t: Tournament, e: Entrant) -> str:
    """The block for the round to come of an entrant who will not be paired in it: the bye
    his status or bye request gives (H, F or Z); in a Swiss a withdrawn player's Z, so that
    an engine pairing the file leaves him out."""
    reason = e.status.absence_reason
    system = holder(t.settings)
    if system is not None and system.byes_in_advance:
        if e.withdrawn:
            return "Z"
        request = next((b for b in system.bye_requests(t.settings)
                        if b.player == e.id and b.round == len(t.rounds) + 1), None)
        reason = reason or (request.reason if request is not None else None)
    return " " if reason is None else _absence_code(system_of(t), reason)


def _blocks(t: Tournament, extras: TrfExtras, coming: bool = True
            ) -> dict[PlayerId, list[TrfEntry | None]]:
    """Every entrant's round blocks, as the file had them where the facts are unchanged;
    with `coming`, also the block of the round to come (JaVaFo's spelling of a bye asked for
    it, which TRF26 writes as a 240 line only)."""
    out: dict[PlayerId, list[TrfEntry | None]] = {}
    system = holder(t.settings)
    planned = None if system is None else system.planned_rounds(t.settings)
    finished = planned is not None and len(t.rounds) >= planned
    for e in t.entrants:
        entries = []
        for rnd in t.rounds:
            entry = _entry(t, rnd, e.id)
            mine, theirs = extras.blocks.get((rnd.number, e.id), ("", ""))
            if theirs and format_entry(entry) == mine:
                entry = parse_entry(theirs)
            entries.append(entry)
        code = _coming_code(t, e)
        if coming and code != " " and not finished:
            entries.append(TrfEntry(0, "-", code))
        out[e.id] = entries
    return out


def _digest(t: Tournament, extras: TrfExtras) -> str:
    text = "\n".join(
        f"{pid} " + "".join(format_entry(x) for x in entries)
        for pid, entries in sorted(_blocks(t, extras).items())
    )
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _ranks(t: Tournament) -> dict[PlayerId, int]:
    return {line.entrant.id: line.rank for line in system_of(t).standings(t).lines
            if line.rank is not None}


def _fits(name: str) -> bool:
    return len(name) <= NAME_WIDTH and name == name.strip() and name.isprintable()


def _clean(text: str) -> str:
    """A text as one TRF line can hold it: printable characters, no surrounding blanks."""
    return "".join(c if c.isprintable() else " " for c in text).strip()


def _field(name: str) -> str:
    """A name as the 33-character field can hold it (the RCH name line keeps it whole)."""
    return _clean(name)[:NAME_WIDTH].rstrip()


def write_trf_tournament(t: Tournament, extras: TrfExtras | None = None,
                         newline: str | None = None, event: EventData | None = None,
                         details: Mapping[PlayerId, PlayerDetails] | None = None,
                         comments: Sequence[str] = (), javafo: bool = False,
                         report: bool = False) -> str:
    """The tournament as a TRF26 file (with the XXR/XXC lines engines read, and RCH lines for
    what TRF cannot say). With `extras` from the import, the file's own lines come back.
    `event` gives the records 022-132 and 222 (in place of the file's), `details` the
    players' sex, title, federation and birth date, where known. A rating report (`report`)
    leaves out the engines' lines TRF26's records say, and adds the organizer and the
    national records.
    `comments` (TRF26 `###` lines, e.g. what FIDE mode made the TD confirm) follow the header.
    The byes of the round to come are TRF26 240 lines; `javafo` also writes them in that
    round's blocks (JaVaFo reads no 240 line), points included, as TRF16 engines expect.

    Players are written under their start numbers (a Swiss's pairing numbers, a round robin's
    drawn numbers), so the file reads back as `renumbered(t)`."""
    if SYSTEMS.get(t.system) is None:
        raise TrfError("system {system} cannot be written as TRF", system=repr(t.system))
    t, number = renumbered(t)
    known = {number[p]: d for p, d in (details or {}).items() if p in number}
    if extras is not None:
        extras = _renumbered_extras(extras, number)
    for e in t.entrants:
        if not 1 <= e.id <= MAX_TPN:
            raise TrfError(
                "player id {id} does not fit a TRF pairing number (1-{max})",
                id=e.id,
                max=MAX_TPN,
            )
    keep = extras or TrfExtras()
    blocks = _blocks(t, keep, javafo)
    own = _blocks(t, TrfExtras())  # rochade's spelling: the points of what the rounds mean
    played = len(t.rounds)
    ranks = {p: x.rank for p, x in keep.players.items()} if extras is not None and (
        _digest(t, keep) == keep.digest) else _ranks(t)
    records = {}
    for e in t.entrants:
        x = _with_details(keep.players.get(e.id, PlayerExtras()), known.get(e.id))
        points = sum(_points_of_code(t, " " if b is None else b.result)
                     for b in own[e.id][:played] + blocks[e.id][played:])
        records[e.id] = TrfPlayer(
            tpn=e.id, name=_field(e.name), sex=x.sex, title=x.title, rating=_rating(e, report),
            federation=x.federation, fide_id=x.fide_id or str(e.fide_id or ""),
            birth=x.birth, points=points, rank=ranks.get(e.id, 0), entries=tuple(blocks[e.id]),
        )
    players = {pid: format_player(record) for pid, record in records.items()}
    kept = _with_coming_byes(t, _with_forbidden(t, _with_accelerations(t, _with_event(
        keep.lines if extras is not None else tuple((BEFORE, line) for line in _header(t)),
        event), javafo and not report), report))
    if report and event is not None:
        kept = _for_report(kept, event, national_records(records.values(), known, event))
    rch = _rch_lines(t, kept, records)
    lines: list[str] = []
    named = False
    for anchor, line in kept:
        if anchor == BEFORE:
            if line[:3] == "012" and not named:
                line, named = f"012 {_clean(t.name)}", True
            lines.append(line)
    if not named:
        lines.insert(0, f"012 {_clean(t.name)}")
    lines += [_clean(line) for line in comments]
    lines += rch
    for e in sorted(t.entrants, key=lambda e: e.id):
        lines.append(players[e.id])
        lines += [line for anchor, line in kept if anchor == e.id]
    lines += [line for anchor, line in kept if anchor == AFTER or (
        anchor not in (BEFORE, AFTER) and not t.has_entrant(anchor))]
    end = newline or keep.newline
    return end.join(lines) + end


def _rating(e: Entrant, report: bool) -> int:
    """A 001 line's rating: the FIDE rating; a player without one has the rating the
    tournament pairs them by (the one rating TRF's readers, engines and tie-break checkers
    see), but in a rating report none: FIDE's unrated."""
    if e.fide_rating is not None:
        return e.fide_rating
    return 0 if report else e.rating or 0


def _with_details(x: PlayerExtras, known: PlayerDetails | None) -> PlayerExtras:
    """A player line's extra fields, the member's data where known (the TD's entry wins)."""
    if known is None:
        return x
    return dataclasses.replace(
        x, sex=known.sex or x.sex, title=known.title or x.title,
        federation=known.federation or x.federation, birth=trf_birth(known.birth) or x.birth,
    )


CONTROLLER = f"182 rochade {__version__}"
"""TRF26's pairing controller (free text): the program that paired the rounds."""
ORGANIZER = "### Organizer: "
"""TRF has no record for the organizer: a rating report says it in a comment line (TRF26
allows `###` comments; every reader skips them), and rochade reads it back from there."""
REPORT_DROPS = {"XXR": "142", "XXC": "152"}
"""The engines' TRF(x) lines a rating report leaves out, as TRF26's record (the value) says
the same: a rating officer's programs read TRF26, and the RCH lines carry what rochade
needs to read the report back."""
NATIONAL_KINDS = {"PKZ": "GER", "KNSB": "NED"}
"""The kinds of national id whose federation rochade knows: a player's national rating
support record (TRF26) is written under that federation's code. A kind that is itself a
federation code (`BEL:12345`) counts for that federation."""
ID_WIDTH = 11
"""The width of the id field of a 001 line (columns 58-68), also of a national record."""


def national_records(records: Iterable[TrfPlayer], details: Mapping[PlayerId, PlayerDetails],
                     event: EventData) -> list[str]:
    """TRF26's national rating support for the event's federation: record 172 (start ranks
    follow the 001 lines' ratings: method FIDE) and, per player whose national id belongs to
    it, a record under the federation's code in the 001 layout up to the birth date, the
    national id in the id field and the member's national rating in the rating field (the 001
    line has the FIDE rating). Nothing without such a player."""
    fed = event.federation
    lines = []
    for r in records:
        d = details.get(r.tpn)
        if d is None or not d.national_id or len(d.national_id) > ID_WIDTH or fed not in (
                NATIONAL_KINDS.get(d.national_kind), d.national_kind):
            continue
        line = format_player(dataclasses.replace(r, rating=d.national or 0,
                                                 fide_id=d.national_id,
                                                 points=0, rank=0, entries=()))
        lines.append((fed + line[3:79]).rstrip())
    return [f"172 {fed} FIDE", *lines] if lines and fed else []


def _for_report(kept: Sequence[tuple[int, str]], event: EventData, national: Sequence[str]
                ) -> list[tuple[int, str]]:
    """The lines of a rating report: without the engines' lines TRF26 says otherwise
    (`REPORT_DROPS`), with the organizer's comment and the national records (in place of a
    file's own)."""
    header = {line[:3] for a, line in kept if a == BEFORE}
    mine = {line[:3] for line in national}
    if mine:  # a file's own national records give way, of whichever federation
        mine |= {line[4:7] for _, line in kept if line[:3] == "172"}
    out = [(a, line) for a, line in kept
           if REPORT_DROPS.get(line[:3]) not in header and line[:3] not in mine
           and not (event.organizer and line.startswith(ORGANIZER))]
    extra = [f"{ORGANIZER}{_clean(event.organizer)}"] if _clean(event.organizer) else []
    if "182" not in header:
        extra.append(CONTROLLER)  # TRF26's pairing controller, unless the file names its own
    before = sorted([*(line for a, line in out if a == BEFORE), *extra, *national[:1]],
                    key=_record_order)
    return [*((BEFORE, line) for line in before), *((a, x) for a, x in out if a != BEFORE),
            *((AFTER, line) for line in national[1:])]


def _record_order(line: str) -> int:
    """Header records by number; other lines (engines', comments) after them."""
    return int(line[:3]) if line[:3].isdecimal() else 1000


def _event_lines(event: EventData) -> list[str]:
    """The header records of the event's data (only those known), in TRF's order."""
    values = [("022", event.city), ("032", event.federation),
              ("042", event.start_date.replace("-", "/")),
              ("052", event.end_date.replace("-", "/")), ("092", event.type),
              ("102", event.chief_arbiter), *(("112", a) for a in event.deputy_arbiters),
              ("122", event.time_control)]
    lines = [f"{record} {_clean(value)}" for record, value in values if _clean(value)]
    if event.round_dates:  # round r's date at column 92 + 10(r - 1), as YY/MM/DD
        lines.append("132" + " " * 88 + "  ".join(
            d[2:].replace("-", "/") for d in event.round_dates))
    if event.time_control_code:
        lines.append(f"222 {event.time_control_code}")
    return lines


def _with_event(kept: Sequence[tuple[int, str]], event: EventData | None
                ) -> Sequence[tuple[int, str]]:
    """The header lines with the event's records in place of the file's (a record the event
    does not know stays as the file has it), numbered records in their order."""
    if event is None:
        return kept
    mine = _event_lines(event)
    replaced = {line[:3] for line in mine}
    header = [line for a, line in kept if a == BEFORE and line[:3] not in replaced] + mine
    header.sort(key=_record_order)
    return [*((BEFORE, line) for line in header), *((a, x) for a, x in kept if a != BEFORE)]


def _with_coming_byes(t: Tournament, kept: Sequence[tuple[int, str]]
                      ) -> Sequence[tuple[int, str]]:
    """The header lines with the TRF26 240 records of a Swiss's round to come (who takes
    which bye, who is withdrawn), which the spec makes mandatory for the round to be paired;
    the file's own 240 lines for that round give way to them unless they say the same."""
    system = holder(t.settings)
    planned = None if system is None or not system.byes_in_advance else (
        system.planned_rounds(t.settings))
    coming = len(t.rounds) + 1
    if planned is None or coming > planned:
        return kept
    byes: dict[str, list[PlayerId]] = {}
    for e in sorted(t.entrants, key=lambda e: e.id):
        code = _coming_code(t, e)
        if code != " ":
            byes.setdefault(code, []).append(e.id)
    mine = [f"240 {code} {coming:03d} " + " ".join(f"{p:04d}" for p in ids)
            for code, ids in sorted(byes.items())]
    theirs = [line for _, line in kept if line[:3] == "240"
              and line[6:9].strip().isdecimal() and int(line[6:9]) == coming]
    if sorted(theirs) == mine:
        return kept
    others = [(a, line) for a, line in kept if line not in theirs]
    at = max((i + 1 for i, (a, _) in enumerate(others) if a == BEFORE), default=0)
    return [*others[:at], *((BEFORE, line) for line in mine), *others[at:]]


def _renumbered_extras(extras: TrfExtras, number: Mapping[PlayerId, PlayerId]) -> TrfExtras:
    """The kept details of an import under the players' start numbers (the same numbers
    unless a late entry moved them). A line that followed a player no longer in the event
    goes after the player lines: under the old number it would follow someone else."""
    if all(k == v for k, v in number.items()):
        return extras
    return dataclasses.replace(
        extras,
        lines=tuple((number.get(a, AFTER) if a not in (BEFORE, AFTER) else a, line)
                    for a, line in extras.lines),
        players={number[p]: x for p, x in extras.players.items() if p in number},
        blocks={(r, number[p]): b for (r, p), b in extras.blocks.items() if p in number},
    )


def _header(t: Tournament) -> list[str]:
    """The TRF26 header records (and the TRF(x) lines engines need) of a new file."""
    s, rr = SWISS_SYSTEM.own(t.settings), ROUND_ROBIN_SYSTEM.own(t.settings)
    ds = DOUBLE_SWISS_SYSTEM.own(t.settings)
    lines = [f"062 {len(t.entrants)}", f"072 {sum(1 for e in t.entrants if e.fide_rating)}"]
    if ds is not None:
        games = DOUBLE_SWISS_SYSTEM.planned_rounds(ds)
        first = ds.initial_colour.value
        lines += ["092 Double-Swiss (FIDE C.04.5), two games a match",
                  f"142 {games}", f"152 {first[0].upper()}", "192 FIDE_DOUBLESWISS"]
        lines += _scoring_lines(DOUBLE_SWISS_SYSTEM.scoring(ds))
        lines.append("202 " + ",".join(str(tb) for tb in ds.tiebreaks))
        lines += [f"XXR {games}", f"XXC {first}1"]
    elif s is not None:
        colour = random.Random(s.seed).choice((Colour.WHITE, Colour.BLACK))
        baku = "_BAKU" if s.acceleration is Acceleration.BAKU else ""
        rules = s.pairing_rules
        lines += [f"092 Swiss ({rules.title}){', Baku acceleration' if baku else ''}",
                  f"142 {s.rounds}", f"152 {colour.value.upper()}",
                  f"192 {rules.trf_code}{baku}"]
        lines += _scoring_lines(s.scoring)
        lines.append("202 " + ",".join(str(tb) for tb in s.tiebreaks))
        lines += [f"XXR {s.rounds}", f"XXC {'white1' if colour is Colour.WHITE else 'black1'}"]
    elif rr is not None:
        kind = "DOUBLEROUNDROBIN" if rr.double else "ROUNDROBIN"
        lines.append(f"092 {'Double round' if rr.double else 'Round'} robin")
        if ROUND_ROBIN_SYSTEM.rounds_in(t):  # other programs pair up to 142, not beyond
            lines.append(f"142 {ROUND_ROBIN_SYSTEM.rounds_in(t)}")
        lines.append(f"192 FIDE_{kind}")
        lines += _scoring_lines(dataclasses.replace(rr.scoring, pab=Fraction(0)))
        lines.append("202 " + ",".join(str(tb) for tb in rr.tiebreaks))
    else:
        lines += ["092 Keizer", "192 CUSTOM_SWISS"]
    lines.insert(next(i for i, line in enumerate(lines) if line[:3] == "192"), CONTROLLER)
    return lines


def _with_forbidden(t: Tournament, kept: Sequence[tuple[int, str]], report: bool
                    ) -> Sequence[tuple[int, str]]:
    """The header lines with a Swiss's forbidden pairs as TRF26 260 records (and, but in a
    rating report, as JaVaFo's XXP lines, which JaVaFo reads in place of 260).

    A file's own 260/XXP lines stay while every pair they forbid still is, and those that
    speak only of rounds played stay as they are; the others give way (a line that a change of
    the number of rounds makes cover some rounds only, unless its pairs are not rochade's:
    then it stays as the file said it, for other programs). The pairs no kept line
    covers are written in groups (a family of three on one line), each from the round after
    the last time its players were paired (a pair forbidden after they met) to the last
    round, and as XXP only when that is round 1: XXP forbids every round, and a pair that met
    is kept apart by the no-rematch rule anyway. A report has no XXP lines (TRF26's 260 says
    it), so bbpPairings, which reads both, never gets a pair twice over."""
    s = SWISS_SYSTEM.own(t.settings)
    if s is None:
        return kept
    played = len(t.rounds)
    out: list[tuple[int, str]] = []
    covered: set[frozenset[PlayerId]] = set()
    for anchor, line in kept:
        if line[:3] not in ("260", "XXP"):
            out.append((anchor, line))
            continue
        if report and line[:3] == "XXP":
            continue
        first, last, ids = forbidden_of(line)
        pairs = {frozenset(p) for p in _pairs(sorted(ids))}
        try:
            holds: bool | None = _holds(first, last, played, s.rounds, ids)
        except TrfError:  # some rounds to come only: the number of rounds changed
            holds = None
        ours = pairs <= s.forbidden_pairs
        if (not ours) if holds is None else (ours or not holds):
            out.append((anchor, line))
            covered |= pairs if holds else set()
    met: dict[frozenset[PlayerId], int] = {}
    for rnd in t.rounds:
        for game in rnd.games:
            met[frozenset((game.white, game.black))] = rnd.number
    groups = _groups(s.forbidden_pairs - covered, lambda pair: met.get(pair, 0) + 1)
    mine = [format_forbidden(first, s.rounds, group) for first, group in groups
            if first <= s.rounds]
    engines = [] if report else ["XXP " + " ".join(map(str, group)) for first, group in groups
                                 if first == 1]
    at = max((i + 1 for i, (a, line) in enumerate(out) if a == BEFORE and line[:3].isdecimal()
              and line[:3] <= "260"), default=0)
    end = max((i + 1 for i, (a, _) in enumerate(out) if a == BEFORE), default=0)
    return [*out[:at], *((BEFORE, line) for line in mine), *out[at:end],
            *((BEFORE, line) for line in engines), *out[end:]]


def _groups(pairs: Iterable[frozenset[PlayerId]], first: Callable[[frozenset[PlayerId]], int]
            ) -> list[tuple[int, list[PlayerId]]]:
    """Forbidden pairs as groups of players any two of whom are forbidden from the same first
    round, greedily in pairing-number order; each pair in exactly one group."""
    left = {pair: first(pair) for pair in pairs}
    players = sorted(set().union(*left))
    groups = []
    for pair in sorted(left, key=sorted):
        if pair not in left:
            continue
        start, group = left[pair], sorted(pair)
        for p in players:
            if p not in group and all(left.get(frozenset((p, g))) == start for g in group):
                group.append(p)
        group.sort()
        for a, b in _pairs(group):
            del left[frozenset((a, b))]
        groups.append((start, group))
    return groups


def _virtual_points(t: Tournament, s: SwissSettings) -> dict[PlayerId, tuple[Fraction, ...]]:
    """The virtual points the Dutch engine pairs the rounds with, per pairing number."""
    present = [e.id for e in t.entrants if _coming_code(t, e) == " " and not e.withdrawn]
    return virtual_points(t, s, [e.id for e in t.entrants], present)


def _as_table(points: Mapping[PlayerId, Sequence[Fraction]]
              ) -> dict[tuple[PlayerId, int], Fraction]:
    return {(p, r): v for p, values in points.items() for r, v in enumerate(values, 1) if v}


def _with_accelerations(t: Tournament, kept: Sequence[tuple[int, str]], javafo: bool
                        ) -> Sequence[tuple[int, str]]:
    """The header lines with a Swiss's virtual points as TRF26 250 records (players in runs
    of pairing numbers, rounds in runs of equal points; the spec makes them override a
    `_BAKU` code, and gacrux's checker reads the acceleration only from them) and, for
    JaVaFo (`javafo`), which reads no 250 record, as XXA lines. A file's own 250/XXA lines
    stay while they say what the tournament pairs with."""
    s = SWISS_SYSTEM.own(t.settings)
    if s is None:
        return kept
    points = _virtual_points(t, s)
    own = [line for _, line in kept if line[:3] in ("250", "XXA")]
    if own:
        file = parse_trf("\n".join(own)).accelerations
        said = {(p, r + 1): Fraction(v, 10) for p, rounds in file.items()
                for r, v in rounds.items() if v}
        if said == _as_table(points) and (not javafo or any(x[:3] == "XXA" for x in own)):
            return kept
    out = [(a, line) for a, line in kept if line[:3] not in ("250", "XXA")]
    records = _acceleration_records(points, s.rounds)
    xxa = [f"XXA {pid:4d}" + "".join(f" {format_points(_tenths(v)):>4}" for v in values)
           for pid, values in sorted(points.items())] if javafo else []
    at = max((i + 1 for i, (a, line) in enumerate(out) if a == BEFORE and line[:3].isdecimal()
              and line[:3] <= "250"), default=0)
    end = max((i + 1 for i, (a, _) in enumerate(out) if a == BEFORE), default=0)
    return [*out[:at], *((BEFORE, line) for line in records), *out[at:end],
            *((BEFORE, line) for line in xxa), *out[end:]]


def _acceleration_records(points: Mapping[PlayerId, Sequence[Fraction]], rounds: int
                          ) -> list[str]:
    """250 records: each player's rounds in runs of equal points, players with the same runs
    joined in runs of pairing numbers; by first round, then first player."""
    spans: dict[tuple[int, int, Fraction], list[list[PlayerId]]] = {}
    for pid in sorted(points):
        values = points[pid]
        first = 1
        while first <= len(values):
            value, last = values[first - 1], first
            while last < len(values) and values[last] == value:
                last += 1
            if value:
                groups = spans.setdefault((first, last, value), [])
                if groups and groups[-1][-1] == pid - 1:
                    groups[-1].append(pid)
                else:
                    groups.append([pid])
            first = last + 1
    return [f"250 {'':4} {format_points(_tenths(value)):>4} {first:03d} {last:03d} "
            f"{group[0]:04d} {group[-1]:04d}"
            for (first, last, value), groups in sorted(spans.items(), key=lambda x: x[0][:2])
            for group in groups]


def _scoring_lines(s: Scoring) -> list[str]:
    """162, written only when a value differs from 1-½-0 (the spec's rule)."""
    if scoring_text(s) == "1-1/2-0" and s.pab is None:
        return []
    pairs = [("W", s.win), ("D", s.draw), ("L", s.loss)]
    if s.pab is not None:
        pairs.append(("P", s.pab))
    return ["162 " + "   ".join(f" {c}{format_points(_tenths(v)):>4}" for c, v in pairs)]


def _rch_lines(t: Tournament, kept: Sequence[tuple[int, str]],
               records: Mapping[PlayerId, TrfPlayer]) -> list[str]:
    """The RCH lines a reader needs to get exactly `t` back from the other lines: the reader's
    rules are replayed on the player lines, and every fact they would get wrong is written
    out."""
    def line(key: str, value: object) -> str:
        return f"{RCH} {key} {json.dumps(value, ensure_ascii=False, separators=(', ', ': '))}"

    out = []
    if system_of(t) is not find_system(_system_of(kept)):  # a reader would take another
        out.append(line("system", t.system))
    try:
        header: TrfFile | None = parse_trf("\n".join(x for _, x in kept))
    except TrfError:
        header = None
    read = standard_byes([records[e.id] for e in t.entrants], (header or TrfFile(())).scoring)
    players = {p.tpn: p for p in read}
    try:  # the rounds come from the player lines
        derived = None if header is None else _settings(
            t.system, None, dataclasses.replace(header, players=read), kept, players,
            len(t.rounds))
    except TrfError:
        derived = None
    if derived != t.settings:
        out.append(line("settings", system_of(t).to_dict(t.settings)))
    if _clean(t.name) != t.name:
        out.append(line("tournament", t.name))
    out += [line("name", [e.id, e.name]) for e in t.entrants if not _fits(e.name)]
    out += [line("rating", [e.id, e.rating, e.fide_rating]) for e in t.entrants
            if (e.rating, e.fide_rating) != (records[e.id].rating or None,) * 2]
    rch = _Rochade()
    if t.rounds and rounds_recorded(TrfFile(tuple(players.values()))) != len(t.rounds):
        rch.rounds = len(t.rounds)
        out.append(line("rounds", len(t.rounds)))
    for rnd in t.rounds:
        out += [line("external", [rnd.number, x.player, x.team, x.board, str(x.score),
                                  x.replaces_row]) for x in rnd.externals]
    absent = []
    for rnd in reversed(t.rounds):  # a later row changes what an earlier blank block means
        seen = _round(rnd.number, players, rch, system_of(t), len(t.rounds))
        while missing := [a for a in rnd.absences if a not in seen.absences]:
            for a in missing:  # written out; this may change whom a round robin sees resting
                rch.absent[(rnd.number, a.player)] = a.reason
                absent.append(line("absent", [rnd.number, a.player, a.reason]))
            seen = _round(rnd.number, players, rch, system_of(t), len(t.rounds))
        if [(g.white, g.black, g.board) for g in seen.games] != [
                (g.white, g.black, g.board) for g in rnd.games]:
            out.append(line("boards", [rnd.number, *([g.white, g.board] for g in rnd.games)]))
    out += reversed(absent)
    coming = _coming_byes(kept, len(t.rounds))
    for e in t.entrants:
        seen_e = _entrant(players[e.id], rch, t.rounds, len(t.rounds), coming)
        if seen_e.status is not e.status:
            out.append(line("status", [e.id, e.status.value]))
    return out


__all__ = [
    "RCH",
    "PlayerExtras",
    "TrfExtras",
    "file_details",
    "read_trf_tournament",
    "seed_for_colour",
    "write_trf_tournament",
]
