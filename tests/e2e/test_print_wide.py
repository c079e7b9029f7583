"""Wide lists on paper: a season's Keizer progress table of 14 rounds and a 40-player Swiss
crosstable, printed by Chromium to PDF. The smallest type on the paper is read from the PDF
itself (pypdf's text matrices), so a table that Chromium shrinks to the page is caught; and
no page may hold the list's legend alone. PDFs go to tests/e2e/artifacts."""

from __future__ import annotations

import io
import math
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from e2e_helpers import Server, play
from pypdf import PdfReader

from club_copies import copy_club
from rochade.cli.export import export_list
from rochade.service import ClubService

SMALLEST_PT = 7.0


def _print(page: Any, artifacts: Path, label: str) -> PdfReader:
    pdf = page.pdf(prefer_css_page_size=True)
    (artifacts / f"print-{label}.pdf").write_bytes(pdf)
    return PdfReader(io.BytesIO(pdf))


def _sizes(reader: PdfReader) -> list[list[tuple[float, str]]]:
    """Per page: each piece of text with the size it is printed at, in points."""
    pages: list[list[tuple[float, str]]] = []
    for pdf_page in reader.pages:
        seen: list[tuple[float, str]] = []

        def visit(text: str, cm: list[float], tm: list[float], font: Any, size: float,
                  seen: list[tuple[float, str]] = seen) -> None:
            if text.strip():
                scale = math.hypot(tm[2], tm[3]) * math.hypot(cm[2], cm[3])
                seen.append((round(size * scale, 2), text.strip()))

        pdf_page.extract_text(visitor_text=visit)
        pages.append(seen)
    return pages


def _exported(season: Server, which: str, tournament: str, folder: Path) -> Path:
    """List `which` of `tournament` exported as HTML by `rochade export-list`."""
    out = folder / f"{which}.html"
    args = [str(season.path), which, "--format", "html", "-o", str(out), "-t", tournament]
    result = CliRunner().invoke(export_list, args)
    assert result.exit_code == 0, result.output
    return out


@pytest.fixture(scope="module")
def season_file(empty_club: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Tournament 1: a Keizer season of 24 after 14 evenings (two printed parts);
    tournament 2: a Swiss of 40 after 5 of 7 rounds."""
    path = copy_club(empty_club, tmp_path_factory.mktemp("season") / "club.rochade")
    svc = ClubService(path, "e2e")
    svc.create_tournament("Long Season")
    svc.import_players("\n".join(f"Speler {i:02d} van Achterberg,{2300 - 13 * i}"
                                 for i in range(24)))
    play(svc, "Long Season", 14)
    svc.create_system_tournament("Autumn Open", "swiss", {"rounds": 7})
    for i in range(40):
        svc.add_player(f"Spielerin {i:02d} Ødegaard", 2100 - 20 * i, tournament="Autumn Open")
    play(svc, "Autumn Open", 5)
    return path


@pytest.fixture
def season(season_file: Path, serve_copy: Callable[[Path], Server]) -> Server:
    """A copy of `season_file`, served."""
    return serve_copy(season_file)


def test_a_long_progress_table_prints_at_a_readable_size(
    browser: Any, season: Server, artifacts: Path
) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.goto(season.url + "/t/1/progress")
    pages = _sizes(_print(page, artifacts, "progress-14-rounds"))
    smallest = min(size for texts in pages for size, _ in texts)
    assert smallest >= SMALLEST_PT, smallest
    text = [" ".join(t for _, t in texts) for texts in pages]
    for label in ("R1", "R12", "R13", "R14"):
        assert any(label in t for t in text), label
    assert all("Speler 00 van Achterberg" in t for t in text)  # names on every part
    page.set_viewport_size({"width": 1047, "height": 720})  # A4 landscape's width
    page.emulate_media(media="print")
    page.screenshot(path=artifacts / "print-progress-14-rounds.png", full_page=True)
    context.close()


def test_no_page_holds_a_legend_alone(
    browser: Any, season: Server, artifacts: Path, tmp_path: Path
) -> None:
    exported = _exported(season, "crosstable", "Autumn Open", tmp_path)
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    for url, label in ((season.url + "/t/2/crosstable", "swiss-40-crosstable"),
                       (season.url + "/t/1/progress", "progress-legend"),
                       (exported.as_uri(), "export-swiss-40-crosstable")):
        page.goto(url)
        pages = _sizes(_print(page, artifacts, label))
        for number, texts in enumerate(pages, start=1):
            words = " ".join(t for _, t in texts)
            assert "Spiel" in words or "Speler" in words, (label, number, words[:300])
    context.close()


def test_exported_progress_table_prints_at_a_readable_size(
    browser: Any, season: Server, artifacts: Path, tmp_path: Path
) -> None:
    out = _exported(season, "progress", "Long Season", tmp_path)
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.goto(out.as_uri())
    pages = _sizes(_print(page, artifacts, "export-progress-14-rounds"))
    smallest = min(size for texts in pages for size, _ in texts)
    assert smallest >= SMALLEST_PT, smallest
    context.close()
