"""Issue 11.6 in a real browser: twelve players entered with the keyboard only (after Add the
focus is back in the name field), then a typo corrected and a player deleted on the same page."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from e2e_helpers import PIN, Server
from playwright.sync_api import Page, expect

from rochade.service import ClubService

PLAYERS = [
    ("Ada Aalders", "2105"), ("Bruno Bakker", "2040"), ("Chiara Conti", ""),
    ("Dirk de Wit", "1930"), ("Eva Engel", "1870"), ("Finn Fischer", "1815"),
    ("Greet Gerrits", ""), ("Hugo Hendriks", "1700"), ("Iris Ivanova", "1650"),
    ("Joost Jansen", "1590"), ("Kees Kok", "1530"), ("Lotte Lammers", "1470"),
]


def focused_id(page: Page) -> str:
    return str(page.evaluate("document.activeElement && document.activeElement.id"))


def test_twelve_players_with_the_keyboard_only(browser: Any, server: Server) -> None:
    ClubService(server.path).create_tournament("Thursday")
    page = browser.new_context(viewport={"width": 1024, "height": 800}).new_page()
    page.goto(server.url + "/td/t/1/players")
    expect(page.locator("#pin")).to_be_focused()
    page.keyboard.type(PIN)
    page.keyboard.press("Enter")
    expect(page).to_have_url(re.compile(r"/td/t/1/players$"))
    for count, (name, rating) in enumerate(PLAYERS, start=1):
        expect(page.locator("#player")).to_be_focused()  # typing starts in the name field
        page.keyboard.type(name)
        page.keyboard.press("Tab")
        assert focused_id(page) == "rating"
        page.keyboard.type(rating)
        page.keyboard.press("Enter")
        expect(page.locator(".flash.ok")).to_have_text(f"{name} added.")
        expect(page.locator("table.players tbody tr:not(.player-data)")).to_have_count(count)
    expect(page.locator("#player")).to_be_focused()
    entered = ClubService(server.path).tournament().entrants
    assert [(e.name, e.rating) for e in entered] == [
        (name, int(rating) if rating else None) for name, rating in PLAYERS
    ]

    # A typo corrected in place, and a player entered by mistake deleted
    page.get_by_label("Name of Kees Kok", exact=True).fill("Kees de Kok")
    page.keyboard.press("Enter")
    expect(page.locator(".flash.ok")).to_have_text("Kees Kok is now called Kees de Kok.")
    page.get_by_role("button", name="Delete Lotte Lammers").click()
    expect(page.locator(".flash.ok")).to_have_text(
        "Lotte Lammers deleted; “Undo last change” brings them back."
    )
    expect(page.locator("table.players tbody tr:not(.player-data)")).to_have_count(11)
    names = [e.name for e in ClubService(server.path).tournament().entrants]
    assert names[-1] == "Kees de Kok" and "Lotte Lammers" not in names


def test_sixty_players_on_two_screens_with_full_names(
    browser: Any, server: Server, artifacts: Path
) -> None:
    """The TD's players page at 1280 px: one line per player with the whole name, 60 players
    within two screens, an accent-free search, and a player's data opened in place."""
    svc = ClubService(server.path)
    svc.create_tournament("Season")
    names = [f"Hanna Wilhelmina van der Berghe-Ødegaard {i:02d}" for i in range(59)]
    svc.import_players("\n".join(f"{n},{2200 - i}" for i, n in enumerate(names)))
    svc.add_player("Dora Åberg", 1500)
    page = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
    page.goto(server.url + "/td/t/1/players")
    page.keyboard.type(PIN)
    page.keyboard.press("Enter")
    expect(page).to_have_url(re.compile(r"/td/t/1/players$"))
    rows = page.locator("table.players tbody tr:not(.player-data)")
    expect(rows).to_have_count(60)
    page.screenshot(path=artifacts / "td-players-60.png", full_page=True)
    cut = page.evaluate("""() => [...document.querySelectorAll('td.pname input[name=name]')]
        .filter(i => i.scrollWidth > i.clientWidth).map(i => i.value)""")
    assert cut == [], cut  # no name cut off in its field
    height = page.locator("table.players").bounding_box()["height"]
    assert height <= 2 * 800, height  # the 60 lines within two screens
    page.get_by_placeholder("Search a player").fill("dora abe")
    expect(rows.locator("visible=true")).to_have_count(1)
    expect(page.get_by_label("Name of Dora Åberg", exact=True)).to_be_visible()
    page.get_by_role("link", name="Details of Dora Åberg").click()
    expect(page.get_by_label("FIDE id").locator("visible=true")).to_have_count(1)
    expect(page.get_by_role("link", name="Details of Dora Åberg")).to_have_attribute(
        "aria-expanded", "true")
    page.get_by_placeholder("Search a player").fill("")
    expect(rows.locator("visible=true")).to_have_count(60)
