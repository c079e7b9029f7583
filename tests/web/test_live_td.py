"""The TD's results page while the room works: what the phones and other devices did shows
without a reload, a phone's report is taken or turned down with one tap, and a correction of
an earlier round says that the rounds after it were paired on the old result."""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path

from starlette.testclient import TestClient
from web_helpers import Tick, post

from rochade.core.model import Result
from rochade.service import ClubService
from rochade.service.phones import PhoneSettings

HX = {"HX-Request": "true"}
CODE = "knight"


def played(club: Path, rounds: int) -> ClubService:
    svc = ClubService(club, "test", Tick())
    for number in range(1, rounds + 1):
        for game in svc.pair().round.games:
            svc.enter_result(number, game.board, "1-0")
    return svc


def test_a_correction_of_a_round_paired_on_warns(td: TestClient, club: Path) -> None:
    played(club, 2)
    answer = td.post("/td/t/1/results/1/1", headers=HX, data={
        "csrf": td.headers["x-test-csrf"], "result": "0-1", "expected": "1-0"})
    assert "Round 2 was paired with this result; pairings are not changed." in unescape(
        answer.text)
    german = {"Accept-Language": "de"}
    sent = td.post("/td/t/1/results/1/2", headers=german, follow_redirects=False, data={
        "csrf": td.headers["x-test-csrf"], "result": "0-1"})
    german_page = td.get(sent.headers["location"], headers=german).text
    assert "Runde 2 wurde mit diesem Ergebnis gepaart" in unescape(german_page)


def reported(club: Path) -> tuple[ClubService, int]:
    """Round 1 paired, phones on; board 1's white player reported 1-0 on their phone (and
    its black player, returned, has not yet)."""
    desk = ClubService(club, "TD", Tick())
    desk.set_phone_settings(PhoneSettings(CODE))
    game = desk.pair().round.games[0]
    desk.bind_device(game.white, "white-phone", CODE)
    desk.bind_device(game.black, "black-phone", CODE)
    desk.report_result(game.white, "1-0", "white-phone")
    return desk, game.black


def test_the_page_asks_with_its_version_and_gets_news_only(td: TestClient, club: Path) -> None:
    svc = played(club, 0)
    svc.pair()
    page = td.get("/td/t/1/results").text
    version = re.search(r'data-version="(\d+)" data-poll="([\d.]+)"', page)
    assert version is not None and float(version[2]) <= 2  # a report shows within seconds
    asked = {"X-Rochade-Version": version[1]}
    assert td.get("/td/t/1/results", headers=asked).status_code == 204
    svc.enter_result(1, 2, "0-1")  # another device
    news = td.get("/td/t/1/results", headers=asked)
    assert news.status_code == 200 and 'data-board="2" data-result="0-1"' in news.text
    assert version[1] not in news.text


def test_a_report_is_confirmed_or_turned_down_with_one_tap(td: TestClient, club: Path) -> None:
    desk, black = reported(club)
    box = unescape(td.get("/td/t/1/results").text).split('id="reports"')[1].split("</section>")[0]
    assert "Board 1: white says 1-0, black says –" in box
    assert re.search(r'<button name="result" value="1-0"[^>]*>Confirm 1-0</button>', box)
    assert "Turn down" in box
    desk.report_result(black, "0-1", "black-phone")  # they disagree: either may be taken
    box = unescape(td.get("/td/t/1/results").text).split('id="reports"')[1]
    assert "Confirm 1-0" in box and "Confirm 0-1" in box
    refused = td.post("/td/t/1/results/1/1/reject", data={"csrf": "forged"})
    assert refused.status_code == 403 and desk.reports()
    actions = len(desk.log())
    turned = post(td, "/td/t/1/results/1/1/reject")
    assert turned.status_code == 303 and desk.reports() == {}
    assert "Board 1: the phones' report is turned down." in unescape(
        td.get(turned.headers["location"]).text)
    assert len(desk.log()) == actions + 1
    again = post(td, "/td/t/1/results/1/1/reject")
    assert "no phone has reported round 1 board 1" in unescape(
        td.get(again.headers["location"]).text)
    desk.undo(1)  # the report is back
    assert desk.reports()[1].black is Result.BLACK_WINS


def test_a_result_entered_takes_its_report_out_of_the_box(td: TestClient, club: Path) -> None:
    reported(club)
    answer = td.post("/td/t/1/results/1/1", headers=HX, data={
        "csrf": td.headers["x-test-csrf"], "result": "1-0", "expected": ""})
    assert answer.status_code == 200
    assert '<div id="reports" hx-swap-oob="true">\n</div>' in answer.text


def seats(club: Path) -> list[tuple[int, int]]:
    return [(g.white, g.black) for g in ClubService(club).tournament().rounds[-1].games]


def test_the_results_page_offers_to_change_the_pairing(td: TestClient, club: Path) -> None:
    svc = played(club, 0)
    svc.pair()
    svc.enter_result(1, 1, "1-0")
    page = td.get("/td/t/1/results").text
    assert '<form id="edit" method="post" action="/td/t/1/pair/edit"' in page
    ticks = re.findall(r'<input type="checkbox" form="edit" name="player" value="(\d+)"', page)
    boards = len(svc.tournament().rounds[0].games)
    assert len(ticks) == 2 * (boards - 1)  # board 1 has its result
    german = td.get("/td/t/1/results", headers={"Accept-Language": "de"}).text
    assert "Die zwei angekreuzten Spieler tauschen" in german
    for game in svc.tournament().rounds[0].games[1:]:
        svc.enter_result(1, game.board, "1-0")
    assert 'id="edit"' not in td.get("/td/t/1/results").text  # nothing left to change


def test_a_swap_from_the_results_page(td: TestClient, club: Path) -> None:
    svc = played(club, 0)
    svc.pair()
    (w1, b1), (w2, b2), *others = seats(club)
    before = len(svc.log())
    forged = td.post("/td/t/1/pair/edit", data={"csrf": "x", "action": "swap",
                                                "player": [str(b1), str(w2)]})
    assert forged.status_code == 403 and len(svc.log()) == before
    done = td.post("/td/t/1/pair/edit", follow_redirects=False, data={
        "csrf": td.headers["x-test-csrf"], "action": "swap", "player": [str(b1), str(w2)]})
    assert done.status_code == 303 and seats(club) == [(w1, w2), (b1, b2), *others]
    shown = unescape(td.get(done.headers["location"]).text)
    assert "Changed by hand: round 1: " in shown and "change places" in shown
    one = post(td, "/td/t/1/pair/edit", action="swap", player=str(w1))
    assert "Tick the two players to swap." in unescape(td.get(one.headers["location"]).text)
    post(td, "/td/t/1/pair/edit", action="colours", player=str(b2))
    assert seats(club)[1] == (b2, b1)
    assert len(svc.log()) == before + 2


def test_fide_mode_confirms_naming_the_boards(td: TestClient, club: Path) -> None:
    svc = ClubService(club, "test", Tick())
    svc.create_system_tournament("Open", "swiss", {"rounds": 3})
    svc.import_players("\n".join(f"Open {i},{2300 - 20 * i}" for i in range(1, 9)), "Open")
    svc.pair("Open")
    (_, b1), (_, b2), *_ = [(g.white, g.black) for g in svc.tournament("Open").rounds[0].games]
    actions = len(svc.log())
    asked = post(td, "/td/t/2/pair/edit", action="swap", player=[str(b1), str(b2)])
    assert asked.status_code == 200 and len(svc.log()) == actions
    page = unescape(asked.text)
    assert "Confirm the change of the pairing" in page
    assert re.search(r"paired by hand, differing from the engine's pairing: board 1: \d+-\d+ "
                     r"instead of \d+-\d+; board 2: ", page)
    assert '<input type="hidden" name="action" value="swap">' in page
    confirmed = post(td, "/td/t/2/pair/edit", action="swap", player=[str(b1), str(b2)],
                     confirm="yes")
    assert confirmed.status_code == 303 and len(svc.log()) == actions + 1


def test_the_bye_moves_and_a_late_entry_plays_the_one_who_had_it(td: TestClient,
                                                                  club: Path) -> None:
    svc = ClubService(club, "test", Tick())
    svc.create_system_tournament("Odd", "swiss", {"rounds": 3, "fide_mode": False})
    svc.import_players("\n".join(f"Odd {i},{2300 - 20 * i}" for i in range(1, 10)), "Odd")
    rnd = svc.pair("Odd").round
    assert rnd.bye is not None
    taker = rnd.games[0].white
    post(td, "/td/t/2/pair/edit", action="bye", player=str(taker))
    assert svc.tournament("Odd").rounds[0].bye == taker
    late = svc.add_player("Odd Late", 1400, tournament="Odd").entrant
    assert late is not None
    page = unescape(td.get("/td/t/2/results").text)
    button = f'<button name="action" value="late:{late.id}">Pair Odd Late against '
    assert button in page
    post(td, "/td/t/2/pair/edit", action=f"late:{late.id}")
    last = svc.tournament("Odd").rounds[0]
    assert last.bye is None and {last.games[-1].white, last.games[-1].black} == {
        taker, late.id}
