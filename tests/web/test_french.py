"""French pages: chosen by the browser or the switch, in French words with French numbers, and
CSV downloads that French Excel opens in columns."""

from __future__ import annotations

import csv
import io
import re
from datetime import date
from fractions import Fraction
from pathlib import Path

import pytest
from starlette.testclient import TestClient
from web_helpers import Tick, swiss_open

from rochade import i18n
from rochade.core.keizer.rows import ordinal
from rochade.core.messages import Message, Said
from rochade.service.demo import build_demo
from rochade.web import create_app

FRENCH = {"Accept-Language": "fr-FR,fr;q=0.9,en;q=0.5"}


def test_the_demo_clubs_standings_in_french(tmp_path: Path) -> None:
    path = tmp_path / "demo.rochade"
    build_demo(path)
    with TestClient(create_app(path, Tick())) as client:
        page = client.get("/t/1/", headers=FRENCH).text
        english = client.get("/t/1/", headers={"Accept-Language": "en"}).text
    assert '<html lang="fr"' in page
    for word in ("Classement <small>après la ronde 10", ">Nom<", ">Valeur<", ">Parties<",
                 "points Keizer", "Connexion de l'arbitre"):
        assert word in page, word
    for word in ("Standings", "Name", "Value", "Games", "TD login"):
        assert word not in page, word
    totals = re.findall(r'<td class="num strong">([^<]*)</td>', page)
    assert totals and all(re.fullmatch(r"\d+,\d\d|–", t) for t in totals), totals  # –: withdrawn
    # The same numbers as in English, only with the French decimal comma.
    english_totals = re.findall(r'<td class="num strong">([^<]*)</td>', english)
    assert [t.replace(",", ".") for t in totals] == english_totals


def test_accept_language_and_the_switch_give_french(client: TestClient) -> None:
    assert i18n.choose(None, "fr-BE,nl;q=0.8") == "fr"
    page = client.get("/t/1/participants", headers=FRENCH).text
    assert '<html lang="fr"' in page and ">Statut<" in page and ">présent<" in page
    english = client.get("/t/1/participants", headers={"Accept-Language": "en"}).text
    assert 'lang="fr">Français</a>' in english  # the switch offers it in its own words
    switched = client.get("/lang?lang=fr&next=/t/1/participants", follow_redirects=False)
    assert switched.headers["location"] == "/t/1/participants"
    after = client.get("/t/1/participants", headers={"Accept-Language": "de"}).text
    assert '<html lang="fr"' in after


def test_layer_messages_speak_french_with_french_numbers_and_dates() -> None:
    late = Message("the end date {end} is before the start date {start}",
                   {"end": date(2026, 3, 1), "start": date(2026, 3, 8)})
    assert i18n.say(late, "fr") == (
        "la date de fin 1 mars 2026 est antérieure à la date de début 8 mars 2026")
    assert i18n.number(Fraction(4717, 20), "fr") == "235,85"
    assert i18n.number(Fraction(1234), "fr") == "1\u202f234"  # the narrow no-break space
    assert i18n.points(Fraction(7, 2), "fr") == "3½"


def test_the_csv_download_in_french_opens_in_columns(td: TestClient, club: Path) -> None:
    svc = swiss_open(club, 4)
    report = svc.pair("Open")
    for game, result in zip(report.round.games, ("1-0", "1/2-1/2"), strict=True):
        svc.enter_result(1, game.board, result, "Open")
    response = td.get("/td/t/2/export/standings.csv", headers=FRENCH)
    assert response.content.startswith(b"\xef\xbb\xbf")  # Excel then reads UTF-8
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"), newline=""),
                           delimiter=";"))
    assert rows[0][:4] == ["Rang", "N°", "Nom", "Points"]
    assert all(len(row) == len(rows[0]) for row in rows)
    points = [row[3] for row in rows[1:]]
    assert "0,5" in points and not any("." in p for p in points)


ORDINALS = {
    "en": ("1st", "2nd", "11th", "21st", "101st"),
    "fr": ("1re", "2e", "11e", "21e", "101e"),  # "1re fois": the absence notes' noun
    "de": ("1.", "2.", "11.", "21.", "101."),
    "nl": ("1e", "2e", "11e", "21e", "101e"),
    "ar": ("1", "2", "11", "21", "101"),  # "(المرة 1)": "the time 1", in Latin digits
}


@pytest.mark.parametrize("lang", sorted(ORDINALS))
def test_ordinals_as_each_language_writes_them(lang: str) -> None:
    shown = tuple(i18n.say(ordinal(n), lang) for n in (1, 2, 11, 21, 101))
    assert shown == ORDINALS[lang]


def test_the_first_capped_absence_in_french_is_the_1re() -> None:
    note = Said("{nth} {reason}: share divided by {divisor}", nth=ordinal(1),
                reason=Message("excused"), divisor=2)
    assert str(note) == "1st excused: share divided by 2"
    assert i18n.say(note, "fr") == "excusé, 1re fois\u00a0: part divisée par 2"
    assert "21e fois" in i18n.say(Said(note.msg.template, nth=ordinal(21),
                                       reason=Message("excused"), divisor=2), "fr")
