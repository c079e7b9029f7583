"""Arabic: every page family says `dir="rtl"` (public, TD, hall display and poster, the Swiss
and round-robin pages, the error page), the other languages keep their left-to-right pages,
and the layers' messages keep names and numbers apart from the Arabic text around them."""

from __future__ import annotations

import csv
import io
import re
from datetime import date
from fractions import Fraction
from pathlib import Path

import pytest
from starlette.testclient import TestClient
from web_helpers import play_round, post

from rochade import i18n
from rochade.core.messages import Message
from rochade.service import ClubService

ARABIC = {"Accept-Language": "ar"}
RTL_PAGE = re.compile('<html lang="ar" dir="rtl"[ >]')
PAGES = {
    "public": ["/", "/t/1/", "/t/1/pairings", "/t/1/progress", "/t/1/crosstable",
               "/t/1/participants", "/t/1/players/1", "/td/login"],
    "td": ["/td/", "/td/log", "/td/t/1/", "/td/t/1/players", "/td/t/1/checkin", "/td/t/1/pair",
           "/td/t/1/results", "/td/t/1/settings", "/td/t/1/report", "/td/t/1/phones",
           "/td/new/swiss", "/td/new/round-robin"],
    "hall": ["/td/t/1/display", "/t/1/display", "/t/1/poster", "/t/1/me", "/me"],
    "swiss": ["/t/2/", "/t/2/pairings", "/t/2/crosstable", "/t/2/participants",
              "/t/2/players/1", "/td/t/2/", "/td/t/2/rules", "/td/t/2/byes", "/td/t/2/explain",
              "/td/t/2/results"],
    "round robin": ["/t/3/", "/t/3/pairings", "/t/3/crosstable", "/t/3/players/1",
                    "/td/t/3/", "/td/t/3/pair", "/td/t/3/rules"],
}


@pytest.fixture
def three(club: Path, td: TestClient) -> TestClient:
    """The test club's Keizer season, a Swiss and a round robin, one round played in each,
    phones on for the Keizer season."""
    svc = ClubService(club, "test TD")
    svc.create_system_tournament("Open", "swiss", {"rounds": 3})
    svc.create_system_tournament("Robin", "round-robin", {})
    for i in range(1, 7):
        svc.add_player(f"لاعب {i}", 2100 - 50 * i, tournament="Open")
        svc.add_player(f"Robin {i}.", 2000 - 50 * i, tournament="Robin")
    play_round(svc, "Winter 2026", "1/2-1/2")
    play_round(svc, "Open", "1/2-1/2")
    play_round(svc, "Robin", "1/2-1/2")
    post(td, "/td/t/1/phones", code="ABC123", checkin="on", td_confirms="on")
    return td


@pytest.mark.parametrize("family", PAGES)
def test_every_page_family_runs_right_to_left_in_arabic(three: TestClient, family: str) -> None:
    for url in PAGES[family]:
        response = three.get(url, headers=ARABIC)
        assert response.status_code == 200, (url, response.status_code)
        assert RTL_PAGE.search(response.text), url


def test_other_languages_stay_left_to_right(three: TestClient) -> None:
    for lang in ("en", "de", "nl"):
        for url in ("/t/1/", "/td/t/2/", "/t/1/display"):
            page = three.get(url, headers={"Accept-Language": lang}).text
            assert re.search(f'<html lang="{lang}"[ >]', page), (lang, url)
            assert 'dir="rtl"' not in page, (lang, url)


def test_the_error_page_and_the_switch_in_arabic(three: TestClient) -> None:
    missing = three.get("/t/99/", headers=ARABIC)
    assert missing.status_code == 404 and "dir='rtl'" in missing.text
    assert "لا توجد صفحة كهذه." in missing.text
    page = three.get("/t/1/", headers=ARABIC).text
    assert 'lang="ar">العربية</a>' in page and ">Deutsch</a>" in page
    switched = three.get("/lang?lang=ar&next=/t/1/", follow_redirects=False)
    assert switched.headers["location"] == "/t/1/"
    assert RTL_PAGE.search(three.get("/t/1/").text)


def test_arabic_numbers_and_dates_are_written_with_latin_digits() -> None:
    """The deliberate choice (see `i18n.RIGHT_TO_LEFT`): ratings, scores and results as
    Arabic chess software writes them, the same digits as the round and board numbers."""
    assert i18n.number(Fraction(4717, 20), "ar") == "235.85"
    assert i18n.number(Fraction(1234), "ar") == "1,234"
    assert i18n.fixed(4, "ar") == "4.00"
    assert i18n.points(Fraction(7, 2), "ar") == "3½"
    arabic_indic = set("٠١٢٣٤٥٦٧٨٩")
    on = Message("round {round} on {date}", {"round": 3, "date": date(2026, 12, 1)})
    said = i18n.say(on, "ar")
    assert not arabic_indic & set(said) and "2026" in said and "الجولة 3" in said


def test_values_in_arabic_messages_are_isolated() -> None:
    said = i18n.say(Message("{player}: half-point bye in round {round}",
                            {"player": "Smith, J.", "round": 4}), "ar")
    assert said == "\u2068Smith, J.\u2069: استراحة بنصف نقطة في الجولة 4"
    total = i18n.say(Message("{where}: {value} is not a fraction",
                             {"where": "x", "value": Fraction(5, 2)}), "ar")
    assert "\u20662.50\u2069" in total
    german = i18n.say(Message("{player}: half-point bye in round {round}",
                              {"player": "Smith, J.", "round": 4}), "de")
    assert "\u2068" not in german


def test_an_arabic_browser_gets_arabic() -> None:
    assert i18n.choose(None, "ar-SA,ar;q=0.9,en;q=0.5") == "ar"
    assert i18n.choose("ar", "de") == "ar"
    assert i18n.direction("ar") == "rtl" and i18n.direction("de") == "ltr"


def test_the_csv_download_in_arabic_has_arabic_titles_and_a_bom(three: TestClient) -> None:
    """An Arabic TD's download: the `excel-ar` dialect (docs/formats.md), the Arabic names
    kept, the half points read as numbers by Python's csv module and `Fraction`."""
    response = three.get("/td/t/2/export/standings.csv", headers=ARABIC)
    assert response.content.startswith(b"\xef\xbb\xbf")
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"), newline="")))
    assert rows[0][:4] == ["المركز", "الرقم", "الاسم", "النقاط"]
    assert all(len(row) == len(rows[0]) for row in rows)
    assert {row[2] for row in rows[1:]} == {f"لاعب {i}" for i in range(1, 7)}
    assert sorted(Fraction(row[3]) for row in rows[1:]) == [Fraction(1, 2)] * 6
