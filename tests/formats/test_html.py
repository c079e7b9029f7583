"""HTML exports: valid HTML5 (html5lib, strict), escaped hostile names, stable classes, the
A4 print stylesheet (as Chromium draws and prints the pages: tests/e2e/test_exported_pages.py)."""

from __future__ import annotations

import re
from pathlib import Path
from xml.etree.ElementTree import Element

import html5lib
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from export_samples import HOSTILE, hostile_tournament
from rochade.core.keizer.scoring import compute_standings
from rochade.core.keizer.settings import KeizerSettings, preset
from rochade.core.model import Absence, Entrant, Game, Result, Round, Tournament
from rochade.core.systems.keizer import keizer_standings
from rochade.formats.html import page, site, stylesheet, table_html
from rochade.formats.json import parse_tournament
from rochade.formats.tables import (
    crosstable_table,
    progress_parts,
    progress_table,
    standings_table,
)

REPO = Path(__file__).resolve().parents[2]
DATA = REPO / "tests" / "data"
NS = "{http://www.w3.org/1999/xhtml}"


def parse(document: str) -> Element:
    """Parse strictly: any HTML5 parse error fails the test."""
    parser = html5lib.HTMLParser(strict=True, namespaceHTMLElements=True)
    tree: Element = parser.parse(document)
    assert parser.errors == []
    return tree


def texts(tree: Element, selector_class: str) -> list[str]:
    return [
        "".join(el.itertext())
        for el in tree.iter()
        if selector_class in (el.get("class") or "").split()
    ]


@pytest.fixture(scope="module")
def club() -> Tournament:
    return parse_tournament((DATA / "json" / "club-winter.json").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def club_site(club: Tournament) -> dict[str, str]:
    assert isinstance(club.settings, KeizerSettings)
    return dict(site(club, club.settings))


def test_every_page_of_the_site_is_valid(club: Tournament, club_site: dict[str, str]) -> None:
    n, rounds = len(club.entrants), len(club.rounds)
    lists = 4 + rounds + rounds + n  # 4 lists, standings after and pairings of each round ...
    lists += 4  # ... and the printouts: start rank, alphabetical, notice board, result slips
    assert len(club_site) == 1 + 2 * lists + 1  # index, each list as HTML and CSV, style.css
    for name, document in club_site.items():
        if name.endswith(".html"):
            tree = parse(document)
            hrefs = [a.get("href") for a in tree.iter(f"{NS}a")]
            assert all(h in club_site for h in hrefs), name  # no dead links
            links = [el for el in tree.iter(f"{NS}link")]
            assert [link.get("href") for link in links] == ["style.css"], name
    index = parse(club_site["index.html"])
    assert len([a for a in index.iter(f"{NS}a")]) >= 5 + 2 * lists  # navigation, HTML, CSV
    round2 = parse(club_site["round-2.html"])
    assert texts(round2, "downloads") == ["CSV for spreadsheets · Round 1 · Round 3"]
    assert club_site["round-2.csv"].startswith("Board,White,Result,Black\r\n")


def test_standings_page_classes(club: Tournament, club_site: dict[str, str]) -> None:
    tree = parse(club_site["standings.html"])
    (table,) = [t for t in tree.iter(f"{NS}table")]
    assert table.get("class") == "list standings"
    assert texts(tree, "col-rank")[:3] == ["Rank", "1", "2"]
    withdrawn = [tr for tr in tree.iter(f"{NS}tr") if tr.get("class") == "withdrawn"]
    assert ["".join(tr.itertext()).startswith("Haddad") for tr in withdrawn] == [True]
    names = texts(tree, "col-name")[1:]
    assert names[0] == "Müller, Jürgen" and 'van der Berg, "Kees"' in names


def test_crosstable_cells_have_result_classes(club: Tournament) -> None:
    html = table_html(crosstable_table(club))
    tree = parse(page(club.name, [crosstable_table(club)]))
    assert texts(tree, "self") == ["×"] * len(club.entrants)
    assert set(texts(tree, "win")) <= {"1", "+"} and texts(tree, "draw")
    assert 'class="col-p1 num self"' in html


def test_hostile_names_are_escaped() -> None:
    t = hostile_tournament()
    assert isinstance(t.settings, KeizerSettings)
    pages = site(t, t.settings)
    for name, document in pages.items():
        if not name.endswith(".html"):
            continue
        assert "<script>" not in document and "<img" not in document, name
        tree = parse(document)
        assert not list(tree.iter(f"{NS}script")) and not list(tree.iter(f"{NS}img"))
        assert texts(tree, "tournament") == [t.name], name
    tree = parse(pages["participants.html"])
    shown = [n.replace("\u202e", "\ufffd").replace("\u202c", "\ufffd") for n in HOSTILE]
    shown = [re.sub("[\t\x00\x0b\ufdd0\uffff\ud800]", "\ufffd", n) for n in shown]
    assert sorted(texts(tree, "name")) == sorted([*shown, "Away"])
    bdi = [el for el in tree.iter(f"{NS}bdi")]
    assert len(bdi) == len(HOSTILE) + 1  # every name isolated from its neighbours' direction


def test_stylesheet_prints_on_a4() -> None:
    css = stylesheet()
    assert re.search(r"@page\s*\{\s*size:\s*A4;", css)
    assert "@media print" in css
    assert css.count("{") == css.count("}")
    for cls in ("table.list", ".num", ".withdrawn", ".win", ".draw", ".loss", ".self"):
        assert cls in css


def test_single_page_can_inline_the_stylesheet(club: Tournament) -> None:
    assert isinstance(club.settings, KeizerSettings)
    standings = compute_standings(club, club.settings)
    table = standings_table(keizer_standings(standings), club.name)
    document = page(club.name, [table], inline_css=True)
    tree = parse(document)
    assert not list(tree.iter(f"{NS}link"))
    assert "@media print" in "".join(next(tree.iter(f"{NS}style")).itertext())
    assert "href" not in document.split("<main>")[1]  # no links to pages that do not exist


@settings(max_examples=40)
@given(st.lists(st.text(min_size=1, max_size=30), min_size=2, max_size=6, unique=True))
def test_any_names_give_valid_pages(names: list[str]) -> None:
    """Whatever a TD types as names (controls, bidi marks, markup, any script) and as the
    tournament name, every page stays valid HTML and shows each name as text."""
    entrants = tuple(Entrant(i, name) for i, name in enumerate(names, start=1))
    games = (Game(1, 2, Result.DRAW, 1),)
    rest = tuple(Absence(e.id, "excused") for e in entrants[2:])
    t = Tournament(names[-1], entrants, (Round(1, games, rest),))
    for name, document in site(t, preset("kfc")).items():
        if name.endswith(".html"):
            tree = parse(document)
            assert not list(tree.iter(f"{NS}script")), name
    tree = parse(site(t, preset("kfc"))["participants.html"])
    assert len(texts(tree, "name")) == len(names)


def test_a_long_progress_table_prints_in_parts_with_the_names() -> None:
    """Thirteen rounds: whole on screen, on paper rounds 1-12 and round 13, each part with
    the rank, the name and the score."""
    players = tuple(Entrant(i, f"Player {i}") for i in (1, 2))
    rounds = tuple(Round(n, (Game(1, 2, Result.WHITE_WINS, 1),)) for n in range(1, 14))
    settings = KeizerSettings()
    t = Tournament("Season", players, rounds, settings=settings)
    history = [compute_standings(t, settings, after_round=n) for n in range(1, 14)]
    whole = progress_table(history, t)
    parts = progress_parts(whole)
    assert [[c.title for c in p.columns][2::2][:-1] for p in parts] == [
        [f"R{n}" for n in range(1, 13)], ["R13"]]
    for p in parts:
        keys = [c.key for c in p.columns]
        assert [keys[0], keys[1], keys[-1]] == ["rank", "name", "score"]
        assert [r.cells[1].text for r in p.rows] == [r.cells[1].text for r in whole.rows]
    document = page("Season", [whole])
    assert document.count('class="scroll print-only"') == 2
    assert document.count('class="scroll screen-only"') == 1
    assert progress_parts(progress_table(history[:12], t)) == []  # twelve fit whole
