"""A knockout cup on the web: created and set by the TD, its bracket as the public standings
page (every round, the play-off games, the places), in every language, the hall display with
the matches of the cup round; and every page of it answers."""

from __future__ import annotations

import re
from pathlib import Path

from starlette.testclient import TestClient
from web_helpers import post

from rochade.service import ClubService

PAGES = ["/t/2/", "/t/2/pairings", "/t/2/participants", "/t/2/start-rank", "/t/2/display",
         "/t/2/pairings/alphabetical", "/t/2/pairings/slips", "/td/t/2/", "/td/t/2/players",
         "/td/t/2/checkin", "/td/t/2/pair", "/td/t/2/results", "/td/t/2/rules",
         "/td/t/2/explain", "/td/t/2/phones"]


def _cup(td: TestClient, club: Path, players: int) -> ClubService:
    form = td.get("/td/new/knockout").text
    assert 'name="playoff" value="rapid2,armageddon"' in form and "fide_mode" not in form
    created = post(td, "/td/new/knockout", name="Cup", games="1", playoff="rapid2,lot",
                   seeding="rating", third_place="1", seed="5")
    assert created.status_code == 303, created.text
    svc = ClubService(club, "test TD")
    for i in range(1, players + 1):
        svc.add_player(f"Cupper {i:02d}", 2200 - 10 * i, tournament="Cup")
    return svc


def _better_seed_wins(svc: ClubService, cup_round: int) -> None:
    report = svc.pair("Cup")
    for game in report.round.games:
        svc.enter_result(cup_round, f"{game.board}.1", "1-0" if game.white < game.black
                         else "0-1", "Cup")


def test_the_bracket_shows_every_round_and_the_places(td: TestClient, club: Path) -> None:
    svc = _cup(td, club, 6)
    for cup_round in (1, 2):
        _better_seed_wins(svc, cup_round)
    report = svc.pair("Cup")  # the final and the match for third place: drawn
    for game in report.round.games:
        svc.enter_result(3, f"{game.board}.1", "1/2", "Cup")
    svc.pair("Cup")  # the rapid games of both
    for game in svc.tournament("Cup").rounds[-1].games:
        svc.enter_result(3, f"{game.board}.2", "1-0", "Cup")
    svc.pair("Cup")
    for game in svc.tournament("Cup").rounds[-1].games:
        svc.enter_result(3, f"{game.board}.3", "1-0", "Cup")  # 1-1 in rapid: by lot
    page = td.get("/t/2/").text
    for name in ("Quarter-finals", "Semi-finals", "Final", "Third place", "Places",
                 "drawn: decided by lot"):
        assert name in page, name
    assert "Winner: <strong>Cupper" in page
    assert ">3</td><td>" in page and ">5-6</td><td>" in page
    assert 'href="/t/2/crosstable"' not in page
    assert td.get("/t/2/crosstable", follow_redirects=False).headers["location"] == "/t/2/"
    for url in PAGES:
        assert td.get(url).status_code == 200, url
    hall = td.get("/t/2/display").text  # the hall: the last round's boards and its matches
    assert '<h2>Final</h2>' in hall and 'class="display-table cup-table"' in hall
    assert "<bdi>1½-1½</bdi>" in hall


def test_the_bracket_page_in_german_and_arabic(td: TestClient, club: Path) -> None:
    svc = _cup(td, club, 4)
    _better_seed_wins(svc, 1)
    german = td.get("/t/2/", headers={"Accept-Language": "de"}).text
    assert "Halbfinale" in german and "Turnierbaum" in german and "Setzplatz" in german
    arabic = td.get("/t/2/", headers={"Accept-Language": "ar"}).text
    assert 'dir="rtl"' in arabic and "نصف النهائي" in arabic


def test_the_rules_of_a_running_cup_keep_the_matches_and_change_the_third_place(
        td: TestClient, club: Path) -> None:
    svc = _cup(td, club, 4)
    svc.pair("Cup")
    rules = td.get("/td/t/2/rules").text
    assert 'name="games" value="1" inputmode="numeric" pattern="[0-9]*" required ' \
           'aria-describedby="h-games" disabled' in rules
    assert post(td, "/td/t/2/rules").status_code == 303  # the box left unticked
    assert svc.tournament("Cup").settings.third_place is False  # type: ignore[attr-defined]


def test_the_round_pages_name_the_cup_round_and_the_game_not_the_stored_round(
        td: TestClient, club: Path) -> None:
    """Stored round 3 is the semi-finals' first rapid game: every page that named it "Round
    3" names it so, the boards are matches, and the round links read 1, 2.1, 2.2."""
    svc = _cup(td, club, 6)
    _better_seed_wins(svc, 1)
    for game in svc.pair("Cup").round.games:
        svc.enter_result(2, f"{game.board}.1", "1/2", "Cup")
    svc.pair("Cup")
    title = "Semi-finals, game 2 (rapid)"
    pairings = td.get("/t/2/pairings").text
    assert f"<h1>{title}" in pairings and "Round 3" not in pairings
    assert '<th class="num">Match</th>' in pairings
    assert re.findall(r'href="\?round=\d"[^>]*>([^<]+)</a>', pairings) == ["1", "2.1", "2.2"]
    assert "<h1>Semi-finals, game 1" in td.get("/t/2/pairings?round=2").text
    assert "<h1>Quarter-finals" in td.get("/t/2/pairings?round=1").text
    assert f"Results · {title}" in td.get("/td/t/2/results").text
    slips = td.get("/t/2/pairings/slips").text
    assert f"Cup · {title} · Match 1" in slips
    for url in ("/td/t/2/", "/td/t/2/pair", "/td/t/2/explain", "/t/2/display",
                "/t/2/pairings/alphabetical", "/t/2/pairings/notice"):
        assert title in td.get(url).text, url
    explained = td.get("/td/t/2/explain").text
    assert "Berger" not in explained and "Paired by the cup's bracket" in explained
    german = td.get("/t/2/pairings", headers={"Accept-Language": "de"}).text
    assert "Halbfinale, Partie 2 (Schnellschach)" in german


def test_the_td_chooses_a_consolation_cup_and_starts_it_on_the_settings_page(
        td: TestClient, club: Path) -> None:
    svc = _cup(td, club, 8)
    assert 'name="consolation"' in td.get("/td/t/2/rules").text
    assert "Start the consolation cup" not in td.get("/td/t/2/rules").text
    post(td, "/td/t/2/rules", games="1", playoff="rapid2,lot", seeding="rating",
         consolation="1", seed="5")
    assert svc.tournament("Cup").settings.consolation == 1  # type: ignore[attr-defined]
    assert "Start the consolation cup" in td.get("/td/t/2/rules").text
    refused = post(td, "/td/t/2/consolation")
    assert refused.headers["location"] == "/td/t/2/rules"
    assert "the consolation cup starts when cup round 1 is decided" in td.get(
        "/td/t/2/rules").text
    _better_seed_wins(svc, 1)
    started = post(td, "/td/t/2/consolation")
    assert started.status_code == 303 and started.headers["location"] == "/td/"
    assert "Consolation cup Cup (consolation) started." in td.get("/td/").text
    consolation = svc.tournament("Cup (consolation)")
    assert sorted(e.name for e in consolation.entrants) == [f"Cupper {i:02d}" for i in
                                                            range(5, 9)]
    assert 'Consolation cup: <a href="/t/3/">Cup (consolation)</a>' in td.get("/t/2/").text
    again = post(td, "/td/t/2/consolation")
    assert again.headers["location"] == "/td/t/2/rules"
    assert "the consolation cup Cup (consolation) is started already" in td.get(
        "/td/t/2/rules").text
