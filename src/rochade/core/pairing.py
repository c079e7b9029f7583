"""What every pairing engine (Keizer, Dutch, Berger) returns, and the interface they share."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol, TypeVar

from rochade.core.model import Absence, PlayerId


@dataclass(frozen=True, slots=True)
class Board:
    """One pair of a round, white first. Boards are numbered by their position in `Pairing`."""

    white: PlayerId
    black: PlayerId


@dataclass(frozen=True)
class Pairing:
    """A round's pairing: boards in board order, the bye (if any) and the engine's explanation.

    `explanation` holds human-readable lines: which rules had to be relaxed, why a player got
    the bye, why colours went as they did. A TD reads them; tests assert on them.
    """

    boards: tuple[Board, ...]
    bye: PlayerId | None = None
    explanation: tuple[str, ...] = ()
    rows: tuple[Absence, ...] = ()
    """Rows the engine gives players it leaves out on purpose (a cup's byes and players
    out); everyone else without a board gets the row their status says."""
    numbers: tuple[int, ...] = ()
    """The boards' numbers when they are not 1, 2, 3 ... (a cup's match numbers)."""

    def players(self) -> list[PlayerId]:
        """Everyone with a board or the bye, boards first."""
        out = [p for b in self.boards for p in (b.white, b.black)]
        if self.bye is not None:
            out.append(self.bye)
        return out


StateT_contra = TypeVar("StateT_contra", contravariant=True)


class PairingEngine(Protocol[StateT_contra]):
    """A deterministic pairing engine: the same state always gives the same pairing."""

    name: str

    def pair(self, state: StateT_contra) -> Pairing:
        """Pair the next round of `state`; never raises for a satisfiable attendance."""
        ...
