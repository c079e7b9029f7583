"""The shared TD pages (evening, check-in, pair, results) in a round robin and a Swiss: the
way to the last round's results, then the end of the tournament with its lists and files."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from rochade.service import ClubService

TD_PAGES = ("/", "/checkin", "/pair", "/results")
GERMAN = {"Accept-Language": "de"}


def _play(svc: ClubService, name: str, rounds: int) -> None:
    """Pair and fill `rounds` rounds (white wins every game)."""
    for _ in range(rounds):
        report = svc.pair(name)
        for game in report.round.games:
            svc.enter_result(report.round.number, game.board, "1-0", name)


@pytest.fixture
def swiss(club: Path) -> ClubService:
    """The test club's second tournament: a 2-round Swiss of four."""
    svc = ClubService(club, "test TD")
    svc.create_system_tournament("Open", "swiss", {"rounds": 2})
    for i in range(1, 5):
        svc.add_player(f"Swiss {i}", 2000 - 50 * i, tournament="Open")
    return svc


@pytest.fixture
def round_robin(club: Path) -> ClubService:
    """The test club's second tournament: a round robin of four (three rounds)."""
    svc = ClubService(club, "test TD")
    svc.create_system_tournament("Closed", "round-robin", {"seed": 1})
    for i in range(1, 5):
        svc.add_player(f"Closed {i}", 2000 - 50 * i, tournament="Closed")
    return svc


def test_the_last_round_points_to_its_results(td: TestClient, swiss: ClubService) -> None:
    _play(swiss, "Open", 1)
    swiss.pair("Open")
    for url in TD_PAGES[:3]:
        text = td.get("/td/t/2" + url).text
        assert "Round 2 is the last round: enter its results" in text, url
        assert 'href="/td/t/2/results"' in text
        assert "Check-in for round 3" not in text and "Pair round 3" not in text
    assert 'name="status"' not in td.get("/td/t/2/checkin").text  # no check-in for round 3
    assert "Next: check-in for round 3" not in td.get("/td/t/2/results").text
    german = td.get("/td/t/2/pair", headers=GERMAN).text
    assert "Runde 2 ist die letzte Runde" in german


@pytest.mark.parametrize("fixture", ["swiss", "round_robin"])
def test_a_finished_tournament_offers_its_lists_and_no_next_round(
    td: TestClient, request: pytest.FixtureRequest, fixture: str
) -> None:
    svc: ClubService = request.getfixturevalue(fixture)
    name = svc.tournaments()[1].name
    rounds = 2 if fixture == "swiss" else 3
    _play(svc, name, rounds)
    for url in TD_PAGES:
        response = td.get("/td/t/2" + url)
        assert response.status_code == 200, url
        text = response.text
        assert "The tournament is finished" in text, url
        assert f"All {rounds} rounds are paired and have their results." in text
        for link in ('href="/t/2/"', 'href="/t/2/crosstable"', "/td/t/2/export/trf",
                     "/td/t/2/export/standings.csv"):
            assert link in text, (url, link)
        assert f"round {rounds + 1}" not in text, url
        assert "Pair automatically" not in text and 'name="status"' not in text
    german = td.get("/td/t/2/", headers=GERMAN).text
    assert "Das Turnier ist beendet" in german and "Endstand" in german
    dutch = td.get("/td/t/2/checkin", headers={"Accept-Language": "nl"}).text
    assert "Het toernooi is afgelopen" in dutch


def test_the_exports_of_a_finished_tournament(td: TestClient, swiss: ClubService) -> None:
    _play(swiss, "Open", 2)
    standings = td.get("/td/t/2/export/standings.csv")
    assert standings.status_code == 200 and standings.headers["content-type"].startswith(
        "text/csv")
    assert 'filename="tournament-2-standings.csv"' in standings.headers["content-disposition"]
    assert standings.text.startswith("\ufeff") and "Swiss 1" in standings.text
    assert "Swiss 4" in td.get("/td/t/2/export/crosstable.csv").text
    trf = td.get("/td/t/2/export/trf")
    assert trf.text.startswith("012 Open") and "001    1" in trf.text
    assert json.loads(td.get("/td/t/2/export/json").text)["name"] == "Open"
    assert td.get("/td/t/2/export/pgn").status_code == 404
    assert td.get("/td/t/1/export/trf").status_code == 404  # a Keizer season never ends


def test_a_keizer_season_and_a_running_swiss_are_not_finished(
    td: TestClient, swiss: ClubService
) -> None:
    _play(swiss, "Open", 1)
    assert "Check-in for round 2" in td.get("/td/t/2/checkin").text
    assert "The tournament is finished" not in td.get("/td/t/2/results").text
    assert "Next: check-in for round 2" in td.get("/td/t/2/results").text
    assert "The tournament is finished" not in td.get("/td/t/1/").text


def test_the_exports_need_the_td(client: TestClient, swiss: ClubService) -> None:
    response = client.get("/td/t/2/export/trf", follow_redirects=False)
    assert response.status_code == 303 and "/td/login" in response.headers["location"]


def test_swiss_check_in_speaks_of_byes(td: TestClient, swiss: ClubService) -> None:
    swiss.request_bye("Swiss 2", 1, True, "Open")
    text = td.get("/td/t/2/checkin").text
    assert "half-point bye</button>" in text and "zero-point bye</button>" in text
    assert 'value="club_duty"' not in text and ">excused</button>" not in text
    assert "Byes asked in advance for round 1: 1" in text
    row = text[text.index('id="p2"'):text.index('id="p3"')]
    assert "asked in advance: half-point bye" in row
    german = td.get("/td/t/2/checkin", headers=GERMAN).text
    assert "Freilos (½ Punkt)</button>" in german and "im Voraus erbeten" in german
    keizer = td.get("/td/t/1/checkin").text  # the Keizer words stay
    assert 'value="club_duty"' in keizer and ">excused</button>" in keizer
    assert "asked in advance" not in keizer


def test_swiss_check_in_tap_keeps_the_swiss_words(td: TestClient, swiss: ClubService) -> None:
    response = td.post("/td/t/2/players/3/status", headers={"hx-request": "true"},
                       data={"csrf": td.headers["x-test-csrf"], "status": "unexcused"})
    assert response.status_code == 200
    assert 'value="unexcused"' in response.text and "zero-point bye</button>" in response.text
    assert 'aria-pressed="true" aria-label="Swiss 3: zero-point bye"' in response.text
    assert 'value="club_duty"' not in response.text


def test_a_round_robin_is_paired_by_its_schedule_only(
    td: TestClient, round_robin: ClubService
) -> None:
    text = td.get("/td/t/2/pair").text
    assert "paired by its Berger table; there is no pairing by hand" in text
    assert "Or pair by hand" not in text and 'action="/td/t/2/pair/manual"' not in text
    assert "Round 1 in the schedule" in text and "Pair automatically" in text
    assert '>1</span><span class="vs">–</span><span class="seat b" title="Black">4<' in text
    assert "until then the table shows numbers only" in text
    _play(round_robin, "Closed", 1)
    text = td.get("/td/t/2/pair").text
    schedule = round_robin.tournament("Closed").settings
    names = [round_robin.tournament("Closed").entrant(p).name for p in schedule.numbers]
    assert "Round 2 in the schedule" in text
    assert f"4 {names[3]}</span>" in text and f"3 {names[2]}</span>" in text
    german = td.get("/td/t/2/pair", headers=GERMAN).text
    assert "Runde 2 im Spielplan" in german and "nach seiner Berger-Tabelle" in german
    before = round_robin.log()
    refused = td.post("/td/t/2/pair/manual", data={"csrf": td.headers["x-test-csrf"],
                                                   "action": "confirm", "draft": "1,2,3,4"},
                      follow_redirects=False)
    assert refused.status_code == 303 and refused.headers["location"] == "/td/t/2/pair"
    assert "there is no pairing by hand" in td.get("/td/t/2/pair").text
    assert round_robin.log() == before


def test_a_swiss_still_offers_pairing_by_hand(td: TestClient, swiss: ClubService) -> None:
    text = td.get("/td/t/2/pair").text
    assert "Or pair by hand" in text and "in the schedule" not in text
