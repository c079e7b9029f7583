"""Performance and FIDE rating change on the public pages: the standings' columns and the
player page, for Keizer and a round robin, in the page's language."""

from __future__ import annotations

from pathlib import Path

from starlette.testclient import TestClient
from web_helpers import Tick, post

from rochade.service import ClubService
from rochade.web import create_app


def _played(club: Path) -> ClubService:
    """Round 1 of the Keizer test club played: every board won by White."""
    svc = ClubService(club)
    report = svc.pair()
    for board, _ in enumerate(report.round.games, start=1):
        svc.enter_result(1, board, "1-0")
    return svc


def test_keizer_standings_and_player_page(club: Path) -> None:
    svc = _played(club)
    game = svc.tournament().rounds[0].games[0]
    white = svc.tournament().entrant(game.white)
    change = svc.rating_changes()[white.id]
    assert change.change is not None and change.performance is not None
    with TestClient(create_app(club, Tick())) as client:
        standings = client.get("/t/1/").text
        assert "Rtg+/-" in standings and "Perf" in standings
        page = client.get(f"/t/1/players/{white.id}").text
        assert "Performance and rating change" in page
        assert f"<strong>{change.performance}</strong>" in page
        german = client.get(f"/t/1/players/{white.id}", headers={"accept-language": "de"}).text
        assert "Leistung und Elo-Änderung" in german
        dutch = client.get("/t/1/", headers={"accept-language": "nl"}).text
        assert "TPR" in dutch and "toernooiprestatie" in dutch and "Elo+/-" in dutch
        assert "Rtg" not in dutch
        arabic = client.get("/t/1/", headers={"accept-language": "ar"}).text
        assert "تغيّر التصنيف" in arabic and "Rtg" not in arabic


def test_nothing_shown_without_ratings(tmp_path: Path) -> None:
    path = tmp_path / "club.rochade"
    svc = ClubService.init(path, "TD", Tick())
    svc.create_tournament("Club", "classic")
    svc.import_players("name\nA\nB\nC\nD\n")
    svc.pair()
    svc.enter_result(1, 1, "1-0")
    svc.enter_result(1, 2, "1/2-1/2")
    with TestClient(create_app(path, Tick())) as client:
        assert "Rtg+/-" not in client.get("/t/1/").text
        assert "Performance and rating change" not in client.get("/t/1/players/1").text


def test_round_robin_player_page(club: Path) -> None:
    svc = ClubService(club)
    svc.create_system_tournament("Closed", "round-robin")
    svc.import_players("name,rating\nRia,2400\nSem,2000\nTom,2000\nUla,1500\n", "Closed")
    svc.pair("Closed")
    for board in (1, 2):
        svc.enter_result(1, board, "1/2-1/2", "Closed")
    changes = svc.rating_changes("Closed")
    ria = next(e for e in svc.tournament("Closed").entrants if e.name == "Ria")
    assert changes[ria.id].k == 10  # 2400 or more
    with TestClient(create_app(club, Tick())) as client:
        page = client.get(f"/t/2/players/{ria.id}").text
        assert "Performance and rating change" in page and "K 10: 2400 or more." in page
        standings = client.get("/t/2/").text
        assert "Rtg+/-" in standings
        row = next(line for line in standings.split("<tr")[1:] if ">Ria<" in line)
        assert f">{changes[ria.id].performance}<" in row  # her performance on her line
        crosstable = client.get("/t/2/crosstable").text
        assert f'class="name"><a href="/t/2/players/{ria.id}"' in crosstable
        assert '<th class="name">Name</th>' in crosstable  # its head too (sticky in CSS)


def test_the_td_sets_k_on_the_players_page(td: TestClient, club: Path) -> None:
    assert 'name="k"' in td.get("/td/t/1/players").text
    post(td, "/td/t/1/players/2/data", fide_id="", title="", sex="", federation="", birth="",
         club="", national_id="", k="40")
    assert ClubService(club).rating_data().details[2].k == "40"
    assert " · K 40</p>" in td.get("/td/t/1/players").text
    post(td, "/td/t/1/players/2/data", fide_id="", title="", sex="", federation="", birth="",
         club="", national_id="", k="400")
    assert "is no K-factor" in td.get("/td/t/1/players").text
    assert ClubService(club).rating_data().details[2].k == "40"
