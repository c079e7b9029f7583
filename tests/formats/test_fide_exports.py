"""Swiss and round-robin lists as text, CSV and HTML (`rochade export-list`, `rochade publish`):
golden files under tests/data/exports, strict HTML5, stable CSS classes (as Chromium draws
and prints the pages: tests/e2e/test_exported_pages.py)."""

from __future__ import annotations

import csv
import io
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st
from test_html import NS, parse, texts

from export_samples import EVENTS, event
from golden import DATA, check_golden
from rochade.cli import main
from rochade.core.model import Absence, Entrant, Game, Result, Round, Tournament
from rochade.core.systems import ROUND_ROBIN, SWISS, RoundRobinSettings, SwissSettings
from rochade.formats.csv import table_csv
from rochade.formats.html import page, site
from rochade.formats.tables import Table, fide_list, pairings_table, table_text


def lists(kind: str) -> dict[str, Table]:
    """Every list of an event, as `rochade export-list` makes them."""
    t = event(kind)
    out = {
        "standings": fide_list(t, "standings"),
        "standings-after-2": fide_list(t, "standings", 2),
        "crosstable": fide_list(t, "crosstable"),
        "crosstable-after-3": fide_list(t, "crosstable", 3),
        "participants": fide_list(t, "participants"),
        "pairings-2": pairings_table(t.rounds[1], t),
        "card-3": fide_list(t, "breakdown", player=3),
    }
    if kind == "rr":
        out["progress"] = fide_list(t, "progress")
    return out


@pytest.mark.parametrize("kind", EVENTS)
def test_every_list_as_text_and_csv(kind: str) -> None:
    for name, table in lists(kind).items():
        check_golden("exports", f"{kind}-{name}.txt", table_text(table))
        check_golden("exports", f"{kind}-{name}.csv", table_csv(table))


def test_swiss_standings_carry_the_tiebreaks_in_order() -> None:
    table = fide_list(event("swiss"), "standings")
    assert [c.key for c in table.columns] == [
        "rank", "no", "name", "points", "tb-bh-c1", "tb-bh", "tb-sb", "tb-win"]
    rows = list(csv.reader(io.StringIO(table_csv(table))))
    assert rows[0] == ["Rank", "No.", "Name", "Points", "BH-C1", "BH", "SB", "WIN"]
    # Tied on everything: the text prints the rank once, the CSV on every line.
    assert rows[2][:4] == ["2", "1", "Anna Alpha", "2.5"]
    assert rows[3][:4] == ["2", "4", "Dirk Delta", "2.5"]
    assert [c.text for c in table.rows[2].cells][:2] == ["", "4"]


def test_swiss_crosstable_shows_every_round_by_start_number() -> None:
    table = fide_list(event("swiss"), "crosstable")
    greta = next(r for r in table.rows if r.cells[2].text == "Greta Golf")
    rounds = [c for c, col in zip(greta.cells, table.columns, strict=True)
              if col.key.startswith("round-")]
    assert [(c.text, c.cls) for c in rounds] == [
        ("PAB", "bye"), ("HPB", "absent"), ("4b-", "loss forfeit"), ("1b0", "loss")]


def test_round_robin_crosstable_is_n_by_n_in_start_number_order() -> None:
    t = event("rr")
    table = fide_list(t, "crosstable")
    assert [c.key for c in table.columns] == [
        "no", "name", "rating", "p1", "p2", "p3", "p4", "p5", "points", "tb-sb", "tb-de",
        "tb-win", "rank"]
    assert [r.cells[0].value for r in table.rows] == [1, 2, 3, 4, 5]
    diagonal = [r.cells[3 + i].cls for i, r in enumerate(table.rows)]
    assert diagonal == ["self"] * 5
    # Each game appears twice, mirrored: a win on one side is a loss on the other.
    opposite = {"win": "loss", "loss": "win", "draw": "draw"}
    for i, row in enumerate(table.rows):
        for j, other in enumerate(table.rows):
            if i != j:
                assert opposite[row.cells[3 + j].cls] == other.cells[3 + i].cls


def test_card_adds_up_to_the_standings() -> None:
    for kind in EVENTS:
        t = event(kind)
        standings = {r.cells[2].value: r.cells[3].value for r in fide_list(t, "standings").rows}
        for e in t.entrants:
            card = fide_list(t, "breakdown", player=e.id)
            total = card.rows[-1]
            assert total.cls == "total" and total.cells[-1].value == standings[e.name]
            assert card.rows[-2].cells[-1].value == total.cells[-1].value  # running total


def test_lists_after_any_round() -> None:
    t = event("swiss")
    for k in range(len(t.rounds) + 1):
        table = fide_list(t, "crosstable", k)
        assert len([c for c in table.columns if c.key.startswith("round-")]) == k
        assert table_text(fide_list(t, "standings", k)).startswith(
            f"Rapid open: standings after round {k}\n")


def _cli(*args: object) -> str:
    result = CliRunner().invoke(main, [str(a) for a in args])
    assert result.exit_code == 0, result.output
    return result.stdout


@pytest.mark.parametrize("kind", EVENTS)
def test_export_list_command_writes_the_same_lists(kind: str, tmp_path: Path) -> None:
    source = DATA / "json" / EVENTS[kind]
    golden = DATA / "exports"
    assert _cli("export-list", source, "standings") == (
        golden / f"{kind}-standings.txt").read_text(encoding="utf-8")
    assert _cli("export-list", source, "crosstable", "--round", "3", "--format", "csv") == (
        golden / f"{kind}-crosstable-after-3.csv").read_text(encoding="utf-8")
    assert _cli("export-list", source, "breakdown", "--player", "Carla") == (
        golden / f"{kind}-card-3.txt").read_text(encoding="utf-8")
    out = tmp_path / "standings.html"
    _cli("export-list", source, "standings", "--format", "html", "-o", out)
    tree = parse(out.read_text(encoding="utf-8"))
    assert texts(tree, "col-tb-sb")[0] == "SB"
    folder = tmp_path / "site"
    assert _cli("publish", source, folder).startswith(f"Wrote {len(site(event(kind)))} files")
    assert (folder / "crosstable.csv").read_text(encoding="utf-8-sig") == (
        golden / f"{kind}-crosstable.csv").read_text(encoding="utf-8")


def test_export_list_refuses_a_card_without_a_player() -> None:
    result = CliRunner().invoke(main, ["export-list", str(DATA / "json" / EVENTS["swiss"]),
                                       "breakdown"])
    assert result.exit_code != 0
    assert "--player NAME" in result.output and "Traceback" not in result.output


@pytest.mark.parametrize("kind", EVENTS)
def test_published_site_is_valid_and_complete(kind: str) -> None:
    t = event(kind)
    pages = dict(site(t))
    n, rounds = len(t.entrants), len(t.rounds)
    lists_ = 4 if kind == "rr" else 3  # standings, crosstable, (progress,) participants
    lists_ += 4  # the printouts: start rank, alphabetical, notice board, result slips
    assert len(pages) == 1 + 2 * (lists_ + 2 * rounds + n) + 1
    for name, document in pages.items():
        if name.endswith(".html"):
            tree = parse(document)
            hrefs = [a.get("href") for a in tree.iter(f"{NS}a")]
            assert all(h in pages for h in hrefs), name  # no dead links
    standings = parse(pages["standings.html"])
    (table,) = list(standings.iter(f"{NS}table"))
    assert table.get("class") == "list standings"
    assert texts(standings, "col-points")[0] == "Points"
    player = parse(pages["player-3.html"])
    assert texts(player, "tournament") == [t.name]
    assert texts(player, "col-opponent")[0] == "Opponent or reason"
    assert "Carla Charlie" in "".join(next(player.iter(f"{NS}h1")).itertext())
    assert 'class="rochade page-crosstable"' in pages["crosstable.html"]


def test_round_robin_crosstable_page_classes() -> None:
    document = site(event("rr"))["crosstable.html"]
    tree = parse(document)
    assert texts(tree, "self") == ["×"] * 5
    assert set(texts(tree, "win")) == {"1"} and set(texts(tree, "loss")) == {"0"}
    assert re.search(r'<td class="col-p1 num self">', document)
    assert texts(tree, "col-rank")[1:] == ["2", "5", "1", "4", "3"]


def test_a_single_page_prints_stand_alone() -> None:
    document = page("Rapid open", [fide_list(event("swiss"), "crosstable")], inline_css=True)
    tree = parse(document)
    assert not list(tree.iter(f"{NS}link"))
    assert "@page wide" in document and "page-crosstable" in document


@settings(max_examples=30)
@given(st.lists(st.text(min_size=1, max_size=30), min_size=3, max_size=5, unique=True),
       st.sampled_from([SWISS, ROUND_ROBIN]))
def test_any_names_give_valid_pages(names: list[str], system: str) -> None:
    """Whatever a TD types as names (markup, controls, bidi marks, any script), every page of
    a Swiss's or round robin's site stays valid HTML and shows each name as text."""
    entrants = tuple(Entrant(i, name, 2000 - i) for i, name in enumerate(names, start=1))
    rest = tuple(Absence(e.id, "half_point_bye") for e in entrants[3:])
    first = Round(1, (Game(1, 2, Result.DRAW, 1),), rest, bye=3)
    rules = SwissSettings(rounds=3) if system == SWISS else RoundRobinSettings()
    t = Tournament(names[-1], entrants, (first,), system, rules)
    pages = site(t)
    for name, document in pages.items():
        if name.endswith(".html"):
            tree = parse(document)
            assert not list(tree.iter(f"{NS}script")), name
    assert len(texts(parse(pages["participants.html"]), "name")) == len(names)
    assert table_text(fide_list(t, "crosstable")).count("\n") > len(names)
