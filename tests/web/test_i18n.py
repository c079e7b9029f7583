"""English, German, Dutch and French: complete catalogues, language choice, numbers per locale."""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping
from fractions import Fraction
from functools import cache
from html.parser import HTMLParser
from pathlib import Path
from types import MappingProxyType

import pytest
from babel.messages.pofile import read_po
from starlette.testclient import TestClient
from web_helpers import PLAYERS, play_round, round_robin_closed, swiss_open

from rochade import i18n
from rochade.core.messages import Exact, Said
from rochade.core.model import Status
from rochade.formats.tables import breakdown_table
from rochade.service import ClubService

TRANSLATED = [lang for lang in i18n.LANGUAGES if lang != i18n.DEFAULT]


@cache
def messages_of(catalogue: str) -> Mapping[str, list[str]]:
    """`i18n.extract_messages`, once per run: it parses every template and module of the
    package, and the sources do not change while the tests run."""
    return MappingProxyType(i18n.extract_messages(catalogue))


@pytest.mark.parametrize("catalogue", i18n.CATALOGUES)
@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_message_is_translated(lang: str, catalogue: str) -> None:
    po_path = i18n.TRANSLATIONS / lang / "LC_MESSAGES" / f"{catalogue}.po"
    with po_path.open("rb") as handle:
        catalog = {str(m.id): str(m.string) for m in read_po(handle) if m.id}
    messages = messages_of(catalogue)
    assert len(messages) > 50
    missing = {m: where for m, where in messages.items() if not catalog.get(m)}
    assert not missing, f"untranslated in {lang}/{catalogue}.po: {missing}"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_translations_keep_their_placeholders(lang: str) -> None:
    translations = i18n.translations(lang)
    for catalogue in i18n.CATALOGUES:
        for message in messages_of(catalogue):
            translated = translations.gettext(message)
            for marker in ("%(", "{"):
                names = sorted(p.split(")")[0].split("}")[0] for p in message.split(marker)[1:])
                found = sorted(p.split(")")[0].split("}")[0] for p in translated.split(marker)[1:])
                assert names == found, (lang, message, translated)


def test_language_from_cookie_then_browser_then_english() -> None:
    assert i18n.choose("nl", "de-DE,de;q=0.9") == "nl"
    assert i18n.choose(None, "es-ES,es;q=0.9,de;q=0.8,en;q=0.5") == "de"
    assert i18n.choose(None, "fr-FR,fr;q=0.9,de;q=0.8,en;q=0.5") == "fr"
    assert i18n.choose(None, "fr-CH") == "fr"
    assert i18n.choose("xx", "nl-BE") == "nl"
    assert i18n.choose(None, "es") == "en"
    assert i18n.choose(None, "de;q=0,nl;q=0.3") == "nl"
    assert i18n.choose(None, None) == "en"


def test_lang_in_the_address_chooses_and_is_remembered(client: TestClient) -> None:
    """A link a club sends (`/t/1/?lang=de`) opens in German whatever the browser says, and
    the language stays for the visitor's next pages; a code rochade lacks changes nothing."""
    german = client.get("/t/1/?lang=de", headers={"Accept-Language": "fr"})
    assert '<html lang="de"' in german.text and "Tabelle" in german.text
    assert german.cookies.get("lang") == "de"
    (kept,) = [c for c in german.headers.get_list("set-cookie") if c.startswith("lang=")]
    assert "Max-Age=31536000" in kept  # a year, not the browser's session
    later = client.get("/t/1/participants", headers={"Accept-Language": "fr"}).text
    assert '<html lang="de"' in later
    arabic = client.get("/t/1/participants?lang=ar").text
    assert '<html lang="ar" dir="rtl"' in arabic
    unknown = client.get("/t/1/?lang=xx")
    assert '<html lang="ar"' in unknown.text and "lang" not in unknown.cookies
    missing = client.get("/t/99/?lang=nl")
    assert missing.status_code == 404 and "<html lang='nl'" in missing.text


def test_numbers_per_locale() -> None:
    assert i18n.number(Fraction(4717, 20), "en") == "235.85"
    assert i18n.number(Fraction(4717, 20), "de") == "235,85"
    assert i18n.number(Fraction(61, 3), "nl") == "20,33"
    assert i18n.number(Fraction(1234), "de") == "1.234"
    assert i18n.points(Fraction(7, 2), "en") == "3½"
    assert i18n.points(Fraction(1, 2), "de") == "½"
    assert i18n.points(Fraction(3), "nl") == "3"


def test_pages_follow_accept_language_and_the_switch(client: TestClient) -> None:
    german = client.get("/t/1/", headers={"Accept-Language": "de-DE,de;q=0.9"}).text
    assert '<html lang="de"' in german and "Tabelle" in german and "vor Runde 1" in german
    switched = client.get("/lang?lang=nl&next=/t/1/participants", follow_redirects=False)
    assert switched.headers["location"] == "/t/1/participants"
    dutch = client.get("/t/1/participants", headers={"Accept-Language": "de"}).text
    assert '<html lang="nl"' in dutch and "Deelnemers" in dutch and "aanwezig" in dutch
    outside = client.get("/lang?lang=de&next=//evil.example/", follow_redirects=False)
    assert outside.headers["location"] == "/"


ENGLISH_WORDS = frozenset({
    "the", "has", "have", "with", "would", "against", "and", "who", "paired", "board", "white",
    "black", "points", "round", "rounds", "players", "player", "score", "scores", "floats",
    "bye", "byes", "present", "lowest", "colour", "colours", "bracket", "residents", "pairing",
    "natural",
})
"""Words of the engines' English lines that no German sentence uses."""


class _Text(HTMLParser):
    """The text nodes of a page, outside scripts and styles."""

    def __init__(self) -> None:
        super().__init__()
        self.nodes: list[str] = []
        self._skip = 0

    def handle_starttag(self, tag: str, attrs: object) -> None:
        self._skip += tag in ("script", "style")

    def handle_endtag(self, tag: str) -> None:
        self._skip -= tag in ("script", "style") and self._skip > 0

    def handle_data(self, data: str) -> None:
        if data.strip() and not self._skip:
            self.nodes.append(" ".join(data.split()))


@cache
def _english_fragments(lang: str) -> frozenset[str]:
    """The literal pieces (two words or more) of every message the language words otherwise."""
    translations = i18n.translations(lang)
    pieces: set[str] = set()
    for catalogue in i18n.CATALOGUES:
        for message in messages_of(catalogue):
            if translations.gettext(message) == message:
                continue
            for piece in re.split(r"\{[^}]*\}|%\([^)]*\)s", message):
                piece = " ".join(piece.split()).strip(" .,:;()")
                if len(piece.split()) >= 2:
                    pieces.add(piece)
    return frozenset(pieces)


SHARED_WORDS = {"nl": frozenset({"bye", "byes", "score", "scores", "floats"})}
"""English words a language uses too (Dutch clubs say bye, score and floats)."""


def english_left(html: str, lang: str = "de", names: Collection[str] = ()) -> list[str]:
    """The text nodes of a page in `lang` that are still English: a piece of a translated
    message, or a sentence with words only English uses (players' `names` left out)."""
    parser = _Text()
    parser.feed(html)
    pieces = _english_fragments(lang)
    english = ENGLISH_WORDS - SHARED_WORDS.get(lang, frozenset())
    found = []
    for node in parser.nodes:
        text = node
        for name in names:
            text = text.replace(name, "")
        words = {w.lower() for w in re.findall(r"[A-Za-z]+", text)}
        if any(piece in text for piece in pieces) or len(words & english) >= 2:
            found.append(node)
    return found


def test_the_detector_finds_english_and_passes_german() -> None:
    assert english_left("<li>Board 1: Anna - Bert.</li><li>B has white: fewer whites</li>")
    assert english_left("<p>Bracket 1: residents 1, 2</p>")
    assert not english_left("<li>Brett 1: Anna - Bert.</li><script>the white board</script>")


def _keizer_evening(svc: ClubService) -> None:
    """Two rounds of the Keizer season (results in), Anna excused both evenings beyond a cap
    of one, a third round paired."""
    svc.change_rules({"caps": "excused=1"}, "Winter 2026")
    for _ in range(2):
        svc.set_status("Anna Berg", Status.EXCUSED, "Winter 2026")
        report = svc.pair("Winter 2026")
        for game in report.round.games:
            svc.enter_result(report.round.number, game.board, "1-0", "Winter 2026")
    svc.pair("Winter 2026")


def test_keizer_pages_in_german_and_dutch_have_no_english(td: TestClient, club: Path) -> None:
    svc = ClubService(club, "test TD")
    _keizer_evening(svc)
    names = [name for name, _ in PLAYERS]
    german = {"Accept-Language": "de"}
    for url in ("/td/t/1/results", "/td/t/1/results?round=1", "/td/t/1/", "/td/log",
                "/t/1/", "/t/1/pairings", "/t/1/progress", "/t/1/players/1"):
        page = td.get(url, headers=german).text
        assert '<html lang="de"' in page
        assert english_left(page, names=names) == [], url
        dutch = td.get(url, headers={"Accept-Language": "nl"}).text
        assert english_left(dutch, "nl", names=names) == [], url
    anna = td.get("/t/1/players/1", headers=german).text
    assert "2. entschuldigt, über der Grenze von 1: keine Gutschrift" in anna
    breakdown = i18n.csv_text(breakdown_table(svc.standings("Winter 2026").row(1),
                                              svc.tournament("Winter 2026")), "excel-de")
    assert "keine Gutschrift" in breakdown and "no credit" not in breakdown
    why = td.get("/td/t/1/results", headers=german).text
    assert "Brett 1:" in why and "hat Weiß:" in why
    for number in (1, 2, 3):  # every stored line keeps its template
        assert all(isinstance(line, Said) for line in svc.round_notes(number).explanation)


def test_swiss_pages_in_german_and_dutch_have_no_english(td: TestClient, club: Path) -> None:
    svc = swiss_open(club, 7)
    for _ in range(2):
        report = svc.pair("Open")
        for game in report.round.games:
            svc.enter_result(report.round.number, game.board, "½-½" if game.board == 2 else "1-0",
                             "Open")
    names = [f"Swiss {i}" for i in range(1, 8)]
    german = {"Accept-Language": "de"}
    for url in ("/td/t/2/explain?round=1", "/td/t/2/explain?round=2",
                "/td/t/2/explain?round=2&player=3", "/td/t/2/explain?round=2&player=7",
                "/t/2/players/1", "/t/2/players/7", "/t/2/crosstable", "/t/2/pairings",
                "/td/log"):
        page = td.get(url, headers=german).text
        assert english_left(page, names=names) == [], url
        dutch = td.get(url, headers={"Accept-Language": "nl"}).text
        assert english_left(dutch, "nl", names=names) == [], url
    assert all(isinstance(line, Said) for line in svc.round_notes(2, "Open").explanation)
    explained = td.get("/td/t/2/explain?round=2", headers=german).text
    assert "Gruppe" in explained and "Paarungsnummern:" in explained
    player = td.get("/t/2/players/1", headers=german).text
    assert "Runde 1:" in player and re.search(r"= \d+,5|= \d+<", player)


def test_an_old_rounds_english_line_still_shows() -> None:
    """A round stored before the lines kept their templates: its text, as it was."""
    assert i18n.say("Board 1: Anna - Bert.", "de") == "Board 1: Anna - Bert."
    assert i18n.say(Said("Board {board}: {white} - {black}.", board=1, white="A", black="B"),
                    "nl") == "Bord 1: A - B."
    assert i18n.say(Said("{v}", v=Exact(Fraction(5, 2))), "de") == "2,5"


def test_round_robin_pages_in_german_and_dutch_have_no_english(td: TestClient, club: Path) -> None:
    """The Berger lines, a withdrawal's forfeit and a rest round, in German."""
    svc = round_robin_closed(club, 5, {"numbers_by": "lot"})
    for _ in range(2):
        play_round(svc, "Closed")
    svc.set_status("Robin 2", Status.WITHDRAWN, "Closed")
    svc.pair("Closed")
    names = [f"Robin {i}" for i in range(1, 6)]
    german = {"Accept-Language": "de"}
    for url in ("/td/t/2/explain?round=1", "/td/t/2/explain?round=3", "/t/2/players/1",
                "/t/2/pairings", "/td/log"):
        assert english_left(td.get(url, headers=german).text, names=names) == [], url
        dutch = td.get(url, headers={"Accept-Language": "nl"}).text
        assert english_left(dutch, "nl", names=names) == [], url
    assert "Berger-Tabelle für 6 Spieler" in td.get("/td/t/2/explain?round=3",
                                                    headers=german).text


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_game_points_as_a_page_writes_them_read_back_as_typed(lang: str) -> None:
    """A TD copies "3½" from a page into a setting: the reader of typed numbers
    (`core.limits.number`) must take every game score the pages write as that score."""
    from rochade.core.limits import number

    for halves in range(0, 2001):
        value = Fraction(halves, 2)
        assert number(i18n.points(value, lang)) == value
