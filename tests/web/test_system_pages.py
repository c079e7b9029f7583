"""The round-robin and Swiss pages: creation with settings, settings later, byes asked in
advance and forbidden pairs, the pairing explained, and the public crosstables and player
pages; each TD route refuses without a session and without the CSRF token."""

from __future__ import annotations

import re
from fractions import Fraction
from html import unescape
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient
from web_helpers import Fresh, csrf_of, play_round, post, round_robin_closed, swiss_open

from rochade.core.systems import RoundRobinSettings, StartNumbers, SwissSettings
from rochade.core.tiebreaks import parse_tiebreaks
from rochade.service import ClubService

TD_GETS = ["/td/new/swiss", "/td/new/round-robin", "/td/t/2/rules", "/td/t/2/byes",
           "/td/t/2/explain"]
TD_POSTS = ["/td/new/swiss", "/td/t/2/rules", "/td/t/2/byes", "/td/t/2/forbidden",
            "/td/t/2/fide"]


def flash(client: TestClient, response: object) -> str:
    """The text of the page a redirect leads to (where the flash message shows)."""
    location = response.headers["location"]  # type: ignore[attr-defined]
    return client.get(location).text


@pytest.fixture
def swiss(club: Path) -> ClubService:
    """The test club's second tournament: a 3-round Swiss of six (ids 1-6 by rating)."""
    svc = swiss_open(club, 6, {"rounds": 3, "max_half_point_byes": 1})
    return svc


def test_td_routes_refuse_without_a_session(client: TestClient, swiss: ClubService) -> None:
    token = csrf_of(client, "/td/login")
    for url in TD_GETS:
        response = client.get(url, follow_redirects=False)
        assert response.status_code == 303 and "/td/login" in response.headers["location"], url
    for url in TD_POSTS:
        assert client.post(url, data={"csrf": token}).status_code == 403, url
    assert client.get("/td/t/2/rules", follow_redirects=False).status_code == 303


def test_td_posts_refuse_a_form_without_csrf(td: TestClient, swiss: ClubService) -> None:
    before = swiss.log()
    for url in TD_POSTS:
        assert td.post(url, data={"name": "X", "player": "1", "round": "2"}).status_code == 403
        assert td.post(url, data={"csrf": "0" * 64, "player": "1"}).status_code == 403
    assert swiss.log() == before


def test_new_tournament_forms_explain_the_settings(td: TestClient) -> None:
    home = td.get("/td/").text
    assert 'href="/td/new/round-robin"' in home and 'href="/td/new/swiss"' in home
    rr = td.get("/td/new/round-robin").text
    assert "Double round robin" in rr and "by lot" in rr and "by rating" in rr
    assert 'value="SB" selected' in rr and 'value="DE" selected' in rr
    assert 'value="BH-C1"' not in rr  # no Buchholz in a round robin (C.07 art. 8)
    assert "The usual choice for this system: SB, DE, WIN." in rr
    swiss = td.get("/td/new/swiss").text
    for text in ("Number of rounds", "Baku acceleration", "Round 1 at random",
                 "Half-point byes per player at most", "3-1-0", "Points for the bye"):
        assert text in swiss, text
    assert re.search(r'id="tb1" name="tb1">.*?value="BH-C1" selected', swiss, re.S)
    assert "The usual choice for this system: BH-C1, BH, SB." in swiss
    assert td.get("/td/new/keizer").status_code == 404
    german = td.get("/td/new/swiss", headers={"Accept-Language": "de"}).text
    assert "Feinwertung 1" in german and "Baku-Beschleunigung" in german


def test_create_a_round_robin_and_a_swiss(td: TestClient, club: Path) -> None:
    response = post(td, "/td/new/round-robin", name="Closed", double="1", numbers_by="rating",
                    scoring="3-1-0", tb1="DE", tb2="SB", seed="7")
    assert response.status_code == 303 and response.headers["location"] == "/td/t/2/players"
    assert "Tournament created" in flash(td, response)
    response = post(td, "/td/new/swiss", name="Open", rounds="5", first_round="random",
                    acceleration="baku", scoring="1-1/2-0", bye_value="1/2", tb1="BH-C1",
                    tb2="WIN", max_half_point_byes="2", half_point_byes_closed="1")
    assert response.headers["location"] == "/td/t/3/players"
    svc = ClubService(club)
    rr = svc.tournament("Closed").settings
    assert isinstance(rr, RoundRobinSettings)
    assert (rr.double, rr.numbers_by, rr.seed, rr.scoring.win) == (
        True, StartNumbers.RATING, 7, 3)
    assert rr.tiebreaks == parse_tiebreaks("DE,SB")
    sw = svc.tournament("Open").settings
    assert isinstance(sw, SwissSettings)
    assert (sw.rounds, sw.first_round.value, sw.acceleration.value, sw.scoring.pab) == (
        5, "random", "baku", Fraction(1, 2))
    assert (sw.max_half_point_byes, sw.half_point_byes_closed) == (2, 1)
    assert sw.tiebreaks == parse_tiebreaks("BH-C1,WIN")


BYE_POINTS = st.fractions(0, 1, max_denominator=4)


@settings(max_examples=10, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(byes=st.tuples(BYE_POINTS, BYE_POINTS).filter(lambda pair: pair[0] != pair[1]))
def test_the_two_bye_values_stay_where_they_were_typed(fresh: Fresh,
                                                       byes: tuple[Fraction, Fraction]) -> None:
    """The Swiss create form and its rules form keep the points of the pairing-allocated bye
    and of a half-point bye apart: drawn distinct, so that a form that swaps them fails."""
    pab, hpb = byes
    with fresh() as (td, path):
        post(td, "/td/new/swiss", name="Rated", rounds="5", scoring="1-1/2-0", tb1="BH-C1",
             bye_value=str(pab), half_bye_value=str(hpb))
        assert bye_values(td, path) == [(pab, hpb)] * 2
        post(td, "/td/t/2/rules", rounds="5", scoring="1-1/2-0", tb1="BH-C1",
             bye_value=str(hpb), half_bye_value=str(pab))
        assert bye_values(td, path) == [(hpb, pab)] * 2


def bye_values(td: TestClient, club: Path) -> list[tuple[Fraction | None, ...]]:
    """The Swiss "Rated"'s (pab, hpb) as the club file keeps them and as its rules form
    shows them."""
    scoring = ClubService(club).tournament("Rated").settings.scoring  # type: ignore[union-attr]
    page = td.get("/td/t/2/rules").text
    shown = [re.search(rf'name="{name}" value="([^"]*)"', page)
             for name in ("bye_value", "half_bye_value")]
    return [(scoring.pab, scoring.hpb), tuple(Fraction(m[1]) if m else None for m in shown)]


@pytest.mark.parametrize(
    ("form", "message"),
    [
        ({"tb1": "BH"}, "not offered for a round-robin"),
        ({"scoring": "5-2-0"}, "is not offered"),
        ({"name": " "}, "needs a name"),
        ({"seed": "²"}, "not a whole number"),
    ],
)
def test_bad_settings_are_refused_and_nothing_is_created(
    td: TestClient, club: Path, form: dict[str, str], message: str
) -> None:
    before = ClubService(club).log()
    response = post(td, "/td/new/round-robin", **{"name": "Closed", **form})
    assert response.headers["location"] == "/td/new/round-robin"
    assert message in flash(td, response)
    assert ClubService(club).log() == before


def test_swiss_settings_change_while_it_runs(td: TestClient, swiss: ClubService) -> None:
    page = td.get("/td/t/2/rules").text
    assert "0 of 3 rounds paired" in page and "disabled" not in page.split("<main>")[1]
    play_round(swiss, "Open")
    page = td.get("/td/t/2/rules").text
    assert "1 of 3 rounds paired" in page and "Round 1 is paired" in page
    assert re.search(r'name="first_round" value="dutch" checked disabled', page)
    response = post(td, "/td/t/2/rules", rounds="4", scoring="1-1/2-0", tb1="SB", tb2="BH",
                    max_half_point_byes="", half_point_byes_closed="0",
                    confirm="yes")  # FIDE mode: after the start, confirmed
    assert "Settings saved." in flash(td, response)
    s = swiss.tournament("Open").settings
    assert isinstance(s, SwissSettings)
    assert (s.rounds, s.max_half_point_byes, s.tiebreaks) == (4, None, parse_tiebreaks("SB,BH"))
    standings = td.get("/t/2/").text
    assert "<th class=\"num\">SB</th><th class=\"num\">BH</th>" in standings
    refused = post(td, "/td/t/2/rules", rounds="0", scoring="1-1/2-0", tb1="SB")
    assert "rounds must be from 1 to 999, not 0" in flash(td, refused)
    assert td.get("/td/t/1/rules").status_code == 404  # a Keizer tournament has its own page
    keizer_settings = td.get("/td/t/2/settings", follow_redirects=False)
    assert keizer_settings.headers["location"] == "/td/t/2/rules"


def test_byes_asked_in_advance_and_the_limit(td: TestClient, swiss: ClubService) -> None:
    page = td.get("/td/t/2/byes").text
    assert "Byes asked in advance" in page and "No byes asked for." in page
    response = post(td, "/td/t/2/byes", player="1", round="2", kind="half")
    assert "Swiss 1 has a half-point bye in round 2." in flash(td, response)
    refused = post(td, "/td/t/2/byes", player="1", round="3", kind="half")
    text = flash(td, refused)
    assert "Swiss 1 cannot have another half-point bye: this Swiss allows at most 1" in text
    response = post(td, "/td/t/2/byes", player="2", round="3", kind="zero")
    assert "Swiss 2 has a zero-point bye in round 3." in flash(td, response)
    page = td.get("/td/t/2/byes").text
    assert page.count("<tr><td class=\"num\">") == 2 and "zero points" in page
    response = post(td, "/td/t/2/byes", player="2", round="3", action="cancel")
    assert "Swiss 2 is paired in round 3 after all." in flash(td, response)
    play_round(swiss, "Open")
    rnd = swiss.pair("Open").round
    assert [(a.player, a.reason) for a in rnd.absences] == [(1, "half_point_bye")]
    assert "half-point bye" in td.get("/t/2/pairings").text


def test_forbidden_pairs(td: TestClient, swiss: ClubService) -> None:
    response = post(td, "/td/t/2/forbidden", first="1", second="2")
    assert "Swiss 1 and Swiss 2 will not be paired." in flash(td, response)
    assert "Swiss 1 – Swiss 2" in td.get("/td/t/2/byes").text
    play_round(swiss, "Open")
    games = swiss.tournament("Open").rounds[0].games
    assert {frozenset((g.white, g.black)) for g in games}.isdisjoint({frozenset((1, 2))})
    response = post(td, "/td/t/2/forbidden", first="1", second="2", action="allow")
    assert "may be paired again" in flash(td, response)
    refused = post(td, "/td/t/2/forbidden", first="1", second="1")
    assert "cannot be kept from playing themself" in flash(td, refused)


def test_round_robin_pages_say_what_does_not_apply(td: TestClient, club: Path) -> None:
    svc = round_robin_closed(club, 4)
    page = td.get("/td/t/2/byes").text
    assert "everybody meets everybody" in page
    assert "Byes and pairs" not in td.get("/td/t/2/").text.split("<main>")[0]
    assert "Pairing explained" in td.get("/td/t/2/").text
    before = td.get("/td/t/2/explain").text
    assert "The whole schedule" in before and "shows numbers only" in before
    assert '<span class="pair">1 – 4</span> · <span class="pair">2 – 3</span>' in before
    play_round(svc, "Closed")
    explain = td.get("/td/t/2/explain").text
    assert "How round 1 was paired" in explain and "Berger table" in explain
    numbers = svc.tournament("Closed").settings.numbers  # type: ignore[attr-defined]
    first = svc.tournament("Closed").entrant(numbers[0]).name
    assert f'<span class="pair">1 {first} – 4 ' in explain
    assert explain.count("<tr") == 1 + 3 and '<tr class="current">' in explain


def test_swiss_pairing_explained(td: TestClient, swiss: ClubService) -> None:
    assert "No round is paired yet." in td.get("/td/t/2/explain").text
    play_round(swiss, "Open")
    page = td.get("/td/t/2/explain?round=1").text
    assert "FIDE Dutch engine" in page
    notes = swiss.round_notes(1, "Open")
    for line in notes.explanation:
        assert line.replace("'", "&#39;").replace('"', "&#34;") in page
    why = td.get("/td/t/2/explain?round=1&player=1").text
    assert "Swiss 1 has pairing number 1 in round 1." in why
    assert 'value="1" selected' in why
    assert "no player named &#39;zz&#39;" in td.get("/td/t/2/explain?round=1&player=zz").text


def test_round_robin_crosstable_and_player_page(client: TestClient, club: Path) -> None:
    """Four players by rating, round 1 to 3 all won by the lower start number."""
    svc = round_robin_closed(club, 4, {"numbers_by": "rating"})
    for _ in range(3):
        report = svc.pair("Closed")
        for game in report.round.games:
            result = "1-0" if game.white < game.black else "0-1"
            svc.enter_result(report.round.number, game.board, result, "Closed")
    page = client.get("/t/2/crosstable").text
    assert "<h1>Crosstable <small>after round 3</small></h1>" in page
    assert 'hx-get="/t/2/crosstable"' in page
    rows = re.findall(r"<tr[^>]*><td class=\"num\">(\d)</td>.*?</tr>", page, re.S)
    assert rows == ["1", "2", "3", "4"]
    first = re.search(r"Robin 1</a></td>(.*?)</tr>", page, re.S)
    assert first is not None
    cells = re.findall(r'<td class="cell[^"]*">([^<]*)</td>', first.group(1))
    assert cells == ["×", "1", "1", "1"]
    # SB(1) = 2 + 1 + 0 = 3 (beat all three), DE 1, WIN 3; rank 1
    assert re.search(r'strong">3</td><td class="num">3</td><td class="num">1</td>'
                     r'<td class="num">3</td><td class="num strong">1</td>', first.group(1))
    after_one = client.get("/t/2/crosstable?after=1").text
    assert "after round 1" in after_one
    player = client.get("/t/2/players/4").text
    assert "Robin 4" in player and "How the tie-breaks were computed" in player
    assert player.count("<td class=\"res strong\">0</td>") == 3 and "<svg" in player
    assert client.get("/t/2/players/99").status_code == 404


def test_swiss_crosstable_by_rank(client: TestClient, swiss: ClubService) -> None:
    play_round(swiss, "Open")
    page = client.get("/t/2/crosstable").text
    assert "<th class=\"cell\">R1</th>" in page and "BH-C1" in page
    assert "<dt>BH-C1</dt><dd>Buchholz cut 1: the opponents&#39; scores without the lowest" in page
    rnd = swiss.tournament("Open").rounds[0]
    winner, loser = rnd.games[0].white, rnd.games[0].black  # ids are the pairing numbers
    line = re.search(rf"Swiss {winner}</a></td>(.*?)</tr>", page, re.S)
    assert line is not None
    assert f'<td class="cell win">{loser}w1</td><td class="num strong">1</td>' in line.group(1)
    assert re.search(rf'<td class="num strong">1</td><td class="num">{winner}</td>'
                     rf'<td class="name"><a href="/t/2/players/{winner}">', page)
    standings = client.get("/t/2/").text
    assert f'href="/t/2/players/{winner}"' in standings
    player = client.get(f"/t/2/players/{winner}").text
    assert "white" in player and "BH-C1" in player


def test_names_are_escaped_on_the_new_pages(td: TestClient, swiss: ClubService) -> None:
    evil = "<script>alert(1)</script>"
    swiss.add_player(evil, 1500, tournament="Open")
    post(td, "/td/t/2/byes", player="7", round="2", kind="zero")
    play_round(swiss, "Open")
    for url in ("/td/t/2/byes", "/t/2/", "/t/2/crosstable", "/t/2/players/7", "/t/2/participants"):
        html = td.get(url).text
        assert evil not in html and "&lt;script&gt;" in html, url


@pytest.mark.parametrize("lang", ["de", "nl", "fr"])
def test_the_new_pages_in_german_and_dutch(td: TestClient, swiss: ClubService, lang: str) -> None:
    play_round(swiss, "Open")
    words = {"de": ("Feinwertungen", "Freilose", "Kreuztabelle"),
             "nl": ("Weerstandspunten", "byes", "Kruistabel"),
             "fr": ("Départages", "Byes demandés à l'avance", "Grille américaine")}[lang]
    pages = "".join(
        td.get(url, headers={"Accept-Language": lang}).text
        for url in ("/td/t/2/rules", "/td/t/2/byes", "/td/t/2/explain", "/t/2/crosstable",
                    "/t/2/players/1", "/td/new/round-robin")
    )
    for word in words:
        assert word in pages, word
    assert f'<html lang="{lang}"' in pages


def test_a_refused_bye_is_explained_in_the_tds_language(td: TestClient,
                                                        swiss: ClubService) -> None:
    post(td, "/td/t/2/byes", player="1", round="2", kind="half")
    german = {"Accept-Language": "de"}
    refused = td.post("/td/t/2/byes", headers=german, follow_redirects=False, data={
        "csrf": td.headers["x-test-csrf"], "player": "1", "round": "3", "kind": "half"})
    page = td.get(refused.headers["location"], headers=german).text
    assert ("Swiss 1 kann kein weiteres halbes Freilos bekommen: dieses Turnier erlaubt "
            "höchstens 1 pro Spieler") in page


def test_an_odd_round_robin_schedule_names_who_rests(td: TestClient, club: Path) -> None:
    svc = ClubService(club)
    svc.create_system_tournament("Five", "round-robin", {"numbers_by": "rating"})
    for i in range(1, 6):
        svc.add_player(f"Five {i}", 2000 - i, tournament="Five")
    svc.pair("Five")
    page = td.get("/td/t/2/explain").text
    assert "<th>Rests</th>" in page and page.count('<tr') == 1 + 5
    rests = re.findall(r"<td>(\d) Five \d</td></tr>", page)
    assert sorted(rests) == ["1", "2", "3", "4", "5"]  # everyone rests once
    assert svc.tournament("Five").rounds[0].bye is not None


def test_participants_of_a_round_robin_in_start_number_order(client: TestClient,
                                                            club: Path) -> None:
    svc = ClubService(club)
    svc.create_system_tournament("Drawn", "round-robin", {"seed": 3})
    for i in range(1, 7):
        svc.add_player(f"Lot {i}", 2000 - i, tournament="Drawn")
    svc.pair("Drawn")
    t = svc.tournament("Drawn")
    drawn = [t.entrant(p).name for p in t.settings.numbers]  # type: ignore[attr-defined]
    assert drawn != sorted(drawn)  # the lot is not the rating order here
    page = client.get("/t/2/participants").text
    assert re.findall(r">(Lot \d)</a>", page) == drawn


def test_one_pairing_number_on_the_players_pages_and_in_the_trf(
        td: TestClient, client: TestClient, swiss: ClubService) -> None:
    """A late entry rated between Swiss 1 and Swiss 2 gets pairing number 2 (ids keep their
    order of entry): the TD's players page, the public participants and the TRF agree."""
    play_round(swiss, "Open")
    swiss.add_player("Late Lou", 2025, tournament="Open")
    play_round(swiss, "Open")
    trf = {line[14:47].strip(): int(line[4:8]) for line in swiss.export_trf("Open").splitlines()
           if line.startswith("001")}
    assert trf["Late Lou"] == 2 and trf["Swiss 2"] == 3

    def numbers(html: str) -> dict[str, int]:
        rows = re.findall(r'<td class="num">(\d+)</td><td>(?:<a [^>]*>)?([^<]+)<', html)
        rows += re.findall(  # the TD's page: the name in its field, to correct a typo
            r'<td class="num">(\d+)</td><td class="pname"><form [^>]*/name".*?name="name" '
            r'value="([^"]+)"',
            html, re.S)
        return {name: int(no) for no, name in rows if name.startswith(("Swiss", "Late"))}

    td_rows = re.findall(r'<td class="num">(\d+)</td><td class="pname"><form [^>]*/name".*?'
                         r'name="name" value="([^"]+)"', td.get("/td/t/2/players").text, re.S)
    assert {name: int(no) for no, name in td_rows} == trf
    assert numbers(client.get("/t/2/participants").text) == trf


def test_swiss_pairings_show_each_players_points_before_the_round(
    client: TestClient, swiss: ClubService,
) -> None:
    """Beside each name, the points the standings gave after the round before (what the
    pairing went by): none before round 1, then each player's own."""
    play_round(swiss, "Open", "1/2")
    play_round(swiss, "Open")
    swiss.pair("Open")
    after_two = swiss.standings("Open", 2)
    third = client.get("/t/2/pairings?round=3").text
    for line in after_two.lines:
        shown = re.search(rf'>{line.entrant.name}</a> <bdi class="muted small" dir="ltr"[^>]*>'
                          r'\(([^)]*)\)', third)
        assert shown is not None, line.entrant.name
        assert shown.group(1) == {Fraction(1, 2): "½", Fraction(3, 2): "1½"}.get(
            line.total, str(line.total)), line.entrant.name
    first = client.get("/t/2/pairings?round=1").text
    assert len(re.findall(r'<bdi class="muted small" dir="ltr"[^>]*>\(0\)</bdi>', first)) == 6


def test_a_new_round_robin_by_lot_draws_its_own_seed_and_shows_it(td: TestClient,
                                                                  club: Path) -> None:
    """The new-tournament form leaves the seed empty, so each round robin by lot gets a fresh
    one (FIDE mode on), and its rules page shows it; a seed typed in is kept."""
    form = td.get("/td/new/round-robin").text
    assert 'id="seed" name="seed" value=""' in form
    for name in ("One", "Two"):
        post(td, "/td/new/round-robin", name=name, numbers_by="lot", tb1="SB", seed="",
             fide_mode="on")
    post(td, "/td/new/round-robin", name="Three", numbers_by="lot", tb1="SB", seed="12")
    svc = ClubService(club)
    seeds = [svc.tournament(n).settings.seed for n in ("One", "Two", "Three")]  # type: ignore[attr-defined]
    assert seeds[0] != seeds[1] and 0 not in seeds[:2] and seeds[2] == 12
    assert svc.fide_mode("One").on
    rules = td.get("/td/t/2/rules").text
    assert f"Drawn by lot with seed {seeds[0]}: the same seed replays the draw." in rules


def test_the_pair_page_leaves_a_requested_bye_out(td: TestClient, swiss: ClubService) -> None:
    """A bye asked for round 1 in advance: the pair page counts five to pair, names the bye,
    and does not offer that player under "still to place"."""
    swiss.request_bye("Swiss 3", 1, half=True, tournament="Open")
    page = unescape(td.get("/td/t/2/pair").text)
    assert "5 present, 0 absent · 1 with a bye asked for: Swiss 3" in page
    manual = page.split("Or pair by hand")[1]
    assert "Swiss 1" in manual and "Swiss 3" not in manual
