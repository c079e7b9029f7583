"""How a Keizer competition counts its members' cup games (rochade.core.cup_games): on the
evening of the same date, in place of an absence row, as a game against the cup opponent or as
club duty; never on another day, never without a result, never twice an evening; and the
scoring prices the game at the opponent's value."""

from __future__ import annotations

from fractions import Fraction as F

from rochade.core.cup_games import CLUB_DUTY, PLAYED, Cup, count_cup_games
from rochade.core.keizer.scoring import compute_standings
from rochade.core.keizer.settings import KeizerSettings, Ladder
from rochade.core.model import Absence, Entrant, Game, Result, Round, Tournament

DATES = ("2026-10-06", "2026-10-13")
SETTINGS = KeizerSettings(ladder=Ladder.FIXED, top_value=F(70))
KEIZER_MEMBERS = {1: 11, 2: 12, 3: 13, 4: 14, 5: 15}  # Keizer entrant -> member
CUP_MEMBERS = {7: 11, 8: 12, 9: 16}  # cup entrant -> member (16 plays only the cup)


def season() -> Tournament:
    """Five players; round 1: Cora-Dirk, Anna and Ben away (excused), Eva unexcused."""
    entrants = tuple(Entrant(i, name, 2000 - 10 * i)
                     for i, name in enumerate(("Anna", "Ben", "Cora", "Dirk", "Eva"), 1))
    first = Round(1, (Game(3, 4, Result.DRAW, 1),),
                  (Absence(1, "excused"), Absence(2, "excused"), Absence(5, "unexcused")))
    return Tournament("Winter", entrants, (first,), "keizer", SETTINGS)


def cup(*rounds: tuple[Game, ...], dates: tuple[str | None, ...] = DATES) -> Cup:
    entrants = tuple(Entrant(i, f"cupper {i}", 1900) for i in CUP_MEMBERS)
    t = Tournament("Cup", entrants, tuple(Round(n, games, ()) for n, games in
                                          enumerate(rounds, 1)), "knockout", None)
    return Cup(t, dates, CUP_MEMBERS)


def test_a_cup_game_on_a_club_evening_is_a_game_against_the_cup_opponent() -> None:
    t = count_cup_games(season(), DATES, KEIZER_MEMBERS,
                        [cup((Game(8, 7, Result.WHITE_WINS, 1),))], PLAYED)
    first = t.rounds[0]
    assert first.games[1] == Game(2, 1, Result.WHITE_WINS, 2)
    assert [a.player for a in first.absences] == [5]
    t.validate()
    ben = next(r for r in compute_standings(t, SETTINGS).rows if r.entrant.id == 2)
    won = next(b for b in ben.breakdown if b.round == 1)
    assert won.kind == "game" and won.opponent == 1


def test_as_club_duty_each_cup_player_gets_the_club_duty_row() -> None:
    t = count_cup_games(season(), DATES, KEIZER_MEMBERS,
                        [cup((Game(8, 7, Result.DRAW, 1),))], CLUB_DUTY)
    assert t.rounds[0].absences == (Absence(1, "club_duty"), Absence(2, "club_duty"),
                                    Absence(5, "unexcused"))
    assert t.rounds[0].games == season().rounds[0].games


def test_an_opponent_outside_the_competition_makes_it_club_duty() -> None:
    t = count_cup_games(season(), DATES, KEIZER_MEMBERS,
                        [cup((Game(7, 9, Result.BLACK_WINS, 1),))], PLAYED)
    assert t.rounds[0].absences[0] == Absence(1, "club_duty")
    assert len(t.rounds[0].games) == 1


def test_nothing_counts_without_a_result_on_another_day_or_twice_an_evening() -> None:
    unplayed = cup((Game(8, 7, None, 1),))
    other_day = cup((Game(8, 7, Result.WHITE_WINS, 1),), dates=("2026-10-07",))
    assert count_cup_games(season(), DATES, KEIZER_MEMBERS, [unplayed, other_day],
                           PLAYED) == season()
    playoff = cup((Game(8, 7, Result.DRAW, 1),), (Game(7, 8, Result.WHITE_WINS, 1),),
                  dates=(DATES[0], DATES[0]))
    t = count_cup_games(season(), DATES, KEIZER_MEMBERS, [playoff], PLAYED)
    assert t.rounds[0].games[1:] == (Game(2, 1, Result.DRAW, 2),)
