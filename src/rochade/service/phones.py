"""What players do on their own phones: check in before the pairing and report the result of
their game. Both only with the evening's code (shown on the hall display, so only people in
the room know it) and only while the TD has switched them on; every step is an action of
the log with the player's name ("phone: Anna"), undoable by the TD.

The phone settings and the reports waiting for the TD live in the tournament's `extras`
(kinds "phones" and "reports"), facts like any other: logged, undone, kept in the club file.
A result both players reported alike is entered through `enter_result` with expected ""
(never over a result the TD entered); a single or a disagreeing report waits for the TD.
"""

from __future__ import annotations

import hmac
import json
from dataclasses import dataclass

from rochade.core.messages import N_, Message
from rochade.core.model import Entrant, Result, Status
from rochade.core.systems import SWISS
from rochade.service.club import ClubService
from rochade.service.errors import ResultConflict, ServiceError
from rochade.service.players import label

PHONES, REPORTS = "phones", "reports"
PHONE_STATUSES = (Status.PRESENT, Status.EXCUSED)
"""What a player may say of themselves: here, or absent with an excuse."""
PHONE_RESULTS = (Result.WHITE_WINS, Result.DRAW, Result.BLACK_WINS)
"""Results played over the board; a forfeit is the TD's to enter."""
CODE_LENGTH = (3, 12)


@dataclass(frozen=True)
class PhoneSettings:
    """`code`: the evening's code ("" = phones switched off); `checkin`: players may check
    in; `td_confirms`: every reported result waits for the TD."""

    code: str = ""
    checkin: bool = True
    td_confirms: bool = False

    @property
    def on(self) -> bool:
        return bool(self.code)


@dataclass(frozen=True)
class Report:
    """What the two players of a board said (None: nothing yet)."""

    round: int
    board: int
    white: Result | None
    black: Result | None

    @property
    def agreed(self) -> Result | None:
        return self.white if self.white is not None and self.white is self.black else None


class PhoneDesk(ClubService):
    """The players' side of the club file (the TD's switches for it too)."""

    def phone_settings(self, tournament: str | None = None) -> PhoneSettings:
        _, extras = self.tournament_extras(tournament)
        return _settings(extras.get(PHONES))

    def set_phone_settings(self, settings: PhoneSettings, tournament: str | None = None) -> None:
        """The TD's switches; a code of 3-12 letters or digits, or "" to switch phones off."""
        code = settings.code.strip()
        low, high = CODE_LENGTH
        if code and not (low <= len(code) <= high and code.isascii() and code.isalnum()):
            raise ServiceError("the code must be 3 to 12 letters or digits")
        data = json.dumps({"code": code, "checkin": settings.checkin,
                           "td_confirms": settings.td_confirms})
        with self._change("phones", "phones") as (club, action):
            record, _ = self._load(club, tournament)
            club.set_extra(record.id, PHONES, data)
            what = (N_("phones on (code {code}, check-in {checkin}, results {results})")
                    if code else N_("phones off"))
            action.describe(Message(what, {
                "code": code,
                "checkin": Message(N_("on") if settings.checkin else N_("off")),
                "results": Message(N_("confirmed by the TD") if settings.td_confirms
                                   else N_("entered when both agree")),
            }), record)

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
                out[g.board] = Report(rnd.number, g.board, _result(sides.get("white")),
                                      _result(sides.get("black")))
        return out

    def checked_in_by(self, tournament: str | None = None) -> dict[int, str]:
        """Players whose status for the next round was last set on a phone, and by whom
        ("phone: Anna"); the TD's own tap since, an undo or the pairing clears it."""
        with self._reading() as club:
            record, t = self._load(club, tournament)
            actions = [a for a in club.actions() if a.tournament_id == record.id]
        labels = {label(e): e.id for e in t.entrants}
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
        self, player: int, status: Status, code: str, tournament: str | None = None
    ) -> Entrant:
        """A player says "here" or "excused" for the next round (their own or another's:
        the code keeps people outside the room out, the log names who did it)."""
        settings = self.phone_settings(tournament)
        _check_code(settings, code)
        if not settings.checkin:
            raise ServiceError("check-in by phone is switched off; ask the TD")
        if status not in PHONE_STATUSES:
            raise ServiceError("on a phone, say present or excused; the rest is the TD's")
        t = self.tournament(tournament)
        if status is Status.EXCUSED and t.system == SWISS:  # a half-point bye there
            raise ServiceError("in a Swiss, a bye is the TD's; tell the TD")
        entrant = t.entrant(player)
        return ClubService(self.path, f"phone: {entrant.name}", self.clock).set_status(
            str(player), status, tournament)

    def report_result(
        self, player: int, result: str, code: str, tournament: str | None = None
    ) -> tuple[Report, bool]:
        """A player reports their game of the last round. Returns the board's reports and
        whether the result was entered now (both agree, the TD does not confirm each)."""
        settings = self.phone_settings(tournament)
        _check_code(settings, code)
        parsed = Result.parse(result)
        if parsed not in PHONE_RESULTS:
            raise ServiceError("a forfeit is entered by the TD")
        t = self.tournament(tournament)
        entrant = t.entrant(player)
        who = f"phone: {entrant.name}"
        game = next((g for g in t.rounds[-1].games if player in (g.white, g.black)), None) \
            if t.rounds else None
        if game is None:
            raise ServiceError("{player} has no game in the last round", player=entrant.name)
        if game.result is not None:
            raise ServiceError("board {board} has its result already; a correction is the TD's",
                               board=game.board)
        number, side = t.rounds[-1].number, "white" if game.white == player else "black"
        key = f"{number}:{game.board}"
        with ClubService(self.path, who, self.clock)._change("report", "report") as (club, act):
            record, _ = self._load(club, tournament)
            said = _reports(club.extras(record.id).get(REPORTS))
            said = {k: v for k, v in said.items() if k.split(":")[0] == str(number)}
            said.setdefault(key, {})[side] = parsed.value
            club.set_extra(record.id, REPORTS, json.dumps(said, sort_keys=True))
            act.describe(Message(N_("reported round {round} board {board}: {result}"), {
                "round": number, "board": game.board, "result": parsed.value}), record)
        sides = said[key]
        report = Report(number, game.board, _result(sides.get("white")),
                        _result(sides.get("black")))
        if report.agreed is None or settings.td_confirms:
            return report, False
        names = " + ".join(t.entrant(p).name for p in (game.white, game.black))
        try:
            ClubService(self.path, f"phones: {names}", self.clock).enter_result(
                number, game.board, report.agreed.value, tournament, expected="")
        except ResultConflict:  # the TD was quicker: theirs stands
            return report, False
        return report, True


def _check_code(settings: PhoneSettings, code: str) -> None:
    if not settings.on:
        raise ServiceError("phones are switched off for this tournament; ask the TD")
    if not hmac.compare_digest(code.strip().lower().encode(), settings.code.lower().encode()):
        raise ServiceError("wrong code; it is shown on the hall display")


def _settings(data: str | None) -> PhoneSettings:
    if not data:
        return PhoneSettings()
    raw = json.loads(data)
    return PhoneSettings(str(raw.get("code", "")), bool(raw.get("checkin", True)),
                         bool(raw.get("td_confirms", False)))


def _reports(data: str | None) -> dict[str, dict[str, str]]:
    return json.loads(data) if data else {}


def _result(text: str | None) -> Result | None:
    return None if text is None else Result(text)
