"""A round's printouts on the web: "where do I play?" in alphabetical order, the notice
board's large-type pairings, result slips, and the start-rank list; linked from the public
pairings and participants pages and the TD's pair page; in German too; and every page's
print heading (club, tournament, list, round, date)."""

from __future__ import annotations

import re
from pathlib import Path

from starlette.testclient import TestClient
from web_helpers import PLAYERS, Tick

from rochade.core.collation import name_key
from rochade.service import ClubService


def _pair(club: Path) -> ClubService:
    svc = ClubService(club, "test", Tick())
    svc.add_player("Özdemir, Ayşe", 1500, tournament="Winter 2026")
    svc.add_player("Zander, Ozan", 1490, tournament="Winter 2026")
    svc.set_player("Zander, Ozan", {"title": "FM", "federation": "GER",
                                         "club": "SK Zander"})
    svc.pair()
    return svc


def _names(html: str) -> list[str]:
    return re.findall(r'<td class="strong">([^<]+)</td>', html)


def test_where_do_i_play_lists_everyone_alphabetically(client: TestClient, club: Path) -> None:
    svc = _pair(club)
    t = svc.tournament()
    html = client.get("/t/1/pairings/alphabetical?round=1").text
    names = _names(html)
    everyone = [name for name, _ in PLAYERS] + ["Özdemir, Ayşe", "Zander, Ozan"]
    assert sorted(names) == sorted(everyone) and names == sorted(names, key=name_key)
    assert names.index("Özdemir, Ayşe") < names.index("Zander, Ozan")  # Ö among the O's
    game = t.rounds[0].games[0]
    white, black = t.entrant(game.white).name, t.entrant(game.black).name
    row = re.search(rf"<td class=\"strong\">{re.escape(black)}</td>(.*?)</tr>", html)
    assert row and 'class="colour b"' in row.group(1) and white in row.group(1)
    assert ">black<" in row.group(1) and f">{game.board}<" in row.group(1)
    assert "Pairings in alphabetical order · Round 1" in html  # the print heading


def test_notice_board_and_slips_show_every_board(client: TestClient, club: Path) -> None:
    t = _pair(club).tournament()
    games = t.rounds[0].games
    notice = client.get("/t/1/pairings/notice").text
    assert 'class="notice-table"' in notice
    assert len(re.findall(r'<td class="dash">', notice)) == len(games)
    slips = client.get("/t/1/pairings/slips?round=1").text
    assert slips.count('<section class="slip">') == len(games)
    for g in games:
        assert t.entrant(g.white).name in slips and t.entrant(g.black).name in slips
        assert f"Board {g.board}" in slips
    assert "Signature white" in slips


def test_printouts_before_round_one_and_unknown_kinds(client: TestClient) -> None:
    before = client.get("/t/1/pairings/slips", follow_redirects=False)
    assert before.status_code == 303 and before.headers["location"] == "/t/1/pairings"
    assert client.get("/t/1/pairings/anything").status_code == 404


def test_start_rank_list_with_title_federation_and_club(client: TestClient, club: Path) -> None:
    _pair(club)
    html = client.get("/t/1/start-rank").text
    row = re.search(r"<tr><td class=\"num\">(\d+)</td><td>FM</td>.*?Zander, Ozan.*?</tr>", html)
    assert row and "GER" in row.group(0) and "SK Zander" in row.group(0)
    assert row.group(1) == "10"  # the lowest rating: the last pairing number
    assert 'href="/t/1/start-rank"' in client.get("/t/1/participants").text


def test_pairings_pages_link_the_printouts(client: TestClient, td: TestClient,
                                           club: Path) -> None:
    _pair(club)
    for url in ("/t/1/pairings", "/td/t/1/pair"):
        html = td.get(url).text
        for kind in ("notice", "alphabetical", "slips"):
            assert f'href="/t/1/pairings/{kind}?round=1"' in html, (url, kind)


def test_printouts_in_german(client: TestClient, club: Path) -> None:
    _pair(club)
    german = {"Accept-Language": "de"}
    where = client.get("/t/1/pairings/alphabetical", headers=german).text
    assert "Wo spiele ich?" in where and ">Schwarz<" in where
    slips = client.get("/t/1/pairings/slips", headers=german).text
    assert "Ergebniszettel" in slips and "Unterschrift Weiß" in slips
    assert "Startrangliste" in client.get("/t/1/start-rank", headers=german).text


def test_print_heading_names_club_list_round_and_date(client: TestClient, club: Path) -> None:
    svc = _pair(club)
    svc.set_event({"organizer": "SV Rochade"})
    svc.set_round_date(1, "2026-12-08")
    html = client.get("/t/1/pairings", headers={"Accept-Language": "de"}).text
    assert 'data-print-head="SV Rochade · Winter 2026 · Paarungen · Runde 1"' in html
    assert 'data-print-date="08.12.2026"' in html
    svc.set_event({"organizer": ""})
    standings = client.get("/t/1/").text  # no organizer: the club file's name
    assert 'data-print-head="club · Winter 2026 · Standings · after round 1"' in standings
    svc.set_categories({"categories": "Juniors: places=1"})
    prizes = client.get("/t/1/prizes").text
    assert 'data-print-head="club · Winter 2026 · Prize list" data-print-date="Dec 8, 2026"' \
        in prizes
    juniors = client.get("/t/1/categories/1").text
    assert 'data-print-head="club · Winter 2026 · Juniors · after round 1"' in juniors
