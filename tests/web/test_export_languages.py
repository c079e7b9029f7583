"""`rochade export-list --format html --lang` and `rochade publish --lang` (issue 16): the lists
a club prints or uploads in the players' language, worded by the web pages' catalogues, with
the language's decimals and dates, Arabic right to left."""

from __future__ import annotations

import re
from decimal import Decimal
from html import escape
from html.parser import HTMLParser
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from test_i18n import english_left

from rochade import i18n
from rochade.cli import main
from rochade.core.messages import Message

LISTS = ("standings", "pairings", "participants", "crosstable", "progress", "alphabetical",
         "notice", "slips", "start-rank")
PLAYERS = ("Anna", "Bert", "Carla", "Dirk", "Eva", "Frank")
NAMES = (*PLAYERS, "Winter", "Open")


def rochade(*args: object, ok: bool = True) -> Result:
    result = CliRunner().invoke(main, [str(a) for a in args])
    if ok:
        assert result.exit_code == 0, result.output
    return result


@pytest.fixture(scope="module")
def club(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A Keizer season (Winter) after two rounds, the second dated 2026-12-08, and a
    four-round Swiss (Open) after two rounds, in one club file."""
    path = tmp_path_factory.mktemp("lists") / "club.rochade"
    rochade("init", path, "--who", "ina")
    swiss = ("--system", "swiss", "--rounds", 4, "--no-fide-mode")
    for tournament, system in (("Winter", ()), ("Open", swiss)):
        rochade("tournament", "create", path, tournament, *system)
        for i, name in enumerate(PLAYERS):
            rochade("player", "add", path, name, "--rating", 2000 - 50 * i, "-t", tournament)
        for rnd in (1, 2):
            rochade("pair", path, "-t", tournament)
            for board, result in ((1, "1-0"), (2, "1/2-1/2"), (3, "0-1")):
                rochade("result", path, rnd, board, result, "-t", tournament)
    rochade("round-date", path, 2, "2026-12-08", "-t", "Winter")
    return path


class _Headers(HTMLParser):
    """The column titles of a page's tables."""

    def __init__(self) -> None:
        super().__init__()
        self.titles: list[str] = []
        self._in = False

    def handle_starttag(self, tag: str, attrs: object) -> None:
        self._in = tag == "th"

    def handle_endtag(self, tag: str) -> None:
        self._in = False

    def handle_data(self, data: str) -> None:
        if self._in:
            self.titles.append(data.strip())


def headers(html: str) -> list[str]:
    parser = _Headers()
    parser.feed(html)
    return parser.titles


def english_titles(lang: str) -> set[str]:
    """The lists' English column titles that `lang` words otherwise."""
    _ = i18n.translations(lang).gettext
    return {t for t in i18n.COLUMN_TITLES.values() if _(t) != t}


def export(club: Path, which: str, lang: str, *more: object) -> str:
    return rochade("export-list", club, which, "--format", "html", "--lang", lang,
                   *more).stdout


@pytest.mark.parametrize("tournament", ["Winter", "Open"])
@pytest.mark.parametrize("lang", ["de", "ar"])
def test_every_list_is_exported_in_german_and_arabic(club: Path, lang: str,
                                                     tournament: str) -> None:
    for which in (*LISTS, "breakdown"):
        more = ("--player", "Anna") if which == "breakdown" else ()
        html = export(club, which, lang, "-t", tournament, *more)
        where = (tournament, which)
        assert english_left(html, lang, NAMES) == [], where
        assert not set(headers(html)) & english_titles(lang), where
        assert "\ufffd" not in html, where  # no bidi isolate shown as a replacement character
        opening = re.search(r"<html[^>]*>", html)
        assert opening is not None
        if lang == "ar":
            assert 'lang="ar"' in opening[0] and 'dir="rtl"' in opening[0], where
        else:
            assert 'lang="de"' in opening[0] and "dir=" not in opening[0], where


def test_the_german_standings_and_pairings_read_as_german(club: Path) -> None:
    standings = export(club, "standings", "de", "-t", "Winter")
    assert "<h1>Winter: Tabelle nach Runde 2</h1>" in standings
    assert headers(standings)[:2] == ["Platz", "Name"]
    totals = re.findall(r'<td class="col-score num">([^<]*)<', standings)
    assert totals and all(re.fullmatch(r"\d+,\d\d", t) for t in totals), totals
    pairings = export(club, "pairings", "de", "-t", "Winter")
    assert "Winter: Runde 2, 08.12.2026" in pairings  # the evening's date as Germans write it
    assert 'data-print-date="08.12.2026"' in pairings
    slips = export(club, "slips", "de", "-t", "Winter")
    assert "Unterschrift Weiß" in slips and "Winter · Runde 2 · Brett 1" in slips
    swiss = export(club, "standings", "de", "-t", "Open")
    assert "Bei gleicher Punktzahl entscheiden" in swiss
    card = export(club, "breakdown", "de", "-t", "Open", "--player", "Anna")
    notes = re.findall(r'<p class="note">([^<]*)', card)  # tie-breaks and how computed
    assert notes and not [n for n in notes if re.search(r"\d\.\d", n)], notes


def test_the_arabic_standings_read_as_arabic(club: Path) -> None:
    standings = export(club, "standings", "ar", "-t", "Winter")
    assert "الترتيب بعد الجولة 2" in standings
    assert headers(standings)[:2] == ["المركز", "الاسم"]
    progress = export(club, "progress", "ar", "-t", "Winter")
    assert "ج1" in headers(progress)


def test_english_stays_as_it_was_and_lang_goes_with_html(club: Path) -> None:
    default = rochade("export-list", club, "standings", "--format", "html", "-t", "Winter")
    english = export(club, "standings", "en", "-t", "Winter")
    assert default.stdout == english
    assert '<html lang="en" data-print-head' in english
    assert "<h1>Winter: standings after round 2</h1>" in english
    text = rochade("export-list", club, "standings", "--lang", "de", ok=False)
    assert text.exit_code == 2 and "--lang goes with --format html" in text.output


@pytest.mark.parametrize("lang", ["fr", "ar"])
def test_publish_writes_the_site_in_the_language(club: Path, tmp_path: Path, lang: str) -> None:
    folder = tmp_path / "site"
    rochade("publish", club, folder, "--lang", lang, "-t", "Winter")
    pages = sorted(folder.glob("*.html"))
    assert len(pages) > 10
    for page in pages:
        html = page.read_text(encoding="utf-8")
        assert f'<html lang="{lang}"' in html, page.name
        assert english_left(html, lang, NAMES) == [], page.name
        assert not set(headers(html)) & english_titles(lang), page.name
    index = (folder / "index.html").read_text(encoding="utf-8")
    _ = i18n.translations(lang).gettext
    for word in ("Overview", "Standings", "Rounds", "Printouts", "Players"):
        assert f">{escape(_(word))}<" in index, word
    assert "CSV for spreadsheets" not in (folder / "round-1.html").read_text(encoding="utf-8")


def test_a_list_total_keeps_its_places_in_every_language() -> None:
    total = Message("{player}: Keizer score {total}",
                    {"player": "Anna", "total": Decimal("338.00")})
    assert str(total) == "Anna: Keizer score 338.00"
    assert i18n.say(total, "de") == "Anna: Keizer-Punktzahl 338,00"
    assert i18n.say(total, "fr").endswith("338,00")
    assert i18n.say(total, "ar", isolate=False) == "Anna: نقاط كايزر 338.00"
    whole = Message("{player}: Keizer score {total}", {"player": "Anna", "total": Decimal(1338)})
    assert i18n.say(whole, "de") == "Anna: Keizer-Punktzahl 1.338"


def test_the_exports_offer_the_languages_of_the_pages() -> None:
    from rochade.service.printed import LANGUAGES

    assert tuple(i18n.LANGUAGES) == LANGUAGES
