"""Team events: teams with an ordered roster, matches of N boards, lineups and match points.

A match is between two teams; the *home* team is the one with White on board 1, and board
colours alternate (C.04.6: the team with White on board 1 has White on the odd boards). Board
results are ordinary game results, so forfeited boards and whole-match forfeits are boards
with forfeit results. Every score (match points, game points) is derived from the boards,
never stored, so the store and the service can keep only these values.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import pairwise

from rochade.core.model import ModelError, Result

TeamNumber = int
"""A team's pairing number (TPN), 1..number of teams."""


@dataclass(frozen=True, slots=True)
class Member:
    """A player of a team; ids are unique over the whole event."""

    id: int
    name: str
    rating: int | None = None


@dataclass(frozen=True, slots=True)
class Team:
    """A team and its roster in board order: the first `boards` members are the regular
    players, the rest reserves. A team that withdraws plays no round after `withdrawn_after`."""

    number: TeamNumber
    name: str
    members: tuple[Member, ...]
    withdrawn_after: int | None = None

    def plays(self, round_number: int) -> bool:
        """Whether the team is still in the event in this round."""
        return self.withdrawn_after is None or round_number <= self.withdrawn_after

    def rank_of(self, player: int) -> int:
        """The player's place on the roster (1-based)."""
        for place, member in enumerate(self.members, start=1):
            if member.id == player:
                return place
        raise ModelError("player {player} is not on the roster of team {team}",
                         player=player, team=self.name)


def roster_by_rating(members: Iterable[Member]) -> tuple[Member, ...]:
    """Board order from the ratings: highest first, unrated last, ties by name (stable)."""
    return tuple(sorted(members, key=lambda m: (m.rating is None, -(m.rating or 0), m.name)))


@dataclass(frozen=True, slots=True)
class Board:
    """One board of a match: `white` and `black` are player ids."""

    white: int
    black: int
    result: Result | None = None

    @property
    def played(self) -> bool:
        """Played over the board (a forfeit is not)."""
        return self.result is not None and not self.result.is_forfeit


@dataclass(frozen=True, slots=True)
class TeamMatch:
    """A match of N boards: `home` has White on board 1 and on every odd board."""

    home: TeamNumber
    away: TeamNumber
    boards: tuple[Board, ...] = ()

    def home_player(self, board: int) -> int:
        """The home team's player on a board (1-based)."""
        game = self.boards[board - 1]
        return game.white if board % 2 == 1 else game.black

    def away_player(self, board: int) -> int:
        game = self.boards[board - 1]
        return game.black if board % 2 == 1 else game.white

    @property
    def complete(self) -> bool:
        return bool(self.boards) and all(b.result is not None for b in self.boards)

    @property
    def played(self) -> bool:
        """A match counts as played when a board was played over the board; one lost by
        forfeit on every board is a whole-match forfeit (no colour, no meeting)."""
        return any(board.played for board in self.boards)

    def game_points(self) -> tuple[Fraction, Fraction]:
        """The game points of the home and the away team."""
        home = away = Fraction(0)
        for number, board in enumerate(self.boards, start=1):
            if board.result is None:
                continue
            white, black = board.result.points(True), board.result.points(False)
            if number % 2 == 1:
                home, away = home + white, away + black
            else:
                home, away = home + black, away + white
        return home, away


@dataclass(frozen=True, slots=True)
class TeamScoring:
    """Match points for a won, drawn and lost match (2/1/0 unless the rules say otherwise),
    and what the pairing-allocated bye gives (a won match and `bye_game_points`)."""

    win: Fraction = Fraction(2)
    draw: Fraction = Fraction(1)
    loss: Fraction = Fraction(0)
    bye_game_points: Fraction | None = None
    """Game points of the bye; None = as many as the boards (a match won on every board)."""

    def bye_points(self, boards: int) -> tuple[Fraction, Fraction]:
        gp = Fraction(boards) if self.bye_game_points is None else self.bye_game_points
        return self.win, gp


@dataclass(frozen=True)
class TeamRound:
    """The matches of a round, the team with the pairing-allocated bye, and the teams that
    were not paired (absent, withdrawn, or resting in a round robin)."""

    number: int
    matches: tuple[TeamMatch, ...] = ()
    bye: TeamNumber | None = None
    absent: tuple[TeamNumber, ...] = ()

    def match_of(self, team: TeamNumber) -> TeamMatch | None:
        for match in self.matches:
            if team in (match.home, match.away):
                return match
        return None


class TeamSystem(enum.Enum):
    """How the rounds are paired: the C.04.6 Swiss, or Berger tables single or double."""

    SWISS = "swiss"
    ROUND_ROBIN = "round robin"
    DOUBLE_ROUND_ROBIN = "double round robin"


class ColourModel(enum.Enum):
    """The colour preferences of C.04.6 art. 1.7."""

    TYPE_A = "A"
    TYPE_B = "B"
    NONE = "none"


class Primary(enum.Enum):
    """The primary score of the event (C.04.6 art. 1.2)."""

    MATCH_POINTS = "MP"
    GAME_POINTS = "GP"


@dataclass(frozen=True)
class TeamEvent:
    """A team event: teams, board count, the rounds so far and the rules that pair them."""

    name: str
    teams: tuple[Team, ...]
    boards: int
    total_rounds: int
    rounds: tuple[TeamRound, ...] = ()
    scoring: TeamScoring = TeamScoring()
    colour_model: ColourModel = ColourModel.TYPE_A
    primary: Primary = Primary.MATCH_POINTS
    secondary_used: bool = True
    """Whether the other score decides the first-team of the colour allocation (art. 1.2)."""
    initial_colour: str = "W"
    """The colour drawn by lot before round 1 (art. 4.1), 'W' or 'B'."""
    baku: bool = False
    system: TeamSystem = TeamSystem.SWISS
    _by_number: Mapping[TeamNumber, Team] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        by_number = {team.number: team for team in self.teams}
        if sorted(by_number) != list(range(1, len(self.teams) + 1)):
            raise ModelError("team numbers must run from 1 to the number of teams")
        if self.boards < 1:
            raise ModelError("a team match needs at least one board")
        object.__setattr__(self, "_by_number", by_number)

    def team(self, number: TeamNumber) -> Team:
        return self._by_number[number]

    def player_team(self) -> dict[int, TeamNumber]:
        return {m.id: team.number for team in self.teams for m in team.members}


def check_lineup(team: Team, players: Sequence[int], boards: int) -> None:
    """A lineup fields `boards` players of the roster in roster order (the board-order rule:
    a player listed higher on the roster never plays a lower board than one listed below)."""
    if len(players) != boards:
        raise ModelError("team {team} must field {boards} players, not {count}",
                         team=team.name, boards=boards, count=len(players))
    if len(set(players)) != len(players):
        raise ModelError("team {team} fields a player twice", team=team.name)
    places = [team.rank_of(player) for player in players]
    for upper, lower in pairwise(places):
        if upper > lower:
            raise ModelError(
                "team {team}: the lineup breaks the board order (roster place {upper} "
                "above place {lower})", team=team.name, upper=upper, lower=lower)


class Kind(enum.Enum):
    """What a round was for a team."""

    PLAYED = "played"
    FORFEIT_WIN = "forfeit win"
    FORFEIT_LOSS = "forfeit loss"
    BYE = "bye"
    ABSENT = "absent"
    NOT_PAIRED = "not paired"


@dataclass(frozen=True, slots=True)
class TeamRoundResult:
    """A team's round: opponent (0 when none), colour of board 1 in a played match ('w',
    'b' or ''), and the match and game points it brought."""

    round: int
    kind: Kind
    opponent: TeamNumber = 0
    colour: str = ""
    match_points: Fraction = Fraction(0)
    game_points: Fraction = Fraction(0)
    opponent_game_points: Fraction = Fraction(0)


def round_results(event: TeamEvent, rounds: int | None = None
                  ) -> dict[TeamNumber, list[TeamRoundResult]]:
    """Each team's results round by round (the first `rounds` rounds; all by default)."""
    scoring = event.scoring
    results: dict[TeamNumber, list[TeamRoundResult]] = {t.number: [] for t in event.teams}
    for rnd in event.rounds[: rounds if rounds is not None else len(event.rounds)]:
        seen: set[TeamNumber] = set()
        for match in rnd.matches:
            home_gp, away_gp = match.game_points()
            played = match.played
            for team, opponent, own, other, colour in (
                (match.home, match.away, home_gp, away_gp, "w"),
                (match.away, match.home, away_gp, home_gp, "b"),
            ):
                if own > other:
                    mp, kind = scoring.win, Kind.PLAYED if played else Kind.FORFEIT_WIN
                elif own < other or (not played and own == 0):
                    mp, kind = scoring.loss, Kind.PLAYED if played else Kind.FORFEIT_LOSS
                else:
                    mp, kind = scoring.draw, Kind.PLAYED
                results[team].append(TeamRoundResult(
                    rnd.number, kind, opponent, colour if played else "", mp, own, other))
                seen.add(team)
        if rnd.bye is not None:
            mp, gp = scoring.bye_points(event.boards)
            results[rnd.bye].append(TeamRoundResult(rnd.number, Kind.BYE, 0, "", mp, gp))
            seen.add(rnd.bye)
        for team in results:
            if team not in seen:
                kind = Kind.ABSENT if team in rnd.absent or not event.team(team).plays(rnd.number) \
                    else Kind.NOT_PAIRED
                results[team].append(TeamRoundResult(rnd.number, kind))
    return results


def totals(event: TeamEvent, rounds: int | None = None
           ) -> dict[TeamNumber, tuple[Fraction, Fraction]]:
    """Match points and game points of every team."""
    return {
        team: (sum((r.match_points for r in rows), Fraction(0)),
               sum((r.game_points for r in rows), Fraction(0)))
        for team, rows in round_results(event, rounds).items()
    }
