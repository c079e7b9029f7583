"""Categories in the service: kept per tournament, the start date ages count from, a damaged
or old file, undo and the club's JSON backup."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from rochade.core.model import ModelError
from rochade.formats.tables import prize_table
from rochade.service import ClubService, ServiceError, tournament_standings
from rochade.service.categories import prize_list
from rochade.service.exchange import backup_json, restore_json


def test_the_start_date_ages_count_from(six: ClubService) -> None:
    assert six.categories().day == "2026-09-03"  # no start date, no round: today (the clock)
    six.pair()
    paired_on = six.round_notes(1).date
    assert six.categories().day == paired_on
    six.set_event({"start_date": "2027-01-15"})
    assert six.categories().day == "2027-01-15"


def test_a_file_without_categories_has_none(six: ClubService) -> None:
    data = six.categories()
    assert data.setup.categories == () and not data.setup.one_prize
    with pytest.raises(ServiceError, match="no categories"):
        data.setup.find("Women")


def test_unknown_keys_are_refused(six: ClubService) -> None:
    with pytest.raises(ServiceError, match="the keys are categories, one_prize"):
        six.set_categories({"categorie": "A:"})


def test_two_tournaments_do_not_share_categories(six: ClubService) -> None:
    six.create_tournament("Summer", "classic")
    six.set_categories({"categories": "Summer only: places=1"}, "Summer")
    six.set_categories({"categories": "Winter only: places=2"}, "Winter")
    assert six.categories("Summer").setup.text("categories") == "Summer only: places=1"
    assert six.categories("Winter").setup.text("categories") == "Winter only: places=2"
    six.undo(tournament="Summer")
    assert six.categories("Summer").setup.categories == ()
    assert six.categories("Winter").setup.text("categories") == "Winter only: places=2"


def test_a_damaged_row_is_refused_saying_so(six: ClubService) -> None:
    six.set_categories({"categories": "A: places=1"})
    with sqlite3.connect(six.path) as conn:
        conn.execute("UPDATE extras SET data = '[1]' WHERE kind = 'categories'")
    with pytest.raises(ModelError, match="categories are damaged"):
        six.categories()


def test_the_json_backup_carries_them(six: ClubService, tmp_path: Path) -> None:
    typed = "Overall: prizes=100,60; Women: sex=w places=1"
    six.set_categories({"categories": typed, "one_prize": "yes"})
    restored = tmp_path / "restored.rochade"
    restore_json(backup_json(six.path), restored)
    setup = ClubService(restored).categories("Winter").setup
    assert setup.text("categories") == typed and setup.one_prize


def test_the_json_backup_keeps_the_prize_lists(six: ClubService, tmp_path: Path) -> None:
    """Restored, the same players are in the women's and the age category (the members'
    sex and birth dates and the day ages count on come back too)."""
    six.set_player("Anna Berg", {"sex": "w", "birth": "2015-05-01"})
    six.set_player("Cém Öztürk", {"sex": "w"})
    six.set_event({"start_date": "2026-03-01"})
    six.set_categories({"categories": "Women: sex=w places=2; U12: age=-11 places=1"})
    six.pair()
    restored = tmp_path / "restored.rochade"
    restore_json(backup_json(six.path), restored)
    again = ClubService(restored)
    for svc in (six, again):
        data = svc.categories("Winter")
        assert data.day == "2026-03-01"
    overall = tournament_standings(six.tournament("Winter"))
    lists = [prize_list(svc.categories("Winter"), overall) for svc in (six, again)]
    assert lists[0] == lists[1]
    assert [overall.line(p.player).entrant.name for p in lists[0].prizes if p.player] == [
        "Anna Berg", "Cém Öztürk", "Anna Berg"]



def test_a_place_nobody_is_left_for_is_listed_with_a_dash(six: ClubService) -> None:
    six.set_player("Anna Berg", {"sex": "w"})
    six.set_categories({"categories": "Women: sex=w places=2"})
    six.pair()
    prizes = prize_list(six.categories("Winter"), tournament_standings(six.tournament("Winter")))
    table = prize_table(prizes, "Winter")
    assert [(row.cells[1].text, row.cells[3].text, row.cells[3].player) for row in table.rows] == [
        ("1", "Anna Berg", 1), ("2", "-", None)]
