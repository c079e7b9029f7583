"""The rochade tournament file: a whole tournament as one JSON document.

Other tools write these files by hand or by script, so reading is strict
(`rochade.core.jsonvalues`): every problem is reported once, on one line, naming where it is.
Each system writes and reads its own settings (`rochade.core.systems`). Writing is canonical:
the same tournament always gives the same bytes, so files diff and golden-test well.
docs/json-format.md describes every key.
"""

from __future__ import annotations

import dataclasses
import functools
import json
import re
from collections.abc import Callable, Collection, Mapping
from fractions import Fraction
from typing import TypeVar

from rochade.core import categories as core_categories
from rochade.core import limits
from rochade.core.categories import Category
from rochade.core.fide import EventData, PlayerDetails
from rochade.core.jsonvalues import (
    FormatError,
    kind_of,
    load_json,
    read_any_str,
    read_bool,
    read_enum,
    read_fraction,
    read_int,
    read_list,
    read_obj,
    read_opt_int,
    read_str,
)
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
from rochade.core.ratings import PairingRating, single_rating
from rochade.core.systems import KEIZER, SYSTEMS, find_system
from rochade.core.systems.codec import known_reason

FORMAT = "rochade-tournament/1"
"""The value of the "format" key of a file without categories (as every rochade wrote it)."""
FORMAT_CATEGORIES = "rochade-tournament/2"
"""A file with the tournament's categories (version 2): a rochade that knows only version 1
refuses it instead of dropping the categories unseen."""

_FORMAT_RE = re.compile(r"rochade-tournament/(\d+)")
_VERSION = 2
_PLAYER_DETAILS = ("sex", "birth")
"""The players' data a file with categories carries: what women's and age categories need."""
_EXTERNAL_SCORES = (Fraction(0), Fraction(1, 2), Fraction(1))



@dataclasses.dataclass(frozen=True)
class FileCategories:
    """What a file says about the tournament's categories (format 2): the categories as the
    TD writes them, the one-prize rule, the day ages count on ("": not fixed, the importing
    club's rule applies) and the players' sex and birth date they are decided by."""

    categories: tuple[Category, ...]
    one_prize: bool = False
    ages_on: str = ""
    details: Mapping[PlayerId, PlayerDetails] = dataclasses.field(default_factory=dict)


def tournament_to_dict(tournament: Tournament, categories: FileCategories | None = None,
                       pairing: PairingRating = PairingRating.FIDE) -> dict[str, object]:
    """The document `format_tournament` writes, as Python values."""
    t = tournament
    system = SYSTEMS.get(t.system)
    if system is None:
        raise FormatError("system {system} is not supported", system=t.system)
    settings = system.from_dict({}) if t.settings is None else t.settings
    if not system.holds(settings):
        raise FormatError(
            "a {system} tournament needs the settings of its system, got {type}",
            system=t.system,
            type=type(settings).__name__,
        )
    details = {} if categories is None else categories.details
    out: dict[str, object] = {
        "format": FORMAT if categories is None else FORMAT_CATEGORIES,
        "name": t.name,
        "system": t.system,
        "settings": system.to_dict(settings),
        **({} if pairing is PairingRating.FIDE else {"pairing_rating": pairing.value}),
        "players": [_entrant_out(e, details.get(e.id)) for e in t.entrants],
        "rounds": [_round_out(r) for r in t.rounds],
    }
    if categories is not None:
        out["categories"] = {"list": [c.text() for c in categories.categories],
                             "one_prize": categories.one_prize,
                             "ages_on": categories.ages_on or None}
    return out


def format_tournament(tournament: Tournament, categories: FileCategories | None = None,
                      pairing: PairingRating = PairingRating.FIDE) -> str:
    """Canonical text: stable key order, indent 2, non-ASCII kept readable, final newline.
    With `categories` the file is of format 2 (`FORMAT_CATEGORIES`); without, as ever. The
    rating it pairs by (`pairing_rating`) is written where it is not FIDE's, the default, so
    that a file of a tournament paired by FIDE is what it always was."""
    document = tournament_to_dict(tournament, categories, pairing)
    return json.dumps(document, indent=2, ensure_ascii=False) + "\n"


def _entrant_out(e: Entrant, details: PlayerDetails | None = None) -> dict[str, object]:
    out: dict[str, object] = {"id": e.id, "name": e.name, "rating": e.rating}
    if e.status is not Status.PRESENT:
        out["status"] = e.status.value
    if e.fide_id is not None:
        out["fide_id"] = e.fide_id
    if e.fide_rating != single_rating(e.rating, e.fide_id)[0]:
        out["fide_rating"] = e.fide_rating
    for key in _PLAYER_DETAILS:
        if details is not None and getattr(details, key):
            out[key] = getattr(details, key)
    return out


def _round_out(r: Round) -> dict[str, object]:
    out: dict[str, object] = {
        "number": r.number,
        "games": [_game_out(g) for g in r.games],
        "absent": [{"player": a.player, "reason": a.reason} for a in r.absences],
        "bye": r.bye,
    }
    if r.externals:
        out["external"] = [
            {
                "player": x.player,
                "team": x.team,
                "board": x.board,
                "score": str(x.score),
                "replaces_row": x.replaces_row,
            }
            for x in r.externals
        ]
    return out


def _game_out(g: Game) -> dict[str, object]:
    out: dict[str, object] = {"board": g.board} if g.board else {}
    out.update(white=g.white, black=g.black, result=None if g.result is None else str(g.result))
    return out


def parse_tournament(text: str) -> Tournament:
    """Read and check a whole tournament; raises FormatError naming the first problem."""
    return parse_tournament_file(text)[0]


def parse_tournament_file(text: str
                          ) -> tuple[Tournament, FileCategories | None, PairingRating]:
    """`parse_tournament`, the tournament's categories when the file has them, and the rating
    it pairs by (a file without `pairing_rating`, as every older one: FIDE's)."""
    data = load_json(text)
    if not isinstance(data, dict):
        raise FormatError(
            "not a rochade tournament file (expected an object, got {kind})",
            kind=kind_of(data),
        )
    if "format" not in data:
        raise FormatError('not a rochade tournament file (missing "format")')
    fmt = data["format"]
    match = _FORMAT_RE.fullmatch(fmt) if isinstance(fmt, str) else None
    if match is None or int(match[1]) < 1:
        raise FormatError("not a rochade tournament file (format {fmt})", fmt=repr(fmt))
    if int(match[1]) > _VERSION:
        raise FormatError("format {fmt} is newer than this rochade understands", fmt=fmt)
    d = read_obj(data, "file", ("format", "name", "system", "settings", "pairing_rating",
                                "players", "rounds", "categories"))
    pairing = read_enum(d.get("pairing_rating", PairingRating.FIDE.value), "pairing_rating",
                        PairingRating)
    system = find_system(d.get("system", KEIZER))
    if "name" not in d:
        raise FormatError('file: missing "name" (the tournament\'s name)')
    if "players" not in d:
        raise FormatError('file: missing "players"')
    settings = system.from_dict(d.get("settings", {}))
    reasons, teams = system.absence_reasons(settings), system.teams(settings)
    forbidden = system.kept_apart(settings)
    players = read_list(d["players"], "players")
    entrants = tuple(_entrant(p, f"players[{i}]") for i, p in enumerate(players))
    categories = None
    if "categories" in d:
        details = {e.id: _player_details(p, f"players[{i}]")
                   for i, (e, p) in enumerate(zip(entrants, players, strict=True))}
        categories = _categories(d["categories"], {k: v for k, v in details.items() if v})
    ids: set[PlayerId] = set()
    for e in entrants:
        if e.id in ids:
            raise FormatError("players: id {id} is used twice", id=e.id)
        ids.add(e.id)
    unknown = sorted(set().union(*forbidden) - ids)
    if unknown:
        raise FormatError("settings.forbidden_pairs: unknown player id {id}", id=unknown[0])
    rounds = tuple(
        _round(r, i + 1, reasons, teams, ids)
        for i, r in enumerate(read_list(d.get("rounds", []), "rounds"))
    )
    tournament = Tournament(
        name=read_str(d["name"], "name"),
        entrants=entrants,
        rounds=rounds,
        system=system.name,
        settings=settings,
    )
    requested = {b.player for b in system.bye_requests(settings)}
    if requested - ids:
        unknown = sorted(requested - ids)
        raise FormatError("settings.bye_requests: unknown player id {id}", id=unknown[0])
    if set(system.numbers(settings)) - ids:
        raise FormatError(
            "settings.numbers: unknown player id {id}",
            id=min(set(system.numbers(settings)) - ids),
        )
    try:
        tournament.validate()
    except ModelError as exc:
        raise FormatError(str(exc)) from None
    return tournament, categories, pairing


def _categories(value: object, details: Mapping[PlayerId, PlayerDetails]) -> FileCategories:
    """The file's categories, each read as the TD's text is (`core.categories.parse`)."""
    d = read_obj(value, "categories", ("list", "one_prize", "ages_on"))
    texts = [read_any_str(item, f"categories.list[{i}]")
             for i, item in enumerate(read_list(d.get("list", []), "categories.list"))]
    for i, item in enumerate(texts):
        where = f"categories.list[{i}]"
        if len(_read(core_categories.parse, item, where)) != 1:
            raise FormatError("{where}: expected one category (its name, a colon and its "
                              "conditions)", where=where)
    parsed = _read(core_categories.parse, "; ".join(texts), "categories.list")  # names twice
    ages_on = d.get("ages_on")
    day = "" if ages_on is None else _read(
        lambda typed: EventData().changed("start_date", typed).start_date,
        read_str(ages_on, "categories.ages_on"), "categories.ages_on")
    return FileCategories(parsed, read_bool(d.get("one_prize", False), "categories.one_prize"),
                          day, details)


R = TypeVar("R")


def _read(read: Callable[[str], R], typed: str, where: str) -> R:
    """`read(typed)`, its refusal said as the file's problem at `where`."""
    try:
        return read(typed)
    except ModelError as exc:
        raise FormatError("{where}: {exc}", where=where, exc=message_of(exc)) from None


def _player_details(value: object, where: str) -> PlayerDetails | None:
    """A player's sex and birth date (format 2, for the categories); None: neither given."""
    d = read_obj(value, where)
    details = PlayerDetails()
    for key in _PLAYER_DETAILS:
        if key in d:
            read = functools.partial(details.changed, key)
            details = _read(read, read_str(d[key], f"{where}.{key}"), f"{where}.{key}")
    return details if details != PlayerDetails() else None


def _entrant(value: object, where: str) -> Entrant:
    d = read_obj(value, where, ("id", "name", "rating", "status", "fide_id", "fide_rating",
                                *_PLAYER_DETAILS))
    for key in ("id", "name"):
        if key not in d:
            raise FormatError("{where}: missing {key}", where=where, key=repr(key))
    rating = read_opt_int(d.get("rating"), f"{where}.rating", 0)
    fide_id = read_opt_int(d.get("fide_id"), f"{where}.fide_id", 1)
    entrant = Entrant(
        id=read_int(d["id"], f"{where}.id", 1),
        name=read_str(d["name"], f"{where}.name"),
        rating=rating,
        status=read_enum(d.get("status", "present"), f"{where}.status", Status),
        fide_id=fide_id,
        fide_rating=read_opt_int(d["fide_rating"], f"{where}.fide_rating", 0)
        if "fide_rating" in d else single_rating(rating, fide_id)[0],
    )
    limits.PLAYERS.check(entrant.id, f"{where}.id")
    limits.RATING.optional(entrant.rating, f"{where}.rating")
    limits.RATING.optional(entrant.fide_rating, f"{where}.fide_rating")
    limits.FIDE_ID.optional(entrant.fide_id, f"{where}.fide_id")
    return entrant


def _round(
    value: object,
    position: int,
    reasons: Mapping[str, object],
    teams: Collection[int],
    ids: set[PlayerId],
) -> Round:
    d = read_obj(value, f"rounds[{position - 1}]", ("number", "games", "absent", "bye", "external"))
    number = read_int(d.get("number", position), f"rounds[{position - 1}].number", 1)
    limits.ROUNDS.check(number, f"rounds[{position - 1}].number")
    where = f"round {number}"
    games = tuple(
        _game(g, f"{where}, games[{i}]")
        for i, g in enumerate(read_list(d.get("games", []), f"{where}, games"))
    )
    boards = [g.board for g in games if g.board]
    for board in boards:
        if boards.count(board) > 1:
            raise FormatError("{where}: board {board} appears twice", where=where, board=board)
    absences = tuple(
        _absence(a, f"{where}, absent[{i}]", reasons)
        for i, a in enumerate(read_list(d.get("absent", []), f"{where}, absent"))
    )
    externals = tuple(
        _external(x, f"{where}, external[{i}]", teams, ids)
        for i, x in enumerate(read_list(d.get("external", []), f"{where}, external"))
    )
    bye = read_opt_int(d.get("bye"), f"{where}, bye", 1)
    return Round(number=number, games=games, absences=absences, bye=bye, externals=externals)


def _game(value: object, where: str) -> Game:
    d = read_obj(value, where, ("board", "white", "black", "result"))
    for key in ("white", "black"):
        if key not in d:
            raise FormatError("{where}: missing {key}", where=where, key=repr(key))
    result = d.get("result")
    if result is not None:
        if not isinstance(result, str):
            raise FormatError(
                '{where}.result: expected a string like "1-0", got {kind}',
                where=where,
                kind=kind_of(result),
            )
        try:
            result = Result.parse(result)
        except ModelError as exc:
            raise FormatError("{where}.result: {exc}", where=where, exc=message_of(exc)) from None
    return Game(
        white=read_int(d["white"], f"{where}.white", 1),
        black=read_int(d["black"], f"{where}.black", 1),
        result=result,
        board=read_int(d["board"], f"{where}.board", 1) if "board" in d else 0,
    )


def _absence(value: object, where: str, reasons: Mapping[str, object]) -> Absence:
    d = read_obj(value, where, ("player", "reason"))
    for key in ("player", "reason"):
        if key not in d:
            raise FormatError("{where}: missing {key}", where=where, key=repr(key))
    player = read_int(d["player"], f"{where}.player", 1)
    reason = known_reason(d["reason"], f"{where}.reason", reasons)
    return Absence(player=player, reason=reason)


def _external(
    value: object, where: str, teams: Collection[int], ids: set[PlayerId]
) -> ExternalGame:
    d = read_obj(value, where, ("player", "team", "board", "score", "replaces_row"))
    for key in ("player", "team", "board", "score"):
        if key not in d:
            raise FormatError("{where}: missing {key}", where=where, key=repr(key))
    player = read_int(d["player"], f"{where}.player", 1)
    if player not in ids:
        raise FormatError("{where}.player: unknown player id {player}", where=where, player=player)
    team = read_int(d["team"], f"{where}.team", 1)
    if team not in teams:
        raise FormatError(
            "{where}.team: team {team} has no value in settings.team_values or team_shares",
            where=where,
            team=team,
        )
    score = read_fraction(d["score"], f"{where}.score")
    if score not in _EXTERNAL_SCORES:
        raise FormatError(
            '{where}.score: must be "1", "1/2" or "0", got {score}',
            where=where,
            score=repr(d["score"]),
        )
    return ExternalGame(
        player=player,
        team=team,
        board=read_int(d["board"], f"{where}.board", 1),
        score=score,
        replaces_row=read_bool(d.get("replaces_row", True), f"{where}.replaces_row"),
    )


__all__ = [
    "FORMAT",
    "FORMAT_CATEGORIES",
    "FileCategories",
    "FormatError",
    "format_tournament",
    "parse_tournament",
    "parse_tournament_file",
    "tournament_to_dict",
]
