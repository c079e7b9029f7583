"""The heading of every printed page: the club (the organizer, else the file's name) and each
round's date, per tournament of a club file, and after an undo."""

from __future__ import annotations

from pathlib import Path

from rochade.service import ClubService


def test_each_tournament_prints_its_own_club_and_dates(tmp_path: Path) -> None:
    svc = ClubService.init(tmp_path / "schaakclub.rochade", "td")
    for name in ("Winter", "Rapid"):
        svc.create_tournament(name)
        svc.import_players("Ann,1800\nBob,1700\nCy,1600\nDi,1500", name)
    svc.pair("Winter")
    svc.set_round_date(1, "2026-12-01", "Winter")
    svc.set_event({"organizer": "SV Rochade"}, "Rapid")
    winter, rapid = svc.letterhead("Winter"), svc.letterhead("Rapid")
    assert (winter.club, winter.dates) == ("schaakclub", ("2026-12-01",))
    assert (rapid.club, rapid.dates) == ("SV Rochade", ())
    assert winter.date(1) == "2026-12-01" and winter.date(2) == "" and winter.date(0) == ""
    svc.undo()  # the organizer again unknown
    assert svc.letterhead("Rapid").club == "schaakclub"
