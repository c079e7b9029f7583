"""The TD's results page in a real browser while the room works: results the phones report
appear on the open page without a reload, a report is taken with one tap, and the keyboard
queue goes on where the TD was.

Screenshot: tests/e2e/artifacts/td-results-live.png (git-ignored)."""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

from e2e_helpers import Server
from playwright.sync_api import expect
from test_club_evening import TD, log_in

from rochade.core.model import Result
from rochade.service import ClubService
from rochade.service.phones import PhoneSettings

CODE = "rook5"
WITHIN_MS = 3000


def paired_with_phones(path: Path) -> ClubService:
    """Twelve players, round 1 paired, phones on; every player's phone bound."""
    desk = ClubService(path, "e2e")
    desk.create_tournament("Live evening")
    desk.import_players("\n".join(f"Player {i:02d},{2200 - 25 * i}" for i in range(1, 13)))
    desk.set_phone_settings(PhoneSettings(CODE, td_confirms=False))
    for game in desk.pair().round.games:
        for player in (game.white, game.black):
            desk.bind_device(player, f"phone-{player}", CODE)
    return desk


def test_phone_reports_appear_and_one_tap_takes_one(browser: Any, server: Server,
                                                    artifacts: Path) -> None:
    desk = paired_with_phones(server.path)
    games = {g.board: g for g in desk.tournament().rounds[0].games}
    page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    td = TD(page)
    log_in(page, server)
    page.goto(server.url + "/td/t/1/results")
    expect(page.locator("tr.result-row")).to_have_count(6)
    td.click(page.locator("tr#b3 td.w"))  # the TD is at board 3 when the phones report
    six, five = games[6], games[5]
    desk.report_result(six.white, "0-1", f"phone-{six.white}")
    started = time.monotonic()
    desk.report_result(six.black, "0-1", f"phone-{six.black}")  # agreed: entered at once
    desk.report_result(five.white, "1-0", f"phone-{five.white}")  # one side: waits for the TD
    expect(page.locator("tr#b6 td.res")).to_have_text("0-1", timeout=WITHIN_MS)
    box = page.locator("section.reports li")
    expect(box).to_have_text(
        "Board 5: white says 1-0, black says – Confirm 1-0 Turn down", timeout=WITHIN_MS)
    seen_after = time.monotonic() - started
    expect(page.locator("#open-count")).to_contain_text("5 of 6 boards still open")
    expect(page.locator("tr#b3")).to_be_focused()  # the poll left the TD where they were
    page.screenshot(path=artifacts / "td-results-live.png", full_page=True)
    before = td.clicks
    td.click(page.get_by_role("button", name="Board 5: Confirm 1-0"))
    assert td.clicks - before == 1
    expect(page.locator("tr#b5 td.res")).to_have_text("1-0")
    expect(page.locator("tr#b5 .state")).to_have_text("saved")
    expect(page.locator("section.reports")).to_have_count(0)
    page.locator("tr#b3").focus()
    td.press("2")  # the keyboard queue, as before: board 3 a draw, board 4 selected
    expect(page.locator("tr#b3 td.res")).to_have_text("½-½")
    expect(page.locator("tr#b4")).to_be_focused()
    expect(page.locator("#open-count")).to_contain_text("3 of 6 boards still open")
    results = {g.board: g.result for g in ClubService(server.path).tournament().rounds[0].games}
    assert (results[3], results[5], results[6]) == (
        Result.DRAW, Result.WHITE_WINS, Result.BLACK_WINS)
    print(f"phone report on the TD's page after {seen_after:.1f} s")
    page.context.close()


def test_two_players_swapped_in_four_clicks_fide_mode_naming_the_boards(
        browser: Any, server: Server, artifacts: Path) -> None:
    svc = ClubService(server.path, "e2e")
    svc.create_system_tournament("Rated open", "swiss", {"rounds": 5})  # FIDE mode
    svc.import_players("\n".join(f"Rated {i:02d},{2300 - 25 * i}" for i in range(1, 13)))
    games = svc.pair().round.games
    t = svc.tournament()
    one, two = t.entrant(games[0].black), t.entrant(games[1].black)
    page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    td = TD(page)
    log_in(page, server)
    page.goto(server.url + "/td/t/1/results")
    td.click(page.get_by_role("checkbox", name=f"Tick {one.name}"))
    td.click(page.get_by_role("checkbox", name=f"Tick {two.name}"))
    td.click(page.get_by_role("button", name="Swap the two ticked players"))
    asked = page.locator("[data-consequence]")
    expect(asked).to_contain_text("paired by hand, differing from the engine's pairing: "
                                  "board 1: ")
    said = asked.inner_text()
    assert re.search(r"board 1: \d+-\d+ instead of \d+-\d+; board 2: \d+-\d+ instead of "
                     r"\d+-\d+", said), said
    page.screenshot(path=artifacts / "td-pairing-swap-confirm.png", full_page=True)
    td.click(page.get_by_role("button", name="Confirm"))
    expect(page.locator(".flash.ok")).to_contain_text(
        f"round 1: {one.name} and {two.name} change places")
    expect(page.locator("tr#b1 td.b")).to_contain_text(two.name)
    expect(page.locator("tr#b2 td.b")).to_contain_text(one.name)
    assert td.clicks == 4, td.clicks
    print(f"swap in FIDE mode: {td.clicks} clicks")
    page.context.close()


def test_a_swap_outside_fide_mode_is_three_clicks(browser: Any, server: Server) -> None:
    desk = paired_with_phones(server.path)
    games = desk.tournament().rounds[0].games
    t = desk.tournament()
    one, two = t.entrant(games[2].white), t.entrant(games[3].white)
    page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    td = TD(page)
    log_in(page, server)
    page.goto(server.url + "/td/t/1/results")
    td.click(page.get_by_role("checkbox", name=f"Tick {one.name}"))
    td.click(page.get_by_role("checkbox", name=f"Tick {two.name}"))
    td.click(page.get_by_role("button", name="Swap the two ticked players"))
    expect(page.locator("tr#b3 td.w")).to_contain_text(two.name)
    expect(page.locator("tr#b4 td.w")).to_contain_text(one.name)
    assert td.clicks == 3, td.clicks
    print(f"swap outside FIDE mode: {td.clicks} clicks")
    page.context.close()


def test_the_poll_leaves_a_row_the_td_is_deciding_alone(browser: Any, slow_server: Server
                                                        ) -> None:
    """Another device enters board 2 just before the TD's key: the row asks keep or replace,
    and the page's poll, which then brings the news, leaves that row as the TD sees it."""
    paired_with_phones(slow_server.path)
    page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    log_in(page, slow_server)
    page.goto(slow_server.url + "/td/t/1/results")
    polls = {"held": True, "asked": 0}

    def poll(route: Any) -> None:
        if route.request.headers.get("x-rochade-version") is None:
            route.continue_()
            return
        polls["asked"] += 1
        if polls["held"]:
            route.fulfill(status=204)  # (as if nothing had changed yet)
        else:
            route.continue_()

    page.route("**/td/t/1/results", poll)
    page.locator("tr#b2 td.w").click()
    ClubService(slow_server.path, "e2e").enter_result(1, 2, "0-1")  # another device
    page.keyboard.press("1")
    conflict = page.locator("tr#b2 .conflict")
    expect(conflict).to_contain_text("Board 2 was changed meanwhile to 0-1; keep or replace?")
    polls["held"], asked = False, polls["asked"]
    ClubService(slow_server.path, "e2e").enter_result(1, 4, "1/2")  # news for the poll
    expect(page.locator("tr#b4 td.res")).to_have_text("½-½", timeout=WITHIN_MS)
    assert polls["asked"] > asked
    expect(conflict).to_be_visible()  # still there to decide, the row not replaced
    page.context.close()
