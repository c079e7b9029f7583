"""Numbers on the pages: one format per column, the visitor's decimal separator."""

from __future__ import annotations

import re
from fractions import Fraction as F
from pathlib import Path

from starlette.testclient import TestClient
from web_helpers import post, swiss_open

from rochade import i18n
from rochade.formats.tables import Column


def test_keizer_totals_in_one_format_with_a_decimal_comma() -> None:
    totals = [F(338), F(709, 3), F(445, 2)]
    assert [i18n.column(totals, "en", False)(v) for v in totals] == ["338.00", "236.33", "222.50"]
    assert [i18n.column(totals, "de", False)(v) for v in totals] == ["338,00", "236,33", "222,50"]
    assert [i18n.column(totals, "nl", False)(v) for v in totals] == ["338,00", "236,33", "222,50"]
    whole = [F(338), F(20)]
    assert [i18n.column(whole, "de", False)(v) for v in whole] == ["338", "20"]


def test_sonneborn_berger_with_quarters_never_mixes_in_halves() -> None:
    sb = [F(19, 4), F(9, 2), F(4), None]
    assert [i18n.column(sb, "en")(v) for v in sb] == ["4.75", "4.50", "4.00", ""]
    assert [i18n.column(sb, "de")(v) for v in sb] == ["4,75", "4,50", "4,00", ""]
    halves = [F(9, 2), F(4)]
    assert [i18n.column(halves, "de")(v) for v in halves] == ["4½", "4"]
    rows = [(F(1), F(19, 4)), (F(1, 2), F(4))]
    heads = [Column("points", "Points", True), Column("tb-sb", "SB", True)]
    styles = [i18n.table_numbers(c, values, "en")
              for c, values in zip(heads, zip(*rows, strict=True), strict=True)]
    shown = [[f(v) for f, v in zip(styles, r, strict=True)] for r in rows]
    assert shown == [["1", "4.75"], ["½", "4.00"]]
    keizer = [F(9, 2), F(4)]  # a Keizer total never in halves
    total = i18n.table_numbers(Column("score", "Total", True), keizer, "de")
    assert [total(v) for v in keizer] == ["4,50", "4,00"]


def test_the_standings_page_writes_totals_alike_in_german(td: TestClient) -> None:
    post(td, "/td/t/1/pair/auto")
    page = td.get("/t/1/", headers={"Accept-Language": "de"}).text
    totals = re.findall(r'<td class="num strong">([^<]*)</td>', page)
    assert totals
    assert all(re.fullmatch(r"\d+", t) for t in totals) or all(
        re.fullmatch(r"\d+,\d\d", t) for t in totals), totals


def test_the_csv_download_follows_the_tds_language(td: TestClient, club: Path) -> None:
    svc = swiss_open(club, 4)
    report = svc.pair("Open")
    for game, result in zip(report.round.games, ("1-0", "1/2-1/2"), strict=True):
        svc.enter_result(1, game.board, result, "Open")
    german = td.get("/td/t/2/export/standings.csv", headers={"Accept-Language": "de"})
    assert german.content.startswith("\ufeffPlatz;Nr.;Name;Punkte".encode())
    assert ";0,5" in german.text and "0.5" not in german.text
    english = td.get("/td/t/2/export/standings.csv", headers={"Accept-Language": "en"})
    assert english.content.startswith(b"\xef\xbb\xbfRank,No.,Name,Points")
