"""The use cases that differ between the pairing systems, for `ClubService`.

The systems themselves (`rochade.core.systems`) pair, keep their settings and say what they
offer; this module adds what the service decides: fresh seeds, the TD's typed options, the
limits that refuse a request, and the errors the TD reads.
"""

from __future__ import annotations

import dataclasses
import json
import secrets
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

from rochade.core.checker import PairingRules
from rochade.core.keizer.settings import KeizerSettings
from rochade.core.limits import number
from rochade.core.messages import message_of
from rochade.core.model import Entrant, Game, ModelError, PlayerId, Result, Status, Tournament
from rochade.core.pairing import Pairing
from rochade.core.roundrobin import berger_schedule
from rochade.core.standings import Standings

# What a tournament's system offers (its object) and the choices of its options, named here
# for the CLI and the pages: they reach the systems through the service.
from rochade.core.systems import DEFAULT_TIEBREAKS as DEFAULT_TIEBREAKS
from rochade.core.systems import KEIZER as KEIZER
from rochade.core.systems import ROUND_ROBIN as ROUND_ROBIN
from rochade.core.systems import SCORINGS as SCORINGS
from rochade.core.systems import SWISS as SWISS
from rochade.core.systems import (
    SWISS_ABSENCES,
    TournamentSystem,
    scoring,
    system_holding,
)
from rochade.core.systems import SYSTEMS as SYSTEMS
from rochade.core.systems import Acceleration as Acceleration
from rochade.core.systems import ByeRequest as ByeRequest
from rochade.core.systems import FirstRound as FirstRound
from rochade.core.systems import RoundRobinSettings as RoundRobinSettings
from rochade.core.systems import StartNumbers as StartNumbers
from rochade.core.systems import SwissRules as SwissRules
from rochade.core.systems import SwissSettings as SwissSettings
from rochade.core.systems import find_system as find_system
from rochade.core.systems import holder as holder
from rochade.core.systems import numbers_of as numbers_of
from rochade.core.systems import scoring_text as scoring_text
from rochade.core.systems import system_of as system_of
from rochade.core.systems.base import PairingRefused
from rochade.core.systems.crosstables import ranked
from rochade.core.systems.keizer import draw_start as keizer_start
from rochade.core.systems.round_robin import ROUND_ROBIN_SYSTEM
from rochade.core.tiebreaks import Kind, TieBreakError

# The tie-breaks a TD chooses (typed, or on the pages) and the edition's rule for unplayed rounds.
from rochade.core.tiebreaks import TieBreak as TieBreak
from rochade.core.tiebreaks import Unplayed as Unplayed
from rochade.core.tiebreaks import parse_tiebreaks as parse_tiebreaks
from rochade.service.errors import ServiceError
from rochade.service.files import read_file


def decode(system: str, text: str) -> object:
    """A tournament's settings from the JSON text the club file keeps."""
    return find_system(system).from_dict(json.loads(text))


def encode(settings: object) -> str:
    """The JSON text to keep, refused unless `decode` reads it back: every way of saving
    settings passes the very check every page makes when it reads them (a saved value that
    no page can read would break every page of the club file)."""
    system = system_holding(settings)
    data = system.to_dict(settings)
    system.from_dict(data)
    return json.dumps(data, ensure_ascii=False, sort_keys=True)


BYE_VALUES = {"bye_value": "pab", "half_bye_value": "hpb"}
"""Options for the points of the pairing-allocated and the half-point bye (empty: the
default, a win and a draw)."""

FIXED_ONCE_PAIRED = frozenset({"double", "numbers_by", "seed", "first_round", "acceleration",
                               "games", "playoff", "seeding", "pairing_rules"})
"""Options that decide round 1 (or the whole schedule): they cannot change after it."""


def new_settings(system: str, options: Mapping[str, object]) -> Any:
    """Round-robin or Swiss settings from the TD's options (None: the default). One that
    draws by lot (a round robin's start numbers, a Swiss's random round 1) and has no seed
    gets a fresh one from the system's entropy, so each draws its own lots (the stored seed,
    shown in the log and the explanation, replays them)."""
    found = SYSTEMS.get(system)
    if found is None or not found.options:
        raise ServiceError(
            "unknown system '{system}'; choose keizer, round-robin or swiss", system=system
        )
    settings = _with_options(found.settings_type(), found, options)
    if options.get("seed") is None and found.draws_by_lot(settings):
        settings = dataclasses.replace(settings, seed=fresh_seed())
    return settings


def draws_by_lot(settings: object) -> bool:
    """Whether a round robin's or Swiss's seed decides anything: start numbers by lot, or a
    random round 1."""
    return system_holding(settings).draws_by_lot(settings)


def fresh_seed() -> int:
    """A seed nobody can foresee (core has no randomness of its own: it is passed in)."""
    return secrets.randbits(48)


def changed_settings(t: Tournament, options: Mapping[str, object]) -> Any:
    """The settings of a running round robin or Swiss with the TD's changes (None: keep).

    Points and tie-breaks may change any time (standings are derived); what decides the
    draw or round 1 only before round 1 is paired; a Swiss keeps at least its paired rounds.
    """
    s: Any = t.settings
    system = system_of(t)
    if system.team_event:
        raise ServiceError("the rules of the team event {name} are set when it is created",
                           name=t.name)
    if not system.options:
        raise ServiceError("{name} is not a round robin or a Swiss", name=t.name)
    changed = _with_options(s, system, options)
    if system.draws_by_lot(changed) and not system.draws_by_lot(s) and changed.seed == s.seed:
        changed = dataclasses.replace(changed, seed=fresh_seed())  # now by lot: a fresh draw
    if t.rounds:
        for key in sorted(FIXED_ONCE_PAIRED):
            if getattr(changed, key, None) != getattr(s, key, None):
                raise ServiceError(
                    "round 1 of {name} is paired: the setting {key} can no longer change",
                    name=t.name,
                    key=key,
                )
    _check_virtual_points(t, s, changed)
    rounds = system.planned_rounds(changed)
    if rounds is not None and rounds < len(t.rounds):
        raise ServiceError(
            "{name} has played {played} rounds already; it cannot have only {rounds}",
            name=t.name,
            played=len(t.rounds),
            rounds=rounds,
        )
    return changed


def _check_virtual_points(t: Tournament, before: Any, after: Any) -> None:
    """Virtual points decided the rounds paired with them: those rounds' stay as they were
    (a table may replace a preset only before round 1)."""
    old: frozenset[Any] = getattr(before, "virtual_points", frozenset())
    new: frozenset[Any] = getattr(after, "virtual_points", frozenset())
    if old == new or not t.rounds:
        return

    def played(table: frozenset[Any]) -> dict[tuple[PlayerId, int], Fraction]:
        return {(v.player, r): v.points for v in table
                for r in range(v.first, min(v.last, len(t.rounds)) + 1)}

    was, now = played(old), played(new)
    replaced = not old and getattr(before, "acceleration", None) not in (None, Acceleration.NONE)
    changed = sorted(r for _, r in was.keys() ^ now.keys() | {
        k for k in was.keys() & now.keys() if was[k] != now[k]})
    if changed or replaced:
        raise ServiceError(
            "round {round} of {name} is paired: its virtual points can no longer change",
            round=changed[0] if changed else 1, name=t.name)


def _points(text: str, what: str) -> Fraction:
    try:
        return number(text)
    except ValueError:
        raise ServiceError(
            "the setting {what}: '{value}' is not a number of points", what=what, value=text[:20]
        ) from None


def _with_options(base: Any, system: TournamentSystem[Any],
                  options: Mapping[str, object]) -> Any:
    given = {k: v for k, v in options.items() if v is not None}
    changes: dict[str, object] = {}
    try:
        if given.keys() & {"scoring", *BYE_VALUES}:
            wdl = scoring(str(given.pop("scoring", scoring_text(base.scoring))))
            points = dataclasses.replace(base.scoring, win=wdl.win, draw=wdl.draw, loss=wdl.loss)
            byes: dict[str, Any] = {}
            for key, attr in BYE_VALUES.items():
                bye = given.pop(key, getattr(base.scoring, attr))
                text = "" if bye is None else str(bye).strip()
                byes[attr] = _points(text, key) if text else None
                if byes[attr] is not None and not 0 <= byes[attr] <= wdl.win:
                    raise ServiceError(
                        "a bye is worth 0 to {win} points (a win), not {value}",
                        win=wdl.win,
                        value=text[:20],
                    )
            points = dataclasses.replace(points, **byes)
            changes["scoring"] = points
        if "tiebreaks" in given:
            changes["tiebreaks"] = parse_tiebreaks(str(given.pop("tiebreaks")))
    except (ModelError, TieBreakError, ValueError, ZeroDivisionError) as exc:
        raise ServiceError(message_of(exc)) from None
    keys = system.options
    for key, value in given.items():
        if key not in keys:
            raise ServiceError(
                "the setting {key} does not apply to a {system} tournament", key=key,
                system=system.name,
            )
        try:
            changes[key] = keys[key](value)
        except ValueError:
            shown = str(value)[:20]
            raise ServiceError(
                "the setting {key}: '{value}' is not a valid value", key=key, value=shown
            ) from None
    try:
        return dataclasses.replace(base, **changes)
    except ModelError as exc:
        raise ServiceError(message_of(exc)) from None


def describe(settings: object) -> str:
    """A few words on the rules: the Keizer preset, single/double, the number of rounds."""
    return system_holding(settings).describe(settings)


def pair(t: Tournament, number: int, origins: Callable[[], Mapping[PlayerId, str]] = dict,
         ) -> tuple[Pairing, object | None]:
    """Pair round `number` with the system's engine: the pairing and, when they changed (a
    round robin's start numbers, drawn before round 1; a Swiss's pairing numbers, given
    before each round until round 4), the new settings to store. `origins`: the players'
    federations (or clubs), for a draw that keeps compatriots together."""
    try:
        return system_of(t).pair(t, number, lambda: present(t, number), fresh_seed, origins)
    except PairingRefused as exc:
        raise ServiceError(message_of(exc)) from None


def pair_players(t: Tournament, number: int, players: Sequence[PlayerId]) -> Pairing:
    """Only `players` paired for round `number` by the system's engine, on the history of
    `t` (some boards of a paired round paired again; the settings are left as they are).
    The others count as excused for it: an engine that reads who is present from the
    statuses (Keizer's) pairs only these too."""
    chosen = set(players)
    only = dataclasses.replace(t, entrants=tuple(
        e if e.id in chosen or not e.status.plays else dataclasses.replace(
            e, status=Status.EXCUSED) for e in t.entrants))
    try:
        pairing, _ = system_of(only).pair(only, number, lambda: players, fresh_seed)
    except PairingRefused as exc:
        raise ServiceError(message_of(exc)) from None
    return pairing


def numbered(t: Tournament) -> object | None:
    """The settings with the pairing numbers of the round about to be paired, when they
    differ from the stored ones (everybody before round 1, a late entry until round 4)."""
    return system_of(t).numbered(t)


def draw_start(t: Tournament, s: KeizerSettings) -> KeizerSettings:
    """A start order by lot over everyone enrolled, with a seed from the system's entropy
    (nobody can foresee it); the seed is kept, so `drawn_start_list` replays the draw."""
    return keizer_start(t, s, fresh_seed())


def pairing_reasons(t: Tournament, number: int, player: PlayerId) -> tuple[str, ...]:
    """Why `player` was paired as they were in round `number` of a Swiss (the criteria of
    the Dutch system that decided it)."""
    try:
        reasons = system_of(t).explain_player(t, number, player)
    except PairingRefused as exc:
        raise ServiceError(message_of(exc)) from None
    if reasons is None:
        raise ServiceError("{tournament} is not a Swiss; `rochade explain --round {number}` "
                           "shows how its rounds were paired", tournament=t.name, number=number)
    return reasons


def with_forbidden_pair(t: Tournament, pair: frozenset[PlayerId], forbidden: bool = True
                        ) -> object:
    """The settings with one more forbidden pair, or one fewer (`forbidden` False): Keizer and
    Swiss; a round robin's table is fixed."""
    system = system_of(t)
    if not system.forbidden_pairs:
        raise ServiceError("{name} is a round robin: everybody meets everybody", name=t.name)
    kept = system.kept_apart(t.settings)
    if not forbidden and pair not in kept:
        raise ServiceError("these two players may already be paired")
    return system.with_kept_apart(t.settings, kept | {pair} if forbidden else kept - {pair})


def without_player(t: Tournament, player: PlayerId) -> object:
    """The settings with nothing left that names `player` (forbidden pairs, requested byes),
    for a player deleted before their first game."""
    system, s = system_of(t), t.settings
    if system.forbidden_pairs:
        s = system.with_kept_apart(s, frozenset(p for p in system.kept_apart(s) if player not in p))
    if system.byes_in_advance:
        s = system.with_bye_requests(
            s, frozenset(b for b in system.bye_requests(s) if b.player != player)
        )
    return s


def with_forfeits(t: Tournament, games: tuple[Game, ...]) -> tuple[Game, ...]:
    """A round robin keeps a withdrawn player's games in the table, recorded at once as
    forfeits (both withdrawn: a double forfeit), as the Berger engine's explanation says."""
    if not system_of(t).fixed_schedule:
        return games
    out = []
    for game in games:
        gone = (t.entrant(game.white).withdrawn, t.entrant(game.black).withdrawn)
        result = _FORFEIT.get(gone)
        out.append(game if result is None else dataclasses.replace(game, result=result))
    return tuple(out)


_FORFEIT = {
    (True, True): Result.DOUBLE_FORFEIT,
    (True, False): Result.BLACK_WINS_FORFEIT,
    (False, True): Result.WHITE_WINS_FORFEIT,
}


def locate(t: Tournament, round_number: int, board: str) -> tuple[int, int]:
    """The stored round and board of a game as the TD typed it (a cup's MATCH.GAME)."""
    try:
        return system_of(t).locate(t, round_number, board)
    except ModelError as exc:
        raise ServiceError(message_of(exc)) from None


def round_titles(t: Tournament) -> Mapping[int, tuple[str, str]]:
    """Stored round -> the short label and the title the pages give it instead of its number
    and "Round N" (a cup: its cup round and the game of its matches, "2.3"; the title a line
    each page words in its language); empty: the number says it."""
    return system_of(t).round_titles(t)


def pairs_ahead(t: Tournament) -> bool:
    """Whether the next round may be paired before the last one is complete (a cup's)."""
    return system_of(t).pairs_ahead(t)


def check_result(before: Tournament, after: Tournament, round_number: int) -> None:
    """Refuse a result the system cannot take (see `TournamentSystem.check_result`)."""
    try:
        system_of(before).check_result(before, after, round_number)
    except ModelError as exc:
        raise ServiceError(message_of(exc)) from None


def check_hand_pairing(t: Tournament) -> None:
    """Refuse a pairing by hand, or a change to a paired round, where the system alone pairs
    (a cup's boards are its bracket's matches)."""
    if not system_of(t).hand_pairing:
        raise ServiceError("{name} is a knockout cup: its bracket pairs it (rochade pair), "
                           "not a pairing by hand", name=t.name)


def rules(t: Tournament, number: int) -> PairingRules:
    """The limits the checker applies to a pairing typed by hand."""
    return system_of(t).pairing_rules(t.settings, number)


# -- requested byes and the half-point-bye limit (Swiss) ------------------------------------


def _byes_in_advance(t: Tournament) -> TournamentSystem[Any]:
    system = system_of(t)
    if not system.byes_in_advance:
        raise ServiceError("{name} is not a Swiss: requested byes belong to Swiss tournaments",
                           name=t.name)
    return system


def _requested(t: Tournament, number: int, player: PlayerId) -> ByeRequest | None:
    requests = system_of(t).bye_requests(t.settings)
    return next((b for b in requests if (b.round, b.player) == (number, player)), None)


def absence_reason(t: Tournament, number: int, entrant: Entrant) -> str | None:
    """The row of a player without a board in round `number`: a requested bye, else what the
    status says (None: the player should have had a board)."""
    request = _requested(t, number, entrant.id)
    return request.reason if request is not None else entrant.status.absence_reason


def present(t: Tournament, number: int) -> list[PlayerId]:
    """The players to pair in round `number`: present, without a requested bye. In a Swiss,
    everyone who would get a half-point bye must still be allowed one (else: refused)."""
    players = []
    for entrant in t.active:
        reason = absence_reason(t, number, entrant)
        if reason is None:
            players.append(entrant.id)
        elif SWISS_ABSENCES.get(reason) is Kind.HPB:
            _check_half_point_bye(t, entrant, number)
    return players


def half_point_byes(t: Tournament, player: PlayerId, besides: int | None = None) -> int:
    """Half-point byes the player has had or asked for (requests for round `besides` aside)."""
    taken = sum(1 for rnd in t.rounds for a in rnd.absences
                if a.player == player and SWISS_ABSENCES.get(a.reason) is Kind.HPB)
    requested = sum(1 for b in system_of(t).bye_requests(t.settings) if b.player == player
                    and b.half and b.round > len(t.rounds) and b.round != besides)
    return taken + requested


def _check_half_point_bye(t: Tournament, entrant: Entrant, number: int) -> None:
    """Refuse a half-point bye in round `number` beyond the Swiss's limits."""
    system = system_of(t)
    limit, closed = system.half_point_bye_limits(t.settings)
    last = system.planned_rounds(t.settings) or 0
    first_closed = last - closed + 1
    if closed and number >= first_closed:
        rounds = _span(range(first_closed, last + 1))
        raise ServiceError(
            "{name} cannot have a half-point bye in round {round}: this Swiss allows "
            "none in its last {closed} round(s) ({rounds}); a zero-point bye "
            "(unexcused) is possible",
            name=entrant.name,
            round=number,
            closed=closed,
            rounds=rounds,
        )
    if limit is not None and half_point_byes(t, entrant.id, besides=number) >= limit:
        raise ServiceError(
            "{name} cannot have another half-point bye: this Swiss allows at most "
            "{limit} per player and {name} has had or asked for {limit}; a zero-point "
            "bye (unexcused) is possible",
            name=entrant.name,
            limit=limit,
        )


def gives_half_point_bye(t: Tournament, status: Status) -> bool:
    """In a Swiss an excused absence (or club duty) is a half-point bye in the next round."""
    reason = status.absence_reason
    return (system_of(t).absence_byes and reason is not None
            and SWISS_ABSENCES.get(reason) is Kind.HPB)


def check_status(t: Tournament, entrant: Entrant, status: Status) -> None:
    """A status that gives a half-point bye in the next round: within the Swiss's limits."""
    if gives_half_point_bye(t, status):
        _check_half_point_bye(t, entrant, len(t.rounds) + 1)


def with_bye_request(t: Tournament, entrant: Entrant, number: int, half: bool,
                     full: bool = False) -> object:
    """The settings with the player's bye for a coming round (replacing an earlier request
    for that round): half a point, none, or (`full`) a full point the TD gives by hand."""
    system = _byes_in_advance(t)
    if entrant.withdrawn:
        raise ServiceError(
            "{name} has withdrawn; a bye needs a player who plays", name=entrant.name
        )
    if number <= len(t.rounds):
        raise ServiceError(
            "round {round} is paired already; a bye can be asked for round {next} or later",
            round=number,
            next=len(t.rounds) + 1,
        )
    rounds = system.planned_rounds(t.settings)
    if rounds is not None and number > rounds:
        raise ServiceError(
            "{name} has {rounds} rounds; there is no round {round}",
            name=t.name,
            rounds=rounds,
            round=number,
        )
    if half and not full:
        _check_half_point_bye(t, entrant, number)
    kept = frozenset(b for b in system.bye_requests(t.settings)
                     if (b.round, b.player) != (number, entrant.id))
    request = ByeRequest(number, entrant.id, half and not full, full)
    return system.with_bye_requests(t.settings, kept | {request})


def without_bye_request(t: Tournament, entrant: Entrant, number: int) -> object:
    system = _byes_in_advance(t)
    request = _requested(t, number, entrant.id)
    if request is None:
        raise ServiceError(
            "{name} has asked for no bye in round {round}", name=entrant.name, round=number
        )
    if number <= len(t.rounds):
        raise ServiceError("round {round} is paired already; its byes are facts now", round=number)
    return system.with_bye_requests(t.settings, system.bye_requests(t.settings) - {request})


def _span(numbers: Sequence[int]) -> str:
    return f"{numbers[0]}-{numbers[-1]}" if len(numbers) > 1 else str(numbers[0])


def check_late_entry(t: Tournament) -> None:
    """A round robin's schedule and a cup's bracket are fixed once round 1 is paired: no late
    entries. A team event's players come with their team (a list with a team column)."""
    if system_of(t).team_event:
        raise ServiceError("{name} is a team event: its players join with their team (rochade "
                           "player import with a team column, or rochade team add)",
                           name=t.name)
    if system_of(t).knockout and t.rounds:
        raise ServiceError("{name} is a knockout cup and round 1 is paired: its bracket is "
                           "fixed, so no player can join any more", name=t.name)
    if system_of(t).fixed_schedule and t.rounds:
        raise ServiceError(
            "{name} is a round robin and round 1 is paired: its schedule is fixed, so no "
            "player can join any more",
            name=t.name,
        )


def trf_standings(path: Path, tiebreaks: Sequence[TieBreak] | None, round_robin: bool = False,
                  unplayed: Unplayed = Unplayed.FIDE_2026) -> Standings:
    """Standings of a TRF file with FIDE tie-breaks (default: the system's), no club file;
    `unplayed` the edition's rule for unplayed rounds (default the 2026 one)."""
    from rochade.formats.trf import TrfError, load_trf
    from rochade.formats.trf_standings import trf_crosstable

    raw = read_file(path)
    try:
        trf = load_trf(raw)
    except TrfError as exc:
        raise ServiceError("{path}: {problem}", path=path, problem=message_of(exc)) from None
    if not trf.players:
        raise ServiceError("{path} has no player lines (001); is it a TRF file?", path=path)
    try:
        table = trf_crosstable(trf, round_robin, unplayed)
    except TieBreakError as exc:
        raise ServiceError("{path}: {problem}", path=path, problem=message_of(exc)) from None
    entrants = {p.tpn: Entrant(p.tpn, p.name or f"#{p.tpn}", p.rating or None) for p in trf.players}
    chosen = DEFAULT_TIEBREAKS[ROUND_ROBIN if round_robin else SWISS] if tiebreaks is None else (
        tiebreaks)
    return ranked(table, entrants, chosen)


@dataclass(frozen=True)
class ScheduleRound:
    """A round of the Berger table: (white, black) as start number and player, and who rests."""

    number: int
    boards: tuple[tuple[tuple[int, Entrant | None], tuple[int, Entrant | None]], ...]
    rest: tuple[int, Entrant | None] | None


def round_robin_schedule(t: Tournament) -> list[ScheduleRound]:
    """A round robin's whole schedule, with names once the start numbers are given (round 1
    paired); empty for another system, or below two players."""
    s = ROUND_ROBIN_SYSTEM.own(t.settings)
    if s is None:
        return []
    players = len(s.numbers) if s.numbers else len(t.entrants)
    if players < 2:
        return []
    schedule = berger_schedule(players, double=s.double, swap_last_two=s.swap_last_two)

    def who(number: int) -> tuple[int, Entrant | None]:
        return number, t.entrant(s.numbers[number - 1]) if s.numbers else None

    return [
        ScheduleRound(
            r.number,
            tuple((who(w), who(b)) for w, b in r.boards if schedule.bye_number not in (w, b)),
            None if r.bye is None else who(r.bye),
        )
        for r in schedule.rounds
    ]
