"""The hall display's standings show every Keizer total in full (issue 16: "23…" for 2345 or
236.33): a 30-player season after 30 rounds, the Dutch practice's start value 70 and a variant
with 100, on the hall's usual screens (1920x1080, 1280x720, a 1024x768 projector showing the
standings) in English, German, French and Arabic. Each total's cell must not overflow
(scrollWidth <= clientWidth), must show the whole number as the standings list has it, and
must not hide under the QR code. Screenshots: tests/e2e/artifacts/hall-totals-*.png.
"""

from __future__ import annotations

import json
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from e2e_helpers import Server

from rochade.service import ClubService

PLAYERS = 30
ROUNDS = 30
SCREENS = [(1920, 1080), (1280, 720), (1024, 768)]
SETTINGS = {"start value 70": {"preset": "dutch-club"},
            "start value 100": {"preset": "dutch-club", "top_value": 100}}
SEPARATORS = {"en": (",", "."), "de": (".", ","), "fr": ("\u202f", ","), "ar": (",", ".")}
"""Each language's grouping and decimal mark (CLDR, as babel writes them)."""


def season(name: str, settings: dict[str, object]) -> str:
    """A rochade JSON file: 30 players, 30 rounds of a circle schedule in which the lower
    number wins (every fifth board a draw) and now and then a pair is excused (a third of the
    own value: totals with decimals), so the leaders reach the largest realistic totals."""
    ids = list(range(1, PLAYERS + 1))
    rounds = []
    for r in range(ROUNDS):
        k = r % (PLAYERS - 1)
        order = [ids[0], *ids[1:][k:], *ids[1:][:k]]
        games, absent = [], []
        for board in range(1, PLAYERS // 2 + 1):
            a, b = order[board - 1], order[PLAYERS - board]
            if board == PLAYERS // 2 and r % 3 == 1:
                absent += [{"player": a, "reason": "excused"}, {"player": b, "reason": "excused"}]
                continue
            white, black = (a, b) if (r + board) % 2 else (b, a)
            result = "1/2-1/2" if board % 5 == 0 else "1-0" if white < black else "0-1"
            games.append({"white": white, "black": black, "result": result})
        rounds.append({"number": r + 1, "games": games, "absent": absent, "bye": None})
    players = [{"id": i, "name": f"Speler {i:02d} van den Heuvel-Oosterhout",
                "rating": 2300 - 10 * i} for i in ids]
    return json.dumps({"format": "rochade-tournament/1", "name": f"Season ({name})",
                       "system": "keizer", "settings": settings, "players": players,
                       "rounds": rounds})


def written(total: Fraction, lang: str) -> str:
    """A total as the display must show it: two decimals for all (the column has thirds),
    thousands grouped, in the language's marks; computed here without the app's code."""
    exact = (Decimal(total.numerator) / Decimal(total.denominator)).quantize(
        Decimal("0.01"), rounding=ROUND_HALF_UP)
    whole, _, part = f"{exact:,.2f}".partition(".")
    group, decimal = SEPARATORS[lang]
    return whole.replace(",", group) + decimal + part


@pytest.fixture
def seasons(server: Server) -> tuple[Server, dict[int, list[Fraction]]]:
    """The seasons imported; tournament number -> its totals in standings order."""
    svc = ClubService(server.path, "e2e")
    totals = {}
    for n, (name, settings) in enumerate(SETTINGS.items(), start=1):
        t = svc.import_json(season(name, settings))
        totals[n] = [row.total for row in svc.standings(t.name).lines]
    return server, totals


CELLS = """() => [...document.querySelectorAll('.standings-panel .display-table tr')].map(tr => {
    const cell = tr.querySelector('td:last-child');  // the total
    const r = cell.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return {text: cell.innerText, scroll: cell.scrollWidth, client: cell.clientWidth,
            left: r.left, right: r.right, seen: hit === cell || cell.contains(hit),
            width: window.innerWidth};
})"""


@pytest.mark.parametrize(("width", "height"), SCREENS)
def test_the_hall_display_shows_every_keizer_total_in_full(
    browser: Any, seasons: tuple[Server, dict[int, list[Fraction]]], artifacts: Path,
    width: int, height: int,
) -> None:
    server, totals = seasons
    for lang in SEPARATORS:
        context = browser.new_context(viewport={"width": width, "height": height},
                                      locale=lang, extra_http_headers={"Accept-Language": lang})
        page = context.new_page()
        for n, label in enumerate(SETTINGS, start=1):
            page.goto(f"{server.url}/t/{n}/display")
            if width < 1200:  # the projector shows pairings and standings in turn
                page.evaluate("document.body.classList.add('show-standings')")
            cells = page.evaluate(CELLS)
            page.screenshot(path=str(artifacts / f"hall-totals-{n}-{lang}-{width}.png"))
            assert [c["text"] for c in cells] == [written(t, lang) for t in totals[n]], label
            assert max(len(c["text"]) for c in cells) >= 8  # "1,707.00": the widest kind
            for cell in cells:
                assert cell["scroll"] <= cell["client"], (label, lang, cell)
                assert cell["left"] >= 0 and cell["right"] <= cell["width"], (label, lang, cell)
                assert cell["seen"], (label, lang, cell)  # not under the QR code
        context.close()
