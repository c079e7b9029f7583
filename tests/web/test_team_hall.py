"""A team event in the room: the hall display shows the round's matches with the score so
far and the team standings, a player's phone finds his board tonight (team, board, colour,
opponent), and the round prints with its boards; in every language, Arabic too."""

from __future__ import annotations

from html import unescape
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from rochade.service import ClubService

LIST = "name,rating,team\n" + "".join(
    f"P{t}{b},{2300 - 100 * t - 10 * b},Team {t}\n" for t in range(1, 6) for b in range(1, 4))


def ids(club: Path) -> dict[str, int]:
    event = ClubService(club).team_event("Team Cup").event
    return {m.name: m.id for team in event.teams for m in team.members}


def played(club: Path) -> int:
    """A team Swiss of five teams on two boards, round 1 paired, one board played."""
    svc = ClubService(club)
    svc.create_team_event("Team Cup", "team-swiss", {"boards": "2", "rounds": "3"})
    svc.import_team_players(LIST, "Team Cup")
    svc.pair_teams("Team Cup")
    svc.enter_board_result(1, "1.1", "1-0", "Team Cup")
    return len(svc.tournaments())


def test_the_hall_display_shows_the_matches_and_the_team_standings(td: TestClient,
                                                                   club: Path) -> None:
    n = played(club)
    page = td.get(f"/t/{n}/display")
    assert page.status_code == 200
    shown = unescape(page.text)
    assert "data-team-display" in shown and "Round 1" in shown
    # match 1: Team 1 (home) - Team 3, board 1 won by the home team's white player
    assert "<bdi>Team 1</bdi></td><td class=\"res strong\">1–0</td><td><bdi>Team 3</bdi>" in shown
    assert "<bdi>Team 4</bdi></td><td class=\"res strong\">–</td><td><bdi>Team 2</bdi>" in shown
    assert "Bye: <strong><bdi>Team 5</bdi>" in shown
    assert "<bdi>Team 5</bdi></td><td class=\"num strong\">2</td>" in shown  # the bye's points


def test_a_players_phone_finds_his_board_tonight(td: TestClient, club: Path) -> None:
    n = played(club)
    who = ids(club)
    names = unescape(td.get(f"/t/{n}/me").text)
    assert "<h2>Team 3</h2>" in names
    assert f'href="/t/{n}/players/{who["P32"]}/evening">P32<' in names
    mine = td.get(f"/t/{n}/players/{who['P32']}/evening")  # board 2 of match 1, white
    assert mine.status_code == 200
    shown = unescape(mine.text)
    assert "Round 1, match 1, board 2" in shown
    assert "White</span>\n  against P12 (Team 1)" in shown
    assert "Match score: <strong>Team 1 1–0 Team 3</strong>" in shown
    black = unescape(td.get(f"/t/{n}/players/{who['P31']}/evening").text)  # board 1, black
    assert "Black</span>\n  against P11 (Team 1)" in black and "Result: <strong>1-0" in black
    bye = unescape(td.get(f"/t/{n}/players/{who['P51']}/evening").text)
    assert "You have no game in round 1." in bye and "Team 5" in bye
    assert td.get(f"/t/{n}/players/{max(who.values()) + 1}/evening").status_code == 404


def test_the_round_prints_with_its_boards_and_the_standings(td: TestClient,
                                                            club: Path) -> None:
    n = played(club)
    page = td.get(f"/t/{n}/teams/print?round=1")
    assert page.status_code == 200
    shown = unescape(page.text)
    assert "Match 1: Team 1 – Team 3 1–0" in shown and "Match 2: Team 4 – Team 2</h2>" in shown
    assert "<td>P11</td><td class=\"dash\">–</td><td>P31</td><td class=\"res\">1-0</td>" in shown
    assert "data-team-standings" in shown and "Bye: <strong>Team 5" in shown
    assert f'href="/t/{n}/teams/print"' in td.get(f"/t/{n}/teams").text


@pytest.mark.parametrize(("lang", "words"), [
    ("de", ("Mannschaft", "Brett 2")), ("nl", ("Team", "bord 2")),
    ("fr", ("Équipe", "échiquier 2")), ("ar", ('dir="rtl"', "P12")),
])
def test_the_team_pages_of_the_room_speak_every_language(td: TestClient, club: Path,
                                                         lang: str,
                                                         words: tuple[str, ...]) -> None:
    n = played(club)
    mine = f"/t/{n}/players/{ids(club)['P32']}/evening"
    td.cookies.set("lang", lang)
    for path in (f"/t/{n}/display", f"/t/{n}/me", mine, f"/t/{n}/teams/print"):
        assert td.get(path).status_code == 200, path
    shown = unescape(td.get(mine).text)
    for word in words:
        assert word in shown, word
