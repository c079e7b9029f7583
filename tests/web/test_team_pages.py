"""A team event on the web: the TD creates it, pastes the teams' list, pairs round 1, enters
board results and a whole-match forfeit, withdraws a team; the public page shows the team
standings and the matches with their boards; pages of other systems are not team pages."""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path

from starlette.testclient import TestClient
from web_helpers import post

from rochade.service import ClubService

LIST = "name,rating,team\n" + "".join(
    f"P{t}{b},{2300 - 100 * t - 10 * b},Team {t}\n" for t in range(1, 6) for b in range(1, 4))


def flash(td: TestClient, path: str) -> str:
    found = re.search(r'class="flash (?:ok|error)"[^>]*>(.*?)<', td.get(path).text, re.S)
    assert found is not None, "no message on the page"
    return unescape(found[1]).strip()


def test_a_team_swiss_is_created_paired_and_played_on_the_web(td: TestClient,
                                                               club: Path) -> None:
    assert "/td/new-team" in td.get("/td/").text
    done = post(td, "/td/new-team", name="Team Cup", system="team-swiss", boards="2",
                rounds="3", colours="A", primary="MP", match_points="2/1/0")
    assert done.status_code == 303
    n = len(ClubService(club).tournaments())
    page = f"/td/t/{n}/teams"
    assert done.headers["location"].endswith(page)
    post(td, page + "/import", list=LIST)
    assert flash(td, page) == "15 players in their teams."
    post(td, page + "/pair")
    assert flash(td, page) == "Round 1 paired."
    shown = unescape(td.get(page).text)
    assert "Match 1: Team 1 – Team 3" in shown and 'name="result1.2"' in shown
    post(td, page + "/results", round="1", **{"result1.1": "1-0", "result1.2": "1/2"})
    assert flash(td, page) == "2 results saved."
    post(td, page + "/forfeit", round="1", match="2", team="Team 4")
    assert flash(td, page) == "Match 2 forfeited."
    post(td, page + "/withdraw", team="Team 3")
    assert flash(td, page) == "Team 3 withdraws after round 1."
    public = unescape(td.get(f"/t/{n}/teams").text)
    assert "data-team-standings" in public
    assert re.search(r"<td>Team 1</td><td class=\"num\">2</td><td class=\"num\">1½</td>", public)
    assert "Team 4 – Team 2 0–2" in public


def test_a_bad_list_says_why_and_changes_nothing(td: TestClient, club: Path) -> None:
    post(td, "/td/new-team", name="Cup", system="team-round-robin", boards="2")
    n = len(ClubService(club).tournaments())
    post(td, f"/td/t/{n}/teams/import", list="name,rating\nAnna,2000\n")
    assert "team column" in flash(td, f"/td/t/{n}/teams")
    assert ClubService(club).team_event("Cup").event.teams == ()


def test_the_team_pages_are_in_german(td: TestClient, club: Path) -> None:
    post(td, "/td/new-team", name="Cup", system="team-round-robin", boards="2")
    n = len(ClubService(club).tournaments())
    post(td, f"/td/t/{n}/teams/import", list=LIST)
    td.cookies.set("lang", "de")
    shown = unescape(td.get(f"/td/t/{n}/teams").text)
    assert "Mannschaften" in shown and "Runde 1 auslosen" in shown
    assert '<th class="num">BP</th>' in unescape(td.get(f"/t/{n}/teams").text)


def test_every_page_of_a_team_event_answers(td: TestClient, club: Path) -> None:
    """The pages of every system (standings, prizes, hall display, rules ...) send a team
    event to its own pages, or say they are not for it; none fails."""
    post(td, "/td/new-team", name="Cup", system="team-swiss", boards="2", rounds="3")
    n = str(len(ClubService(club).tournaments()))
    post(td, f"/td/t/{n}/teams/import", list=LIST)
    post(td, f"/td/t/{n}/teams/pair")
    values = {"n": n, "pid": "1", "round": "1", "board": "1", "c": "1", "k": "1", "match": "1",
              "kind": "trf", "system": "team-swiss"}
    checked = 0
    for route in td.app.routes:  # type: ignore[attr-defined]
        path = getattr(route, "path", "")
        if "{n:int}" not in path or "GET" not in (getattr(route, "methods", None) or {"GET"}):
            continue
        for key, value in values.items():
            path = path.replace(f"{{{key}:int}}", value).replace(f"{{{key}}}", value)
        assert td.get(path, follow_redirects=False).status_code < 500, path
        checked += 1
    assert checked > 20
    assert td.get(f"/t/{n}/", follow_redirects=False).headers["location"] == f"/t/{n}/teams"


def _paired(td: TestClient, club: Path) -> str:
    post(td, "/td/new-team", name="Cup", system="team-swiss", boards="2", rounds="3")
    n = len(ClubService(club).tournaments())
    post(td, f"/td/t/{n}/teams/import", list=LIST)
    post(td, f"/td/t/{n}/teams/pair")
    return f"/td/t/{n}/teams"


def test_the_td_changes_a_lineup_in_board_order_as_one_undoable_change(
        td: TestClient, club: Path) -> None:
    page = _paired(td, club)
    assert 'data-lineup="1.0"' in td.get(page).text
    post(td, page + "/lineup", round="1", match="1", team="Team 1", player=["1", "3"])
    assert flash(td, page) == "Lineup of Team 1 saved."
    boards = ClubService(club).team_event("Cup").event.rounds[0].matches[0].boards
    names = {m.id: m.name for t in ClubService(club).team_event("Cup").event.teams
             for m in t.members}
    assert [names[b.white] for b in boards] == ["P11", "P32"]
    assert [names[b.black] for b in boards] == ["P31", "P13"]
    ClubService(club).undo(tournament="Cup")
    boards = ClubService(club).team_event("Cup").event.rounds[0].matches[0].boards
    assert names[boards[1].black] == "P12"


def test_a_lineup_out_of_board_order_or_after_a_result_is_refused(td: TestClient,
                                                                  club: Path) -> None:
    page = _paired(td, club)
    before = ClubService(club).team_event("Cup").event.rounds[0]
    post(td, page + "/lineup", round="1", match="1", team="Team 1", player=["3", "1"])
    assert "breaks the board order" in flash(td, page)
    post(td, page + "/results", round="1", **{"result1.1": "1-0"})
    post(td, page + "/lineup", round="1", match="1", team="Team 3", player=["1", "3"])
    assert "lineups can no longer change" in flash(td, page)
    assert 'data-lineup="1.0"' not in td.get(page).text
    after = ClubService(club).team_event("Cup").event.rounds[0]
    assert [m.boards[1] for m in after.matches] == [m.boards[1] for m in before.matches]


def test_both_team_pages_show_board_records_and_board_prizes(td: TestClient,
                                                             club: Path) -> None:
    page = _paired(td, club)
    post(td, page + "/results", round="1", **{"result1.1": "1-0", "result1.2": "1/2",
                                              "result2.1": "0-1", "result2.2": "1-0"})
    svc = ClubService(club)
    _view, records, prizes, minimum = svc.board_prizes(tournament="Cup")
    assert minimum == 1 and len(records) == 8
    assert [p.board for p in prizes] == [1, 2]
    names = {m.id: m.name for t in svc.team_event("Cup").event.teams for m in t.members}
    assert names[prizes[0].record.player] in {"P11", "P21"}
    for path in (page, page.replace("/td", "", 1)):
        shown = unescape(td.get(path).text)
        assert "data-board-prizes" in shown and "data-board-records" in shown
        assert re.search(r"<td>P11</td><td>Team 1</td><td>1</td><td class=\"num\">1/1</td>"
                         r"<td class=\"num\">100</td>", shown), path
    assert svc.board_prizes(minimum=2, tournament="Cup")[2] == []
