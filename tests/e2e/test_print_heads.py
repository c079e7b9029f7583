"""Printed lists say what they are on every page: a 60-player standings list and a 30-player
crosstable printed by Chromium to PDF, from the web pages and from the exported HTML
(`export-list --format html`, `publish`). Each page's text (pypdf) must name the club, the
tournament, the list and round, and the round's date; black colour marks keep their black
background in print. PDFs go to tests/e2e/artifacts (gitignored) to be looked at."""

from __future__ import annotations

import io
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from e2e_helpers import Server, play
from pypdf import PdfReader

from club_copies import copy_club
from rochade.cli.export import export_list, publish
from rochade.service import ClubService

CLUB = "SC Rochade 1920"


def _pages(pdf: bytes) -> list[str]:
    """Each PDF page's text, spaces and line breaks folded to one space."""
    return [" ".join(p.extract_text().split()) for p in PdfReader(io.BytesIO(pdf)).pages]


@pytest.fixture(scope="module")
def club_file(empty_club: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Tournament 1: a Keizer season of 60 players after 2 rounds; tournament 2: a Swiss of
    30 after 3 rounds. The club's name is the organizer of both."""
    path = copy_club(empty_club, tmp_path_factory.mktemp("club") / "club.rochade")
    svc = ClubService(path, "e2e")
    svc.create_tournament("Winter Season")
    svc.import_players("\n".join(f"Player {i:02d} Achterberg,{2300 - 13 * i}" for i in range(60)))
    svc.set_event({"organizer": CLUB}, "Winter Season")
    play(svc, "Winter Season", 2)
    svc.create_system_tournament("Spring Open", "swiss", {"rounds": 5})
    for i in range(30):
        svc.add_player(f"Spielerin {i:02d} Ødegaard", 2100 - 20 * i, tournament="Spring Open")
    svc.set_event({"organizer": CLUB}, "Spring Open")
    play(svc, "Spring Open", 3)
    return path


@pytest.fixture
def club(club_file: Path, serve_copy: Callable[[Path], Server]) -> Server:
    """A copy of `club_file`, served."""
    return serve_copy(club_file)


def _print(page: Any, artifacts: Path, label: str) -> list[str]:
    pdf = page.pdf(prefer_css_page_size=True)
    (artifacts / f"print-{label}.pdf").write_bytes(pdf)
    return _pages(pdf)


def _every_page_says(pages: list[str], *words: str) -> None:
    assert len(pages) > 1, pages
    for number, text in enumerate(pages, start=1):
        for word in words:
            assert word in text, (number, word, text[:200])
        assert f"{number} / {len(pages)}" in text, (number, text[-80:])


def test_web_lists_print_their_heading_on_every_page(
    browser: Any, club: Server, artifacts: Path
) -> None:
    today = ClubService(club.path, "e2e").letterhead("Winter Season").date(2)
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.goto(club.url + "/t/1/")
    pages = _print(page, artifacts, "web-standings")
    day = page.evaluate("document.documentElement.dataset.printDate")
    assert day and today, (day, today)
    _every_page_says(pages, CLUB, "Winter Season", "Standings", "after round 2", day)
    page.goto(club.url + "/t/2/crosstable")
    pages = _print(page, artifacts, "web-swiss-crosstable")
    assert len(pages) == 1  # still one landscape page, now with its heading
    assert f"{CLUB} · Spring Open · Crosstable · after round 3" in pages[0]
    context.close()


def test_arabic_pages_number_their_pages_left_to_right(
    browser: Any, club: Server, artifacts: Path
) -> None:
    """"1 / 3" on a right-to-left page too, never "3 / 1"."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.goto(club.url + "/t/1/?lang=ar")
    pages = _print(page, artifacts, "web-standings-ar")
    assert len(pages) > 1
    for number, text in enumerate(pages, start=1):
        assert f"{number} / {len(pages)}" in text, (number, text[-80:])
        if number != len(pages):
            assert f"{len(pages)} / {number}" not in text, (number, text[-80:])
    context.close()


def test_exported_lists_print_their_heading_on_every_page(
    browser: Any, club: Server, artifacts: Path, tmp_path: Path
) -> None:
    from click.testing import CliRunner

    runner = CliRunner()
    out = tmp_path / "standings.html"
    args = [str(club.path), "standings", "--format", "html", "-o", str(out), "-t", "Winter Season"]
    assert runner.invoke(export_list, args).exit_code == 0
    site = tmp_path / "site"
    result = runner.invoke(publish, [str(club.path), str(site), "-t", "Winter Season"])
    assert result.exit_code == 0, result.output
    date = ClubService(club.path, "e2e").letterhead("Winter Season").date(1)
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.goto(out.as_uri())
    _every_page_says(_print(page, artifacts, "export-standings"), CLUB,
                     "Winter Season: standings after round 2")
    slips = tmp_path / "slips.html"
    args = [str(club.path), "slips", "--format", "html", "-o", str(slips), "-t", "Spring Open"]
    assert runner.invoke(export_list, args).exit_code == 0
    page.goto(slips.as_uri())
    pages = _print(page, artifacts, "export-slips")
    assert [text.count("Signature white") for text in pages] == [10, 5]  # 15 boards
    assert f"{CLUB} · Spring Open: result slips, round 3" in pages[0]
    page.goto((site / "standings-1.html").as_uri())
    pages = _print(page, artifacts, "publish-standings-1")
    _every_page_says(pages, CLUB, "Winter Season: standings after round 1", date)
    context.close()


def test_black_marks_print_black(browser: Any, club: Server) -> None:
    """The colour badges of a Swiss player's card keep their black fill in print, where
    Chromium leaves other backgrounds out."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.goto(club.url + "/t/2/players/1")
    page.emulate_media(media="print")
    marks = page.evaluate(
        """() => [...document.querySelectorAll('.col.b')].map(e => {
            const s = getComputedStyle(e);
            return [s.backgroundColor, s.printColorAdjust];
        })"""
    )
    assert marks and all(adjust == "exact" for _, adjust in marks), marks
    assert all(colour != "rgba(0, 0, 0, 0)" for colour, _ in marks), marks
    page.goto(club.url + "/t/1/pairings/alphabetical?round=2")  # the black badge
    page.emulate_media(media="print")
    badge = page.evaluate("getComputedStyle(document.querySelector('.colour.b')).printColorAdjust")
    assert badge == "exact"
    context.close()


def test_the_exported_crosstable_prints_its_black_diagonal(
    browser: Any, club: Server, tmp_path: Path
) -> None:
    from click.testing import CliRunner

    out = tmp_path / "crosstable.html"
    args = [str(club.path), "crosstable", "--format", "html", "-o", str(out), "-t",
            "Winter Season"]
    assert CliRunner().invoke(export_list, args).exit_code == 0
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.goto(out.as_uri())
    page.emulate_media(media="print")
    cells = page.evaluate(
        """() => [...document.querySelectorAll('td.self')].map(e => {
            const s = getComputedStyle(e);
            return [s.backgroundColor, s.printColorAdjust];
        })"""
    )
    context.close()
    assert len(cells) == 60 and all(c == ["rgb(29, 35, 42)", "exact"] for c in cells), cells


def test_printouts_of_a_round(browser: Any, club: Server, artifacts: Path) -> None:
    """The 60-player season's round 3: "where do I play?" runs over pages, each headed; the
    notice board's large type and the result slips (ten or more to a page) print headed too."""
    svc = ClubService(club.path, "e2e")
    boards = len(svc.pair("Winter Season").round.games)
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.goto(club.url + "/t/1/pairings/alphabetical?round=3")
    page.screenshot(path=str(artifacts / "printout-alphabetical.png"), full_page=True)
    _every_page_says(_print(page, artifacts, "alphabetical"), CLUB, "Winter Season",
                     "Pairings in alphabetical order · Round 3")
    page.goto(club.url + "/t/1/pairings/notice?round=3")
    page.screenshot(path=str(artifacts / "printout-notice.png"), full_page=True)
    notice = _print(page, artifacts, "notice")
    _every_page_says(notice, CLUB, "Winter Season · Pairings · Round 3")
    page.emulate_media(media="print")
    size = page.evaluate("parseFloat(getComputedStyle(document.querySelector('.notice-table'))"
                         ".fontSize)")
    assert size >= 26, size  # 20pt: readable from a step back
    page.goto(club.url + "/t/1/pairings/slips?round=3")
    page.screenshot(path=str(artifacts / "printout-slips.png"), full_page=True)
    slips = _print(page, artifacts, "slips")
    _every_page_says(slips, CLUB, "Result slips · Round 3")
    per_page = [text.count("Signature white") for text in slips]
    assert sum(per_page) == boards and min(per_page[:-1]) >= 10, per_page  # two columns
    context.close()


def test_printouts_fit_a_phone(browser: Any, club: Server) -> None:
    context = browser.new_context(viewport={"width": 360, "height": 740})
    page = context.new_page()
    for url in ("/t/1/pairings/alphabetical", "/t/1/pairings/notice", "/t/1/pairings/slips",
                "/t/1/start-rank", "/t/2/start-rank"):
        page.goto(club.url + url)
        assert page.evaluate("document.documentElement.scrollWidth - window.innerWidth") <= 0, url
    context.close()
