"""The hall screens of a tournament: kept in the club file with the tournament, each with a
number never given again, checked before anything is saved, undone like the phone settings,
and the ranges read as a TD types them."""

from __future__ import annotations

import pytest

from rochade.service import ClubService, ServiceError
from rochade.service.screens import HallScreens, Screen, board_range, name_range, typed_screen


def test_screens_are_kept_numbered_and_undone(six: ClubService) -> None:
    desk = HallScreens(six.path, "td-ina", six.clock)
    first = desk.save_screen(Screen(0, "  TV   by the bar ", boards=(1, 15)), "Winter")
    second = desk.save_screen(Screen(0, "Door", "alphabetical", names=("a", "k"), font=60),
                              "Winter")
    assert (first.number, first.name, second.number) == (1, "TV by the bar", 2)
    assert HallScreens(six.path).screen(2, "Winter") == second
    desk.delete_screen(2, "Winter")
    assert desk.screen(2, "Winter") is None
    assert desk.save_screen(Screen(0, "Stage"), "Winter").number == 3  # 2 is not given again
    changed = desk.save_screen(Screen(1, "Bar", "rotation", seconds=20), "Winter")
    assert desk.screens("Winter") == (changed, Screen(3, "Stage"))
    assert changed.parts == ("pairings", "standings", "alphabetical")
    six.undo(tournament="Winter")
    assert desk.screens("Winter") == (first, Screen(3, "Stage"))
    with pytest.raises(ServiceError, match="there is no hall screen 2"):
        desk.delete_screen(2, "Winter")


def test_a_refused_screen_saves_nothing(six: ClubService) -> None:
    desk = HallScreens(six.path, "td-ina", six.clock)
    before = six.log()
    for screen, said in (
            (Screen(0, "x" * 41), "at most 40 characters"),
            (Screen(0, "TV", "crosstable"), "not 'crosstable'"),
            (Screen(0, "TV", font=11), "12 to 200 pixels"),
            (Screen(0, "TV", seconds=601), "3 to 600 seconds"),
            (Screen(4, "TV"), "there is no hall screen 4")):
        with pytest.raises(ServiceError, match=said):
            desk.save_screen(screen, "Winter")
    assert desk.screens("Winter") == () and six.log() == before


def test_ranges_as_typed() -> None:
    assert board_range(" 16 - 30 ") == (16, 30)
    assert board_range("5") == (5, 5)
    assert board_range("") is None
    for bad in ("30-16", "0-3", "1-", "-3", "a", "1-2-3", "１-2"):
        with pytest.raises(ServiceError, match="range such as 1-15"):
            board_range(bad)
    assert name_range("A-K") == ("a", "k")
    assert name_range("Ö") == ("o", "o")
    assert name_range("") is None
    for bad in ("K-A", "A-", "1-9", "ABCD-Z"):
        with pytest.raises(ServiceError, match="initials such as A-K"):
            name_range(bad)
    screen = Screen(1, "", names=name_range("l-ma"))
    assert [n for n in ("Karl", "Lena", "Mads", "Özil", "Maya", "Nina", "Łukasz")
            if screen.shows_name(n)] == ["Lena", "Mads", "Maya", "Łukasz"]
    assert (screen.name_text, Screen(1, "", boards=(2, 9)).board_text) == ("L-Ma", "2-9")
    assert typed_screen(2, {"name": "TV", "content": "standings", "font": "Auto",
                            "seconds": "9"}) == Screen(2, "TV", "standings", seconds=9)
    with pytest.raises(ServiceError, match="3 to 600 seconds"):
        typed_screen(0, {"seconds": "ten"})
