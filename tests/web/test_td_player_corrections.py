"""Issue 11.6 on the TD players page: correct a name, delete a player without games (the
button shows only for them; a forged post for a player with games is refused, naming them)."""

from __future__ import annotations

from html import unescape
from pathlib import Path

from starlette.testclient import TestClient
from web_helpers import post, shown_undo

from rochade.service import ClubService


def test_rename_and_delete_on_the_players_page(td: TestClient, club: Path) -> None:
    page = td.get("/td/t/1/players").text
    assert 'action="/td/t/1/players/2/name"' in page and 'value="Bart Claes"' in page
    assert page.count("/delete") == 8  # nobody has played yet
    response = post(td, "/td/t/1/players/2/name", name="Bart Claessens")
    assert response.headers["location"] == "/td/t/1/players"
    assert "Bart Claes is now called Bart Claessens." in td.get("/td/t/1/players").text
    assert "Winter 2026: rename Bart Claes (2) to Bart Claessens" in td.get("/td/log").text
    post(td, "/td/t/1/players/3/name", name="Anna Berg")
    assert "a player named Anna Berg already" in td.get("/td/t/1/players").text

    ClubService(club).pair()
    page = td.get("/td/t/1/players").text
    assert "/delete" not in page  # everybody has a game now
    post(td, "/td/t/1/players/1/delete")
    refused = td.get("/td/t/1/players").text
    assert "Anna Berg (1) cannot be deleted: round 1 against " in refused
    assert len(ClubService(club).tournament().entrants) == 8
    post(td, "/td/t/1/undo", action=shown_undo(td, "/td/t/1/"), confirm="yes")  # the pairing
    post(td, "/td/t/1/players/8/delete")
    assert "Hilde Imhof deleted" in td.get("/td/t/1/players").text
    assert len(ClubService(club).tournament().entrants) == 7


def test_the_refusal_reads_in_german(td: TestClient, club: Path) -> None:
    ClubService(club).pair()
    td.cookies.set("lang", "de")
    post(td, "/td/t/1/players/1/delete")
    page = td.get("/td/t/1/players").text
    assert "Anna Berg (1) kann nicht gelöscht werden: Runde 1 gegen " in page


def test_the_players_page_shows_and_takes_both_ratings(td: TestClient, club: Path) -> None:
    """A player's details show the FIDE and the national rating; the national one is set
    there as `player set national_rating=` takes it, before round 1 the pairing follows."""
    post(td, "/td/t/1/players/2/data", fide_id="4612345", national_rating="DWZ:1777")
    page = td.get("/td/t/1/players").text
    assert "Data of Bart Claes saved." in page
    assert 'name="national_rating" value="DWZ:1777"' in page
    assert "National rating DWZ:1777" in page
    bart = ClubService(club).tournament().entrant(2)
    assert (bart.fide_id, bart.fide_rating) == (4612345, None)
    post(td, "/td/t/1/players/2/data", national_rating="DWZ:12x")
    assert "'DWZ:12x' is no national rating" in unescape(td.get("/td/t/1/players").text)


def test_the_pairing_rating_is_chosen_on_the_players_page(td: TestClient, club: Path) -> None:
    assert 'id="pairing-rating"' in td.get("/td/t/1/players").text
    post(td, "/td/t/1/players/pairing-rating", pairing_rating="national")
    page = td.get("/td/t/1/players").text
    assert "Pairing rating saved." in page and '<option value="national" selected>' in page
    assert ClubService(club).rating_choice().pairing.value == "national"
    post(td, "/td/t/1/players/pairing-rating", pairing_rating="elo")
    assert "the pairing rating is fide, national, highest, not 'elo'" in unescape(
        td.get("/td/t/1/players").text)
    ClubService(club).pair()
    assert 'id="pairing-rating"' not in td.get("/td/t/1/players").text
