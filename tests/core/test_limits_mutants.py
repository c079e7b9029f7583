"""`rochade.core.limits` checked directly (mutation testing: its other tests are the CLI's and
the web's, outside mutmut's selection)."""

from __future__ import annotations

from fractions import Fraction

from rochade.core.limits import shown


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
