"""Hostile input on the round-robin and Swiss forms: a clear message, never a server error,
and a refusal changes nothing (ROCHADE_FUZZ cases per form, as in test_td_fuzz)."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from starlette.testclient import TestClient
from test_td_fuzz import FUZZ, check, number, text

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
       bye=text, limit=text, tb1=TIEBREAK, tb2=TIEBREAK, seed=text, numbers=text)
def test_create(swiss: TestClient, club: Path, system: str, name: str, rounds: str,
                scoring: str, bye: str, limit: str, tb1: str, tb2: str, seed: str,
                numbers: str) -> None:
    check(swiss, club, f"/td/new/{system}", name=name, rounds=rounds, scoring=scoring,
          bye_value=bye, half_bye_value=bye, max_half_point_byes=limit, tb1=tb1, tb2=tb2,
          seed=seed, numbers_by=numbers, first_round=numbers, double=seed)


@FUZZ
@given(rounds=text, scoring=text, bye=text, limit=text, closed=text, tb1=TIEBREAK)
def test_change_settings(swiss: TestClient, club: Path, rounds: str, scoring: str, bye: str,
                         limit: str, closed: str, tb1: str) -> None:
    check(swiss, club, "/td/t/2/rules", rounds=rounds, scoring=scoring, bye_value=bye,
          max_half_point_byes=limit, half_point_byes_closed=closed, tb1=tb1)


@FUZZ
@given(player=st.one_of(text, number.map(str)), rnd=st.one_of(text, number.map(str)),
       kind=text, action=st.one_of(text, st.just("cancel")))
def test_byes(swiss: TestClient, club: Path, player: str, rnd: str, kind: str,
              action: str) -> None:
    check(swiss, club, "/td/t/2/byes", player=player, round=rnd, kind=kind, action=action)


@FUZZ
@given(first=st.one_of(text, number.map(str)), second=st.one_of(text, number.map(str)),
       action=st.one_of(text, st.just("allow")))
def test_forbidden(swiss: TestClient, club: Path, first: str, second: str, action: str) -> None:
    check(swiss, club, "/td/t/2/forbidden", first=first, second=second, action=action)
