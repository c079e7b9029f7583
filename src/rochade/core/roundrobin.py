"""Round robins by the FIDE Berger tables (C.05 Annex 1; spec/round-robin.md).

The schedule is a pure function of the table size and the round, so nothing is stored: the
published tables for 3-16 players are test fixtures, not data. Start numbers are 1-based; with
an odd number of players the table of the next even size is used and its top number is the
bye (whoever meets it rests that round).
"""

from __future__ import annotations

import random
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace

from rochade.core.messages import N_, Message, Said
from rochade.core.model import Entrant, ModelError, PlayerId, Tournament
from rochade.core.pairing import Board, Pairing
from rochade.core.tiebreaks import Kind, PlayerRecord, RoundEntry


@dataclass(frozen=True, slots=True)
class ScheduledRound:
    """One round of a schedule: start-number pairs, white first, in board order.

    `table_round` is the Berger-table round it comes from, `cycle` 1 or 2 (colours reversed).
    With an odd number of players the game against the bye number is kept in `boards` (as the
    published tables print it) and its real player is also named in `bye`.
    """

    number: int
    cycle: int
    table_round: int
    boards: tuple[tuple[int, int], ...]
    bye: int | None = None


@dataclass(frozen=True, slots=True)
class Schedule:
    """The whole round robin for `players` players (the table size is `size`)."""

    players: int
    double: bool
    rounds: tuple[ScheduledRound, ...]

    @property
    def size(self) -> int:
        """The Berger table used: the player count rounded up to even."""
        return self.players + self.players % 2

    @property
    def bye_number(self) -> int | None:
        """The number that stands for the rest round (odd player counts only)."""
        return self.size if self.players % 2 else None


def berger_round(size: int, table_round: int) -> tuple[tuple[int, int], ...]:
    """Round `table_round` of the Berger table for an even `size`: (white, black) per board.

    Board 1 holds the top number `size`: it has Black in odd rounds and White in even ones.
    The other boards rotate the remaining numbers around it.
    """
    if size < 2 or size % 2:
        raise ModelError("a Berger table needs an even size of at least 2, not {size}", size=size)
    m = size - 1
    if not 1 <= table_round <= m:
        raise ModelError(
            "the Berger table for {size} players has rounds 1 to {last}",
            size=size,
            last=m,
        )
    half = size // 2
    first = ((table_round - 1) * half) % m + 1
    boards = [(first, size) if table_round % 2 else (size, first)]
    for k in range(1, half):
        boards.append(((first - 1 + k) % m + 1, (first - 1 - k) % m + 1))
    return tuple(boards)


def berger_schedule(players: int, *, double: bool = False, swap_last_two: bool = True
                    ) -> Schedule:
    """The FIDE schedule for `players` players, single or double round robin.

    A double round robin repeats the table with colours reversed. By default (the FIDE
    recommendation) cycle 1 plays its last two rounds in swapped order, so that nobody gets
    three equal colours in a row across the cycle boundary; cycle 2 keeps the table's order.
    `swap_last_two` only matters for a double round robin (of at least two rounds per cycle).
    """
    if players < 2:
        raise ModelError("a round robin needs at least 2 players, not {players}", players=players)
    size = players + players % 2
    m = size - 1
    order = list(range(1, m + 1))
    if double and swap_last_two and m >= 2:
        order[-2], order[-1] = order[-1], order[-2]
    cycles = [(1, order, False)]
    if double:
        cycles.append((2, list(range(1, m + 1)), True))
    bye_number = size if players % 2 else None
    rounds: list[ScheduledRound] = []
    for cycle, table_order, reverse in cycles:
        for table_round in table_order:
            boards = berger_round(size, table_round)
            if reverse:
                boards = tuple((b, w) for w, b in boards)
            bye = None
            if bye_number is not None:
                w, b = boards[0]
                bye = b if w == bye_number else w
            rounds.append(ScheduledRound(len(rounds) + 1, cycle, table_round, boards, bye))
    return Schedule(players, double, tuple(rounds))


def draw_numbers(players: Iterable[PlayerId], rng: random.Random) -> tuple[PlayerId, ...]:
    """Start numbers by lot: result[i] gets number i + 1. The caller seeds `rng` (replayable)."""
    drawn = sorted(players)
    rng.shuffle(drawn)
    return tuple(drawn)


def numbers_by_rating(entrants: Iterable[Entrant]) -> tuple[PlayerId, ...]:
    """Start numbers by rating, highest first; unrated last; equal ratings by id."""
    return tuple(e.id for e in sorted(entrants, key=lambda e: (-e.sort_rating, e.id)))


_VARMA: dict[int, tuple[tuple[int, ...], ...]] = {
    10: ((3, 4, 8), (5, 7, 9), (1, 6), (2, 10)),
    12: ((4, 5, 9, 10), (1, 2, 7), (6, 8, 12), (3, 11)),
    14: ((4, 5, 6, 11, 12), (1, 2, 8, 9), (7, 10, 13), (3, 14)),
    16: ((5, 6, 7, 12, 13, 14), (1, 2, 3, 9, 10), (8, 11, 15), (4, 16)),
    18: ((5, 6, 7, 8, 14, 15, 16), (1, 2, 3, 10, 11, 12), (9, 13, 17), (4, 18)),
    20: ((6, 7, 8, 9, 15, 16, 17, 18), (1, 2, 3, 11, 12, 13, 14), (5, 10, 19), (4, 20)),
    22: ((6, 7, 8, 9, 10, 17, 18, 19, 20), (1, 2, 3, 4, 12, 13, 14, 15), (11, 16, 21), (5, 22)),
    24: ((6, 7, 8, 9, 10, 11, 19, 20, 21, 22), (1, 2, 3, 4, 13, 14, 15, 16, 17), (12, 18, 23),
         (5, 24)),
}
"""The Varma groups A-D (C.05 Annex 2) by table size; 24 is from a secondary source."""


def varma_groups(players: int) -> tuple[tuple[int, ...], ...]:
    """Groups A, B, C, D of start numbers for 9-24 players (an odd count loses the bye)."""
    size = players + players % 2
    if size not in _VARMA:
        raise ModelError("the Varma tables cover 9 to 24 players, not {players}", players=players)
    return tuple(tuple(n for n in group if n <= players) for group in _VARMA[size])


def varma_draw(federations: Mapping[PlayerId, str], names: Mapping[PlayerId, str],
               rng: random.Random) -> tuple[PlayerId, ...]:
    """Start numbers by the restricted draw of C.05 Annex 2: compatriots share a group.

    Federations draw in order of size (ties: by code), players within one by name. The first
    of a federation picks, by lot, a group with room for the whole contingent; each of them
    then draws a number from it. Result[i] gets number i + 1, as in `draw_numbers`.
    """
    players = sorted(federations)
    free = [list(group) for group in varma_groups(len(players))]
    by_federation: dict[str, list[PlayerId]] = {}
    for player in players:
        by_federation.setdefault(federations[player], []).append(player)
    number: dict[int, PlayerId] = {}
    for code in sorted(by_federation, key=lambda c: (-len(by_federation[c]), c)):
        team = sorted(by_federation[code], key=lambda p: (names[p], p))
        roomy = [group for group in free if len(group) >= len(team)]
        if not roomy:
            raise ModelError(
                "federation {code} has {players} players, more than any Varma group holds; "
                "draw the numbers by lot instead",
                code=code,
                players=len(team),
            )
        group = rng.choice(roomy)
        for player in team:
            drawn = rng.choice(group)
            group.remove(drawn)
            number[drawn] = player
    return tuple(number[n] for n in range(1, len(players) + 1))


@dataclass(frozen=True)
class BergerState:
    """What the Berger engine needs: the numbers drawn and the round to pair.

    `numbers[i]` is the player with start number i + 1; it never changes after the draw.
    Withdrawn players keep their number (their games become forfeits).
    """

    tournament: Tournament
    numbers: tuple[PlayerId, ...]
    round_number: int
    double: bool = False
    swap_last_two: bool = True


class BergerEngine:
    """The `PairingEngine` for round robins: reads the round off the Berger table."""

    name = "berger"

    def pair(self, state: BergerState) -> Pairing:
        """The scheduled round, with the rest player as `bye` and forfeits explained."""
        numbers = state.numbers
        if len(set(numbers)) != len(numbers):
            raise ModelError("each player may hold only one start number")
        schedule = berger_schedule(
            len(numbers), double=state.double, swap_last_two=state.swap_last_two
        )
        if not 1 <= state.round_number <= len(schedule.rounds):
            raise ModelError(
                "this round robin has rounds 1 to {last}, not {round_number}",
                last=len(schedule.rounds),
                round_number=state.round_number,
            )
        rnd = schedule.rounds[state.round_number - 1]
        tournament = state.tournament

        def label(number: int) -> Message:
            entrant = tournament.entrant(numbers[number - 1])
            return Message(N_("{name} (no. {number})"), {"name": entrant.name, "number": number})

        lines = [_round_line(schedule, rnd)]
        boards: list[Board] = []
        for white, black in rnd.boards:
            if schedule.bye_number in (white, black):
                continue
            boards.append(Board(numbers[white - 1], numbers[black - 1]))
            gone = [n for n in (white, black) if tournament.entrant(numbers[n - 1]).withdrawn]
            if len(gone) == 2:
                lines.append(Said("board {board}: both players have withdrawn; the game stays in "
                                  "the table and is recorded as a double forfeit",
                                  board=len(boards)))
            elif gone:
                other = black if gone[0] == white else white
                lines.append(Said(
                    "board {board}: {player} has withdrawn; the game stays in the table and is "
                    "recorded as a forfeit win for {other}",
                    board=len(boards), player=label(gone[0]), other=label(other),
                ))
        bye = None
        if rnd.bye is not None:
            bye = numbers[rnd.bye - 1]
            lines.append(Said("{player} rests: paired with the bye number {number}",
                              player=label(rnd.bye), number=schedule.size))
        return Pairing(tuple(boards), bye, tuple(lines))


def _round_line(schedule: Schedule, rnd: ScheduledRound) -> Said:
    """Where a round comes from in the Berger table, for the explanation."""
    values = {"round": rnd.number, "rounds": len(schedule.rounds), "size": schedule.size,
              "table_round": rnd.table_round}
    if rnd.cycle == 2:
        return Said("round {round} of {rounds}: Berger table for {size} players, round "
                    "{table_round}, colours reversed (cycle 2)", **values)
    if rnd.number != rnd.table_round:
        return Said("round {round} of {rounds}: Berger table for {size} players, round "
                    "{table_round} (last two rounds of cycle 1 swapped: no three equal colours "
                    "in a row)", **values)
    return Said("round {round} of {rounds}: Berger table for {size} players, round "
                "{table_round}", **values)


def annul_withdrawn(records: Sequence[PlayerRecord], withdrawn: Collection[int],
                    games_each: int) -> tuple[PlayerRecord, ...]:
    """Apply the round-robin withdrawal rule to a crosstable for the final standings.

    A player who withdrew having played fewer than half of `games_each` games over the board
    has all games annulled: they become rest rounds for him and for each of his opponents.
    A player who played at least half keeps his results (the rest stay forfeits).
    ⚠ The spec cites the older C.06 wording; "played" here means over the board.
    """
    annulled = {
        rec.id for rec in records
        if rec.id in withdrawn
        and 2 * sum(e.kind is Kind.PLAYED for e in rec.rounds) < games_each
    }
    rest = RoundEntry(Kind.REST)
    out = []
    for rec in records:
        if rec.id in annulled:
            out.append(replace(rec, rounds=tuple(rest for _ in rec.rounds)))
        else:
            out.append(replace(rec, rounds=tuple(
                rest if e.opponent in annulled else e for e in rec.rounds
            )))
    return tuple(out)
