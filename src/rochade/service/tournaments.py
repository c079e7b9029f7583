"""Tournaments: created, listed, chosen as the current one, and their rules and data changed
(settings, FIDE mode, start order, event data, categories), each change one logged action."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from typing import Protocol, Self, TypeVar

from rochade.core import fide, limits
from rochade.core.fide import EventData
from rochade.core.keizer.settings import KeizerSettings, Ladder, StartOrder, preset
from rochade.core.messages import N_, Message, joined
from rochade.core.model import Tournament
from rochade.core.ratings import RatingChoice
from rochade.core.systems import KEIZER, find_system, system_of
from rochade.core.systems.keizer import KEIZER_SYSTEM
from rochade.service import system_cases
from rochade.service.categories import CATEGORIES, CategorySetup, setup_from_json, setup_to_json
from rochade.service.categories import KEYS as CATEGORY_KEYS
from rochade.service.clubfile import CURRENT_KEY, UseCases, current_tournament
from rochade.service.errors import ServiceError
from rochade.service.fidemode import (
    FIDE,
    FideMode,
    check_scoring,
    confirmed,
    mode_of,
    mode_to_json,
    require,
    settings_events,
)
from rochade.service.league_games import with_league_games
from rochade.service.lists import keizer_of, keizer_settings, standing_changes, tournament_standings
from rochade.service.players import (
    RATING_KEYS,
    RATINGS,
    choice_of,
    find_entrant,
    label,
    pick,
)
from rochade.service.rated import EVENT, event_from_json, event_to_json
from rochade.service.reports import TournamentSummary
from rochade.service.tournament_settings import (
    START_ORDER,
    SettingsReport,
    changed_settings,
    system_changes,
)
from rochade.store import Club, TournamentRecord


class _Keyed(Protocol):
    """Tournament data set by key (the event data, the categories)."""

    def changed(self, key: str, typed: str) -> Self: ...
    def text(self, key: str) -> str: ...


_K = TypeVar("_K", bound=_Keyed)


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


class TournamentDesk(UseCases):
    """The tournaments of a club file and their rules."""

    def create_tournament(
        self, name: str, preset_name: str = "classic", overrides: Mapping[str, object] = {},
        pairing_rating: str | None = None,
    ) -> Tournament:
        """A new Keizer tournament from a preset, with some settings changed: read and checked
        as `tournament set` reads them (a top value given means a fixed ladder); with
        `pairing_rating` ("fide", "national", "highest") the rating it pairs by."""
        choice = _chosen(pairing_rating)
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
        with self.file.change("tournament", "create tournament") as (club, action):
            settings = self._start_list(club, Tournament(name, ()), keizer_of(settings, name))
            tid = club.add_tournament(name, KEIZER, system_cases.encode(settings))
            rules = preset_name
            if settings.start_order is not StartOrder.RATING:
                rules += f", start_order={START_ORDER.text(settings)}"
            rules += _keep_choice(club, tid, choice)
            action.describe(Message(N_("new tournament ({rules})"), {"rules": rules}),
                            TournamentRecord(tid, name, KEIZER, ""))
        return Tournament(name, (), (), KEIZER, settings)

    def create_system_tournament(
        self, name: str, system: str, options: Mapping[str, object] = {},
        pairing_rating: str | None = None,
    ) -> Tournament:
        """A new round robin or Swiss; `options` as in `system_cases.new_settings`, and
        `fide_mode` (default on: FIDE's check list wants it on for every new event); with
        `pairing_rating` ("fide", "national", "highest") the rating it pairs by."""
        choice = _chosen(pairing_rating)
        fide_mode = options.get("fide_mode")
        options = {k: v for k, v in options.items() if k != "fide_mode"}
        settings = system_cases.new_settings(system, options)
        on = system_cases.find_system(system).fide_mode and (
            fide_mode is None or _on_off(fide_mode))
        if on:
            check_scoring(settings.scoring)
        name = name.strip()
        if not name:
            raise ServiceError("the tournament needs a name")
        limits.check_name(name, limits.TOURNAMENT_NAME)
        with self.file.change("tournament", "create tournament") as (club, action):
            tid = club.add_tournament(name, system, system_cases.encode(settings))
            club.set_extra(tid, FIDE, mode_to_json(FideMode(on)))
            rules = system if settings.seed == 0 else f"{system}, seed {settings.seed}"
            rules += _keep_choice(club, tid, choice)
            action.describe(Message(N_("new tournament ({rules})"), {"rules": rules}),
                            TournamentRecord(tid, name, system, ""))
        return Tournament(name, (), (), system, settings)

    def tournaments(self) -> list[TournamentSummary]:
        with self.file.reading() as club:
            out = []
            records = club.tournaments()
            current = current_tournament(records, club.setting(CURRENT_KEY)) if records else None
            for record in records:
                t = club.load_tournament(record)
                preset_name = system_cases.describe(
                    system_cases.decode(record.system, record.settings))
                players, rounds, teams = len(t.entrants), len(t.rounds), None
                if find_system(record.system).team_event:
                    # A team event's players are in its rosters, its rounds are team rounds.
                    rosters = club.teams(record.id)
                    players, teams = sum(len(team.members) for team in rosters), len(rosters)
                    rounds = len(club.team_rounds(record.id))
                out.append(
                    TournamentSummary(
                        record.name, record.system, preset_name, players, rounds,
                        record == current, teams,
                    )
                )
            return out

    def use_tournament(self, name: str) -> str:
        """Make a tournament the current one: the one that commands without a tournament's
        name act on, until another is used or created. A choice, not a fact: not logged."""
        with self.file.open() as club:
            records = club.tournaments()
            record = pick(records, name, lambda r: r.name, "tournament")
            club.set_setting(CURRENT_KEY, f"{record.id} {records[-1].id}")
        return record.name

    def tournament_names(self) -> list[str]:
        """The tournaments' names in the club file's order: without loading them (every web
        page finds its tournament by number)."""
        with self.file.reading() as club:
            return [record.name for record in club.tournaments()]

    def change_rules(
        self, typed: Mapping[str, object], tournament: str | None = None, save: bool = True,
        confirm: bool = False,
    ) -> SettingsReport:
        """Change settings by key (KEY -> the value as typed: `service.tournament_settings` for
        Keizer, `system_cases.changed_settings` for a round robin or Swiss) in one logged action.
        Standings are derived, so the rounds played count under the new rules; `save=False`
        changes nothing and reports what would change, who moves in the standings included.

        `fide_mode` (on/off) switches FIDE mode: on only before round 1 and never again
        once left; leaving needs `confirm`, as do (in FIDE mode, after the start) new rounds,
        scoring, bye values or tie-breaks."""
        switch = None if typed.get("fide_mode") is None else _on_off(typed["fide_mode"])
        typed = {k: v for k, v in typed.items() if k != "fide_mode"}
        with self.file.reading() as club:
            report = self._settings_report(club, typed, tournament)
            if switch == mode_of(club, self.file.record(club, tournament)).on and (
                    system_of(report.tournament).fide_mode):
                switch = None  # as it is: nothing to switch
        if not save or (not report.changes and switch is None):
            return report
        with self.file.change("settings", "change settings") as (club, action):
            report = self._settings_report(club, typed, tournament)
            record, before = self.file.load(club, tournament)
            mode = mode_of(club, record)
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
            club.set_settings(record.id, system_cases.encode(after))
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

    def _settings_report(
        self, club: Club, typed: Mapping[str, object], tournament: str | None
    ) -> SettingsReport:
        record, before = self.file.load(club, tournament)
        keizer = KEIZER_SYSTEM.own(before.settings)
        settings: object
        if keizer is not None:
            texts = {key: str(value) for key, value in typed.items() if value is not None}
            changed, changes = changed_settings(keizer, texts, len(before.rounds))
            settings = self._start_list(club, before, keizer_of(changed, before.name))
            changes = tuple(
                dataclasses.replace(c, new=START_ORDER.text(settings))
                if c.setting is START_ORDER else c
                for c in changes
            )
        else:
            settings = system_cases.changed_settings(before, typed)
            changes = system_changes(before.settings, settings)
        # the games for the club elsewhere counted as the new settings say (cup, league)
        stored = self.file.load(club, record.name, league=False)[1]
        after = with_league_games(club, record, dataclasses.replace(stored, settings=settings))[0]
        moved = standing_changes(before, after) if before.rounds else ()
        return SettingsReport(after, changes, moved)

    def _start_list(self, club: Club, t: Tournament, s: KeizerSettings) -> KeizerSettings:
        """The start list the chosen start order needs: a fresh draw by lot (an unguessable
        seed, kept in the settings and the log, replays it; with nobody enrolled yet, the
        draw waits for round 1's pairing), the other tournament's final standings, or the
        current order to edit by hand."""
        if s.start_order is StartOrder.RANDOM and s.start_seed is None:
            if not t.entrants:
                return dataclasses.replace(s, start_list=())
            return system_cases.draw_start(t, s)
        old = KEIZER_SYSTEM.own(t.settings)
        same = old is not None and (old.start_order, old.start_from) == (
            s.start_order, s.start_from
        )
        if s.start_order is StartOrder.STANDINGS and not same:
            if s.start_from == t.name:
                raise ServiceError(
                    "the start order cannot come from {name} itself", name=t.name
                )
            _, other = self.file.load(club, s.start_from)
            order = [line.entrant for line in tournament_standings(other).ranked()]
            return dataclasses.replace(s, start_list=tuple(e.name for e in order))
        if s.start_order is StartOrder.MANUAL and not same:
            return dataclasses.replace(s, start_list=tuple(e.name for e in t.start_order()))
        return s

    def set_start_order(self, names: Sequence[str], tournament: str | None = None) -> Tournament:
        """A start order by hand: the players named (as `player` commands find them) in this
        order, the others after them as they stand now. Only before round 1 is paired."""
        with self.file.change("settings", "start order") as (club, action):
            record, t = self.file.load(club, tournament)
            keizer = keizer_settings(t)
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
                raise ServiceError("{player} is named twice", player=label(twice[0], t))
            rest = [e for e in t.start_order() if e not in listed]
            order = tuple(e.name for e in [*listed, *rest])
            settings = dataclasses.replace(
                keizer, start_order=StartOrder.MANUAL, start_list=order, start_seed=None,
                start_from="",
            )
            club.set_settings(record.id, system_cases.encode(settings))
            action.describe(
                Message(N_("start order by hand: {players}"), {"players": ", ".join(order)}),
                record,
            )
            return dataclasses.replace(t, settings=settings)

    def set_event(self, typed: Mapping[str, str], tournament: str | None = None) -> EventData:
        """Set the tournament's data for rating reports by key (`fide.EVENT_KEYS`; empty: not
        known), all checked before anything is saved; one logged action."""
        return self._set_keyed(EVENT, fide.EVENT_KEYS, typed, tournament, event_from_json,
                               event_to_json, "set event data", N_("event data: {changes}"))

    def rating_choice(self, tournament: str | None = None) -> RatingChoice:
        """Which rating the tournament pairs by."""
        with self.file.reading() as club:
            return choice_of(club, self.file.record(club, tournament).id)

    def set_rating_choice(self, typed: Mapping[str, str], tournament: str | None = None
                          ) -> RatingChoice:
        """Choose the rating the tournament pairs by (`rochade.core.ratings.KEYS`), before
        round 1 only: its players take that rating of their members' now (a rating set by
        hand for the tournament goes). Its FIDE rating report carries the FIDE rating,
        whatever it pairs by. One logged action."""
        unknown = [key for key in typed if key not in RATING_KEYS]
        if unknown:
            raise ServiceError("unknown key {key}; the keys are {keys}", key=unknown[0],
                               keys=", ".join(RATING_KEYS))
        with self.file.change("settings", "set pairing rating") as (club, action):
            record, t = self.file.load(club, tournament)
            choice = choice_of(club, record.id)
            for key, value in typed.items():
                choice = choice.changed(key, value)
            if t.rounds and choice != choice_of(club, record.id):
                raise ServiceError("the pairing rating of {name} is fixed once round 1 is "
                                   "paired: its rounds were paired by it", name=t.name)
            club.set_extra(record.id, RATINGS, choice.to_json())
            members = {m.id: m for m in club.members()}
            details = club.details_of_members()
            for player, member_id in club.entrant_members(record.id).items():
                member = members[member_id]
                club.set_entrant_rating(record.id, player, choice.pairing.of(
                    member.rating, details[member_id].national), member.rating)
            action.describe(Message(N_("pairing rating: {choice}"),
                                    {"choice": choice.pairing.value}), record)
        return choice

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
        with self.file.change("settings", label) as (club, action):
            record = self.file.record(club, tournament)
            data = read(club.extras(record.id).get(kind))
            for key, value in typed.items():
                data = data.changed(key, value)
            club.set_extra(record.id, kind, write(data))
            changes = ", ".join(f"{key}={data.text(key)}" for key in typed)
            action.describe(Message(logged, {"changes": changes}), record)
        return data


def _on_off(value: object) -> bool:
    """FIDE mode as typed: on/off, yes/no, true/false, 1/0."""
    text = str(value).strip().lower()
    if text in ("on", "yes", "true", "1"):
        return True
    if text in ("off", "no", "false", "0"):
        return False
    raise ServiceError("fide_mode is on or off, not '{value}'", value=text[:20])


def _chosen(pairing_rating: str | None) -> RatingChoice | None:
    """The pairing rating a new tournament is created with, checked before anything is
    written; None: not given (by FIDE, else national, as `RatingChoice` has it)."""
    if pairing_rating is None:
        return None
    return RatingChoice().changed("pairing_rating", pairing_rating)


def _keep_choice(club: Club, tournament_id: int, choice: RatingChoice | None) -> str:
    """Store a new tournament's pairing rating (it has no players yet to take it); what the
    log line of its creation adds."""
    if choice is None:
        return ""
    club.set_extra(tournament_id, RATINGS, choice.to_json())
    return f", pairing_rating={choice.pairing.value}"
