"""Whole tournaments as TRF files, and the whole club file as a JSON backup.

A foreign file is read and checked completely before the club file is touched, so a bad
file changes nothing; the import itself is one action (one transaction, one log entry).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from pathlib import Path

from rochade.core.fide import EventData, PlayerDetails
from rochade.core.messages import N_, Message, message_of
from rochade.core.model import ModelError, Tournament
from rochade.formats.clubjson import format_club, parse_club
from rochade.formats.json import (
    FormatError,
    format_tournament,
    parse_tournament,
)
from rochade.formats.trf import TrfError, decode_trf
from rochade.formats.trf_tournament import (
    TrfExtras,
    file_details,
    read_trf_tournament,
    write_trf_tournament,
)
from rochade.service import systems
from rochade.service.club import ClubService, current_user, system_clock
from rochade.service.errors import ServiceError
from rochade.service.fidemode import (
    FIDE,
    HAD_HPBS,
    IMPORTED,
    SECOND_HPB,
    events_of,
    mode_from_json,
    recheck,
)
from rochade.service.rated import (
    EVENT,
    ReportCheck,
    check_report,
    event_from_json,
    event_of_file,
)
from rochade.store import Club, StoreError

TRF_EXTRAS = "trf"
"""The kind under which a tournament keeps what its TRF file said beyond the facts."""


def read_trf(raw: bytes, name: str | None = None) -> tuple[Tournament, TrfExtras]:
    """A tournament from a TRF file's bytes (any encoding `decode_trf` reads, any line
    endings)."""
    try:
        return read_trf_tournament(decode_trf(raw), name)
    except TrfError as exc:
        raise ServiceError(message_of(exc)) from None


def import_trf(service: ClubService, raw: bytes, name: str | None = None,
               fide_mode: bool = False) -> Tournament:
    """Add the tournament of a TRF file to the club file (its extra details kept with it:
    the event records stay the file's until the TD sets them); its players' sex, title,
    federation and birth date become their members' details (where a member has none);
    `fide_mode`: it goes on in FIDE mode, its rounds re-checked (`import_tournament`)."""
    t, extras = read_trf(raw, name)
    details = {p: file_details(x) for p, x in extras.players.items()}
    return service.import_tournament(t, {TRF_EXTRAS: extras.to_json()}, details,
                                     fide_mode=fide_mode)


def export_trf(service: ClubService, tournament: str | None = None,
               newline: str | None = None, javafo: bool = False) -> str:
    """The tournament as a TRF file with the event's records and the players' details, as a
    rating report has them; an imported one comes back with its own lines where the club
    file says the same. `javafo`: the coming round's byes also in its round blocks, for
    TRF16 engines."""
    data = service.rating_data(tournament)
    t = data.tournament
    kept = TrfExtras.from_json(data.extras[TRF_EXTRAS]) if TRF_EXTRAS in data.extras else None
    event: EventData | None = data.event
    details = data.details
    if kept is not None:  # only what the TD set since the import replaces the file's
        own = event_from_json(data.extras.get(EVENT))
        event = None if own == EventData() else event_of_file(kept.lines, own)
        details = {p: d for p, d in details.items() if p not in kept.players or _trf_fields(
            d) != _trf_fields(file_details(kept.players[p]))}
    try:
        return write_trf_tournament(t, kept, newline, event, details,
                                    service.fide_comments(t.name), javafo=javafo)
    except TrfError as exc:
        raise ServiceError(message_of(exc)) from None


@dataclass(frozen=True)
class RatingReport:
    """The check of a rating report, and the TRF26 file when nothing stops it."""

    check: ReportCheck
    text: str | None


def rating_report(service: ClubService, tournament: str | None = None,
                  newline: str | None = None) -> RatingReport:
    """The tournament's rating report (TRF26 with the event's header records and the
    players' data), after the pre-submission check; no file text while a problem remains."""
    data = service.rating_data(tournament)
    kept = TrfExtras.from_json(data.extras[TRF_EXTRAS]) if TRF_EXTRAS in data.extras else None
    event = data.event if kept is None else event_of_file(kept.lines, data.event)
    check = check_report(data.tournament, event, data.details)
    if check.problems:
        return RatingReport(check, None)
    try:
        text = write_trf_tournament(data.tournament, kept, newline, event, data.details,
                                    service.fide_comments(data.tournament.name), report=True)
    except TrfError as exc:
        raise ServiceError(message_of(exc)) from None
    return RatingReport(check, text)


def _trf_fields(d: PlayerDetails) -> tuple[str, str, str, str]:
    """The details a player line holds."""
    return d.sex, d.title, d.federation, d.birth


def backup_json(club: Path) -> str:
    """The whole club file (members, tournaments, the action log) as one JSON document."""
    if not club.exists():
        raise StoreError("{path} does not exist", path=club)
    with Club.open(club) as opened:
        rows = opened.dump()
        try:
            return format_club(rows)
        except (ValueError, KeyError, TypeError) as exc:  # rows that point nowhere, bad JSON
            raise opened.damaged(exc) from None


@dataclass(frozen=True)
class Restored:
    """What a restore brought back; `warnings`: per tournament in FIDE mode, what the
    re-check of its rounds found that its log does not show as confirmed."""

    members: int
    tournaments: tuple[str, ...]
    actions: int
    warnings: tuple[tuple[str, Message], ...] = ()


def restore_json(text: str, club: Path, who: str | None = None, source: str = "a backup"
                 ) -> Restored:
    """A new club file from a JSON backup; every tournament is checked before it is kept.

    Refuses an existing file: a restore never overwrites. On any problem no file is left.
    """
    rows = parse_club(text)
    warnings: list[tuple[str, Message]] = []
    with Club.restore(club, rows, who or current_user(), system_clock(),
                      Message(N_("restored from {source}"), {"source": source})) as opened:
        try:
            for record in opened.tournaments():
                settings = systems.decode(record.system, record.settings)
                t = dataclasses.replace(opened.load_tournament(record), settings=settings)
                parse_tournament(format_tournament(t))  # every fact checked as in a file
                if mode_from_json(opened.extras(record.id).get(FIDE)).on and t.rounds:
                    warnings += [(t.name, w) for w in _unconfirmed(opened, record.id, t)]
        except (ModelError, FormatError) as exc:
            opened.close()
            _remove(club)
            raise ServiceError(
                "the backup cannot be restored: {problem}", problem=message_of(exc)
            ) from None
    return Restored(len(rows["members"]), tuple(t["name"] for t in rows["tournaments"]),
                    len(rows["actions"]), tuple(warnings))


def _unconfirmed(opened: Club, tournament_id: int, t: Tournament) -> list[Message]:
    """FIDE mode's re-check of a restored tournament's rounds (a backup may have been edited),
    less what its log shows as confirmed while it ran; never a refusal: a restore loses
    nothing."""
    try:
        found = recheck(t)
    except ServiceError as exc:
        return [exc.msg]
    confirmed: set[str] = set()
    second_byes: set[object] = set()  # players whose second half-point bye was confirmed
    for _, event in events_of(opened.actions(), tournament_id):
        inner = event.values.get("finding") if event.template == IMPORTED else None
        event = inner if isinstance(inner, Message) else event
        confirmed.add(str(event))
        if event.template == SECOND_HPB:
            second_byes.add(event.values.get("player"))
    return [w for w in (*found.problems, *found.warnings) if str(w) not in confirmed and not (
        w.template == HAD_HPBS and w.values.get("player") in second_byes)]


def _remove(club: Path) -> None:
    for suffix in ("", "-wal", "-shm"):
        Path(f"{club}{suffix}").unlink(missing_ok=True)


__all__ = ["TRF_EXTRAS", "RatingReport", "Restored", "backup_json", "export_trf", "import_trf",
           "rating_report", "read_trf", "restore_json"]
