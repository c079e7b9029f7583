"""Wide lists in a real browser at 1280 and 360 px: the progress table and crosstable of a
30-player Keizer season and the crosstable and standings of a 9-round Swiss. The page never
scrolls sideways (the table scrolls in its own box), every column can be scrolled into view,
the name column stays visible after scrolling the table, and print puts the wide lists on one
landscape A4 page. Screenshots go to tests/e2e/artifacts (gitignored) to be looked at."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from e2e_helpers import PIN, Server, play

from club_copies import copy_club
from rochade.service import ClubService

PAGES = [("keizer-progress", "/t/1/progress"), ("keizer-crosstable", "/t/1/crosstable"),
         ("swiss-crosstable", "/t/2/crosstable"), ("swiss-standings", "/t/2/"),
         ("keizer-standings", "/t/1/")]
WIDTHS = [1280, 360]


@pytest.fixture(scope="module")
def season_file(empty_club: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Tournament 1: a Keizer season of 30 players over 10 rounds; tournament 2: a Swiss of
    14 over 9 rounds."""
    path = copy_club(empty_club, tmp_path_factory.mktemp("season") / "club.rochade")
    svc = ClubService(path, "e2e")
    svc.create_tournament("Season")
    svc.import_players("\n".join(f"Spieler {chr(65 + i % 26)}{i:02d} Östergaard-Lindqvist,"
                                 f"{2200 - 17 * i}" for i in range(30)))
    play(svc, "Season", 10)
    svc.create_system_tournament("Open", "swiss", {"rounds": 9})
    for i in range(14):
        svc.add_player(f"Spielerin {i:02d} Ødegaard", 2100 - 40 * i,
                       tournament="Open")
    play(svc, "Open", 9)
    return path


@pytest.fixture
def season(season_file: Path, serve_copy: Callable[[Path], Server]) -> Server:
    """A copy of `season_file`, served."""
    return serve_copy(season_file)


def _check(page: Any) -> dict[str, Any]:
    """Sideways page overflow, and what the table's box shows after scrolling to its end."""
    return page.evaluate(
        """() => {
        const doc = document.documentElement;
        const box = document.querySelector('.scroll');
        const table = box.querySelector('table');
        const before = box.getBoundingClientRect();
        box.scrollLeft = box.scrollWidth;
        const heads = [...table.querySelectorAll('thead th')];
        const last = heads[heads.length - 1].getBoundingClientRect();
        const name = table.querySelector('tbody .name')
            || table.querySelector('tbody td:nth-child(2)');
        const rect = name.getBoundingClientRect();
        const hit = document.elementFromPoint(rect.left + 4, rect.top + rect.height / 2);
        return {pageWidth: doc.scrollWidth, viewport: window.innerWidth,
                scrolls: box.scrollWidth > box.clientWidth,
                boxLeft: before.left, boxRight: before.right,
                lastLeft: last.left, lastRight: last.right,
                nameLeft: rect.left, nameSeen: name.contains(hit),
                hit: hit && hit.outerHTML.slice(0, 80),
                columns: heads.length, tableWidth: table.getBoundingClientRect().width};
    }"""
    )


@pytest.mark.parametrize("width", WIDTHS)
def test_wide_lists_fit_the_window_and_keep_the_names_in_view(
    browser: Any, season: Server, artifacts: Path, width: int
) -> None:
    context = browser.new_context(viewport={"width": width, "height": 800})
    page = context.new_page()
    for label, url in PAGES:
        page.goto(season.url + url)
        page.screenshot(path=str(artifacts / f"wide-{label}-{width}.png"), full_page=True)
        seen = _check(page)
        page.screenshot(path=str(artifacts / f"wide-{label}-{width}-scrolled.png"))
        assert seen["pageWidth"] <= seen["viewport"], (label, seen)
        # every column reachable: after scrolling the box, the last column is inside it
        assert seen["boxLeft"] - 1 <= seen["lastLeft"], (label, seen)
        assert seen["lastRight"] <= seen["boxRight"] + 1, (label, seen)
        if seen["scrolls"] and "standings" not in label:  # the grids keep their names
            assert seen["nameSeen"] and seen["nameLeft"] >= seen["boxLeft"] - 1, f"{label} {seen}"
    context.close()


def test_the_laptop_shows_the_whole_progress_table_without_scrolling(
    browser: Any, season: Server
) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.goto(season.url + "/t/2/crosstable")
    assert not _check(page)["scrolls"]  # a 9-round Swiss: SB and WIN on screen
    page.goto(season.url + "/t/1/progress")
    seen = _check(page)
    assert seen["tableWidth"] > 960  # wider than the text column: the table takes its width
    context.close()


@pytest.mark.parametrize(("label", "url"), PAGES[:3])
def test_wide_lists_print_on_one_landscape_page(
    browser: Any, season: Server, artifacts: Path, label: str, url: str
) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.goto(season.url + url)
    page.set_viewport_size({"width": 1047, "height": 718})  # A4 landscape less the margins
    page.emulate_media(media="print")
    page.screenshot(path=str(artifacts / f"wide-{label}-print.png"), full_page=True)
    pdf = page.pdf(prefer_css_page_size=True)
    (artifacts / f"wide-{label}.pdf").write_bytes(pdf)
    pages = re.findall(rb"/Type\s*/Page[^s]", pdf)
    boxes = re.findall(rb"/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)", pdf)
    assert len(pages) == 1, (label, len(pages))
    assert boxes and all(float(w) > float(h) for w, h in boxes), boxes  # landscape
    context.close()


PUBLIC = ["/t/1/", "/t/1/pairings", "/t/1/progress", "/t/1/crosstable", "/t/1/participants",
          "/t/1/players/1", "/t/2/", "/t/2/pairings", "/t/2/crosstable", "/t/2/participants",
          "/t/2/players/1"]


def test_no_public_page_scrolls_sideways_on_a_phone(browser: Any, season: Server,
                                                    artifacts: Path) -> None:
    context = browser.new_context(viewport={"width": 360, "height": 740})
    page = context.new_page()
    for url in PUBLIC:
        page.goto(season.url + url)
        wide = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
        if url.endswith("pairings"):
            name = url.split("/")[2]
            page.screenshot(path=str(artifacts / f"phone-pairings-{name}.png"), full_page=True)
        assert wide <= 0, url
    context.close()


def test_the_checkin_search_ignores_accents(browser: Any, server: Server,
                                            artifacts: Path) -> None:
    svc = ClubService(server.path, "e2e")
    svc.create_tournament("Season")
    for i, name in enumerate(("Özdemir, Ayşe", "Zander, Ozan", "Åberg, Lars", "Adams, Ann")):
        svc.add_player(name, 1800 - 100 * i)
    context = browser.new_context(viewport={"width": 360, "height": 740})
    page = context.new_page()
    page.goto(server.url + "/td/")
    page.get_by_label("PIN or password").fill(PIN)
    page.get_by_role("button", name="Log in").click()
    page.goto(server.url + "/td/t/1/checkin")
    names = page.locator("#checkin .pname").all_inner_texts()
    assert names == ["Åberg, Lars", "Adams, Ann", "Özdemir, Ayşe", "Zander, Ozan"]
    page.locator("#search").fill("ozd")
    assert page.locator("#checkin li:visible .pname").all_inner_texts() == ["Özdemir, Ayşe"]
    page.locator("#search").fill("ÅBE")
    assert page.locator("#checkin li:visible .pname").all_inner_texts() == ["Åberg, Lars"]
    page.locator("#search").fill("oza")
    assert page.locator("#checkin li:visible .pname").all_inner_texts() == ["Zander, Ozan"]
    page.screenshot(path=str(artifacts / "checkin-search-accents.png"))
    context.close()


@pytest.mark.parametrize("lang", ["en", "de", "nl", "fr", "ar"])
def test_where_do_i_play_fits_a_phone_in_every_language(
    browser: Any, season: Server, artifacts: Path, lang: str
) -> None:
    """The public menu leads to "Where do I play?", and the page fits 360 px with the
    opponent's name in view, left to right and right to left."""
    context = browser.new_context(viewport={"width": 360, "height": 740})
    page = context.new_page()
    for n in (1, 2):
        page.goto(f"{season.url}/t/{n}/?lang={lang}")
        page.click("nav.tabs a[href$='/pairings/alphabetical']")
        page.wait_for_url(f"**/t/{n}/pairings/alphabetical")
        page.screenshot(path=str(artifacts / f"phone-seats-{n}-{lang}.png"), full_page=True)
        seen = page.evaluate(
            """() => {
            const cells = [...document.querySelectorAll('table.seats tbody td:last-child')];
            const out = cells.map(c => c.getBoundingClientRect())
                .filter(r => r.left < 0 || r.right > window.innerWidth + 0.5).length;
            return {wide: document.documentElement.scrollWidth - window.innerWidth,
                    outside: out, rows: cells.length};
        }""")
        assert seen["wide"] <= 0 and seen["outside"] == 0 and seen["rows"] > 10, (n, seen)
    context.close()
