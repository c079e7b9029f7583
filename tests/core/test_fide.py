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


def test_event_data_as_the_td_types_it() -> None:
    from rochade.core.fide import EventData

    event = (EventData()
             .changed("city", "  Leiden ")
             .changed("federation", " ned ")
             .changed("start_date", "2026/03/01")
             .changed("end_date", " 2026-03-15")
             .changed("round_dates", "2026-03-01, 2026/03/08,2026-03-15")
             .changed("chief_arbiter", "A. Arbiter")
             .changed("deputy_arbiters", " B. One, ,C. Two ")
             .changed("time_control", "90 min + 30 s")
             .changed("organizer", "SC Nord")
             .changed("type", "Swiss"))
    assert event == EventData(
        city="Leiden", federation="NED", start_date="2026-03-01", end_date="2026-03-15",
        round_dates=("2026-03-01", "2026-03-08", "2026-03-15"), chief_arbiter="A. Arbiter",
        deputy_arbiters=("B. One", "C. Two"), time_control="90 min + 30 s",
        organizer="SC Nord", type="Swiss")
    assert event.text("round_dates") == "2026-03-01,2026-03-08,2026-03-15"
    assert event.text("deputy_arbiters") == "B. One,C. Two"
    assert event.text("city") == "Leiden"
    emptied = event
    for key in ("city", "start_date", "end_date", "round_dates", "deputy_arbiters",
                "federation"):
        emptied = emptied.changed(key, " ")
        assert emptied.text(key) == ""
    assert emptied == EventData(chief_arbiter="A. Arbiter", time_control="90 min + 30 s",
                                organizer="SC Nord", type="Swiss")


@pytest.mark.parametrize(("key", "typed", "says"), [
    ("round_dates", "2026-03-01,next week",
     "a round date: 'next week' is no real date; write YYYY-MM-DD"),
    ("start_date", "1.3.2026", "the start date: '1.3.2026' is no real date; write YYYY-MM-DD"),
    ("end_date", "2026-02-30", "the end date: '2026-02-30' is no real date; write YYYY-MM-DD"),
    ("federation", "NL", "'NL' is no FIDE federation code; write FIDE's three letters, e.g. "
                         "GER, NED, ENG"),
    ("deputy_arbiters", "B. One," + "x" * 201, "a deputy arbiter may have at most 200 "
                                                 "characters"),
    ("city", "x" * 201, "the city may have at most 200 characters"),
    ("chief_arbiter", "A.\tArbiter", "the chief arbiter holds a control character or bytes "
                                     "that are not UTF-8"),
    ("time_control", "x" * 201, "the time control may have at most 200 characters"),
    ("organizer", "x" * 201, "the organizer may have at most 200 characters"),
    ("type", "x" * 201, "the type of tournament may have at most 200 characters"),
])  # fmt: skip
def test_event_data_refusals_name_the_field(key: str, typed: str, says: str) -> None:
    from rochade.core.fide import EventData

    with pytest.raises(ModelError) as refused:
        EventData().changed(key, typed)
    assert str(refused.value) == says


def test_trf_writes_a_year_alone_with_zero_month_and_day() -> None:
    assert [fide.trf_birth(b) for b in ("", "1987", "1990-05-17")] == [
        "", "1987/00/00", "1990/05/17"]


def test_round_dates_are_completed_by_the_days_rounds_were_paired() -> None:
    from rochade.core.fide import EventData

    given = EventData(round_dates=("2026-03-01",))
    assert given.dated(["2026-02-28", "2026-03-08", "2026-03-15"]).round_dates == (
        "2026-03-01", "2026-03-08", "2026-03-15")  # the TD's date of round 1 stays
    # a round paired before rounds had dates stops the completion: the TD must give it
    assert EventData().dated(["2026-03-01", None, "2026-03-15"]).round_dates == ("2026-03-01",)


def test_a_national_id_kind_is_letters_and_digits() -> None:
    assert fide.national_kind(" knsb ") == "KNSB"
    with pytest.raises(ModelError) as refused:
        fide.national_kind("1AB")
    assert str(refused.value) == (
        "write a national id as KIND:NUMBER (e.g. PKZ:12345 or KNSB:8123456), not '1AB'")
