"""Finding players and tournaments by what a TD types: an id, a name or a unique prefix."""

from __future__ import annotations

import csv
import io
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TypeVar

from rochade.core.model import Entrant
from rochade.service.errors import ServiceError

T = TypeVar("T")


def pick(
    items: Sequence[T],
    typed: str,
    name_of: Callable[[T], str],
    what: str,
    shown: Callable[[T], str] | None = None,
) -> T:
    """The item whose name is `typed` (ignoring case), else the only one it is a prefix of.

    Several candidates: an error listing them (as `shown` gives them), so the TD sees what to
    type instead.
    """
    key = typed.strip().casefold()
    if not key:
        raise ServiceError(f"no {what} given")
    exact = [item for item in items if name_of(item).casefold() == key]
    if len(exact) == 1:
        return exact[0]
    candidates = exact or [item for item in items if name_of(item).casefold().startswith(key)]
    if not candidates:
        raise ServiceError(f"no {what} named {typed!r}")
    if len(candidates) > 1:
        names = ", ".join((shown or name_of)(item) for item in candidates[:8])
        more = ", ..." if len(candidates) > 8 else ""
        raise ServiceError(f"{typed!r} matches several {what}s: {names}{more}; type more letters")
    return candidates[0]


def find_entrant(entrants: Sequence[Entrant], typed: str) -> Entrant:
    """An entrant by id (digits) or by name; ambiguous names list the candidates with ids."""
    text = typed.strip()
    if text.isdigit():
        for entrant in entrants:
            if entrant.id == int(text):
                return entrant
        raise ServiceError(f"no player with id {text}")
    return pick(entrants, text, lambda e: e.name, "player", label)


def label(entrant: Entrant) -> str:
    """How messages name a player: name and id."""
    return f"{entrant.name} ({entrant.id})"


@dataclass(frozen=True, slots=True)
class PlayerLine:
    """One line of a player list (CSV: name,rating[,fide_id])."""

    name: str
    rating: int | None
    fide_id: int | None


def parse_player_csv(text: str) -> list[PlayerLine]:
    """Read `name,rating[,fide_id]` lines; a header line starting with "name" is skipped.

    Errors name the line, so the TD can fix the file.
    """
    lines: list[PlayerLine] = []
    for number, row in enumerate(csv.reader(io.StringIO(text)), start=1):
        cells = [cell.strip() for cell in row]
        if not any(cells):
            continue
        if number == 1 and cells[0].casefold() == "name":
            continue
        if len(cells) > 3:
            raise ServiceError(
                f"line {number}: expected name,rating[,fide_id], got {len(cells)} fields"
            )
        name = cells[0]
        if not name:
            raise ServiceError(f"line {number}: the name is empty")
        rating = _number(cells[1] if len(cells) > 1 else "", number, "rating")
        fide_id = _number(cells[2] if len(cells) > 2 else "", number, "FIDE id")
        lines.append(PlayerLine(name, rating, fide_id))
    if not lines:
        raise ServiceError("the player list is empty")
    return lines


def _number(cell: str, line: int, what: str) -> int | None:
    if not cell:
        return None
    if not cell.isdigit():
        raise ServiceError(f"line {line}: the {what} {cell!r} is not a whole number")
    return int(cell)
