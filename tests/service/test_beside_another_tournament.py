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
from other_season import NAME, alone_and_beside, evening, other_tournament
from rochade.service import ClubService

READINGS: dict[str, Callable[[ClubService], object]] = {
    "tournament": lambda svc: svc.tournament(NAME),
    "standings": lambda svc: svc.standings(NAME),
    "standings after round 1": lambda svc: svc.standings(NAME, 1),
    "pairing lists": lambda svc: [svc.pairing_list(n, NAME) for n in (1, 2, 3)],
    "json": lambda svc: svc.export_json(NAME),
    "trf": lambda svc: svc.export_trf(NAME),
    "rating report": lambda svc: svc.rating_report(NAME),
    "rating data": lambda svc: svc.rating_data(NAME),
    "rating changes": lambda svc: svc.rating_changes(NAME),
    "categories": lambda svc: svc.categories(NAME),
}


@pytest.fixture(params=["keizer", "swiss"])
def both(request: pytest.FixtureRequest, tmp_path: Path) -> tuple[ClubService, ClubService]:
    """The evening alone, and after another tournament."""
    alone, beside = alone_and_beside(tmp_path, request.param)
    return ClubService(alone), ClubService(beside)


@pytest.mark.parametrize("reading", READINGS)
def test_a_tournament_reads_the_same_beside_another(
        both: tuple[ClubService, ClubService], reading: str) -> None:
    alone, beside = both
    assert beside.tournament_names() == ["Autumn", NAME]
    read = READINGS[reading]
    assert read(beside) == read(alone)


def facts(svc: ClubService, name: str) -> object:
    """A tournament's own facts: its rounds, its entrants' numbers, ratings and status, and
    its standings (what players share with other tournaments, as members, may change)."""
    t = svc.tournament(name)
    return (t.rounds, [(e.id, e.name, e.rating, e.status) for e in t.entrants],
            [(row.entrant.id, row.total) for row in svc.standings(name).lines])


@pytest.mark.parametrize("system", ["keizer", "swiss"])
def test_the_evening_leaves_the_other_tournament_as_it_was(tmp_path: Path, system: str
                                                           ) -> None:
    path = tmp_path / "club.rochade"
    ClubService.init(path, "td-ina", TickingClock())
    other_tournament(path)
    before = facts(ClubService(path), "Autumn")
    evening(path, system)
    assert facts(ClubService(path), "Autumn") == before
