"""The action log and the evening's last changes in the reader's language (issue 16): the time
of each change and the dates inside the lines written the reader's way, in the club's local
time; `rochade log` stays ISO for scripts."""

from __future__ import annotations

import re
from datetime import date, datetime
from pathlib import Path

from click.testing import CliRunner
from starlette.testclient import TestClient

from rochade.cli import main
from rochade.core.messages import Message, message_data, message_from_data
from rochade.service import ClubService
from rochade.web import i18n

GERMAN = {"Accept-Language": "de"}
ARABIC = {"Accept-Language": "ar"}
TIMES = re.compile(r'<time datetime="([^"]+)">([^<]+)</time>')


def _dated(club: Path) -> None:
    svc = ClubService(club, "ina")
    svc.pair()
    svc.set_round_date(1, "2026-12-08")


def _local(iso: str) -> datetime:
    return datetime.fromisoformat(iso).astimezone()


def test_the_log_in_german_writes_german_dates_and_times(td: TestClient, club: Path) -> None:
    _dated(club)
    page = td.get("/td/log", headers=GERMAN).text
    times = TIMES.findall(page)
    assert times
    for iso, shown in times:
        at = _local(iso)
        assert shown == f"{at:%d.%m.%y}, {at:%H:%M}", (iso, shown)
    assert "Runde 1 am 08.12.2026" in page
    assert "2026-12-08" not in page
    evening = td.get("/td/t/1/", headers=GERMAN).text
    clocks = TIMES.findall(evening)
    assert clocks and all(shown == f"{_local(iso):%H:%M}" for iso, shown in clocks)
    assert "Runde 1 am 08.12.2026" in evening


def test_the_log_in_arabic_writes_arabic_dates_and_times(td: TestClient, club: Path) -> None:
    _dated(club)
    page = td.get("/td/log", headers=ARABIC).text
    times = TIMES.findall(page)
    assert times
    for iso, shown in times:
        at = _local(iso)
        assert shown == i18n.moment(iso, "ar")
        assert str(at.year) in shown and ("م" in shown or "ص" in shown), shown  # PM / AM
        assert "T" not in shown and iso[:10] not in shown
    assert "الجولة 1 في" in page and "2026-12-08" not in page
    evening = td.get("/td/t/1/", headers=ARABIC).text
    clocks = TIMES.findall(evening)
    assert clocks and all(re.fullmatch(r"\d{1,2}:\d\d [مص]", shown) for _iso, shown in clocks)


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
