"""Players entered late, one between rounds 1 and 2 and one between rounds 2 and 3, into a
Keizer and a Swiss tournament of one club file: each gets the next number of each
tournament (never their member id, never their number in the other one), their earlier
rounds count as a late start, and the pairings and standings name them.

The club's first members play in neither tournament (conftest), the two tournaments share
some members under other numbers, and one late entrant is such an old member: every id,
number and boundary differs, so code that takes one for another fails here."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rochade.core.model import Tournament
from rochade.service import ClubService

WINTER, OPEN = "Winter", "Open"
LATE_ONE, LATE_TWO = "Lena Late", "Yara Herbst"
"""Entered after round 1 (a new member) and after round 2 (a member from the start)."""


def play(svc: ClubService, tournament: str) -> None:
    """Pair the next round and let White win every game."""
    report = svc.pair(tournament)
    for game in report.round.games:
        svc.enter_result(report.round.number, game.board, "1-0", tournament)


@pytest.fixture
def season(club: ClubService) -> dict[str, dict[str, tuple[int, int]]]:
    """Winter (Keizer, six players) and Open (Swiss, three rounds, six players, three of them
    Winter's too under other numbers), three rounds each with the two late entries; returns
    (member id, number) per late entrant per tournament."""
    club.create_tournament(WINTER, "classic")
    club.import_players("name,rating\nAnna Berg,2000\nBo Neill,1900\nCem Oz,1800\n"
                        "Dana Jones,1700\nEmil Faber,1600\nFenna Groot,1500\n", WINTER)
    club.create_system_tournament(OPEN, "swiss", {"rounds": 3})
    for name, rating in (("Pia Neu", 2100), ("Dana Jones", None), ("Anna Berg", None),
                         ("Quirin Neu", 1550), ("Cem Oz", None), ("Rita Neu", 1650)):
        club.add_player(name, rating, tournament=OPEN)
    entered: dict[str, dict[str, tuple[int, int]]] = {WINTER: {}, OPEN: {}}
    for late, rating in ((LATE_ONE, 1750), (LATE_TWO, None)):
        for tournament in (WINTER, OPEN):
            play(club, tournament)
        for tournament in (WINTER, OPEN):
            added = club.add_player(late, rating, tournament=tournament)
            assert added.entrant is not None
            entered[tournament][late] = (added.member_id, added.entrant.id)
    for tournament in (WINTER, OPEN):
        play(club, tournament)
    return entered


def in_round(t: Tournament, number: int) -> set[int]:
    """Who played round `number` or had its bye."""
    rnd = t.rounds[number - 1]
    return {p for g in rnd.games for p in (g.white, g.black)} | (
        set() if rnd.bye is None else {rnd.bye})


@pytest.mark.parametrize("tournament", [WINTER, OPEN])
def test_late_entrants_get_the_tournaments_next_numbers(
        club: ClubService, season: dict[str, dict[str, tuple[int, int]]], tournament: str
) -> None:
    lena_member = 3 + 6 + 3 + 1  # the others, Winter's six, Open's three new ones, then Lena
    assert season[tournament] == {LATE_ONE: (lena_member, 7), LATE_TWO: (2, 8)}
    t = club.tournament(tournament)
    assert [e.name for e in t.entrants][6:] == [LATE_ONE, LATE_TWO]
    assert {e.name for e in t.entrants}.isdisjoint({"Xaver Herbst", "Zeno Herbst"})


@pytest.mark.parametrize("tournament", [WINTER, OPEN])
def test_late_entrants_play_from_their_first_round_on(
        club: ClubService, season: dict[str, dict[str, tuple[int, int]]], tournament: str
) -> None:
    t = club.tournament(tournament)
    late_start = [{a.player for a in rnd.absences if a.reason == "late_start"}
                  for rnd in t.rounds]
    assert late_start == [{7, 8}, {8}, set()]
    assert {7, 8}.isdisjoint(in_round(t, 1)) and 8 not in in_round(t, 2)
    assert 7 in in_round(t, 2) and {7, 8} <= in_round(t, 3)
    listed = club.pairing_list(3, tournament)
    names = {listed.tournament.entrant(p).name for p in in_round(listed.tournament, 3)}
    assert {LATE_ONE, LATE_TWO} <= names
    if tournament == OPEN:  # two late starts are worth nothing in a Swiss
        assert listed.before[8] == 0
    else:  # a Keizer total: the own value and two late starts' credit
        after_two = {row.entrant.id: row.total for row in club.standings(WINTER, 2).lines}
        assert listed.before[8] == after_two[8] > 0


def test_keizer_credits_the_late_starts_to_the_late_entrants(
        club: ClubService, season: dict[str, dict[str, tuple[int, int]]]
) -> None:
    rows = {row.entrant.name: row for row in club.keizer_detail(WINTER).rows}
    assert len(rows) == 8
    late = {name: [(b.round, b.reason) for b in rows[name].breakdown if b.kind == "absence"]
            for name in (LATE_ONE, LATE_TWO, "Anna Berg")}
    assert late == {LATE_ONE: [(1, "late_start")],
                    LATE_TWO: [(1, "late_start"), (2, "late_start")], "Anna Berg": []}
    assert (rows[LATE_ONE].entrant.id, rows[LATE_TWO].entrant.id) == (7, 8)
    assert (rows[LATE_ONE].games_played, rows[LATE_TWO].games_played) == (2, 1)


def test_swiss_standings_count_only_the_games_after_a_late_entry(
        club: ClubService, season: dict[str, dict[str, tuple[int, int]]]
) -> None:
    lines = {line.entrant.name: line for line in club.standings(OPEN).lines}
    assert len(lines) == 8 and (lines[LATE_ONE].entrant.id, lines[LATE_TWO].entrant.id) == (7, 8)
    t = club.tournament(OPEN)
    for name, first in ((LATE_ONE, 2), (LATE_TWO, 3)):
        pid = lines[name].entrant.id
        won = sum(Fraction(1) for rnd in t.rounds[first - 1:] for g in rnd.games
                  if g.white == pid) + sum(Fraction(1) for rnd in t.rounds if rnd.bye == pid)
        assert lines[name].total == won, name
