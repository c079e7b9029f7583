"""A club evening in a real browser: the TD runs it, a player watches on a phone.

Screenshots of the main pages go to tests/e2e/artifacts/ (git-ignored), with two A4 PDFs
and the click count of a 20-player evening.
"""

from __future__ import annotations

import json
import re
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from e2e_helpers import PIN, Server
from playwright.sync_api import Page, expect

from rochade import i18n
from rochade.core.model import Result, Status
from rochade.service import ClubService

PLAYERS = [
    ("Ada Aalders", 2105),
    ("Bruno Bakker", 2040),
    ("Chiara Conti", 1985),
    ("Dirk de Wit", 1930),
    ("Eva Engel", 1870),
    ("Finn Fischer", 1815),
    ("Greet Gerrits", 1760),
    ("Hugo Hendriks", 1700),
    ("Iris Ivanova", 1650),
    ("Joost Jansen", 1590),
    ("<script>alert(1)</script>", 1530),
    ("Lotte Lammers", 1470),
]
A4_PRINT_WIDTH = 703  # 186 mm between the 12 mm margins, in CSS pixels
PHONE = {"width": 360, "height": 740}


@dataclass
class TD:
    """The TD's hands: every tap and key press is counted."""

    page: Page
    clicks: int = 0
    keys: int = 0
    log: list[str] = field(default_factory=list)

    def click(self, locator: Any) -> None:
        self.clicks += 1
        locator.click()

    def press(self, key: str) -> None:
        self.keys += 1
        self.page.keyboard.press(key)

    def type_in(self, locator: Any, text: str) -> None:
        self.keys += 1  # one field filled (typing a name is not a tap)
        locator.fill(text)


def log_in(page: Page, server: Server) -> None:
    page.goto(server.url + "/td/")
    expect(page).to_have_url(re.compile(r"/td/login"))
    page.get_by_label("PIN or password").fill(PIN)
    page.get_by_role("button", name="Log in").click()
    expect(page).to_have_url(re.compile(r"/td/$"))


def enter_round(td: TD, results: list[str]) -> None:
    """Tap the first boards' results, type the rest with the keyboard (1, 2, 3)."""
    page = td.page
    rows = page.locator("tr.result-row")
    expect(rows).to_have_count(len(results))  # waits for the page the last tap opened
    count = len(results)
    keys = {"1-0": "1", "1/2-1/2": "2", "0-1": "3"}
    labels = {"1-0": "1-0", "1/2-1/2": "½-½", "0-1": "0-1"}
    half = count // 2
    for i in range(half):
        td.click(rows.nth(i).get_by_role("button", name=labels[results[i]], exact=False).first)
        expect(rows.nth(i).locator("td.res")).to_have_text(labels[results[i]])
    if half == 0:
        td.click(rows.nth(0).locator("td.w"))  # select the row, then only keys
    for i in range(half, count):  # after a tap the next board is selected: keys go on there
        expect(rows.nth(i)).to_be_focused()
        td.press(keys[results[i]])
        expect(page.locator(f"tr#b{i + 1} td.res")).to_have_text(labels[results[i]])
    expect(page.locator("#open-count")).to_contain_text(f"0 of {count} boards still open")


def no_horizontal_scroll(page: Page, width: int) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= width, page.url


def test_a_club_evening(browser: Any, server: Server, artifacts: Path) -> None:
    td_context = browser.new_context(viewport={"width": 1024, "height": 800})
    page = td_context.new_page()
    td = TD(page)
    log_in(page, server)

    # A new Keizer tournament with explained presets
    page.get_by_label("Name").fill("Thursday Keizer")
    page.get_by_role("radio", name=re.compile("classic")).check()
    page.screenshot(path=artifacts / "td-new-tournament.png", full_page=True)
    page.get_by_role("button", name="Create tournament").click()
    expect(page).to_have_url(re.compile(r"/td/t/1/players$"))

    # Twelve players through the form
    for name, rating in PLAYERS:
        page.get_by_label("Name", exact=True).fill(name)
        page.get_by_label("Rating", exact=True).fill(str(rating))
        page.get_by_role("button", name="Add player").click()
        expect(page.locator(".flash.ok")).to_have_text(f"{name} added.")
    expect(page.locator("table.players tbody tr:not(.player-data)")).to_have_count(12)
    page.screenshot(path=artifacts / "td-players.png", full_page=True)

    # Check-in: Lotte stays home, the other eleven are present
    page.get_by_role("link", name="Check-in", exact=True).click()
    page.get_by_label("Search a player").fill("lotte")
    expect(page.locator("#checkin li:visible")).to_have_count(1)
    page.get_by_role("button", name="Lotte Lammers: excused").click()
    expect(page.locator("#checkin-count")).to_have_text("11 present, 1 absent")
    page.get_by_label("Search a player").fill("")
    page.screenshot(path=artifacts / "td-checkin.png", full_page=True)

    # Pair round 1 and enter all results
    page.get_by_role("link", name=re.compile("Next: pair the round")).click()
    page.get_by_role("button", name="Pair automatically").click()
    expect(page.locator(".flash.ok")).to_have_text("Round 1 is paired.")
    round_one = ["1-0", "1/2-1/2", "0-1", "1-0", "1-0"]
    enter_round(td, round_one)
    page.screenshot(path=artifacts / "td-results.png", full_page=True)

    # A player follows on a phone, not logged in
    phone = browser.new_context(viewport=PHONE)
    player = phone.new_page()
    player.goto(server.url + "/")
    expect(player).to_have_url(re.compile(r"/t/1/$"))
    expect(player.locator("h1")).to_contain_text("after round 1")
    expect(player.get_by_text("<script>alert(1)</script>")).to_be_visible()
    player.evaluate("window.notReloaded = true")

    # Round 2: Lotte is back; pair and enter
    page.get_by_role("link", name=re.compile("Next: check-in for round 2")).click()
    page.get_by_role("button", name="Lotte Lammers: present").click()
    expect(page.locator("#checkin-count")).to_have_text("12 present, 0 absent")
    page.get_by_role("link", name=re.compile("Next: pair the round")).click()
    page.get_by_role("button", name="Pair automatically").click()
    expect(page.locator(".flash.ok")).to_have_text("Round 2 is paired.")
    enter_round(td, ["0-1", "1-0", "1/2-1/2", "1-0", "0-1", "1-0"])
    expect(player.locator("h1")).to_contain_text("after round 2", timeout=10_000)

    # Correct a result of round 1: the TD sees what changed, the player's page follows
    svc = ClubService(server.path)
    before = {row.entrant.id: row.total for row in svc.standings().rows}
    page.goto(server.url + "/td/t/1/results?round=1")
    board = page.locator("tr#b1")
    board.get_by_role("button", name=re.compile(": 0-1$")).click()
    expect(board.locator("td.res")).to_have_text("0-1")
    expect(page.locator("#changes")).to_contain_text("What changed in the standings")
    page.screenshot(path=artifacts / "td-correction.png", full_page=True)
    assert svc.tournament().rounds[0].games[0].result is Result.BLACK_WINS
    after = svc.standings()
    moved = [row for row in after.rows if row.total != before[row.entrant.id]]
    assert moved
    for row in moved[:3]:
        line = player.locator("#live tbody tr", has_text=row.entrant.name)
        expect(line).to_contain_text(i18n.number(row.total, "en"), timeout=10_000)
    assert player.evaluate("window.notReloaded") is True

    # A rule changed mid-season: the preview says who moves, nothing is saved until asked
    page.get_by_role("link", name="Settings").click()
    page.get_by_label(re.compile("^First-to-last ratio")).fill("4")
    page.get_by_role("button", name="Preview changes").click()
    expect(page.locator("#preview")).to_contain_text("First-to-last ratio: 3 → 4")
    expect(page.locator("#preview")).to_contain_text("What changes in the standings")
    page.screenshot(path=artifacts / "td-settings-preview.png", full_page=True)
    page.get_by_role("button", name="Save settings").click()
    expect(page.locator(".flash.ok").first).to_have_text("Settings saved.")
    expect(player.locator("#live tbody tr").first).not_to_contain_text(
        i18n.number(after.rows[0].total, "en"), timeout=10_000
    )
    page.get_by_role("button", name=re.compile("Undo last change")).first.click()

    # The player's pages on a 360 px phone, and the print views on A4
    for url, name in (
        ("/t/1/", "standings"),
        ("/t/1/pairings", "pairings"),
        ("/t/1/progress", "progress"),
        ("/t/1/crosstable", "crosstable"),
        ("/t/1/participants", "participants"),
        (f"/t/1/players/{after.rows[0].entrant.id}", "player"),
    ):
        player.goto(server.url + url)
        no_horizontal_scroll(player, PHONE["width"])
        player.screenshot(path=artifacts / f"phone-{name}.png", full_page=True)
    player.goto(server.url + "/t/1/")
    player.get_by_role("link", name="Deutsch").click()
    expect(player.locator("h1")).to_contain_text("Tabelle nach Runde 2")
    german_total = i18n.number(after.rows[0].total, "de")
    expect(player.locator("#live tbody tr").first).to_contain_text(german_total)
    player.screenshot(path=artifacts / "phone-standings-de.png", full_page=True)
    for lang in ("de", "nl"):
        player.goto(f"{server.url}/lang?lang={lang}&next=/t/1/")
        for url in ("/t/1/", "/t/1/pairings", "/t/1/participants"):
            player.goto(server.url + url)
            assert player.locator("html").get_attribute("lang") == lang
            no_horizontal_scroll(player, PHONE["width"])
    printer = browser.new_context(viewport={"width": A4_PRINT_WIDTH, "height": 1000})
    paper = printer.new_page()
    paper.emulate_media(media="print")
    for url, name in (("/t/1/", "standings"), ("/t/1/pairings", "pairings")):
        paper.goto(server.url + url)
        no_horizontal_scroll(paper, A4_PRINT_WIDTH)
        pdf = paper.pdf(path=artifacts / f"print-{name}.pdf", format="A4")
        assert len(re.findall(rb"/Type\s*/Page[^s]", pdf)) == 1, name
    printer.close()

    # The TD's pages on a tablet in portrait and on a phone
    td_phone = browser.new_context(viewport=PHONE)
    small = td_phone.new_page()
    log_in(small, server)
    for url, name in (
        ("/td/t/1/", "evening"),
        ("/td/t/1/checkin", "checkin"),
        ("/td/t/1/results", "results"),
        ("/td/t/1/pair", "pair"),
        ("/td/t/1/settings", "settings"),
        ("/td/t/1/players", "players"),
    ):
        small.goto(server.url + url)
        no_horizontal_scroll(small, PHONE["width"])
        small.screenshot(path=artifacts / f"phone-td-{name}.png", full_page=True)
    for context in (td_phone, phone, td_context):
        context.close()


def test_an_evening_of_twenty_players(browser: Any, server: Server, artifacts: Path) -> None:
    """Check-in, pairing and ten results: count the TD's taps and time them."""
    svc = ClubService(server.path, "e2e")
    svc.create_tournament("Twenty")
    svc.import_players("\n".join(f"Player {i:02d},{2200 - 25 * i}" for i in range(1, 21)))
    svc.set_status("Player 07", Status.EXCUSED)
    svc.set_status("Player 13", Status.EXCUSED)
    report = svc.pair()
    for game in report.round.games:
        svc.enter_result(1, game.board, "1-0")
    context = browser.new_context(viewport={"width": 1024, "height": 800})
    page = context.new_page()
    log_in(page, server)
    page.goto(server.url + "/td/t/1/")
    td = TD(page)
    started = time.monotonic()
    td.click(page.get_by_role("link", name=re.compile("Check-in")).last)
    for name in ("Player 07", "Player 13"):  # both came back this week
        td.click(page.get_by_role("button", name=f"{name}: present"))
    expect(page.locator("#checkin-count")).to_have_text("20 present, 0 absent")
    td.click(page.get_by_role("link", name=re.compile("Next: pair the round")))
    td.click(page.get_by_role("button", name="Pair automatically"))
    enter_round(td, ["1-0", "0-1", "1/2-1/2", "1-0", "1-0", "0-1", "1-0", "1/2-1/2", "0-1", "1-0"])
    seconds = time.monotonic() - started
    page.screenshot(path=artifacts / "td-twenty-results.png", full_page=True)
    taps = td.clicks + td.keys
    (artifacts / "evening-20.json").write_text(
        json.dumps({"clicks": td.clicks, "keys": td.keys, "seconds": round(seconds, 1)})
    )
    assert taps <= 15, (td.clicks, td.keys)
    assert len(svc.tournament().rounds[1].games) == 10
    context.close()


def settled(page: Page) -> None:
    """Wait until htmx has put the new board in place and bound it: a tap in the moment
    between is a plain form post (the page without JavaScript), which reloads the page."""
    page.wait_for_function(
        "() => !document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling, "
        ".htmx-added') && document.getElementById('manual')['htmx-internal-data'] !== undefined"
    )


def test_pair_a_round_by_hand(browser: Any, server: Server, artifacts: Path) -> None:
    """Like KeizerForClubs' manual window: tap names onto boards, swap, remove, and see the
    checker's warnings at once, without the page reloading; the keyboard works as well."""
    svc = ClubService(server.path, "e2e")
    svc.create_tournament("By hand")
    svc.import_players("\n".join(f"{name},{rating}" for name, rating in PLAYERS[:6]))
    first = svc.pair().round.games[0]
    for game in svc.tournament().rounds[0].games:
        svc.enter_result(1, game.board, "1-0")
    name = {e.id: e.name for e in svc.tournament().entrants}
    met = (first.white, first.black)
    others = [e.id for e in svc.tournament().start_order() if e.id not in met]
    context = browser.new_context(viewport={"width": 1024, "height": 800})
    page = context.new_page()
    log_in(page, server)
    page.goto(server.url + "/td/t/1/pair")
    page.evaluate("window.notReloaded = true")
    board = page.locator("#manual ol.boards > li")

    # board 1 repeats a game of round 1: the warning shows at that board straight away
    settled(page)
    page.get_by_role("button", name=name[first.white], exact=True).click()
    expect(board.first).to_contain_text(name[first.white])
    settled(page)
    page.get_by_role("button", name=name[first.black], exact=True).click()
    expect(board.first).to_contain_text("played each other in round 1")
    settled(page)
    page.get_by_role("button", name="Swap colours: Board 1").click()
    expect(board.first.locator(".seat.w")).to_have_text(name[first.black])
    page.screenshot(path=artifacts / "td-pair-by-hand.png", full_page=True)
    settled(page)
    page.get_by_role("button", name="Remove board: Board 1").click()
    expect(board).to_have_count(0)

    # the rematch again (the TD will accept it), then the keyboard: Enter on a focused name
    # places it, and the focus moves on to the next name to place
    for player in (first.white, first.black):
        settled(page)
        page.get_by_role("button", name=name[player], exact=True).click()
        expect(page.locator(f"#pick-{player}")).to_have_count(0)
    page.get_by_role("button", name=name[others[0]], exact=True).focus()
    settled(page)
    page.keyboard.press("Enter")
    expect(board.nth(1)).to_contain_text(name[others[0]])
    expect(page.get_by_role("button", name=name[others[1]], exact=True)).to_be_focused()
    settled(page)
    page.keyboard.press("Enter")
    expect(board.nth(1)).to_contain_text(name[others[1]])
    for player in others[2:]:  # a tap while the board is on its way is dropped: wait for it
        settled(page)
        page.get_by_role("button", name=name[player], exact=True).click()
        expect(page.locator(f"#pick-{player}")).to_have_count(0)
    expect(board).to_have_count(3)
    expect(page.locator(".picks button")).to_have_count(0)
    settled(page)
    page.get_by_role("button", name="Check and save").click()
    confirm = page.get_by_role("button", name="Confirm this pairing anyway")
    expect(confirm).to_be_visible()
    assert page.evaluate("window.notReloaded") is True
    settled(page)
    confirm.click()
    expect(page).to_have_url(re.compile(r"/td/t/1/results$"))
    expect(page.locator(".flash.ok")).to_have_text("Round 2 is paired.")
    assert svc.round_notes(2).paired_by == "manual"

    small = browser.new_context(viewport=PHONE)
    phone = small.new_page()
    log_in(phone, server)
    svc.undo()
    phone.goto(server.url + "/td/t/1/pair")
    for player in others[:3]:
        phone.get_by_role("button", name=name[player], exact=True).click()
        expect(phone.locator(f"#pick-{player}")).to_have_count(0)
    expect(phone.locator("#manual ol.boards > li")).to_have_count(2)
    no_horizontal_scroll(phone, PHONE["width"])
    phone.screenshot(path=artifacts / "phone-td-pair-by-hand.png", full_page=True)
    for c in (small, context):
        c.close()
