"""English, German, Dutch and French: complete catalogues, language choice, numbers per locale."""

from __future__ import annotations

from fractions import Fraction

import pytest
from babel.messages.pofile import read_po
from starlette.testclient import TestClient

from rochade.web import i18n

TRANSLATED = [lang for lang in i18n.LANGUAGES if lang != i18n.DEFAULT]


@pytest.mark.parametrize("catalogue", i18n.CATALOGUES)
@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_message_is_translated(lang: str, catalogue: str) -> None:
    po_path = i18n.TRANSLATIONS / lang / "LC_MESSAGES" / f"{catalogue}.po"
    with po_path.open("rb") as handle:
        catalog = {str(m.id): str(m.string) for m in read_po(handle) if m.id}
    messages = i18n.extract_messages(catalogue)
    assert len(messages) > 50
    missing = {m: where for m, where in messages.items() if not catalog.get(m)}
    assert not missing, f"untranslated in {lang}/{catalogue}.po: {missing}"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_translations_keep_their_placeholders(lang: str) -> None:
    translations = i18n.translations(lang)
    for catalogue in i18n.CATALOGUES:
        for message in i18n.extract_messages(catalogue):
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
