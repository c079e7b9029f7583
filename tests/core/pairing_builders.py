"""Small tournaments written as text, for the pairing and checker tests.

Players are single letters with ids 1, 2, 3 ... in the order given. A round is written as
"B-A D-C bye=E absent=F,G" (white first); every game is drawn, as results do not matter here.
"""

from __future__ import annotations

from rochade.core.model import Absence, Entrant, Game, PlayerId, Result, Round, Tournament
from rochade.core.pairing import Pairing


def tournament(names: str, *rounds: str) -> Tournament:
    entrants = tuple(Entrant(i, name) for i, name in enumerate(names.split(), start=1))
    t = Tournament("test", entrants)
    return Tournament(
        "test", entrants, tuple(_round(t, k, text) for k, text in enumerate(rounds, 1))
    )


def ids(t: Tournament, names: str) -> tuple[PlayerId, ...]:
    by_name = {e.name: e.id for e in t.entrants}
    return tuple(by_name[n] for n in names.split())


def boards(t: Tournament, pairing: Pairing) -> str:
    """The boards as "W-B W-B", plus " bye=X"."""
    text = " ".join(f"{t.entrant(b.white).name}-{t.entrant(b.black).name}" for b in pairing.boards)
    if pairing.bye is not None:
        text += f" bye={t.entrant(pairing.bye).name}"
    return text.strip()


def _round(t: Tournament, number: int, text: str) -> Round:
    games, absences, bye = [], [], None
    for item in text.split():
        if item.startswith("bye="):
            (bye,) = ids(t, item[4:])
        elif item.startswith("absent="):
            absences += [Absence(p, "excused") for p in ids(t, item[7:].replace(",", " "))]
        else:
            white, black = ids(t, item.replace("-", " "))
            games.append(Game(white, black, Result.DRAW))
    return Round(number, tuple(games), tuple(absences), bye)
