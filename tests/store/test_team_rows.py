"""Team events in the club file (schema 12): teams, rosters, rounds, matches and boards are
stored as given, undone action by action, and carried by the JSON backup."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from rochade.core.messages import Message
from rochade.core.model import Result
from rochade.core.teams.model import Board, Member, Team, TeamMatch, TeamRound
from rochade.formats.clubjson import format_club, parse_club
from rochade.store import Club

AT = datetime(2026, 9, 3, 19, 0, tzinfo=UTC)


def _event(path: Path) -> tuple[int, list[int]]:
    club = Club.create(path, "td", AT)
    with club.action("tournament", "team event", "td", AT):
        tid = club.add_tournament("Team day", "swiss", "{}")  # the store keeps any system
        ids = [club.add_member(f"P{i}", 2000 - i, None) for i in range(6)]
        for number in (1, 2):
            club.add_team(tid, number, f"Team {number}")
            club.set_roster(tid, number, [(m, 1900) for m in ids[3 * (number - 1):3 * number]])
    club.close()
    return tid, ids


def test_teams_and_rounds_come_back_as_stored(tmp_path: Path) -> None:
    path = tmp_path / "club.rochade"
    tid, ids = _event(path)
    rnd = TeamRound(1, (TeamMatch(2, 1, (Board(ids[3], ids[0], Result.DRAW),
                                         Board(ids[1], ids[4], None))),))
    with Club.open(path) as club:
        with club.action("pair", "round 1", "td", AT):
            club.add_team_round(tid, rnd, ["why"])
        with club.action("result", "a result", "td", AT):
            club.set_board_result(tid, 1, 1, 2, Result.WHITE_WINS_FORFEIT)
        teams = club.teams(tid)
        assert teams[0] == Team(1, "Team 1", tuple(Member(i, f"P{i - ids[0]}", 1900)
                                                   for i in ids[:3]))
        [stored] = club.team_rounds(tid)
        assert stored.matches[0].boards[1].result is Result.WHITE_WINS_FORFEIT
        assert club.team_explanation(tid, 1) == ("why",)
        club.undo(1, "td", AT)
        assert club.team_rounds(tid) == (rnd,)
        club.undo(1, "td", AT)
        assert club.team_rounds(tid) == ()


def test_the_json_backup_keeps_team_events(tmp_path: Path) -> None:
    path = tmp_path / "club.rochade"
    tid, ids = _event(path)
    with Club.open(path) as club:
        with club.action("pair", "round 1", "td", AT):
            club.add_team_round(tid, TeamRound(1, (TeamMatch(1, 2, (
                Board(ids[0], ids[3], Result.BLACK_WINS),)),)))
            club.set_withdrawn(tid, 2, 1)
        text = format_club(club.dump())
        before = club.snapshot()
    assert '"teams"' in text
    restored = Club.restore(tmp_path / "copy.rochade", parse_club(text), "td", AT,
                            Message("restore"))
    after = restored.snapshot()
    restored.close()
    for table in ("teams", "team_members", "team_rounds", "team_matches", "team_boards"):
        assert after[table] == before[table]
    assert format_club(Club.open(tmp_path / "copy.rochade").dump()).count('"withdrawn_after": 1')
