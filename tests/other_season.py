"""Test data that tells ids apart: the players of another season come first in the tests'
clubs, so that no player's member id is their number in the tournament under test (code that
takes one for the other fails).

`OTHER_MEMBERS` are the first members of every shared test club, in none of its tournaments.
`alone_and_beside` plays one tournament's evening twice: alone, and after another tournament
whose players came first; the tests that compare the two want it to read the same."""

from __future__ import annotations

from pathlib import Path

from clocks import TickingClock
from rochade.service import ClubService

OTHER_MEMBERS = (("Xaver Herbst", 1450), ("Yara Herbst", 1350), ("Zeno Herbst", None))
"""The shared test clubs' first members (ids 1-3), added before any tournament."""


def add_other_members(svc: ClubService) -> ClubService:
    """Add `OTHER_MEMBERS` to a club file without a tournament (so as members only)."""
    for name, rating in OTHER_MEMBERS:
        svc.add_player(name, rating)
    return svc


NAME = "Winter"
PLAYERS = ("name,rating,fide_id,federation,birth\nAnna Berg,2000,4100010,GER,1990\n"
           "Bo Neill,1900,4100061,IRL,2010\nCem Oz,1800,4100029,TUR,\n"
           "Dana Jones,1700,4100070,,\nEmil Faber,1600,4100037,NED,1985\n")
"""The evening's players (numbers 1-5), with their data for the rating report."""


def play_round(svc: ClubService, results: tuple[str, ...]) -> None:
    """Pair the next round; the boards in order get `results`, the rest a draw."""
    report = svc.pair(NAME)
    for game, result in zip(report.round.games, results, strict=False):
        svc.enter_result(report.round.number, game.board, result, NAME)
    for game in report.round.games[len(results):]:
        svc.enter_result(report.round.number, game.board, "1/2-1/2", NAME)


def evening(path: Path, system: str) -> tuple[ClubService, list[tuple[int, int]]]:
    """The tournament under test, played in `path` (a fresh clock: both files get the same
    times); with the (member id, number) of each player imported."""
    svc = ClubService(path, "td-ina", TickingClock())
    if system == "keizer":
        svc.create_tournament(NAME, "classic")
    else:
        svc.create_system_tournament(NAME, system, {"rounds": 3})
    imported = svc.import_players(PLAYERS, NAME)
    svc.set_event({"city": "Köln", "federation": "GER", "start_date": "2026-09-03",
                   "end_date": "2026-09-17", "chief_arbiter": "Ina Td",
                   "time_control": "90+30"}, NAME)
    svc.set_categories({"categories": "U1800: rating=-1799"}, NAME)
    svc.set_player("Bo", {"title": "CM", "k": "40"}, NAME)
    play_round(svc, ("1-0", "0-1"))
    svc.add_player("Lena Late", 1750, 4100045, NAME)
    if system == "swiss":
        svc.request_bye("Dana", 2, tournament=NAME)
    play_round(svc, ("0-1", "1-0", "+/-"))
    svc.set_rating(2, 1910, NAME)
    svc.add_player("Yara Herbst", None, tournament=NAME)  # a member of the other tournament
    svc.set_player("Yara", {"fide_id": "4100088", "federation": "AUT"}, NAME)
    play_round(svc, ("1/2-1/2", "1-0"))
    return svc, [(a.member_id, a.entrant.id) for a in imported if a.entrant is not None]


def other_tournament(path: Path) -> None:
    """Autumn, before the tournament under test: two players of its own, then two of the
    test's (under other numbers, with the FIDE ids and so the FIDE ratings the test's list
    gives them), two rounds with a result each way, a late entry."""
    svc = ClubService(path, "td-ina", TickingClock())
    svc.create_tournament("Autumn", "classic")
    svc.import_players("name,rating,fide_id\nOlga Ost,2150,\nPit Pohl,1450,\n"
                       "Emil Faber,1600,4100037\nCem Oz,1800,4100029\n", "Autumn")
    for number in (1, 2):
        report = svc.pair("Autumn")
        for game in report.round.games:
            svc.enter_result(number, game.board, "1-0" if number == 1 else "0-1", "Autumn")
        if number == 1:
            svc.add_player("Yara Herbst", 1350, tournament="Autumn")


def alone_and_beside(folder: Path, system: str) -> tuple[Path, Path]:
    """Two club files in `folder` with the evening of `system` ("keizer", "swiss"): alone,
    and after another tournament (its players first)."""
    alone, beside = folder / "alone.rochade", folder / "beside.rochade"
    add_other_members(ClubService.init(alone, "td-ina", TickingClock()))
    ClubService.init(beside, "td-ina", TickingClock())
    other_tournament(beside)
    ids_alone, ids_beside = (evening(path, system)[1] for path in (alone, beside))
    assert [n for _, n in ids_alone] == [n for _, n in ids_beside] == [1, 2, 3, 4, 5]
    for (member_alone, number), (member_beside, _) in zip(ids_alone, ids_beside, strict=True):
        assert member_alone != member_beside and number not in (member_alone, member_beside)
    return alone, beside
