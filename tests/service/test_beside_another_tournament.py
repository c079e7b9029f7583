"""A tournament reads the same whether or not the club file holds another one before it.

The same evening (players with their data, late entries, a changed rating, byes, results,
categories, event data) is played once in a club file of its own and once after another
tournament whose players came first: there the players' member ids, the tournament's id and
its place in the file all differ, and the other tournament's numbers 1, 2 ... are this one's
too. Every reading of the tournament (standings, pairing lists, JSON and TRF files, the
rating report, rating changes, categories) must come out the same: one that reads a row of
the other tournament, or takes a member id for a number, does not."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from clocks import TickingClock
from rochade.service import ClubService
from rochade.service.exchange import export_trf, rating_report

NAME = "Winter"
PLAYERS = ("name,rating,fide_id,federation,birth\nAnna Berg,2000,4100010,GER,1990\n"
           "Bo Neill,1900,,IRL,2010\nCem Oz,1800,4100029,TUR,\nDana Jones,1700,,,\n"
           "Emil Faber,1600,4100037,NED,1985\n")


def play_round(svc: ClubService, system: str, results: tuple[str, ...]) -> None:
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
        svc.create_system_tournament(NAME, system, {"rounds": 4})
    imported = svc.import_players(PLAYERS, NAME)
    svc.set_event({"city": "Köln", "federation": "GER", "start_date": "2026-09-03",
                   "chief_arbiter": "Ina Td", "time_control": "90+30"}, NAME)
    svc.set_categories({"categories": "U1800: rating=-1799"}, NAME)
    svc.set_player("Bo", {"title": "CM", "k": "40"}, NAME)
    play_round(svc, system, ("1-0", "0-1"))
    svc.add_player("Lena Late", 1750, 4100045, NAME)
    if system == "swiss":
        svc.request_bye("Dana", 2, tournament=NAME)
    play_round(svc, system, ("0-1", "1-0", "+/-"))
    svc.set_rating(2, 1910, NAME)
    svc.add_player("Yara Herbst", None, tournament=NAME)  # a member of the other tournament
    play_round(svc, system, ("1/2-1/2", "1-0"))
    return svc, [(a.member_id, a.entrant.id) for a in imported if a.entrant is not None]


def other_tournament(path: Path) -> None:
    """Autumn, before the tournament under test: two players of its own, then two of the
    test's (under other numbers), two rounds with a result each way, a late entry."""
    svc = ClubService(path, "td-ina", TickingClock())
    svc.create_tournament("Autumn", "classic")
    svc.import_players("name,rating\nOlga Ost,2150\nPit Pohl,1450\nEmil Faber,1600\n"
                       "Cem Oz,1800\n", "Autumn")
    for number in (1, 2):
        report = svc.pair("Autumn")
        for game in report.round.games:
            svc.enter_result(number, game.board, "1-0" if number == 1 else "0-1", "Autumn")
        if number == 1:
            svc.add_player("Yara Herbst", 1350, tournament="Autumn")


READINGS: dict[str, Callable[[ClubService], object]] = {
    "tournament": lambda svc: svc.tournament(NAME),
    "standings": lambda svc: (svc.standings(NAME) if svc.tournament(NAME).system == "keizer"
                              else svc.system_standings(NAME)),
    "standings after round 1": lambda svc: (
        svc.standings(NAME, 1) if svc.tournament(NAME).system == "keizer"
        else svc.system_standings(NAME, 1)),
    "pairing lists": lambda svc: [svc.pairing_list(n, NAME) for n in (1, 2, 3)],
    "json": lambda svc: svc.export_json(NAME),
    "trf": lambda svc: export_trf(svc, NAME),
    "rating report": lambda svc: rating_report(svc, NAME),
    "rating data": lambda svc: svc.rating_data(NAME),
    "rating changes": lambda svc: svc.rating_changes(NAME),
    "categories": lambda svc: svc.categories(NAME),
}


@pytest.fixture(params=["keizer", "swiss"])
def both(request: pytest.FixtureRequest, club: ClubService, tmp_path: Path
         ) -> tuple[ClubService, ClubService]:
    """The evening alone in the test club, and after Autumn in another file."""
    beside = tmp_path / "beside.rochade"
    ClubService.init(beside, "td-ina", TickingClock())
    other_tournament(beside)
    (alone, ids_alone), (after, ids_after) = (evening(p, request.param)
                                              for p in (club.path, beside))
    assert [n for _, n in ids_alone] == [n for _, n in ids_after] == [1, 2, 3, 4, 5]
    for (member_alone, number), (member_after, _) in zip(ids_alone, ids_after, strict=True):
        assert member_alone != member_after and number not in (member_alone, member_after)
    return alone, after


@pytest.mark.parametrize("reading", READINGS)
def test_a_tournament_reads_the_same_beside_another(
        both: tuple[ClubService, ClubService], reading: str) -> None:
    alone, beside = both
    assert beside.tournament_names() == ["Autumn", NAME]
    read = READINGS[reading]
    assert read(beside) == read(alone)
