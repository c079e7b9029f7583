"""A rating list uploaded on the TD's pages: what it changes shown first, nothing saved;
saved on the TD's word, as `rochade ratings` and `--apply` do; a list that cannot be read
says why and changes nothing."""

from __future__ import annotations

import io
import re
import zipfile
from html import unescape
from pathlib import Path

from starlette.testclient import TestClient

from rochade.service import ClubService

LIST = "Name,Rating\nAnna Berg,2055\nBart Claes,1950\nSomeone Else,1700\n"
"""A list whose rating names no system: the national rating of members without a FIDE id."""


def ratings(club: Path) -> dict[str, int | None]:
    return {e.name: e.rating for e in ClubService(club, "test").tournament().entrants}


def preview(td: TestClient, data: bytes, name: str = "list.csv", **form: str) -> str:
    answer = td.post("/td/t/1/ratings/preview", data={"csrf": td.headers["x-test-csrf"], **form},
                     files={"list": (name, data)})
    return unescape(answer.text)


def test_the_changes_are_shown_first_then_saved(td: TestClient, club: Path) -> None:
    assert 'href="/td/t/1/ratings"' in td.get("/td/t/1/players").text
    assert "Check the list" in td.get("/td/t/1/ratings").text
    before = ratings(club)
    page = preview(td, LIST.encode())
    assert "Anna Berg" in page and "national rating 2010 → 2055" in page
    assert "Unchanged: 1." in page
    assert ratings(club) == before  # nothing saved yet
    token = page.split('name="token" value="')[1].split('"')[0]
    answer = td.post("/td/t/1/ratings/apply", data={
        "csrf": td.headers["x-test-csrf"], "token": token, "kind": "", "column": "",
        "only": "", "take_list": ""}, follow_redirects=False)
    assert answer.status_code == 303
    assert "1 players updated from the rating list" in unescape(td.get("/td/t/1/players").text)
    assert ratings(club)["Anna Berg"] == 2055
    again = td.post("/td/t/1/ratings/apply", data={"csrf": td.headers["x-test-csrf"],
                                                    "token": token}, follow_redirects=False)
    assert again.status_code == 303  # the list is gone once saved: said, nothing changes
    assert "the uploaded file is no longer there" in unescape(td.get("/td/t/1/ratings").text)


def test_a_zip_is_read_as_the_command_reads_it(td: TestClient) -> None:
    packed = io.BytesIO()
    with zipfile.ZipFile(packed, "w") as archive:
        archive.writestr("list.csv", LIST)
    assert "national rating 2010 → 2055" in preview(td, packed.getvalue(), "list.zip")


def test_a_list_that_cannot_be_read_changes_nothing(td: TestClient, club: Path) -> None:
    before = ratings(club)
    page = preview(td, b"Name,Elo\nAnna Berg,20x5\n")
    assert "Nothing was changed." in page and 'name="token"' not in page
    empty = io.BytesIO()
    with zipfile.ZipFile(empty, "w") as archive:
        archive.writestr("readme.md", "nothing")
    assert "expected one .xml, .txt or .csv list inside, found 0" in preview(
        td, empty.getvalue(), "list.zip")
    bad_token = td.post("/td/t/1/ratings/apply", data={
        "csrf": td.headers["x-test-csrf"], "token": "../../club"}, follow_redirects=False)
    assert bad_token.status_code == 303
    assert ratings(club) == before


def test_the_upload_needs_the_csrf_token(td: TestClient) -> None:
    answer = td.post("/td/t/1/ratings/preview", files={"list": ("list.csv", LIST.encode())})
    assert answer.status_code == 403


def test_someone_of_another_birth_year_is_left_alone_and_said_why(
    td: TestClient, club: Path
) -> None:
    ClubService(club, "test").set_player("Anna Berg", {"birth": "1990"})
    page = preview(td, b"Name,Rating,Geburtsjahr\nAnna Berg,2055,1975\n")
    assert ("Someone else, left alone: Anna Berg (the list: Anna Berg; birth date 1990 ≠ "
            "1975).") in page
    assert "Nothing would change." in page


def test_the_preview_says_which_column_fills_which_rating(td: TestClient) -> None:
    def sources(page: str) -> str:
        found = re.search(r'<p id="rating-sources">.*?</p>', page, re.S)
        assert found is not None
        return " ".join(re.sub(r"<[^>]+>", "", found[0]).split())

    dwz = preview(td, b"Spielername;FIDE-Elo;DWZ\nAnna Berg;2100;2012\n")
    assert sources(dwz) == "Ratings: “FIDE-Elo” → FIDE rating, “DWZ” → national rating (DWZ)"
    assert sources(preview(td, LIST.encode())) == (
        "Ratings: “Rating” → FIDE rating with a FIDE id, else national rating")
    fide = preview(td, b"<playerslist><player><fideid>1</fideid><name>X</name>"
                   b"<rating>1870</rating></player></playerslist>", "list.xml")
    assert sources(fide) == "Ratings: “FIDE standard” → FIDE rating"
