"""A round robin and a Swiss run in a real browser: the TD creates them, adds the players,
pairs and enters every result; a player's browser shows the final standings, whose tie-breaks
are checked against values computed by hand. Screenshots go to tests/e2e/artifacts/.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from e2e_helpers import Server
from playwright.sync_api import Page, expect
from test_club_evening import PHONE, TD, enter_round, log_in, no_horizontal_scroll

from rochade.service import ClubService

ROUND_ROBIN = [("Anna", 2000), ("Ben", 1960), ("Cora", 1920), ("Dan", 1880), ("Elif", 1840),
               ("Femke", 1800)]
SWISS = [("Ada", 2100), ("Bruno", 2050), ("Chiara", 2000), ("Dirk", 1950), ("Eva", 1900),
         ("Finn", 1850), ("Greet", 1800), ("Hugo", 1750), ("Iris", 1700)]
"""Added in rating order, so player ids are the start (pairing) numbers."""

RESULT_TEXT = {"1-0": "1-0", "1/2": "1/2-1/2", "0-1": "0-1"}


def round_robin_result(white: int, black: int) -> str:
    """The lower start number wins, except: 1-2, 1-3 and 2-6 are drawn, and 6 beats 4."""
    if {white, black} in ({1, 2}, {1, 3}, {2, 6}):
        return "1/2"
    winner = 6 if {white, black} == {4, 6} else min(white, black)
    return "1-0" if winner == white else "0-1"


SWISS_PAIRINGS = {
    1: [(5, 1), (2, 6), (7, 3), (4, 8)],
    2: [(1, 4), (3, 9), (8, 2), (6, 5)],
    3: [(4, 3), (2, 1), (5, 7), (8, 6)],
}
"""What the Dutch engine pairs with these ratings and results (the hand computation below
relies on it): round 1 bye Iris (9), round 2 bye Greet (7), round 3 Iris asked for a
half-point bye."""


def swiss_result(round_number: int, board: int, white: int, black: int) -> str:
    """The higher rated (lower number) wins, except board 1 of round 2 and board 2 of round 1,
    which are drawn."""
    if (round_number, board) in ((1, 2), (2, 1)):
        return "1/2"
    return "1-0" if white < black else "0-1"


def create(page: Page, link: str, name: str) -> None:
    page.goto(page.url.split("/td/")[0] + "/td/")
    page.get_by_role("link", name=link).click()
    page.get_by_label("Name", exact=True).fill(name)


def add_players(page: Page, players: list[tuple[str, int]]) -> None:
    for name, rating in players:
        page.get_by_label("Name", exact=True).fill(name)
        page.get_by_label("Rating", exact=True).fill(str(rating))
        page.get_by_role("button", name="Add player").click()
        expect(page.locator(".flash.ok")).to_have_text(f"{name} added.")


def pair(td: TD, url: str, number: int) -> None:
    td.page.goto(url)
    td.click(td.page.get_by_role("button", name="Pair automatically"))
    expect(td.page.locator(".flash.ok")).to_have_text(f"Round {number} is paired.")


def change_sum(rows: list[list[str]]) -> float:
    """The rating changes of a standings table (last column) added up: zero when everyone
    has the same K, as in these events."""
    return sum(float(r[-1].replace("−", "-")) for r in rows)


def standings_rows(page: Page) -> list[list[str]]:
    rows = page.locator("#live table.standings tbody tr")
    return [[c.strip() for c in rows.nth(i).locator("td").all_inner_texts()]
            for i in range(rows.count())]


def test_a_round_robin_and_a_swiss(browser: Any, server: Server, artifacts: Path) -> None:
    context = browser.new_context(viewport={"width": 1024, "height": 800})
    page = context.new_page()
    td = TD(page)
    log_in(page, server)
    svc = ClubService(server.path)

    # A single round robin of six, start numbers by rating, default tie-breaks SB, DE, WIN
    create(page, "New round robin", "Summer closed")
    page.get_by_role("radio", name=re.compile("by rating")).check()
    expect(page.get_by_label("Tie-break 1")).to_have_value("SB")
    page.screenshot(path=artifacts / "systems-td-new-round-robin.png", full_page=True)
    page.get_by_role("button", name="Create tournament").click()
    expect(page).to_have_url(re.compile(r"/td/t/1/players$"))
    add_players(page, ROUND_ROBIN)
    for number in range(1, 6):
        pair(td, server.url + "/td/t/1/pair", number)
        games = svc.tournament("Summer closed").rounds[-1].games
        assert len(games) == 3
        enter_round(td, [RESULT_TEXT[round_robin_result(g.white, g.black)] for g in games])
    page.screenshot(path=artifacts / "systems-td-rr-results.png", full_page=True)

    # A correction of round 1 shows what changed; undo puts it back
    page.goto(server.url + "/td/t/1/results?round=1")
    board = page.locator("tr#b1")
    before = board.locator("td.res").inner_text()
    board.get_by_role("button", name=re.compile(": 0-1$")).click()
    expect(page.locator("#changes")).to_contain_text("What changed in the standings")
    page.get_by_role("button", name=re.compile("Undo last change")).click()
    undone = "Undone: Summer closed: correct round 1 board 1"
    expect(page.locator(".flash.ok")).to_contain_text(undone)
    page.goto(server.url + "/td/t/1/results?round=1")
    expect(page.locator("tr#b1 td.res")).to_have_text(before)

    # The Swiss: nine players, three rounds, Iris asks for a half-point bye in round 3
    create(page, "New Swiss", "Autumn open")
    page.get_by_label("Number of rounds").fill("3")
    page.get_by_label("Half-point byes per player at most").fill("1")
    expect(page.get_by_label("Tie-break 1")).to_have_value("BH-C1")
    page.screenshot(path=artifacts / "systems-td-new-swiss.png", full_page=True)
    page.get_by_role("button", name="Create tournament").click()
    expect(page).to_have_url(re.compile(r"/td/t/2/players$"))
    add_players(page, SWISS)
    page.get_by_role("link", name="Byes and pairs").click()
    page.locator("#bye-player").select_option(label="Iris")
    page.locator("#bye-round").select_option("3")
    page.get_by_role("button", name="Add bye").click()
    expect(page.locator(".flash.ok")).to_have_text("Iris has a half-point bye in round 3.")
    page.screenshot(path=artifacts / "systems-td-byes.png", full_page=True)
    for number in range(1, 4):
        pair(td, server.url + "/td/t/2/pair", number)
        rnd = svc.tournament("Autumn open").rounds[-1]
        assert [(g.white, g.black) for g in rnd.games] == SWISS_PAIRINGS[number]
        enter_round(td, [RESULT_TEXT[swiss_result(number, g.board, g.white, g.black)]
                         for g in rnd.games])
    page.goto(server.url + "/td/t/2/explain?round=2")
    expect(page.locator("ol.explain li").first).to_contain_text("Pairing numbers")
    page.get_by_label("Why was this player paired so?").select_option(label="Greet")
    page.get_by_role("button", name="Explain").click()
    expect(page.locator(".flash.ok")).to_contain_text("Greet has pairing number 7 in round 2.")
    expect(page.locator(".flash.ok")).to_contain_text("bye")
    page.screenshot(path=artifacts / "systems-td-explain.png", full_page=True)

    # A player (not logged in) sees the final standings with the tie-breaks
    phone = browser.new_context(viewport=PHONE)
    player = phone.new_page()
    player.goto(server.url + "/t/1/")
    expect(player.locator("h1")).to_contain_text("after round 5")
    # By hand (1-½-0): Ben 4 (½ Anna, 1 Cora, Dan, Elif, ½ Femke), Anna 4 (½ Ben, ½ Cora, 1
    # Dan, Elif, Femke), Cora 3½, Femke 1½ (½ Ben, 1 Dan), Elif 1 (beat Femke), Dan 1 (beat
    # Elif). SB Ben = ½·4 + 3½ + 1 + 1 + ½·1½ = 8.25; Anna = ½·4 + ½·3½ + 1 + 1 + 1½ = 7.25;
    # Cora = ½·4 + 1 + 1 + 1½ = 5.5; Femke = ½·4 + 1 = 3; Elif = 1½; Dan = 1 (Elif), so SB
    # puts Elif ahead of Dan although Dan won their game. Wins: 3, 3, 3, 1, 1, 1. DE is only
    # looked at on equal points and SB, so it is 1 everywhere. Then the performance and the
    # FIDE rating change (all rated, one K: the changes add up to zero).
    assert standings_rows(player) == [
        ["1", "2", "Ben", "4", "8.25", "1", "3", "2128", "+20.4"],
        ["2", "1", "Anna", "4", "7.25", "1", "3", "2120", "+14.0"],
        ["3", "3", "Cora", "3½", "5.50", "1", "3", "2045", "+16.8"],  # one format in the SB column
        ["4", "6", "Femke", "1½", "3.00", "1", "1", "1771", "−4.0"],
        ["5", "5", "Elif", "1", "1.50", "1", "1", "1672", "−20.4"],
        ["6", "4", "Dan", "1", "1.00", "1", "1", "1664", "−26.8"],
    ]
    assert change_sum(standings_rows(player)) == pytest.approx(0)
    player.screenshot(path=artifacts / "systems-phone-rr-standings.png", full_page=True)
    player.goto(server.url + "/t/1/crosstable")
    anna = player.locator("tr", has_text="Anna").first.locator("td.cell")
    assert anna.all_inner_texts() == ["×", "½", "½", "1", "1", "1"]
    player.screenshot(path=artifacts / "systems-phone-rr-crosstable.png", full_page=True)

    player.goto(server.url + "/t/2/")
    expect(player.locator("h1")).to_contain_text("after round 3")
    # By hand: Ada 2½ met Eva 2, Dirk 1½, Bruno 1½: BH 5, BH-C1 3½, SB 2 + ¾ + 1½ = 4.25.
    # Chiara 3: Greet 1, Iris 1½, Dirk 1½: BH 4, C1 3, SB 4. Eva 2: Ada 2½ (lost), Finn 1½,
    # Greet 1: BH 5, C1 4, SB 2½. Iris 1½: the bye (round 1) and the half-point bye (round 3)
    # count as a dummy of her own 1½ (capped at ½ × 3 rounds = 1½), plus Chiara 3: BH 6;
    # C1 cuts the requested bye (16.5): 4½; SB 1½·1 + 0 + 1½·½ = 2.25. Dirk 1½: Hugo 0,
    # Ada 2½, Chiara 3: BH 5½, C1 5½, SB 1.25. Bruno 1½: Finn 1½, Hugo 0, Ada 2½: BH 4, C1 4,
    # SB ¾. Finn 1½: Bruno 1½, Eva 2, Hugo 0: BH 3½, C1 3½, SB ¾. Greet 1: Chiara 3, the bye
    # (dummy 1), Eva 2: BH 6, C1 5, SB 1. Hugo 0: three opponents of 1½: BH 4½, C1 3, SB 0.
    assert standings_rows(player) == [
        ["1", "3", "Chiara", "3", "3", "4", "4.00", "2617", "+16.4"],  # SB in one format
        ["2", "1", "Ada", "2½", "3½", "5", "4.25", "2240", "+9.4"],
        ["3", "5", "Eva", "2", "4", "5", "2.50", "2042", "+11.0"],
        ["4", "4", "Dirk", "1½", "5½", "5½", "1.25", "1950", "+0.2"],
        ["5", "9", "Iris", "1½", "4½", "6", "2.25", "1200", "−3.0"],
        ["6", "2", "Bruno", "1½", "4", "4", "0.75", "1900", "−10.8"],
        ["7", "6", "Finn", "1½", "3½", "3½", "0.75", "1900", "+3.8"],
        ["8", "7", "Greet", "1", "5", "6", "1.00", "1150", "−12.0"],
        ["9", "8", "Hugo", "0", "3", "4½", "0.00", "1150", "−15.0"],
    ]
    assert change_sum(standings_rows(player)) == pytest.approx(0)
    player.screenshot(path=artifacts / "systems-phone-swiss-standings.png", full_page=True)
    for url, name in (("/t/2/crosstable", "swiss-crosstable"), ("/t/2/players/9", "player"),
                      ("/t/2/pairings", "swiss-pairings"), ("/t/1/participants", "rr-players")):
        player.goto(server.url + url)
        player.screenshot(path=artifacts / f"systems-phone-{name}.png", full_page=True)
    player.goto(server.url + "/t/2/players/9")
    expect(player.locator("table.breakdown").first).to_contain_text("half-point bye")
    no_horizontal_scroll(player, PHONE["width"])
    phone.close()

    # The TD's new pages on a phone
    td_phone = browser.new_context(viewport=PHONE)
    small = td_phone.new_page()
    log_in(small, server)
    for url, name in (("/td/new/swiss", "new-swiss"), ("/td/t/2/rules", "rules"),
                      ("/td/t/2/byes", "byes"), ("/td/t/1/explain", "rr-schedule")):
        small.goto(server.url + url)
        no_horizontal_scroll(small, PHONE["width"])
        small.screenshot(path=artifacts / f"systems-phone-td-{name}.png", full_page=True)
    td_phone.close()
    context.close()
