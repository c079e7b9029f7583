"""How a Keizer competition counts the club's league games (rochade.core.league): the round a
match date maps to, the row it replaces or adds to, the boards that count nowhere and why, and
the board value the scoring gives them."""

from __future__ import annotations

import dataclasses
from fractions import Fraction as F

from hypothesis import given
from hypothesis import strategies as hs

from rochade.core.keizer.scoring import compute_standings
from rochade.core.keizer.settings import KeizerSettings, Ladder
from rochade.core.league import (
    LeagueBoard,
    LeagueMatch,
    LeagueTeam,
    count_league_games,
    default_white,
)
from rochade.core.model import Absence, Entrant, ExternalGame, Game, Result, Round, Tournament

TEAM = LeagueTeam(1, "Rochade 1", "KNSB", "2026-27", 1, "Winter")
SECOND = LeagueTeam(2, "Rochade 2", "", "2026-27", 2, "Winter")
DATES = ("2026-10-06", "2026-10-13")
MEMBERS = {11: 1, 12: 2, 13: 3, 14: 4, 15: 5}  # member id -> entrant id
SETTINGS = KeizerSettings(ladder=Ladder.FIXED, top_value=F(70), team_values={1: F(70)},
                          team_shares={})


def season() -> Tournament:
    """Five players; Anna (1) on club duty both evenings, Ben (2) plays in both."""
    entrants = tuple(Entrant(i, name, 2000 - 10 * i)
                     for i, name in enumerate(("Anna", "Ben", "Cora", "Dirk", "Eva"), 1))
    rounds = tuple(
        Round(n, (Game(2, 3, Result.WHITE_WINS, 1), Game(4, 5, Result.DRAW, 2)),
              (Absence(1, "club_duty"),))
        for n in (1, 2))
    return Tournament("Winter", entrants, rounds, "keizer", SETTINGS)


def match(day: str, *boards: tuple[int, str | None], team: LeagueTeam = TEAM,
          match_id: int = 1) -> LeagueMatch:
    return LeagueMatch(match_id, team, day, "SC Utrecht", True, tuple(
        LeagueBoard(b, member, f"member {member}", default_white(True, b), score)
        for b, (member, score) in enumerate(boards, 1)))


def test_a_club_night_match_replaces_the_club_duty_row_at_the_board_value() -> None:
    t, counted = count_league_games(season(), DATES, [match("2026-10-06", (11, "1"))],
                                    MEMBERS, {1})
    assert counted == {(1, 1): counted[1, 1]} and counted[1, 1].round == 1
    assert counted[1, 1].replaces_row
    first = t.rounds[0]
    assert first.absences == () and [x.player for x in first.externals] == [1]
    t.validate()
    anna = next(r for r in compute_standings(t, SETTINGS).rows if r.entrant.id == 1)
    club_night = next(b for b in anna.breakdown if b.round == 1)
    assert club_night.credit == 70 and club_night.note == "team 1 board 1"


def test_a_player_with_a_game_that_evening_gets_it_in_addition() -> None:
    t, counted = count_league_games(season(), DATES, [match("2026-10-13", (13, "1/2"), (12, "0"))],
                                    MEMBERS, {1})
    assert not counted[1, 1].replaces_row and counted[1, 1].round == 2
    assert [(x.player, x.board, x.score, x.replaces_row) for x in t.rounds[1].externals] == [
        (3, 1, F(1, 2), False), (2, 2, F(0), False)]
    t.validate()


def test_another_day_counts_in_addition_to_the_next_round() -> None:
    _, counted = count_league_games(season(), DATES, [match("2026-10-08", (11, "+"))],
                                    MEMBERS, {1})
    assert counted[1, 1].round == 2 and not counted[1, 1].replaces_row


def test_boards_that_count_nowhere_say_why() -> None:
    matches = [match("2026-10-20", (11, "1")),
               match("2026-10-06", (12, None), (99, "1"), match_id=2),
               match("2026-10-06", (14, "1"), team=SECOND, match_id=3)]
    t, counted = count_league_games(season(), DATES, matches, MEMBERS, {1})
    assert t == season()
    said = {key: str(c.why) for key, c in counted.items()}
    assert said == {
        (1, 1): "not counted yet: no round on or after 2026-10-20",
        (2, 1): "no result yet",
        (2, 2): "member 99 does not play in Winter",
        (3, 1): "team 2 has no board values in Winter",
    }


def test_announced_only_counts_a_game_in_place_of_the_club_duty_row_and_nothing_else() -> None:
    """Anna (club duty both evenings) plays on club night 1 and on a Thursday; Ben, who
    played at the club that evening, also plays on club night 2: only Anna's club-night game
    counts, the others say why."""
    t = season()
    excused = dataclasses.replace(t.rounds[1], absences=(Absence(1, "excused"),))
    t = dataclasses.replace(t, rounds=(t.rounds[0], excused))
    matches = [match("2026-10-06", (11, "1")),
               match("2026-10-08", (11, "1"), match_id=2),
               match("2026-10-13", (11, "1/2"), (12, "1"), match_id=3)]
    counted_t, counted = count_league_games(t, DATES, matches, MEMBERS, {1},
                                            announced_only=True)
    assert counted[1, 1].round == 1 and counted[1, 1].replaces_row
    assert {key: str(c.why) for key, c in counted.items() if c.round is None} == {
        (2, 1): "not counted: played on another day than a round, and only a league game in "
                "place of an announced club-duty absence counts",
        (3, 1): "not counted: member 11 did not announce club duty for round 2",
        (3, 2): "not counted: member 12 did not announce club duty for round 2",
    }
    assert [x.player for r in counted_t.rounds for x in r.externals] == [1]
    assert counted_t.rounds[1] == t.rounds[1]
    always = count_league_games(t, DATES, matches, MEMBERS, {1})[1]
    assert all(c.round is not None for c in always.values())


def test_a_game_entered_by_hand_is_not_counted_twice() -> None:
    t = season()
    first = t.rounds[0]
    by_hand = dataclasses.replace(first, absences=(), externals=(ExternalGame(1, 1, 1, F(1)),))
    t = dataclasses.replace(t, rounds=(by_hand, *t.rounds[1:]))
    counted_t, counted = count_league_games(t, DATES, [match("2026-10-06", (11, "1"))],
                                            MEMBERS, {1})
    assert counted_t == t
    assert str(counted[1, 1].why) == "already counted in round 1, entered by hand"


@given(hs.lists(hs.tuples(hs.sampled_from(("2026-10-01", *DATES, "2026-10-10", "2026-11-01")),
                          hs.sampled_from(tuple(MEMBERS)),
                          hs.sampled_from(("1", "1/2", "0", "+", "-", None))), max_size=8))
def test_every_counted_board_is_one_external_game_and_every_row_stays_one(
        entries: list[tuple[str, int, str | None]]) -> None:
    matches = [match(day, (member, score), match_id=i)
               for i, (day, member, score) in enumerate(entries, 1)]
    t, counted = count_league_games(season(), DATES, matches, MEMBERS, {1})
    t.validate()
    externals = sum(len(r.externals) for r in t.rounds)
    assert externals == sum(c.round is not None for c in counted.values())
    assert externals == sum(score is not None and day <= DATES[-1]
                            for day, _, score in entries)
