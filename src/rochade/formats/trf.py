"""FIDE TRF (TRF16 / TRF26 with the TRF(x) engine lines) for the Dutch engine.

Only what pairing needs is interpreted: player lines (001), total rounds (XXR/142), initial
colour and pairing by file order (XXC/152), scoring (BB?/162), virtual points (XXA/250),
forbidden pairs (XXP/260), byes for the coming round (240/XXZ) and, when the state is
built, the tournament type (192: the Dutch edition and a `_BAKU` acceleration). Every other
line is kept verbatim in `TrfFile.other` so that a full import/export can grow from here.
Each value has a parse/format pair.

This is the one reader behind every command that reads TRF (`import-trf`, `standings
FILE.trf`, `pair-trf`): `load_trf` decodes the bytes (`decode_trf`), `parse_trf` reads the
records and spells every bye the TRF26 way (`standard_byes`), and `rounds_recorded` says
how many rounds were played. docs/trf.md lists the spellings and encodings read.

One module: every record's parse and format stand side by side, and the one reader is the
point of it.
"""

from __future__ import annotations

import codecs
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from fractions import Fraction

from rochade.core.dutch.state import (
    ABSENT,
    Colour,
    DutchError,
    Outcome,
    RoundRecord,
    Scoring,
    SwissPlayer,
    SwissState,
)
from rochade.core.systems import baku_group_a, baku_virtual_points
from rochade.formats.players import decode
from rochade.formats.trf_lines import (
    TrfEntry,
    TrfPlayer,
    format_player,
    format_points,
    line_error,
    parse_player,
    parse_points,
    points_error,
)
from rochade.formats.trf_lines import TrfError as TrfError  # read here by the other layers


# -- the file -------------------------------------------------------------------------------
@dataclass(frozen=True)
class TrfFile:
    """The parts of a TRF file the engine reads, plus every other line verbatim."""

    players: tuple[TrfPlayer, ...]
    total_rounds: int | None = None
    initial_colour: Colour | None = None
    scoring: Scoring = field(default_factory=Scoring)
    accelerations: dict[int, dict[int, int]] = field(default_factory=dict)  # tpn -> round -> pts
    forbidden: tuple[tuple[int, int, frozenset[int]], ...] = ()  # first, last round, players
    byes: tuple[tuple[int, frozenset[int]], ...] = ()  # round, players not to pair
    other: tuple[str, ...] = ()
    by_rank: bool = False  # XXC rank: the order of the 001 lines gives the pairing numbers


_BB_FIELDS = {"BBW": "win", "BBD": "draw", "BBL": "loss", "BBZ": "zero_bye",
              "BBF": "forfeit_loss", "BBU": "pab"}
_162_FIELDS = {"W": ("win",), "D": ("draw",), "L": ("loss",), "A": ("zero_bye", "forfeit_loss"),
               "Z": ("zero_bye", "forfeit_loss"), "P": ("pab",)}


def _ids(text: str, what: str) -> frozenset[int]:
    try:
        return frozenset(int(t) for t in text.split())
    except ValueError:
        raise TrfError(
            "{what}: expected player numbers, got {text}",
            what=what,
            text=repr(text.strip()),
        ) from None


EVERY_ROUND = 9999
"""The last round of JaVaFo's XXP lines, which forbid the pairs in every round."""


def forbidden_of(line: str) -> tuple[int, int, frozenset[int]]:
    """A prohibited pairing's first and last round and players: TRF26's 260 (rounds at
    columns 5-7 and 9-11, players from column 13), or JaVaFo's XXP (players only: every
    round). Raises ValueError on a bad line."""
    if line[:3] == "XXP":
        return 1, EVERY_ROUND, _ids(line[4:], "XXP")
    return int(line[4:7]), int(line[8:11]), _ids(line[12:], "260")


def format_forbidden(first: int, last: int, players: Iterable[int]) -> str:
    """A TRF26 260 record, `forbidden_of`'s columns."""
    return f"260 {first:03d} {last:03d} " + " ".join(f"{p:04d}" for p in sorted(players))


_TEAM_RECORD = re.compile(r"013|3\d0")
"""TRF16 team lines (013) and the TRF26 team records (300, 310, 320, 330 ...)."""


def _refuse_unsupported(tag: str) -> None:
    """Records of what rochade cannot represent: refused by name, not as a bad line."""
    if _TEAM_RECORD.fullmatch(tag):
        raise TrfError("team tournaments are not supported yet (the file has team record {tag})",
                       tag=tag)
    if tag == "299":
        raise TrfError("points given outside the games (record 299: bonuses and penalties) are "
                       "not supported yet")


def parse_trf(text: str) -> TrfFile:
    """Read a whole TRF file, byes in the TRF26 spelling (`standard_byes`). Raises TrfError
    naming the line, or the kind of tournament that is not supported yet."""
    players: list[TrfPlayer] = []
    other: list[str] = []
    total: int | None = None
    colour: Colour | None = None
    scoring: dict[str, int] = {}
    acc: dict[int, dict[int, int]] = {}
    forbidden: list[tuple[int, int, frozenset[int]]] = []
    byes: list[tuple[int, frozenset[int]]] = []
    by_rank = False
    for number, line in enumerate(re.split(r"\r\n|\r|\n", text), start=1):
        tag = line[:3]
        _refuse_unsupported(tag)
        try:
            if tag == "001":
                players.append(parse_player(line))
            elif tag in ("XXR", "142"):
                total = int(line[4:].strip())
            elif tag == "XXC":
                for token in line[4:].split():
                    by_rank = by_rank or token.lower() == "rank"
                    if token.lower() in ("white1", "black1"):
                        colour = Colour.WHITE if token.lower() == "white1" else Colour.BLACK
            elif tag == "152":
                value = line[4:].strip().upper()
                if value not in ("W", "B"):
                    raise TrfError("the initial colour must be W or B")
                colour = Colour.WHITE if value == "W" else Colour.BLACK
            elif tag in _BB_FIELDS:
                scoring[_BB_FIELDS[tag]] = parse_points(line[4:])
                if tag == "BBW":
                    scoring.setdefault("pab", scoring["win"])
            elif tag == "162":
                for at in range(5, len(line), 9):
                    symbol = line[at:at + 1].upper()
                    if symbol.strip():
                        for name in _162_FIELDS.get(symbol, ()):
                            scoring[name] = parse_points(line[at + 1:at + 5])
                        if symbol == "W":  # TRF26: the PAB scores a win unless P says
                            scoring.setdefault("pab", scoring["win"])
            elif tag == "XXA":
                tpn = int(line[4:8])
                rounds = acc.setdefault(tpn, {})
                for r, at in enumerate(range(9, len(line), 5)):
                    if line[at:at + 4].strip():
                        rounds[r] = parse_points(line[at:at + 4])
            elif tag == "250":
                points = parse_points(line[9:13])
                first, last = int(line[14:17]), int(line[18:21])
                lo, hi = int(line[22:26]), int(line[27:31])
                for tpn in range(lo, hi + 1):
                    for r in range(first - 1, last):
                        acc.setdefault(tpn, {})[r] = points
            elif tag in ("XXP", "260"):
                forbidden.append(forbidden_of(line))
            elif tag == "240":
                byes.append((int(line[6:9]), _ids(line[10:], "240")))
            elif tag == "XXZ":
                byes.append((0, _ids(line[4:], "XXZ")))
            elif line.strip():
                other.append(line)
        except ValueError as exc:
            line_error(number, tag, exc)
    rules = Scoring(**scoring)
    return TrfFile(
        players=standard_byes(players, rules),
        total_rounds=total,
        initial_colour=colour,
        scoring=rules,
        accelerations=acc,
        forbidden=tuple(forbidden),
        byes=tuple(byes),
        other=tuple(other),
        by_rank=by_rank,
    )


def standard_byes(players: list[TrfPlayer], scoring: Scoring) -> tuple[TrfPlayer, ...]:
    """The byes of every spelling in use, as TRF26 writes them (docs/trf.md):

    * `0000 - +` (files before 2016, lichess without the `0000`): the pairing-allocated bye
      `U` when it is the round's only one and the round has no `U`, else a full-point bye `F`;
    * `0000 - -`: a zero-point bye `Z`; `0000 - =`: a half-point bye `H`;
    * `0000 -  ` (a bye without a result letter, as some rating-officer exports write): the
      value the player's points total gives it: a lone one `F` when a win is missing, else
      `H` for as many of them as the missing points are draws (the earliest: the file does
      not say which), `Z` for the others; a total that fits none of these is left for the
      points check to refuse.
    """
    def code(entry: TrfEntry | None) -> str | None:
        return entry.result if entry is not None and not entry.opponent else None

    pluses: dict[int, int] = {}
    pabs: set[int] = set()
    for p in players:
        for r, entry in enumerate(p.entries):
            if code(entry) == "+":
                pluses[r] = pluses.get(r, 0) + 1
            elif code(entry) == "U":
                pabs.add(r)
    out = []
    for p in players:
        entries = list(p.entries)
        blank = []
        for r, entry in enumerate(entries):
            letter = code(entry)
            if letter == "+":
                letter = "U" if pluses[r] == 1 and r not in pabs else "F"
            elif letter in ("-", "="):
                letter = {"-": "Z", "=": "H"}[letter]
            elif letter == " ":
                blank.append(r)
            if letter is not None and entry is not None and letter != entry.result:
                entries[r] = TrfEntry(0, "-", letter)
        if blank:
            rest = sum(scoring.points(e.record()) for r, e in enumerate(entries)
                       if e is not None and r not in blank)
            missing = p.points - rest
            halves = missing // scoring.draw if scoring.draw else 0
            if len(blank) == 1 and missing == scoring.win:
                letters = ["F"]
            elif missing >= 0 and halves * scoring.draw == missing and halves <= len(blank):
                letters = ["H"] * halves + ["Z"] * (len(blank) - halves)
            else:
                letters = [" "] * len(blank)
            for r, letter in zip(blank, letters, strict=True):
                entries[r] = TrfEntry(0, "-", letter)
        out.append(replace(p, entries=tuple(entries)) if entries != list(p.entries) else p)
    return tuple(out)


def in_file_order(trf: TrfFile) -> tuple[TrfFile, dict[int, int]]:
    """The file under the pairing numbers an engine uses, and each number's id in the file.

    With JaVaFo's `XXC rank` (bbpPairings reads it too) the n-th player line has pairing
    number n whatever its id: the file is renumbered so, opponents, virtual points,
    prohibited pairings and byes included. Otherwise the ids are the pairing numbers."""
    if not trf.by_rank:
        return trf, {p.tpn: p.tpn for p in trf.players}
    number = {p.tpn: n for n, p in enumerate(trf.players, start=1)}
    if len(number) != len(trf.players):
        raise TrfError("two player lines have the same pairing number")

    def renumber(tpn: int) -> int:
        if tpn not in number:
            raise TrfError("unknown player {tpn} (XXC rank: players are numbered by their "
                           "lines)", tpn=tpn)
        return number[tpn]

    def entry(e: TrfEntry | None) -> TrfEntry | None:
        return e if e is None or not e.opponent else replace(e, opponent=renumber(e.opponent))

    players = tuple(replace(p, tpn=number[p.tpn], entries=tuple(map(entry, p.entries)))
                    for p in trf.players)
    renumbered = replace(
        trf, players=players, by_rank=False,
        accelerations={renumber(t): a for t, a in trf.accelerations.items()},
        forbidden=tuple((first, last, frozenset(map(renumber, ids)))
                        for first, last, ids in trf.forbidden),
        byes=tuple((r, frozenset(map(renumber, ids))) for r, ids in trf.byes))
    return renumbered, {n: tpn for tpn, n in number.items()}


def _rounds_played(trf: TrfFile) -> int:
    """The last round anyone was paired in; a trailing column of byes only is the next
    round's attendance, not a played round."""
    played = 0
    for p in trf.players:
        for index, entry in enumerate(p.entries):
            if entry is not None and entry.record().paired:
                played = max(played, index + 1)
        if p.entries:
            played = max(played, len(p.entries) - 1)
    return played


def _initial_colour(trf: TrfFile) -> Colour:
    """As given (XXC/152), else read off the first board of the first round with colours
    (TRF26's rule for 152, and bbpPairings')."""
    if trf.initial_colour is not None:
        return trf.initial_colour
    players = sorted(trf.players, key=lambda p: p.tpn)
    for r in range(max((len(p.entries) for p in players), default=0)):
        rank = 0
        for p in players:
            records = [e.record() for e in p.entries[: r + 1] if e is not None]
            if not any(rec.paired for rec in records):
                continue
            entry = p.entries[r] if len(p.entries) > r else None
            colour = None if entry is None else entry.record().colour
            if colour is not None:
                return colour if rank % 2 == 0 else colour.opposite
            rank += 1
    return Colour.WHITE


def tournament_type(trf: TrfFile) -> str | None:
    """The tournament type code of record 192 (ETT26) in upper case, None without one."""
    for line in trf.other:
        if line[:3] == "192" and line[4:].strip():
            return line[4:].strip().upper()
    return None


def _check_edition(code: str | None) -> None:
    """Only the rules in force are implemented; a file declared for the 2017 rules must not be
    paired with them silently. Other systems' codes are left to the caller's choice
    (`pair-trf --dutch` names the system)."""
    if code is not None and code.startswith("FIDE_DUTCH_2017"):
        raise TrfError(
            "record 192 asks for the FIDE Dutch rules of 2017 ({code}); they are not supported "
            "yet: rochade pairs with the rules in force (192 FIDE_DUTCH_2025)",
            code=code,
        )


def _accelerations(trf: TrfFile, round_one: list[int], code: str | None, rounds: int
                   ) -> dict[int, dict[int, int]]:
    """Virtual points per player and 0-based round: the file's XXA/250 records when it has
    any (they override 192), else Baku (C.04.7) when the 192 code ends in `_BAKU`.

    Group A is the top 2*ceil(N/4) of round 1's pairing list (`round_one`, by pairing
    number); a late entry numbered above its last player joins it.
    """
    if trf.accelerations or code is None or not code.endswith("_BAKU"):
        return trf.accelerations
    s = trf.scoring
    if s.win != 2 * s.draw or s.loss != 0:
        raise TrfError(
            "record 192 asks for the Baku acceleration ({code}), which needs a win worth two "
            "draws and a loss worth nothing; give the virtual points as XXA or 250 records "
            "instead",
            code=code,
        )
    win = Fraction(s.win)
    points = {r - 1: int(baku_virtual_points(r, rounds, win)) for r in range(1, rounds + 1)}
    order = sorted(p.tpn for p in trf.players)
    return {tpn: dict(points) for tpn in baku_group_a(sorted(round_one), order)}


def to_swiss_state(trf: TrfFile, check_points: bool = True) -> SwissState:
    """The state before the next round, checked like the reference engines check it.

    Raises TrfError for contradictions: unknown or inconsistent opponents, scores that do
    not match the results (unless `check_points` is off), a missing round count, and for a
    192 code of the 2017 rules, which are not supported yet.
    """
    if not trf.players:
        raise TrfError("the file has no player lines (001)")
    code = tournament_type(trf)
    _check_edition(code)
    played = _rounds_played(trf)
    if trf.total_rounds is None:
        raise TrfError("the total number of rounds is missing (add 'XXR n' or '142 n')")
    by_tpn = {p.tpn: p for p in trf.players}
    if len(by_tpn) != len(trf.players):
        raise TrfError("two player lines have the same pairing number")
    for p in trf.players:
        pending = next((r for r, e in enumerate(p.entries[:played], start=1)
                        if e is not None and e.opponent and e.result == " "), None)
        if pending is not None:
            raise TrfError(
                "round {r} is paired but not played yet (player {tpn} has no result): enter "
                "its results before pairing round {next}",
                r=pending, tpn=p.tpn, next=played + 1,
            )
    absent: set[int] = set()
    for rnd, ids in trf.byes:
        if rnd in (0, played + 1):
            absent |= ids
    histories: list[list[RoundRecord]] = []
    for p in trf.players:
        records = [ABSENT if e is None else e.record() for e in p.entries[:played]]
        records += [ABSENT] * (played - len(records))
        if len(p.entries) > played:
            absent.add(p.tpn)
        for r, rec in enumerate(records, start=1):
            if rec.opponent is not None and rec.opponent not in by_tpn:
                raise TrfError(
                    "player {tpn}, round {r}: unknown opponent {opponent}",
                    tpn=p.tpn,
                    r=r,
                    opponent=rec.opponent,
                )
            if rec.opponent == p.tpn:
                raise TrfError("player {tpn}, round {r}: plays against themself", tpn=p.tpn, r=r)
        histories.append(records)
    round_one = [
        p.tpn for p, records in zip(trf.players, histories, strict=True)
        if (records[0].paired if records else p.tpn not in absent)
    ]
    accelerations = _accelerations(trf, round_one, code, trf.total_rounds)
    players: list[SwissPlayer] = []
    for p, records in zip(trf.players, histories, strict=True):
        accel = accelerations.get(p.tpn, {})
        length = max(accel, default=-1) + 1
        players.append(
            SwissPlayer(
                tpn=p.tpn,
                rating=p.rating,
                history=tuple(records),
                accelerations=tuple(accel.get(r, 0) for r in range(length)),
            )
        )
    _check_games(players)
    state_players = tuple(players)
    if check_points:
        check_points_column(trf, accelerations)
    if trf.total_rounds <= played:
        raise TrfError(
            "all {total_rounds} rounds are already paired; there is no round to pair",
            total_rounds=trf.total_rounds,
        )
    forbidden = tuple(ids for first, last, ids in trf.forbidden if first <= played + 1 <= last)
    try:
        return SwissState(
            players=state_players,
            total_rounds=trf.total_rounds,
            rounds_played=played,
            absent=frozenset(absent),
            forbidden=forbidden,
            initial_colour=_initial_colour(trf),
            scoring=trf.scoring,
        )
    except DutchError as exc:
        raise TrfError(str(exc)) from None


def _check_games(players: list[SwissPlayer]) -> None:
    by_tpn = {p.tpn: p for p in players}
    for p in players:
        for r, rec in enumerate(p.history):
            if rec.opponent is None or not rec.paired:
                continue
            other = by_tpn[rec.opponent].history[r]
            consistent = other.opponent == p.tpn and other.played == rec.played
            if rec.played and consistent:
                consistent = other.colour is not rec.colour
            if not consistent:
                raise TrfError(
                    "round {round}: player {tpn}'s game against {opponent} does not match the "
                    "opponent's line",
                    round=r + 1,
                    tpn=p.tpn,
                    opponent=rec.opponent,
                )


def check_points_column(trf: TrfFile,
                        accelerations: Mapping[int, Mapping[int, int]] | None = None) -> None:
    """The points column must equal the results of the rounds played (possibly with the
    coming round's pre-assigned bye and its virtual points, as other programs write it), as
    the reference engines require: every reader refuses a file that contradicts itself
    (`load_trf`, `to_swiss_state`, and the import's own check, which says the same).
    `accelerations`: the virtual points per player and 0-based round (default the file's)."""
    played = _rounds_played(trf)
    virtual = trf.accelerations if accelerations is None else accelerations
    for line in trf.players:
        entries = [*line.entries[:played], *[None] * (played - len(line.entries))]
        base = sum(trf.scoring.points(ABSENT if e is None else e.record()) for e in entries)
        following = line.entries[played] if len(line.entries) > played else None
        extra = 0 if following is None else trf.scoring.points(following.record())
        acc = virtual.get(line.tpn, {}).get(played, 0)
        if line.points not in {base, base + extra, base + acc, base + extra + acc}:
            raise points_error(line.tpn, line.points, base)


def rounds_recorded(trf: TrfFile) -> int:
    """How many rounds of the file have a pairing."""
    return _rounds_played(trf)


def state_before(trf: TrfFile, rnd: int) -> SwissState:
    """The state just before round `rnd` (1-based) of a recorded tournament: earlier rounds
    as played; whoever the file does not pair in round `rnd` (a bye, an absence, a blank
    block or a line that ends earlier: a withdrawal) is absent from it, as gacrux reads it."""
    players = []
    for p in trf.players:
        kept = list(p.entries[: rnd - 1])
        entry = p.entries[rnd - 1] if len(p.entries) >= rnd else None
        if entry is None or not entry.record().paired:
            kept += [None] * (rnd - 1 - len(kept)) + [entry or TrfEntry(0, "-", "Z")]
        players.append(replace(p, entries=tuple(kept)))
    return to_swiss_state(replace(trf, players=tuple(players), initial_colour=_initial_colour(
        trf)), check_points=False)


def recorded_pairing(trf: TrfFile, rnd: int) -> tuple[list[tuple[int, int]], int | None]:
    """The (white, black) pairs and the pairing-allocated bye written for round `rnd`; a pair
    written without colours (a forfeit `204 - +`) comes lower number first."""
    pairs: list[tuple[int, int]] = []
    bye: int | None = None
    for p in trf.players:
        entry = p.entries[rnd - 1] if len(p.entries) >= rnd else None
        if entry is None:
            continue
        record = entry.record()
        if record.is_pab:
            bye = p.tpn
        elif record.paired and (entry.colour == "w" or (
                entry.colour == "-" and p.tpn < entry.opponent)):
            pairs.append((p.tpn, entry.opponent))
    return pairs, bye


def same_pairing(trf: TrfFile, rnd: int, pairs: Iterable[tuple[int, int]], bye: int | None
                 ) -> bool:
    """Whether an engine's (white, black) pairs and bye are round `rnd` as written, as
    bbpPairings' checker compares them: each pair's white has that opponent and is not
    written Black (a forfeit written without colours matches either way round), and nothing
    else is paired."""
    recorded, written_bye = recorded_pairing(trf, rnd)
    by_tpn = {p.tpn: p for p in trf.players}
    pairs = list(pairs)
    for white, black in pairs:
        line = by_tpn.get(white)
        entry = None if line is None or len(line.entries) < rnd else line.entries[rnd - 1]
        if entry is None or entry.opponent != black or entry.colour == "b":
            return False
    return bye == written_bye and len(pairs) == len(recorded)


def format_pairing(pairs: list[tuple[int, int]], bye: int | None) -> str:
    """The engine output format of bbpPairings/JaVaFo: the number of lines, then
    `white black` per board and `N 0` for the bye."""
    lines = [f"{w} {b}" for w, b in pairs]
    if bye is not None:
        lines.append(f"{bye} 0")
    return "\n".join([str(len(lines)), *lines]) + "\n"


def entry_of(record: RoundRecord) -> TrfEntry | None:
    """The TRF round block for an engine record (inverse of `TrfEntry.record`)."""
    if record.opponent is None:
        if record.is_pab:
            return TrfEntry(0, "-", "U")
        letter = {Outcome.WIN: "F", Outcome.DRAW: "H", Outcome.LOSS: "Z"}[record.outcome]
        return TrfEntry(0, "-", letter)
    colour = record.colour.value if record.colour is not None else "-"
    if record.played:
        letter = {Outcome.WIN: "1", Outcome.DRAW: "=", Outcome.LOSS: "0"}[record.outcome]
    else:
        letter = "+" if record.outcome is Outcome.WIN else "-"
    return TrfEntry(record.opponent, colour, letter)


def format_state(state: SwissState, name: str = "rochade") -> str:
    """A TRF(x) file of the state, readable by rochade, bbpPairings and JaVaFo: absent
    players get a zero-point bye (`0000 - Z`) in the round to be paired, virtual points
    an XXA line per player."""
    colour = "white1" if state.initial_colour is Colour.WHITE else "black1"
    lines = [f"012 {name}", f"XXR {state.total_rounds}", f"XXC {colour}"]
    lines += [
        f"XXA {p.tpn:4d}" + "".join(f" {format_points(v):>4}" for v in p.accelerations)
        for p in sorted(state.players, key=lambda p: p.tpn) if any(p.accelerations)
    ]
    for p in sorted(state.players, key=lambda p: p.tpn):
        entries = [entry_of(r) for r in p.history]
        if p.tpn in state.absent:
            entries.append(TrfEntry(0, "-", "Z"))
        lines.append(format_player(TrfPlayer(
            tpn=p.tpn,
            name=f"Player {p.tpn}",
            rating=p.rating,
            points=state.score(p),
            entries=tuple(entries),
        )))
    return "\n".join(lines) + "\n"


# -- whole files: bytes, line endings -------------------------------------------------------


_LINE_BREAK = re.compile(r"\r\n|\r|\n")


def decode_trf(raw: bytes) -> str:
    """A TRF file's text, as Windows programs save it (`players.decode`: UTF-8 with or
    without a byte-order mark, UTF-16 with one, else Windows-1252, which unlike Latin-1 has
    Š, Ž, Œ and typographic quotes). UTF-16 without a mark is recognised by its zero bytes.
    A file that looks like UTF-16 but does not decode is refused, not read as garbage."""
    utf16 = raw.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE))
    odd, even = raw[1::2].count(0), raw[0::2].count(0)
    if not utf16 and max(odd, even) * 4 > len(raw):  # a zero beside every ASCII character
        utf16, raw = True, (codecs.BOM_UTF16_LE if odd > even else codecs.BOM_UTF16_BE) + raw
    if utf16:
        try:
            return raw.decode("utf-16")
        except UnicodeDecodeError:
            raise TrfError("the file looks like UTF-16 text but cannot be decoded as UTF-16; "
                           "save it as UTF-8") from None
    return decode(raw)


def load_trf(raw: bytes) -> TrfFile:
    """A TRF file from its bytes: the one reader of every command (`decode_trf`, `parse_trf`),
    refused when its points column contradicts its results (`check_points_column`)."""
    trf = parse_trf(decode_trf(raw))
    check_points_column(trf)
    return trf


def trf_lines(text: str) -> list[str]:
    """The lines of a TRF text whatever its line endings; a final line break ends no line."""
    lines = _LINE_BREAK.split(text)
    if lines and lines[-1] == "":
        lines.pop()
    return lines


def newline_of(text: str) -> str:
    """The line terminator a text uses (its first one); CRLF for a text without any."""
    match = _LINE_BREAK.search(text)
    return match.group() if match else "\r\n"
