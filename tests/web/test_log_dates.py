"""The action log and the evening's last changes in the reader's language (issue 16): the time
of each change and the dates inside the lines written the reader's way, in the club's local
time; `rochade log` stays ISO for scripts."""

from __future__ import annotations

import re
from datetime import date, datetime
from pathlib import Path

from click.testing import CliRunner
from starlette.testclient import TestClient

from rochade import i18n
from rochade.cli import main
from rochade.core.messages import Message, message_data, message_from_data
from rochade.service import ClubService

TIMES = re.compile(r'<time datetime="([^"]+)">([^<]+)</time>')


def _dated(club: Path) -> None:
    svc = ClubService(club, "ina")
    svc.pair()
    svc.set_round_date(1, "2026-12-08")


def _times(td: TestClient, club: Path, lang: str) -> tuple[str, list[tuple[datetime, str]],
                                                          list[tuple[datetime, str]]]:
    """The log page after round 1 was dated 2026-12-08, with its change times (local time,
    as shown), and the evening page's times."""
    _dated(club)
    headers = {"Accept-Language": lang}
    page = td.get("/td/log", headers=headers).text
    evening = td.get("/td/t/1/", headers=headers).text
    times, clocks = (
        [(datetime.fromisoformat(iso).astimezone(), shown) for iso, shown in TIMES.findall(html)]
        for html in (page, evening)
    )
    assert times and clocks
    shown = [re.sub(r'datetime="[^"]*"', "", html) for html in (page, evening)]  # (ISO there)
    assert not any("2026-12-08" in text for text in shown)  # also when the test runs that day
    return page, times, clocks


def test_the_log_in_german_writes_german_dates_and_times(td: TestClient, club: Path) -> None:
    page, times, clocks = _times(td, club, "de")
    assert all(shown == f"{at:%d.%m.%y}, {at:%H:%M}" for at, shown in times), times
    assert all(shown == f"{at:%H:%M}" for at, shown in clocks), clocks
    assert "Runde 1 am 08.12.2026" in page


def test_the_log_in_arabic_writes_arabic_dates_and_times(td: TestClient, club: Path) -> None:
    page, times, clocks = _times(td, club, "ar")
    for at, shown in times:
        assert str(at.year) in shown and re.search(r"\d{1,2}:\d\d [مص]$", shown), shown  # PM/AM
    assert all(re.fullmatch(r"\d{1,2}:\d\d [مص]", shown) for _at, shown in clocks), clocks
    assert "الجولة 1 في" in page


def test_the_command_line_log_stays_iso(club: Path) -> None:
    _dated(club)
    shown = CliRunner().invoke(main, ["log", str(club)])
    assert shown.exit_code == 0 and "Winter 2026: round 1 on 2026-12-08" in shown.stdout


def test_a_date_in_a_logged_line_stays_a_date() -> None:
    line = Message("round {round} on {date}", {"round": 2, "date": date(2026, 12, 8)})
    again = message_from_data(message_data(line))
    assert again == line and str(again) == "round 2 on 2026-12-08"
    assert i18n.say(again, "fr") == "ronde 2 le 8 déc. 2026"
    assert i18n.say(again, "nl") == "ronde 2 op 8 dec 2026"
