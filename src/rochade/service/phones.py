"""What players do on their own phones: check in before the pairing and report the result of
their game. A phone first says whose it is ("This is me") with the evening's code (shown on
the hall display, so only people in the room know it): that binds the device to the one
player for the evening (the code's lifetime), and from then on it checks in and reports for
that player only. One device holds one player, one player one device; the TD releases a
binding. Everything only while the TD has switched phones on; every step is an action of the
log with the player's name and the device's short id ("phone: Anna (3f9a1c)"), undoable.

The phone settings, the evening's bindings and the reports waiting for the TD live in the
tournament's `extras` (kinds "phones", "devices" and "reports"), facts like any other:
logged, undone, kept in the club file. A result both players reported alike from their two
own devices is entered through `enter_result` with expected "" (never over a result the TD
entered); a single or a disagreeing report waits for the TD, and so does every report when
the TD confirms each (the default in FIDE mode).
"""

from __future__ import annotations

import hmac
import json
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

from rochade.core.messages import N_, Message
from rochade.core.model import Entrant, Result, Status, Tournament
from rochade.core.systems import player_numbers, system_of
from rochade.service.clubfile import UseCases
from rochade.service.errors import ResultConflict, ServiceError
from rochade.service.fidemode import mode_of
from rochade.service.roster import RosterDesk
from rochade.service.rounds import RoundsDesk
from rochade.store import Club

PHONES, REPORTS, DEVICES = "phones", "reports", "devices"
PHONE_STATUSES = (Status.PRESENT, Status.EXCUSED)
"""What a player may say of themselves: here, or absent with an excuse."""
PHONE_RESULTS = (Result.WHITE_WINS, Result.DRAW, Result.BLACK_WINS)
"""Results played over the board; a forfeit is the TD's to enter."""
CODE_LENGTH = (3, 12)
SHORT_ID = 6
"""The characters of a device's id the log shows: enough to tell the phones of an evening apart."""
Outcome = Literal["entered", "td", "opponent"]
"""What became of a report: entered (both agree), waiting for the TD, or for the opponent."""


@dataclass(frozen=True)
class PhoneSettings:
    """`code`: the evening's code ("" = phones switched off); `checkin`: players may check
    in; `td_confirms`: every reported result waits for the TD (None: as the mode says, yes in
    FIDE mode, where a rated game's result is the arbiter's to confirm)."""

    code: str = ""
    checkin: bool = True
    td_confirms: bool | None = None

    @property
    def on(self) -> bool:
        return bool(self.code)

    def confirms(self, fide: bool) -> bool:
        """Whether every report waits for the TD, in FIDE mode (`fide`) or not."""
        return fide if self.td_confirms is None else self.td_confirms


@dataclass(frozen=True)
class Report:
    """What the two players of a board said (None: nothing yet), and from which devices."""

    round: int
    board: int
    white: Result | None
    black: Result | None
    devices: tuple[str | None, str | None] = (None, None)

    @property
    def agreed(self) -> Result | None:
        """The result both said alike, each on their own device (one device saying both
        sides is no agreement)."""
        white_by, black_by = self.devices
        if white_by is None or black_by is None or white_by == black_by:
            return None
        return self.white if self.white is not None and self.white is self.black else None


class PhoneDesk(UseCases):
    """The players' side of the club file (the TD's switches for it too)."""

    def phone_settings(self, tournament: str | None = None) -> PhoneSettings:
        _, extras = self.tournament_extras(tournament)
        return _settings(extras.get(PHONES))

    def set_phone_settings(self, settings: PhoneSettings, tournament: str | None = None) -> None:
        """The TD's switches; a code of 3-12 letters or digits, or "" to switch phones off.
        A new code starts a new evening: the phones say again whose they are."""
        code = settings.code.strip()
        low, high = CODE_LENGTH
        if code and not (low <= len(code) <= high and code.isascii() and code.isalnum()):
            raise ServiceError("the code must be 3 to 12 letters or digits")
        data = json.dumps({"code": code, "checkin": settings.checkin,
                           "td_confirms": settings.td_confirms})
        with self.file.change("phones", "phones") as (club, action):
            record, _ = self.file.load(club, tournament)
            club.set_extra(record.id, PHONES, data)
            what = (N_("phones on (code {code}, check-in {checkin}, results {results})")
                    if code else N_("phones off"))
            action.describe(Message(what, {
                "code": code,
                "checkin": Message(N_("on") if settings.checkin else N_("off")),
                "results": Message(N_("confirmed by the TD")
                                   if settings.confirms(mode_of(club, record).on)
                                   else N_("entered when both agree")),
            }), record)

    def td_confirms(self, tournament: str | None = None) -> bool:
        """Whether every phone's report waits for the TD (ticked, or FIDE mode unless the TD
        unticked it)."""
        return self.phone_settings(tournament).confirms(self.fide_mode(tournament).on)

    def reports(self, tournament: str | None = None) -> dict[int, Report]:
        """The last round's reports per board, for boards still without a result."""
        t, extras = self.tournament_extras(tournament)
        if not t.rounds:
            return {}
        rnd = t.rounds[-1]
        said = _reports(extras.get(REPORTS))
        out = {}
        for g in rnd.games:
            sides = said.get(f"{rnd.number}:{g.board}", {})
            if g.result is None and sides:
                out[g.board] = _report(rnd.number, g.board, sides)
        return out

    def reject_report(self, round_number: int, board: int,
                      tournament: str | None = None) -> Report:
        """The TD turns down what the phones reported for a board of the last round (the
        players report again, or the TD enters the result); logged, undoable."""
        with self.file.change("report", "report") as (club, action):
            record, _ = self.file.load(club, tournament)
            said = _reports(club.extras(record.id).get(REPORTS))
            sides = said.pop(f"{round_number}:{board}", None)
            if sides is None:
                raise ServiceError("no phone has reported round {round} board {board}",
                                   round=round_number, board=board)
            club.set_extra(record.id, REPORTS, json.dumps(said, sort_keys=True))
            action.describe(Message(N_("report of round {round} board {board} turned down"), {
                "round": round_number, "board": board}), record)
        return _report(round_number, board, sides)

    def devices(self, tournament: str | None = None) -> dict[int, str]:
        """Tonight's phones: player -> the id of the device bound to them."""
        _, extras = self.tournament_extras(tournament)
        return _bound(extras)

    def bind_device(
        self, player: int, device: str, code: str, tournament: str | None = None
    ) -> Entrant:
        """"This is me": the device `device` is `player`'s for the evening. Refused when it
        is another player's already, or the player has another device (the TD releases)."""
        _check_code(self.phone_settings(tournament), code)
        entrant = self.tournament(tournament).entrant(player)
        if self.devices(tournament).get(player) == device:
            return entrant  # said again: nothing to log
        with self.file.acting_as(_who(entrant.name, device)).change(
                "device", "device") as (club, action):
            record, t = self.file.load(club, tournament)
            extras = club.extras(record.id)
            bound = _bound(extras)
            owner = next((p for p, d in bound.items() if d == device), None)
            if owner is not None:
                raise ServiceError("this phone is {owner}'s tonight; to change that, ask the TD",
                                   owner=t.entrant(owner).name)
            if player in bound:
                raise ServiceError("{player} has another phone tonight; to change that, ask "
                                   "the TD", player=entrant.name)
            bound[player] = device
            club.set_extra(record.id, DEVICES, _devices_json(extras, bound))
            action.describe(Message(N_("{player}'s phone for tonight: {device}"), {
                "player": entrant.name, "device": device[:SHORT_ID]}), record)
        return entrant

    def release_device(self, player: int, tournament: str | None = None) -> None:
        """The TD frees a player's phone binding: the device and the player may bind anew."""
        with self.file.change("device", "device") as (club, action):
            record, t = self.file.load(club, tournament)
            extras = club.extras(record.id)
            bound = _bound(extras)
            entrant = t.entrant(player)
            if player not in bound:
                raise ServiceError("{player} has no phone tonight", player=entrant.name)
            device = bound.pop(player)
            club.set_extra(record.id, DEVICES, _devices_json(extras, bound))
            action.describe(Message(N_("{player}'s phone released: {device}"), {
                "player": entrant.name, "device": device[:SHORT_ID]}), record)

    def checked_in_by(self, tournament: str | None = None) -> dict[int, str]:
        """Players whose status for the next round was last set on a phone, and by whom
        ("phone: Anna (3f9a1c)"); the TD's own tap since, an undo or the pairing clears it."""
        with self.file.reading() as club:
            record, t = self.file.load(club, tournament)
            actions = [a for a in club.actions() if a.tournament_id == record.id]
        numbers = player_numbers(t)  # a player named by number, or by id (older logs)
        labels = {f"{e.name} ({n})": e.id for e in t.entrants for n in (e.id, numbers[e.id])}
        by: dict[int, str] = {}
        for a in actions:
            if a.kind == "pair" and a.undone_by is None:
                by = {}
            elif a.kind == "status" and a.undone_by is None:
                said = a.message.values.get("change", a.message)  # the tournament's line
                player = said.values.get("player") if isinstance(said, Message) else None
                pid = labels.get(str(player))
                if pid is not None:
                    by[pid] = a.who
        return {pid: who for pid, who in by.items() if who.startswith("phone: ")}

    def phone_checkin(
        self, player: int, status: Status, device: str, tournament: str | None = None
    ) -> Entrant:
        """A player says "here" or "excused" for the next round, on their own device."""
        settings = self.phone_settings(tournament)
        _check_on(settings)
        if not settings.checkin:
            raise ServiceError("check-in by phone is switched off; ask the TD")
        if status not in PHONE_STATUSES:
            raise ServiceError("on a phone, say present or excused; the rest is the TD's")
        t, extras = self.tournament_extras(tournament)
        _check_device(t, _bound(extras), player, device)
        if status is Status.EXCUSED and system_of(t).absence_byes:  # a half-point bye there
            raise ServiceError("in a Swiss, a bye is the TD's; tell the TD")
        entrant = t.entrant(player)
        return RosterDesk.on(self.file.acting_as(_who(entrant.name, device))).set_status(
            str(player), status, tournament)

    def report_result(
        self, player: int, result: str, device: str, tournament: str | None = None
    ) -> tuple[Report, Outcome]:
        """A player reports their game of the last round on their own device. Returns the
        board's reports and what became of it: entered now (both agree, each on their own
        device, and the TD does not confirm each), or waiting for the TD or the opponent."""
        settings = self.phone_settings(tournament)
        _check_on(settings)
        parsed = Result.parse(result)
        if parsed not in PHONE_RESULTS:
            raise ServiceError("a forfeit is entered by the TD")
        t = self.tournament(tournament)
        entrant = t.entrant(player)
        game = next((g for g in t.rounds[-1].games if player in (g.white, g.black)), None) \
            if t.rounds else None
        if game is None:
            raise ServiceError("{player} has no game in the last round", player=entrant.name)
        if game.result is not None:
            raise ServiceError("board {board} has its result already; a correction is the TD's",
                               board=game.board)
        number, side = t.rounds[-1].number, "white" if game.white == player else "black"
        key = f"{number}:{game.board}"
        with self.file.acting_as(_who(entrant.name, device)).change(
                "report", "report") as (club, act):
            record, _ = self.file.load(club, tournament)
            extras = club.extras(record.id)
            _check_device(t, _bound(extras), player, device)
            said = _reports(extras.get(REPORTS))
            said = {k: v for k, v in said.items() if k.split(":")[0] == str(number)}
            said.setdefault(key, {}).update({side: parsed.value, f"{side}_by": device})
            club.set_extra(record.id, REPORTS, json.dumps(said, sort_keys=True))
            act.describe(Message(N_("reported round {round} board {board}: {result}"), {
                "round": number, "board": game.board, "result": parsed.value}), record)
        report = _report(number, game.board, said[key])
        if report.agreed is None:
            return report, "opponent" if None in (report.white, report.black) else "td"
        if self.td_confirms(tournament):
            return report, "td"
        white_by, black_by = report.devices
        assert white_by is not None and black_by is not None  # (agreed)
        names = " + ".join(_named(t.entrant(p).name, d)
                           for p, d in ((game.white, white_by), (game.black, black_by)))
        try:
            RoundsDesk.on(self.file.acting_as(f"phones: {names}")).enter_result(
                number, game.board, report.agreed.value, tournament, expected="")
        except ResultConflict:  # the TD was quicker: theirs stands
            return report, "td"
        return report, "entered"


def forget_reports(club: Club, tournament_id: int, round_number: int,
                   boards: Iterable[int]) -> None:
    """Drop what the phones reported for boards whose players changed (a pairing edited
    in place): a report is the players', not the board's."""
    said = _reports(club.extras(tournament_id).get(REPORTS))
    kept = {k: v for k, v in said.items()
            if k not in {f"{round_number}:{board}" for board in boards}}
    if kept != said:
        club.set_extra(tournament_id, REPORTS, json.dumps(kept, sort_keys=True))


def _named(name: str, device: str) -> str:
    """A player and their device as the log names them: "Anna (3f9a1c)"."""
    return f"{name} ({device[:SHORT_ID]})"


def _who(name: str, device: str) -> str:
    return f"phone: {_named(name, device)}"


def _check_on(settings: PhoneSettings) -> None:
    if not settings.on:
        raise ServiceError("phones are switched off for this tournament; ask the TD")


def _check_device(t: Tournament, bound: dict[int, str], player: int, device: str) -> None:
    """Only the player's own device (bound tonight) acts for them."""
    if device and bound.get(player) == device:
        return
    owner = next((p for p, d in bound.items() if d == device), None) if device else None
    if owner is None:
        raise ServiceError('first tap "This is me" with the code, on your own phone')
    raise ServiceError("this phone is {owner}'s tonight; each player checks in and reports on "
                       "their own phone", owner=t.entrant(owner).name)


def _check_code(settings: PhoneSettings, code: str) -> None:
    _check_on(settings)
    if not hmac.compare_digest(code.strip().lower().encode(), settings.code.lower().encode()):
        raise ServiceError("wrong code; it is shown on the hall display")


def _settings(data: str | None) -> PhoneSettings:
    if not data:
        return PhoneSettings()
    raw = json.loads(data)
    confirms = raw.get("td_confirms")
    return PhoneSettings(str(raw.get("code", "")), bool(raw.get("checkin", True)),
                         None if confirms is None else bool(confirms))


def _bound(extras: dict[str, str]) -> dict[int, str]:
    """Tonight's bindings (player -> device): those made under the code now in force (a new
    code, or phones off, ends them all)."""
    code = _settings(extras.get(PHONES)).code.lower()
    data = json.loads(extras.get(DEVICES) or "{}")
    if not code or data.get("code") != code:
        return {}
    return {int(p): str(d) for p, d in data.get("players", {}).items()}


def _devices_json(extras: dict[str, str], bound: dict[int, str]) -> str:
    code = _settings(extras.get(PHONES)).code.lower()
    return json.dumps({"code": code, "players": {str(p): d for p, d in sorted(bound.items())}})


def _reports(data: str | None) -> dict[str, dict[str, str]]:
    return json.loads(data) if data else {}


def _result(text: str | None) -> Result | None:
    return None if text is None else Result(text)


def _report(number: int, board: int, sides: dict[str, str]) -> Report:
    return Report(number, board, _result(sides.get("white")), _result(sides.get("black")),
                  (sides.get("white_by"), sides.get("black_by")))
