"""Hostile input on the TD forms: a clear message, never a traceback or a 500, and input
that is refused changes nothing (neither the facts nor the action log).

ROCHADE_FUZZ sets the number of cases per form (default 40: a few hundred in all)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient
from web_helpers import post

from rochade.service import ClubService
from rochade.store import Club

CASES = int(os.environ.get("ROCHADE_FUZZ", "40"))
FUZZ = settings(
    max_examples=CASES,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
HOSTILE = [
    "",
    " ",
    "Robert'); DROP TABLE members;--",
    "' OR 1=1 --",
    '"><script>alert(1)</script>',
    "<img src=x onerror=alert(1)>",
    "\u202eevil\u202c",
    "שלום עולם",
    "a\x00b",
    "x" * 10_000,
    "9" * 5000,
    "-1",
    "0",
    "1e9",
    "²",
    "٣",
    "1.5",
    "NaN",
    "99999999999999999999999",
    "1-0",
    "1/2",
    "+/-",
    "present",
    "withdrawn",
]
text = st.one_of(st.sampled_from(HOSTILE), st.text(max_size=40))
number = st.one_of(st.integers(0, 10**12), st.sampled_from([0, 1, 2, 3, 99]))


def state(club: Path) -> tuple[object, object]:
    with Club.open(club) as c:
        return c.snapshot(), [(a.id, a.kind, a.undone_by) for a in c.actions()]


def check(td: TestClient, club: Path, url: str, **form: str) -> None:
    """Posted plainly and as htmx: never a server error; a refusal leaves the file alone."""
    for htmx in (False, True):
        before = state(club)
        headers = {"hx-request": "true"} if htmx else {}
        response = td.post(
            url,
            data={"csrf": td.headers["x-test-csrf"], **form},
            headers=headers,
            follow_redirects=False,
        )
        assert response.status_code < 500, (url, form, response.text[:300])
        assert "Traceback" not in response.text
        after = state(club)
        if after[1] == before[1]:  # no new action: refused (or nothing to do), so no change
            assert after[0] == before[0], (url, form)
        else:
            assert len(after[1]) == len(before[1]) + 1  # one change, one log line


@pytest.fixture
def paired(td: TestClient) -> TestClient:
    assert post(td, "/td/t/1/pair/auto").status_code == 303
    return td


@FUZZ
@given(name=text, rating=text)
def test_add_player(paired: TestClient, club: Path, name: str, rating: str) -> None:
    check(paired, club, "/td/t/1/players/add", player=name, rating=rating)


@FUZZ
@given(pid=number, rating=text, n=st.sampled_from([1, 2]))
def test_set_rating(paired: TestClient, club: Path, pid: int, rating: str, n: int) -> None:
    check(paired, club, f"/td/t/{n}/players/{pid}/rating", rating=rating)


@FUZZ
@given(pid=number, status=text, n=st.sampled_from([1, 2]))
def test_set_status(paired: TestClient, club: Path, pid: int, status: str, n: int) -> None:
    check(paired, club, f"/td/t/{n}/players/{pid}/status", status=status)


@FUZZ
@given(rnd=number, board=number, result=text, forfeit=text, n=st.sampled_from([1, 2]))
def test_enter_result(
    paired: TestClient, club: Path, rnd: int, board: int, result: str, forfeit: str, n: int
) -> None:
    check(paired, club, f"/td/t/{n}/results/{rnd}/{board}", result=result, forfeit=forfeit)


@FUZZ
@given(name=text, preset=text, extra=text)
def test_create_tournament(
    paired: TestClient, club: Path, name: str, preset: str, extra: str
) -> None:
    check(paired, club, "/td/tournaments", name=name, preset=preset, win_value=extra)


@FUZZ
@given(draft=text, pick=text, action=st.one_of(text, st.sampled_from(["check", "confirm"])))
def test_pair_manual(paired: TestClient, club: Path, draft: str, pick: str, action: str) -> None:
    check(paired, club, "/td/t/1/pair/manual", draft=draft, pick=pick, action=action)


@FUZZ
@given(csv=text)
def test_import_players(paired: TestClient, club: Path, csv: str) -> None:
    check(paired, club, "/td/t/1/players/import", csv_text=csv)


def test_a_result_for_a_round_that_does_not_exist_is_refused_with_a_message(
    paired: TestClient, club: Path
) -> None:
    before = state(club)
    for url in ("/td/t/1/results/7/1", "/td/t/1/results/1/99", "/td/t/9/results/1/1"):
        response = post(paired, url, result="1-0")
        assert response.status_code in (303, 404), url
        if response.status_code == 303:
            assert "rochade_flash" in response.cookies or "flash" in response.headers.get(
                "set-cookie", ""
            )
    assert state(club) == before
    assert ClubService(club).log()[-1].kind == "pair"


@FUZZ
@given(query=text, path=st.sampled_from(["/t/1/", "/t/1/pairings", "/td/t/1/results"]))
def test_query_parameters(paired: TestClient, path: str, query: str) -> None:
    for name in ("after", "round", "next", "lang"):
        response = paired.get(path, params={name: query}, follow_redirects=False)
        assert response.status_code < 500, (path, name, query)
