"""Player data for rating reports (issue 14.1): FIDE's codes and real dates, or a refusal."""

from __future__ import annotations

import datetime

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rochade.core import fide
from rochade.core.fide import FEDERATIONS, TITLES, PlayerDetails
from rochade.core.model import ModelError


@pytest.mark.parametrize(("typed", "kept"), [
    ("gm", "GM"), (" WIM ", "WIM"), ("g", "GM"), ("m", "IM"), ("wg", "WGM"), ("wc", "WCM"),
    ("", ""),
])  # fmt: skip
def test_titles_are_fides_in_either_spelling(typed: str, kept: str) -> None:
    assert fide.title(typed) == kept


@pytest.mark.parametrize("typed", ["IA", "FA", "FT", "GMX", "Dr"])
def test_arbiter_and_trainer_titles_are_no_player_titles(typed: str) -> None:
    with pytest.raises(ModelError, match="no FIDE player title"):
        fide.title(typed)


def test_federations_are_fides_three_letter_codes() -> None:
    assert {"GER", "NED", "ENG", "FID", "BEL"} <= FEDERATIONS
    assert all(len(code) == 3 and code.isupper() for code in FEDERATIONS)
    assert fide.federation(" ned ") == "NED"
    for wrong in ("DEU", "NL", "XYZ", "GERM"):
        with pytest.raises(ModelError, match="no FIDE federation code"):
            fide.federation(wrong)


@pytest.mark.parametrize(("typed", "kept"), [
    ("1990-05-17", "1990-05-17"), ("1990/05/17", "1990-05-17"), ("1987", "1987"),
    ("1987/00/00", "1987"), ("2000-02-29", "2000-02-29"), ("", ""),
])  # fmt: skip
def test_birth_dates_are_real_dates_or_years(typed: str, kept: str) -> None:
    assert fide.birth(typed) == kept


@pytest.mark.parametrize("typed", ["1990-02-30", "1900-02-29", "1990-13-01", "17.5.90",
                                   "1700", "3000-01-01"])
def test_impossible_birth_dates_are_refused(typed: str) -> None:
    with pytest.raises(ModelError):
        fide.birth(typed)


@given(st.dates(datetime.date(1850, 1, 1), datetime.date(2199, 12, 31)))
def test_every_real_date_is_kept_and_written_for_trf(day: datetime.date) -> None:
    kept = fide.birth(day.isoformat())
    assert kept == day.isoformat()
    assert fide.trf_birth(kept) == day.strftime("%Y/%m/%d")


def test_sex_is_m_or_w_as_trf_writes_it() -> None:
    assert [fide.sex(x) for x in ("M", "w", "F", "v", "")] == ["m", "w", "w", "w", ""]
    with pytest.raises(ModelError):
        fide.sex("x")


def test_national_id_keeps_its_kind() -> None:
    details = PlayerDetails().changed("national_id", "pkz:10234567")
    assert (details.national_kind, details.national_id) == ("PKZ", "10234567")
    assert PlayerDetails().changed("national_id", "8123456").national_kind == ""
    assert details.changed("national_id", "") == PlayerDetails()
    with pytest.raises(ModelError):
        PlayerDetails().changed("national_id", "PKZ:12 34")


def test_club_names_are_bounded() -> None:
    assert PlayerDetails().changed("club", " SC Nord ").club == "SC Nord"
    with pytest.raises(ModelError, match="at most 200"):
        PlayerDetails().changed("club", "x" * 201)
    with pytest.raises(ModelError):
        PlayerDetails().changed("club", "SC\nNord")


def test_a_lists_fields_fill_a_members_without_erasing() -> None:
    member = PlayerDetails(title="FM", federation="GER", national_id="1", national_kind="PKZ")
    listed = PlayerDetails(federation="NED", birth="1990")
    assert listed.over(member) == PlayerDetails(title="FM", federation="NED", birth="1990",
                                                national_id="1", national_kind="PKZ")


def test_titles_listed_once() -> None:
    assert len(set(TITLES)) == len(TITLES) == 8


def test_time_control_in_trf26s_code_is_recognised() -> None:
    from rochade.core.fide import EventData

    coded = ["5400+30", "40/6000+30:900+30", "W300-B240", "300", "40/7200:1800+30"]
    assert [EventData(time_control=t).time_control_code for t in coded] == coded
    assert EventData(time_control="90 min + 30 s").time_control_code == ""


def test_a_lists_national_id_comes_with_its_own_kind() -> None:
    member = PlayerDetails(national_id="10234567", national_kind="PKZ")
    listed = PlayerDetails(national_id="8123456", national_kind="KNSB")
    assert listed.over(member) == listed
