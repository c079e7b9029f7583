"""The TD's results page while the room works: what the phones and other devices did shows
without a reload, a phone's report is taken or turned down with one tap, and a correction of
an earlier round says that the rounds after it were paired on the old result."""

from __future__ import annotations

from html import unescape
from pathlib import Path

from starlette.testclient import TestClient
from web_helpers import Tick

from rochade.service import ClubService

HX = {"HX-Request": "true"}


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
