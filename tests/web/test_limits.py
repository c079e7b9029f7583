"""Issue 11.5: every setting at and beyond its limits, written with the CLI; no value that is
accepted may break a page, and every value beyond a limit is refused (exit 2, nothing saved).

The limits are `rochade.core.limits`; the same check runs when a page reads the settings, so a
value the CLI accepts is one every page can show.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.routing import Route
from starlette.testclient import TestClient
from web_helpers import PIN, PLAYERS, Tick, log_in

from rochade.cli import main
from rochade.core import limits
from rochade.service import ClubService
from rochade.service.pin import set_pin
from rochade.web import create_app

AT_LIMITS = {
    "top_value": ["", "0", "1000000"],
    "ladder": ["fixed", "normalised", "kfc_old", "ratio"],
    "ratio": ["1000", "1.001"],
    "step": ["1000000", "1/1000"],
    "floor": ["", "0", "1000000"],
    "win_factor": ["0", "100"],
    "draw_factor": ["0", "100"],
    "loss_factor": ["0", "100"],
    "fractions.bye": ["0", "100"],
    "fractions.excused": ["100", "0"],
    "own_value_factor": ["0", "100"],
    "board_step": ["0", "1000000"],
    "rematch_gap": ["999", "0"],
    "max_meetings": ["1", "999", ""],
    "max_colour_difference": ["0", "999", ""],
    "max_same_colour_run": ["1", "999", ""],
}
"""Keizer settings (as `tournament set KEY=VALUE` takes them) at their lowest and highest."""

BEYOND = {
    "top_value": ["1000001", "-1", "1e999999999"],
    "ratio": ["1001", "1", "0.5", "9" * 30],
    "step": ["0", "1000001", "1/0"],
    "floor": ["1000001"],
    "win_factor": ["101", "-0.5"],
    "fractions.bye": ["101"],
    "own_value_factor": ["100.5"],
    "board_step": ["1000001"],
    "rematch_gap": ["1000", "1000000000000", "-1", "10" * 3000],
    "max_meetings": ["0", "1000"],
    "max_colour_difference": ["1000", "-1"],
    "max_same_colour_run": ["0", "1000"],
}
"""The same settings just beyond a limit, and far beyond it."""

CREATE_BEYOND = [
    ["--max-meetings", "0"],
    ["--rematch-gap", "1000000000000"],
    ["--rematch-gap", str(10**30)],
    ["--max-colour-difference", "-1"],
    ["--ratio", "1e999999999"],
    ["--top-value", "1000001"],
    ["--system", "swiss", "--rounds", "1000"],
    ["--system", "swiss", "--max-half-point-byes", "1000"],
    ["--system", "swiss", "--seed", str(2**63)],
    ["--system", "swiss", "--bye-value", "1e99999999"],
    ["--system", "round-robin", "--seed", str(-(2**63) - 1)],
]
"""`tournament create` options beyond their limits."""


def rochade(*args: object) -> Result:
    return CliRunner().invoke(main, [str(a) for a in args])


@pytest.fixture
def club(tmp_path: Path) -> Path:
    """A Keizer tournament with eight players and one round played."""
    path = tmp_path / "club.rochade"
    svc = ClubService.init(path, "test TD", Tick())
    svc.create_tournament("Winter", "classic")
    svc.import_players("\n".join(f"{name},{rating}" for name, rating in PLAYERS))
    set_pin(path, PIN)
    svc.pair()
    for board in range(1, 5):
        svc.enter_result(1, board, "1-0")
    return path


def every_page_answers(path: Path) -> None:
    """Every GET page of every tournament (public and TD) answers without a server error."""
    with TestClient(create_app(path, Tick())) as client:
        log_in(client)
        app_routes = [r for r in client.app.routes if isinstance(r, Route)]  # type: ignore[attr-defined]
        tournaments = range(1, len(ClubService(path).tournaments()) + 1)
        for route in app_routes:
            if "GET" not in (route.methods or ()) or set(route.param_convertors) - {"n", "pid"}:
                continue
            for n in tournaments:
                url = re.sub(r"\{(\w+)(:\w+)?\}", lambda m, n=n: str(n if m[1] == "n" else 1),
                             route.path)
                response = client.get(url)
                assert response.status_code < 500, (url, response.text[-500:])
    for command in ("standings", "pairings", "crosstable"):
        shown = rochade(command, path, "-t", "Winter")
        assert shown.exit_code in (0, 2) and "Traceback" not in shown.output, shown.output


def test_every_setting_at_its_limits_is_accepted_and_every_page_answers(club: Path) -> None:
    for key, values in AT_LIMITS.items():
        for value in values:
            changed = rochade("tournament", "set", club, f"{key}={value}")
            assert changed.exit_code == 0, (key, value, changed.output)
    assert rochade("pair", club).exit_code == 0
    every_page_answers(club)


def test_every_setting_beyond_its_limits_is_refused_and_nothing_changes(club: Path) -> None:
    before = ClubService(club).tournament().settings
    for key, values in BEYOND.items():
        for value in values:
            refused = rochade("tournament", "set", club, f"{key}={value}")
            assert refused.exit_code == 2, (key, value, refused.output)
            assert refused.output.startswith("Error: ") and len(refused.output) < 400
    for options in CREATE_BEYOND:
        refused = rochade("tournament", "create", club, "Spring", *options)
        assert refused.exit_code == 2, (options, refused.output)
    assert ClubService(club).tournament().settings == before
    assert [t.name for t in ClubService(club).tournaments()] == ["Winter"]
    every_page_answers(club)


def test_a_huge_rematch_gap_pairs_at_once(club: Path) -> None:
    """A gap of 999 rounds (the limit) costs no more than a gap of 1: the relaxation walks
    over the gaps that free a pair, not over every number below the gap."""
    assert rochade("tournament", "set", club, "rematch_gap=999", "max_meetings=1").exit_code == 0
    for number in range(2, 9):
        assert rochade("pair", club).exit_code == 0
        for board in range(1, 5):
            assert rochade("result", club, number, board, "1/2").exit_code == 0
    every_page_answers(club)


BOUNDS = {
    "rematch_gap": limits.GAP, "max_meetings": limits.MEETINGS,
    "max_colour_difference": limits.COLOURS, "max_same_colour_run": limits.MEETINGS,
}


@settings(max_examples=60,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    key=st.sampled_from(sorted(BOUNDS)),
    value=st.integers(-(10**20), 10**20) | st.integers(-3, 1003),
)
def test_whole_number_settings_are_kept_exactly_when_within_bounds(
    tmp_path_factory: pytest.TempPathFactory, key: str, value: int
) -> None:
    path = tmp_path_factory.mktemp("limits") / "club.rochade"
    ClubService.init(path, "test TD").create_tournament("Winter")
    result = rochade("tournament", "set", path, f"{key}={value}")
    bound = BOUNDS[key]
    if bound.low <= value <= bound.high:
        assert result.exit_code == 0, result.output
        assert getattr(ClubService(path).tournament().settings, key) == value
    else:
        assert result.exit_code == 2, result.output
        assert "Traceback" not in result.output


def test_the_web_forms_refuse_values_beyond_the_limits(club: Path) -> None:
    """The settings page and the new-tournament form check as the CLI does (the same
    service), in the TD's language; nothing is saved and every page still answers."""
    before = ClubService(club).tournament().settings
    with TestClient(create_app(club, Tick())) as td:
        csrf = log_in(td)
        for key, value in [("max_meetings", "0"), ("rematch_gap", "1000"), ("ratio", "1e9")]:
            response = td.post("/td/t/1/settings", headers={"Accept-Language": "de"},
                               data={"csrf": csrf, "action": "save", key: value})
            assert response.status_code == 200, response.text[-300:]
            assert "muss zwischen" in response.text or "keine Zahl" in response.text, key
        made = td.post("/td/tournaments", follow_redirects=False,
                       data={"csrf": csrf, "name": "Rapid", "preset": "classic",
                             "max_meetings": "0"})
        assert made.headers["location"] == "/td/"
        assert "max_meetings must be from 1 to 999, not 0" in td.get("/td/").text
    assert ClubService(club).tournament().settings == before
    assert len(ClubService(club).tournaments()) == 1
    every_page_answers(club)


def test_an_uploaded_player_list_too_large_is_refused(
    club: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(limits, "FILE_BYTES", 1000)
    listed = "".join(f"Player {i},1500\n" for i in range(100)).encode()
    with TestClient(create_app(club, Tick())) as td:
        csrf = log_in(td)
        td.post("/td/t/1/players/import", data={"csrf": csrf}, follow_redirects=False,
                files={"csv_file": ("list.csv", listed, "text/csv")})
        assert "list.csv is too large" in td.get("/td/t/1/players").text
    assert len(ClubService(club).tournament().entrants) == 8
