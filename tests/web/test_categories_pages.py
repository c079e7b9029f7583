"""Categories on the web: the TD defines them (every system), the public standings link the
category standings and the prize list, in the visitor's language."""

from __future__ import annotations

import re
from pathlib import Path

from starlette.testclient import TestClient
from web_helpers import PIN, Tick, log_in, post, swiss_open

from rochade.service import ClubService
from rochade.service.pin import set_pin
from rochade.web import create_app

TYPED = "Overall: prizes=100,60; U1800: rating=-1799 places=1; Women: sex=w; Empty: rating=4000"


def _names(html: str) -> list[str]:
    return re.findall(r"/players/\d+\">(?:<bdi>)?([^<]+)<", html)


def test_td_defines_categories_and_the_public_sees_them(td: TestClient, club: Path) -> None:
    svc = ClubService(club, "test TD", Tick())
    svc.set_player("Dora Engel", {"sex": "w"})
    svc.set_player("Hilde Imhof", {"sex": "w", "birth": "2015"})
    assert 'href="/td/t/1/categories"' in td.get("/td/t/1/settings").text
    page = td.get("/td/t/1/categories")
    assert page.status_code == 200 and 'name="categories"' in page.text
    saved = post(td, "/td/t/1/categories", categories=TYPED, one_prize="yes")
    assert saved.status_code == 303
    assert svc.categories().setup.text("categories") == TYPED
    assert svc.categories().setup.one_prize
    listed = td.get("/td/t/1/categories").text
    assert TYPED in listed
    assert re.search(r"Women</bdi></a></td><td><code>[^<]*</code></td><td class=\"num\">2<", listed)

    standings = td.get("/t/1/").text
    assert 'href="/t/1/categories/3?after=0"' in standings and 'href="/t/1/prizes"' in standings
    women = td.get("/t/1/categories/3").text
    assert _names(women) == ["Dora Engel", "Hilde Imhof"]  # by rating before round 1
    assert "not known" in women  # the others have no sex given
    everyone = td.get("/t/1/categories/1").text
    assert _names(everyone) == _names(standings)
    assert "Nobody is in this category." in td.get("/t/1/categories/4").text
    assert td.get("/t/1/categories/5").status_code == 404
    dora = td.get("/t/1/players/4").text  # Dora Engel
    assert re.search(r'href="/t/1/categories/1"><bdi>Overall</bdi></a> \(place 4\), '
                     r'<a href="/t/1/categories/3"><bdi>Women</bdi></a> \(place 1\)', dora)
    assert "categories/2" not in dora  # 1820: not U1800
    prizes = td.get("/t/1/prizes").text
    assert _names(prizes) == ["Anna Berg", "Bart Claes", "Emil Faber"]  # U1800: 1760 down


def test_a_refused_text_is_kept_and_nothing_saved(td: TestClient, club: Path) -> None:
    post(td, "/td/t/1/categories", categories="Overall: places=2")
    answer = post(td, "/td/t/1/categories", categories="A: rating=1800-1600", one_prize="yes")
    assert answer.status_code == 200
    assert "holds nobody" in answer.text and "A: rating=1800-1600" in answer.text
    setup = ClubService(club, "test TD", Tick()).categories().setup
    assert setup.text("categories") == "Overall: places=2" and not setup.one_prize


def test_german_pages(td: TestClient) -> None:
    post(td, "/td/t/1/categories", categories="Alle: places=2")
    td.cookies.set("lang", "de")
    page = td.get("/t/1/categories/1").text
    assert "Kategorie Alle" in page and "Kat.-Platz" in page
    assert "Preisliste" in td.get("/t/1/prizes").text
    assert "Kategorien und Preise" in td.get("/td/t/1/categories").text


def test_swiss_has_categories_too(tmp_path: Path) -> None:
    path = tmp_path / "swiss.rochade"
    svc = ClubService.init(path, "TD", Tick())
    svc.create_system_tournament("Open", "swiss", {"rounds": 3})
    svc.import_players("Ann,1900\nBob,1800\nCy,1700\nDi,1600")
    svc.set_categories({"categories": "U1750: rating=-1749 places=1"})
    set_pin(path, PIN)
    with TestClient(create_app(path, Tick())) as client:
        assert 'href="/t/1/categories/1?after=0"' in client.get("/t/1/").text
        assert _names(client.get("/t/1/categories/1").text) == ["Cy", "Di"]
        assert _names(client.get("/t/1/prizes").text) == ["Cy"]
        assert "U1750</bdi></a> (place 1)" in client.get("/t/1/players/4").text  # all tied
        client.headers["x-test-csrf"] = log_in(client)
        assert 'href="/td/t/1/categories"' in client.get("/td/t/1/").text
        rules = client.get("/td/t/1/rules").text
        assert 'href="/td/t/1/categories">Categories and prizes<' in rules



def test_the_tds_json_download_carries_the_categories(td: TestClient, club: Path,
                                                       tmp_path: Path) -> None:
    """The tournament file the TD downloads from a Swiss's page (docs/json-format.md,
    "Categories") brings the categories and the women's sex into another club file."""
    svc = swiss_open(club, 4, clock=Tick())
    svc.set_player("Swiss 3", {"sex": "w"}, "Open")
    svc.set_categories({"categories": TYPED, "one_prize": "yes"}, "Open")
    response = td.get("/td/t/2/export/json")
    assert response.status_code == 200
    assert '"format": "rochade-tournament/2"' in response.text
    other = ClubService.init(tmp_path / "other.rochade", "other TD")
    t = other.import_json(response.text)
    there = other.categories(t.name)
    assert there.setup == svc.categories("Open").setup
    women = there.members(there.setup.find("Women"))[0]
    assert [t.entrant(p).name for p in women] == ["Swiss 3"]
