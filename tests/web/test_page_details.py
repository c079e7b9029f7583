"""Details a visitor meets on the pages: the Swiss pairings link names and show points, the
progress table's "?" is explained, the pages have a favicon, `serve` of a missing file says
`rochade init`."""

from __future__ import annotations

import re
from pathlib import Path

from click.testing import CliRunner
from starlette.testclient import TestClient
from web_helpers import swiss_open

from rochade.cli import main
from rochade.core.model import Status
from rochade.service import ClubService


def test_swiss_pairings_link_the_players_and_show_their_points(client: TestClient,
                                                               club: Path) -> None:
    svc = swiss_open(club, 5)
    report = svc.pair("Open")
    for game in report.round.games:
        svc.enter_result(1, game.board, "1/2-1/2", "Open")
    svc.pair("Open")
    page = client.get("/t/2/pairings").text
    shown = re.findall(r'<a href="/t/2/players/(\d+)">Swiss \d</a> '
                       r'<bdi class="muted small" dir="ltr"[^>]*>\(([^)]*)\)</bdi>', page)
    first_bye = svc.tournament("Open").rounds[0].bye
    assert len(shown) == 5  # four on the boards, one with the bye
    assert {int(pid): p for pid, p in shown} == {
        pid: "1" if pid == first_bye else "½" for pid in range(1, 6)}
    assert re.search(r'<p>Bye: <strong><a href="/t/2/players/\d+">', page)


def test_a_question_mark_in_the_progress_table_is_explained(td: TestClient,
                                                            club: Path) -> None:
    svc = ClubService(club, "test TD")
    for number in (1, 2):
        report = svc.pair("Winter 2026")
        for game in report.round.games:
            svc.enter_result(number, game.board, "1-0", "Winter 2026")
    legend = "?: the opponent had no rank when the round was paired"
    assert legend not in td.get("/t/1/progress").text
    # withdrawn after round 2: no rank in the standings the round was paired from
    svc.set_status(svc.tournament("Winter 2026").entrant(report.round.games[0].black).name,
                   Status.WITHDRAWN, "Winter 2026")
    page = td.get("/t/1/progress").text
    assert '<span class="opp">?</span>' in page and legend in page
    german = td.get("/t/1/progress", headers={"Accept-Language": "de"}).text
    assert "?: der Gegner hatte bei der Auslosung keinen Platz" in german


def test_the_pages_have_a_favicon(client: TestClient) -> None:
    page = client.get("/").text
    assert '<link rel="icon" href="/static/favicon.svg" type="image/svg+xml">' in page
    icon = client.get("/static/favicon.svg")
    assert icon.status_code == 200 and icon.text.startswith("<svg")


def test_serving_a_missing_file_suggests_rochade_init(tmp_path: Path) -> None:
    missing = tmp_path / "missing.rochade"
    result = CliRunner().invoke(main, ["serve", str(missing)])
    assert result.exit_code == 2
    assert f"rochade init {missing}" in result.output and not missing.exists()


def test_a_withdrawn_keizer_player_shows_withdrawn_not_a_total_of_nothing(
    client: TestClient, club: Path
) -> None:
    """Withdrawn, a Keizer player keeps no points (the games count for the others only): the
    standings say so rather than showing 0.00 beside the game points he scored."""
    svc = ClubService(club, "test TD")
    report = svc.pair("Winter 2026")
    for game in report.round.games:
        svc.enter_result(1, game.board, "1-0", "Winter 2026")
    winner = svc.tournament("Winter 2026").entrant(report.round.games[0].white).name
    svc.set_status(winner, Status.WITHDRAWN, "Winter 2026")
    page = client.get("/t/1/").text
    row = next(r for r in page.split("<tr") if f">{winner}</a>" in r)
    assert "withdrawn" in row and ">–</td>" in row and "0.00" not in row
    assert re.search(r'<td class="num">1</td>\s*(<td|</tr>)', row)  # his game point stays
    german = client.get("/t/1/", headers={"Accept-Language": "de"}).text
    assert "zurückgezogen" in next(r for r in german.split("<tr") if f">{winner}</a>" in r)
