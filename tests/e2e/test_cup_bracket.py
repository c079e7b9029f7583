"""A knockout cup of 13 in the browser: the bracket page shows every cup round (side by side
on a wide screen, one below the other on a phone, never scrolling sideways), follows the
results as they come in, and prints on A4 landscape, every round on the first page, every
player in the places (the PDF read back with pypdf). PDFs go to tests/e2e/artifacts."""

from __future__ import annotations

import io
import itertools
import re
import unicodedata
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from e2e_helpers import Server
from playwright.sync_api import expect
from pypdf import PdfReader

from club_copies import copy_club
from rochade.service import ClubService

NAMES = ["Anna", "Bram", "Cees", "Dirk", "Eva", "Femke", "Gerrit", "Hanna", "Ingrid", "Joost",
         "Karin", "Lotte", "Maarten"]
"""Seed i + 1 is NAMES[i] (rating order)."""
ROUNDS = ["Round 1", "Quarter-finals", "Semi-finals", "Final"]


def _play_round(svc: ClubService, cup_round: int) -> None:
    """The better seed wins, except that quarter-final 1 is drawn, then won in both rapid
    games."""
    report = svc.pair("Cup")
    for game in report.round.games:
        better_white = game.white < game.black
        drawn = cup_round == 2 and game.board == 1
        svc.enter_result(cup_round, f"{game.board}.1",
                         "1/2" if drawn else "1-0" if better_white else "0-1", "Cup")
    for rapid in (2, 3) if cup_round == 2 else ():
        game = svc.pair("Cup").round.games[0]
        svc.enter_result(2, f"1.{rapid}", "1-0" if game.white < game.black else "0-1", "Cup")


@pytest.fixture(scope="module")
def cup_file(empty_club: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A cup of 13 with a third-place match, after three rounds; the final and the match
    for third place are paired, without results."""
    path = copy_club(empty_club, tmp_path_factory.mktemp("cup") / "club.rochade")
    svc = ClubService(path, "e2e")
    svc.create_system_tournament("Cup", "knockout", {"third_place": True, "seed": 3})
    for i, name in enumerate(NAMES):
        svc.add_player(name, 2100 - 25 * i, tournament="Cup")
    for cup_round in (1, 2, 3):
        _play_round(svc, cup_round)
    svc.pair("Cup")
    return path


@pytest.fixture
def cup(cup_file: Path, serve_copy: Callable[[Path], Server]) -> Server:
    return serve_copy(cup_file)


def _finish(cup: Server) -> None:
    svc = ClubService(cup.path, "e2e")
    for game in svc.tournament("Cup").rounds[-1].games:
        svc.enter_result(4, f"{game.board}.1", "1-0" if game.white < game.black else "0-1",
                         "Cup")


def test_the_bracket_shows_every_round_and_follows_the_results(browser: Any, cup: Server,
                                                                artifacts: Path) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.goto(cup.url + "/t/1/")
    sections = page.locator("section.cup-round")
    expect(sections).to_have_count(4)
    for i, name in enumerate(ROUNDS):
        expect(sections.nth(i).locator("h2")).to_have_text(name)
    quarter = sections.nth(1).locator(".match").first
    expect(quarter).to_contain_text("2½-½ (½ · rapid 1 · rapid 1)")
    expect(quarter).to_contain_text("won the play-off (rapid)")
    expect(page.locator(".match.third")).to_contain_text("Third place")
    boxes = [sections.nth(i).bounding_box() for i in range(4)]
    assert all(a["x"] < b["x"] for a, b in itertools.pairwise(boxes)), boxes
    expect(page.locator(".champion")).to_have_count(0)
    _finish(cup)  # the final's result comes in while the page is open
    expect(page.locator(".champion")).to_contain_text("Winner: Anna", timeout=10_000)
    expect(page.locator("table.places tbody tr").first).to_contain_text("1Anna1")
    page.screenshot(path=str(artifacts / "cup-bracket.png"), full_page=True)
    context.close()


def test_on_a_phone_the_rounds_stack_and_nothing_scrolls_sideways(browser: Any, cup: Server,
                                                                  artifacts: Path) -> None:
    context = browser.new_context(viewport={"width": 360, "height": 740})
    page = context.new_page()
    page.goto(cup.url + "/t/1/")
    sections = page.locator("section.cup-round")
    expect(sections).to_have_count(4)
    boxes = [sections.nth(i).bounding_box() for i in range(4)]
    assert all(a["y"] < b["y"] for a, b in itertools.pairwise(boxes)), boxes
    wide = page.evaluate("document.scrollingElement.scrollWidth - window.innerWidth")
    assert wide <= 0, wide
    page.screenshot(path=str(artifacts / "cup-bracket-phone.png"))
    context.close()


def test_the_bracket_prints_every_round_on_a_landscape_page(browser: Any, cup: Server,
                                                              artifacts: Path) -> None:
    _finish(cup)
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.goto(cup.url + "/t/1/")
    expect(page.locator(".champion")).to_contain_text("Anna")
    pdf = page.pdf(prefer_css_page_size=True)
    (artifacts / "print-cup-bracket.pdf").write_bytes(pdf)
    reader = PdfReader(io.BytesIO(pdf))
    box = reader.pages[0].mediabox
    assert float(box.width) > float(box.height)  # landscape
    first = unicodedata.normalize("NFKC", reader.pages[0].extract_text())  # no ligatures
    for name in ROUNDS:
        assert name in first, name  # the whole bracket on the first page
    text = " ".join(" ".join(p.extract_text().split()) for p in reader.pages)
    for name in NAMES:
        assert re.search(rf"\b{name}\b", text), name
    assert "Cup · Bracket" in text and "Winner: Anna" in text
    context.close()
