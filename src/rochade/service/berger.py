"""`round-robin-table`'s use case: the FIDE Berger table for a number of players, as lines to
print. It loads the round-robin schedule and nothing of a club file."""

from __future__ import annotations

from dataclasses import dataclass

from rochade.core.roundrobin import berger_schedule


@dataclass(frozen=True)
class BergerTable:
    """One line per round, `round: white-black ...` in start numbers, board 1 first;
    `bye_number`: with an odd number of players, the extra number whose opponent rests."""

    lines: tuple[str, ...]
    bye_number: int | None


def berger_table(players: int, double: bool = False, swap_last_two: bool = True
                 ) -> BergerTable:
    """The Berger table for `players` (the published FIDE tables; `double`: a second cycle,
    colours reversed, `swap_last_two`: its first cycle's last two rounds swapped)."""
    schedule = berger_schedule(players, double=double, swap_last_two=swap_last_two)
    lines = tuple(f"{rnd.number}: " + " ".join(f"{w}-{b}" for w, b in rnd.boards)
                  for rnd in schedule.rounds)
    return BergerTable(lines, schedule.bye_number)
