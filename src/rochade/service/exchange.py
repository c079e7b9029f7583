"""Whole tournaments into and out of a club file (rochade JSON, TRF files, the rating report,
a KeizerForClubs season), and the whole club file as a JSON backup.

A foreign file is read and checked completely before the club file is touched, so a bad
file changes nothing; the import itself is one action (one transaction, one log entry).
"""

from __future__ import annotations

import dataclasses
import tempfile
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING

from rochade.core import limits
from rochade.core.checker import check_boards
from rochade.core.fide import EventData, PlayerDetails
from rochade.core.keizer.scoring import BreakdownRow, StandingRow
from rochade.core.messages import N_, Message, joined, message_of
from rochade.core.model import Entrant, ModelError, PlayerId, Tournament
from rochade.core.ratings import RatingChoice
from rochade.core.systems import system_of
from rochade.formats.json import (
    FileCategories,
    FormatError,
    format_tournament,
    parse_tournament,
    parse_tournament_file,
)
from rochade.service import system_cases
from rochade.service.categories import CATEGORIES, CategorySetup, setup_from_json, setup_to_json
from rochade.service.clubfile import UseCases, current_user, system_clock
from rochade.service.errors import NameTaken, ServiceError
from rochade.service.fidemode import (
    FIDE,
    HAD_HPBS,
    IMPORTED,
    ROUND_SAYS,
    SECOND_HPB,
    FideMode,
    Findings,
    confirmed,
    events_of,
    mode_from_json,
    mode_to_json,
    recheck,
    trf_comments,
)
from rochade.service.files import read_file
from rochade.service.lists import ListsDesk, ages_on, keizer_detail
from rochade.service.players import RATINGS, choice_of
from rochade.service.rated import (
    EVENT,
    ReportCheck,
    check_report,
    event_from_json,
    event_of_file,
    event_to_json,
)
from rochade.service.roster import new_name
from rochade.store import Club, RoundNotes, StoreError, TournamentRecord

if TYPE_CHECKING:  # read only for a TRF file or a backup: the other commands need no Swiss
    from rochade.formats.trf_tournament import TrfExtras
    from rochade.store.kfc import KfcImport

TRF_EXTRAS = "trf"
"""The kind under which a tournament keeps what its TRF file said beyond the facts."""


def read_trf(raw: bytes, name: str | None = None) -> tuple[Tournament, TrfExtras]:
    """A tournament from a TRF file's bytes (any encoding `decode_trf` reads, any line
    endings)."""
    from rochade.formats.trf import TrfError, decode_trf
    from rochade.formats.trf_tournament import read_trf_tournament

    try:
        return read_trf_tournament(decode_trf(raw), name)
    except TrfError as exc:
        raise ServiceError(message_of(exc)) from None


def _trf_fields(d: PlayerDetails) -> tuple[str, str, str, str]:
    """The details a player line holds."""
    return d.sex, d.title, d.federation, d.birth


@dataclass(frozen=True)
class RatingReport:
    """The check of a rating report, and the TRF26 file when nothing stops it."""

    check: ReportCheck
    text: str | None


def backup_json(club: Path) -> str:
    """The whole club file (members, tournaments, the action log) as one JSON document."""
    from rochade.formats.clubjson import format_club

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
    from rochade.formats.clubjson import parse_club

    rows = parse_club(text)
    warnings: list[tuple[str, Message]] = []
    with Club.restore(club, rows, who or current_user(), system_clock(),
                      Message(N_("restored from {source}"), {"source": source})) as opened:
        try:
            for record in opened.tournaments():
                settings = system_cases.decode(record.system, record.settings)
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


NEWLINES = {"crlf": "\r\n", "lf": "\n", "cr": "\r"}
"""The line endings a TRF file may be written with, by the name the TD chooses; the spec
says CR, files in the wild use all."""


def _newline(choice: str | None) -> str | None:
    """The line ending of a `NEWLINES` choice (None: the file's own)."""
    return None if choice is None else NEWLINES[choice]


SQLITE = b"SQLite format 3\x00"
"""How a KeizerForClubs file (an SQLite database) begins."""
KFC_TOLERANCE = 1e-4
"""KfC stores single-precision floats; anything further off is a real difference."""


@dataclass(frozen=True)
class RoundDifference:
    """One round (0: the own value) where KfC's stored credit is not rochade's: it tells the TD
    which row to look at, e.g. a row an older KfC version scored by another rule.

    `kind`, `reason` and `opponent` say what rochade's row of that round is (its breakdown's
    first line: "own", "game", "bye", "absence", ...).
    """

    round: int
    kfc: float
    rochade: Fraction
    kind: str
    reason: str | None
    opponent: Entrant | None

    @property
    def rochade_text(self) -> str:
        """rochade's credit as the lists write it."""
        return _decimal(self.rochade)


@dataclass(frozen=True)
class Difference:
    """A player whose total, as rochade computes it, is not the one KfC stored, and the
    rounds it comes from (empty if the file stores no credits per row)."""

    entrant: Entrant
    kfc: float
    rochade: Fraction
    rounds: tuple[RoundDifference, ...]

    @property
    def rochade_text(self) -> str:
        """rochade's total as the lists write it."""
        return _decimal(self.rochade)


def _decimal(value: Fraction) -> str:
    from rochade.formats.text import decimal_text  # for a KfC import only

    return decimal_text(value)


@dataclass(frozen=True)
class KfcReport:
    imported: KfcImport
    compared: int  # stored totals compared with rochade's
    max_deviation: float
    differences: tuple[Difference, ...]


def _rounds_differing(
    row: StandingRow,
    stored: float,
    credits: Mapping[tuple[PlayerId, int], float],
    players: Mapping[PlayerId, Entrant],
) -> tuple[RoundDifference, ...]:
    """The rounds where KfC's credits differ from rochade's breakdown. KfC's own value is
    what its total holds beyond its rows: the value it stores is already the next one."""
    if not credits:
        return ()
    pid = row.entrant.id
    theirs = {rnd: pts for (player, rnd), pts in credits.items() if player == pid}
    theirs[0] = stored - sum(theirs.values())
    ours: dict[int, Fraction] = {}
    first: dict[int, BreakdownRow] = {}
    for line in row.breakdown:
        ours[line.round] = ours.get(line.round, Fraction(0)) + line.credit
        first.setdefault(line.round, line)
    out = []
    for rnd in sorted({*theirs, *ours}):
        kfc, rochade = theirs.get(rnd, 0.0), ours.get(rnd, Fraction(0))
        if abs(kfc - float(rochade)) <= KFC_TOLERANCE:
            continue
        shown = first[rnd]  # every row KfC priced was imported, so rochade has it too
        opponent = None if shown.opponent is None else players[shown.opponent]
        out.append(RoundDifference(rnd, kfc, rochade, shown.kind, shown.reason, opponent))
    return tuple(out)


class ExchangeDesk(UseCases):
    """Whole tournaments out of and into the club file, as files of rochade and of FIDE."""

    def export_json(self, tournament: str | None = None) -> str:
        """The tournament as a rochade JSON file; with its categories, the day ages count on
        and the players' sex and birth date when it has categories (format 2)."""
        with self.file.reading() as club:
            record, t = self.file.load(club, tournament)
            extras = club.extras(record.id)
            setup = setup_from_json(extras.get(CATEGORIES))
            pairing = choice_of(club, record.id).pairing
            if not setup.categories:
                return format_tournament(t, pairing=pairing)
            return format_tournament(t, FileCategories(
                setup.categories, setup.one_prize, ages_on(club, record.id, extras),
                club.member_details(record.id)), pairing)

    def import_json(self, text: str, fide_mode: bool = False, name: str | None = None
                    ) -> Tournament:
        """Add a tournament from a rochade JSON file (under `name`, else the file's); players
        become (or match) members. Its categories come along, the day ages count on as the
        event's start date, the players' sex and birth date where their members have none;
        so does the rating it pairs by."""
        t, file, pairing = parse_tournament_file(text)
        if name is not None:
            t = dataclasses.replace(t, name=new_name(name))
        choice = RatingChoice(pairing)
        extras = {} if choice == RatingChoice() else {RATINGS: choice.to_json()}
        if file is None:
            return self.import_tournament(t, extras, fide_mode=fide_mode)
        extras[CATEGORIES] = setup_to_json(CategorySetup(file.categories, file.one_prize))
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
        with self.file.change("import", "import tournament") as (club, action):
            if any(record.name == t.name for record in club.tournaments()):
                raise NameTaken("this club file already has a tournament named '{name}'",
                                name=t.name)
            tid = club.add_tournament(t.name, t.system, system_cases.encode(t.settings))
            imported = [Message(IMPORTED, {"finding": w}) for w in found.warnings]
            action.describe(confirmed(Message(N_("import tournament {name}"),
                                              {"name": t.name}), imported),
                            TournamentRecord(tid, t.name, t.system, ""))
            if fide_mode:
                club.set_extra(tid, FIDE, mode_to_json(FideMode(True)))
            members = {(m.name, m.fide_id): m.id for m in club.members()}
            for e in t.entrants:
                member = members.get((e.name, e.fide_id))
                known = details.get(e.id, PlayerDetails())
                if member is None:
                    member = club.add_member(e.name, e.fide_rating, e.fide_id)
                    members[(e.name, e.fide_id)] = member
                    if e.rating != e.fide_rating and not known.national_rating:
                        known = known.rated(e.rating, "")  # a rating it pairs by, not FIDE's
                club.add_entrant(tid, member, e.rating, e.status, e.id, e.fide_rating)
                if known != PlayerDetails():
                    club.set_member_details(member, club.details_of_member(member).over(known))
            for rnd in t.rounds:
                club.add_round(
                    tid, rnd, RoundNotes(("Imported from a tournament file.",), "import")
                )
            for kind, data in extras.items():
                club.set_extra(tid, kind, data)
        return t

    def import_trf(self, raw: bytes, name: str | None = None,
                   fide_mode: bool = False) -> Tournament:
        """Add the tournament of a TRF file to the club file (its extra details kept with it:
        the event records stay the file's until the TD sets them); its players' sex, title,
        federation and birth date become their members' details (where a member has none);
        `fide_mode`: it goes on in FIDE mode, its rounds re-checked (`import_tournament`)."""
        from rochade.formats.trf_tournament import file_details

        t, extras = read_trf(raw, name)
        details = {p: file_details(x) for p, x in extras.players.items()}
        return self.import_tournament(t, {TRF_EXTRAS: extras.to_json()}, details,
                                      fide_mode=fide_mode)

    def export_trf(self, tournament: str | None = None, newline: str | None = None,
                   javafo: bool = False) -> str:
        """The tournament as a TRF file with the event's records and the players' details, as
        a rating report has them; an imported one comes back with its own lines where the
        club file says the same. `newline`: a `NEWLINES` choice (default: the imported file's,
        else CRLF). `javafo`: the coming round's byes also in its round blocks, for TRF16
        engines."""
        from rochade.formats.trf import TrfError
        from rochade.formats.trf_tournament import TrfExtras, file_details, write_trf_tournament

        data = ListsDesk.on(self.file).rating_data(tournament)
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
            return write_trf_tournament(t, kept, _newline(newline), event, details,
                                        self.fide_comments(t.name), javafo=javafo)
        except TrfError as exc:
            raise ServiceError(message_of(exc)) from None

    def rating_report(self, tournament: str | None = None,
                      newline: str | None = None) -> RatingReport:
        """The tournament's rating report (TRF26 with the event's header records and the
        players' data), after the pre-submission check; no file text while a problem remains.
        `newline`: as for `export_trf`."""
        from rochade.formats.trf import TrfError
        from rochade.formats.trf_tournament import TrfExtras, write_trf_tournament

        data = ListsDesk.on(self.file).rating_data(tournament)
        kept = TrfExtras.from_json(data.extras[TRF_EXTRAS]) if TRF_EXTRAS in data.extras else None
        event = data.event if kept is None else event_of_file(kept.lines, data.event)
        check = check_report(data.tournament, event, data.details)
        if check.problems:
            return RatingReport(check, None)
        try:
            text = write_trf_tournament(data.tournament, kept, _newline(newline), event,
                                        data.details, self.fide_comments(data.tournament.name),
                                        report=True)
        except TrfError as exc:
            raise ServiceError(message_of(exc)) from None
        return RatingReport(check, text)

    def import_kfc(self, path: Path, name: str | None = None) -> KfcReport:
        """Import a KeizerForClubs `.s3db` file as a new tournament and compare rochade's totals
        with the ones KfC stored (a difference usually means KfC had not recalculated)."""
        from rochade.store.kfc import read_kfc

        imported = read_kfc(path, name)
        imported = dataclasses.replace(imported, tournament=admitted(imported.tournament))
        tournament = self.import_json(format_tournament(imported.tournament))
        standings = keizer_detail(tournament)
        deviation = 0.0
        differences = []
        players = {e.id: e for e in tournament.entrants}
        for pid, stored in imported.stored_totals.items():
            row = standings.row(pid)
            dev = abs(float(row.total) - stored)
            deviation = max(deviation, dev)
            if dev > KFC_TOLERANCE:
                rounds = _rounds_differing(row, stored, imported.stored_credits, players)
                differences.append(Difference(row.entrant, stored, row.total, rounds))
        return KfcReport(imported, len(imported.stored_totals), deviation, tuple(differences))

    def import_upload(self, data: bytes, filename: str, name: str | None = None,
                      fide_mode: bool = False) -> tuple[Tournament, KfcReport | None]:
        """A tournament file of another program, told by its first bytes, imported as a new
        tournament as its command imports it: KeizerForClubs's file (`import-kfc`, with the
        report of its totals), rochade's JSON (`import`), else FIDE's TRF (`import-trf`).
        `filename`: the file's name where it came from; a KfC tournament is named after it.
        `fide_mode` (a round robin or Swiss): as `--fide-mode`; a Keizer file has none."""
        if data.startswith(SQLITE):
            if fide_mode:
                raise ServiceError("FIDE mode is for round robins and Swiss tournaments, not "
                                   "for a Keizer competition")
            with tempfile.TemporaryDirectory(prefix="rochade-import-") as tmp:
                path = Path(tmp) / (Path(filename).name or "upload.s3db")
                path.write_bytes(data)
                report = self.import_kfc(path, name)
            return report.imported.tournament, report
        if data.lstrip(b"\xef\xbb\xbf \t\r\n").startswith(b"{"):
            try:
                text = data.decode("utf-8-sig")
            except UnicodeDecodeError:
                raise ServiceError("{name} is not UTF-8 text", name=filename) from None
            return self.import_json(text, fide_mode, name), None
        return self.import_trf(data, name, fide_mode), None

    def fide_comments(self, tournament: str | None = None) -> list[str]:
        """The `###` lines of the TRF file: each change confirmed in FIDE mode, from the log."""
        with self.file.reading() as club:
            record = self.file.record(club, tournament)
            return trf_comments(events_of(club.actions(), record.id))


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
                              present=seated, rules=system_cases.rules(t, rnd.number)).errors
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
