"""Finding players and tournaments by what a TD types (an id, a name or a unique prefix),
reading the player list a TD imports, and updating ratings from a downloaded rating list."""

from __future__ import annotations

import difflib
import unicodedata
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, TypeVar

from rochade.core import ratings
from rochade.core.messages import N_, Message, joined
from rochade.core.model import Entrant, PlayerId, Tournament
from rochade.core.ratings import RatingChoice
from rochade.core.systems import holder, player_numbers
from rochade.service.errors import ServiceError
from rochade.store import Club

if TYPE_CHECKING:  # read only when a list is imported: not on every command
    from rochade.formats.players import (
        ClubPlayer,
        Duplicate,
        PlayerRow,
        RatedPlayer,
        RatingMatch,
        RatingSource,
    )

T = TypeVar("T")


def pick(
    items: Sequence[T],
    typed: str,
    name_of: Callable[[T], str],
    what: str,
    shown: Callable[[T], str] | None = None,
) -> T:
    """The item whose name is `typed`, else the only one it is a prefix of; case and accents
    are not needed (`jurgen` finds Jürgen, `zoe` Zoë), but an exact spelling wins.

    Several candidates: an error listing them (as `shown` gives them), so the TD sees what to
    type instead; none: an error naming the closest names, if any.
    """
    none_given, unknown, several = _PICK_TEMPLATES[what]
    if not typed.strip():
        raise ServiceError(none_given)
    exact = [item for item in items if name_of(item).casefold() == typed.strip().casefold()]
    if len(exact) == 1:
        return exact[0]
    key = fold_name(typed)
    folded = [(item, fold_name(name_of(item))) for item in items]
    candidates = exact or [item for item, name in folded if name == key] or [
        item for item, name in folded if name.startswith(key)]
    if not candidates:
        close = difflib.get_close_matches(key, [name for _, name in folded], n=3, cutoff=0.75)
        if close:
            names = ", ".join((shown or name_of)(item) for item, name in folded if name in close)
            raise ServiceError(_DID_YOU_MEAN[what], typed=_short(typed), names=names)
        raise ServiceError(unknown, typed=_short(typed))
    if len(candidates) > 1:
        names = ", ".join((shown or name_of)(item) for item in candidates[:8])
        more = ", ..." if len(candidates) > 8 else ""
        raise ServiceError(several, typed=_short(typed), names=names + more)
    return candidates[0]


def fold_name(name: str) -> str:
    """A name as typed on any keyboard: no case, no accents, spaces collapsed."""
    decomposed = unicodedata.normalize("NFKD", name)
    plain = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return " ".join(plain.casefold().split())


def _reason(duplicate: Duplicate) -> Message:
    return Message(_REASONS.get(duplicate.reason, duplicate.reason))


_REASONS = {"same FIDE id": N_("same FIDE id"), "same name": N_("same name")}
"""`find_duplicates`' reasons, marked for the catalogues."""

_PICK_TEMPLATES = {
    "player": (
        N_("no player given"),
        N_("no player named '{typed}'"),
        N_("'{typed}' matches several players: {names}; type more letters"),
    ),
    "team": (
        N_("no team given"),
        N_("no league team named '{typed}'"),
        N_("'{typed}' matches several league teams: {names}; type more letters"),
    ),
    "tournament": (
        N_("no tournament given"),
        N_("no tournament named '{typed}'"),
        N_("'{typed}' matches several tournaments: {names}; type more letters"),
    ),
}
_DID_YOU_MEAN = {
    "player": N_("no player named '{typed}'; did you mean {names}?"),
    "tournament": N_("no tournament named '{typed}'; did you mean {names}?"),
    "team": N_("no league team named '{typed}'; did you mean {names}?"),
}


def find_typed(t: Tournament, typed: str) -> Entrant:
    """A player as the TD types them: a number (`12` or `#12`) is the one the lists show (a
    Swiss's or round robin's pairing number, Keizer's id), a name as `pick` finds it (several:
    shown with that number). An unknown number names the numbers there are."""
    text = typed.strip()
    digits = text.removeprefix("#").strip()
    number = digits.isascii() and digits.isdigit()
    system = holder(t.settings)
    if system is None or not system.pairing_numbers:  # Keizer: its numbers are the ids
        return find_entrant(t.entrants, digits if number else text)
    numbers = player_numbers(t)
    if not number:
        return pick(t.entrants, text, lambda e: e.name, "player",
                    lambda e: f"{e.name} ({numbers[e.id]})")
    player = {n: pid for pid, n in numbers.items()}.get(int(digits) if len(digits) <= 18 else 0)
    if player is None:
        raise ServiceError("no player with number {number} (the numbers are 1-{last})",
                           number=_short(digits), last=len(numbers))
    return t.entrant(player)


def find_entrant(entrants: Sequence[Entrant], typed: str) -> Entrant:
    """An entrant by id (digits, as the web's forms give it) or by name; ambiguous names list
    the candidates with ids."""
    text = typed.strip()
    if text.isascii() and text.isdigit():  # "²" is a digit to Python too, but no id
        for entrant in entrants:
            if len(text) <= 18 and entrant.id == int(text):
                return entrant
        raise ServiceError("no player with id {id}", id=_short(text))
    return pick(entrants, text, lambda e: e.name, "player", lambda e: f"{e.name} ({e.id})")


def _short(typed: str) -> str:
    """What the TD typed, cut for a message (a pasted page is no name)."""
    return typed if len(typed) <= 40 else typed[:40] + "…"


def label(entrant: Entrant, t: Tournament) -> str:
    """How messages name a player: name and number as the lists show it (a Swiss's or round
    robin's pairing number, Keizer's id)."""
    return f"{entrant.name} ({player_numbers(t).get(entrant.id, entrant.id)})"


def labels(t: Tournament) -> dict[PlayerId, str]:
    """`label` of every player, the numbers worked out once."""
    numbers = player_numbers(t)
    return {e.id: f"{e.name} ({numbers[e.id]})" for e in t.entrants}


def read_player_list(
    data: bytes | str, members: Iterable[tuple[str, int | None]] = ()
) -> list[PlayerRow]:
    """The players of a CSV list (headers, separators and encodings as
    `rochade.formats.players` reads them).

    A list that names someone twice, or a member (`(name, fide_id)`) under another spelling or
    with their FIDE id, is refused with the lines, so nobody ends up in the club twice; a
    member's exact name is fine (that member is entered).
    """
    from rochade.formats.players import decode, find_duplicates, parse_player_csv

    text = decode(data) if isinstance(data, bytes) else data
    if "\x00" in text:
        raise ServiceError("the player list is not a text file; save it as CSV")
    rows = parse_player_csv(text)
    if not rows:
        raise ServiceError("the player list is empty")
    repeats = find_duplicates(rows)
    repeated = {d.row.line for d in repeats}
    clashes = [
        Message(
            "line {line} ({name}) and {other}: {reason}",
            {"line": d.row.line, "name": d.row.name, "other": d.other, "reason": _reason(d)},
        )
        for d in repeats
    ]
    clashes += [
        Message(
            "line {line} ({name}) and member {other}: {reason}",
            {"line": d.row.line, "name": d.row.name, "other": d.other, "reason": _reason(d)},
        )
        for d in find_duplicates(rows, members)
        if d.row.line not in repeated and d.other != d.row.name
    ]
    if clashes:
        shown = clashes[:8]
        if len(clashes) > 8:
            shown.append(Message("and {count} more", {"count": len(clashes) - 8}))
        raise ServiceError(
            "the player list names someone twice ({clashes}); "
            "remove the repeats, and write members' names as the club has them",
            clashes=joined(shown),
        )
    return rows


@dataclass(frozen=True)
class PlayerList:
    """A player list read and checked as an import would, nothing saved: what the TD sees
    before importing it (the text, to import unchanged; each column with the field it is
    read as, None: left out; the players)."""

    text: str
    columns: list[tuple[str, str | None]]
    rows: list[PlayerRow]
    ratings: tuple[RatingSource, ...]


def preview_player_list(
    data: bytes | str, members: Iterable[tuple[str, int | None]] = ()
) -> PlayerList:
    """`read_player_list`, with the list's columns as it reads them and which column fills
    which rating."""
    from rochade.formats.players import decode, list_columns

    text = decode(data) if isinstance(data, bytes) else data
    rows = read_player_list(text, members)
    return PlayerList(text, list_columns(text), rows, list_ratings(text))


# --- rating lists -----------------------------------------------------------------------------


RATINGS = "ratings"
"""The kind of the tournament's extras row holding its `RatingChoice`."""
RATING_KEYS = ratings.KEYS
"""The keys of the choice (`rochade tournament set pairing_rating=national`)."""
PAIRING_RATINGS = tuple(p.value for p in ratings.PairingRating)
"""What a tournament can pair by (`rochade tournament create --pairing-rating`)."""


def choice_of(club: Club, tournament_id: int) -> RatingChoice:
    """Which rating the tournament pairs by (none stored: FIDE, else national)."""
    return RatingChoice.from_json(club.extras(tournament_id).get(RATINGS))


@dataclass(frozen=True, slots=True)
class Enrolment:
    """A member playing in a tournament, with the ratings the tournament holds for them (the
    one it pairs by, chosen by `choice`, and the FIDE one)."""

    tournament_id: int
    tournament: str
    under_way: bool  # a round is paired: the ratings it was paired with stay
    player: PlayerId
    member_id: int
    rating: int | None
    fide_rating: int | None = None
    choice: RatingChoice = field(default_factory=RatingChoice)


@dataclass(frozen=True)
class Roster:
    """Who a rating list is matched against: the members (keyed by member id), and where
    they play."""

    members: tuple[ClubPlayer, ...]
    enrolments: tuple[Enrolment, ...]


def rating_roster(club: Club, tournament_id: int | None = None) -> Roster:
    """Every member, or only the players of one tournament, and their enrolments."""
    from rochade.formats.players import ClubPlayer, scoped_id

    enrolments = []
    for record in club.tournaments():
        t = club.load_tournament(record)
        member_of = club.entrant_members(record.id)
        choice = choice_of(club, record.id)
        enrolments += [
            Enrolment(record.id, record.name, bool(t.rounds), e.id, member_of[e.id], e.rating,
                      e.fide_rating, choice)
            for e in t.entrants
        ]
    wanted = {e.member_id for e in enrolments if e.tournament_id == tournament_id}
    details = club.details_of_members()
    members = tuple(
        ClubPlayer(m.id, m.name, m.rating, m.fide_id, scoped_id(details[m.id]), details[m.id])
        for m in club.members()
        if tournament_id is None or m.id in wanted
    )
    return Roster(members, tuple(enrolments))


@dataclass(frozen=True, slots=True)
class EntrantRating:
    """A player's ratings in one tournament, before (`enrolment`) and after the update: the
    one it pairs by (`new`) and the FIDE one (`fide`)."""

    enrolment: Enrolment
    name: str
    new: int | None
    fide: int | None = None


@dataclass(frozen=True)
class RatingReport:
    """What a rating list changes: the members' ratings and FIDE ids (`match.updates`), the
    ratings of tournaments not started yet (`entrants`), and those kept because their
    tournament is under way (`kept`)."""

    match: RatingMatch
    entrants: tuple[EntrantRating, ...]
    kept: tuple[EntrantRating, ...]
    applied: bool = False


def plan_ratings(roster: Roster, listed: Iterable[RatedPlayer], take_list: bool = False
                 ) -> RatingReport:
    """Match the list (read once, lazily) and work out every change, writing nothing; with
    `take_list` the list's title, sex, federation, birth and K replace the club's.

    A tournament under way keeps the ratings its rounds were paired with: they decide its
    start order (Keizer's initial values, Swiss pairing numbers, rating tie-breaks), so a new
    rating there would silently change the standings of rounds already played.
    """
    from rochade.formats.players import match_ratings

    match = match_ratings(roster.members, listed, take_list)
    new = {u.player.key: u for u in match.updates}
    changed: list[EntrantRating] = []
    kept: list[EntrantRating] = []
    for e in roster.enrolments:
        update = new.get(e.member_id)
        if update is None:
            continue
        pairing = e.choice.pairing.of(update.rating, update.details.national)
        if (pairing, update.rating) == (e.rating, e.fide_rating):
            continue
        row = EntrantRating(e, update.player.name, pairing, update.rating)
        (kept if e.under_way else changed).append(row)
    return RatingReport(match, tuple(changed), tuple(kept))


def apply_ratings(club: Club, report: RatingReport) -> Message:
    """Write a planned update inside the caller's action; what the action log says."""
    for u in report.match.updates:
        club.update_member(u.player.key, u.rating, u.fide_id)
        if u.details != u.player.details:
            club.set_member_details(u.player.key, u.details)
    for e in report.entrants:
        club.set_entrant_rating(e.enrolment.tournament_id, e.enrolment.player, e.new, e.fide)
    updates = report.match.updates
    values = {"count": len(updates), "names": ", ".join(u.player.name for u in updates[:5]),
              "more": len(updates) - 5}
    if len(updates) > 5:
        return Message(N_("update ratings of {count} player(s): {names} and {more} more"), values)
    return Message(N_("update ratings of {count} player(s): {names}"), values)


def list_ratings(data: bytes | str) -> tuple[RatingSource, ...]:
    """Which column of a player list fills which rating (`rochade player import` says it)."""
    from rochade.formats.players import decode, rating_sources

    return rating_sources(decode(data) if isinstance(data, bytes) else data)
