"""Issue 11.4 in a real browser: a typed result can never land on another board.

The TD types faster than a slowed server answers: every key is bound to the board selected
when it was pressed. Two devices on one board: the second is asked (keep or replace), nothing
is overwritten silently.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from e2e_helpers import Server
from playwright.sync_api import Page, expect
from test_club_evening import log_in

from rochade.core.model import Result
from rochade.service import ClubService

KEYS = {"1": Result.WHITE_WINS, "2": Result.DRAW, "=": Result.DRAW, "3": Result.BLACK_WINS,
        "0": Result.BLACK_WINS}
TYPED = "12=30" * 4
"""Twenty results, every key of the results page, each board's own."""
KEY_DELAY_MS = 30


def paired_club(path: Path, players: int) -> ClubService:
    """A tournament of `players` players with round 1 paired, no results yet."""
    svc = ClubService(path, "e2e")
    svc.create_tournament("Fast fingers")
    svc.import_players("\n".join(f"Player {i:02d},{2300 - 20 * i}" for i in range(1, players + 1)))
    svc.pair()
    return svc


def results_in_file(svc: ClubService) -> dict[int, Result | None]:
    return {g.board: g.result for g in svc.tournament().rounds[0].games}


def quiet(svc: ClubService, seconds: float = 3, limit: float = 60) -> dict[int, Result | None]:
    """The club file's results once every board has one, or once they stopped changing for
    `seconds`: a wrong outcome is shown as such rather than as a time-out."""
    deadline = time.monotonic() + limit
    last, since = results_in_file(svc), time.monotonic()
    while (None in last.values() and time.monotonic() - since < seconds
           and time.monotonic() < deadline):
        time.sleep(0.1)
        now = results_in_file(svc)
        if now != last:
            last, since = now, time.monotonic()
    return last


def results_page(browser: Any, server: Server, news: bool = True) -> Page:
    """The TD's results page on a device of its own; `news=False`: its polls always hear
    "nothing new", so it keeps showing what it loaded (a device that has not asked yet)."""
    page = browser.new_context(viewport={"width": 1024, "height": 800}).new_page()
    if not news:
        page.route("**/td/t/*/results*", lambda route: route.fulfill(status=204)
                   if "x-rochade-version" in route.request.headers else route.continue_())
    log_in(page, server)
    page.goto(server.url + "/td/t/1/results")
    return page


def test_twenty_results_typed_ahead_of_a_slow_server(browser: Any, slow_server: Server) -> None:
    svc = paired_club(slow_server.path, 40)
    assert len(results_in_file(svc)) == len(TYPED) == 20
    page = results_page(browser, slow_server)
    page.locator("tr#b1 td.w").click()  # select board 1, then only keys
    page.keyboard.type(TYPED, delay=KEY_DELAY_MS)
    saved_while_typing = sum(r is not None for r in results_in_file(svc).values())
    assert saved_while_typing < 10  # the keys really were ahead of the server
    expected = {board: KEYS[key] for board, key in enumerate(TYPED, start=1)}
    assert quiet(svc) == expected
    expect(page.locator("#open-count")).to_contain_text("0 of 20 boards still open")
    for board, result in expected.items():
        row = page.locator(f"tr#b{board}")
        expect(row.locator(".state")).to_have_text("saved")
        assert row.get_attribute("data-result") == result.value
    entered = [a for a in svc.log() if a.kind == "result" and a.undone_by is None]
    assert len(entered) == 20  # one action per board: nothing sent twice
    assert results_in_file(svc) == expected
    page.context.close()


def test_two_devices_on_one_board_the_second_is_asked(browser: Any, server: Server) -> None:
    svc = paired_club(server.path, 8)
    first, second = results_page(browser, server, False), results_page(browser, server, False)

    # the first device enters board 1; the second, still showing it empty, enters another
    first.locator("tr#b1").get_by_role("button", name="Board 1: 1-0").click()
    expect(first.locator("tr#b1 .state")).to_have_text("saved")
    board = second.locator("tr#b1")
    board.get_by_role("button", name="Board 1: 0-1").click()
    conflict = board.locator(".conflict[role=alert]")
    expect(conflict).to_contain_text("Board 1 was changed meanwhile to 1-0; keep or replace?")
    expect(board.locator("td.res")).to_have_text("1-0")
    expect(board.locator(".state")).to_have_text("failed")
    assert results_in_file(svc)[1] is Result.WHITE_WINS
    board.get_by_role("button", name="Board 1: Keep").click()
    expect(conflict).to_have_count(0)
    assert results_in_file(svc)[1] is Result.WHITE_WINS

    # the other way round on board 2, by keyboard; the first device replaces
    second.locator("tr#b2 td.w").click()
    second.keyboard.press("=")
    expect(second.locator("tr#b2 .state")).to_have_text("saved")
    board = first.locator("tr#b2")
    board.locator("td.w").click()
    first.keyboard.press("0")
    expect(board.locator(".conflict")).to_contain_text("changed meanwhile to ½-½")
    assert results_in_file(svc)[2] is Result.DRAW
    board.get_by_role("button", name="Board 2: Replace with 0-1").click()
    expect(board.locator(".state")).to_have_text("saved")
    expect(board.locator(".conflict")).to_have_count(0)
    assert results_in_file(svc)[2] is Result.BLACK_WINS

    # three changes made, three logged; the second device's refused tap changed nothing
    logged = [a.description for a in svc.log() if a.kind == "result"]
    assert len(logged) == 3, logged
    assert "correct round 1 board 2" in logged[-1] and "(was 1/2-1/2)" in logged[-1]
    for page in (first, second):
        page.context.close()
