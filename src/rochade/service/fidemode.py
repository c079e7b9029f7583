"""FIDE mode: a round robin or Swiss run under FIDE's rules for rated events.

What FIDE's verification check list asks of endorsed software while an event runs: the
operations a rating officer wants to know about (a full-point bye by hand; the number of
rounds, the scoring, the bye values or the tie-breaks changed after the start; a pairing by
hand that differs from the engine's; a prohibited pair added after round 1; leaving FIDE mode)
each need the TD's explicit confirmation, and each is kept in the tournament's action log
with a recognisable line. The TRF export and the rating report derive their `###` comment
lines from that log, so the fact is stored once (a change undone loses its line).

The mode lives in the tournament's `extras` row of kind `fide` (JSON): on, or left in round N.
A tournament without the row was made before FIDE mode existed (or imported): off.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime

from rochade.core.checker import COLOUR_RULES, Rule, Severity, check_boards
from rochade.core.messages import N_, Message, joined
from rochade.core.model import ModelError, PlayerId, Result, Tournament
from rochade.core.pairing import Pairing
from rochade.core.systems import SWISS_ABSENCES, numbers_of, system_of
from rochade.core.tiebreaks import Kind, Scoring
from rochade.service.errors import ServiceError
from rochade.service.players import label
from rochade.service.system_cases import pair, rules
from rochade.store import ActionRecord, Club, TournamentRecord

FIDE = "fide"
"""The kind of the tournament's extras row holding its `FideMode`."""


@dataclass(frozen=True)
class FideMode:
    """On (`on`), never on (neither), or left for good in round `left_in` (0: before round 1)."""

    on: bool = False
    left_in: int | None = None

    @property
    def marker(self) -> Message | None:
        """What every TD page of the tournament shows (None: it was never in FIDE mode)."""
        if self.on:
            return Message(N_("FIDE mode"))
        if self.left_in is None:
            return None
        if self.left_in == 0:
            return Message(LEFT[0])
        return Message(LEFT[1], {"round": self.left_in})


LEFT = (N_("left FIDE mode before round 1"), N_("left FIDE mode in round {round}"))
"""The event of leaving FIDE mode (the marker the TD pages show afterwards)."""


def mode_to_json(mode: FideMode) -> str:
    return json.dumps({"on": mode.on, "left_in": mode.left_in}, sort_keys=True)


def mode_from_json(text: str | None) -> FideMode:
    """The stored mode; no row: off (a tournament from before FIDE mode existed)."""
    if text is None:
        return FideMode()
    data = json.loads(text)
    left = data.get("left_in") if isinstance(data, dict) else None
    if not isinstance(data, dict) or not isinstance(data.get("on"), bool) or not (
            left is None or isinstance(left, int)):
        raise ModelError("the tournament's FIDE mode record is damaged")
    return FideMode(data["on"], left)


def mode_of(club: Club, record: TournamentRecord) -> FideMode:
    """The tournament's mode as its club file keeps it."""
    return mode_from_json(club.extras(record.id).get(FIDE))


def fide_events(club: Club, record: TournamentRecord, events: Sequence[Message],
                confirm: bool) -> Sequence[Message]:
    """The events to log with a change: refused unless confirmed, in FIDE mode; none
    outside it (nothing to report)."""
    mode = mode_of(club, record)
    if not mode.on:
        return ()
    require(mode, events, confirm)
    return events


def check_scoring(scoring: Scoring) -> None:
    """FIDE refuses a scoring where two draws are worth more than a win and a loss: it
    rewards agreed draws (Sharly Chess's list of the check list's questions)."""
    if 2 * scoring.draw > scoring.win + scoring.loss:
        raise ServiceError(
            "FIDE mode refuses this scoring: two draws ({draws}) would be worth more than a "
            "win and a loss ({decisive}); choose 1-1/2-0, 2-1-0 or 3-1-0, or leave FIDE mode",
            draws=2 * scoring.draw, decisive=scoring.win + scoring.loss)


class NeedsFideConfirmation(ServiceError):
    """A change FIDE mode lets through only when the TD confirms it, knowing the consequence:
    it is written into the rating report for the rating officer to see."""

    def __init__(self, events: Sequence[Message], leaving: bool = False) -> None:
        self.events = tuple(events)
        template = (
            N_("FIDE mode: {events}. The tournament leaves FIDE mode for good (it cannot be "
               "switched on again), and its TRF file and rating report say so; confirm to go "
               "ahead") if leaving else
            N_("FIDE mode: {events}. This is kept in the log and written into the "
               "tournament's TRF file and rating report as a comment the rating officer "
               "reads; confirm to go ahead"))
        super().__init__(Message(template, {"events": joined(self.events)}))


FIDE_LOGGED = N_("{change} (FIDE mode: {events})")
"""The log line of a change that FIDE mode made the TD confirm; `trf_comments` finds it."""


SECOND_HPB = N_("round {round}: another half-point bye for {player}, who has had or asked for "
                 "{had} already (FIDE's verification check list flags more than one half-point "
                 "bye per player)")
"""The event of a half-point bye beyond the first: allowed, but a rating officer asks why."""


def confirmed(change: Message, events: Sequence[Message]) -> Message:
    """The log line of `change`, naming the confirmed FIDE-mode events (if any)."""
    if not events:
        return change
    return Message(FIDE_LOGGED, {"change": change, "events": tuple(events)})


def require(mode: FideMode, events: Sequence[Message], confirm: bool,
            leaving: bool = False) -> None:
    """Refuse unconfirmed FIDE-mode events (nothing to confirm outside FIDE mode)."""
    if events and (mode.on or leaving) and not confirm:
        raise NeedsFideConfirmation(events, leaving)


def events_of(actions: Iterable[ActionRecord], tournament_id: int) -> list[tuple[str, Message]]:
    """The confirmed FIDE-mode events of a tournament, with their day, oldest first; changes
    since undone are left out."""
    out = []
    for action in actions:
        if action.tournament_id != tournament_id or action.undone_by is not None:
            continue
        change = action.message.values.get("change")
        if not isinstance(change, Message) or change.template != FIDE_LOGGED:
            continue
        events = change.values.get("events", ())
        day = datetime.fromisoformat(action.at).date().isoformat()
        out += [(day, e) for e in (events if isinstance(events, tuple) else (events,))
                if isinstance(e, Message)]
    return out


def leaves(action: ActionRecord) -> bool:
    """Whether the change left FIDE mode: for good, so no undo takes it back."""
    return action.tournament_id is not None and any(
        event.template in LEFT for _, event in events_of([action], action.tournament_id))


def trf_comments(events: Iterable[tuple[str, Message]]) -> list[str]:
    """TRF26 `###` comment lines, one per event: what was done, in which round, on which day."""
    return [f"### FIDE mode, {day}: {event}" for day, event in events]


_WATCHED = (
    ("rounds", N_("after round {round}: the number of rounds changed from {old} to {new}")),
    ("scoring", N_("after round {round}: the scoring changed from {old} to {new}")),
    ("byes", N_("after round {round}: the bye values changed from {old} to {new}")),
    ("tiebreaks", N_("after round {round}: the tie-breaks changed from {old} to {new}")),
)


def _setting(settings: object, key: str) -> str:
    """A watched setting as the TD reads it (the bye values: PAB, FPB, HPB, ZPB)."""
    if key == "tiebreaks":
        return ",".join(str(tb) for tb in getattr(settings, "tiebreaks", ()))
    s = getattr(settings, "scoring", None)
    if key == "rounds":
        return str(getattr(settings, "rounds", ""))
    if not isinstance(s, Scoring):
        return ""
    if key == "scoring":
        return f"{s.win}-{s.draw}-{s.loss}"
    return " ".join(f"{b.upper()} {getattr(s, b) if getattr(s, b) is not None else '-'}"
                    for b in ("pab", "fpb", "hpb", "zpb"))


def settings_events(before: object, after: object, played: int) -> list[Message]:
    """What FIDE mode asks the TD to confirm in a change of settings: the number of rounds,
    the scoring, the bye values and the tie-breaks, once round 1 is paired."""
    if not played:
        return []
    out = []
    for key, template in _WATCHED:
        old, new = _setting(before, key), _setting(after, key)
        if old != new:
            out.append(Message(template, {"round": played, "old": old, "new": new}))
    return out


BY_HAND = N_("round {round}: paired by hand, differing from the engine's pairing")
BY_HAND_BOARDS = N_("round {round}: paired by hand, differing from the engine's pairing: "
                    "{boards}")


def by_hand_event(t: Tournament, number: int, pairing: Pairing) -> Message | None:
    """The event of round `number` paired otherwise than the system's engine pairs it (None:
    as the engine does; boards in another order are the same pairing): the boards that
    differ, by start numbers as the TRF file has them, so the rating officer can look them
    up ("board 3: 6-1 instead of 6-13"). An engine that finds no pairing differs from every
    one."""
    try:
        engine, _ = pair(t, number)
    except ServiceError:
        return Message(BY_HAND, {"round": number})
    ours = [(b.white, b.black) for b in pairing.boards]
    theirs = [(b.white, b.black) for b in engine.boards]
    if (set(ours), pairing.bye) == (set(theirs), engine.bye):
        return None
    start = {pid: i for i, pid in enumerate(numbers_of(t), 1)}

    def shown(players: tuple[PlayerId, PlayerId]) -> str:
        return "-".join(str(start.get(p, p)) for p in players)

    parts = []
    for board, players in enumerate(ours, 1):
        if players in theirs:
            continue
        if board <= len(theirs):
            parts.append(Message(N_("board {board}: {pairing} instead of {engine}"), {
                "board": board, "pairing": shown(players), "engine": shown(theirs[board - 1])}))
        else:
            parts.append(Message(N_("board {board}: {pairing}, a board the engine does not "
                                    "have"), {"board": board, "pairing": shown(players)}))
    if pairing.bye != engine.bye:
        parts.append(Message(N_("bye: {player} instead of {engine}"), {
            "player": start.get(pairing.bye, "-") if pairing.bye else "-",
            "engine": start.get(engine.bye, "-") if engine.bye else "-"}))
    if not parts:  # the engine's boards, fewer of them
        return Message(BY_HAND, {"round": number})
    return Message(BY_HAND_BOARDS, {"round": number, "boards": joined(parts)})


UNUSUAL = frozenset({Result.WHITE_HALF, Result.BLACK_HALF, Result.BOTH_LOSE})
"""The results an arbiter may give that a rating officer asks about (½-0, 0-½, 0-0)."""

_UNCHECKED = COLOUR_RULES | {Rule.BYE_UNEVEN}
"""What the checker says that an imported round may break knowingly: FIDE's colour rules have
exceptions (the last round's topscorers) the checker cannot see; an even spread of byes is a
Keizer wish."""


@dataclass(frozen=True)
class Findings:
    """FIDE mode's re-check of rounds it did not see: `problems` keep the tournament out of
    FIDE mode; `warnings` are what the TD reads and the rating officer will ask about."""

    problems: tuple[Message, ...]
    warnings: tuple[Message, ...]


def recheck(t: Tournament) -> Findings:
    """Check the played rounds of an imported tournament against FIDE mode's rules: the
    pairing checker on every round (with the rounds before it as history), the scoring, more
    than one half-point bye per player, full-point byes given by hand, unusual results and
    adjourned games. The engine's pairing of a round cannot be known afterwards, so a pairing
    other than the engine's is not looked for."""
    system = system_of(t)
    scoring = system.scoring(t.settings) if system.holds(t.settings) else None
    if scoring is None:
        raise ServiceError("FIDE mode is for round robins and Swiss tournaments")
    check_scoring(scoring)
    problems: list[Message] = []
    warnings: list[Message] = []
    half: dict[int, list[int]] = {}
    for rnd in t.rounds:
        boards = [(g.white, g.black) for g in rnd.games]
        seated = [p for pair in boards for p in pair] + ([rnd.bye] if rnd.bye else [])
        checked = check_boards(boards, rnd.bye, tournament=t, round_number=rnd.number,
                               present=seated, rules=rules(t, rnd.number))
        for finding in checked.findings:
            where = Message(ROUND_SAYS, {"round": rnd.number, "finding": finding.msg})
            if finding.severity is Severity.ERROR:
                problems.append(where)
            elif finding.rule not in _UNCHECKED:
                warnings.append(where)
        for absence in rnd.absences:
            kind = SWISS_ABSENCES.get(absence.reason)
            if kind is Kind.HPB:
                half.setdefault(absence.player, []).append(rnd.number)
            elif kind is Kind.FPB:
                warnings.append(Message(FULL_BY_HAND, {
                    "round": rnd.number, "player": label(t.entrant(absence.player), t)}))
        for game in rnd.games:
            if game.result in UNUSUAL:
                warnings.append(Message(N_("round {round} board {board}: the unusual result "
                                           "{result} ({white} - {black})"), {
                    "round": rnd.number, "board": game.board, "result": str(game.result),
                    "white": label(t.entrant(game.white), t),
                    "black": label(t.entrant(game.black), t)}))
    for player, numbers in half.items():
        if len(numbers) > 1:
            warnings.append(Message(HAD_HPBS, {
                "player": label(t.entrant(player), t), "count": len(numbers),
                "rounds": ", ".join(map(str, numbers))}))
    adjourned = t.adjourned_rounds()
    if adjourned:
        warnings.append(Message(N_(
            "adjourned or postponed games (?) in round(s) {rounds}: they count as draws for "
            "pairing; the final standings and the rating report wait for their results"),
            {"rounds": ", ".join(map(str, adjourned))}))
    return Findings(tuple(problems), tuple(warnings))


ROUND_SAYS = N_("round {round}: {finding}")
HAD_HPBS = N_("{player} had {count} half-point byes (rounds {rounds}); FIDE's verification "
              "check list flags more than one per player")
IMPORTED = N_("in the imported rounds: {finding}")
"""The event of a warning about rounds FIDE mode did not see (an import)."""
FULL_BY_HAND = N_("round {round}: full-point bye given by hand to {player}")
"""The event of a full-point bye given by hand (confirmed when given, found when imported)."""


__all__ = ["BY_HAND", "BY_HAND_BOARDS", "FIDE", "FIDE_LOGGED", "FULL_BY_HAND", "HAD_HPBS",
           "IMPORTED", "SECOND_HPB", "FideMode", "Findings", "NeedsFideConfirmation",
           "by_hand_event", "check_scoring", "confirmed", "events_of", "leaves",
           "mode_from_json", "mode_to_json", "recheck", "require", "settings_events",
           "trf_comments"]
