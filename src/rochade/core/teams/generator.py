"""A seeded random team Swiss (C.04.6) played with rochade's team engine.

8-40 teams of 4-6 boards (rosters a little longer), 5-9 rounds, random lineups in roster
order, results from the rating difference, forfeited boards, whole-match forfeits, now and
then a team that withdraws, the Baku acceleration in one event of five and game points as
the primary score in some others. Everything random comes from the seed, so a seed replays
its event: the random tournament generator (RTG) of the team system, and the corpus of the
team benchmark.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from rochade.core.model import Result
from rochade.core.teams.model import (
    Board,
    ColourModel,
    Member,
    Primary,
    Team,
    TeamEvent,
    TeamMatch,
    TeamRound,
    check_lineup,
)
from rochade.core.teams.swiss import NoTeamPairing, TeamPairing, pair_team_round


@dataclass(frozen=True)
class Played:
    """A generated event and rochade's pairing of each round."""

    seed: int
    event: TeamEvent
    pairings: tuple[TeamPairing, ...]


def _teams(rng: random.Random, count: int, boards: int) -> tuple[Team, ...]:
    strengths = sorted((rng.randint(1400, 2500) for _ in range(count)), reverse=True)
    teams, next_id = [], 1
    for number, strength in enumerate(strengths, start=1):
        size = boards + rng.randint(0, 2)
        ratings = sorted((strength + rng.randint(-150, 150) for _ in range(size)), reverse=True)
        members = tuple(Member(next_id + i, f"Player {next_id + i}", r)
                        for i, r in enumerate(ratings))
        next_id += size
        teams.append(Team(number, f"Team {number}", members))
    return tuple(teams)


def _result(rng: random.Random, white: Member, black: Member, forfeit: float) -> Result:
    if rng.random() < forfeit:
        return rng.choice([Result.WHITE_WINS_FORFEIT, Result.BLACK_WINS_FORFEIT])
    expected = 1 / (1 + 10 ** (((black.rating or 0) - (white.rating or 0)) / 400))
    draw = 0.3
    roll = rng.random()
    if roll < expected - draw / 2:
        return Result.WHITE_WINS
    if roll < expected + draw / 2:
        return Result.DRAW
    return Result.BLACK_WINS


def _lineup(rng: random.Random, team: Team, boards: int) -> list[Member]:
    chosen = sorted(rng.sample(range(len(team.members)), boards))
    return [team.members[i] for i in chosen]


def _match(rng: random.Random, event: TeamEvent, home: int, away: int) -> TeamMatch:
    home_players = _lineup(rng, event.team(home), event.boards)
    away_players = _lineup(rng, event.team(away), event.boards)
    for team, players in ((home, home_players), (away, away_players)):
        check_lineup(event.team(team), [p.id for p in players], event.boards)
    whole = rng.random()
    boards = []
    for number, (h, a) in enumerate(zip(home_players, away_players, strict=True), start=1):
        white, black = (h, a) if number % 2 else (a, h)
        if whole < 0.03:  # the home team does not turn up
            result = Result.BLACK_WINS_FORFEIT if number % 2 else Result.WHITE_WINS_FORFEIT
        elif whole < 0.06:  # the away team does not turn up
            result = Result.WHITE_WINS_FORFEIT if number % 2 else Result.BLACK_WINS_FORFEIT
        else:
            result = _result(rng, white, black, 0.05 if number > 1 else 0.0)
        boards.append(Board(white.id, black.id, result))
    return TeamMatch(home, away, tuple(boards))


def generated_event(seed: int, model: ColourModel = ColourModel.TYPE_A,
                    teams: tuple[int, int] = (8, 40)) -> Played:
    """Play a whole event from `seed` (8-40 teams, 4-6 boards, 5-9 rounds by default).

    A small field can run out of legal pairings (C.04.6 art. 3.3.3: the arbiter decides);
    the event is then drawn again from the seed's next draw, so each seed still gives one
    event."""
    for attempt in range(20):
        try:
            return _played(seed, random.Random(seed if attempt == 0 else f"{seed}/{attempt}"),
                           model, teams)
        except NoTeamPairing:
            continue
    raise NoTeamPairing("seed {seed}: every draw ran out of legal pairings", seed=seed)


def _played(seed: int, rng: random.Random, model: ColourModel, teams: tuple[int, int]
            ) -> Played:
    count = rng.randint(*teams)
    boards = rng.randint(4, 6)
    total = min(rng.randint(5, 9), count - 3)
    baku = rng.random() < 0.2
    primary = Primary.GAME_POINTS if not baku and rng.random() < 0.2 else Primary.MATCH_POINTS
    event = TeamEvent(
        name=f"Generated {seed}", teams=_teams(rng, count, boards), boards=boards,
        total_rounds=total, colour_model=model, primary=primary,
        initial_colour=rng.choice("WB"), baku=baku,
    )
    pairings = []
    for number in range(1, total + 1):
        still = sum(t.plays(number) for t in event.teams)
        if number > 1 and still > total + 2 and rng.random() < 0.15:
            leaving = rng.choice([t for t in event.teams if t.plays(number)])
            teams_now = tuple(replace(t, withdrawn_after=number - 1) if t is leaving else t
                              for t in event.teams)
            event = replace(event, teams=teams_now)
        pairing = pair_team_round(event, number)
        pairings.append(pairing)
        matches = tuple(_match(rng, event, home, away) for home, away in pairing.matches)
        event = replace(event, rounds=(*event.rounds, TeamRound(number, matches, pairing.bye)))
    return Played(seed, event, tuple(pairings))
