"""The exported sites (`rochade publish`, `export-list --format html`) as Chromium draws and
prints them, opened from their files: screenshots for a person to look at, and every list
printed on one A4 page, a crosstable in landscape (the PDF's media box). PNGs and PDFs go
to tests/e2e/artifacts. The HTML itself is checked in tests/formats/test_html.py and
test_fide_exports.py."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from export_samples import EVENTS, event, hostile_tournament
from rochade.core.keizer.settings import preset
from rochade.formats.html import site

PORTRAIT = (595.3, 841.9)
LANDSCAPE = (841.9, 595.3)
"""A4 in PDF points."""


def _draw_and_print(browser: Any, folder: Path, artifacts: Path,
                    shots: dict[str, tuple[float, float] | None]) -> None:
    """Each page `folder/NAME.html` drawn in a 1000 x 640 window (a PNG), and printed where
    `shots` gives its paper size: one page of that size."""
    context = browser.new_context(viewport={"width": 1000, "height": 640})
    page = context.new_page()
    for name, size in shots.items():
        page.goto((folder / f"{name}.html").as_uri())
        png = page.screenshot()
        (artifacts / f"html-{name}.png").write_bytes(png)
        assert png[:8] == b"\x89PNG\r\n\x1a\n" and len(png) > 10_000, name
        if size is None:
            continue
        pdf = page.pdf(prefer_css_page_size=True)
        (artifacts / f"html-{name}.pdf").write_bytes(pdf)
        boxes = re.findall(rb"/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]", pdf)
        assert len(boxes) == 1, name  # one page, no page break after the header
        ((width, height),) = boxes
        assert abs(float(width) - size[0]) < 2 and abs(float(height) - size[1]) < 2, name
    context.close()


def test_a_keizer_site_drawn_and_printed(
    browser: Any, tmp_path: Path, shared_dir: Path, artifacts: Path
) -> None:
    """Standings and crosstable of KfC's sample as a browser draws them, hostile names too,
    and the print view on A4 paper, the crosstable in landscape."""
    from rochade.store.kfc import read_kfc

    imported = read_kfc(shared_dir / "conformance" / "kfc" / "Test-Tournament.s3db")
    pages = site(imported.tournament, imported.settings)
    pages = {**pages, "hostile.html": site(hostile_tournament(), preset("kfc"))["crosstable.html"]}
    for name, text in pages.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    _draw_and_print(browser, tmp_path, artifacts, {
        "standings": PORTRAIT, "crosstable": LANDSCAPE, "progress": None, "player-6": None,
        "hostile": None})


def test_a_swiss_and_a_round_robin_drawn_and_printed(
    browser: Any, tmp_path: Path, artifacts: Path
) -> None:
    """The Swiss standings and the round-robin crosstable as a browser draws them, and
    printed: one A4 page each, the crosstables in landscape."""
    for kind in EVENTS:
        for name, text in site(event(kind)).items():
            (tmp_path / f"{kind}-{name}").write_text(text, encoding="utf-8")
    for name in ("swiss-style.css", "rr-style.css"):
        (tmp_path / name).rename(tmp_path / "style.css")
    _draw_and_print(browser, tmp_path, artifacts, {
        "swiss-standings": PORTRAIT, "swiss-crosstable": LANDSCAPE, "rr-crosstable": LANDSCAPE,
        "rr-player-3": PORTRAIT})
