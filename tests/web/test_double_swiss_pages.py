"""A Double-Swiss and a Burstein Swiss run in the browser like a Dutch Swiss: created on the
new-tournament page, their settings shown and kept, paired and filled round by round, and
every TD and public page answering for them."""

from __future__ import annotations

import re
from pathlib import Path

from starlette.testclient import TestClient
from web_helpers import post

from rochade.service import ClubService

TD_PAGES = ("/", "/checkin", "/pair", "/results", "/players", "/settings", "/rules", "/byes",
            "/explain", "/report", "/display", "/screens", "/phones", "/categories",
            "/export/trf", "/export/json", "/export/standings.csv", "/export/crosstable.csv")
PUBLIC_PAGES = ("/", "/pairings", "/progress", "/crosstable", "/participants", "/start-rank",
                "/pairings/notice", "/pairings/slips", "/pairings/alphabetical", "/players/1",
                "/display", "/poster", "/me", "/prizes")


def _ask_every_page(td: TestClient, n: int) -> None:
    for url in TD_PAGES:
        response = td.get(f"/td/t/{n}{url}")
        assert response.status_code == 200, (url, response.status_code)
    for url in PUBLIC_PAGES:
        response = td.get(f"/t/{n}{url}")
        assert response.status_code == 200, (url, response.status_code)


def _add_players(club_svc: ClubService, name: str, count: int) -> None:
    for i in range(1, count + 1):
        club_svc.add_player(f"Player {i}", 2100 - 50 * i, tournament=name)


def _play_round_by_web(td: TestClient, n: int, result: str) -> int:
    """Pair the next round on the pair page and enter `result` on every board of it."""
    response = post(td, f"/td/t/{n}/pair/auto")
    assert response.status_code in (200, 303), response.status_code
    text = td.get(f"/td/t/{n}/results").text
    paired = sorted({(int(r), int(b)) for r, b in
                     re.findall(rf'/td/t/{n}/results/(\d+)/(\d+)"', text)})
    assert paired, text
    number = max(r for r, _ in paired)
    for r, board in paired:
        if r == number:
            done = post(td, f"/td/t/{n}/results/{r}/{board}", result=result)
            assert done.status_code in (200, 303)
    return number


def test_the_new_page_offers_the_double_swiss_and_the_burstein_rules(td: TestClient) -> None:
    home = td.get("/td/").text
    assert 'href="/td/new/double-swiss"' in home
    double = td.get("/td/new/double-swiss").text
    for text in ("Number of rounds", "Points for the bye (a match of two games)",
                 'name="initial_colour" value="black"',
                 "The usual choice for this system: BH-C1, BH, SB."):
        assert text in double, text
    assert 'name="first_round"' not in double and 'name="pairing_rules"' not in double
    assert 'name="scoring"' not in double and 'name="seed"' not in double
    swiss = td.get("/td/new/swiss").text
    assert 'name="pairing_rules" value="burstein"' in swiss
    assert 'name="initial_colour"' not in swiss
    german = td.get("/td/new/swiss", headers={"Accept-Language": "de"}).text
    assert "Burstein-Regeln" in german
    assert "Doppel-Schweizer" in td.get("/td/", headers={"Accept-Language": "de"}).text


def test_a_double_swiss_plays_through_the_web(td: TestClient, club: Path) -> None:
    response = post(td, "/td/new/double-swiss", name="Double", rounds="2", pab="1",
                    initial_colour="black", tb1="BH-C1", tb2="SB")
    assert response.status_code == 303, response.text
    svc = ClubService(club, "test TD")
    settings = svc.tournament("Double").settings
    assert settings.pab == 1 and settings.initial_colour.value == "black"
    assert [str(tb) for tb in settings.tiebreaks] == ["BH/C1", "SB"]
    _add_players(svc, "Double", 5)
    n = len(svc.tournaments())
    _ask_every_page(td, n)
    assert "there is no pairing by hand" in td.get(f"/td/t/{n}/pair").text
    first = _play_round_by_web(td, n, "1-0")
    explained = td.get(f"/td/t/{n}/explain").text
    assert "Paired by the FIDE Double-Swiss engine" in explained
    assert "Berger" not in explained and "knockout" not in td.get(f"/td/t/{n}/pair").text
    _ask_every_page(td, n)
    second = _play_round_by_web(td, n, "0-1")  # the match's second game, colours swapped
    assert (first, second) == (1, 2)
    games = svc.tournament("Double").rounds
    assert {(g.white, g.black) for g in games[1].games} == {
        (g.black, g.white) for g in games[0].games}
    _ask_every_page(td, n)
    rules = td.get(f"/td/t/{n}/rules").text
    assert re.search(r'name="initial_colour" value="black" checked\s+disabled', rules)
    saved = post(td, f"/td/t/{n}/rules", rounds="3", pab="3/2", tb1="BH", tb2="SB")
    assert "Settings saved." in td.get(saved.headers["location"]).text
    assert svc.tournament("Double").settings.rounds == 3
    for _ in range(4):
        _play_round_by_web(td, n, "1/2-1/2")
    _ask_every_page(td, n)
    t = svc.tournament("Double")
    assert len(t.rounds) == 6 and all(g.result is not None for r in t.rounds for g in r.games)
    crosstable = td.get(f"/t/{n}/crosstable").text
    assert "R6" in crosstable
    assert "The tournament is finished" in td.get(f"/td/t/{n}/").text


def test_a_burstein_swiss_plays_through_the_web(td: TestClient, club: Path) -> None:
    response = post(td, "/td/new/swiss", name="Burstein", rounds="3", pairing_rules="burstein",
                    first_round="dutch")
    assert response.status_code == 303
    svc = ClubService(club, "test TD")
    assert svc.tournament("Burstein").settings.pairing_rules.value == "burstein"
    _add_players(svc, "Burstein", 6)
    n = len(svc.tournaments())
    for _ in range(3):
        _play_round_by_web(td, n, "1-0")
        _ask_every_page(td, n)
    assert "Paired by the FIDE Burstein engine" in td.get(f"/td/t/{n}/explain").text
    rules = td.get(f"/td/t/{n}/rules").text
    assert re.search(r'name="pairing_rules" value="burstein" checked\s+disabled', rules)
    post(td, f"/td/t/{n}/rules", rounds="4", tb1="BH-C1")
    settings = svc.tournament("Burstein").settings
    assert settings.rounds == 4 and settings.pairing_rules.value == "burstein"
