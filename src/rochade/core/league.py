"""The club's teams in an external league and their matches, and how a Keizer competition
counts its members' league games (spec/keizer.md section 6: a team board's fixed value).

A match is kept once, as the TD enters it (who sat on which board, the results); the
competition's external games follow from the matches every time it is scored, never stored.
Which evening a league game counts on follows from the dates:

- a match on the date of a round counts in that round, as the member's row of the evening
  (it replaces the absence row the member has there, as `rochade external` does for a
  club-night team match); a member who has another row that evening (a game, the bye) gets
  the league game in addition;
- a match on another day counts in addition to the first round after it (the next club
  evening), whatever the member did there;
- until such a round is paired, a board is not counted yet, and the match cards say so;
- a game the TD entered by hand in that round (`rochade external`, same team and board) is
  not counted again.

A club may count a league game only when the member asked for it in advance, that is, when he
announced his absence for club duty for the evening of the match (the competition's setting
`league_games=announced`): then a game counts only in place of that club-duty row; a game on
another day, or on an evening the member did not announce club duty for, counts nowhere, and
the match cards say why.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from rochade.core.messages import N_, Message
from rochade.core.model import ExternalGame, PlayerId, Round, Tournament

SCORES: Mapping[str, tuple[Fraction, Fraction]] = {
    "1": (Fraction(1), Fraction(0)),
    "1/2": (Fraction(1, 2), Fraction(1, 2)),
    "0": (Fraction(0), Fraction(1)),
    "+": (Fraction(1), Fraction(0)),
    "-": (Fraction(0), Fraction(1)),
}
"""A board's result as the club's player scored it (`+`/`-`: won or lost by forfeit), with
the points of both sides."""


CLUB_DUTY = "club_duty"
"""The reason of the absence row a member announced for a league match."""


@dataclass(frozen=True, slots=True)
class LeagueTeam:
    """A club team in a league season; its games count in `competition` (a Keizer
    tournament's name, None: in none) at the board values of the competition's team
    `keizer_team`."""

    id: int
    name: str
    league: str
    season: str
    keizer_team: int
    competition: str | None


@dataclass(frozen=True, slots=True)
class LeagueBoard:
    """One board of a match: the club's player (a member), whether they had white, and their
    score (a key of `SCORES`; None: no result yet)."""

    board: int
    member: int
    name: str
    white: bool
    score: str | None = None


@dataclass(frozen=True, slots=True)
class LeagueMatch:
    """A league match of `team` on `date` (ISO) against the `opponent` club."""

    id: int
    team: LeagueTeam
    date: str
    opponent: str
    home: bool
    boards: tuple[LeagueBoard, ...]

    def points(self) -> tuple[Fraction, Fraction]:
        """The club's and the opponent's game points so far."""
        ours = sum((SCORES[b.score][0] for b in self.boards if b.score), Fraction(0))
        theirs = sum((SCORES[b.score][1] for b in self.boards if b.score), Fraction(0))
        return ours, theirs

    def score(self) -> str:
        """The match score as a card writes it, the club's points first ("4½-3½"); "" while
        no board has a result."""
        if not any(b.score for b in self.boards):
            return ""
        return "-".join(map(_halves, self.points()))

    @property
    def complete(self) -> bool:
        return all(b.score is not None for b in self.boards)


def _halves(points: Fraction) -> str:
    whole, half = divmod(int(points * 2), 2)
    return f"{whole if whole or not half else ''}{'½' if half else ''}"


def default_white(home: bool, board: int) -> bool:
    """Whether the club's player has white on `board` when the TD gives no colours: the home
    team has white on the odd boards, the away team on the even ones."""
    return (board % 2 == 1) == home


@dataclass(frozen=True, slots=True)
class Counted:
    """How a board counts in the competition: in round `round` (as the evening's row or in
    addition to it), or not (`why`)."""

    round: int | None
    replaces_row: bool = False
    why: Message | None = None


@dataclass(frozen=True, slots=True)
class MatchCard:
    """A match and how each of its boards (by number) counts in its team's competition."""

    match: LeagueMatch
    counted: Mapping[int, Counted]


def count_league_games(
    t: Tournament,
    dates: Sequence[str | None],
    matches: Sequence[LeagueMatch],
    entrant_of: Mapping[int, PlayerId],
    teams: Collection[int],
    announced_only: bool = False,
) -> tuple[Tournament, dict[tuple[int, int], Counted]]:
    """The competition with the league games of `matches` as external games (see the module's
    rules), and how each board (match id, board) counts. `dates[k]`: the date of round k + 1
    (None: not known); `entrant_of`: member id -> entrant id; `teams`: the Keizer teams that
    have board values; `announced_only`: count a game only in place of a club-duty absence."""
    rounds = list(t.rounds)
    counted: dict[tuple[int, int], Counted] = {}
    for match in sorted(matches, key=lambda m: (m.date, m.id)):
        number, same_day = _round_of(match.date, dates)
        for board in match.boards:
            key = (match.id, board.board)
            player = entrant_of.get(board.member)
            if board.score is None:
                counted[key] = Counted(None, why=Message(N_("no result yet")))
            elif player is None:
                counted[key] = Counted(None, why=Message(
                    N_("{player} does not play in {competition}"),
                    {"player": board.name, "competition": t.name}))
            elif match.team.keizer_team not in teams:
                counted[key] = Counted(None, why=Message(
                    N_("team {team} has no board values in {competition}"),
                    {"team": match.team.keizer_team, "competition": t.name}))
            elif number is None:
                counted[key] = Counted(None, why=Message(
                    N_("not counted yet: no round on or after {date}"),
                    {"date": match.date}))
            elif any(x.player == player and x.team == match.team.keizer_team
                     and x.board == board.board for x in t.rounds[number - 1].externals):
                counted[key] = Counted(None, why=Message(
                    N_("already counted in round {round}, entered by hand"), {"round": number}))
            elif announced_only and not same_day:
                counted[key] = Counted(None, why=Message(
                    N_("not counted: played on another day than a round, and only a league "
                       "game in place of an announced club-duty absence counts")))
            elif announced_only and not any(a.player == player and a.reason == CLUB_DUTY
                                            for a in rounds[number - 1].absences):
                counted[key] = Counted(None, why=Message(
                    N_("not counted: {player} did not announce club duty for round {round}"),
                    {"player": board.name, "round": number}))
            else:
                rnd = rounds[number - 1]
                replaces = same_day and any(a.player == player for a in rnd.absences)
                ext = ExternalGame(player, match.team.keizer_team, board.board,
                                   SCORES[board.score][0], replaces)
                rounds[number - 1] = _with_external(rnd, ext)
                counted[key] = Counted(number, replaces)
    return dataclasses.replace(t, rounds=tuple(rounds)), counted


def _round_of(day: str, dates: Sequence[str | None]) -> tuple[int | None, bool]:
    """The round a match on `day` counts in, and whether it was played that evening."""
    for number, date in enumerate(dates, start=1):
        if date == day:
            return number, True
    later = [(date, number) for number, date in enumerate(dates, start=1)
             if date is not None and date > day]
    return (min(later)[1], False) if later else (None, False)


def _with_external(rnd: Round, ext: ExternalGame) -> Round:
    absences = (tuple(a for a in rnd.absences if a.player != ext.player) if ext.replaces_row
                else rnd.absences)
    return dataclasses.replace(rnd, absences=absences, externals=(*rnd.externals, ext))
