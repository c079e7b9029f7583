"""`rochade.core.limits` checked directly (mutation testing: its other tests are the CLI's and
the web's, outside mutmut's selection)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rochade.core.limits import number, shown


def test_numbers_in_messages_are_shown_whole_up_to_64_bits() -> None:
    assert shown(5) == "5"
    assert shown(Fraction(7, 2)) == "7/2"
    assert shown(2**64 - 1) == "18446744073709551615"  # 64 bits: still written out
    assert shown(-(2**64 - 1)) == "-18446744073709551615"


def test_a_huge_number_is_shown_by_its_number_of_digits() -> None:
    assert shown(2**64) == "a number with about 20 digits"  # 18446744073709551616
    assert shown(-(10**30)) == "a number with about 31 digits"
    assert shown(Fraction(10**30, 7)) == "a number with about 31 digits"  # the numerator's
    assert shown(10**999) == "a number with about 1000 digits"


def test_a_half_after_a_whole_number_adds_a_half() -> None:
    """The pages write 3.5 points as "3½"; typed back, it was read as 31/2 (15.5)."""
    assert number("3½") == Fraction(7, 2)
    assert number("12 ½") == Fraction(25, 2)
    assert number("½") == number("0,5") == number("0½") == Fraction(1, 2)
    assert number("-½") == number("- ½") == Fraction(-1, 2)
    for typed in ("½½", "1/½", "½1", "1.5½", "1½/2", "½.5"):
        with pytest.raises(ValueError, match="½"):
            number(typed)


def test_thirds_and_quarters_after_a_whole_number_as_shares_show_them() -> None:
    """A share of a third is shown as 33⅓ %: typed back, it is exactly a third again."""
    assert number("33⅓") == Fraction(100, 3)
    assert number("66 ⅔") == Fraction(200, 3)
    assert number("¼") + number("2¾") == 3
    for typed in ("⅓⅓", "1/⅓", "⅔1", "1.5⅓", "1" * 21 + "⅓"):
        with pytest.raises(ValueError):
            number(typed)


def test_spaces_inside_a_typed_number_are_dropped() -> None:
    assert number(" 1 000 ") == 1000
    assert number("- 1 / 3") == Fraction(-1, 3)
    assert number("12 .5") == Fraction(25, 2)
