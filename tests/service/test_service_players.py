"""Importing a player list: the file as a spreadsheet saves it, repeats refused with their lines."""

from __future__ import annotations

import pytest

from rochade.service import ClubService, ServiceError
from rochade.service.players import read_player_list


def test_import_a_german_excel_list(club: ClubService) -> None:
    club.create_tournament("Winter", "classic")
    data = "Spieler;DWZ;FIDE-ID\r\nMüller, Jürgen;1920;;\r\nWeiß, Anna;0;4612345\r\n"
    added = club.import_players(data.encode("cp1252"))
    assert [(a.name, a.entrant and a.entrant.rating) for a in added] == [
        ("Müller, Jürgen", 1920),
        ("Weiß, Anna", None),
    ]
    assert club.tournament().entrants[1].fide_id == 4612345
    assert club.log()[-1].description == "Winter: import 2 players"


def test_a_list_without_header_is_name_rating_fide_id(club: ClubService) -> None:
    club.create_tournament("Winter", "classic")
    added = club.import_players('"Berg, Anna",1850,4612345\nBo,,\n')
    assert [(a.name, a.entrant and a.entrant.rating) for a in added] == [
        ("Berg, Anna", 1850),
        ("Bo", None),
    ]
    assert club.tournament().entrants[0].fide_id == 4612345


def test_members_by_their_exact_name_join_the_next_tournament(six: ClubService) -> None:
    six.create_tournament("Rapid")
    added = six.import_players("name,rating\nAnna Berg,2010\nNew Nina,1500\n", "Rapid")
    assert [(a.name, a.new_member) for a in added] == [("Anna Berg", False), ("New Nina", True)]


def test_repeats_are_refused_with_their_lines(six: ClubService) -> None:
    before = six.log()
    with pytest.raises(ServiceError) as info:
        six.import_players(
            "Name,Rating,FIDE-ID\nLena Lang,1500,123\nlang lena,1500,\nLeo,1400,123\n"
            "anna berg,1990,\n"
        )
    assert str(info.value) == (
        "the player list names someone twice (line 3 (lang lena) and line 2 (Lena Lang): same "
        "name; line 4 (Leo) and line 2 (Lena Lang): same FIDE id; line 5 (anna berg) and "
        "member Anna Berg: same name); remove the repeats, and write members' names as the "
        "club has them"
    )
    assert six.log() == before


def test_read_player_list_checks_members_fide_ids() -> None:
    with pytest.raises(ServiceError, match=r"line 2 \(A. Berg\) and member Anna Berg: same FIDE"):
        read_player_list(b"name,fide_id\nA. Berg,123\n", [("Anna Berg", 123)])
    assert [r.name for r in read_player_list(b"name\nAnna Berg\n", [("Anna Berg", 123)])] == [
        "Anna Berg"
    ]
