"""Changing the last round's pairing in place, board by board, instead of undoing the round
and pairing it again by hand: two players change places (a player and the bye alike), a
board's colours turn, the bye goes to another player, some boards are paired again by the
engine among their own players, a late entry plays the player who had the bye.

Only boards without a result move. Each change is one action of the log, undoable; the
checker looks at the round as it would be (its errors refuse, its warnings about the players
moved are confirmed first), and in FIDE mode a round that then differs from the engine's
pairing is confirmed first too, naming the boards that differ, as the rating report will.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from rochade.core.checker import check_boards
from rochade.core.messages import N_, Message, Said, joined
from rochade.core.model import Entrant, Game, PlayerId, Round, Tournament
from rochade.core.pairing import Board, Pairing
from rochade.core.systems import system_of
from rochade.service import system_cases
from rochade.service.clubfile import UseCases
from rochade.service.errors import NeedsConfirmation, ServiceError
from rochade.service.fidemode import NeedsFideConfirmation, by_hand_event, confirmed, mode_of
from rochade.service.phones import forget_reports
from rochade.service.players import find_entrant
from rochade.service.reports import PairingReport

Seat = tuple[int, int] | None
"""Where a player sits in a round: (board, 0 white / 1 black), or None for the bye."""


@dataclass
class Draft:
    """The last round's boards (white, black; board 1 first) and bye as an edit leaves them,
    and the boards it changed."""

    boards: list[list[PlayerId]]
    bye: PlayerId | None
    changed: set[int]


Edit = Callable[[Tournament, Round, Draft], Message]
"""Changes the draft of the round (the tournament before it is given for the engine) and
says what it did; raises `ServiceError` for a change it cannot make."""


class PairingEditor(UseCases):
    """The changes of a paired round's pairing, each one logged action. Each returns the
    round as changed, with what was done (and any warning accepted) as its explanation."""

    def swap_players(self, first: str, second: str, confirm: bool = False,
                     tournament: str | None = None) -> PairingReport:
        """Two players of the last round change places (boards and colours; one of them may
        be the player with the bye)."""

        def edit(t: Tournament, rnd: Round, draft: Draft) -> Message:
            one, two = find_entrant(t.entrants, first), find_entrant(t.entrants, second)
            if one.id == two.id:
                raise ServiceError("choose two different players to swap")
            seats = _seat(draft, rnd, one), _seat(draft, rnd, two)
            _put(draft, seats[0], two.id)
            _put(draft, seats[1], one.id)
            return Message(N_("round {round}: {first} and {second} change places"), {
                "round": rnd.number, "first": one.name, "second": two.name})

        return self._edit(edit, confirm, tournament)

    def swap_colours(self, board: int, confirm: bool = False,
                     tournament: str | None = None) -> PairingReport:
        """A board of the last round with the colours the other way round."""

        def edit(t: Tournament, rnd: Round, draft: Draft) -> Message:
            _open_board(rnd, board)
            draft.boards[board - 1].reverse()
            draft.changed.add(board)
            return Message(N_("round {round} board {board}: colours swapped"), {
                "round": rnd.number, "board": board})

        return self._edit(edit, confirm, tournament)

    def move_bye(self, player: str, confirm: bool = False,
                 tournament: str | None = None) -> PairingReport:
        """The bye of the last round to `player`, who takes the seat of the one who had it."""

        def edit(t: Tournament, rnd: Round, draft: Draft) -> Message:
            if rnd.bye is None:
                raise ServiceError("round {round} has no bye", round=rnd.number)
            had, gets = t.entrant(rnd.bye), find_entrant(t.entrants, player)
            if gets.id == had.id:
                raise ServiceError("{player} has the bye already", player=gets.name)
            _put(draft, _seat(draft, rnd, gets), had.id)
            draft.bye = gets.id
            return Message(N_("round {round}: the bye goes to {player} instead of {had}"), {
                "round": rnd.number, "player": gets.name, "had": had.name})

        return self._edit(edit, confirm, tournament)

    def repair_boards(self, boards: Sequence[int], confirm: bool = False,
                      tournament: str | None = None) -> PairingReport:
        """The players of these boards of the last round paired again among themselves by the
        system's engine (the other boards stay as they are)."""

        def edit(t: Tournament, rnd: Round, draft: Draft) -> Message:
            chosen = sorted(set(boards))
            if not chosen:
                raise ServiceError("choose the boards to pair again")
            for board in chosen:
                _open_board(rnd, board)
            players = [p for board in chosen for p in draft.boards[board - 1]]
            paired = _engine(t, rnd.number, players)
            if len(paired.boards) != len(chosen):
                raise ServiceError("the engine finds no pairing of boards {boards} among "
                                   "their players", boards=", ".join(map(str, chosen)))
            again = [[new.white, new.black] for new in paired.boards]
            if again == [draft.boards[board - 1] for board in chosen]:
                raise ServiceError("the engine pairs boards {boards} as they are; nothing "
                                   "changed", boards=", ".join(map(str, chosen)))
            for board, players in zip(chosen, again, strict=True):
                draft.boards[board - 1] = players
            draft.changed.update(chosen)
            return Message(N_("round {round}: boards {boards} paired again by the engine"), {
                "round": rnd.number, "boards": ", ".join(map(str, chosen))})

        return self._edit(edit, confirm, tournament)

    def pair_late_entry(self, player: str, confirm: bool = False,
                        tournament: str | None = None) -> PairingReport:
        """A player without a board in the last round (a late entry, one who came after
        all) plays the player who had the bye, on a new last board; the engine gives the
        colours."""

        def edit(t: Tournament, rnd: Round, draft: Draft) -> Message:
            late = find_entrant(t.entrants, player)
            if rnd.bye is None:
                raise ServiceError("round {round} has no bye to pair {player} against",
                                   round=rnd.number, player=late.name)
            if _seated(draft, late.id):
                raise ServiceError("{player} has a board or the bye in round {round} already",
                                   player=late.name, round=rnd.number)
            if late.withdrawn:
                raise ServiceError("{player} has withdrawn", player=late.name)
            had = t.entrant(rnd.bye)
            [board] = _engine(t, rnd.number, [had.id, late.id]).boards
            draft.boards.append([board.white, board.black])
            draft.bye = None
            draft.changed.add(len(draft.boards))
            return Message(N_("round {round}: {player} plays {opponent}, who had the bye"), {
                "round": rnd.number, "player": late.name, "opponent": had.name})

        return self._edit(edit, confirm, tournament)

    def _edit(self, edit: Edit, confirm: bool, tournament: str | None) -> PairingReport:
        with self.file.change("pair", "change pairing") as (club, action):
            record, t = self.file.load(club, tournament, league=False)  # rows written back
            if system_of(t).fixed_schedule:
                raise ServiceError("a round robin is paired by its Berger table; its pairing "
                                   "is not changed by hand")
            if not t.rounds:
                raise ServiceError("no round is paired yet")
            rnd = t.rounds[-1]
            before = dataclasses.replace(t, rounds=t.rounds[:-1])
            draft = Draft([[g.white, g.black] for g in rnd.games], rnd.bye, set())
            said = edit(before, rnd, draft)
            pairing = Pairing(tuple(Board(w, b) for w, b in draft.boards), draft.bye)
            moved = {p for board in draft.changed for p in draft.boards[board - 1]}
            moved |= {p for p in (rnd.bye, draft.bye) if p is not None and rnd.bye != draft.bye}
            checked = check_boards(
                [(w, b) for w, b in draft.boards], draft.bye, tournament=before,
                round_number=rnd.number, present=pairing.players(),
                rules=system_cases.rules(before, rnd.number))
            if checked.errors:
                raise ServiceError(joined([f.msg for f in checked.errors], " "))
            warnings = [w for w in checked.warnings if moved & set(w.players)]
            event = by_hand_event(before, rnd.number, pairing) if mode_of(club, record).on else None
            events = [event] if event else []
            if (warnings or events) and not confirm:
                raise NeedsConfirmation(warnings,
                                        [NeedsFideConfirmation(events).msg] if events else ())
            results = {g.board: g.result for g in rnd.games}
            old = {g.board: (g.white, g.black) for g in rnd.games}
            games = tuple(
                Game(w, b, results.get(i) if old.get(i) == (w, b) else None, i)
                for i, (w, b) in enumerate(draft.boards, 1))
            seated = set(pairing.players())
            changed = dataclasses.replace(
                rnd, games=games, bye=draft.bye,
                absences=tuple(a for a in rnd.absences if a.player not in seated))
            after = dataclasses.replace(t, rounds=(*t.rounds[:-1], changed))
            after.validate()
            lines = (Said(Message(N_("Changed by hand: {change}"), {"change": said})),
                     *(Said("Accepted: {warning}", warning=w.msg) for w in warnings))
            notes = club.round_notes(record.id, rnd.number)
            club.change_round(record.id, changed, (*notes.explanation, *lines))
            forget_reports(club, record.id, rnd.number, draft.changed)
            action.describe(confirmed(said, events), record)
        return PairingReport(after, changed, lines)


def _open_board(rnd: Round, board: int) -> Game:
    """Board `board` of the round, refused when there is none or it has its result."""
    if not 1 <= board <= len(rnd.games):
        raise ServiceError("round {round} has no board {board} (it has boards 1-{count})",
                           round=rnd.number, board=board, count=len(rnd.games))
    game = rnd.games[board - 1]
    if game.result is not None:
        raise ServiceError("board {board} has its result already; its pairing stays",
                           board=board)
    return game


def _seat(draft: Draft, rnd: Round, player: Entrant) -> Seat:
    """Where `player` sits in the draft, on a board without a result (or has the bye)."""
    if draft.bye == player.id:
        return None
    for board, players in enumerate(draft.boards, 1):
        if player.id in players:
            _open_board(rnd, board)
            return board, players.index(player.id)
    raise ServiceError("{player} has no board in round {round}", player=player.name,
                       round=rnd.number)


def _put(draft: Draft, seat: Seat, player: PlayerId) -> None:
    if seat is None:
        draft.bye = player
        return
    board, side = seat
    draft.boards[board - 1][side] = player
    draft.changed.add(board)


def _seated(draft: Draft, player: PlayerId) -> bool:
    return draft.bye == player or any(player in players for players in draft.boards)


def _engine(t: Tournament, number: int, players: Sequence[PlayerId]) -> Pairing:
    return system_cases.pair_players(t, number, players)
