"""The lists a TD prints for the evening: the pairings in alphabetical order ("where do I
play?"), the notice board's large-type pairings, result slips to cut and the start-rank list.
Golden text and CSV under tests/data/printouts (a Keizer season, a Swiss with byes and
absences), their HTML, and the invariants over random tournaments."""

from __future__ import annotations

from collections import Counter

from hypothesis import given
from random_tournaments import tournaments
from test_html import NS, parse

from golden import DATA, check_golden
from rochade.core.collation import name_key
from rochade.core.fide import PlayerDetails
from rochade.core.model import Tournament
from rochade.core.systems import numbers_of, system_of
from rochade.formats.csv import table_csv
from rochade.formats.html import page, site
from rochade.formats.json import parse_tournament
from rochade.formats.tables import (
    Table,
    alphabetical_table,
    notice_table,
    slips_table,
    slips_text,
    start_rank_table,
    table_text,
)
from rochade.formats.text import without_game

EVENTS = {"keizer": "club-winter.json", "swiss": "swiss-rapid.json"}


def event(kind: str) -> Tournament:
    return parse_tournament((DATA / "json" / EVENTS[kind]).read_text(encoding="utf-8"))


def printouts(kind: str) -> dict[str, tuple[Table, str]]:
    """Each printout of round 2 (and the start-rank list) as table and as text."""
    t = event(kind)
    rnd = t.rounds[1]
    first = numbers_of(t)[0]
    details = {first: PlayerDetails(title="FM", federation="NED", club="SV Rochade")}
    tables = {
        "alphabetical-2": alphabetical_table(rnd, t),
        "notice-2": notice_table(rnd, t),
        "start-rank": start_rank_table(t, numbers_of(t), details),
    }
    out = {name: (table, table_text(table)) for name, table in tables.items()}
    slips = slips_table(rnd, t)
    out["slips-2"] = (slips, slips_text(slips, t.name))
    return out


def test_printouts_as_text_and_csv() -> None:
    for kind in EVENTS:
        for name, (table, text) in printouts(kind).items():
            check_golden("printouts", f"{kind}-{name}.txt", text)
            check_golden("printouts", f"{kind}-{name}.csv", table_csv(table))


def test_the_start_rank_list_names_title_federation_and_club() -> None:
    table, _ = printouts("swiss")["start-rank"]
    assert [c.key for c in table.columns] == [
        "no", "title", "name", "rating", "fide-id", "federation", "club"]
    first = [c.text for c in table.rows[0].cells]
    assert first[0] == "1" and first[1] == "FM" and first[5:] == ["NED", "SV Rochade"]
    assert all(c.text == "" for row in table.rows[1:] for c in row.cells[5:])


def test_slips_print_one_box_per_board_with_the_names() -> None:
    t = event("swiss")
    table = slips_table(t.rounds[1], t)
    tree = parse(page(t.name, [table], inline_css=True))
    slips = list(tree.iter(f"{NS}section"))
    assert len(slips) == len(t.rounds[1].games)
    game = t.rounds[1].games[0]
    first = "".join(slips[0].itertext())
    assert t.entrant(game.white).name in first and t.entrant(game.black).name in first
    assert "Signature white" in first and "1-0" in first
    assert tree.find(f".//{NS}table") is None  # slips, not a table


def test_the_site_links_the_printouts() -> None:
    t = event("keizer")
    pages = site(t)
    index = pages["index.html"]
    for name in ("start-rank", "alphabetical", "notice", "slips"):
        assert f'href="{name}.html"' in index and f"{name}.csv" in pages
    assert 'class="rochade page-notice"' in pages["notice.html"]


@given(tournaments())
def test_alphabetical_pairings_list_every_player_of_the_round_once(t: Tournament) -> None:
    for rnd in t.rounds:
        table = alphabetical_table(rnd, t)
        names = [row.cells[0].text for row in table.rows]
        assert names == sorted(names, key=name_key)
        players = Counter(row.cells[0].player for row in table.rows)
        expected = [p for g in rnd.games for p in (g.white, g.black)]
        expected += [p for p, _, _ in without_game(rnd, system_of(t))]
        assert players == Counter(expected)
        by_player = {row.cells[0].player: row for row in table.rows if row.cls != "no-game"}
        for g in rnd.games:  # each game twice: white sees black on the same board, and back
            white, black = by_player[g.white], by_player[g.black]
            assert white.cells[1].value == black.cells[1].value
            assert (white.cells[2].text, black.cells[2].text) == ("white", "black")
            assert white.cells[3].player == g.black and black.cells[3].player == g.white


@given(tournaments())
def test_one_slip_per_board_in_every_format(t: Tournament) -> None:
    for rnd in t.rounds:
        table = slips_table(rnd, t)
        pairs = [(row.cells[2].player, row.cells[3].player) for row in table.rows]
        assert pairs == [(g.white, g.black) for g in rnd.games]
        assert slips_text(table, t.name).count("Signature white") == len(rnd.games)
        document = page(t.name, [table])
        assert document.count('<section class="slip">') == len(rnd.games)
