"""The rows of team events (schema 12): teams and their rosters, rounds, matches and boards.

`Club` holds these methods; every write goes through its `_write` (one action, undoable by
the triggers of `schema.FACT_TABLES`), every read through `_rows`. Scores are not stored:
they follow from the boards (`rochade.core.teams.model`).
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Sequence
from typing import Any

from rochade.core.model import Result
from rochade.core.teams.model import Board, Member, Team, TeamMatch, TeamRound


class TeamRows:
    """The team-event methods of an open club file (mixed into `Club`)."""

    def _write(self, sql: str, params: Sequence[object] = ()) -> sqlite3.Cursor:
        raise NotImplementedError

    def _rows(self, sql: str, params: Sequence[object] = ()) -> list[tuple[Any, ...]]:
        raise NotImplementedError

    def add_team(self, tournament_id: int, number: int, name: str) -> None:
        self._write("INSERT INTO teams (tournament_id, number, name) VALUES (?, ?, ?)",
                    (tournament_id, number, name))

    def set_roster(self, tournament_id: int, team: int,
                   members: Sequence[tuple[int, int | None]]) -> None:
        """The team's roster in board order: (member id, rating) per place."""
        self._write("DELETE FROM team_members WHERE tournament_id = ? AND team = ?",
                    (tournament_id, team))
        for place, (member_id, rating) in enumerate(members, start=1):
            self._write(
                "INSERT INTO team_members (tournament_id, team, place, member_id, rating) "
                "VALUES (?, ?, ?, ?, ?)", (tournament_id, team, place, member_id, rating))

    def set_withdrawn(self, tournament_id: int, team: int, after: int | None) -> None:
        self._write("UPDATE teams SET withdrawn_after = ? WHERE tournament_id = ? AND number = ?",
                    (after, tournament_id, team))

    def teams(self, tournament_id: int) -> tuple[Team, ...]:
        """The event's teams by number, rosters in board order (Member.id: the member's id)."""
        members: dict[int, list[Member]] = {}
        for team, member_id, name, rating in self._rows(
            "SELECT t.team, t.member_id, m.name, t.rating FROM team_members t "
            "JOIN members m ON m.id = t.member_id WHERE t.tournament_id = ? "
            "ORDER BY t.team, t.place", (tournament_id,),
        ):
            members.setdefault(team, []).append(Member(member_id, name, rating))
        return tuple(
            Team(number, name, tuple(members.get(number, ())), withdrawn_after)
            for number, name, withdrawn_after in self._rows(
                "SELECT number, name, withdrawn_after FROM teams WHERE tournament_id = ? "
                "ORDER BY number", (tournament_id,))
        )

    def add_team_round(self, tournament_id: int, rnd: TeamRound,
                       explanation: Sequence[str] = ()) -> None:
        """A paired round: its bye, the teams not paired, its matches and their boards."""
        self._write(
            "INSERT INTO team_rounds (tournament_id, number, bye, absent, explanation) "
            "VALUES (?, ?, ?, ?, ?)",
            (tournament_id, rnd.number, rnd.bye, " ".join(map(str, rnd.absent)),
             json.dumps(list(explanation), ensure_ascii=False)))
        for number, match in enumerate(rnd.matches, start=1):
            self._write(
                "INSERT INTO team_matches (tournament_id, round, number, home, away) "
                "VALUES (?, ?, ?, ?, ?)", (tournament_id, rnd.number, number, match.home,
                                           match.away))
            self.set_match_boards(tournament_id, rnd.number, number, match.boards)

    def set_match_boards(self, tournament_id: int, round_number: int, match: int,
                         boards: Sequence[Board]) -> None:
        """A match's boards (its lineups) replaced by these."""
        key = (tournament_id, round_number, match)
        self._write("DELETE FROM team_boards WHERE tournament_id = ? AND round = ? AND match = ?",
                    key)
        for number, board in enumerate(boards, start=1):
            self._write(
                "INSERT INTO team_boards (tournament_id, round, match, board, white, black, "
                "result) VALUES (?, ?, ?, ?, ?, ?, ?)",
                (*key, number, board.white, board.black,
                 None if board.result is None else board.result.value))

    def set_board_result(self, tournament_id: int, round_number: int, match: int, board: int,
                         result: Result | None) -> None:
        self._write(
            "UPDATE team_boards SET result = ? WHERE tournament_id = ? AND round = ? "
            "AND match = ? AND board = ?",
            (None if result is None else result.value, tournament_id, round_number, match,
             board))

    def delete_team_round(self, tournament_id: int, number: int) -> None:
        key = (tournament_id, number)
        self._write("DELETE FROM team_boards WHERE tournament_id = ? AND round = ?", key)
        self._write("DELETE FROM team_matches WHERE tournament_id = ? AND round = ?", key)
        self._write("DELETE FROM team_rounds WHERE tournament_id = ? AND number = ?", key)

    def team_rounds(self, tournament_id: int) -> tuple[TeamRound, ...]:
        """The event's rounds in order, with every match and board."""
        boards: dict[tuple[int, int], list[Board]] = {}
        for rnd, match, white, black, result in self._rows(
            "SELECT round, match, white, black, result FROM team_boards "
            "WHERE tournament_id = ? ORDER BY round, match, board", (tournament_id,),
        ):
            boards.setdefault((rnd, match), []).append(
                Board(white, black, None if result is None else Result(result)))
        matches: dict[int, list[TeamMatch]] = {}
        for rnd, number, home, away in self._rows(
            "SELECT round, number, home, away FROM team_matches WHERE tournament_id = ? "
            "ORDER BY round, number", (tournament_id,),
        ):
            matches.setdefault(rnd, []).append(
                TeamMatch(home, away, tuple(boards.get((rnd, number), ()))))
        return tuple(
            TeamRound(number, tuple(matches.get(number, ())), bye,
                      tuple(int(t) for t in absent.split()))
            for number, bye, absent in self._rows(
                "SELECT number, bye, absent FROM team_rounds WHERE tournament_id = ? "
                "ORDER BY number", (tournament_id,))
        )

    def team_explanation(self, tournament_id: int, number: int) -> tuple[str, ...]:
        rows = self._rows("SELECT explanation FROM team_rounds WHERE tournament_id = ? "
                          "AND number = ?", (tournament_id, number))
        return tuple(json.loads(rows[0][0])) if rows else ()
