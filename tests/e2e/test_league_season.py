"""A Keizer season with two league teams in the browser: the TD adds both teams on the league
page and enters a club-night match for each; the member's league game appears in his Keizer
row at the team's board value (in place of his club-duty row), a board's player corrected on
the match card moves the game to the new player, and the page's Undo takes the match back out
of the row. Screenshots go to tests/e2e/artifacts."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from e2e_helpers import Server, log_in
from playwright.sync_api import Page, expect

from club_copies import copy_club
from rochade.core.model import Status
from rochade.service import ClubService

PLAYERS = [("Anna Aalbers", 2010), ("Bert Brouwer", 1950), ("Carla Claessen", 1890),
           ("Dirk Duinhoven", 1830), ("Eva Elzinga", 1770), ("Finn Feddema", 1710),
           ("Gijs Griffioen", 1650)]
LEAGUE = "/td/t/1/league"


@pytest.fixture(scope="module")
def season_file(empty_club: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Winter: team 1's board 1 worth 70, team 2's worth 60 (fixed points); Anna and Bert
    announced club duty for round 1, paired and dated 2026-10-06."""
    path = copy_club(empty_club, tmp_path_factory.mktemp("league") / "club.rochade")
    svc = ClubService(path, "e2e")
    svc.create_tournament("Winter", "classic")
    for name, rating in PLAYERS:
        svc.add_player(name, rating, tournament="Winter")
    svc.change_rules({"team_values": "1=70, 2=60"}, "Winter")
    for name in ("Anna Aalbers", "Bert Brouwer"):
        svc.set_status(name, Status.CLUB_DUTY, "Winter")
    svc.pair("Winter")
    svc.set_round_date(1, "2026-10-06", "Winter")
    return path


@pytest.fixture
def season(season_file: Path, serve_copy: Callable[[Path], Server]) -> Server:
    return serve_copy(season_file)


def _add_team(page: Page, name: str, number: str) -> None:
    form = page.locator("#league-team")
    if form.get_attribute("open") is None:
        form.locator("summary").click()
    form.get_by_label("Team", exact=True).fill(name)
    form.get_by_label("League", exact=True).fill("KNSB")
    form.get_by_label("Season").fill("2026-27")
    form.get_by_label("Keizer team").fill(number)
    form.get_by_role("button", name="Add team").click()
    expect(page.locator(".flash.ok")).to_have_text(f"League team {name} added.")


def _enter_match(page: Page, team: str, opponent: str, player: str, result: str) -> None:
    form = page.locator("form[data-league-match]")
    form.locator("select[name=team]").select_option(label=f"{team} (2026-27)")
    form.get_by_label("Date").fill("2026-10-06")
    form.get_by_label("Opponent").fill(opponent)
    form.get_by_label("Player on board 1", exact=True).fill(player)
    form.get_by_label("Result on board 1", exact=True).select_option(result)
    form.get_by_role("button", name="Save match").click()
    expect(page.locator(".flash.ok")).to_contain_text("saved")


def _round_one(page: Page, server: Server, entrant: int) -> Any:
    """The player's Keizer row of round 1 on his public page."""
    page.goto(f"{server.url}/t/1/players/{entrant}")
    return page.locator("table.breakdown tbody tr").filter(has=page.locator("td:first-child",
                                                            has_text=re.compile(r"^1$")))


def test_a_league_game_joins_the_keizer_row_at_its_board_value_and_undo_takes_it_out(
        browser: Any, season: Server, artifacts: Path) -> None:
    svc = ClubService(season.path, "e2e")
    anna = svc.find_player("Anna Aalbers", "Winter").id
    bert = svc.find_player("Bert Brouwer", "Winter").id
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    log_in(page, season.url)
    page.goto(season.url + LEAGUE)
    _add_team(page, "Rochade 1", "1")
    _add_team(page, "Rochade 2", "2")
    expect(page.locator("table[data-league-teams] tbody tr")).to_have_count(2)
    _enter_match(page, "Rochade 1", "SC Utrecht", "Anna Aalbers", "1")
    _enter_match(page, "Rochade 2", "De Toren", "Bert Brouwer", "1/2")
    cards = page.locator("section.match-card")
    expect(cards).to_have_count(2)
    expect(cards.first).to_contain_text("round 1")
    page.screenshot(path=str(artifacts / "league-td.png"), full_page=True)

    row = _round_one(page, season, anna)
    expect(row).to_contain_text("team 1 board 1")
    expect(row.locator("td.num.strong")).to_have_text("70")
    expect(row).not_to_contain_text("club duty")
    row = _round_one(page, season, bert)
    expect(row).to_contain_text("team 2 board 1")
    expect(row.locator("td.num.strong")).to_have_text("30")
    page.screenshot(path=str(artifacts / "league-keizer-row.png"), full_page=True)

    page.goto(season.url + LEAGUE)
    page.locator("#undo").get_by_role("button", name="Undo last change").click()
    expect(page.locator("section.match-card")).to_have_count(1)
    row = _round_one(page, season, bert)
    expect(row).not_to_contain_text("team 2")
    expect(row).to_contain_text("club duty")
    expect(_round_one(page, season, anna)).to_contain_text("team 1 board 1")
    context.close()


def test_a_board_player_corrected_on_the_match_card_moves_the_game(
        browser: Any, season: Server) -> None:
    svc = ClubService(season.path, "e2e")
    svc.add_league_team("Rochade 1", 1, "KNSB", "2026-27", "Winter")
    svc.add_league_team("Rochade 2", 2, "KNSB", "2026-27", "Winter")
    svc.add_league_match("Rochade 1", "2026-10-06", "SC Utrecht", True, ["Carla Claessen"],
                         results=["1=1"])
    anna = svc.find_player("Anna Aalbers", "Winter").id
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    log_in(page, season.url)
    page.goto(season.url + LEAGUE)
    card = page.locator("section.match-card").first
    card.get_by_label("Player on board 1", exact=True).fill("Anna Aalbers")
    card.get_by_role("button", name="Save these changes").click()
    expect(page.locator(".flash.ok")).to_have_text("Match #1 saved.")
    expect(page.locator("section.match-card").first.get_by_label("Player on board 1", exact=True)
           ).to_have_value("Anna Aalbers")
    row = _round_one(page, season, anna)
    expect(row).to_contain_text("team 1 board 1")
    expect(row.locator("td.num.strong")).to_have_text("70")
    context.close()
