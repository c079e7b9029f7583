"""The use cases of a club file: what the CLI (and later the web app) can do, one call each.

Every changing call is one store action: one transaction, logged with who and when, undoable.
Nothing here prints; calls return report values and raise `ServiceError`, `ModelError` (and
its `FormatError`) or `StoreError` with a one-line message for the TD.
"""

from __future__ import annotations

import dataclasses
import getpass
import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, date, datetime
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Protocol, Self, TypeVar

from rochade.core import fide, limits
from rochade.core.checker import CheckedPairing, check_boards
from rochade.core.fide import EventData, PlayerDetails
from rochade.core.keizer.scoring import Standings, compute_standings, standings_history
from rochade.core.keizer.settings import (
    KeizerSettings,
    Ladder,
    StartOrder,
    preset,
)
from rochade.core.messages import N_, Message, Said, joined
from rochade.core.model import (
    Absence,
    Entrant,
    ExternalGame,
    Game,
    PlayerId,
    Reason,
    Result,
    Round,
    Status,
    Tournament,
)
from rochade.core.pairing import Pairing
from rochade.core.rating_change import RatingChange, is_fast, rating_changes
from rochade.core.standings import SystemStandings, counted_crosstable, system_standings
from rochade.core.systems import KEIZER, system_of
from rochade.core.systems.keizer import KEIZER_SYSTEM
from rochade.formats.json import (
    FileCategories,
    format_tournament,
    parse_tournament,
    parse_tournament_file,
)
from rochade.formats.tables import Table, fide_standings_table, standings_table
from rochade.service import systems
from rochade.service.categories import (
    CATEGORIES,
    CategoryData,
    CategorySetup,
    setup_from_json,
    setup_to_json,
)
from rochade.service.categories import KEYS as CATEGORY_KEYS
from rochade.service.club_settings import CLUB_NAME
from rochade.service.errors import (
    NameTaken,
    NeedsConfirmation,
    ResultConflict,
    ServiceError,
)
from rochade.service.fidemode import (
    FIDE,
    FULL_BY_HAND,
    IMPORTED,
    ROUND_SAYS,
    SECOND_HPB,
    FideMode,
    Findings,
    NeedsFideConfirmation,
    by_hand_event,
    check_scoring,
    confirmed,
    events_of,
    leaves,
    mode_from_json,
    mode_to_json,
    recheck,
    require,
    settings_events,
    trf_comments,
)
from rochade.service.files import read_file
from rochade.service.players import (
    PlayerList,
    RatingReport,
    apply_ratings,
    find_entrant,
    fold_name,
    label,
    pick,
    plan_ratings,
    preview_player_list,
    rating_roster,
    read_player_list,
)
from rochade.service.rated import EVENT, event_from_json, event_to_json, event_year
from rochade.service.reports import (
    Letterhead,
    PairingList,
    PairingReport,
    PlayerAdded,
    ResultReport,
    StandingChange,
    TournamentSummary,
    UndoPlan,
)
from rochade.service.settings import (
    START_ORDER,
    SettingsReport,
    changed_settings,
    system_changes,
)
from rochade.store import (
    REMOVING,
    Action,
    ActionRecord,
    Club,
    Identity,
    MemberRecord,
    RoundNotes,
    StoreError,
    TournamentRecord,
)

if TYPE_CHECKING:
    from rochade.formats.players import RatedPlayer

Clock = Callable[[], datetime]


class _Keyed(Protocol):
    """Tournament data set by key (the event data, the categories)."""

    def changed(self, key: str, typed: str) -> Self: ...
    def text(self, key: str) -> str: ...


_K = TypeVar("_K", bound=_Keyed)


def system_clock() -> datetime:
    return datetime.now(UTC)


def current_user() -> str:
    """The OS user name, for the action log when no --who is given."""
    try:
        return getpass.getuser()
    except (OSError, KeyError):
        return "unknown"


SETTING_OVERRIDES = (
    "top_value",
    "ratio",
    "step",
    "rematch_gap",
    "max_meetings",
    "max_colour_difference",
    "max_same_colour_run",
    "start_order",
)
"""Settings a TD may give when creating a tournament (the others: `tournament set` later)."""

BACKED_UP = ("pair", "import")
"""Action kinds that back the file up first (a player list import does too)."""


@dataclass
class _Entry:
    """Adding players: the members by name (the first of a name), and the tournament they
    enter (None: members only) with its rounds played and the members already in it."""

    members: dict[str, MemberRecord]
    record: TournamentRecord | None = None
    rounds: tuple[int, ...] = ()
    entered: dict[int, PlayerId] = field(default_factory=dict)  # member id -> entrant id
    existing: str = "add"  # one added by hand already entered is refused; a list's player:
    # "refuse" (the list), "skip" or "update"


class ClubService:
    """The use cases on one club file, acting as `who` at the time `clock` says; with
    `identity`, on that file only (a server's: `club_settings.file_identity`)."""

    def __init__(self, path: Path, who: str | None = None, clock: Clock = system_clock,
                 identity: Identity | None = None) -> None:
        self.path = path
        self.who = who or current_user()
        self.clock = clock
        self.identity = identity
        self._now = datetime.min.replace(tzinfo=UTC)  # set by each action (`_change`)
        self._club: Club | None = None

    # -- plumbing ------------------------------------------------------------------------

    @classmethod
    def init(cls, path: Path, who: str | None = None, clock: Clock = system_clock) -> ClubService:
        """Create a new, empty club file."""
        service = cls(path, who, clock)
        Club.create(path, service.who, clock()).close()
        return service

    @contextmanager
    def session(self) -> Iterator[ClubService]:
        """Keep the club file open across several calls (the demo, later the web app).

        Each call is still its own transaction; only opening and closing the file is saved.
        """
        with self._connect() as club:
            self._club = club
            try:
                yield self
            finally:
                self._club = None

    def _connect(self) -> Club:
        if not self.path.exists():
            raise StoreError(
                "{path} does not exist (create a club file with: rochade init {path})",
                path=self.path,
            )
        return Club.open(self.path, expect=self.identity)

    @contextmanager
    def _open(self) -> Iterator[Club]:
        if self._club is not None:
            yield self._club
            return
        with self._connect() as club:
            yield club

    @contextmanager
    def _change(
        self, kind: str, description: str, backup: str | None = None
    ) -> Iterator[tuple[Club, Action]]:
        """One action; pairings and imports (`kind` in BACKED_UP, or `backup` naming what the
        change is) first copy the file into its backups folder."""
        if kind in BACKED_UP:
            backup = kind
        self._now = self.clock()  # the action's time, also the date of a round it pairs
        with (
            self._open() as club,
            club.action(kind, description, self.who, self._now, backup) as act,
        ):
            yield club, act

    @contextmanager
    def _reading(self) -> Iterator[Club]:
        with self._open() as club, club.reading():
            yield club

    def _record(self, club: Club, name: str | None) -> TournamentRecord:
        records = club.tournaments()
        if name is not None:
            return pick(records, name, lambda r: r.name, "tournament")
        if len(records) == 1:
            return records[0]
        if not records:
            raise ServiceError("this club file has no tournament yet; create one first")
        return _current(records, club.setting(CURRENT_KEY))

    def _load(self, club: Club, name: str | None) -> tuple[TournamentRecord, Tournament]:
        record = self._record(club, name)
        settings = systems.decode(record.system, record.settings)
        return record, dataclasses.replace(club.load_tournament(record), settings=settings)

    # -- tournaments ---------------------------------------------------------------------

    def create_tournament(
        self, name: str, preset_name: str = "classic", overrides: Mapping[str, object] = {}
    ) -> Tournament:
        """A new Keizer tournament from a preset, with some settings changed: read and checked
        as `tournament set` reads them (a top value given means a fixed ladder)."""
        typed = {key: str(value) for key, value in overrides.items()}
        unknown = typed.keys() - set(SETTING_OVERRIDES)
        if unknown:
            raise ServiceError("unknown setting '{key}'", key=min(unknown))
        if "top_value" in typed:
            typed["ladder"] = Ladder.FIXED.value
        settings, _ = changed_settings(preset(preset_name), typed, 0)
        name = name.strip()
        if not name:
            raise ServiceError("the tournament needs a name")
        limits.check_name(name, limits.TOURNAMENT_NAME)
        with self._change("tournament", "create tournament") as (club, action):
            settings = self._start_list(club, Tournament(name, ()), _keizer(settings, name))
            tid = club.add_tournament(name, KEIZER, systems.encode(settings))
            rules = preset_name
            if settings.start_order is not StartOrder.RATING:
                rules += f", start_order={START_ORDER.text(settings)}"
            action.describe(Message(N_("new tournament ({rules})"), {"rules": rules}),
                            TournamentRecord(tid, name, KEIZER, ""))
        return Tournament(name, (), (), KEIZER, settings)

    def create_system_tournament(
        self, name: str, system: str, options: Mapping[str, object] = {}
    ) -> Tournament:
        """A new round robin or Swiss; `options` as in `systems.new_settings`, and
        `fide_mode` (default on: FIDE's check list wants it on for every new event)."""
        fide_mode = options.get("fide_mode")
        options = {k: v for k, v in options.items() if k != "fide_mode"}
        settings = systems.new_settings(system, options)
        on = fide_mode is None or _on_off(fide_mode)
        if on:
            check_scoring(settings.scoring)
        name = name.strip()
        if not name:
            raise ServiceError("the tournament needs a name")
        limits.check_name(name, limits.TOURNAMENT_NAME)
        with self._change("tournament", "create tournament") as (club, action):
            tid = club.add_tournament(name, system, systems.encode(settings))
            club.set_extra(tid, FIDE, mode_to_json(FideMode(on)))
            rules = system if settings.seed == 0 else f"{system}, seed {settings.seed}"
            action.describe(Message(N_("new tournament ({rules})"), {"rules": rules}),
                            TournamentRecord(tid, name, system, ""))
        return Tournament(name, (), (), system, settings)

    def tournaments(self) -> list[TournamentSummary]:
        with self._reading() as club:
            out = []
            records = club.tournaments()
            current = _current(records, club.setting(CURRENT_KEY)) if records else None
            for record in records:
                t = club.load_tournament(record)
                preset_name = systems.describe(systems.decode(record.system, record.settings))
                out.append(
                    TournamentSummary(
                        record.name, record.system, preset_name, len(t.entrants), len(t.rounds),
                        record == current,
                    )
                )
            return out

    def use_tournament(self, name: str) -> str:
        """Make a tournament the current one: the one that commands without a tournament's
        name act on, until another is used or created. A choice, not a fact: not logged."""
        with self._open() as club:
            records = club.tournaments()
            record = pick(records, name, lambda r: r.name, "tournament")
            club.set_setting(CURRENT_KEY, f"{record.id} {records[-1].id}")
        return record.name

    def tournament_names(self) -> list[str]:
        """The tournaments' names in the club file's order: without loading them (every web
        page finds its tournament by number)."""
        with self._reading() as club:
            return [record.name for record in club.tournaments()]

    def tournament(self, name: str | None = None) -> Tournament:
        """The whole tournament (facts and settings)."""
        with self._reading() as club:
            return self._load(club, name)[1]

    # -- players -------------------------------------------------------------------------

    def add_player(
        self,
        name: str,
        rating: int | None = None,
        fide_id: int | None = None,
        tournament: str | None = None,
    ) -> PlayerAdded:
        """Add a member (or update one with this exact name) and enrol them in the tournament.

        With rounds already paired, the entrant joins late: each earlier round gets a
        `late_start` row. With several tournaments and none named, the player only becomes a
        member.
        """
        with self._change("player", "add player") as (club, action):
            entry = self._entry(club, tournament)
            added = self._add_player(club, _member_name(entry, name.strip()), rating, fide_id,
                                     entry)
            action.describe(*_describe_added(club, added))
        return added

    def import_players(self, data: bytes | str, tournament: str | None = None,
                       existing: str = "refuse") -> list[PlayerAdded]:
        """Add every player of a CSV list (file bytes or text, see `read_player_list`) in one
        action. A listed player who already plays refuses the list, or with `existing`
        "skip" is left as they are, or with "update" gets the list's data (the tournament's
        rating too while no round is paired)."""
        with self._change("player", "import players", "import") as (club, action):
            entry = dataclasses.replace(self._entry(club, tournament), existing=existing)
            lines = read_player_list(data, [(m.name, m.fide_id) for m in club.members()])
            added = [
                self._add_player(club, line.name, line.rating, line.fide_id, entry, line.details)
                for line in lines
            ]
            action.describe(
                Message(N_("import {count} players"),
                        {"count": sum(1 for a in added if not a.already)}),
                _tournament_of(club, added[0].tournament),
            )
        return added

    def preview_players(self, data: bytes | str) -> PlayerList:
        """A CSV list as `import_players` would read it, checked against the club's members,
        nothing saved (the TD looks at it first)."""
        with self._reading() as club:
            members = [(m.name, m.fide_id) for m in club.members()]
        return preview_player_list(data, members)

    def _entry(self, club: Club, tournament: str | None) -> _Entry:
        """What adding players needs, read once per action: an import of thousands of
        players stays linear."""
        members: dict[str, MemberRecord] = {}
        for member in club.members():
            members.setdefault(member.name, member)
        if tournament is None and len(club.tournaments()) != 1:
            return _Entry(members)
        record, t = self._load(club, tournament)
        systems.check_late_entry(t)
        entered = {member: player for player, member in club.entrant_members(record.id).items()}
        return _Entry(members, record, tuple(r.number for r in t.rounds), entered)

    def _add_player(
        self, club: Club, name: str, rating: int | None, fide_id: int | None, entry: _Entry,
        details: fide.PlayerDetails = fide.UNKNOWN,
    ) -> PlayerAdded:
        """A member of this exact name (updated with what is given), or a new one, entered
        into `entry`'s tournament if there is one. `details` (a list's title, federation ...)
        fill the member's; a field the list leaves empty keeps what the member has."""
        name = _new_name(name)
        limits.check_player(name, rating, fide_id)
        member = entry.members.get(name)
        record = entry.record
        if record is not None and member is not None and member.id in entry.entered:
            return _already_entered(club, record, entry, member, rating, fide_id, details)
        if member is None:
            member = MemberRecord(club.add_member(name, rating, fide_id), name, rating, fide_id)
            new = True
        else:
            member, new = _update_member(club, member, rating, fide_id), False
        _fill_details(club, member.id, details)
        entry.members[name] = member
        if record is None:
            return PlayerAdded(name, member.id, new)
        player = club.add_entrant(record.id, member.id, member.rating, Status.PRESENT)
        entry.entered[member.id] = player
        for number in entry.rounds:
            club.add_absence(record.id, number, Absence(player, Reason.LATE_START.value))
        entrant = Entrant(player, name, member.rating, Status.PRESENT, fide_id)
        return PlayerAdded(name, member.id, new, entrant, record.name, len(entry.rounds))

    def rename_player(self, player: str, name: str, tournament: str | None = None) -> Entrant:
        """Correct a player's name (a typo): the member's name, so in every tournament they
        play in. Another member of that name is refused: two players one name cannot tell
        apart (and a player list would match the wrong one). Returns the player as before."""
        name = _new_name(name)
        with self._change("player", "rename a player") as (club, action):
            record, t = self._load(club, tournament)
            entrant = find_entrant(t.entrants, player)
            if name == entrant.name:
                raise ServiceError("{player} has this name already", player=label(entrant))
            _check_free_name(club, name)
            club.rename_member(club.entrant_members(record.id)[entrant.id], name)
            action.describe(
                Message(N_("rename {player} to {name}"), {"player": label(entrant), "name": name}),
                record,
            )
        return entrant

    def set_player(
        self, player: str, typed: Mapping[str, str], tournament: str | None = None
    ) -> tuple[Entrant, str]:
        """Set a player's data by key (`name, rating, fide_id` and `rochade.core.fide.KEYS`;
        an empty value: not known), all checked before anything is saved; one logged action.
        The member's data changes, so in every tournament; the rating also in this one.
        Returns the player (as changed) and the new values as stored (`title=GM, ...`)."""
        unknown = [key for key in typed if key not in PLAYER_KEYS]
        if unknown:
            raise ServiceError("unknown key {key}; the keys are {keys}", key=unknown[0],
                               keys=", ".join(PLAYER_KEYS))
        if not typed:
            raise ServiceError("nothing to set; write KEY=VALUE, e.g. federation=GER")
        with self._change("player", "set player data") as (club, action):
            record, t = self._load(club, tournament)
            entrant = find_entrant(t.entrants, player)
            member_id = club.entrant_members(record.id)[entrant.id]
            member = next(m for m in club.members() if m.id == member_id)
            details = club.member_details(record.id)[entrant.id]
            rating, fide_id = entrant.rating, member.fide_id
            shown: dict[str, object] = {}
            for key, value in typed.items():
                if key == "name":
                    shown[key] = name = _new_name(value)
                    if name != entrant.name:
                        _check_free_name(club, name)
                        club.rename_member(member_id, name)
                elif key in ("rating", "fide_id"):
                    shown[key] = number = _whole(value, key)
                    limits.check_player(entrant.name, number if key == "rating" else None,
                                        number if key == "fide_id" else None)
                    rating, fide_id = (number, fide_id) if key == "rating" else (rating, number)
                else:
                    details = details.changed(key, value)
                    shown[key] = getattr(details, key) if key != "national_id" else (
                        f"{details.national_kind}:{details.national_id}".strip(":"))
            club.update_member(member_id, rating, fide_id)
            club.set_entrant_rating(record.id, entrant.id, rating)
            club.set_member_details(member_id, details)
            changes = ", ".join(f"{key}={'' if v is None else v}" for key, v in shown.items())
            action.describe(Message(N_("data of {player}: {changes}"),
                                    {"player": label(entrant), "changes": changes}), record)
        return dataclasses.replace(entrant, rating=rating, fide_id=fide_id), changes

    def delete_player(self, player: str, tournament: str | None = None) -> Entrant:
        """Remove a player entered by mistake, who has no games (nor the bye, nor a team
        game): a player with games is withdrawn instead, so that the games keep counting.
        Their late-start rows, forbidden pairs and requested byes go too, and the member with
        them unless they play in another tournament. One undoable action."""
        with self._change("player", "delete a player") as (club, action):
            record, t = self._load(club, tournament)
            entrant = find_entrant(t.entrants, player)
            played = games_of(t, entrant.id)
            if played:
                raise ServiceError(
                    "{player} cannot be deleted: {games}; withdraw them instead, so that their "
                    "games keep counting",
                    player=label(entrant),
                    games=played,
                )
            settings = systems.without_player(t, entrant.id)
            if settings != t.settings:
                club.set_settings(record.id, systems.encode(settings))
            member = club.entrant_members(record.id)[entrant.id]
            club.delete_entrant(record.id, entrant.id)
            if not any(member in club.entrant_members(r.id).values() for r in club.tournaments()):
                club.delete_member(member)
            action.describe(Message(N_("delete player {player}"), {"player": label(entrant)}),
                            record)
        return entrant

    def forbid_pair(
        self, first: str, second: str, tournament: str | None = None, forbidden: bool = True,
        confirm: bool = False,
    ) -> tuple[Entrant, Entrant]:
        """Never pair these two (family, club mates ...): a Keizer or Swiss setting; with
        `forbidden` False the two may be paired again. In FIDE mode a pair added once round 1
        is paired needs `confirm`."""
        with self._change("settings", "forbid a pair") as (club, action):
            record, t = self._load(club, tournament)
            a, b = find_entrant(t.entrants, first), find_entrant(t.entrants, second)
            if a.id == b.id:
                raise ServiceError("{player} cannot be kept from playing themself", player=label(a))
            changed = systems.with_forbidden_pair(t, frozenset((a.id, b.id)), forbidden)
            added = [Message(N_("after round {round}: prohibited pair {first} and {second} "
                                "added"),
                             {"round": len(t.rounds), "first": label(a), "second": label(b)})
                     ] if forbidden and t.rounds else []
            events = self._fide_events(club, record, added, confirm)
            club.set_settings(record.id, systems.encode(changed))
            what = N_("never pair {first} and {second}") if forbidden else N_(
                "{first} and {second} may be paired again"
            )
            action.describe(confirmed(Message(what, {"first": label(a), "second": label(b)}),
                                      events), record)
        return a, b

    def request_bye(
        self, player: str, round_number: int, half: bool = True, tournament: str | None = None,
        full: bool = False, confirm: bool = False,
    ) -> Entrant:
        """A Swiss player's bye for a coming round, asked in advance: a half-point bye (within
        the tournament's limits), a zero-point bye, or (`full`) a full-point bye the TD gives
        by hand, which FIDE mode lets through only with `confirm`, as it does a second
        half-point bye (FIDE's check list flags more than one per player)."""
        with self._change("settings", "request a bye") as (club, action):
            record, t = self._load(club, tournament)
            entrant = find_entrant(t.entrants, player)
            changed = systems.with_bye_request(t, entrant, round_number, half, full)
            given = [Message(FULL_BY_HAND, {"round": round_number, "player": label(entrant)})
                     ] if full else []
            if half and not full:
                given += _another_half_point_bye(t, entrant, round_number)
            events = self._fide_events(club, record, given, confirm)
            club.set_settings(record.id, systems.encode(changed))
            what = N_("{player}: full-point bye in round {round}") if full else N_(
                "{player}: half-point bye in round {round}") if half else N_(
                "{player}: zero-point bye in round {round}"
            )
            action.describe(confirmed(Message(what, {"player": label(entrant),
                                                     "round": round_number}), events), record)
        return entrant

    def cancel_bye(self, player: str, round_number: int, tournament: str | None = None) -> Entrant:
        """Withdraw a requested bye: the player is paired in that round after all."""
        with self._change("settings", "cancel a bye") as (club, action):
            record, t = self._load(club, tournament)
            entrant = find_entrant(t.entrants, player)
            changed = systems.without_bye_request(t, entrant, round_number)
            club.set_settings(record.id, systems.encode(changed))
            action.describe(
                Message(N_("{player}: no bye in round {round} after all"),
                        {"player": label(entrant), "round": round_number}),
                record,
            )
        return entrant

    def change_rules(
        self, typed: Mapping[str, object], tournament: str | None = None, save: bool = True,
        confirm: bool = False,
    ) -> SettingsReport:
        """Change settings by key (KEY -> the value as typed: `rochade.service.settings` for
        Keizer, `systems.changed_settings` for a round robin or Swiss) in one logged action.
        Standings are derived, so the rounds played count under the new rules; `save=False`
        changes nothing and reports what would change, who moves in the standings included.

        `fide_mode` (on/off) switches FIDE mode: on only before round 1 and never again
        once left; leaving needs `confirm`, as do (in FIDE mode, after the start) new rounds,
        scoring, bye values or tie-breaks."""
        switch = None if typed.get("fide_mode") is None else _on_off(typed["fide_mode"])
        typed = {k: v for k, v in typed.items() if k != "fide_mode"}
        with self._reading() as club:
            report = self._settings_report(club, typed, tournament)
            if switch == self._mode(club, self._record(club, tournament)).on and (
                    system_of(report.tournament).fide_mode):
                switch = None  # as it is: nothing to switch
        if not save or (not report.changes and switch is None):
            return report
        with self._change("settings", "change settings") as (club, action):
            report = self._settings_report(club, typed, tournament)
            record, before = self._load(club, tournament)
            mode = self._mode(club, record)
            after = report.tournament.settings
            events = settings_events(before.settings, after, len(before.rounds)) if (
                mode.on) else []
            change = report.describe() if report.changes else None
            left: list[Message] = []
            if switch is not None:
                now, switched, left = self._switch(club, record, before, mode, switch)
                change = switched if change is None else joined([change, switched])
            else:
                now = mode
            scoring = system_of(before).scoring(after)
            if now.on and scoring is not None:
                check_scoring(scoring)
            events += left
            require(mode, events, confirm, leaving=bool(left))
            club.set_settings(record.id, systems.encode(after))
            assert change is not None
            action.describe(confirmed(change, events), record)
        return report

    def _switch(self, club: Club, record: TournamentRecord, t: Tournament, mode: FideMode,
                on: bool) -> tuple[FideMode, Message, list[Message]]:
        """FIDE mode switched on (before round 1, never after leaving it) or left for good
        (the event to confirm and log)."""
        if not system_of(t).fide_mode:
            raise ServiceError("FIDE mode is for round robins and Swiss tournaments")
        if on and mode.left_in is not None:
            raise ServiceError("{name} has left FIDE mode; it cannot be switched on again",
                               name=t.name)
        if on and t.rounds:
            raise ServiceError("round 1 of {name} is paired without FIDE mode; it can no "
                               "longer be switched on", name=t.name)
        now = FideMode(True) if on else FideMode(False, len(t.rounds))
        club.set_extra(record.id, FIDE, mode_to_json(now))
        if on:
            return now, Message(N_("FIDE mode on")), []
        assert now.marker is not None
        return now, Message(N_("FIDE mode off")), [now.marker]

    def _mode(self, club: Club, record: TournamentRecord) -> FideMode:
        return mode_from_json(club.extras(record.id).get(FIDE))

    def _fide_events(self, club: Club, record: TournamentRecord, events: Sequence[Message],
                     confirm: bool) -> Sequence[Message]:
        """The events to log with the change: refused unless confirmed, in FIDE mode; none
        outside it (nothing to report)."""
        mode = self._mode(club, record)
        if not mode.on:
            return ()
        require(mode, events, confirm)
        return events

    def fide_mode(self, tournament: str | None = None) -> FideMode:
        """Whether the tournament is in FIDE mode, or when it left it."""
        with self._reading() as club:
            return self._mode(club, self._record(club, tournament))

    def fide_comments(self, tournament: str | None = None) -> list[str]:
        """The `###` lines of the TRF file: each change confirmed in FIDE mode, from the log."""
        with self._reading() as club:
            record = self._record(club, tournament)
            return trf_comments(events_of(club.actions(), record.id))

    def _settings_report(
        self, club: Club, typed: Mapping[str, object], tournament: str | None
    ) -> SettingsReport:
        _, before = self._load(club, tournament)
        keizer = KEIZER_SYSTEM.own(before.settings)
        settings: object
        if keizer is not None:
            texts = {key: str(value) for key, value in typed.items() if value is not None}
            changed, changes = changed_settings(keizer, texts, len(before.rounds))
            settings = self._start_list(club, before, _keizer(changed, before.name))
            changes = tuple(
                dataclasses.replace(c, new=START_ORDER.text(settings))
                if c.setting is START_ORDER else c
                for c in changes
            )
        else:
            settings = systems.changed_settings(before, typed)
            changes = system_changes(before.settings, settings)
        after = dataclasses.replace(before, settings=settings)
        moved = _standing_changes(before, after) if before.rounds else ()
        return SettingsReport(after, changes, moved)

    def _start_list(self, club: Club, t: Tournament, s: KeizerSettings) -> KeizerSettings:
        """The start list the chosen start order needs: a fresh draw by lot (an unguessable
        seed, kept in the settings and the log, replays it; with nobody enrolled yet, the
        draw waits for round 1's pairing), the other tournament's final standings, or the
        current order to edit by hand."""
        if s.start_order is StartOrder.RANDOM and s.start_seed is None:
            return systems.draw_start(t, s) if t.entrants else dataclasses.replace(s, start_list=())
        old = KEIZER_SYSTEM.own(t.settings)
        same = old is not None and (old.start_order, old.start_from) == (
            s.start_order, s.start_from
        )
        if s.start_order is StartOrder.STANDINGS and not same:
            if s.start_from == t.name:
                raise ServiceError(
                    "the start order cannot come from {name} itself", name=t.name
                )
            _, other = self._load(club, s.start_from)
            if not system_of(other).fide_tiebreaks:
                order = [row.entrant for row in tournament_standings(other).ranked()]
            else:
                order = [line.entrant for line in system_standings(other).lines]
            return dataclasses.replace(s, start_list=tuple(e.name for e in order))
        if s.start_order is StartOrder.MANUAL and not same:
            return dataclasses.replace(s, start_list=tuple(e.name for e in t.start_order()))
        return s

    def set_start_order(self, names: Sequence[str], tournament: str | None = None) -> Tournament:
        """A start order by hand: the players named (as `player` commands find them) in this
        order, the others after them as they stand now. Only before round 1 is paired."""
        with self._change("settings", "start order") as (club, action):
            record, t = self._load(club, tournament)
            keizer = _settings(t)
            if t.rounds:
                raise ServiceError(
                    "{setting} cannot change once round 1 is paired: the rounds played were "
                    "paired with it",
                    setting=Message(START_ORDER.label),
                )
            listed = [find_entrant(t.entrants, typed) for typed in names]
            if not listed:
                raise ServiceError("name the players in their start order")
            twice = [e for i, e in enumerate(listed) if e in listed[:i]]
            if twice:
                raise ServiceError("{player} is named twice", player=label(twice[0]))
            rest = [e for e in t.start_order() if e not in listed]
            order = tuple(e.name for e in [*listed, *rest])
            settings = dataclasses.replace(
                keizer, start_order=StartOrder.MANUAL, start_list=order, start_seed=None,
                start_from="",
            )
            club.set_settings(record.id, systems.encode(settings))
            action.describe(
                Message(N_("start order by hand: {players}"), {"players": ", ".join(order)}),
                record,
            )
            return dataclasses.replace(t, settings=settings)

    def set_status(self, player: str, status: Status, tournament: str | None = None,
                   confirm: bool = False) -> Entrant:
        """Set a player's attendance for the next round (sticky until changed).

        A withdrawn player who comes back gets a `late_start` row for each round they missed.
        In a Swiss an excused absence is a half-point bye: in FIDE mode a second one needs
        `confirm`, as a requested one does.
        """
        with self._change("status", "set status") as (club, action):
            record, t = self._load(club, tournament)
            entrant = find_entrant(t.entrants, player)
            systems.check_status(t, entrant, status)
            events = self._fide_events(club, record, _another_half_point_bye(
                t, entrant, len(t.rounds) + 1) if status != entrant.status and (
                systems.gives_half_point_bye(t, status)) else [], confirm)
            club.set_status(record.id, entrant.id, status)
            values = {"player": label(entrant), "old": _status_word(entrant.status),
                      "new": _status_word(status)}
            what = N_("{player}: {old} -> {new}")
            if entrant.withdrawn and status is not Status.WITHDRAWN:
                missed = [r.number for r in t.rounds if entrant.id not in r.row_players()]
                for number in missed:
                    club.add_absence(record.id, number, Absence(entrant.id, "late_start"))
                if missed:
                    what = N_(
                        "{player}: {old} -> {new} (missed rounds {rounds} count as late start)"
                    )
                    values["rounds"] = _span(missed)
            action.describe(confirmed(Message(what, values), events), record)
        return dataclasses.replace(entrant, status=status)

    def set_rating(
        self, player: PlayerId, rating: int | None, tournament: str | None = None
    ) -> Entrant:
        """Correct an entrant's rating, and the member list's with it (a typo at entry, or the
        new rating list for one player)."""
        with self._change("player", "set rating") as (club, action):
            record, t = self._load(club, tournament)
            entrant = t.entrant(player)
            limits.check_player(entrant.name, rating, None)
            what = Message(N_("rating of {player}: {old} -> {new}"), {
                "player": label(entrant),
                "old": Message(N_("none")) if entrant.rating is None else entrant.rating,
                "new": Message(N_("none")) if rating is None else rating,
            })
            action.describe(what, record)
            member_id = club.entrant_members(record.id)[player]
            club.set_entrant_rating(record.id, player, rating)
            member = next(m for m in club.members() if m.id == member_id)
            club.update_member(member.id, rating, member.fide_id)
        return dataclasses.replace(entrant, rating=rating)

    def find_player(self, player: str, tournament: str | None = None) -> Entrant:
        return find_entrant(self.tournament(tournament).entrants, player)

    # -- pairing -------------------------------------------------------------------------

    def pair(self, tournament: str | None = None) -> PairingReport:
        """Pair the next round with the system's engine and store it with its explanation."""
        with self._change("pair", "pair") as (club, action):
            record, t = self._load(club, tournament)
            number = _next_round(t)
            pairing, changed = systems.pair(t, number, lambda: {
                player: d.federation or d.club
                for player, d in club.member_details(record.id).items()})
            if changed is not None:
                club.set_settings(record.id, systems.encode(changed))
                t = dataclasses.replace(t, settings=changed)
            report = self._store_round(club, record, t, number, pairing, "auto")
            action.describe(_describe_round(report.round, N_("automatic")), record)
        return report

    def pair_manual(
        self,
        boards: str,
        bye: str | None = None,
        confirm: bool = False,
        tournament: str | None = None,
        replace: bool = False,
    ) -> PairingReport:
        """Pair the next round as the TD typed it ("1-9 4-7": white-black by player id).

        The checker's errors refuse; its warnings refuse too unless `confirm`, and are then
        kept in the round's explanation. `replace` re-pairs the last round instead, as long
        as none of its results is in.
        """
        with self._change("pair", "pair by hand") as (club, action):
            record, t = self._load(club, tournament)
            if replace:
                t = _without_last_round(club, record, t)
            number = _next_round(t)
            bye_id = find_entrant(t.entrants, bye).id if bye else None
            checked = _check_by_hand(t, number, _parse_boards(boards), bye_id)
            if checked.errors:
                raise ServiceError(joined([f.msg for f in checked.errors], " "))  # sentences
            assert checked.pairing is not None
            event = (by_hand_event(t, number, checked.pairing) if self._mode(club, record).on
                     else None)
            events: Sequence[Message] = [event] if event else ()
            if (checked.warnings or events) and not confirm:
                raise NeedsConfirmation(checked.warnings,
                                        [NeedsFideConfirmation(events).msg] if events else ())
            notes = (
                Said("Paired by hand."),
                *(Said("Accepted: {warning}", warning=w.msg) for w in checked.warnings),
            )
            pairing = dataclasses.replace(checked.pairing, explanation=notes)
            numbers = systems.numbered(t)
            if numbers is not None:
                club.set_settings(record.id, systems.encode(numbers))
                t = dataclasses.replace(t, settings=numbers)
            report = self._store_round(club, record, t, number, pairing, "manual")
            action.describe(confirmed(_describe_round(report.round, N_("by hand")), events),
                            record)
        return report

    def check_by_hand(
        self,
        boards: Sequence[tuple[PlayerId, PlayerId]],
        bye: PlayerId | None = None,
        tournament: str | None = None,
    ) -> CheckedPairing:
        """What the checker says about a pairing by hand of the next round, while the TD
        builds it (nothing is stored; `pair_manual` stores it)."""
        t = self.tournament(tournament)
        return _check_by_hand(t, _next_round(t), boards, bye)

    def _store_round(
        self,
        club: Club,
        record: TournamentRecord,
        t: Tournament,
        number: int,
        pairing: Pairing,
        paired_by: str,
    ) -> PairingReport:
        """Add the round: boards, the bye, and an absence row for everyone else not withdrawn."""
        playing = set(pairing.players())
        games = systems.with_forfeits(
            t, tuple(Game(b.white, b.black, None, i) for i, b in enumerate(pairing.boards, 1))
        )
        absences = []
        for entrant in t.entrants:
            if entrant.withdrawn or entrant.id in playing:
                continue
            reason = systems.absence_reason(t, number, entrant)
            if reason is None:  # present but left out: the engine or the checker failed us
                raise ServiceError("{player} is present but has no board", player=label(entrant))
            absences.append(Absence(entrant.id, reason))
        rnd = Round(number, games, tuple(absences), pairing.bye)
        after = dataclasses.replace(t, rounds=(*t.rounds, rnd))
        after.validate()
        for entrant in t.entrants:
            if entrant.status is Status.PREREGISTERED and entrant.id in playing:
                club.set_status(record.id, entrant.id, Status.PRESENT)
        day = self._now.astimezone().date().isoformat()  # the club's evening, local time
        club.add_round(record.id, rnd, RoundNotes(pairing.explanation, paired_by, day))
        return PairingReport(after, rnd, pairing.explanation)

    def pairing_list(self, round_number: int, tournament: str | None = None) -> PairingList:
        """What a pairing list shows: the round, its evening's date and each player's points
        before it (the CLI, the exports and the web pages print the same)."""
        with self._reading() as club:
            record, t = self._load(club, tournament)
            if not 1 <= round_number <= len(t.rounds):
                raise ServiceError("there is no round {number} (the tournament has {count})",
                                   number=round_number, count=len(t.rounds))
            day = club.round_dates(record.id)[round_number - 1]
        return PairingList(t, t.rounds[round_number - 1], day, points_before(t, round_number))

    def round_notes(self, round_number: int, tournament: str | None = None) -> RoundNotes:
        """How round `round_number` was paired and the engine's explanation."""
        with self._reading() as club:
            record = self._record(club, tournament)
            return club.round_notes(record.id, round_number)

    def set_round_date(self, round_number: int, day: str, tournament: str | None = None) -> str:
        """Correct the date of a club evening (a round gets the day it is paired)."""
        try:
            iso = date.fromisoformat(day.strip()).isoformat()
        except ValueError:
            raise ServiceError(
                "'{date}' is not a date; write it like 2026-12-01", date=day
            ) from None
        with self._change("round", "round date") as (club, action):
            record, t = self._load(club, tournament)
            _round(t, round_number)
            club.set_round_date(record.id, round_number, iso)
            action.describe(
                Message(N_("round {round} on {date}"),
                        {"round": round_number, "date": date.fromisoformat(iso)}),
                record,
            )
        return iso

    def pairing_reasons(self, player: str, round_number: int,
                        tournament: str | None = None) -> tuple[str, ...]:
        """Why a player of a Swiss got their opponent, float, bye and colour in a round."""
        with self._reading() as club:
            _, t = self._load(club, tournament)
        return systems.pairing_reasons(t, round_number, find_entrant(t.entrants, player).id)

    # -- results -------------------------------------------------------------------------

    def enter_result(
        self,
        round_number: int,
        board: int,
        result: str,
        tournament: str | None = None,
        expected: str | None = None,
    ) -> ResultReport:
        """Enter or correct a result; a correction reports who moved in the standings.

        `expected`: the result the TD saw on the board ("" for none). If the board holds
        another one by the time this change has the write lock (another device, the CLI, an
        undo, or this very post sent twice), nothing is saved: `ResultConflict`. None: no
        check (the CLI without --expect)."""
        parsed = Result.parse(result)
        seen = Result.parse(expected) if expected else None
        with self._change("result", "result") as (club, action):
            record, t = self._load(club, tournament)
            rnd = _round(t, round_number)
            game = next((g for g in rnd.games if g.board == board), None)
            if game is None:
                template = (
                    N_("round {round} has no board {board} (it has boards 1-{count})")
                    if rnd.games
                    else N_("round {round} has no board {board} (it has no boards)")
                )
                raise ServiceError(template, round=round_number, board=board, count=len(rnd.games))
            if expected is not None and game.result is not seen:
                raise ResultConflict(round_number, board, game.result, seen, parsed)
            club.set_result(record.id, round_number, board, parsed)
            new_game = dataclasses.replace(game, result=parsed)
            games = tuple(new_game if g.board == board else g for g in rnd.games)
            after = _with_round(t, dataclasses.replace(rnd, games=games))
            changes: tuple[StandingChange, ...] = ()
            if game.result is not None or round_number < len(t.rounds):
                changes = _standing_changes(t, after)
            what = (
                N_("result round {round} board {board}: {white} - {black} {result}")
                if game.result is None
                else N_("correct round {round} board {board}: {white} - {black} {result}")
                if game.result is parsed
                else N_(
                    "correct round {round} board {board}: {white} - {black} {result} (was {was})"
                )
            )
            values = {"round": round_number, "board": board, "white": t.entrant(game.white).name,
                      "black": t.entrant(game.black).name, "result": str(parsed),
                      "was": str(game.result)}
            action.describe(Message(what, values), record)
        paired_on = None
        if round_number < len(t.rounds) and game.result is not parsed:
            paired_on = Message(N_("Round {round} was paired with this result; pairings are "
                                   "not changed."), {"round": round_number + 1})
        return ResultReport(after, round_number, new_game, game.result, changes, paired_on)

    def add_external(
        self,
        round_number: int,
        player: str,
        team: int,
        board: int,
        score: str,
        extra: bool = False,
        tournament: str | None = None,
    ) -> Tournament:
        """Count a game played for a club team, at the value of its team and board.

        Normally it replaces the player's absence row of that evening (a club-night team
        match); `extra` adds it on top of whatever the player did that evening.
        """
        points = _external_score(score)
        with self._change("external", "external game") as (club, action):
            record, t = self._load(club, tournament)
            rnd = _round(t, round_number)
            entrant = find_entrant(t.entrants, player)
            s = _settings(t)
            if not s.has_team(team):
                teams = ", ".join(map(str, sorted(s.team_values.keys() | s.team_shares.keys())))
                raise ServiceError(
                    "team {team} has no board values in the settings ({teams})",
                    team=team,
                    teams=teams or Message("none"),
                )
            absences = rnd.absences
            what = N_("round {round}: {player} scored {score} for team {team} on board {board}")
            values: dict[str, object] = {"round": round_number, "player": label(entrant),
                                         "score": score.strip(), "team": team, "board": board}
            if not extra:
                absence = next((a for a in rnd.absences if a.player == entrant.id), None)
                if absence is None:
                    raise ServiceError(
                        "{player} already has a game or the bye in round {round}; an external"
                        " game can replace only an absence (or count as extra)",
                        player=label(entrant),
                        round=round_number,
                    )
                club.delete_absence(record.id, round_number, entrant.id)
                absences = tuple(a for a in rnd.absences if a is not absence)
                what = N_(
                    "round {round}: {player} scored {score} for team {team} on board {board},"
                    " instead of {reason}"
                )
                values["reason"] = _reason_word(absence.reason)
            ext = ExternalGame(entrant.id, team, board, points, not extra)
            club.add_external(record.id, round_number, ext)
            after = _with_round(
                t, dataclasses.replace(rnd, absences=absences, externals=(*rnd.externals, ext))
            )
            after.validate()
            action.describe(Message(what, values), record)
        return after

    def update_ratings(
        self, listed: Iterable[RatedPlayer], tournament: str | None = None, apply: bool = False,
        take_list: bool = False,
    ) -> RatingReport:
        """Match a rating list with the members (or one tournament's players); with `apply`,
        write what differs in one backed-up, undoable action (see `plan_ratings`; with
        `take_list` the list's title, sex, federation, birth and K replace the club's).

        The list is read before the club file is locked; should the members change meanwhile,
        nothing is written.
        """
        with self._reading() as club:
            record = None if tournament is None else self._record(club, tournament)
            where = None if record is None else record.id
            roster = rating_roster(club, where)
        report = plan_ratings(roster, listed, take_list)
        if not apply or not report.match.updates:
            return report
        with self._change("ratings", "update ratings", "ratings") as (club, action):
            if rating_roster(club, where) != roster:
                raise ServiceError("the club file changed while the list was read; run again")
            action.describe(apply_ratings(club, report), record)
        return dataclasses.replace(report, applied=True)

    # -- log and undo --------------------------------------------------------------------

    def log(self) -> list[ActionRecord]:
        with self._reading() as club:
            return club.actions()

    def undo(
        self, steps: int = 1, tournament: str | None = None, action: int | None = None,
        backup: bool = False,
    ) -> list[ActionRecord]:
        """Revert the last `steps` actions (newest first) of the whole file, or of one
        tournament only; the undo itself is logged. `action`: the id of the change the TD saw
        as the last one; if another is the last one by now, nothing is undone. `backup`: copy
        the file into its backups folder first (an undo the TD confirmed, `undo_plan`)."""
        with self._open() as club:
            record = None if tournament is None else self._record(club, tournament)
            final = next((a for a in club.undoable(steps, record) if leaves(a)), None)
            if final is not None:
                raise ServiceError("change #{id} left FIDE mode, which is for good: it cannot "
                                   "be undone", id=final.id)
            name = None if record is None else record.name
            return club.undo(steps, self.who, self.clock(), name, action, backup)

    def undo_plan(self, steps: int = 1, tournament: str | None = None) -> UndoPlan:
        """What `undo` would take back now, and whether the TD should confirm it first."""
        with self._reading() as club:
            record = None if tournament is None else self._record(club, tournament)
            actions = club.undoable(steps, record)
            removing = {table for a in actions for table in club.removes(a.id)}
            return UndoPlan(tuple(actions), tuple(t for t in REMOVING if t in removing))

    def undo_target(self, tournament: str | None = None) -> ActionRecord | None:
        """What undo would take back now (of the whole file, or of one tournament)."""
        with self._reading() as club:
            record = None if tournament is None else self._record(club, tournament)
            found = club.undoable(1, record)
            return found[0] if found else None

    def redo(self, tournament: str | None = None, action: int | None = None) -> list[ActionRecord]:
        """Bring back what the last undo (of the whole file, or of one tournament) took, while
        nothing newer happened; returns the changes back in force, newest first. `action`: the
        id of the undo the TD saw; if another is the last undo by now, nothing is redone."""
        with self._open() as club:
            name = None if tournament is None else self._record(club, tournament).name
            return club.redo(self.who, self.clock(), name, action)

    def redo_target(self, tournament: str | None = None) -> ActionRecord | None:
        """The undo that redo would take back now (None: none, or a newer change came)."""
        with self._reading() as club:
            record = None if tournament is None else self._record(club, tournament)
            undo, newer = club.redo_target(record)
            return undo if newer is None else None

    def setting(self, key: str) -> str | None:
        """A club-file setting (`club_settings`) read on this service's connection: for a
        reader that keeps one open (the web app checks the logged-out sessions per request)."""
        with self._open() as club:
            return club.setting(key)

    def state_mark(self) -> str:
        """The mark of the club file's state: new with every change (an undo and a restore
        too), so a reader can tell cheaply whether anything changed since it last looked."""
        with self._open() as club:
            return club.state_mark()

    # -- standings and files -------------------------------------------------------------

    def standings(self, tournament: str | None = None, after_round: int | None = None) -> Standings:
        t = self.tournament(tournament)
        return tournament_standings(t, after_round)

    def system_standings(
        self, tournament: str | None = None, after_round: int | None = None
    ) -> SystemStandings:
        """Round-robin or Swiss standings with the tournament's tie-breaks."""
        return standings_with_tiebreaks(self.tournament(tournament), after_round)

    def history(self, tournament: str | None = None) -> list[Standings]:
        """Standings after each round (for progress tables)."""
        return tournament_history(self.tournament(tournament))

    def export_json(self, tournament: str | None = None) -> str:
        """The tournament as a rochade JSON file; with its categories, the day ages count on
        and the players' sex and birth date when it has categories (format 2)."""
        with self._reading() as club:
            record, t = self._load(club, tournament)
            extras = club.extras(record.id)
            setup = setup_from_json(extras.get(CATEGORIES))
            if not setup.categories:
                return format_tournament(t)
            return format_tournament(t, FileCategories(
                setup.categories, setup.one_prize, _ages_on(club, record.id, extras),
                club.member_details(record.id)))

    def import_json(self, text: str, fide_mode: bool = False, name: str | None = None
                    ) -> Tournament:
        """Add a tournament from a rochade JSON file (under `name`, else the file's); players
        become (or match) members. Its categories come along, the day ages count on as the
        event's start date, the players' sex and birth date where their members have none."""
        t, file = parse_tournament_file(text)
        if name is not None:
            t = dataclasses.replace(t, name=_new_name(name))
        if file is None:
            return self.import_tournament(t, fide_mode=fide_mode)
        extras = {CATEGORIES: setup_to_json(CategorySetup(file.categories, file.one_prize))}
        if file.ages_on:
            extras[EVENT] = event_to_json(EventData(start_date=file.ages_on))
        return self.import_tournament(t, extras, file.details, fide_mode=fide_mode)

    def import_tournament(self, t: Tournament, extras: Mapping[str, str] = {},
                          details: Mapping[PlayerId, PlayerDetails] = {},
                          fide_mode: bool = False) -> Tournament:
        """Add a checked tournament (players become or match members) in one action, with
        what its file said beyond the facts (`extras`: kind -> JSON text, e.g. a TRF's) and
        the players' `details` (filling what a matched member's lack).

        With `fide_mode` it goes on in FIDE mode: its played rounds are re-checked first
        (`fidemode.recheck`); a problem refuses the import, and the warnings are logged with
        it, so the TRF file and the rating report carry them as `###` lines."""
        t = admitted(t)
        found = recheck(t) if fide_mode else Findings((), ())
        if found.problems:
            raise ServiceError(
                "FIDE mode cannot take over {name}: {problems}; import it without FIDE mode, "
                "or correct the file", name=t.name, problems=joined(found.problems))
        with self._change("import", "import tournament") as (club, action):
            if any(record.name == t.name for record in club.tournaments()):
                raise NameTaken("this club file already has a tournament named '{name}'",
                                name=t.name)
            tid = club.add_tournament(t.name, t.system, systems.encode(t.settings))
            imported = [Message(IMPORTED, {"finding": w}) for w in found.warnings]
            action.describe(confirmed(Message(N_("import tournament {name}"),
                                              {"name": t.name}), imported),
                            TournamentRecord(tid, t.name, t.system, ""))
            if fide_mode:
                club.set_extra(tid, FIDE, mode_to_json(FideMode(True)))
            members = {(m.name, m.fide_id): m.id for m in club.members()}
            for e in t.entrants:
                member = members.get((e.name, e.fide_id))
                if member is None:
                    member = club.add_member(e.name, e.rating, e.fide_id)
                    members[(e.name, e.fide_id)] = member
                club.add_entrant(tid, member, e.rating, e.status, e.id)
                if e.id in details:
                    club.set_member_details(
                        member, club.details_of_member(member).over(details[e.id]))
            for rnd in t.rounds:
                club.add_round(
                    tid, rnd, RoundNotes(("Imported from a tournament file.",), "import")
                )
            for kind, data in extras.items():
                club.set_extra(tid, kind, data)
        return t

    def event_data(self, tournament: str | None = None) -> EventData:
        """The tournament's data for rating reports (city, dates, arbiters ...)."""
        with self._reading() as club:
            record = self._record(club, tournament)
            return event_from_json(club.extras(record.id).get(EVENT))

    def letterhead(self, tournament: str | None = None) -> Letterhead:
        """The club and the rounds' dates, for the top of a printed list's every page."""
        with self._reading() as club:
            record = self._record(club, tournament)
            organizer = event_from_json(club.extras(record.id).get(EVENT)).organizer
            club_name = organizer or club.setting(CLUB_NAME) or self.path.stem
            return Letterhead(club_name, club.round_dates(record.id))

    def set_event(self, typed: Mapping[str, str], tournament: str | None = None) -> EventData:
        """Set the tournament's data for rating reports by key (`fide.EVENT_KEYS`; empty: not
        known), all checked before anything is saved; one logged action."""
        return self._set_keyed(EVENT, fide.EVENT_KEYS, typed, tournament, event_from_json,
                               event_to_json, "set event data", N_("event data: {changes}"))

    def categories(self, tournament: str | None = None) -> CategoryData:
        """The tournament, its categories, its players' details and its start date, read at
        once (`category_data`)."""
        return category_data(self.rating_data(tournament),
                             lambda: self.clock().date().isoformat())

    def set_categories(
        self, typed: Mapping[str, str], tournament: str | None = None
    ) -> CategorySetup:
        """Set the tournament's categories and the one-prize rule by key (`categories.KEYS`),
        all checked before anything is saved; one logged action."""
        return self._set_keyed(CATEGORIES, CATEGORY_KEYS, typed, tournament, setup_from_json,
                               setup_to_json, "set categories", N_("categories: {changes}"))

    def _set_keyed(
        self, kind: str, keys: Sequence[str], typed: Mapping[str, str], tournament: str | None,
        read: Callable[[str | None], _K], write: Callable[[_K], str], label: str, logged: str,
    ) -> _K:
        """Change a tournament's data kept as JSON of `kind` by key: every value checked (by
        its `changed`) before anything is saved; one logged action naming what changed."""
        unknown = [key for key in typed if key not in keys]
        if unknown:
            raise ServiceError("unknown key {key}; the keys are {keys}", key=unknown[0],
                               keys=", ".join(keys))
        with self._change("settings", label) as (club, action):
            record = self._record(club, tournament)
            data = read(club.extras(record.id).get(kind))
            for key, value in typed.items():
                data = data.changed(key, value)
            club.set_extra(record.id, kind, write(data))
            changes = ", ".join(f"{key}={data.text(key)}" for key in typed)
            action.describe(Message(logged, {"changes": changes}), record)
        return data

    def rating_data(self, tournament: str | None = None) -> RatingData:
        """What a rating report is made of, read at once."""
        with self._reading() as club:
            record, t = self._load(club, tournament)
            extras = club.extras(record.id)
            paired_on = club.round_dates(record.id)
            event = event_from_json(extras.get(EVENT)).dated(paired_on)
            return RatingData(t, extras, event, club.member_details(record.id), paired_on)

    def rating_changes(self, tournament: str | None = None, after_round: int | None = None
                       ) -> dict[PlayerId, RatingChange]:
        """Each player's FIDE rating change and performance after a round (None: the last)."""
        return rating_changes_of(self.rating_data(tournament), after_round)

    def tournament_extras(self, name: str | None = None) -> tuple[Tournament, dict[str, str]]:
        """The tournament and what its imported file said beyond the facts (kind -> JSON)."""
        with self._reading() as club:
            record, t = self._load(club, name)
            return t, club.extras(record.id)


def admitted(t: Tournament) -> Tournament:
    """A tournament from a file (JSON, TRF, KfC) as the club file may keep it, or a refusal:
    its names trimmed and checked as typed names are, every player's number, rating and FIDE
    id within their limits, no two players of one name, every played round as the pairing
    checker accepts a round by hand, and a round robin's start numbers naming every player.
    What is admitted so can be shown on every page and written to every file."""
    name = t.name.strip()
    limits.check_name(name, limits.TOURNAMENT_NAME)
    entrants = []
    seen: set[str] = set()
    for e in t.entrants:
        player = e.name.strip()
        limits.PLAYERS.check(e.id, Message("the number of {name}", {"name": player}))
        limits.check_name(player, limits.PLAYER_NAME)
        limits.check_player(player, e.rating, e.fide_id)
        if player in seen:
            raise ServiceError(
                "the file has two players named {name}; two players of one name cannot be "
                "told apart (add a letter to one of them in the file, e.g. a second initial)",
                name=player)
        seen.add(player)
        entrants.append(dataclasses.replace(e, name=player))
    t = dataclasses.replace(t, name=name, entrants=tuple(entrants))
    t.validate()
    for rnd in t.rounds:
        boards = [(g.white, g.black) for g in rnd.games]
        seated = [p for pair in boards for p in pair] + ([rnd.bye] if rnd.bye else [])
        errors = check_boards(boards, rnd.bye, tournament=t, round_number=rnd.number,
                              present=seated, rules=systems.rules(t, rnd.number)).errors
        if errors:
            raise ServiceError(ROUND_SAYS, round=rnd.number,
                               finding=joined([f.msg for f in errors]))
    system = system_of(t)
    numbers = system.numbers(t.settings) if system.fixed_schedule else ()
    ids = {e.id for e in t.entrants}
    if numbers and set(numbers) != ids:
        missing = sorted(ids - set(numbers))
        raise ServiceError(
            "the round robin's start numbers (settings.numbers) name {count} of its {players} "
            "players; every player needs one (no number: {name})", count=len(numbers),
            players=len(ids), name=t.entrant(missing[0]).name if missing else "-")
    return t


def tournament_standings(t: Tournament, after_round: int | None = None) -> Standings:
    """Standings of a tournament (from a club file or a JSON file) after a round."""
    _check_round(t, after_round)
    return compute_standings(t, _settings(t), after_round)


def _check_round(t: Tournament, after_round: int | None) -> None:
    """Refuse a round the tournament does not have (None: the last)."""
    if after_round is not None and not 0 <= after_round <= len(t.rounds):
        raise ServiceError(
            "there is no round {number} (the tournament has {count})",
            number=after_round,
            count=len(t.rounds),
        )


def standings_with_tiebreaks(t: Tournament, after_round: int | None = None) -> SystemStandings:
    """Standings of a round robin or Swiss (from a club file or a JSON file) after a round."""
    _check_round(t, after_round)
    if not system_of(t).fide_tiebreaks:
        raise ServiceError(
            "{name} is a Keizer tournament; its standings are Keizer values", name=t.name
        )
    return system_standings(t, after_round)


def category_data(data: RatingData, today: Callable[[], str]) -> CategoryData:
    """What the category lists are made of, from the tournament's rating data (the web's
    pages of one version read that once for both): its categories, its players' details and
    its start date (the event's start date, else the day round 1 was paired, else `today()`)."""
    return CategoryData(data.tournament, setup_from_json(data.extras.get(CATEGORIES)),
                        data.details, _first_day(data.event.start_date, data.paired_on)
                        or today())


def rating_changes_of(data: RatingData, after_round: int | None = None
                      ) -> dict[PlayerId, RatingChange]:
    """Each player's FIDE rating change and performance after a round (None: the last), K
    from the member's data and the event's year (`rochade.core.rating_change`)."""
    _check_round(data.tournament, after_round)
    return rating_changes(data.tournament, data.details, event_year(data.event),
                          after_round, is_fast(data.event.time_control_code))


def standings_list(t: Tournament, after_round: int | None = None) -> Table:
    """The overall standings of any system as a list (a category's list keeps its rows)."""
    if not system_of(t).fide_tiebreaks:
        return standings_table(tournament_standings(t, after_round), t)
    return fide_standings_table(standings_with_tiebreaks(t, after_round), t.name)


def points_before(t: Tournament, round_number: int) -> dict[PlayerId, Fraction]:
    """Each player's points before round `round_number`, as the pairing lists print them beside
    the names: the Keizer total, or a Swiss's or round robin's game points."""
    if not system_of(t).fide_tiebreaks:
        standings = tournament_standings(t, round_number - 1)
        return {row.entrant.id: row.total for row in standings.rows}
    table, numbers = counted_crosstable(t, round_number - 1)  # the points only: no tie-breaks
    return {numbers[n - 1]: score for n, score in table.score.items()}


def tournament_history(t: Tournament) -> list[Standings]:
    """Standings after each round, without breakdowns (for the progress table)."""
    return standings_history(t, _settings(t), with_breakdown=False)


def _ages_on(club: Club, tournament_id: int, extras: Mapping[str, str]) -> str:
    """The day the categories' ages count on: the event's start date, else the day round 1
    was paired ("": neither known, today's then)."""
    return _first_day(event_from_json(extras.get(EVENT)).start_date,
                      club.round_dates(tournament_id))


def _first_day(start_date: str, paired_on: Sequence[str | None]) -> str:
    """The event's start date, else the day round 1 was paired ("": neither known)."""
    return start_date or next(iter(paired_on), None) or ""


UTF8_NEEDED = N_("{path} is not UTF-8 text, as a rochade file is; save it as UTF-8 (or export "
                 "it from rochade again) and try again")


def read_tournament_file(path: Path) -> Tournament:
    """A tournament from a rochade JSON file (no club file needed), admitted as an import
    is (`admitted`): the lists and pages made of it cannot fail."""
    try:
        text = read_file(path).decode("utf-8")
    except UnicodeDecodeError:
        raise ServiceError(UTF8_NEEDED, path=path) from None
    return admitted(parse_tournament(text))


# -- helpers -----------------------------------------------------------------------------


def _settings(t: Tournament) -> KeizerSettings:
    return _keizer(t.settings, t.name)


def _keizer(settings: object, name: str) -> KeizerSettings:
    """Keizer settings, for the use cases only Keizer has (presets, start orders)."""
    keizer = KEIZER_SYSTEM.own(settings)
    if keizer is None:
        raise ServiceError("{name} is not a Keizer tournament", name=name)
    return keizer


def _on_off(value: object) -> bool:
    """FIDE mode as typed: on/off, yes/no, true/false, 1/0."""
    text = str(value).strip().lower()
    if text in ("on", "yes", "true", "1"):
        return True
    if text in ("off", "no", "false", "0"):
        return False
    raise ServiceError("fide_mode is on or off, not '{value}'", value=text[:20])


def _next_round(t: Tournament) -> int:
    """The number of the round to pair; the previous one must be complete."""
    if t.rounds and not t.rounds[-1].complete:
        last = t.rounds[-1]
        missing = [str(g.board) for g in last.games if g.result is None]
        template = (
            N_("round {round} is not complete: boards {boards} have no result yet")
            if len(missing) > 1
            else N_("round {round} is not complete: board {boards} has no result yet")
        )
        raise ServiceError(template, round=last.number, boards=", ".join(missing))
    return len(t.rounds) + 1


def _another_half_point_bye(t: Tournament, entrant: Entrant, number: int) -> list[Message]:
    """The FIDE-mode event of a half-point bye in round `number` for a player who has had or
    asked for one already (none for the first)."""
    had = systems.half_point_byes(t, entrant.id, besides=number)
    return [Message(SECOND_HPB, {"round": number, "player": label(entrant), "had": had})
            ] if had else []


def _check_by_hand(
    t: Tournament,
    number: int,
    boards: Sequence[tuple[PlayerId | None, PlayerId | None]],
    bye: PlayerId | None,
) -> CheckedPairing:
    return check_boards(
        boards,
        bye,
        tournament=t,
        round_number=number,
        present=systems.present(t, number),
        rules=systems.rules(t, number),
    )


def _without_last_round(club: Club, record: TournamentRecord, t: Tournament) -> Tournament:
    if not t.rounds:
        raise ServiceError("there is no round to replace yet")
    last = t.rounds[-1]
    if any(g.result is not None for g in last.games):
        raise ServiceError(
            "round {round} already has results; it cannot be re-paired", round=last.number
        )
    club.delete_round(record.id, last.number)
    return dataclasses.replace(t, rounds=t.rounds[:-1])


_EXTERNAL_SCORES = {
    "1": Fraction(1),
    "1/2": Fraction(1, 2),
    "½": Fraction(1, 2),
    "=": Fraction(1, 2),
    "0": Fraction(0),
}


def games_of(t: Tournament, player: PlayerId) -> tuple[Message, ...]:
    """What `player` played in `t`, for the TD: each game, bye and team game by round."""
    name = {e.id: e.name for e in t.entrants}
    out = []
    for rnd in t.rounds:
        game = rnd.game_of(player)
        if game is not None:
            out.append(Message("round {round} against {opponent}",
                               {"round": rnd.number, "opponent": name[game.opponent_of(player)]}))
        if rnd.bye == player:
            out.append(Message("the bye in round {round}", {"round": rnd.number}))
        for ext in rnd.externals:
            if ext.player == player:
                team = {"team": ext.team, "round": rnd.number}
                out.append(Message("a game for team {team} in round {round}", team))
    return tuple(out)


def _external_score(text: str) -> Fraction:
    try:
        return _EXTERNAL_SCORES[text.strip()]
    except KeyError:
        raise ServiceError(
            "unknown score '{score}' for an external game; use 1, 1/2 or 0", score=text
        ) from None


def _round(t: Tournament, number: int) -> Round:
    if not 1 <= number <= len(t.rounds):
        paired = {0: Message("no round is paired yet"), 1: Message("only round 1 is paired")}.get(
            len(t.rounds), Message("rounds 1-{last} are paired", {"last": len(t.rounds)})
        )
        raise ServiceError("there is no round {number} ({paired})", number=number, paired=paired)
    return t.rounds[number - 1]


def _with_round(t: Tournament, rnd: Round) -> Tournament:
    """The tournament with round `rnd.number` replaced by `rnd`."""
    rounds = tuple(rnd if r.number == rnd.number else r for r in t.rounds)
    return dataclasses.replace(t, rounds=rounds)


def _standing_changes(before: Tournament, after: Tournament) -> tuple[StandingChange, ...]:
    if system_of(before).fide_tiebreaks:
        old_ranks, new_ranks = systems.ranking(before), systems.ranking(after)
        return tuple(
            StandingChange(before.entrant(p), old_ranks[p][0], new_ranks[p][0],
                           old_ranks[p][1], new_ranks[p][1])
            for p in new_ranks
            if new_ranks[p] != old_ranks[p]
        )
    old = compute_standings(before, _settings(before))
    new = compute_standings(after, _settings(after))
    changes = []
    for row in new.rows:
        was = old.row(row.entrant.id)
        if (was.rank, was.total) != (row.rank, row.total):
            changes.append(StandingChange(row.entrant, was.rank, row.rank, was.total, row.total))
    return tuple(changes)


_BOARD = re.compile(r"(\d+)\s*-\s*(\d+)")


def _parse_boards(text: str) -> list[tuple[PlayerId | None, PlayerId | None]]:
    pairs: list[tuple[PlayerId | None, PlayerId | None]] = []
    for token in re.split(r"[\s,;]+", text.strip()):
        if not token:
            continue
        match = _BOARD.fullmatch(token)
        if match is None:
            raise ServiceError(
                "cannot read board '{board}'; write white-black with player ids, e.g. 1-9 4-7",
                board=token,
            )
        pairs.append((int(match[1]), int(match[2])))
    if not pairs:
        raise ServiceError("no boards given; write white-black with player ids, e.g. 1-9 4-7")
    return pairs


def _span(numbers: Sequence[int]) -> str:
    if len(numbers) == 1:
        return str(numbers[0])
    if list(numbers) == list(range(numbers[0], numbers[-1] + 1)):
        return f"{numbers[0]}-{numbers[-1]}"
    return ", ".join(map(str, numbers))


def _tournament_of(club: Club, name: str | None) -> TournamentRecord | None:
    """The record of the tournament named `name` (None: a club-wide change)."""
    return next((r for r in club.tournaments() if r.name == name), None)


@dataclass(frozen=True)
class RatingData:
    """A tournament, what its imported file said (kind -> JSON), its event data and its
    players' data (by entrant id)."""

    tournament: Tournament
    extras: Mapping[str, str]
    event: EventData
    details: Mapping[PlayerId, fide.PlayerDetails]
    paired_on: tuple[str | None, ...] = ()  # the day each round was paired (None: unknown)


PLAYER_KEYS = ("name", "rating", "fide_id", *fide.KEYS)
"""The keys of `ClubService.set_player` (`rochade player set`)."""


def _update_member(club: Club, member: MemberRecord, rating: int | None,
                   fide_id: int | None) -> MemberRecord:
    """A member with what is given (a rating or FIDE id left out keeps the member's)."""
    if rating is None and fide_id is None:
        return member
    member = dataclasses.replace(
        member,
        rating=rating if rating is not None else member.rating,
        fide_id=fide_id if fide_id is not None else member.fide_id,
    )
    club.update_member(member.id, member.rating, member.fide_id)
    return member


def _fill_details(club: Club, member: int, details: fide.PlayerDetails) -> None:
    """A list's data (title, federation ...) into the member's; an empty field keeps theirs."""
    if details != fide.UNKNOWN:
        club.set_member_details(member, details.over(club.details_of_member(member)))


def _already_entered(club: Club, record: TournamentRecord, entry: _Entry, member: MemberRecord,
                     rating: int | None, fide_id: int | None, details: fide.PlayerDetails,
                     ) -> PlayerAdded:
    """A player added again: refused (by hand, or a list by default), left as they are, or
    given the list's data (the tournament's rating too while no round is paired)."""
    if entry.existing == "add":
        raise ServiceError("{name} already plays in {tournament}", name=member.name,
                           tournament=record.name)
    if entry.existing == "skip":
        return PlayerAdded(member.name, member.id, False, tournament=record.name,
                           already="skipped")
    if entry.existing != "update":
        raise ServiceError(
            "{name} already plays in {tournament}; leave them out of the list, or let the "
            "import skip or update the players already entered",
            name=member.name, tournament=record.name,
        )
    member = _update_member(club, member, rating, fide_id)
    entry.members[member.name] = member
    _fill_details(club, member.id, details)
    if not entry.rounds:
        club.set_entrant_rating(record.id, entry.entered[member.id], member.rating)
    return PlayerAdded(member.name, member.id, False, tournament=record.name, already="updated")


CURRENT_KEY = "current_tournament"
"""The tournament `use_tournament` chose, and the newest one then: "ID NEWEST"."""
_USED = re.compile(r"\d{1,18} \d{1,18}")


def _current(records: Sequence[TournamentRecord], used: str | None) -> TournamentRecord:
    """The current tournament: the last one used, or created after it (the newest)."""
    chosen, newest = map(int, used.split()) if used and _USED.fullmatch(used) else (0, 0)
    if records[-1].id > newest:
        return records[-1]
    return next((r for r in records if r.id == chosen), records[-1])


def _member_name(entry: _Entry, typed: str) -> str:
    """The member a TD means by a name typed without its case or accents (`zoe ash` for Zoë
    Ash), so that adding them to a tournament does not make a second member; a new name as
    typed. Several such members: refused, naming them."""
    if typed in entry.members:
        return typed
    key = fold_name(typed)
    same = [name for name in entry.members if fold_name(name) == key]
    if len(same) > 1:
        raise ServiceError("'{typed}' matches several members: {names}; type the name as the "
                           "club has it", typed=typed, names=", ".join(same[:8]))
    return same[0] if same else typed


def _new_name(typed: str) -> str:
    """A player's new name as typed, checked."""
    name = typed.strip()
    if not name:
        raise ServiceError("the player needs a name")
    limits.check_name(name, limits.PLAYER_NAME)
    return name


def _check_free_name(club: Club, name: str) -> None:
    """Refuse a second member of one name: two players of one name cannot be told apart (and
    a player list would match the wrong one)."""
    if any(m.name == name for m in club.members()):
        raise ServiceError(
            "the club has a player named {name} already; two players of one name "
            "cannot be told apart (add a letter, e.g. a second initial)",
            name=name,
        )


def _whole(typed: str, key: str) -> int | None:
    """A rating or FIDE id as typed; None for empty (unrated, no FIDE id)."""
    text = typed.strip()
    if not text:
        return None
    if not (text.isascii() and text.isdigit() and len(text) <= 18):
        raise ServiceError("{key}: '{value}' is not a whole number", key=key, value=text[:40])
    return int(text)


def _describe_added(club: Club, added: PlayerAdded) -> tuple[Message, TournamentRecord | None]:
    """The log line of an added player, and the tournament they were enrolled in."""
    if added.entrant is None:
        return Message(N_("add player {name}"), {"name": added.name}), None
    values = {"name": added.name, "id": added.entrant.id}
    what = N_("add player {name} as {id}")
    if added.late_rounds:
        what = N_("add player {name} as {id} (late entry: rounds {rounds} late start)")
        values["rounds"] = _span(range(1, added.late_rounds + 1))
    return Message(what, values), _tournament_of(club, added.tournament)


def _describe_round(rnd: Round, how: str) -> Message:
    what = (
        N_("pair round {round} ({how}): {boards} boards and a bye")
        if rnd.bye is not None
        else N_("pair round {round} ({how}): {boards} boards")
    )
    return Message(what, {"round": rnd.number, "how": Message(how), "boards": len(rnd.games)})


_STATUS_WORDS = {
    Status.PRESENT: N_("present"),
    Status.EXCUSED: N_("excused"),
    Status.UNEXCUSED: N_("unexcused"),
    Status.CLUB_DUTY: N_("club duty"),
    Status.WITHDRAWN: N_("withdrawn"),
    Status.PREREGISTERED: N_("preregistered"),
}
"""A status as the log names it (the web pages translate the same words)."""


def _status_word(status: Status) -> Message:
    return Message(_STATUS_WORDS[status])


def _reason_word(reason: str) -> Message:
    """An absence reason in a log line: a status's word where it has one."""
    words = {s.absence_reason: word for s, word in _STATUS_WORDS.items() if s.absence_reason}
    return Message(words.get(reason, reason.replace("_", " ")))
