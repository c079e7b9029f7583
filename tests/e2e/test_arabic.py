"""The Arabic pages in a real browser at 1280 and 360 px: right to left (`dir="rtl"`), the page
never scrolls sideways on a phone, a wide table scrolls in its own box with the name column
kept in view on the right (the mirror of the left-to-right pages), and scores such as 2½ and
results such as 1-0 keep their left-to-right order. Screenshots of the main pages go to
tests/e2e/artifacts (gitignored) to be looked at."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from e2e_helpers import PIN, Server, play
from playwright.sync_api import expect

from club_copies import copy_club
from rochade.service import ClubService

NAMES = ("محمد العلي", "Anna Östergaard", "فاطمة الزهراء بن علي", "Jan de Vries",
         "يوسف الحسن", "Lena Müller (Jr.)", "عمر خالد", "Sara Ødegaard", "ليلى حداد",
         "Ali Yilmaz", "خالد منصور", "Eva Nowak")
PAGES = [("standings", "/t/1/"), ("pairings", "/t/1/pairings"),
         ("crosstable", "/t/1/crosstable"), ("player", "/t/1/players/1"),
         ("progress", "/t/1/progress"), ("swiss-standings", "/t/2/"),
         ("swiss-pairings", "/t/2/pairings"), ("swiss-crosstable", "/t/2/crosstable"),
         ("swiss-player", "/t/2/players/3"),
         ("participants", "/t/1/participants")]
WIDTHS = [1280, 360]


@pytest.fixture(scope="module")
def club_file(empty_club: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Tournament 1: a Keizer season of 12 over 8 rounds; tournament 2: a Swiss of the same
    12 over 5 rounds, its last round still without results."""
    path = copy_club(empty_club, tmp_path_factory.mktemp("club") / "club.rochade")
    svc = ClubService(path, "e2e")
    svc.create_tournament("بطولة النادي 2026")
    svc.import_players("\n".join(f"{name},{2150 - 37 * i}" for i, name in enumerate(NAMES)))
    play(svc, "بطولة النادي 2026", 8)
    svc.create_system_tournament("Open", "swiss", {"rounds": 5})
    for i, name in enumerate(NAMES):
        svc.add_player(name, 2150 - 37 * i, tournament="Open")
    play(svc, "Open", 4)
    svc.pair("Open")
    return path


@pytest.fixture
def club(club_file: Path, serve_copy: Callable[[Path], Server]) -> Server:
    """A copy of `club_file`, served."""
    return serve_copy(club_file)


def _arabic(browser: Any, server: Server, width: int) -> Any:
    context = browser.new_context(viewport={"width": width, "height": 800})
    page = context.new_page()
    page.goto(server.url + "/lang?lang=ar&next=/")
    return page


def _layout(page: Any) -> dict[str, Any]:
    """The page's direction and sideways overflow; for a page with a scrolling table, where
    its name column is after scrolling the table to its far (left) end."""
    return page.evaluate(
        """() => {
        const doc = document.documentElement;
        const seen = {dir: doc.dir, lang: doc.lang, overflow: doc.scrollWidth - innerWidth,
                      scrolls: false};
        const box = document.querySelector('.scroll');
        if (!box) return seen;
        const name = box.querySelector('tbody .name') || box.querySelector('tbody td:nth-child(2)');
        const boxRect = box.getBoundingClientRect();
        seen.scrolls = box.scrollWidth > box.clientWidth;
        seen.nameRightBefore = name.getBoundingClientRect().right;
        box.scrollLeft = -box.scrollWidth;  // right to left: scrolling goes negative
        const rect = name.getBoundingClientRect();
        const hit = document.elementFromPoint(rect.right - 4, rect.top + rect.height / 2);
        Object.assign(seen, {boxLeft: boxRect.left, boxRight: boxRect.right,
                             scrolled: box.scrollLeft, nameLeft: rect.left,
                             nameRight: rect.right, nameSeen: name.contains(hit),
                             sticky: getComputedStyle(name).position === 'sticky'});
        return seen;
    }"""
    )


@pytest.mark.parametrize("width", WIDTHS)
def test_arabic_pages_run_right_to_left(
    browser: Any, club: Server, artifacts: Path, width: int
) -> None:
    page = _arabic(browser, club, width)
    for label, url in PAGES:
        assert page.goto(club.url + url).ok, url
        page.screenshot(path=str(artifacts / f"ar-{label}-{width}.png"), full_page=True)
        seen = _layout(page)
        assert seen["dir"] == "rtl" and seen["lang"] == "ar", (label, seen)
        assert seen["overflow"] <= 0, (label, seen)
        if seen["scrolls"]:
            page.screenshot(path=str(artifacts / f"ar-{label}-{width}-scrolled.png"))
            assert seen["scrolled"] < 0, (label, seen)  # it did scroll, leftwards
            if seen["sticky"]:  # the grids keep the names in view, on the right
                assert seen["nameSeen"], (label, seen)
                assert seen["nameRight"] <= seen["boxRight"] + 1, (label, seen)
                assert seen["nameLeft"] >= seen["boxLeft"] - 1, (label, seen)
    page.goto(club.url + "/t/1/crosstable")
    # every name starts on the right of its cell, Latin ones too (they run left to right)
    gaps = page.locator("td.name a").evaluate_all(
        """links => links.map(a => { const r = document.createRange(); r.selectNodeContents(a);
                                      return a.closest('td').getBoundingClientRect().right
                                             - r.getBoundingClientRect().right; })""")
    assert gaps and max(gaps) < 20, gaps
    page.goto(club.url + "/t/1/")
    # the names' column is on the right of the rank's, the total on the left of the names
    first = page.locator("table tbody tr").first
    rank, name = (first.locator("td").nth(i).bounding_box() for i in (0, 1))
    assert rank["x"] > name["x"]
    page.context.close()


HALF_AFTER_DIGIT = """els => els.map(el => {
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let t = walker.nextNode(); t; t = walker.nextNode()) {
        const i = t.textContent.search(/[0-9]½/);
        if (i < 0) continue;
        const box = (a, b) => { const r = document.createRange(); r.setStart(t, a);
                                r.setEnd(t, b); return r.getBoundingClientRect(); };
        return box(i, i + 1).left < box(i + 1, i + 2).left;
    }
    return null;
})"""
"""For each element: whether its first score like 2½ shows the digit left of the ½."""


def test_scores_and_results_keep_their_order(browser: Any, club: Server) -> None:
    page = _arabic(browser, club, 1280)
    page.goto(club.url + "/t/2/pairings?round=4")
    cells = page.locator("td.res")
    texts = [t.strip() for t in cells.all_inner_texts()]
    assert {"1-0", "0-1", "½-½"} <= set(texts), texts
    # White stands right of the result, Black left: White's half of "1-0" is the right one
    sides = cells.evaluate_all("""els => els.filter(e => e.innerText.trim() === '1-0').map(e => {
        const text = [...e.childNodes].find(n => n.nodeType === 3 && n.data.includes('1-0'));
        const at = text.data.indexOf('1-0'), range = document.createRange();
        const x = i => { range.setStart(text, at + i); range.setEnd(text, at + i + 1);
                         return range.getBoundingClientRect().left; };
        const white = e.previousElementSibling.getBoundingClientRect();
        return {whiteRight: white.left > e.getBoundingClientRect().left,
                oneRight: x(0) > x(2)};
    })""")
    assert sides and all(s["whiteRight"] and s["oneRight"] for s in sides), sides
    for url in ("/t/2/pairings?round=4", "/t/2/", "/t/2/crosstable", "/t/1/"):
        page.goto(club.url + url)
        order = page.locator("td").evaluate_all(HALF_AFTER_DIGIT)
        assert True in order and False not in order, (url, order)
    page.context.close()


@pytest.mark.parametrize("width", WIDTHS)
def test_the_td_evening_in_arabic(browser: Any, club: Server, artifacts: Path,
                                  width: int) -> None:
    page = _arabic(browser, club, width)
    page.goto(club.url + "/td/")
    page.locator("#pin").fill(PIN)
    page.locator("form.narrow button").click()
    for label, url in (("td-evening", "/td/t/1/"), ("td-results", "/td/t/2/results"),
                       ("td-checkin", "/td/t/1/checkin"), ("td-players", "/td/t/1/players"),
                       ("td-settings", "/td/t/1/settings"), ("td-byes", "/td/t/2/byes"),
                       ("hall", "/td/t/2/display")):
        assert page.goto(club.url + url).ok, url
        page.screenshot(path=str(artifacts / f"ar-{label}-{width}.png"), full_page=True)
        seen = _layout(page)
        assert seen["dir"] == "rtl", (label, seen)
        assert seen["overflow"] <= 0, (label, seen)
        if width == 1280 and label != "hall":  # every tab in view on a laptop, none hidden
            assert page.locator(".tabs").evaluate("n => n.scrollWidth <= n.clientWidth"), label
    page.context.close()


def test_arabic_indic_digits_enter_results(browser: Any, club: Server) -> None:
    """An Arabic keyboard's ١ ٢ ٣ enter white wins, a draw, black wins, like 1 2 3."""
    page = _arabic(browser, club, 1280)
    page.goto(club.url + "/td/")
    page.locator("#pin").fill(PIN)
    page.locator("form.narrow button").click()
    page.goto(club.url + "/td/t/2/results")
    for board, key in ((1, "\u0661"), (2, "\u0662"), (3, "\u0663")):  # no US key for them:
        page.locator(f"tr#b{board}").dispatch_event("keydown", {"key": key})  # sent as events
    for board, result in ((1, "1-0"), (2, "½-½"), (3, "0-1")):
        row = page.locator(f"tr#b{board}")
        row.locator("td.res", has_text=result).wait_for()
    expect(page.locator("tr.result-row.pending")).to_have_count(0)  # all sent
    games = ClubService(club.path, "e2e").tournament("Open").rounds[-1].games
    assert [g.result.value if g.result else None for g in games[:3]] == ["1-0", "1/2-1/2", "0-1"]
    page.context.close()
