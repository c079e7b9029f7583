"""Issue 11.4 on the results page: a post carries the result the page showed (`expected`); a
board changed meanwhile is answered with a conflict (keep or replace), nothing saved."""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path
from typing import Any

from starlette.testclient import TestClient
from web_helpers import Tick, post

from rochade.core.model import Result
from rochade.service import ClubService

HX = {"HX-Request": "true"}


def paired(club: Path) -> ClubService:
    svc = ClubService(club, "test", Tick())
    svc.pair()
    return svc


def hx_post(td: TestClient, url: str, **data: str) -> Any:
    return td.post(url, data={"csrf": td.headers["x-test-csrf"], **data}, headers=HX)


def test_the_page_sends_what_it_shows(td: TestClient, club: Path) -> None:
    svc = paired(club)
    svc.enter_result(1, 2, "0-1")
    html = td.get("/td/t/1/results").text
    assert 'name="expected" value=""' in html and 'name="expected" value="0-1"' in html
    assert 'data-board="2" data-result="0-1"' in html
    assert 'id="s1" class="state" aria-live="polite"' in html  # where saving… / saved shows
    german = td.get("/td/t/1/results", headers={"Accept-Language": "de"}).text
    assert 'data-saving="wird gespeichert…" data-saved="gespeichert"' in german


def test_a_stale_post_gets_the_conflict_with_both_choices(td: TestClient, club: Path) -> None:
    svc = paired(club)
    svc.enter_result(1, 1, "1-0")  # another device, meanwhile
    actions = len(svc.log())
    answer = hx_post(td, "/td/t/1/results/1/1", result="0-1", expected="")
    assert answer.status_code == 409
    html = unescape(answer.text)
    assert "Board 1 was changed meanwhile to 1-0; keep or replace?" in html
    assert 'role="alert"' in html and "data-keep" in html
    assert re.search(r'<button form="r1" name="result" value="0-1"[^>]*>Replace with 0-1<', html)
    assert 'data-result="1-0"' in html and 'name="expected" value="1-0"' in html
    assert "<template>" in html and 'id="undo" hx-swap-oob="true"' in html
    assert len(svc.log()) == actions
    assert svc.tournament().rounds[0].games[0].result is Result.WHITE_WINS
    # replace: the same post, now expecting what is there
    answer = hx_post(td, "/td/t/1/results/1/1", result="0-1", expected="1-0")
    assert answer.status_code == 200 and "conflict" not in answer.text
    assert svc.tournament().rounds[0].games[0].result is Result.BLACK_WINS


def test_the_same_result_twice_offers_only_keep(td: TestClient, club: Path) -> None:
    svc = paired(club)
    first = hx_post(td, "/td/t/1/results/1/1", forfeit="+/-", expected="")
    assert first.status_code == 200
    again = hx_post(td, "/td/t/1/results/1/1", forfeit="+/-", expected="")
    assert again.status_code == 409
    assert "data-keep" in again.text and "Replace with" not in again.text
    assert len([a for a in svc.log() if a.kind == "result"]) == 1


def test_without_script_a_stale_form_is_refused_with_the_reason(td: TestClient, club: Path) -> None:
    svc = paired(club)
    svc.enter_result(1, 3, "1/2")
    refused = post(td, "/td/t/1/results/1/3", result="1-0", expected="")
    assert refused.status_code == 303
    page = unescape(td.get(refused.headers["location"]).text)
    assert "round 1 board 3 was changed meanwhile to 1/2-1/2 (you saw no result)" in page
    assert svc.tournament().rounds[0].games[2].result is Result.DRAW
    svc.enter_result(1, 4, "1-0")
    dutch = {"Accept-Language": "nl"}
    refused = td.post("/td/t/1/results/1/4", headers=dutch, follow_redirects=False,
                      data={"csrf": td.headers["x-test-csrf"], "result": "0-1", "expected": "="})
    page = unescape(td.get(refused.headers["location"], headers=dutch).text)
    assert "ronde 1 bord 4 is intussen gewijzigd in 1-0 (je zag 1/2-1/2)" in page
    # a post without `expected` (a script of its own) is not checked, as before
    assert post(td, "/td/t/1/results/1/4", result="0-1").status_code == 303
    assert svc.tournament().rounds[0].games[3].result is Result.BLACK_WINS


def test_undo_from_the_row_answer_goes_back_to_the_results_page(td: TestClient, club: Path) -> None:
    paired(club)
    row = hx_post(td, "/td/t/1/results/1/1", result="1-0", expected="")
    assert 'name="next" value="/td/t/1/results?round=1"' in row.text
