"""The settings page: every setting explained, a preview of who moves, save, undo; errors
of the service in the TD's language."""

from __future__ import annotations

import re
from fractions import Fraction
from html import unescape
from pathlib import Path

from starlette.testclient import TestClient
from web_helpers import Tick, post, shown_undo

from rochade.core.keizer.settings import KeizerSettings
from rochade.service import ClubService
from rochade.service.tournament_settings import KEIZER_SETTINGS

DE = {"Accept-Language": "de"}


def _season(club: Path) -> ClubService:
    svc = ClubService(club, "test", Tick())
    report = svc.pair()
    for game in report.round.games:
        svc.enter_result(1, game.board, "1-0")
    return svc


def _ratio(svc: ClubService) -> Fraction:
    settings = svc.tournament().settings
    assert isinstance(settings, KeizerSettings)
    return settings.ratio


def test_every_keizer_setting_is_shown_with_its_explanation(td: TestClient) -> None:
    html = unescape(td.get("/td/t/1/settings").text)
    for setting in KEIZER_SETTINGS:
        assert f'name="{setting.key}"' in html and setting.help.split(";")[0] in html
    assert 'aria-current="page">Settings' in html and 'value="dutch-club"' in html
    german = td.get("/td/t/1/settings", headers=DE).text
    assert "Werteleiter" in german and "Anteil bei spielfrei" in german


def test_preview_then_save_then_undo(td: TestClient, club: Path) -> None:
    svc = _season(club)
    preview = post(td, "/td/t/1/settings", action="preview", ratio="5")
    assert preview.status_code == 200
    assert "These settings change" in preview.text and "3 → 5" in preview.text
    assert "What changes in the standings" in preview.text
    assert "Nothing is saved yet." in preview.text
    assert 'name="ratio" value="5"' in preview.text, "the typed values stay in the form"
    assert _ratio(svc) == 3
    saved = post(td, "/td/t/1/settings", action="save", ratio="5")
    assert saved.headers["location"] == "/td/t/1/settings"
    assert "Settings saved." in td.get("/td/t/1/settings").text
    assert _ratio(svc) == 5
    assert "Winter 2026: settings: ratio 3 -&gt; 5" in td.get("/td/log").text
    post(td, "/td/t/1/undo", action=shown_undo(td, "/td/t/1/settings"))
    assert _ratio(svc) == 3


def test_a_bad_value_is_explained_in_the_tds_language_and_kept(
    td: TestClient, club: Path
) -> None:
    response = td.post(
        "/td/t/1/settings",
        data={"csrf": td.headers["x-test-csrf"], "action": "save", "rematch_gap": "viele"},
        headers=DE,
    )
    assert response.status_code == 200
    assert "Runden bis zur erneuten Begegnung: „viele“ ist keine ganze Zahl" in response.text
    assert 'value="viele"' in response.text
    _season(club)
    fixed = post(td, "/td/t/1/settings", action="save",
                 round_one_colours="seeded_random")
    assert "cannot change once round 1 is paired" in fixed.text
    assert "disabled" in td.get("/td/t/1/settings").text


def test_service_errors_on_td_pages_are_translated(td: TestClient, club: Path) -> None:
    _season(club)
    token = td.headers["x-test-csrf"]
    wrong = td.post("/td/t/1/results/1/9", data={"csrf": token, "result": "1-0"},
                    headers={"HX-Request": "true", **DE})
    assert "Runde 1 hat kein Brett 9 (sie hat die Bretter 1-4)" in wrong.text
    dutch = {"Accept-Language": "nl"}
    wrong = td.post("/td/t/1/results/1/1", data={"csrf": token, "result": "2-0"}, headers=dutch)
    assert "onbekende uitslag „2-0”" in wrong.text
    checked = td.post("/td/t/1/pair/manual",
                      data={"csrf": token, "draft": "1,1", "action": "check"}, headers=DE)
    assert "An Brett 1 spielt Anna Berg gegen sich selbst." in checked.text


def test_error_pages_speak_the_visitors_language(client: TestClient) -> None:
    missing = client.get("/t/9/", headers=DE)
    assert missing.status_code == 404 and "Diese Seite gibt es nicht." in missing.text
    expired = client.post("/td/logout", data={"csrf": "x"}, headers={"Accept-Language": "nl"})
    assert expired.status_code == 403 and "Dit formulier is verlopen" in expired.text


def test_start_order_by_hand_on_the_settings_page(td: TestClient, club: Path) -> None:
    svc = ClubService(club, "test", Tick())
    before = [e.name for e in svc.tournament().start_order()]
    page = unescape(td.get("/td/t/1/settings").text)
    assert 'name="order"' in page and "\n".join(before) in page
    wanted = [before[-1], before[0]]
    saved = post(td, "/td/t/1/start-order", order="\n".join(wanted) + "\n\n")
    assert saved.headers["location"] == "/td/t/1/settings"
    after = [e.name for e in svc.tournament().start_order()]
    assert after == [*wanted, *(n for n in before if n not in wanted)]
    assert 'name="start_order" value="manual"' in td.get("/td/t/1/settings").text
    # the standings before round 1 follow it
    assert td.get("/t/1/").text.index(wanted[0]) < td.get("/t/1/").text.index(before[0])
    post(td, "/td/t/1/start-order", order="Nobody at all")
    assert [e.name for e in svc.tournament().start_order()] == after  # refused, unchanged
    svc.pair()
    fixed = td.get("/td/t/1/settings").text
    assert 'name="order"' not in fixed and "Fixed once round 1 is paired." in fixed


def test_external_team_game_on_the_results_page(td: TestClient, club: Path) -> None:
    svc = ClubService(club, "test", Tick())
    svc.pair()
    name = svc.tournament().entrants[0].name
    page = td.get("/td/t/1/results?round=1").text
    assert 'action="/td/t/1/results/1/external"' in page
    done = post(td, "/td/t/1/results/1/external", player=name, team="1", board="2", score="1/2",
                extra="yes")
    assert done.headers["location"] == "/td/t/1/results?round=1"
    (ext,) = svc.tournament().rounds[0].externals
    assert (ext.team, ext.board, ext.score, ext.replaces_row) == (1, 2, Fraction(1, 2), False)
    assert "Team game counted." in td.get("/td/t/1/results?round=1").text
    post(td, "/td/t/1/results/1/external", player=name, team="9", board="1", score="1")
    assert len(svc.tournament().rounds[0].externals) == 1  # team 9 has no value: refused
    post(td, "/td/t/1/results/1/external", player=name, team="1", board="x", score="1")
    assert "Team and board are whole numbers." in td.get("/td/t/1/results?round=1").text


def test_an_absence_share_typed_as_a_percentage(td: TestClient, club: Path) -> None:
    """"30" on the settings page is 30 % of the own value (it used to be 30 times it); the
    page and the preview show percentages; above 100 % is refused and nothing saved."""
    page = td.get("/td/t/1/settings").text
    assert 'name="fractions.excused" value="33⅓ %"' in page and "A percentage (35 or 35%)" in page
    preview = post(td, "/td/t/1/settings", action="preview", **{"fractions.excused": "35"})
    assert "Share when excused: 33⅓ % → 35 %" in preview.text
    post(td, "/td/t/1/settings", action="save", **{"fractions.excused": "30"})
    svc = ClubService(club)
    settings = svc.tournament().settings
    assert isinstance(settings, KeizerSettings)
    assert settings.fractions["excused"] == Fraction(3, 10)
    assert 'name="fractions.excused" value="30 %"' in td.get("/td/t/1/settings").text
    refused = post(td, "/td/t/1/settings", action="save", **{"fractions.excused": "101"})
    assert "is more than 100%" in unescape(refused.text)
    settings = svc.tournament().settings
    assert isinstance(settings, KeizerSettings)
    assert settings.fractions["excused"] == Fraction(3, 10)


def test_the_whole_form_sent_back_unchanged_changes_nothing(td: TestClient) -> None:
    """Every value as the page shows it (shares as percentages, 33⅓ %, team boards as
    1=100 %) reads back as the same setting: saving the untouched form changes nothing."""
    page = td.get("/td/t/1/settings").text
    form = {unescape(key): unescape(value) for key, value in
            re.findall(r'<input id="s-\d+" name="([^"]+)" value="([^"]*)"', page)}
    form |= {key: value for key, value in re.findall(
        r'<select id="s-\d+" name="([^"]+)"[^>]*>.*?<option value="([^"]+)" selected', page, re.S)}
    assert form["fractions.excused"] == "33⅓ %" and form["team_values"] == "1=100 %"
    assert len(form) == len(KEIZER_SETTINGS)
    preview = post(td, "/td/t/1/settings", action="preview", **form)
    assert "Nothing changes." in preview.text
