"""Tournaments whose exported pages the format tests check as HTML and the browser tests
draw in Chromium: hostile names, and a Swiss and a round robin read from tests/data/json."""

from __future__ import annotations

from golden import DATA
from rochade.core.keizer.settings import preset
from rochade.core.model import Absence, Entrant, Game, Result, Round, Status, Tournament
from rochade.formats.json import parse_tournament

HOSTILE = [
    "<script>alert('x')</script>",
    '"><img src=x onerror=alert(1)>',
    "Tom & Jerry's",
    "שלום עליכם",
    "\u202eevil\u202c name",
    "tab\there\x00nul\x0bvt\ufdd0\uffff\ud800",
    "♞ Magnus 🏆",
    '=HYPERLINK("http://evil.example")',
]


def hostile_tournament() -> Tournament:
    entrants = tuple(Entrant(i, name, 1500 + i) for i, name in enumerate(HOSTILE, start=1))
    away = len(entrants) + 1
    entrants += (Entrant(away, "Away", 1400, Status.EXCUSED),)
    games = (
        Game(1, 2, Result.WHITE_WINS, 1),
        Game(3, 4, Result.DRAW, 2),
        Game(5, 6, None, 3),
        Game(7, 8, Result.BLACK_WINS_FORFEIT, 4),
    )
    rnd = Round(1, games, (Absence(away, "excused"),))
    t = Tournament("</title><script>x()</script>", entrants, (rnd,), settings=preset("kfc"))
    t.validate()
    return t


EVENTS = {"swiss": "swiss-rapid.json", "rr": "round-robin-summer.json"}


def event(kind: str) -> Tournament:
    return parse_tournament((DATA / "json" / EVENTS[kind]).read_text(encoding="utf-8"))
