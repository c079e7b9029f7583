"""A round robin's start numbers by the Varma tables (C.05 Annex 2), as a TD orders them:
each federation's players (a club's where no federation is known) in one group."""

from __future__ import annotations

import pytest

from rochade.core.roundrobin import varma_groups
from rochade.core.systems import numbers_of
from rochade.service import ClubService, ServiceError

PLAYERS = "Name;Federation;Club;Rating\n" + "".join(
    f"P{i:02d};{fed};{club};{2000 - 10 * i}\n" for i, (fed, club) in enumerate(
        [("NED", ""), ("NED", ""), ("NED", ""), ("GER", ""), ("GER", ""), ("BEL", ""),
         ("", "SV Utrecht"), ("", "SV Utrecht"), ("", ""), ("FRA", ""), ("", "")], start=1))


def test_compatriots_and_club_mates_share_a_varma_group(club: ClubService) -> None:
    club.create_system_tournament("Closed", "round-robin", {"numbers_by": "varma"})
    club.import_players(PLAYERS, "Closed")
    report = club.pair("Closed")
    assert report.explanation[0].startswith(
        "Start numbers drawn by the Varma tables, players of one federation in one group")
    t = club.tournament("Closed")
    number = {pid: i for i, pid in enumerate(numbers_of(t), start=1)}
    group_of = {n: g for g, group in enumerate(varma_groups(len(t.entrants))) for n in group}
    by_name = {e.name: number[e.id] for e in t.entrants}
    for together in (["P01", "P02", "P03"], ["P04", "P05"], ["P07", "P08"]):
        assert len({group_of[by_name[name]] for name in together}) == 1, together


def test_the_varma_tables_need_9_to_24_players(club: ClubService) -> None:
    club.create_system_tournament("Small", "round-robin", {"numbers_by": "varma"})
    club.import_players("name\nA\nB\nC\nD\n", "Small")
    with pytest.raises(ServiceError, match="the Varma tables cover 9 to 24 players, not 4"):
        club.pair("Small")
    assert club.tournament("Small").rounds == ()
