"""Rounds and results: pairing a round (by the system's engine or by hand), its date and
notes, entering and correcting results and games played for a club team; each change one
logged action."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence
from datetime import date
from fractions import Fraction

from rochade.core.checker import CheckedPairing, check_boards
from rochade.core.checker import Rule as Rule  # of the findings `check_by_hand` returns
from rochade.core.messages import N_, Message, Said, joined
from rochade.core.model import (
    Absence,
    ExternalGame,
    Game,
    PlayerId,
    Result,
    Round,
    Status,
    Tournament,
)
from rochade.core.pairing import Pairing
from rochade.core.systems import player_numbers
from rochade.service import system_cases
from rochade.service.clubfile import UseCases
from rochade.service.errors import NeedsConfirmation, ResultConflict, ServiceError
from rochade.service.fidemode import NeedsFideConfirmation, by_hand_event, confirmed, mode_of
from rochade.service.lists import keizer_settings, points_before, standing_changes
from rochade.service.players import find_entrant, find_typed, label
from rochade.service.reports import PairingList, PairingReport, ResultReport, StandingChange
from rochade.service.roster import reason_word
from rochade.store import Club, RoundNotes, TournamentRecord


class RoundsDesk(UseCases):
    """The rounds of a tournament: pairings and results."""

    def pair(self, tournament: str | None = None) -> PairingReport:
        """Pair the next round with the system's engine and store it with its explanation."""
        with self.file.change("pair", "pair") as (club, action):
            record, t = self.file.load(club, tournament)
            number = _next_round(t)
            pairing, changed = system_cases.pair(t, number, lambda: {
                player: d.federation or d.club
                for player, d in club.member_details(record.id).items()})
            if changed is not None:
                club.set_settings(record.id, system_cases.encode(changed))
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
        numbered: bool = False,
    ) -> PairingReport:
        """Pair the next round as the TD typed it ("1-9 4-7": white-black by player id; when
        `numbered`, by the numbers the lists show: a Swiss's or round robin's pairing numbers).

        The checker's errors refuse; its warnings refuse too unless `confirm`, and are then
        kept in the round's explanation. `replace` re-pairs the last round instead, as long
        as none of its results is in.
        """
        with self.file.change("pair", "pair by hand") as (club, action):
            record, t = self.file.load(club, tournament)
            system_cases.check_hand_pairing(t)
            if replace:
                t = _without_last_round(club, record, t)
            number = _next_round(t)
            bye_id = find_entrant(t.entrants, bye).id if bye else None
            typed = _parse_boards(boards)
            if numbered:
                typed = _by_number(t, typed)
            checked = _check_by_hand(t, number, typed, bye_id)
            if checked.errors:
                raise ServiceError(joined([f.msg for f in checked.errors], " "))  # sentences
            assert checked.pairing is not None
            event = (by_hand_event(t, number, checked.pairing) if mode_of(club, record).on
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
            numbers = system_cases.numbered(t)
            if numbers is not None:
                club.set_settings(record.id, system_cases.encode(numbers))
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
        system_cases.check_hand_pairing(t)
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
        numbers = pairing.numbers or range(1, len(pairing.boards) + 1)
        games = system_cases.with_forfeits(
            t, tuple(Game(b.white, b.black, None, i) for b, i in zip(pairing.boards, numbers,
                                                                     strict=True))
        )
        given = {row.player: row.reason for row in pairing.rows}
        absences = []
        for entrant in t.entrants:
            if entrant.withdrawn or entrant.id in playing:
                continue
            reason = given.get(entrant.id) or system_cases.absence_reason(t, number, entrant)
            if reason is None:  # present but left out: the engine or the checker failed us
                raise ServiceError("{player} is present but has no board", player=label(entrant, t))
            absences.append(Absence(entrant.id, reason))
        rnd = Round(number, games, tuple(absences), pairing.bye)
        after = dataclasses.replace(t, rounds=(*t.rounds, rnd))
        after.validate()
        for entrant in t.entrants:
            if entrant.status is Status.PREREGISTERED and entrant.id in playing:
                club.set_status(record.id, entrant.id, Status.PRESENT)
        day = self.file.now.astimezone().date().isoformat()  # the club's evening, local time
        club.add_round(record.id, rnd, RoundNotes(pairing.explanation, paired_by, day))
        return PairingReport(after, rnd, pairing.explanation)

    def pairing_list(self, round_number: int, tournament: str | None = None) -> PairingList:
        """What a pairing list shows: the round, its evening's date and each player's points
        before it (the CLI, the exports and the web pages print the same)."""
        with self.file.reading() as club:
            record, t = self.file.load(club, tournament)
            if not 1 <= round_number <= len(t.rounds):
                raise ServiceError("there is no round {number} (the tournament has {count})",
                                   number=round_number, count=len(t.rounds))
            day = club.round_dates(record.id)[round_number - 1]
        return PairingList(t, t.rounds[round_number - 1], day, points_before(t, round_number))

    def round_notes(self, round_number: int, tournament: str | None = None) -> RoundNotes:
        """How round `round_number` was paired and the engine's explanation."""
        with self.file.reading() as club:
            record = self.file.record(club, tournament)
            return club.round_notes(record.id, round_number)

    def set_round_date(self, round_number: int, day: str, tournament: str | None = None) -> str:
        """Correct the date of a club evening (a round gets the day it is paired)."""
        try:
            iso = date.fromisoformat(day.strip()).isoformat()
        except ValueError:
            raise ServiceError(
                "'{date}' is not a date; write it like 2026-12-01", date=day
            ) from None
        with self.file.change("round", "round date") as (club, action):
            record, t = self.file.load(club, tournament)
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
        with self.file.reading() as club:
            _, t = self.file.load(club, tournament)
        return system_cases.pairing_reasons(t, round_number, find_entrant(t.entrants, player).id)

    def enter_result(
        self,
        round_number: int,
        board: int | str,
        result: str,
        tournament: str | None = None,
        expected: str | None = None,
    ) -> ResultReport:
        """Enter or correct a result; a correction reports who moved in the standings.

        `board` as the TD types it: a board number, or a cup's MATCH.GAME (`round_number` is
        then the cup round; the system finds the stored round). `expected`: the result the TD
        saw on the board ("" for none). If the board holds another one by the time this
        change has the write lock (another device, the CLI, an undo, or this very post sent
        twice), nothing is saved: `ResultConflict`. None: no check (the CLI without
        --expect)."""
        parsed = Result.parse(result)
        seen = Result.parse(expected) if expected else None
        with self.file.change("result", "result") as (club, action):
            record, t = self.file.load(club, tournament)
            if isinstance(board, str):
                round_number, board = system_cases.locate(t, round_number, board)
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
            system_cases.check_result(t, after, round_number)
            changes: tuple[StandingChange, ...] = ()
            if game.result is not None or round_number < len(t.rounds):
                changes = standing_changes(t, after)
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
        with self.file.change("external", "external game") as (club, action):
            record, t = self.file.load(club, tournament)
            rnd = _round(t, round_number)
            entrant = find_entrant(t.entrants, player)
            s = keizer_settings(t)
            if not s.has_team(team):
                teams = ", ".join(map(str, sorted(s.team_values.keys() | s.team_shares.keys())))
                raise ServiceError(
                    "team {team} has no board values in the settings ({teams})",
                    team=team,
                    teams=teams or Message("none"),
                )
            absences = rnd.absences
            what = N_("round {round}: {player} scored {score} for team {team} on board {board}")
            values: dict[str, object] = {"round": round_number, "player": label(entrant, t),
                                         "score": score.strip(), "team": team, "board": board}
            if not extra:
                absence = next((a for a in rnd.absences if a.player == entrant.id), None)
                if absence is None:
                    raise ServiceError(
                        "{player} already has a game or the bye in round {round}; an external"
                        " game can replace only an absence (or count as extra)",
                        player=label(entrant, t),
                        round=round_number,
                    )
                club.delete_absence(record.id, round_number, entrant.id)
                absences = tuple(a for a in rnd.absences if a is not absence)
                what = N_(
                    "round {round}: {player} scored {score} for team {team} on board {board},"
                    " instead of {reason}"
                )
                values["reason"] = reason_word(absence.reason)
            ext = ExternalGame(entrant.id, team, board, points, not extra)
            club.add_external(record.id, round_number, ext)
            after = _with_round(
                t, dataclasses.replace(rnd, absences=absences, externals=(*rnd.externals, ext))
            )
            after.validate()
            action.describe(Message(what, values), record)
        return after


def _next_round(t: Tournament) -> int:
    """The number of the round to pair; the previous one must be complete."""
    if t.rounds and not t.rounds[-1].complete and not system_cases.pairs_ahead(t):
        last = t.rounds[-1]
        missing = [str(g.board) for g in last.games if g.result is None]
        template = (
            N_("round {round} is not complete: boards {boards} have no result yet")
            if len(missing) > 1
            else N_("round {round} is not complete: board {boards} has no result yet")
        )
        raise ServiceError(template, round=last.number, boards=", ".join(missing))
    return len(t.rounds) + 1


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
        present=system_cases.present(t, number),
        rules=system_cases.rules(t, number),
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


_BOARD = re.compile(r"(\d+)\s*-\s*(\d+)")


def _by_number(t: Tournament, boards: list[tuple[PlayerId | None, PlayerId | None]]
               ) -> list[tuple[PlayerId | None, PlayerId | None]]:
    """Boards typed with the numbers the lists show, with ids; an unknown number is refused
    naming the numbers there are (Keizer's numbers are its ids: the checker names those)."""
    if all(pid == n for pid, n in player_numbers(t).items()):
        return boards

    def player(number: PlayerId | None) -> PlayerId | None:
        return None if number is None else find_typed(t, f"#{number}").id

    return [(player(white), player(black)) for white, black in boards]


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


def _describe_round(rnd: Round, how: str) -> Message:
    what = (
        N_("pair round {round} ({how}): {boards} boards and a bye")
        if rnd.bye is not None
        else N_("pair round {round} ({how}): {boards} boards")
    )
    return Message(what, {"round": rnd.number, "how": Message(how), "boards": len(rnd.games)})
