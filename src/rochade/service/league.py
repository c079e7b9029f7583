"""The club's league teams and their matches: a team counts for a Keizer competition, each
match is entered once (lineup, colours, results) and corrected by the TD, each change one
undoable action of that competition. The competition counts the league games itself
(`league_games`); the match cards list the season's matches per team."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping, Sequence
from datetime import date

from rochade.core.league import (
    SCORES,
    LeagueBoard,
    LeagueMatch,
    LeagueTeam,
    MatchCard,
    default_white,
)
from rochade.core.messages import N_, Message, Said
from rochade.core.systems import system_of
from rochade.formats.html import ENGLISH, Language, page
from rochade.formats.tables import match_cards_table
from rochade.service.clubfile import UseCases
from rochade.service.errors import ServiceError
from rochade.service.league_games import with_league_games
from rochade.service.players import pick
from rochade.service.printed import PrintedList
from rochade.store import Club, MemberRecord, TournamentRecord

__all__ = ["LeagueBoard", "LeagueDesk", "LeagueMatch", "LeagueTeam", "MatchCard", "PrintedList",
           "cards_html"]

_TYPED_SCORES = {**{key: key for key in SCORES}, "½": "1/2", "=": "1/2"}
_BOARD = re.compile(r"\s*(\d{1,3})\s*[=:]\s*(.*)", re.S)


class LeagueDesk(UseCases):
    """The club's teams in an external league and their matches."""

    def add_league_team(self, name: str, keizer_team: int = 1, league: str = "",
                        season: str = "", competition: str | None = None) -> LeagueTeam:
        """A club team of a league season whose games count for `competition` (a Keizer
        tournament; None: the only or current one) at the board values of its team
        `keizer_team`."""
        if not name.strip():
            raise ServiceError("no team given")
        with self.file.change("league", "league team") as (club, action):
            record, t = self.file.load(club, competition, league=False)
            system = system_of(t)
            if not system.external_games:
                raise ServiceError("{tournament} does not count games for the club's teams "
                                   "(a Keizer competition does)", tournament=record.name)
            teams = system.teams(t.settings)
            if keizer_team not in teams:
                raise ServiceError(
                    "team {team} has no board values in the settings ({teams})",
                    team=keizer_team,
                    teams=", ".join(map(str, sorted(teams))) or Message("none"),
                )
            team = LeagueTeam(0, name.strip(), league.strip(), season.strip(), keizer_team,
                              record.name)
            team_id = club.add_league_team(team, record.id)
            action.describe(Message(
                N_("league team {team} ({league} {season}): its games count as team {number}"),
                {"team": team.name, "league": team.league, "season": team.season,
                 "number": keizer_team}), record)
        return dataclasses.replace(team, id=team_id)

    def league_teams(self, season: str | None = None) -> list[LeagueTeam]:
        """The club's league teams (of one season), oldest first."""
        with self.file.reading() as club:
            return [team for team, _ in club.league_teams()
                    if season is None or team.season == season]

    def add_league_match(
        self,
        team: str,
        day: str,
        opponent: str,
        home: bool,
        lineup: Sequence[str],
        colours: str | None = None,
        results: Sequence[str] = (),
        season: str | None = None,
        replace: int | None = None,
    ) -> LeagueMatch:
        """Enter a match: the club's players in board order (`lineup`: names, or `3=name` for
        a board given by number), their colours (`colours`: w or b per board; by default the
        home team has white on the odd boards) and the results known (`1=1 2=1/2`).

        `replace`: the match entered again under its number, as a correction of its date,
        opponent or lineup; a board whose player stays keeps its result unless given."""
        iso = _date(day)
        if not opponent.strip():
            raise ServiceError("no opponent club given")
        with self.file.change("league", "league match") as (club, action):
            chosen, record = self._team(club, team, season)
            boards = _lineup(club.members(), lineup)
            whites = _colours(colours, home, [b for b, _ in boards])
            scores = _results(results, {b for b, _ in boards})
            template = N_("league match #{match} {team} - {opponent} on {date}: {boards} boards")
            if replace is not None:
                old, _ = self._match(club, replace)
                kept = {(b.board, b.member): b.score for b in old.boards if b.score}
                scores = {b: score for b, m in boards
                          if (score := scores.get(b, kept.get((b, m.id)))) is not None}
                club.delete_league_match(replace)
                template = N_("league match #{match} {team} - {opponent} on {date}: {boards} "
                              "boards (corrected)")
            match = LeagueMatch(0, chosen, iso, opponent.strip(), home, tuple(
                LeagueBoard(b, m.id, m.name, whites[b], scores.get(b)) for b, m in boards))
            match_id = club.add_league_match(match, replace)
            action.describe(Message(template, {
                "match": match_id, "team": chosen.name, "opponent": match.opponent,
                "date": date.fromisoformat(iso), "boards": len(boards)}), record)
        return dataclasses.replace(match, id=match_id)

    def set_league_results(self, match_id: int, results: Sequence[str]) -> LeagueMatch:
        """Enter or correct results of a match's boards (`1=1 2=1/2 3=+`)."""
        with self.file.change("league", "league result") as (club, action):
            match, record = self._match(club, match_id)
            scores = _results(results, {b.board for b in match.boards})
            if not scores:
                raise ServiceError("no result given; write board=result, e.g. 1=1 2=1/2 3=0")
            for board, score in scores.items():
                club.set_league_result(match_id, board, score)
            action.describe(Message(
                N_("league match #{match} {team} - {opponent}: {results}"),
                {"match": match_id, "team": match.team.name, "opponent": match.opponent,
                 "results": " ".join(f"{b}={s}" for b, s in sorted(scores.items()))}), record)
        return dataclasses.replace(match, boards=tuple(
            dataclasses.replace(b, score=scores.get(b.board, b.score)) for b in match.boards))

    def set_league_board(self, match_id: int, board: int, player: str | None = None,
                         colour: str | None = None, result: str | None = None
                         ) -> LeagueMatch:
        """Correct one board of a recorded match: its player (a member's name), colour (w or
        b) or result, without entering the match again. The board keeps what is not given:
        a player typed wrongly is put right with the result the board had."""
        return self.set_league_boards(
            match_id, {board: player or ""}, [f"{board}={result}"] if result else (),
            {board: colour} if colour else None, nothing=board)

    def set_league_boards(self, match_id: int, players: Mapping[int, str],
                          results: Sequence[str] = (),
                          colours: Mapping[int, str] | None = None,
                          nothing: int | None = None) -> LeagueMatch:
        """Correct a recorded match board by board, as one change: `players` board -> a
        member's name (empty: the player stays), `results` `board=result`, `colours` board ->
        w or b. Only what differs from the match is changed. `nothing`: the board to name
        when nothing differs (None: say no result was given)."""
        with self.file.change("league", "league board") as (club, action):
            match, record = self._match(club, match_id)
            boards = {b.board for b in match.boards}
            scores = _results(results, boards)
            for board in {*players, *(colours or {})} - boards:
                raise ServiceError("board {board} is not in the lineup (boards {boards})",
                                   board=board, boards=", ".join(map(str, sorted(boards))))
            members = club.members()
            changed: list[LeagueBoard] = []
            now = {b.board: b for b in match.boards}
            for board in sorted(boards):
                new = old = now[board]
                typed = players.get(board, "").strip()
                if typed:
                    member = pick(members, typed, lambda m: m.name, "player",
                                  lambda m: f"{m.name} ({m.id})")
                    new = dataclasses.replace(new, member=member.id, name=member.name)
                if colours and colours.get(board, "").strip():
                    new = dataclasses.replace(
                        new, white=_colours(colours[board], match.home, [board])[board])
                if board in scores:
                    new = dataclasses.replace(new, score=scores[board])
                if new != old:
                    changed.append(new)
                    now[board] = new
            twice = _twice(now, changed)
            if twice is not None:
                raise ServiceError("{player} is on board {board} already", player=twice.name,
                                   board=twice.board)
            if not changed:
                if nothing is None:
                    raise ServiceError(
                        "no result given; write board=result, e.g. 1=1 2=1/2 3=0")
                raise ServiceError("nothing to change on board {board}", board=nothing)
            club.set_league_boards(match_id, changed)
            action.describe(Message(
                N_("league match #{match} {team} - {opponent}: {results}"),
                {"match": match_id, "team": match.team.name, "opponent": match.opponent,
                 "results": " ".join(_board_text(b) for b in changed)}), record)
        return dataclasses.replace(match, boards=tuple(now[b.board] for b in match.boards))

    def delete_league_match(self, match_id: int) -> LeagueMatch:
        """Remove a match entered by mistake (undo brings it back)."""
        with self.file.change("league", "league match deleted") as (club, action):
            match, record = self._match(club, match_id)
            club.delete_league_match(match_id)
            action.describe(Message(
                N_("league match #{match} {team} - {opponent} on {date} deleted"),
                {"match": match_id, "team": match.team.name, "opponent": match.opponent,
                 "date": date.fromisoformat(match.date)}), record)
        return match

    def match_cards(self, team: str | None = None, season: str | None = None
                    ) -> list[MatchCard]:
        """The matches (of one team, of one season) by date, each board with how its team's
        competition counts it."""
        with self.file.reading() as club:
            teams = _chosen_teams(club, team, season)
            records = {r.id: r for r in club.tournaments()}
            cards = []
            for tournament_id in sorted({tid for _, tid in teams if tid is not None}):
                record = records[tournament_id]
                _, t = self.file.load(club, record.name, league=False)
                counted = with_league_games(club, record, t)[1]
                mine = [chosen for chosen, tid in teams if tid == tournament_id]
                cards += [MatchCard(m, {b.board: counted[m.id, b.board] for b in m.boards
                                        if (m.id, b.board) in counted})
                          for m in club.league_matches(mine)]
            free = [chosen for chosen, tid in teams if tid is None]
            cards += [MatchCard(m, {}) for m in club.league_matches(free)]
        return sorted(cards, key=lambda c: (c.match.date, c.match.id))

    def match_card_list(self, team: str | None = None, season: str | None = None
                        ) -> PrintedList:
        """The match cards as the one list the terminal, CSV and HTML write."""
        cards = self.match_cards(team, season)
        if team is not None:  # as the club file spells it
            with self.file.reading() as club:
                team = _chosen_teams(club, team, season)[0][0].name
        title = (Said(N_("{team}: match cards"), team=team) if team is not None
                 else Said(N_("League matches, season {season}"), season=season)
                 if season is not None else Said(N_("League matches")))
        return PrintedList(match_cards_table(cards, title), title)

    def league_members(self) -> list[str]:
        """The members' names, for a lineup typed on a form."""
        with self.file.reading() as club:
            return sorted({m.name for m in club.members()})

    def _team(self, club: Club, typed: str, season: str | None
              ) -> tuple[LeagueTeam, TournamentRecord]:
        """The team the TD typed (of `season`) and the competition it counts for."""
        teams = [pair for pair in club.league_teams() if season is None or pair[0].season == season]
        if not teams and season is not None:
            raise ServiceError("no league team plays in season '{season}'", season=season)
        chosen, tournament_id = pick(teams, typed, lambda p: p[0].name, "team",
                                     lambda p: f"{p[0].name} ({p[0].season})")
        return chosen, _record(club, tournament_id)

    def _match(self, club: Club, match_id: int) -> tuple[LeagueMatch, TournamentRecord]:
        teams = club.league_teams()
        match = next((m for m in club.league_matches([t for t, _ in teams]) if m.id == match_id),
                     None)
        if match is None:
            raise ServiceError("there is no league match #{match}", match=match_id)
        tournament_id = next(tid for t, tid in teams if t.id == match.team.id)
        return match, _record(club, tournament_id)


def cards_html(cards: PrintedList, club_name: str, language: Language = ENGLISH) -> str:
    """The match cards as a stand-alone HTML page to print or put on the club's website."""
    return page(club_name, [cards.table], inline_css=True, club=club_name, language=language)


def _record(club: Club, tournament_id: int | None) -> TournamentRecord:
    record = next((r for r in club.tournaments() if r.id == tournament_id), None)
    if record is None:  # the schema allows a team without a competition; rochade makes none
        raise ServiceError("this league team counts for no competition")
    return record


def _chosen_teams(club: Club, team: str | None, season: str | None
                  ) -> list[tuple[LeagueTeam, int | None]]:
    teams = [pair for pair in club.league_teams() if season is None or pair[0].season == season]
    if team is None:
        return teams
    return [pick(teams, team, lambda p: p[0].name, "team",
                 lambda p: f"{p[0].name} ({p[0].season})")]


def _twice(boards: Mapping[int, LeagueBoard], changed: Sequence[LeagueBoard]
           ) -> LeagueBoard | None:
    """A board whose player is also on a board just changed (the other one's board)."""
    for new in changed:
        other = next((b for b in boards.values()
                      if b.member == new.member and b.board != new.board), None)
        if other is not None:
            return other
    return None


def _board_text(board: LeagueBoard) -> str:
    """A corrected board as the log writes it: `2=Bert (w) 1/2`."""
    return (f"{board.board}={board.name} ({'w' if board.white else 'b'})"
            f"{' ' + board.score if board.score else ''}")


def _date(day: str) -> str:
    try:
        return date.fromisoformat(day.strip()).isoformat()
    except ValueError:
        raise ServiceError("'{date}' is not a date; write it like 2026-12-01", date=day) from None


def _lineup(members: Sequence[MemberRecord], lineup: Sequence[str]
            ) -> list[tuple[int, MemberRecord]]:
    """(board, member) in board order: a name takes the board after the one before it."""
    if not lineup:
        raise ServiceError("no lineup given; name the players in board order")
    boards: dict[int, MemberRecord] = {}
    board = 0
    for entry in lineup:
        numbered = _BOARD.fullmatch(entry)
        board, typed = (int(numbered[1]), numbered[2]) if numbered else (board + 1, entry)
        if board < 1:
            raise ServiceError("boards are numbered from 1")
        if board in boards:
            raise ServiceError("board {board} is given twice", board=board)
        member = pick(members, typed, lambda m: m.name, "player", lambda m: f"{m.name} ({m.id})")
        twice = next((b for b, m in boards.items() if m.id == member.id), None)
        if twice is not None:
            raise ServiceError("{player} is on board {board} already", player=member.name,
                               board=twice)
        boards[board] = member
    return sorted(boards.items())


def _colours(colours: str | None, home: bool, boards: Sequence[int]) -> dict[int, bool]:
    """Board -> whether the club's player has white (`colours`: w or b per board, in board
    order, `.` for the rule; None: the rule, the home team white on the odd boards)."""
    if colours is None or not colours.strip():
        return {b: default_white(home, b) for b in boards}
    letters = colours.strip().lower().replace(" ", "")
    if len(letters) != len(boards) or set(letters) - {"w", "b", "."}:
        raise ServiceError("colours: write w or b for each of the {count} boards, e.g. wbwb",
                           count=len(boards))
    return {b: default_white(home, b) if letter == "." else letter == "w"
            for b, letter in zip(boards, letters, strict=True)}


def _results(results: Sequence[str], boards: set[int]) -> dict[int, str]:
    """Board -> result as the club's player scored it, from `board=result` entries."""
    scores: dict[int, str] = {}
    for entry in results:
        numbered = _BOARD.fullmatch(entry)
        if numbered is None:
            raise ServiceError("cannot read the result '{entry}'; write board=result, e.g. "
                               "1=1 2=1/2 3=0 (+ and - for forfeits)", entry=entry)
        board, typed = int(numbered[1]), numbered[2].strip()
        if board not in boards:
            raise ServiceError("board {board} is not in the lineup (boards {boards})",
                               board=board, boards=", ".join(map(str, sorted(boards))))
        if board in scores:
            raise ServiceError("board {board} is given twice", board=board)
        if typed not in _TYPED_SCORES:
            raise ServiceError("unknown result '{result}' on board {board}; use 1, 1/2, 0, + "
                               "or -", result=typed, board=board)
        scores[board] = _TYPED_SCORES[typed]
    return scores
