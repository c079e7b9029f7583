"""A member list uploaded on the TD's players page is shown first (its first players, the
columns recognised, or why it cannot be imported) and saved only once the TD confirms."""

from __future__ import annotations

import html
import re
from pathlib import Path

from starlette.testclient import TestClient

from rochade.service import ClubService


def entrants(club: Path) -> list[str]:
    return [e.name for e in ClubService(club).tournament().entrants]


def upload(td: TestClient, content: bytes, name: str = "members.csv", **data: str) -> str:
    files = {"csv_file": (name, content, "text/csv")}
    response = td.post("/td/t/1/players/preview", data={"csrf": td.headers["x-test-csrf"],
                                                        **data}, files=files)
    return html.unescape(response.text)


MEMBERS = "Name;DWZ;Verein;Telefon\n" + "".join(
    f"Spieler {i:02};{1200 + 10 * i};SK Test;0123\n" for i in range(1, 15))


def test_an_uploaded_list_is_shown_first_and_saved_on_confirmation(
    td: TestClient, club: Path
) -> None:
    before = entrants(club)
    shown = upload(td, MEMBERS.encode("cp1252"), existing="skip")
    assert "14 players in the list. Nothing is saved until you import them." in shown
    columns = re.sub(r"\s+", " ", re.search(r'<ul id="list-columns">.*?</ul>', shown, re.S)[0])
    for title, field in (("Name", "name"), ("DWZ", "national rating"), ("Verein", "club")):
        assert f"“{title}”</span>: <strong>{field}</strong>" in columns
    assert "“Telefon”</span>: <span class=\"muted\">not used</span>" in columns
    rows = re.findall(r"<tr><td>(\d+)</td><td dir=\"auto\">([^<]+)</td><td>(\d*)</td>"
                      r"<td>([^<]*)</td>", shown)  # the FIDE, then the national rating
    assert rows[:2] == [("2", "Spieler 01", "", "DWZ:1210"), ("3", "Spieler 02", "", "DWZ:1220")]
    assert len(rows) == 10 and "and 4 more" in shown
    assert entrants(club) == before  # nothing saved yet
    text = re.search(r'<textarea name="csv_text" hidden>(.*?)</textarea>', shown, re.S)[1]
    assert 'name="existing" value="skip"' in shown
    imported = td.post("/td/t/1/players/import", data={
        "csrf": td.headers["x-test-csrf"], "csv_text": text, "existing": "skip"})
    assert entrants(club) == before + [f"Spieler {i:02}" for i in range(1, 15)]
    assert "14 players imported." in imported.text


def test_a_pasted_list_without_a_header_is_shown_by_its_columns(td: TestClient) -> None:
    response = td.post("/td/t/1/players/preview", data={
        "csrf": td.headers["x-test-csrf"], "csv_text": "Lena Maas,1300\nOle Berg,1250\n"})
    shown = re.sub(r"\s+", " ", html.unescape(response.text))
    assert "2 players in the list." in shown
    assert "column 1: <strong>name</strong>" in shown
    assert "column 2: <strong>rating</strong>" in shown


def test_a_bad_list_is_refused_clearly_and_nothing_is_saved(td: TestClient, club: Path) -> None:
    before = entrants(club)
    for content, said in (
        (b"Vorname;Telefon\nAda;0123\n", "no name column"),
        (b"Name,Rating\nAda Neu,schnell\n", "line 2: the rating 'schnell' is not a whole number"),
        (b"Name,Rating\nAda Neu,1500\nAda  Neu,1500\n", "names someone twice"),
        (b"\x00\x01PK\x03\x04", "not a text file"),
        (b"", "empty"),
    ):
        shown = upload(td, content)
        assert 'class="flash error" role="alert"' in shown, content
        assert said in shown, (content, shown)
        assert "Nothing was imported. Correct the list and choose it again." in shown
        assert "csv_text" not in shown  # nothing to confirm
    assert entrants(club) == before


def test_the_preview_speaks_the_tds_language(td: TestClient) -> None:
    td.cookies.set("lang", "de")
    shown = upload(td, MEMBERS.encode())
    assert "14 Spieler in der Liste." in shown and "nicht verwendet" in shown
    assert "<strong>Verein</strong>" in shown


def test_a_preview_in_english_then_in_german_names_the_fide_id_in_each(td: TestClient) -> None:
    """The column's title is a filter of a constant (`{{ "FIDE id"|tr }}`), which Jinja folds
    into the compiled template: the tests share compiled templates between apps, one set per
    language (`templates_compiled_once` in tests/conftest.py), never the English fold for
    German."""
    data = {"csrf": td.headers["x-test-csrf"], "csv_text": "Lena Maas,1300\n"}
    english = td.post("/td/t/1/players/preview", data=data).text
    german = td.post("/td/t/1/players/preview?lang=de", data=data).text
    assert "<th>FIDE id</th>" in english and "FIDE-ID" not in english
    assert "<th>FIDE-ID</th>" in german and "FIDE id" not in german


def test_the_preview_says_which_column_fills_which_rating(td: TestClient) -> None:
    """A DWZ column is the national rating (its system DWZ), an Elo column the FIDE rating: said
    before the import, in the TD's language too."""
    said = re.compile(r'<p id="rating-sources">.*?</p>', re.S)
    shown = upload(td, b"Name;Elo;DWZ\nOla;1900;1850\n")
    sources = re.sub(r"<[^>]+>", "", said.search(shown)[0])
    assert " ".join(sources.split()) == (
        "Ratings: “Elo” → FIDE rating, “DWZ” → national rating (DWZ)")
    plain = re.sub(r"<[^>]+>", "", said.search(upload(td, b"Ola,1900\n"))[0])
    assert " ".join(plain.split()) == (
        "Ratings: “column 2” → FIDE rating with a FIDE id, else national rating")
    td.cookies.set("lang", "de")
    german = re.sub(r"<[^>]+>", "", said.search(upload(td, b"Name;Elo;DWZ\nOla;1900;1850\n"))[0])
    assert " ".join(german.split()) == (
        "Wertungen: “Elo” → FIDE-Wertung, “DWZ” → nationale Wertung (DWZ)")
