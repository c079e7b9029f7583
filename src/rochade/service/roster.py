"""The players: added by hand or from a list, corrected, deleted, their attendance, byes asked
in advance, pairs kept apart and ratings; each change one logged action. Reading a player
list and matching a rating list are `rochade.service.players`'s."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from rochade.core import fide, limits
from rochade.core.messages import N_, Message
from rochade.core.model import Absence, Entrant, PlayerId, Reason, Status, Tournament
from rochade.core.ratings import RatingChoice, single_rating
from rochade.core.systems import numbers_of, player_numbers
from rochade.service import system_cases
from rochade.service.clubfile import UseCases
from rochade.service.errors import ServiceError
from rochade.service.fidemode import FULL_BY_HAND, SECOND_HPB, confirmed, fide_events
from rochade.service.players import (
    PlayerList,
    RatingReport,
    apply_ratings,
    choice_of,
    find_entrant,
    find_typed,
    fold_name,
    label,
    plan_ratings,
    preview_player_list,
    rating_roster,
    read_player_list,
)
from rochade.service.reports import PlayerAdded
from rochade.store import Club, MemberRecord, TournamentRecord

if TYPE_CHECKING:
    from rochade.formats.players import RatedPlayer


@dataclass
class _Entry:
    """Adding players: the members by name (the first of a name), and the tournament they
    enter (None: members only) with its rounds played and the members already in it."""

    members: dict[str, MemberRecord]
    record: TournamentRecord | None = None
    rounds: tuple[int, ...] = ()
    entered: dict[int, PlayerId] = field(default_factory=dict)  # member id -> entrant id
    choice: RatingChoice = field(default_factory=RatingChoice)
    existing: str = "add"  # one added by hand already entered is refused; a list's player:
    # "refuse" (the list), "skip" or "update"


PLAYER_KEYS = ("name", "rating", "fide_id", *fide.KEYS)
"""The keys of `RosterDesk.set_player` (`rochade player set`)."""


class RosterDesk(UseCases):
    """The players of a club file and of its tournaments."""

    def add_player(
        self,
        name: str,
        rating: int | None = None,
        fide_id: int | None = None,
        tournament: str | None = None,
    ) -> PlayerAdded:
        """Add a member (or update one with this exact name) and enrol them in the tournament.
        `rating` names no system: it is the FIDE rating with a FIDE id, else the national one
        (`rochade.core.ratings.single_rating`).

        With rounds already paired, the entrant joins late: each earlier round gets a
        `late_start` row. With several tournaments and none named, the player only becomes a
        member.
        """
        with self.file.change("player", "add player") as (club, action):
            entry = self._entry(club, tournament)
            fide_rating, national = single_rating(rating, fide_id)
            added = self._add_player(club, _member_name(entry, name.strip()), fide_rating,
                                     fide_id, entry, fide.UNKNOWN.rated(national, ""))
            action.describe(*_describe_added(club, added))
        return added

    def import_players(self, data: bytes | str, tournament: str | None = None,
                       existing: str = "refuse") -> list[PlayerAdded]:
        """Add every player of a CSV list (file bytes or text, see `read_player_list`) in one
        action. A listed player who already plays refuses the list, or with `existing`
        "skip" is left as they are, or with "update" gets the list's data (the tournament's
        rating too while no round is paired)."""
        with self.file.change("player", "import players", "import") as (club, action):
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
        with self.file.reading() as club:
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
        record, t = self.file.load(club, tournament)
        system_cases.check_late_entry(t)
        entered = {member: player for player, member in club.entrant_members(record.id).items()}
        return _Entry(members, record, tuple(r.number for r in t.rounds), entered,
                      choice_of(club, record.id))

    def _add_player(
        self, club: Club, name: str, rating: int | None, fide_id: int | None, entry: _Entry,
        details: fide.PlayerDetails = fide.UNKNOWN,
    ) -> PlayerAdded:
        """A member of this exact name (updated with what is given), or a new one, entered
        into `entry`'s tournament if there is one. `rating` is the FIDE rating; `details` (a
        list's title, federation, national rating ...) fill the member's; a field the list
        leaves empty keeps what the member has."""
        name = new_name(name)
        limits.check_player(name, rating, fide_id)
        limits.check_player(name, details.national, None)
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
        pairing = entry.choice.pairing.of(member.rating, club.details_of_member(member.id).national)
        player = club.add_entrant(record.id, member.id, pairing, Status.PRESENT,
                                  fide_rating=member.rating)
        entry.entered[member.id] = player
        for number in entry.rounds:
            club.add_absence(record.id, number, Absence(player, Reason.LATE_START.value))
        entrant = Entrant(player, name, pairing, Status.PRESENT, member.fide_id,
                          fide_rating=member.rating)
        return PlayerAdded(name, member.id, new, entrant, record.name, len(entry.rounds))

    def rename_player(self, player: str, name: str, tournament: str | None = None) -> Entrant:
        """Correct a player's name (a typo): the member's name, so in every tournament they
        play in. Another member of that name is refused: two players one name cannot tell
        apart (and a player list would match the wrong one). Returns the player as before."""
        name = new_name(name)
        with self.file.change("player", "rename a player") as (club, action):
            record, t = self.file.load(club, tournament)
            entrant = find_entrant(t.entrants, player)
            if name == entrant.name:
                raise ServiceError("{player} has this name already", player=label(entrant, t))
            _check_free_name(club, name)
            club.rename_member(club.entrant_members(record.id)[entrant.id], name)
            action.describe(
                Message(N_("rename {player} to {name}"),
                        {"player": label(entrant, t), "name": name}),
                record,
            )
        return entrant

    def set_player(
        self, player: str, typed: Mapping[str, str], tournament: str | None = None
    ) -> tuple[Entrant, str]:
        """Set a player's data by key (`name, rating, fide_id` and `rochade.core.fide.KEYS`;
        an empty value: not known), all checked before anything is saved; one logged action.
        The member's data changes, so in every tournament; the rating also in this one:
        `rating` is the one the tournament pairs by, kept as the member's rating it comes from
        (`set_rating`); before round 1 the tournament takes a new national rating too.
        Returns the player (as changed) and the new values as stored (`title=GM, ...`)."""
        unknown = [key for key in typed if key not in PLAYER_KEYS]
        if unknown:
            raise ServiceError("unknown key {key}; the keys are {keys}", key=unknown[0],
                               keys=", ".join(PLAYER_KEYS))
        if not typed:
            raise ServiceError("nothing to set; write KEY=VALUE, e.g. federation=GER")
        with self.file.change("player", "set player data") as (club, action):
            record, t = self.file.load(club, tournament)
            entrant = find_entrant(t.entrants, player)
            member_id = club.entrant_members(record.id)[entrant.id]
            member = next(m for m in club.members() if m.id == member_id)
            details = club.member_details(record.id)[entrant.id]
            rating, fide_id = None, member.fide_id
            shown: dict[str, object] = {}
            for key, value in typed.items():
                if key == "name":
                    shown[key] = name = new_name(value)
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
                    shown[key] = details.national_text if key == "national_rating" else getattr(
                        details, key) if key != "national_id" else (
                        f"{details.national_kind}:{details.national_id}".strip(":"))
            choice = choice_of(club, record.id).pairing
            fide_rating = member.rating
            if "rating" in typed:
                if choice.from_fide(member.rating, details.national, fide_id):
                    fide_rating = rating
                else:
                    details = details.rated(rating, details.national_system)
            pairing = rating if "rating" in typed else entrant.rating if t.rounds else (
                choice.of(fide_rating, details.national))
            club.update_member(member_id, fide_rating, fide_id)
            entrant_fide = fide_rating if "rating" in typed or not t.rounds else (
                entrant.fide_rating)
            club.set_entrant_rating(record.id, entrant.id, pairing, entrant_fide)
            club.set_member_details(member_id, details)
            changes = ", ".join(f"{key}={'' if v is None else v}" for key, v in shown.items())
            action.describe(Message(N_("data of {player}: {changes}"),
                                    {"player": label(entrant, t), "changes": changes}), record)
        return dataclasses.replace(entrant, rating=pairing, fide_id=fide_id,
                                   fide_rating=entrant_fide), changes

    def delete_player(self, player: str, tournament: str | None = None) -> Entrant:
        """Remove a player entered by mistake, who has no games (nor the bye, nor a team
        game): a player with games is withdrawn instead, so that the games keep counting.
        Their late-start rows, forbidden pairs and requested byes go too, and the member with
        them unless they play in another tournament. One undoable action."""
        with self.file.change("player", "delete a player") as (club, action):
            record, t = self.file.load(club, tournament)
            entrant = find_entrant(t.entrants, player)
            played = games_of(t, entrant.id)
            if played:
                raise ServiceError(
                    "{player} cannot be deleted: {games}; withdraw them instead, so that their "
                    "games keep counting",
                    player=label(entrant, t),
                    games=played,
                )
            settings = system_cases.without_player(t, entrant.id)
            if settings != t.settings:
                club.set_settings(record.id, system_cases.encode(settings))
            member = club.entrant_members(record.id)[entrant.id]
            club.delete_entrant(record.id, entrant.id)
            if not any(member in club.entrant_members(r.id).values() for r in club.tournaments()):
                club.delete_member(member)
            action.describe(Message(N_("delete player {player}"), {"player": label(entrant, t)}),
                            record)
        return entrant

    def forbid_pair(
        self, first: str, second: str, tournament: str | None = None, forbidden: bool = True,
        confirm: bool = False,
    ) -> tuple[Entrant, Entrant]:
        """Never pair these two (family, club mates ...): a Keizer or Swiss setting; with
        `forbidden` False the two may be paired again. In FIDE mode a pair added once round 1
        is paired needs `confirm`."""
        with self.file.change("settings", "forbid a pair") as (club, action):
            record, t = self.file.load(club, tournament)
            a, b = find_entrant(t.entrants, first), find_entrant(t.entrants, second)
            if a.id == b.id:
                raise ServiceError("{player} cannot be kept from playing themself",
                                   player=label(a, t))
            changed = system_cases.with_forbidden_pair(t, frozenset((a.id, b.id)), forbidden)
            added = [Message(N_("after round {round}: prohibited pair {first} and {second} "
                                "added"),
                             {"round": len(t.rounds), "first": label(a, t), "second": label(b, t)})
                     ] if forbidden and t.rounds else []
            events = fide_events(club, record, added, confirm)
            club.set_settings(record.id, system_cases.encode(changed))
            what = N_("never pair {first} and {second}") if forbidden else N_(
                "{first} and {second} may be paired again"
            )
            action.describe(confirmed(Message(what, {"first": label(a, t), "second": label(b, t)}),
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
        with self.file.change("settings", "request a bye") as (club, action):
            record, t = self.file.load(club, tournament)
            entrant = find_entrant(t.entrants, player)
            changed = system_cases.with_bye_request(t, entrant, round_number, half, full)
            given = [Message(FULL_BY_HAND, {"round": round_number, "player": label(entrant, t)})
                     ] if full else []
            if half and not full:
                given += _another_half_point_bye(t, entrant, round_number)
            events = fide_events(club, record, given, confirm)
            club.set_settings(record.id, system_cases.encode(changed))
            what = N_("{player}: full-point bye in round {round}") if full else N_(
                "{player}: half-point bye in round {round}") if half else N_(
                "{player}: zero-point bye in round {round}"
            )
            action.describe(confirmed(Message(what, {"player": label(entrant, t),
                                                     "round": round_number}), events), record)
        return entrant

    def cancel_bye(self, player: str, round_number: int, tournament: str | None = None) -> Entrant:
        """Withdraw a requested bye: the player is paired in that round after all."""
        with self.file.change("settings", "cancel a bye") as (club, action):
            record, t = self.file.load(club, tournament)
            entrant = find_entrant(t.entrants, player)
            changed = system_cases.without_bye_request(t, entrant, round_number)
            club.set_settings(record.id, system_cases.encode(changed))
            action.describe(
                Message(N_("{player}: no bye in round {round} after all"),
                        {"player": label(entrant, t), "round": round_number}),
                record,
            )
        return entrant

    def set_status(self, player: str, status: Status, tournament: str | None = None,
                   confirm: bool = False) -> Entrant:
        """Set a player's attendance for the next round (sticky until changed).

        A withdrawn player who comes back gets a `late_start` row for each round they missed.
        In a Swiss an excused absence is a half-point bye: in FIDE mode a second one needs
        `confirm`, as a requested one does.
        """
        with self.file.change("status", "set status") as (club, action):
            record, t = self.file.load(club, tournament)
            entrant = find_entrant(t.entrants, player)
            system_cases.check_status(t, entrant, status)
            events = fide_events(club, record, _another_half_point_bye(
                t, entrant, len(t.rounds) + 1) if status != entrant.status and (
                system_cases.gives_half_point_bye(t, status)) else [], confirm)
            club.set_status(record.id, entrant.id, status)
            values = {"player": label(entrant, t), "old": _status_word(entrant.status),
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
        """Correct the rating an entrant is paired by, and the member list's rating it comes
        from with it (a typo at entry, or the new rating list for one player): the FIDE or
        the national one, as the tournament's pairing rating takes it."""
        with self.file.change("player", "set rating") as (club, action):
            record, t = self.file.load(club, tournament)
            entrant = t.entrant(player)
            limits.check_player(entrant.name, rating, None)
            what = Message(N_("rating of {player}: {old} -> {new}"), {
                "player": label(entrant, t),
                "old": Message(N_("none")) if entrant.rating is None else entrant.rating,
                "new": Message(N_("none")) if rating is None else rating,
            })
            action.describe(what, record)
            member_id = club.entrant_members(record.id)[player]
            member = next(m for m in club.members() if m.id == member_id)
            details = club.details_of_member(member_id)
            fide_rating = entrant.fide_rating
            if choice_of(club, record.id).pairing.from_fide(member.rating, details.national,
                                                            member.fide_id):
                fide_rating = rating
                club.update_member(member.id, rating, member.fide_id)
            else:
                club.set_member_details(member_id,
                                        details.rated(rating, details.national_system))
            club.set_entrant_rating(record.id, player, rating, fide_rating)
        return dataclasses.replace(entrant, rating=rating, fide_rating=fide_rating)

    def find_player(self, player: str, tournament: str | None = None) -> Entrant:
        """A player as the TD types them (`find_typed`: a number as the lists show it)."""
        return find_typed(self.tournament(tournament), player)

    def player_numbers(self, tournament: str | None = None) -> dict[PlayerId, int]:
        """Each player's number as the lists show it: a Swiss's or round robin's pairing
        number, Keizer's id."""
        return player_numbers(self.tournament(tournament))

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
        with self.file.reading() as club:
            record = None if tournament is None else self.file.record(club, tournament)
            where = None if record is None else record.id
            roster = rating_roster(club, where)
        report = plan_ratings(roster, listed, take_list)
        if not apply or not report.match.updates:
            return report
        with self.file.change("ratings", "update ratings", "ratings") as (club, action):
            if rating_roster(club, where) != roster:
                raise ServiceError("the club file changed while the list was read; run again")
            action.describe(apply_ratings(club, report), record)
        return dataclasses.replace(report, applied=True)


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
        national = club.details_of_member(member.id).national
        club.set_entrant_rating(record.id, entry.entered[member.id],
                                entry.choice.pairing.of(member.rating, national), member.rating)
    return PlayerAdded(member.name, member.id, False, tournament=record.name, already="updated")


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


def new_name(typed: str) -> str:
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


def _span(numbers: Sequence[int]) -> str:
    if len(numbers) == 1:
        return str(numbers[0])
    if list(numbers) == list(range(numbers[0], numbers[-1] + 1)):
        return f"{numbers[0]}-{numbers[-1]}"
    return ", ".join(map(str, numbers))


def _tournament_of(club: Club, name: str | None) -> TournamentRecord | None:
    """The record of the tournament named `name` (None: a club-wide change)."""
    return next((r for r in club.tournaments() if r.name == name), None)


def _another_half_point_bye(t: Tournament, entrant: Entrant, number: int) -> list[Message]:
    """The FIDE-mode event of a half-point bye in round `number` for a player who has had or
    asked for one already (none for the first)."""
    had = system_cases.half_point_byes(t, entrant.id, besides=number)
    return [Message(SECOND_HPB, {"round": number, "player": label(entrant, t), "had": had})
            ] if had else []


def start_order(t: Tournament) -> list[Entrant]:
    """The players in start (pairing) number order, as the TD's players page lists them."""
    return [t.entrant(p) for p in numbers_of(t)]


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


def reason_word(reason: str) -> Message:
    """An absence reason in a log line: a status's word where it has one."""
    words = {s.absence_reason: word for s, word in _STATUS_WORDS.items() if s.absence_reason}
    return Message(words.get(reason, reason.replace("_", " ")))
