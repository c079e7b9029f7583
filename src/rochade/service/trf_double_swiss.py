"""`pair-trf` for a Double-Swiss file (192 `FIDE_DOUBLESWISS`): the next game round paired
by the system, or every recorded match round paired again and compared.

A Double-Swiss file has a column per game: match round m is columns 2m-1 (first games) and
2m (the same pairs, colours swapped).
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable

from rochade.core.model import ModelError, Tournament
from rochade.core.systems import system_of
from rochade.core.systems.base import PairingRefused
from rochade.formats.trf import TrfError, format_pairing
from rochade.formats.trf_tournament import read_trf_tournament


class DoubleSwissFileError(Exception):
    """Why a Double-Swiss file cannot be paired or checked; `no_pairing`: the file is sound
    but no pairing of its next round exists."""

    def __init__(self, message: str, no_pairing: bool = False) -> None:
        super().__init__(message)
        self.no_pairing = no_pairing


def _read(text: str) -> Tournament:
    if any(line[:3] == "192" and line.upper().rstrip().endswith("_BAKU")
           for line in text.splitlines()):
        raise DoubleSwissFileError("record 192 asks for the Baku acceleration, which rochade "
                                   "does not apply to a Double-Swiss")
    try:
        return read_trf_tournament(text, "TRF")[0]
    except (TrfError, ModelError) as exc:
        raise DoubleSwissFileError(str(exc)) from None


def pair_double_swiss_file(text: str) -> tuple[str, tuple[str, ...]]:
    """The next game round (bbpPairings' output format) and the engine's reasons."""
    t = _read(text)
    number = len(t.rounds) + 1
    system = system_of(t)
    players = [e.id for e in t.entrants if e.status.plays]
    try:
        pairing, _ = system.pair(t, number, lambda: players, lambda: 0)
    except PairingRefused as exc:
        raise DoubleSwissFileError(str(exc), no_pairing=True) from None
    pairs = [(b.white, b.black) for b in pairing.boards]
    return format_pairing(pairs, pairing.bye), tuple(str(x) for x in pairing.explanation)


def check_double_swiss_file(text: str, say: Callable[[str], None]) -> int:
    """Pair every recorded match round again from the rounds before it and `say` each
    difference (first games as the engine pairs them, second games as the swapped first
    games), then the count. How many game rounds differ."""
    t = _read(text)
    system = system_of(t)
    differences = 0
    for number, recorded in enumerate(t.rounds, 1):
        before = dataclasses.replace(t, rounds=t.rounds[:number - 1])
        present = [p for g in recorded.games for p in (g.white, g.black)]
        present += [] if recorded.bye is None else [recorded.bye]
        try:
            pairing, _ = system.pair(before, number, functools.partial(tuple, present),
                                     lambda: 0)
        except PairingRefused as exc:
            say(f"round {number}: {exc}, but the file pairs it")
            differences += 1
            continue
        mine = {(b.white, b.black) for b in pairing.boards}
        theirs = {(g.white, g.black) for g in recorded.games}
        if mine != theirs or pairing.bye != recorded.bye:
            differences += 1
            say(f"round {number}: the recorded pairing differs from the engine's")
            say(f"  recorded: {_show(theirs, recorded.bye)}")
            say(f"  engine:   {_show(mine, pairing.bye)}")
    say(f"{len(t.rounds)} rounds checked, {differences} differ")
    return differences


def _show(pairs: set[tuple[int, int]], bye: int | None) -> str:
    text = ", ".join(f"{w}-{b}" for w, b in sorted(pairs))
    return text + (f", bye {bye}" if bye is not None else "")


def random_double_swiss_trf(seed: int, players: int, rounds: int) -> str:
    """A random Double-Swiss (`rounds` match rounds, `players` players) played through the
    system's own pairing from `seed`, as a TRF26 file (192 FIDE_DOUBLESWISS): what FIDE's
    random tournament generator gives a checker to read."""
    from rochade.core.systems.double_swiss_events import random_double_swiss
    from rochade.formats.trf_tournament import write_trf_tournament

    return write_trf_tournament(random_double_swiss(seed, players, rounds))
