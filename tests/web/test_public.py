"""The players' pages: every route, its content, history, live polling and print styles."""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

from starlette.testclient import TestClient
from web_helpers import PLAYERS, Tick

from rochade.service import ClubService
from rochade.web import create_app


def play_a_round(club: Path) -> None:
    svc = ClubService(club, "test", Tick())
    report = svc.pair()
    for game in report.round.games:
        svc.enter_result(report.round.number, game.board, "1-0")


def test_home_goes_to_the_only_tournament(client: TestClient) -> None:
    response = client.get("/", follow_redirects=False)
    assert response.status_code == 303 and response.headers["location"] == "/t/1/"


def test_home_lists_several_tournaments(client: TestClient, club: Path) -> None:
    ClubService(club, "test", Tick()).create_tournament("Rapid 2026")
    html = client.get("/").text
    assert "Winter 2026" in html and "Rapid 2026" in html and 'href="/t/2/"' in html


def test_standings_before_the_first_round(client: TestClient) -> None:
    html = client.get("/t/1/").text
    assert "before round 1" in html
    for name, _ in PLAYERS:
        assert name in html


def test_standings_after_rounds_and_history(client: TestClient, club: Path) -> None:
    play_a_round(club)
    play_a_round(club)
    html = client.get("/t/1/").text
    assert "after round 2" in html and 'href="?after=1"' in html
    assert "after round 1" in client.get("/t/1/?after=1").text
    assert "after round 2" in client.get("/t/1/?after=99").text  # unknown: the latest


def test_public_pages_poll_for_updates(client: TestClient, club: Path) -> None:
    play_a_round(club)
    for url in ("/t/1/", "/t/1/pairings", "/t/1/progress", "/t/1/crosstable", "/t/1/players/1"):
        html = client.get(url).text
        assert 'hx-trigger="every 5s"' in html and 'hx-select="#live"' in html, url
        assert "/static/htmx.min.js" in html


def test_pairings_show_boards_results_and_absences(client: TestClient, club: Path) -> None:
    assert "No round is paired yet." in client.get("/t/1/pairings").text
    svc = ClubService(club, "test", Tick())
    svc.set_status("Hilde Imhof", __import__("rochade.core.model").core.model.Status.EXCUSED)
    report = svc.pair()
    svc.enter_result(1, 1, "1/2")
    html = client.get("/t/1/pairings").text
    assert "Round 1" in html and "½-½" in html
    assert "<bdi>Hilde Imhof</bdi> (excused)" in html
    assert html.count("<tr>") == len(report.round.games) + 1


def test_progress_and_crosstable(client: TestClient, club: Path) -> None:
    play_a_round(club)
    progress = client.get("/t/1/progress").text
    assert "R1" in progress and 'class="col w"' in progress and 'class="mark">1<' in progress
    cross = client.get("/t/1/crosstable").text
    assert cross.count('class="cell self"') == len(PLAYERS)


def test_participants_in_start_order(client: TestClient) -> None:
    html = client.get("/t/1/participants").text
    positions = [html.index(name) for name, _ in PLAYERS]
    assert positions == sorted(positions)
    assert "2010" in html


def test_player_page_breakdown_and_chart(client: TestClient, club: Path) -> None:
    play_a_round(club)
    play_a_round(club)
    html = client.get("/t/1/players/1").text
    assert "How my points were computed" in html
    assert "own value" in html and "<svg" in html and "polyline" in html
    assert client.get("/t/1/players/99").status_code == 404


def test_unknown_tournament_is_404(client: TestClient) -> None:
    assert client.get("/t/7/").status_code == 404
    assert "404" in client.get("/t/7/pairings").text


def test_static_files_and_print_styles(client: TestClient) -> None:
    css = client.get("/static/style.css").text
    assert "@media print" in css and "size: A4" in css and "max-width: 560px" in css
    js = client.get("/static/htmx.min.js")
    assert js.status_code == 200 and "htmx" in js.text[:200]


def test_inputs_have_labels(td: TestClient) -> None:
    import re

    for url in ("/td/", "/td/t/1/players", "/td/t/1/checkin", "/td/login"):
        html = td.get(url).text
        for field in re.finditer(r"<(input|select|textarea)([^>]*)>", html):
            attrs = field.group(2)
            if 'type="hidden"' in attrs or 'type="radio"' in attrs:
                continue
            ident = re.search(r'id="([^"]+)"', attrs)
            assert ident, (url, attrs)
            assert f'for="{ident.group(1)}"' in html, (url, attrs)


def test_a_poll_gets_no_content_until_something_changes(client: TestClient, club: Path) -> None:
    import re

    html = client.get("/t/1/").text
    version = re.search(r'"X-Rochade-Version": "(\d+)"', html)
    assert version
    headers = {"X-Rochade-Version": version.group(1), "HX-Request": "true"}
    assert client.get("/t/1/", headers=headers).status_code == 204
    play_a_round(club)
    fresh = client.get("/t/1/", headers=headers)
    assert fresh.status_code == 200 and "after round 1" in fresh.text


def test_standings_of_a_swiss_show_the_tie_breaks(tmp_path: Path) -> None:
    path = tmp_path / "swiss.rochade"
    svc = ClubService.init(path, "test TD", Tick())
    svc.create_system_tournament("Open", "swiss", {"rounds": 3})
    svc.import_players("\n".join(f"{name},{rating}" for name, rating in PLAYERS))
    play_a_round(path)
    with TestClient(create_app(path, Tick())) as client:
        html = client.get("/t/1/").text
        assert "after round 1" in html
        for code in ("BH-C1", "BH", "SB", "Ties are broken by BH-C1, BH, SB"):
            assert code in html
        assert "Anna Berg" in html
        german = client.get("/t/1/", headers={"accept-language": "de"}).text
        assert "Bei Gleichstand entscheiden BH-C1, BH, SB" in german


def test_the_keizer_progress_page_leads_a_round_robin_back_to_its_standings(tmp_path: Path) -> None:
    path = tmp_path / "rr.rochade"
    svc = ClubService.init(path, "test TD", Tick())
    svc.create_system_tournament("Closed", "round-robin", {"numbers_by": "rating"})
    svc.import_players("\n".join(f"{name},{rating}" for name, rating in PLAYERS[:4]))
    play_a_round(path)
    with TestClient(create_app(path, Tick())) as client:
        html = client.get("/t/1/").text
        assert "Ties are broken by SB, DE, WIN" in html and "/progress" not in html
        response = client.get("/t/1/progress", follow_redirects=False)
        assert response.status_code == 303 and response.headers["location"] == "/t/1/"
        assert "How the tie-breaks were computed" in client.get("/t/1/players/1").text
        assert "Anna Berg" in client.get("/t/1/pairings").text


def test_pairing_lists_show_the_date_and_the_points_before_the_round(td: TestClient,
                                                                     club: Path) -> None:
    """The public pairings and the TD's results page: the evening's date in the heading, each
    name with the Keizer points before the round, the same the CLI prints."""
    svc = ClubService(club, "test TD")
    report = svc.pair("Winter 2026")
    for game in report.round.games:
        svc.enter_result(1, game.board, "1-0", "Winter 2026")
    svc.pair("Winter 2026")
    svc.set_round_date(2, "2026-12-08", "Winter 2026")
    listed = svc.pairing_list(2, "Winter 2026")
    assert listed.date == "2026-12-08" and len(listed.before) == len(PLAYERS)
    german = {"Accept-Language": "de"}
    for url in ("/t/1/pairings", "/td/t/1/results"):
        page = td.get(url).text
        assert "<small>Dec 8, 2026</small>" in page, url
        assert "<small>08.12.2026</small>" in td.get(url, headers=german).text, url
        shown = dict(re.findall(r'([A-Z][a-z]+ [A-Z][a-z]+)(?:</a>|</bdi>) <bdi class="muted '
                                r'small" dir="ltr" title="points before the round">'
                                r'\(([^)]*)\)</bdi>', page))
        expected = {svc.tournament("Winter 2026").entrant(pid).name: value
                    for pid, value in listed.before.items()}
        assert set(shown) == set(expected), url
        assert all(Fraction(v.replace(",", "")) == expected[n] for n, v in shown.items()), url
    # a result entered keeps the points beside the names of its row
    game = svc.tournament("Winter 2026").rounds[1].games[0]
    row = td.post("/td/t/1/results/2/1", data={"csrf": td.headers["x-test-csrf"],
                                               "result": "1-0"},
                  headers={"HX-Request": "true"}).text
    white = svc.tournament("Winter 2026").entrant(game.white).name
    assert re.search(rf"{white}</bdi> <bdi class=\"muted small\"", row)


def test_the_addresses_that_share_a_part_show_it_in_each_visitors_language(
    client: TestClient, club: Path,
) -> None:
    """The standings with and without `?after=` of the last round, and the pairings with and
    without `?round=`, share their rendered part per change (`Web.part`): still each in the
    visitor's language, with the round the address asks for, and the next change in it."""
    play_a_round(club)
    play_a_round(club)
    for lang, word in (("en", "after round 2"), ("de", "nach Runde 2"), ("en", "after round 2")):
        client.cookies.set("lang", lang)
        assert word in client.get("/t/1/").text and word in client.get("/t/1/?after=2").text
    client.cookies.set("lang", "en")
    assert "after round 1" in client.get("/t/1/?after=1").text
    svc = ClubService(club, "test", Tick())
    svc.pair()
    third = client.get("/t/1/pairings?round=3").text
    assert "Round 3" in third and third.count('class="res strong">–<') > 0
    board = svc.tournament().rounds[2].games[0]
    svc.enter_result(3, board.board, "0-1")
    for url in ("/t/1/pairings", "/t/1/pairings?round=3"):
        assert 'class="res strong">0-1<' in client.get(url).text, url
    assert "Round 2" in client.get("/t/1/pairings?round=2").text
