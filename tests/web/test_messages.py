"""Messages of the core, store and service in the TD's language (`rochade.core.messages`)."""

from __future__ import annotations

import importlib
import pkgutil
from datetime import date
from fractions import Fraction
from html import unescape

import pytest
from starlette.testclient import TestClient
from web_helpers import PLAYERS, post

import rochade
from rochade import i18n
from rochade.core.checker import check_boards
from rochade.core.keizer.settings import preset
from rochade.core.messages import Explained, Message, joined, message_of
from rochade.core.model import Entrant, Status, Tournament
from rochade.formats.trf import TrfError, parse_trf
from rochade.service import ServiceError
from rochade.store import StoreError


def _all_subclasses(cls: type) -> set[type]:
    found = set(cls.__subclasses__())
    for sub in list(found):
        found |= _all_subclasses(sub)
    return found


def test_every_error_that_takes_a_template_is_extracted() -> None:
    """A new error class must be in the extraction's keywords, or its templates would never
    reach the catalogues (and the untranslated-message test would not see them)."""
    for module in pkgutil.walk_packages(rochade.__path__, "rochade."):
        importlib.import_module(module.name)
    for cls in _all_subclasses(Explained):
        if cls.__init__ is Explained.__init__ and cls.__module__.startswith("rochade."):
            assert cls.__name__ in i18n.ERROR_KEYWORDS, cls


def test_english_text_for_the_cli_and_parts_for_the_web() -> None:
    error = ServiceError("there is no round {number} ({paired})", number=7, paired="rounds 1-3")
    assert str(error) == "there is no round 7 (rounds 1-3)"
    assert error.msg == Message("there is no round {number} ({paired})",
                                {"number": 7, "paired": "rounds 1-3"})
    plain = StoreError("braces {kept} as typed")
    assert str(plain) == "braces {kept} as typed" and i18n.say(plain, "de") == str(plain)
    assert message_of(ValueError("x")) == Message("x")


def test_values_are_written_per_language() -> None:
    message = Message(
        "{who} scored {total} on {day}", {"who": ("Anna", "Bert", "Cees"),
                                          "total": Fraction(7, 2), "day": date(2026, 11, 30)}
    )
    assert str(message) == "Anna, Bert and Cees scored 3.50 on 2026-11-30"
    german = i18n.say(message, "de")
    assert german.startswith("Anna, Bert und Cees scored 3,50 on 30.11.2026")


def test_checker_findings_and_nested_messages_are_translated() -> None:
    entrants = tuple(Entrant(i, name, None, Status.PRESENT) for i, name in
                     enumerate(["Anna", "Bert", "Cees", "Dirk"], start=1))
    t = Tournament("Club", entrants, (), "keizer", preset("classic"))
    rules = preset("classic").pairing_rules(1)
    checked = check_boards([(1, 1), (1, 2)], None, tournament=t, round_number=1,
                           present=[1, 2, 3, 4], rules=rules)
    said = {i18n.say(f.msg, "de") for f in checked.errors}
    assert "An Brett 1 spielt Anna gegen sich selbst." in said
    assert "Anna kommt mehr als einmal vor: Brett 1 und Brett 2." in said
    assert any(s.startswith("Cees und Dirk sind anwesend, aber nicht gepaart") for s in said)
    both = joined([f.msg for f in checked.errors])
    assert str(both) == "; ".join(f.message for f in checked.errors)
    assert i18n.say(both, "nl").startswith("Op bord 1 speelt Anna tegen zichzelf.; Anna komt")


def test_no_layer_raises_untranslated_messages() -> None:
    """An error raised with an f-string would show English on every page: each layer raises
    a template and its values instead (`rochade.core.messages`)."""
    assert i18n.old_style_messages() == []


def test_a_broken_player_list_is_explained_in_german(td: TestClient) -> None:
    """The formats' errors reach the TD's page in the page's language, values kept."""
    td.cookies.set("lang", "de")
    post(td, "/td/t/1/players/import", csv_text="name,rating\nJan Kok,1400\nKees Lam,schnell\n")
    page = unescape(td.get("/td/t/1/players").text)
    assert "Zeile 3: Wertung 'schnell' ist keine ganze Zahl" in page
    post(td, "/td/t/1/players/import", csv_text="rating\n1400\n")
    assert "Zeile 1: keine Namensspalte" in unescape(td.get("/td/t/1/players").text)


def test_a_trf_error_is_translated_inside_and_out() -> None:
    with pytest.raises(TrfError) as caught:
        parse_trf("012 Club\n152 Q\n")
    assert str(caught.value) == "line 2 (152): the initial colour must be W or B"
    assert i18n.say(caught.value, "de") == "Zeile 2 (152): die Anfangsfarbe muss W oder B sein"
    assert i18n.say(caught.value, "nl") == "regel 2 (152): de beginkleur moet W of B zijn"


def test_a_list_again_with_newcomers_in_dutch(td: TestClient) -> None:
    """The players page imports a list naming players already entered as the TD chooses:
    refused (the form's default), or the newcomers in and the others left or updated."""
    td.cookies.set("lang", "nl")
    before = unescape(td.get("/td/t/1/players").text)
    assert "Spelers die al meedoen" in before and "import afbreken" in before
    listed = f"name,rating\n{PLAYERS[0][0]},2222\nJan Kok,1400\n"
    post(td, "/td/t/1/players/import", csv_text=listed)
    refused = unescape(td.get("/td/t/1/players").text)
    assert f"{PLAYERS[0][0]} speelt al mee in Winter 2026; haal hen uit de lijst" in refused
    assert "Jan Kok" not in refused
    post(td, "/td/t/1/players/import", csv_text=listed, existing="skip")
    skipped = unescape(td.get("/td/t/1/players").text)
    assert "1 spelers geïmporteerd. 1 deden al mee: ongewijzigd gelaten." in skipped
    assert "Jan Kok" in skipped and "2222" not in skipped
    post(td, "/td/t/1/players/import", csv_text=listed.replace("Jan Kok", "Piet Lam"),
         existing="update")
    updated = unescape(td.get("/td/t/1/players").text)
    assert "1 deden al mee: bijgewerkt." in updated and "2222" in updated
