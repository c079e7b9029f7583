"""Hall screens in a real browser: a 60-player Swiss with 30 boards paired, on the TVs of the
room. A pairings screen at 1920x1080 shows every pairing in type of 40 px at least (its
readable minimum there is 42 px: 3.9 % of the height), nothing cut or outside the screen,
over pages that say "page 1 of 2" and turn; at 1280x720 the same with its minimum of 28 px.
A screen for a range of boards shows those boards only and a result entered meanwhile
within 3 s; an alphabetical screen shows its range of names. The TD makes a screen on the
screens page, and the TV that shows it follows a change of its boards.

Screenshots: tests/e2e/artifacts/hall-screen-*.png.
"""

from __future__ import annotations

import datetime
import time
from pathlib import Path
from typing import Any

import pytest
from e2e_helpers import Server, log_in
from playwright.sync_api import Page, expect

from rochade.core.collation import search_text
from rochade.service import ClubService
from rochade.service.screens import HallScreens, Screen

FIRST = ("Anneliese", "Bartholomeus", "Cornelia", "Dirk-Jan", "Evangelina", "Friedrich",
         "Gijsbrecht", "Henriette", "Ingeborg", "Jean-Baptiste", "Katharina", "Leopold",
         "Mariska", "Nepomuk", "Ottilie", "Pieternella", "Quirinus", "Roswitha", "Sebastiaan",
         "Theodora")
LAST = ("van der Westhuizen", "Oberhollenzer", "Vandenbroucke")
NAMES = [f"{FIRST[i % 20]} {LAST[i // 20]}" for i in range(59)] + [
    "Theodora Maximiliane von Hohenzollern-Sigmaringen"]  # the longest, on the last page
SECONDS = 3
MINIMUM = {(1920, 1080): 42, (1280, 720): 28}
"""The readable minimum of app.js (3.9 % of the height) at each screen."""

SHOWN = """() => {
  const part = document.querySelector('.screen-part:not([hidden])');
  const rows = [...part.querySelectorAll('tbody tr')];
  const cells = [...part.querySelectorAll('tbody td')];
  return {
    page: part.querySelector('.screen-page').textContent,
    rows: rows.map(r => [...r.cells].map(c => c.textContent.trim())),
    boxes: rows.map(r => { const b = r.getBoundingClientRect();
                           return [b.left, b.top, b.right, b.bottom]; }),
    sizes: cells.filter(c => c.textContent.trim()).map(
      c => parseFloat(getComputedStyle(c).fontSize)),
    cut: cells.filter(c => c.scrollWidth > c.clientWidth || c.scrollHeight > c.clientHeight + 1)
      .map(c => c.textContent),
    overflow: [part.scrollWidth - part.clientWidth, part.scrollHeight - part.clientHeight,
               document.documentElement.scrollWidth - innerWidth],
    viewport: [innerWidth, innerHeight],
  };
}"""


@pytest.fixture
def swiss(server: Server) -> Server:
    svc = ClubService(server.path, "e2e")
    svc.create_tournament("Open 2026", "classic")
    svc.import_players("\n".join(f"{name},{2300 - 10 * i}" for i, name in enumerate(NAMES)))
    assert len(svc.pair().round.games) == 30
    return server


def readable(shown: dict[str, Any], width: int, height: int, least: float) -> None:
    """Every text of the rows at `least` px or more, every row inside the screen, nothing
    cut, no scrolling."""
    assert shown["viewport"] == [width, height]
    assert shown["sizes"] and min(shown["sizes"]) >= least, shown["sizes"]
    for left, top, right, bottom in shown["boxes"]:
        assert left >= 0 and top >= 0 and right <= width and bottom <= height, shown["boxes"]
    assert shown["cut"] == []
    assert shown["overflow"] == [0, 0, 0], shown["overflow"]


def boards_turning(page: Page, width: int, height: int, artifacts: Path) -> list[int]:
    """The boards of each page in turn, each page checked readable; the pages turn by
    themselves."""
    page.wait_for_function("() => document.querySelector('.screen-page')?.textContent")
    first = page.evaluate(SHOWN)
    assert first["page"] == "page 1 of 2", first["page"]
    readable(first, width, height, 40 if width == 1920 else MINIMUM[(width, height)])
    page.screenshot(path=str(artifacts / f"hall-screen-{width}-page1.png"))
    started = time.monotonic()
    expect(page.locator(".screen-part:not([hidden]) .screen-page")).to_have_text(
        "page 2 of 2", timeout=(SECONDS + 3) * 1000)
    turned = time.monotonic() - started
    second = page.evaluate(SHOWN)
    readable(second, width, height, 40 if width == 1920 else MINIMUM[(width, height)])
    page.screenshot(path=str(artifacts / f"hall-screen-{width}-page2.png"))
    print(f"{width}x{height}: type {min(first['sizes'])}-{max(first['sizes'])} px, "
          f"{len(first['rows'])} + {len(second['rows'])} boards, turned after {turned:.1f} s")
    return [int(r[0]) for r in first["rows"] + second["rows"]]


@pytest.mark.parametrize("size", list(MINIMUM), ids=lambda s: f"{s[0]}x{s[1]}")
def test_thirty_boards_readable_over_two_pages(browser: Any, swiss: Server, artifacts: Path,
                                               size: tuple[int, int]) -> None:
    width, height = size
    HallScreens(swiss.path, "e2e").save_screen(Screen(0, "TV", seconds=SECONDS), "Open 2026")
    page = browser.new_context(viewport={"width": width, "height": height}).new_page()
    page.goto(swiss.url + "/t/1/screen/1")
    boards = boards_turning(page, width, height, artifacts)
    assert sorted(boards) == list(range(1, 31))  # each board once, none cut off
    assert page.locator(".display-offline").is_hidden()


def test_a_board_range_shows_its_boards_and_a_result_within_three_seconds(
    browser: Any, swiss: Server, artifacts: Path
) -> None:
    HallScreens(swiss.path, "e2e").save_screen(Screen(0, "Top", boards=(21, 30)), "Open 2026")
    page = browser.new_context(viewport={"width": 1920, "height": 1080}).new_page()
    page.goto(swiss.url + "/t/1/screen/1")
    expect(page.locator("#d25 .res")).to_have_text("–")
    shown = page.evaluate(SHOWN)
    assert [int(r[0]) for r in shown["rows"]] == list(range(21, 31))
    assert shown["page"] == ""  # ten boards fit on one page, in larger type
    readable(shown, 1920, 1080, 42)
    ClubService(swiss.path, "TD").enter_result(1, 25, "1-0")
    started = time.monotonic()
    expect(page.locator("#d25 .res")).to_have_text("1-0", timeout=3000)
    print(f"result on the screen after {time.monotonic() - started:.2f} s; "
          f"type {min(shown['sizes'])} px")
    page.screenshot(path=str(artifacts / "hall-screen-boards.png"))


def test_an_alphabetical_screen_shows_its_range_of_names(browser: Any, swiss: Server,
                                                         artifacts: Path) -> None:
    HallScreens(swiss.path, "e2e").save_screen(
        Screen(0, "Door", "alphabetical", names=("a", "k"), seconds=SECONDS), "Open 2026")
    page = browser.new_context(viewport={"width": 1920, "height": 1080}).new_page()
    page.goto(swiss.url + "/t/1/screen/1")
    page.wait_for_selector(".screen-part tbody tr")
    seen: list[str] = []
    for _turn in range(2):
        shown = page.evaluate(SHOWN)
        readable(shown, 1920, 1080, 40)
        seen += [row[0] for row in shown["rows"]]
        if shown["page"] in ("", "page 2 of 2"):
            break
        expect(page.locator(".screen-part:not([hidden]) .screen-page")).to_have_text(
            "page 2 of 2", timeout=(SECONDS + 3) * 1000)
    page.screenshot(path=str(artifacts / "hall-screen-names.png"))
    wanted = sorted((n for n in NAMES if search_text(n)[0] <= "k"), key=search_text)
    assert seen == wanted


def test_a_rotation_turns_through_its_parts_and_pages_in_arabic(browser: Any, swiss: Server,
                                                                artifacts: Path) -> None:
    """Pairings, standings and "where do I play?" in turn at 1280x720, right to left, each
    page readable; after the last page of the last part the first comes again."""
    HallScreens(swiss.path, "e2e").save_screen(
        Screen(0, "Bar", "rotation", seconds=SECONDS), "Open 2026")
    page = browser.new_context(viewport={"width": 1280, "height": 720}).new_page()
    start = datetime.datetime(2026, 12, 7, 20, 0, tzinfo=datetime.UTC)
    page.clock.install(time=start)
    page.clock.pause_at(start + datetime.timedelta(seconds=1))  # turns only by run_for
    page.goto(swiss.url + "/t/1/screen/1?lang=ar")
    page.wait_for_selector(".screen-part tbody tr")
    assert page.locator("html").get_attribute("dir") == "rtl"
    seen = []
    for _turn in range(12):
        part = page.locator(".screen-part:not([hidden])")
        shown = page.evaluate(SHOWN)
        readable(shown, 1280, 720, MINIMUM[(1280, 720)])
        seen.append((part.get_attribute("data-part"), shown["page"], len(shown["rows"])))
        page.clock.run_for(SECONDS * 1000)
    page.screenshot(path=str(artifacts / "hall-screen-rotation-ar.png"))
    cycle = seen[:seen.index(seen[0], 1)]
    assert [p for p, _page, _rows in cycle] == sorted(
        (p for p, _page, _rows in cycle), key=("pairings", "standings", "alphabetical").index
    ), seen
    assert {p for p, _page, _rows in cycle} == {"pairings", "standings", "alphabetical"}
    for part, rows in (("pairings", 30), ("standings", 60), ("alphabetical", 60)):
        pages = [(said, count) for p, said, count in cycle if p == part]
        assert sum(count for _said, count in pages) == rows, (part, pages)
        assert [said for said, _count in pages] == [
            f"الصفحة {k} من {len(pages)}" for k in range(1, len(pages) + 1)]
    print("rotation at 1280x720:", cycle)


def test_the_td_makes_a_screen_and_its_tv_follows_a_change(browser: Any, swiss: Server,
                                                           artifacts: Path) -> None:
    td = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    log_in(td, swiss.url)
    td.goto(swiss.url + "/td/t/1/phones")
    td.get_by_role("link", name="Hall screens").click()
    new = td.locator("section.screen-entry").last
    new.get_by_label("Name", exact=True).fill("Top boards")
    new.get_by_label("Boards (pairings), such as 1-15; empty: all").fill("1-5")
    new.get_by_role("button", name="Add screen").click()
    expect(td.get_by_text("Screen 1 saved: open")).to_be_visible()
    address = td.locator("#screen1 a.screen-url").inner_text()
    assert address.endswith("/t/1/screen/1")
    td.screenshot(path=str(artifacts / "hall-screens-td.png"), full_page=True)
    tv = browser.new_context(viewport={"width": 1920, "height": 1080}).new_page()
    tv.goto(swiss.url + "/t/1/screen/1")
    expect(tv.locator(".screen-part tbody tr")).to_have_count(5)
    td.locator("#screen1").get_by_label("Boards (pairings), such as 1-15; empty: all").fill(
        "6-12")
    td.locator("#screen1").get_by_role("button", name="Save").click()
    expect(td.get_by_text("Screen 1 saved: open")).to_be_visible()
    started = time.monotonic()
    expect(tv.locator("#d6")).to_be_visible(timeout=3000)
    print(f"the TV showed the new boards after {time.monotonic() - started:.2f} s")
    shown = tv.evaluate(SHOWN)
    assert [int(r[0]) for r in shown["rows"]] == list(range(6, 13))
    readable(shown, 1920, 1080, 42)


def test_a_fixed_size_is_kept_and_paged_and_a_lost_server_says_reconnecting(
    browser: Any, swiss: Server
) -> None:
    HallScreens(swiss.path, "e2e").save_screen(Screen(0, "TV", font=36, seconds=60),
                                               "Open 2026")
    page = browser.new_context(viewport={"width": 1920, "height": 1080}).new_page()
    page.goto(swiss.url + "/t/1/screen/1")
    page.wait_for_function("() => document.querySelector('.screen-page')?.textContent")
    shown = page.evaluate(SHOWN)
    assert set(shown["sizes"]) == {36}
    readable(shown, 1920, 1080, 36)
    assert shown["page"] == "page 1 of 2"
    # The server gone (the Wi-Fi): the screen keeps its rows and says so, then goes on.
    page.route("**/t/1/screen/1*", lambda route: route.abort())
    expect(page.locator(".display-offline")).to_be_visible(timeout=5000)
    expect(page.locator("#d1")).to_be_visible()
    page.unroute("**/t/1/screen/1*")
    ClubService(swiss.path, "TD").enter_result(1, 1, "0-1")
    expect(page.locator("#d1 .res")).to_have_text("0-1", timeout=3000)
    expect(page.locator(".display-offline")).to_be_hidden()
