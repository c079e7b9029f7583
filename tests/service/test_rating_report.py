"""Rating reports (issue 14.3): the pre-submission check, the TRF26 file with the event's
header records and the players' data (golden), read back by rochade, accepted by gacrux."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from click.testing import CliRunner

from gacrux_runs import pairing_check
from golden import check_golden
from rochade import __version__
from rochade.cli import main
from rochade.cli.pair_trf import pair_trf
from rochade.core.fide import EventData
from rochade.core.systems import numbers_of, renumbered
from rochade.formats.trf import parse_trf
from rochade.formats.trf_tournament import TrfExtras, read_trf_tournament
from rochade.service import ClubService, ServiceError
from rochade.service.exchange import TRF_EXTRAS
from rochade.service.rated import event_of_file

PLAYERS = (
    "Name;Rating;FIDE-ID;Titel;Geschlecht;Federatie;Geboortedatum;Relatienummer\n"
    "Alpha, Anna;2105;1000010;FM;w;NED;1990-01-31;8000001\n"
    "Bravo, Bea;2010;1000020;;w;BEL;1995;\n"
    "Charlie, Carl;1950;1000030;;m;GER;1988-12-24;\n"
    "Delta, Dora;1890;1000040;WIM;w;FRA;;\n"
    "Echo, Eric;;;;m;NED;2010-06-01;8000005\n"
    "Foxtrot, Fred;;;;;NED;;\n"
)
EVENT = {
    "city": "Utrecht", "federation": "NED", "start_date": "2026-03-01",
    "end_date": "2026-03-15", "round_dates": "2026-03-01,2026-03-08,2026-03-15",
    "chief_arbiter": "A. Arbiter (1234567)", "deputy_arbiters": "B. Deputy, C. Deputy",
    "time_control": "5400+30", "organizer": "SV Utrecht", "type": "Swiss open",
}
RESULTS = ("1-0", "1/2-1/2", "0-1")


def finished(club: ClubService, rounds: int = 3) -> ClubService:
    """A six-player Swiss of three rounds, every result in (fixed by board)."""
    club.create_system_tournament("Open", "swiss", {"rounds": rounds, "seed": 7})
    club.import_players(PLAYERS, "Open")
    for _ in range(rounds):
        report = club.pair("Open")
        for board in range(1, len(report.round.games) + 1):
            club.enter_result(report.round.number, board, RESULTS[board % 3], "Open")
    return club


def test_the_report_of_a_complete_event_golden_read_back_and_gacrux(
    club: ClubService, tmp_path: Path
) -> None:
    finished(club)
    club.set_event(EVENT)
    report = club.rating_report()
    assert report.check.problems == ()
    assert [str(w) for w in report.check.warnings] == [
        "Foxtrot, Fred (6) is unrated and has no birth date and sex: FIDE needs them for new "
        "players"
    ]
    assert report.text is not None
    check_golden("exports", "rating-report.trf", report.text)
    lines = report.text.splitlines()
    for record in ("012", "022", "032", "042", "052", "102", "112", "122", "132", "142", "192",
                   "222"):
        assert any(line.startswith(record + " ") for line in lines), record
    assert "042 2026/03/01" in lines and "222 5400+30" in lines
    round_dates = next(line for line in lines if line.startswith("132"))
    assert [round_dates[91 + 10 * r: 99 + 10 * r] for r in range(3)] == [
        "26/03/01", "26/03/08", "26/03/15"]
    trf = parse_trf(report.text)
    alpha = next(p for p in trf.players if p.name == "Alpha, Anna")
    assert (alpha.sex, alpha.title, alpha.federation, alpha.fide_id, alpha.birth) == (
        "w", "FM", "NED", "1000010", "1990/01/31")
    bravo = next(p for p in trf.players if p.name == "Bravo, Bea")
    assert bravo.birth == "1995/00/00"

    t, extras = read_trf_tournament(report.text)
    assert t == renumbered(club.tournament("Open"))[0]  # reads back identically
    assert {x.federation for x in extras.players.values()} == {"NED", "BEL", "GER", "FRA"}

    gacrux_accepts(report.text, tmp_path)


def gacrux_accepts(text: str, tmp_path: Path) -> None:
    """gacrux's pairing checker reads the report and finds every round right."""
    path = tmp_path / "report.trf"
    path.write_text(text, encoding="utf-8", newline="")
    checked = pairing_check(path)
    assert checked.rstrip().endswith("Check: True"), checked


def test_an_imported_tournaments_report_takes_the_event_data_of_the_club_file(
    club: ClubService
) -> None:
    """The event's records replace a TRF import's own 022-132; its other records stay."""
    finished(club)
    club.set_event(EVENT)
    original = club.rating_report().text
    assert original is not None
    foreign = original.replace("022 Utrecht", "022 Amersfoort").replace("012 Open", "012 Copy")
    imported = club.import_trf(foreign.encode("utf-8"))
    club.set_event({**EVENT, "city": "Zeist"}, imported.name)
    report = club.rating_report(imported.name).text
    assert report is not None
    assert "022 Zeist" in report.splitlines() and "Amersfoort" not in report
    assert report.replace("022 Zeist", "022 Utrecht").replace("012 Copy", "012 Open") == original


def test_an_imported_files_header_counts_where_the_td_set_nothing(
    club: ClubService, tmp_path: Path
) -> None:
    finished(club)
    club.set_event(EVENT)
    original = club.rating_report().text
    assert original is not None
    other = ClubService.init(tmp_path / "other.rochade", "td")
    imported = other.import_trf(original.encode("utf-8"))
    report = other.rating_report(imported.name)
    assert report.check.problems == ()
    assert report.text == original
    other.set_event({"city": "Zeist"}, imported.name)  # the TD's entry wins
    assert "022 Zeist" in (other.rating_report(imported.name).text or "").splitlines()
    blank = original.replace("022 Utrecht", "022 ").replace("042 2026/03/01", "042 1.3.26")
    imported = other.import_trf(blank.replace("012 Open", "012 Blank").encode("utf-8"))
    problems = [str(p) for p in other.rating_report(imported.name).check.problems]
    assert [p.split(" is ")[0] for p in problems] == ["the city", "the start date"]


@pytest.mark.parametrize(("change", "problem"), [
    ({"city": ""}, "the city is missing (rochade tournament set city=...)"),
    ({"federation": ""}, "the federation is missing"),
    ({"start_date": ""}, "the start date is missing"),
    ({"end_date": "2026-02-01"}, "the end date 2026-02-01 is before the start date 2026-03-01"),
    ({"chief_arbiter": ""}, "the chief arbiter is missing"),
    ({"round_dates": "2026-03-01,2026-03-08,2026-12-07"},
     "round 3 is dated 2026-12-07, outside the event's dates (2026-03-01 to 2026-03-15)"),
    ({"round_dates": "2026-02-28,2026-03-08,2026-03-15"},
     "round 1 is dated 2026-02-28, outside the event's dates (2026-03-01 to 2026-03-15)"),
    ({"round_dates": "2026-03-01,2026-03-15,2026-03-08"},
     "round 3 is dated 2026-03-08, before the round before it"),
])  # fmt: skip
def test_missing_event_data_stop_the_report(
    club: ClubService, change: dict[str, str], problem: str
) -> None:
    finished(club)
    club.set_event({**EVENT, **change})
    report = club.rating_report()
    assert report.text is None
    assert [str(p) for p in report.check.problems if problem in str(p)], report.check.problems


def test_player_problems_stop_the_report(club: ClubService) -> None:
    finished(club)
    club.set_event(EVENT)
    club.set_player("Charlie", {"fide_id": ""}, "Open")
    club.set_player("Delta", {"fide_id": "1000020"}, "Open")
    problems = [str(p) for p in club.rating_report().check.problems]
    assert problems == [
        "Charlie, Carl (3) is rated but has no FIDE id (rochade player set)",
        "Bravo, Bea (2) and Delta, Dora (4) have the same FIDE id 1000020",
    ]


def test_an_unfinished_event_is_not_reported(club: ClubService) -> None:
    club.create_system_tournament("Open", "swiss", {"rounds": 3, "seed": 7})
    club.import_players(PLAYERS, "Open")
    club.pair("Open")
    club.enter_result(1, 1, "1-0", "Open")
    club.set_event(EVENT)
    problems = [str(p) for p in club.rating_report().check.problems]
    assert "games without a result in round(s) 1" in problems
    assert "only 1 of 3 rounds are played" in problems


def test_the_command_exits_3_without_writing_or_0_with_the_file(
    club: ClubService, tmp_path: Path
) -> None:
    finished(club)
    out = tmp_path / "report.trf"
    runner = CliRunner()
    refused = runner.invoke(main, ["rating-report", str(club.path), str(out)])
    assert refused.exit_code == 3, refused.output
    assert "Problem: the city is missing" in refused.output and not out.exists()
    assert refused.output.rstrip().endswith("Not written: fix the 5 problem(s) first.")
    club.set_event(EVENT)
    done = runner.invoke(main, ["rating-report", str(club.path), "-t", "Open", str(out)])
    assert done.exit_code == 0, done.output
    assert "Warning: Foxtrot, Fred (6) is unrated" in done.output
    assert out.read_bytes() == club.rating_report().text.encode("utf-8")  # type: ignore[union-attr]


def test_the_checks_messages_read_in_german_and_dutch(club: ClubService) -> None:
    from rochade.i18n import say

    finished(club)
    check = club.rating_report().check
    first, last = check.problems[0], check.warnings[-1]
    assert say(first, "de") == "der Ort fehlt (rochade tournament set city=...)"
    assert say(first, "nl") == "de plaats ontbreekt (rochade tournament set city=...)"
    assert say(last, "de").startswith("Foxtrot, Fred (6) hat keine Wertungszahl und kein(e) "
                                      "Geburtsdatum und Geschlecht")
    assert say(last, "nl").startswith("Foxtrot, Fred (6) heeft geen rating en geen "
                                      "geboortedatum en geslacht")


def test_a_round_is_dated_by_its_pairing_and_the_tds_dates_win(
    club: ClubService, tmp_path: Path
) -> None:
    """Each round keeps the day it was paired (one place for a round's date); the report takes
    those where the TD gave none, and a round without a date (imported without record 132)
    stops it until the TD gives one."""
    finished(club)
    paired_on = [club.round_notes(n, "Open").date for n in (1, 2, 3)]
    assert all(paired_on)
    club.set_event({**EVENT, "round_dates": ""})
    assert club.rating_data("Open").event.round_dates == tuple(paired_on)
    club.set_event({"round_dates": "2026-03-01"})
    assert club.rating_data("Open").event.round_dates == ("2026-03-01", *paired_on[1:])
    club.set_event({"round_dates": EVENT["round_dates"]})
    text = club.rating_report().text
    assert text is not None
    undated = "\n".join(line for line in text.splitlines() if not line.startswith("132"))
    other = ClubService.init(tmp_path / "other.rochade", "td")
    imported = other.import_trf(undated.encode("utf-8"))
    problems = [str(p) for p in other.rating_report(imported.name).check.problems]
    assert "round dates: 0 given for 3 round(s) played" in " ".join(problems), problems


def test_a_members_title_places_them_among_equal_ratings(club: ClubService) -> None:
    """The title a TD sets on a member counts in the pairing numbers (C.04.2.B), on the lists
    and in the TRF alike."""
    club.create_system_tournament("Open", "swiss", {"rounds": 3, "seed": 7})
    club.import_players("Name;Rating\nAbe;2000\nBo;2000\nCy;2000\n", "Open")
    club.set_player("Cy", {"title": "FM"}, "Open")
    club.set_player("Bo", {"title": "WGM"}, "Open")
    t = club.tournament("Open")
    assert [t.entrant(p).name for p in numbers_of(t)] == ["Bo", "Cy", "Abe"]
    club.pair("Open")
    lines = [line for line in club.export_trf("Open").splitlines() if line.startswith("001")]
    assert [line[14:47].strip() for line in lines] == ["Bo", "Cy", "Abe"]


def test_the_report_is_trf26_national_records_and_the_organizer(
    club: ClubService, tmp_path: Path
) -> None:
    """TRF26's own records instead of the engines' XXR/XXC; record 172 and one national
    record per player whose national id belongs to the event's federation (KNSB: NED); the
    organizer in a comment line, read back as the imported file's organizer."""
    finished(club)
    club.set_event(EVENT)
    club.set_player("Charlie", {"national_id": "PKZ:10234567"}, "Open")  # a German id
    club.set_player("Foxtrot", {"national_id": "KNSB:123456789012"}, "Open")  # too long
    report = club.rating_report()
    assert ("the national id of Foxtrot, Fred (6) is longer than TRF's 11 characters: the report "
            "has no national record for them") in [str(w) for w in report.check.warnings]
    text = report.text
    assert text is not None
    lines = text.splitlines()
    assert not [line for line in lines if line[:3] in ("XXR", "XXC")]
    assert "142 3" in lines and "172 NED FIDE" in lines
    assert "### Organizer: SV Utrecht" in lines
    national = [line for line in lines if line.startswith("NED")]
    assert [(line[4:8], line[14:47].rstrip(), line[57:68].strip(), line[69:79]) for line in
            national] == [("   1", "Alpha, Anna", "8000001", "1990/01/31"),
                          ("   5", "Echo, Eric", "8000005", "2010/06/01")]
    other = ClubService.init(tmp_path / "other.rochade", "td")
    imported = other.import_trf(text.encode("utf-8"))
    assert other.rating_data(imported.name).event.organizer == ""  # the TD's own data
    assert other.rating_report(imported.name).text == text  # the file's lines come back
    from rochade.service.rated import event_of_file
    kept = [(0, line) for line in lines]
    assert event_of_file(kept, other.rating_data(imported.name).event).organizer == "SV Utrecht"
    club.set_event({"federation": "GER"})  # a German event: Charlie's PKZ
    german = (club.rating_report().text or "").splitlines()
    assert "172 GER FIDE" in german
    assert [line[14:47].rstrip() for line in german if line.startswith("GER")] == [
        "Charlie, Carl"]
    gacrux_accepts("\r\n".join(german) + "\r\n", tmp_path)
    again = other.import_trf(text.replace("012 Open", "012 Again").encode("utf-8"))
    other.set_event({"federation": "GER"}, again.name)
    other.set_player("Charlie", {"national_id": "PKZ:10234567"}, again.name)
    regerman = (other.rating_report(again.name).text or "").splitlines()
    assert "172 GER FIDE" in regerman  # the import's NED records give way to the new ones
    assert "172 NED FIDE" not in regerman and not any(x.startswith("NED") for x in regerman)


def test_a_round_robins_report_reads_back_and_gacrux_accepts_it(
    club: ClubService, tmp_path: Path
) -> None:
    club.create_system_tournament("Closed", "round-robin", {"seed": 5})
    club.import_players(PLAYERS, "Closed")
    while True:
        report = club.pair("Closed")
        for board in range(1, len(report.round.games) + 1):
            club.enter_result(report.round.number, board, RESULTS[board % 3], "Closed")
        if len(club.tournament("Closed").rounds) == 5:
            break
    club.set_event({**EVENT, "round_dates": ",".join(f"2026-03-0{d}" for d in range(1, 6))},
                   "Closed")
    text = club.rating_report("Closed").text
    assert text is not None
    lines = text.splitlines()
    assert "192 FIDE_ROUNDROBIN" in lines and "172 NED FIDE" in lines
    t, _ = read_trf_tournament(text)
    assert t == renumbered(club.tournament("Closed"))[0]
    gacrux_accepts(text, tmp_path)


def test_forbidden_pairs_are_260_records_that_read_back_and_gacrux_checks(
    club: ClubService, tmp_path: Path
) -> None:
    """A family of three forbidden before round 1, and (confirmed, FIDE mode) a pair that met
    in round 1 forbidden after it: 260 lines with those rounds, no XXP (the plain export keeps
    XXP for JaVaFo, only for the family: the others met), the report reads back identically
    and gacrux re-pairs every round under the 260 lines as rochade did."""
    club.create_system_tournament("Open", "swiss", {"rounds": 3, "seed": 7})
    club.import_players(PLAYERS, "Open")
    club.forbid_pair("Charlie, Carl", "Echo, Eric", "Open")
    club.forbid_pair("Charlie, Carl", "Foxtrot, Fred", "Open")
    club.forbid_pair("Echo, Eric", "Foxtrot, Fred", "Open")
    for number in range(1, 4):
        report = club.pair("Open")
        for board in range(1, len(report.round.games) + 1):
            club.enter_result(report.round.number, board, RESULTS[board % 3], "Open")
        if number == 1:
            met = report.round.games[0]
            names = {e.id: e.name for e in club.tournament("Open").entrants}
            club.forbid_pair(names[met.white], names[met.black], "Open", confirm=True)
    club.set_event(EVENT)
    text = club.rating_report().text
    assert text is not None
    t, numbers = renumbered(club.tournament("Open"))
    family = sorted(numbers[e.id] for e in club.tournament("Open").entrants
                    if e.name in ("Charlie, Carl", "Echo, Eric", "Foxtrot, Fred"))
    after = sorted((numbers[met.white], numbers[met.black]))
    lines = text.splitlines()
    assert sorted(line for line in lines if line[:3] == "260") == sorted([
        "260 001 003 " + " ".join(f"{p:04d}" for p in family),
        f"260 002 003 {after[0]:04d} {after[1]:04d}",
    ])
    assert not [line for line in lines if line[:3] == "XXP"]
    assert any(line.startswith("### ") and "prohibited pair" in line for line in lines)
    assert read_trf_tournament(text)[0] == t
    gacrux_accepts(text, tmp_path)
    plain = club.export_trf()
    assert [line for line in plain.splitlines() if line[:3] == "XXP"] == [
        "XXP " + " ".join(map(str, family))]
    for name, content in (("report.trf", text), ("plain.trf", plain)):
        (tmp_path / name).write_text(content, encoding="utf-8", newline="")
        out = CliRunner().invoke(pair_trf, ["--dutch", str(tmp_path / name), "-c"])
        assert "3 rounds checked, 0 differ" in out.output, out.output


def test_a_files_own_pairing_controller_stays_in_the_report(club: ClubService) -> None:
    finished(club)
    club.set_event(EVENT)
    original = club.rating_report().text
    assert original is not None
    assert [line for line in original.splitlines() if line[:3] == "182"] == [
        f"182 rochade {__version__}"]
    foreign = original.replace(f"182 rochade {__version__}", "182 Swiss-Manager 14.0")
    imported = club.import_trf(foreign.replace("012 Open", "012 Copy").encode("utf-8"))
    report = club.rating_report(imported.name).text
    assert report is not None
    assert [line for line in report.splitlines() if line[:3] == "182"] == [
        "182 Swiss-Manager 14.0"]


def test_every_export_has_the_event_and_the_players_and_a_round_trip_keeps_them(
        club: ClubService, tmp_path: Path) -> None:
    """`export-trf`, not only the rating report, writes the event's records and each player's
    sex, title, federation, FIDE id and birth date (with the engines' lines, which a report
    leaves out); club file -> TRF -> club file keeps every one of them: the second club's
    export is the same file, its members have the same details, its event the same data."""

    finished(club, rounds=3)
    club.set_event(EVENT)
    text = club.export_trf()
    lines = text.splitlines()
    for record in ("012", "022", "032", "042", "052", "062", "072", "092", "102", "122", "132",
                   "222", "XXR"):
        assert any(line.startswith(record + " ") for line in lines), record
    assert [line for line in lines if line[:3] == "112"] == ["112 B. Deputy", "112 C. Deputy"]
    alpha = next(p for p in parse_trf(text).players if p.name == "Alpha, Anna")
    assert (alpha.sex, alpha.title, alpha.federation, alpha.fide_id, alpha.birth) == (
        "w", "FM", "NED", "1000010", "1990/01/31")
    other = ClubService.init(tmp_path / "other.rochade", "td")
    t = other.import_trf(text.encode("utf-8"))
    assert other.export_trf(t.name) == text

    def fields(service: ClubService, name: str | None) -> dict[str, tuple[str, ...]]:
        data = service.rating_data(name)
        return {e.name: (d.sex, d.title, d.federation, d.birth) for e in data.tournament.entrants
                if (d := data.details.get(e.id)) is not None}

    assert fields(other, t.name) == fields(club, None) and len(fields(club, None)) == 6
    kept = TrfExtras.from_json(other.tournament_extras(t.name)[1][TRF_EXTRAS]).lines
    theirs = event_of_file(kept, EventData())  # the organizer is in a rating report only
    assert theirs == dataclasses.replace(club.rating_data().event, organizer="")


def test_a_tournament_paired_by_dwz_reports_the_fide_ratings(club: ClubService) -> None:
    """Pairing by the national rating: the players' start order follows the DWZ, while the
    TRF export and the rating report carry the FIDE ratings (and the national record the
    DWZ); the export reads back with the ratings it was paired by."""
    club.create_system_tournament("Open", "swiss", {"rounds": 3, "seed": 7})
    club.set_rating_choice({"pairing_rating": "national"}, "Open")
    club.import_players(
        "Name;Elo;DWZ;FIDE-ID;Geschlecht;Geboortedatum;PKZ\n"
        "Alpha, Anna;2105;1990;1000010;w;1990-01-31;10001\n"
        "Bravo, Bea;2010;2050;1000020;w;1995;10002\n"
        "Charlie, Carl;1950;1700;1000030;m;1988-12-24;10003\n"
        "Delta, Dora;1890;;1000040;w;1991;\n", "Open")
    paired = {e.name: (e.rating, e.fide_rating) for e in club.tournament("Open").entrants}
    assert paired == {"Alpha, Anna": (1990, 2105), "Bravo, Bea": (2050, 2010),
                      "Charlie, Carl": (1700, 1950), "Delta, Dora": (1890, 1890)}
    assert [e.name for e in club.tournament("Open").start_order()][:2] == [
        "Bravo, Bea", "Alpha, Anna"]
    for _ in range(3):
        report = club.pair("Open")
        for board in range(1, len(report.round.games) + 1):
            club.enter_result(report.round.number, board, RESULTS[board % 3], "Open")
    with pytest.raises(ServiceError, match="fixed once round 1 is paired"):
        club.set_rating_choice({"pairing_rating": "fide"}, "Open")
    club.set_event(EVENT | {"federation": "GER"})
    text = club.rating_report("Open").text
    assert text is not None
    ratings = {p.name: p.rating for p in parse_trf(text).players}
    assert ratings == {"Alpha, Anna": 2105, "Bravo, Bea": 2010, "Charlie, Carl": 1950,
                       "Delta, Dora": 1890}
    national = [line for line in text.splitlines() if line.startswith("GER ")]
    assert [line[48:52] for line in national] == ["2050", "1990", "1700"]
    exported = club.export_trf("Open")
    assert {p.name: p.rating for p in parse_trf(exported).players} == ratings
    assert read_trf_tournament(exported)[0] == renumbered(club.tournament("Open"))[0]
