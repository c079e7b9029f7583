"""Issue 14 on the TD pages: a player's rating-report data on the players page, the event's
data and the pre-submission check on the report page, the file when nothing stops it."""

from __future__ import annotations

from pathlib import Path

from starlette.testclient import TestClient
from web_helpers import post

from rochade.service import ClubService
from rochade.store import Club

EVENT = {"city": "Utrecht", "federation": "NED", "start_date": "2026-03-01",
         "end_date": "2026-03-01", "round_dates": "", "chief_arbiter": "A. Arbiter",
         "deputy_arbiters": "", "time_control": "", "organizer": "", "type": ""}


def test_player_data_saved_from_the_players_page(td: TestClient, club: Path) -> None:
    page = td.get("/td/t/1/players").text
    assert 'action="/td/t/1/players/2/data"' in page and "Data for rating reports" in page
    response = post(td, "/td/t/1/players/2/data", fide_id="4612345", title="FM", sex="m",
                    federation="ger", birth="1990", club="", national_id="PKZ:1")
    assert response.headers["location"] == "/td/t/1/players"
    page = td.get("/td/t/1/players").text
    assert "Data of Bart Claes saved." in page and "FIDE 4612345 · FM · GER" in page
    with Club.open(club) as c:
        details = c.member_details(c.tournaments()[0].id)[2]
    assert (details.federation, details.birth, details.national_kind) == ("GER", "1990", "PKZ")
    log = td.get("/td/log").text  # only what changed is in the log line
    assert "data of Bart Claes (2): fide_id=4612345, title=FM, sex=m, federation=GER" in log
    post(td, "/td/t/1/players/2/data", fide_id="4612345", title="FM", sex="m",
         federation="XX", birth="1990", club="", national_id="PKZ:1")
    assert "&#39;XX&#39; is no FIDE federation code" in td.get("/td/t/1/players").text


def test_the_report_page_checks_saves_and_gives_the_file(td: TestClient, club: Path) -> None:
    ClubService(club).import_players("Name;Elo\nAnna Berg;2100\n", existing="update")
    page = td.get("/td/t/1/report").text
    assert "the city is missing" in page and "/td/t/1/report.trf" not in page
    assert td.get("/td/t/1/report.trf", follow_redirects=False).status_code == 303
    post(td, "/td/t/1/report", **EVENT)
    page = td.get("/td/t/1/report").text
    assert "Event data saved." in page and 'value="Utrecht"' in page
    assert "the city is missing" not in page
    assert "Anna Berg (1) is rated but has no FIDE id" in page  # the players' problems stay
    service = ClubService(club)
    for number, e in enumerate(service.tournament().entrants, start=1000001):
        service.set_player(str(e.id), {"fide_id": str(number)})
    page = td.get("/td/t/1/report").text
    assert "/td/t/1/report.trf" in page and "To fix before the report" not in page
    trf = td.get("/td/t/1/report.trf")
    assert trf.status_code == 200 and "attachment" in trf.headers["content-disposition"]
    assert "022 Utrecht" in trf.text.splitlines()


def test_the_report_page_in_dutch(td: TestClient) -> None:
    td.cookies.set("lang", "nl")
    page = td.get("/td/t/1/report").text
    assert "Ratingrapport" in page and "de plaats ontbreekt" in page
