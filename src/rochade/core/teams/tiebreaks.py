"""Team standings: match points, game points and the team tie-breaks of C.07.

The team tie-breaks that read matches (Buchholz, Sonneborn-Berger, direct encounter, wins,
...) are the individual ones with a match for a game and match points for points (C.07
applies them to teams so), so they run on `core.tiebreaks` with a crosstable of teams;
game points and the board results per player are added here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from rochade.core.model import Outcome
from rochade.core.teams.model import (
    Kind,
    Primary,
    TeamEvent,
    TeamNumber,
    TeamRoundResult,
    round_results,
)
from rochade.core.tiebreaks import (
    Colour,
    Crosstable,
    PlayerRecord,
    RoundEntry,
    Scoring,
    compute,
    performance_rating,
)
from rochade.core.tiebreaks import Kind as EntryKind

_KINDS = {Kind.FORFEIT_WIN: EntryKind.FORFEIT_WIN, Kind.FORFEIT_LOSS: EntryKind.FORFEIT_LOSS,
          Kind.BYE: EntryKind.PAB, Kind.ABSENT: EntryKind.ZPB, Kind.NOT_PAIRED: EntryKind.ZPB}


def _entry(row: TeamRoundResult, game_points: bool) -> RoundEntry:
    points = row.game_points if game_points else None
    if row.kind is Kind.PLAYED:
        outcome = (Outcome.WIN if row.game_points > row.opponent_game_points
                   else Outcome.LOSS if row.game_points < row.opponent_game_points
                   else Outcome.DRAW)
        colour = Colour.WHITE if row.colour == "w" else Colour.BLACK
        return RoundEntry(EntryKind.PLAYED, row.opponent, colour, outcome, points)
    kind = _KINDS[row.kind]
    return RoundEntry(kind, row.opponent if row.opponent else None, points=points)


def team_crosstable(event: TeamEvent, rounds: int | None = None) -> Crosstable:
    """The event's matches as a crosstable of teams, scored in the primary score: match
    points, or game points (a match then counts as many points as its boards)."""
    results = round_results(event, rounds)
    scoring = event.scoring
    bye_mp, bye_gp = scoring.bye_points(event.boards)
    by_games = event.primary is Primary.GAME_POINTS
    boards = Fraction(event.boards)
    return Crosstable(
        players=tuple(PlayerRecord(team, tuple(_entry(row, by_games) for row in rows))
                      for team, rows in sorted(results.items())),
        scoring=(Scoring(boards, boards / 2, Fraction(0), pab=bye_gp) if by_games
                 else Scoring(scoring.win, scoring.draw, scoring.loss, pab=bye_mp)),
        round_robin=False,
    )


@dataclass(frozen=True, slots=True)
class TeamStanding:
    team: TeamNumber
    match_points: Fraction
    game_points: Fraction
    values: tuple[Fraction, ...]


def team_tiebreak(event: TeamEvent, code: str, rounds: int | None = None
                  ) -> dict[TeamNumber, Fraction]:
    """One tie-break for every team: `MPTS` and `GPTS` (match and game points) or any
    C.07 code the individual tie-breaks know (`BH`, `SB`, `DE`, `WON`, ...) on matches."""
    results = round_results(event, rounds)
    if code in ("MPTS", "GPTS"):
        index = code == "GPTS"
        return {team: sum(((r.game_points if index else r.match_points) for r in rows),
                          Fraction(0))
                for team, rows in results.items()}
    if event.primary is Primary.GAME_POINTS and code in BOARD_COUNTS:
        return _board_counts(event, code, rounds)
    return dict(compute(team_crosstable(event, rounds), code))


BOARD_COUNTS = frozenset({"WON", "WIN", "BPG", "BWG", "STD", "REP"})
"""The tie-breaks that count games: with game points primary they count the boards' games
(a pairing-allocated bye as won games on every board)."""


def _board_counts(event: TeamEvent, code: str, rounds: int | None) -> dict[TeamNumber, Fraction]:
    team_of = event.player_team()
    counts = {team.number: Fraction(0) for team in event.teams}
    for rnd in event.rounds[: len(event.rounds) if rounds is None else rounds]:
        if rnd.bye is not None and code in ("WIN", "STD", "REP"):
            counts[rnd.bye] += event.boards
        for match in rnd.matches:
            for board in match.boards:
                if board.result is None:
                    continue
                for player, white in ((board.white, True), (board.black, False)):
                    points = board.result.points(white)
                    if code == "STD":
                        counts[team_of[player]] += points
                        continue
                    counts[team_of[player]] += {
                        "WON": board.played and points == 1,
                        "WIN": points == 1,
                        "BPG": board.played and not white,
                        "BWG": board.played and not white and points == 1,
                        "REP": board.played or points == 1,
                    }[code]
    return counts


def team_standings(event: TeamEvent, codes: Sequence[str] = ("GPTS", "BH", "SB"),
                   rounds: int | None = None) -> list[TeamStanding]:
    """Teams ranked by match points, then the tie-breaks in `codes`, then TPN."""
    mp = team_tiebreak(event, "MPTS", rounds)
    gp = team_tiebreak(event, "GPTS", rounds)
    columns = [team_tiebreak(event, code, rounds) for code in codes]
    rows = [TeamStanding(team, mp[team], gp[team], tuple(column[team] for column in columns))
            for team in mp]
    return sorted(rows, key=lambda row: (-row.match_points, [-v for v in row.values], row.team))


@dataclass(frozen=True, slots=True)
class BoardRecord:
    """A player's games in the event (played ones), for board prizes."""

    player: int
    team: TeamNumber
    boards: tuple[int, ...]
    points: Fraction
    games: int
    performance: int | None


def board_records(event: TeamEvent) -> list[BoardRecord]:
    """Per player: boards played, points, games and performance over the played games."""
    team_of = event.player_team()
    rating = {m.id: m.rating for team in event.teams for m in team.members}
    seen: dict[int, list[tuple[int, Fraction, int | None]]] = {}
    for rnd in event.rounds:
        for match in rnd.matches:
            for number, board in enumerate(match.boards, start=1):
                if board.result is None:
                    continue
                for player, opponent, white in ((board.white, board.black, True),
                                                (board.black, board.white, False)):
                    if board.played:
                        seen.setdefault(player, []).append(
                            (number, board.result.points(white), rating.get(opponent)))
    records = []
    for player, games in sorted(seen.items()):
        points = sum((g[1] for g in games), Fraction(0))
        rated = [(g[2], g[1]) for g in games if g[2] is not None]
        performance = performance_rating(rated) if rated else None
        records.append(BoardRecord(player, team_of[player], tuple(g[0] for g in games),
                                   points, len(games), performance))
    return records
