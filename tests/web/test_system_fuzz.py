"""Hostile input on the round-robin and Swiss forms: a clear message, never a server error,
and a refusal changes nothing (ROCHADE_FUZZ cases per form, a fresh club file per example,
and each form shown to accept a valid input, as in test_td_fuzz)."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from starlette.testclient import TestClient
from test_td_fuzz import FUZZ, accepts_and_refuses, check, number, text
from web_helpers import Fresh

from rochade.service import ClubService

TIEBREAK = st.one_of(text, st.sampled_from(["BH-C1", "SB", "DE", "BH", "KS", ""]))


@pytest.fixture
def swiss(td: TestClient, club: Path) -> TestClient:
    """The club's second tournament: a Swiss of four, round 1 paired."""
    svc = ClubService(club, "test TD")
    svc.create_system_tournament("Open", "swiss", {"rounds": 3, "max_half_point_byes": 1})
    for i in range(1, 5):
        svc.add_player(f"Swiss {i}", 2000 - i, tournament="Open")
    svc.pair("Open")
    return td


@FUZZ
@given(system=st.sampled_from(["swiss", "round-robin"]), name=text, rounds=text, scoring=text,
       byes=st.tuples(text, text).filter(lambda pair: pair[0] != pair[1]), limit=text,
       tb1=TIEBREAK, tb2=TIEBREAK, seed=text, numbers=text)
def test_create(swiss: TestClient, fresh: Fresh, system: str, name: str, rounds: str,
                scoring: str, byes: tuple[str, str], limit: str, tb1: str, tb2: str, seed: str,
                numbers: str) -> None:
    check(fresh, f"/td/new/{system}", name=name, rounds=rounds, scoring=scoring,
          bye_value=byes[0], half_bye_value=byes[1], max_half_point_byes=limit, tb1=tb1,
          tb2=tb2, seed=seed, numbers_by=numbers, first_round=numbers, double=seed)


@FUZZ
@given(rounds=text, scoring=text, bye=text, limit=text, closed=text, tb1=TIEBREAK)
def test_change_settings(swiss: TestClient, fresh: Fresh, rounds: str, scoring: str, bye: str,
                         limit: str, closed: str, tb1: str) -> None:
    check(fresh, "/td/t/2/rules", rounds=rounds, scoring=scoring, bye_value=bye,
          max_half_point_byes=limit, half_point_byes_closed=closed, tb1=tb1)


@FUZZ
@given(player=st.one_of(text, number.map(str)), rnd=st.one_of(text, number.map(str)),
       kind=text, action=st.one_of(text, st.just("cancel")))
def test_byes(swiss: TestClient, fresh: Fresh, player: str, rnd: str, kind: str,
              action: str) -> None:
    check(fresh, "/td/t/2/byes", player=player, round=rnd, kind=kind, action=action)


@FUZZ
@given(first=st.one_of(text, number.map(str)), second=st.one_of(text, number.map(str)),
       action=st.one_of(text, st.just("allow")))
def test_forbidden(swiss: TestClient, fresh: Fresh, first: str, second: str, action: str) -> None:
    check(fresh, "/td/t/2/forbidden", first=first, second=second, action=action)


@pytest.mark.parametrize(
    ("url", "good", "bad", "message"),
    [
        ("/td/new/swiss", {"name": "Open 2", "rounds": "5"}, {"name": "Open 2", "rounds": "x"},
         "the number of rounds 'x' is not a whole number"),
        ("/td/new/round-robin", {"name": "Round", "rounds": ""},
         {"name": "Round", "scoring": "many"}, "many"),
        ("/td/t/2/rules", {"rounds": "4", "confirm": "yes"}, {"rounds": "0"},
         "rounds must be from 1 to 999, not 0"),  # FIDE mode: confirmed after round 1
        ("/td/t/2/byes", {"player": "Swiss 1", "round": "3", "kind": "half"},
         {"player": "Nobody", "round": "3", "kind": "half"}, "no player named 'Nobody'"),
        ("/td/t/2/forbidden", {"first": "Swiss 1", "second": "Swiss 2", "confirm": "yes"},
         {"first": "Swiss 1", "second": "Swiss 1"}, "cannot be kept from playing themself"),
    ],
)
def test_each_form_accepts_a_valid_input_and_refuses_a_bad_one(
    swiss: TestClient, fresh: Fresh, url: str, good: dict[str, str], bad: dict[str, str],
    message: str,
) -> None:
    accepts_and_refuses(fresh, url, good, bad, message)
