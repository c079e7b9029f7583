"""Team events (a team Swiss or a team round robin): teams and rosters from a player list,
a round paired by the system, lineups checked against the board order, results per board,
whole-match forfeits, a team's withdrawal, standings with the team tie-breaks, board records,
and TRF26 team files both ways. Each change is one undoable action of the event."""

from __future__ import annotations

import csv
import dataclasses
import io
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from rochade.core import limits
from rochade.core.messages import N_, Message, message_of
from rochade.core.model import ModelError, Result
from rochade.core.systems import find_system
from rochade.core.systems.teams import (
    TeamLine,
    TeamSettings,
    TeamSystemBase,
    default_lineup,
    lineup_boards,
)
from rochade.core.teams.model import (
    Board,
    Member,
    Team,
    TeamEvent,
    TeamMatch,
    TeamRound,
    TeamSystem,
    check_lineup,
)
from rochade.core.teams.tiebreaks import BoardRecord, board_records
from rochade.formats.players import iter_player_csv, sniff_delimiter
from rochade.service.clubfile import UseCases
from rochade.service.errors import ServiceError
from rochade.service.players import pick
from rochade.store import Club, TournamentRecord

TEAM_HEADERS = ("team", "mannschaft", "équipe", "equipe", "ploeg", "team name", "فريق")
"""Header words of a player list's team column (lower case)."""
BOARD_HEADERS = ("board", "brett", "bord", "échiquier", "echiquier", "رقعة")
"""Header words of its board-order column."""


@dataclass(frozen=True)
class TeamEventView:
    """A team event as the lists show it: its name, system, settings and the event."""

    name: str
    system: str
    settings: TeamSettings
    event: TeamEvent


@dataclass(frozen=True)
class RosterLine:
    team: str
    place: int
    name: str


@dataclass(frozen=True)
class BoardEntered:
    """A board result entered: the round, match and board, the players, the result now and
    before (None: none before), and the match score now (home first)."""

    round: int
    match: int
    board: int
    white: str
    black: str
    result: Result
    previous: Result | None
    home: str
    away: str
    score: tuple[Fraction, Fraction]


@dataclass(frozen=True)
class BoardPrize:
    """The best player on a board: the highest percentage among those who played that board
    most and at least the minimum number of games (then the higher performance, then more
    games)."""

    board: int
    record: BoardRecord

    @property
    def percentage(self) -> Fraction:
        return self.record.points * 100 / self.record.games


def home_board(record: BoardRecord) -> int:
    """The board a player played most (the higher one on a tie): the board of their prize."""
    return min(set(record.boards), key=lambda b: (-record.boards.count(b), b))


def _system(record: TournamentRecord) -> TeamSystemBase:
    system = find_system(record.system)
    if not isinstance(system, TeamSystemBase):
        raise ServiceError("{name} is not a team event", name=record.name)
    return system


def _columns(text: str) -> list[tuple[str, str]]:
    """The team and board cells of a player list's lines (empty lines skipped, as the list
    reader skips them)."""
    text = text.lstrip("\ufeff")
    first = text.split("\n", 1)[0]
    rows = list(csv.reader(io.StringIO(text, newline=""), delimiter=sniff_delimiter(first)))
    if not rows:
        return []
    header = [cell.strip().lower() for cell in rows[0]]
    team = next((i for i, h in enumerate(header) if h in TEAM_HEADERS), None)
    if team is None:
        raise ServiceError("the list of a team event needs a team column (team, ...)")
    board = next((i for i, h in enumerate(header) if h in BOARD_HEADERS), None)
    out = []
    for row in rows[1:]:
        if not any(cell.strip() for cell in row):
            continue
        cell = row[team].strip() if team < len(row) else ""
        order = row[board].strip() if board is not None and board < len(row) else ""
        out.append((cell, order))
    return out


def numbered(event: TeamEvent) -> tuple[TeamEvent, dict[int, int]]:
    """The event with its players numbered 1, 2 ... in team order (as a TRF file numbers
    them), and the map member id -> number."""
    number: dict[int, int] = {}
    for team in event.teams:
        for member in team.members:
            number[member.id] = len(number) + 1
    teams = tuple(dataclasses.replace(t, members=tuple(
        dataclasses.replace(m, id=number[m.id]) for m in t.members)) for t in event.teams)
    rounds = tuple(dataclasses.replace(r, matches=tuple(dataclasses.replace(m, boards=tuple(
        Board(number[b.white], number[b.black], b.result) for b in m.boards))
        for m in r.matches)) for r in event.rounds)
    return dataclasses.replace(event, teams=teams, rounds=rounds), number


class TeamDesk(UseCases):
    """The use cases of team events."""

    # -- reading ---------------------------------------------------------------------------
    def _load(self, club: Club, tournament: str | None
              ) -> tuple[TournamentRecord, TeamSystemBase, TeamSettings, TeamEvent]:
        record = self.file.record(club, tournament)
        system = _system(record)
        settings = system.from_dict(_json(record.settings))
        teams = club.teams(record.id)
        try:
            event = system.event(record.name, settings, teams, club.team_rounds(record.id))
        except ModelError as exc:
            raise ServiceError(message_of(exc)) from None
        return record, system, settings, event

    @staticmethod
    def is_team_file(data: bytes | str) -> bool:
        """Whether a TRF file holds a team event (team records `310` or `013`)."""
        from rochade.formats.trf import decode_trf
        from rochade.formats.trf_teams import is_team_file

        return is_team_file(decode_trf(data) if isinstance(data, bytes) else data)

    def is_team_event(self, tournament: str | None = None) -> bool:
        """Whether the tournament is a team event (its commands are the team ones)."""
        with self.file.reading() as club:
            if not club.tournaments():
                return False
            return find_system(self.file.record(club, tournament).system).team_event

    def team_event(self, tournament: str | None = None) -> TeamEventView:
        with self.file.reading() as club:
            record, _, settings, event = self._load(club, tournament)
        return TeamEventView(record.name, record.system, settings, event)

    # -- creating --------------------------------------------------------------------------
    def create_team_event(self, name: str, system: str,
                          options: Mapping[str, object] = {}) -> TeamEventView:
        """A new team event with the rules given by name (`TeamSettings`' fields)."""
        found = find_system(system)
        if not isinstance(found, TeamSystemBase):
            raise ServiceError("{system} is not a team system", system=system)
        settings = _with(TeamSettings(), found, options)
        if found.planned_rounds(settings) is None and found.explains_pairings:
            raise ServiceError("a team Swiss needs its number of rounds (--rounds)")
        name = name.strip()
        if not name:
            raise ServiceError("the tournament needs a name")
        with self.file.change("tournament", "create tournament") as (club, action):
            tid = club.add_tournament(name, system, _text(found.to_dict(settings)))
            action.describe(Message(N_("new tournament ({rules})"), {"rules": system}),
                            TournamentRecord(tid, name, system, ""))
        return TeamEventView(name, system, settings, found.event(name, settings, ()))

    def import_team_players(self, data: bytes | str,
                            tournament: str | None = None) -> list[RosterLine]:
        """The teams and rosters of a player list with a team column: each player a club
        member (found by name, or added), the rosters in the list's order unless a board
        column numbers them. Only before round 1; a team already there gets the new players
        at the end of its roster."""
        text = data.decode("utf-8-sig") if isinstance(data, bytes) else data
        cells = _columns(text)
        lines = list(iter_player_csv(text))
        if len(lines) != len(cells):
            raise ServiceError("the list has lines without a player name")
        with self.file.change("player", "import players", "import") as (club, action):
            record, _, _, event = self._load(club, tournament)
            if event.rounds:
                raise ServiceError("round 1 of {name} is paired: the teams can no longer "
                                   "change", name=record.name)
            members = {m.name: m for m in club.members()}
            rosters: dict[str, list[tuple[int, int, int | None, str]]] = {
                t.name: [(place, m.id, m.rating, m.name) for place, m in
                         enumerate(t.members, start=1)] for t in event.teams}
            numbers = {t.name: t.number for t in event.teams}
            for index, (line, (team, order)) in enumerate(zip(lines, cells, strict=True)):
                if not team:
                    raise ServiceError("line {line}: {name} has no team", line=index + 2,
                                       name=line.name)
                limits.check_player(line.name, line.rating, line.fide_id)
                member = members.get(line.name)
                if member is None:
                    member_id = club.add_member(line.name, line.rating, line.fide_id)
                else:
                    member_id = member.id
                    if line.rating is not None and line.rating != member.rating:
                        club.update_member(member_id, line.rating, member.fide_id)
                national = line.details.national_rating.strip()
                rating = line.rating if line.rating is not None else (
                    int(national) if national.isdigit() else
                    member.rating if member is not None else None)
                if team not in numbers:
                    numbers[team] = len(numbers) + 1
                    club.add_team(record.id, numbers[team], team)
                    rosters[team] = []
                try:
                    place = int(order) if order else 1000 + index
                except ValueError:
                    raise ServiceError("line {line}: the board '{board}' is not a number",
                                       line=index + 2, board=order) from None
                rosters[team].append((place, member_id, rating, line.name))
            out: list[RosterLine] = []
            for team, roster in rosters.items():
                ordered = sorted(roster, key=lambda r: r[0])
                club.set_roster(record.id, numbers[team], [(r[1], r[2]) for r in ordered])
                out.extend(RosterLine(team, place, r[3])
                           for place, r in enumerate(ordered, start=1))
            action.describe(Message(N_("import {count} players"), {"count": len(lines)}),
                            record)
        return out

    def add_team(self, name: str, players: Sequence[str],
                 tournament: str | None = None) -> Team:
        """A team with its roster (club members by name, in board order)."""
        with self.file.change("player", "add team") as (club, action):
            record, _, _, event = self._load(club, tournament)
            if event.rounds:
                raise ServiceError("round 1 of {name} is paired: the teams can no longer "
                                   "change", name=record.name)
            if any(t.name == name.strip() for t in event.teams):
                raise ServiceError("{team} is already a team of {name}", team=name,
                                   name=record.name)
            members = club.members()
            chosen = [pick(members, p, lambda m: m.name, "member") for p in players]
            number = len(event.teams) + 1
            club.add_team(record.id, number, name.strip())
            club.set_roster(record.id, number, [(m.id, m.rating) for m in chosen])
            action.describe(Message(N_("team {team} added"), {"team": name.strip()}), record)
        return Team(number, name.strip(), tuple(Member(m.id, m.name, m.rating) for m in chosen))

    # -- rounds ----------------------------------------------------------------------------
    def pair_teams(self, tournament: str | None = None) -> tuple[TeamEventView, TeamRound,
                                                                 tuple[str, ...]]:
        """Pair the next round; every match gets the default lineups (the first players of
        each roster), which `set_lineup` changes until the match has a result."""
        with self.file.change("pair", "pair round") as (club, action):
            record, system, settings, event = self._load(club, tournament)
            number = len(event.rounds) + 1
            if event.rounds and not all(m.complete for m in event.rounds[-1].matches):
                raise ServiceError("round {number} is not complete yet",
                                   number=len(event.rounds))
            if number > event.total_rounds:
                raise ServiceError("{name} has all its {rounds} rounds",
                                   name=record.name, rounds=event.total_rounds)
            if len(event.teams) < 2:
                raise ServiceError("{name} needs at least two teams", name=record.name)
            short = [t.name for t in event.teams if len(t.members) < event.boards]
            if short:
                raise ServiceError("{teams}: fewer players than the {boards} boards",
                                   teams=", ".join(short), boards=event.boards)
            present = [t.number for t in event.teams if t.plays(number)]
            try:
                rnd, why = system.pair_round(event, number, present)
            except ModelError as exc:
                raise ServiceError(message_of(exc)) from None
            matches = tuple(
                dataclasses.replace(m, boards=lineup_boards(
                    event, default_lineup(event.team(m.home), event.boards),
                    default_lineup(event.team(m.away), event.boards)))
                for m in rnd.matches)
            rnd = dataclasses.replace(rnd, matches=matches)
            club.add_team_round(record.id, rnd, why)
            action.describe(Message(N_("pair round {number}"), {"number": number}), record)
        event = dataclasses.replace(event, rounds=(*event.rounds, rnd))
        return TeamEventView(record.name, record.system, settings, event), rnd, why

    def unpair_last_round(self, tournament: str | None = None) -> int:
        """Take the last round back while no board of it has a result."""
        with self.file.change("pair", "delete round") as (club, action):
            record, _, _, event = self._load(club, tournament)
            if not event.rounds:
                raise ServiceError("{name} has no round yet", name=record.name)
            last = event.rounds[-1]
            if any(b.result is not None for m in last.matches for b in m.boards):
                raise ServiceError("round {number} has results", number=last.number)
            club.delete_team_round(record.id, last.number)
            action.describe(Message(N_("delete round {number}"), {"number": last.number}),
                            record)
        return last.number

    def set_lineup(self, round_number: int, match: int, team: str, players: Sequence[str],
                   tournament: str | None = None) -> TeamMatch:
        """A team's lineup in a match: players by roster place (1, 2 ...) or name, in board
        order, checked against the roster's board order; only while the match has no
        result."""
        with self.file.change("result", "lineup") as (club, action):
            record, _, _, event = self._load(club, tournament)
            found = _match(event, round_number, match)
            side = _side(event, found, team)
            chosen = event.team(side)
            ids = [_player(chosen, p) for p in players]
            try:
                check_lineup(chosen, ids, event.boards)
            except ModelError as exc:
                raise ServiceError(message_of(exc)) from None
            if any(b.result is not None for b in found.boards):
                raise ServiceError("match {match} of round {round} has results: its lineups "
                                   "can no longer change", match=match, round=round_number)
            home = ids if side == found.home else [found.home_player(b)
                                                   for b in range(1, event.boards + 1)]
            away = ids if side == found.away else [found.away_player(b)
                                                   for b in range(1, event.boards + 1)]
            boards = lineup_boards(event, home, away)
            club.set_match_boards(record.id, round_number, match, boards)
            action.describe(Message(N_("lineup of {team} in round {round}"),
                                    {"team": chosen.name, "round": round_number}), record)
        return dataclasses.replace(found, boards=boards)

    def enter_board_result(self, round_number: int, board: str, result: str,
                           tournament: str | None = None) -> BoardEntered:
        """A board's result, typed as MATCH.BOARD (3.2: board 2 of match 3)."""
        match_text, _, board_text = board.strip().partition(".")
        try:
            match, number = int(match_text), int(board_text)
        except ValueError:
            raise ServiceError("cannot read '{board}'; write MATCH.BOARD, e.g. 3.2 for board 2 "
                               "of match 3", board=board) from None
        try:
            typed = Result.parse(result)
        except ModelError as exc:
            raise ServiceError(message_of(exc)) from None
        with self.file.change("result", "enter result") as (club, action):
            record, _, _, event = self._load(club, tournament)
            found = _match(event, round_number, match)
            if not 1 <= number <= len(found.boards):
                raise ServiceError("match {match} has boards 1 to {boards}", match=match,
                                   boards=len(found.boards))
            previous = found.boards[number - 1].result
            club.set_board_result(record.id, round_number, match, number, typed)
            action.describe(Message(N_("round {round} board {board}: {result}"),
                                    {"round": round_number, "board": board,
                                     "result": typed.value}), record)
        return _entered(event, round_number, match, number, found, typed, previous)

    def forfeit_match(self, round_number: int, match: int, team: str,
                      tournament: str | None = None) -> TeamMatch:
        """A whole-match forfeit: `team` did not turn up (every board lost by forfeit), or
        `both` (every board a double forfeit)."""
        with self.file.change("result", "match forfeit") as (club, action):
            record, _, _, event = self._load(club, tournament)
            found = _match(event, round_number, match)
            both = team.strip().lower() == "both"
            side = None if both else _side(event, found, team)
            boards = []
            for number, b in enumerate(found.boards, start=1):
                home_white = number % 2 == 1
                if both:
                    result = Result.DOUBLE_FORFEIT
                elif (side == found.home) == home_white:
                    result = Result.BLACK_WINS_FORFEIT
                else:
                    result = Result.WHITE_WINS_FORFEIT
                boards.append(Board(b.white, b.black, result))
                club.set_board_result(record.id, round_number, match, number, result)
            who = "both" if side is None else event.team(side).name
            action.describe(Message(N_("round {round} match {match}: forfeited by {team}"),
                                    {"round": round_number, "match": match, "team": who}),
                            record)
        return dataclasses.replace(found, boards=tuple(boards))

    def withdraw_team(self, team: str, tournament: str | None = None) -> int:
        """The team plays no round after the ones paired so far; returns that round."""
        with self.file.change("player", "withdraw team") as (club, action):
            record, _, _, event = self._load(club, tournament)
            chosen = pick(event.teams, team, lambda t: t.name, "team")
            after = len(event.rounds)
            club.set_withdrawn(record.id, chosen.number, after)
            action.describe(Message(N_("{team} withdraws after round {round}"),
                                    {"team": chosen.name, "round": after}), record)
        return after

    # -- lists -----------------------------------------------------------------------------
    def team_standings(self, tournament: str | None = None, after_round: int | None = None
                       ) -> tuple[TeamEventView, tuple[str, ...], list[TeamLine]]:
        view = self.team_event(tournament)
        if after_round is not None and not 0 <= after_round <= len(view.event.rounds):
            raise ServiceError("there is no round {number} (the tournament has {count})",
                               number=after_round, count=len(view.event.rounds))
        system = _system(TournamentRecord(0, view.name, view.system, ""))
        codes, lines = system.team_standings(view.event, view.settings, after_round)
        return view, codes, lines

    def board_records(self, tournament: str | None = None
                      ) -> tuple[TeamEventView, list[BoardRecord]]:
        """Per player: boards, points, games and performance (for board prizes)."""
        view = self.team_event(tournament)
        return view, board_records(view.event)

    def board_prizes(self, minimum: int | None = None, tournament: str | None = None
                     ) -> tuple[TeamEventView, list[BoardRecord], list[BoardPrize], int]:
        """The board records (by board, best first) and, per board, its prize winner (boards
        nobody qualifies for are left out). The minimum number of games is half the rounds
        played, rounded up, unless given: one lucky game does not take a board prize."""
        view, records = self.board_records(tournament)
        if minimum is None:
            minimum = max(1, (len(view.event.rounds) + 1) // 2)
        minimum = max(1, minimum)
        prizes = []
        for board in range(1, view.event.boards + 1):
            qualified = [r for r in records if r.games >= minimum and home_board(r) == board]
            if qualified:
                best = max(qualified, key=lambda r: (Fraction(r.points, r.games),
                                                     r.performance or 0, r.games, -r.player))
                prizes.append(BoardPrize(board, best))
        records.sort(key=lambda r: (home_board(r), -Fraction(r.points, r.games), r.player))
        return view, records, prizes, minimum

    def export_team_trf(self, tournament: str | None = None, rounds: int | None = None) -> str:
        """The event as a TRF26 team file (players numbered in team order), with its first
        `rounds` rounds (all by default)."""
        from rochade.formats.trf_teams import format_team_event

        view = self.team_event(tournament)
        event, _ = numbered(view.event)
        return format_team_event(event, rounds)

    def import_team_trf(self, data: bytes | str, name: str | None = None) -> TeamEventView:
        """A team event from a TRF team file (TRF26 `310` or TRF16 `013` teams): its teams,
        rosters and rounds; its players become club members (found by name, or added)."""
        from rochade.formats.trf import TrfError, decode_trf
        from rochade.formats.trf_teams import absent_in, parse_team_event

        text = decode_trf(data) if isinstance(data, bytes) else data
        try:
            event = parse_team_event(text, name or "")
        except (TrfError, ModelError) as exc:
            raise ServiceError(message_of(exc)) from None
        # teams the file keeps out of the coming round: kept out as withdrawn (rochade knows
        # no absence of a team for a single round)
        leaving = set(absent_in(text, len(event.rounds) + 1))
        title = (name or event.name or "").strip()
        if not title:
            raise ServiceError("the file names no tournament (line 012); give --name")
        swiss = event.system is TeamSystem.SWISS
        system = find_system("team-swiss" if swiss else "team-round-robin")
        settings = TeamSettings(
            boards=event.boards, rounds=event.total_rounds if swiss else None,
            colours=event.colour_model, primary=event.primary,
            secondary=event.secondary_used,
            match_points=(event.scoring.win, event.scoring.draw, event.scoring.loss),
            bye_game_points=event.scoring.bye_game_points, baku=event.baku,
            double=event.system is TeamSystem.DOUBLE_ROUND_ROBIN,
            initial_colour=event.initial_colour)
        with self.file.change("tournament", "import tournament", "import") as (club, action):
            if any(r.name == title for r in club.tournaments()):
                raise ServiceError("there is already a tournament {name}", name=title)
            tid = club.add_tournament(title, system.name, _text(system.to_dict(settings)))
            members = {m.name: m.id for m in club.members()}
            ids: dict[int, int] = {}
            for team in event.teams:
                for member in team.members:
                    if member.name not in members:
                        members[member.name] = club.add_member(member.name, member.rating,
                                                               None)
                    ids[member.id] = members[member.name]
                club.add_team(tid, team.number, team.name)
                club.set_roster(tid, team.number, [(ids[m.id], m.rating) for m in team.members])
                if team.withdrawn_after is not None or team.number in leaving:
                    after = team.withdrawn_after
                    club.set_withdrawn(tid, team.number,
                                       len(event.rounds) if after is None else after)
            for rnd in event.rounds:
                club.add_team_round(tid, dataclasses.replace(rnd, matches=tuple(
                    dataclasses.replace(m, boards=tuple(
                        Board(ids[b.white], ids[b.black], b.result) for b in m.boards))
                    for m in rnd.matches)))
            action.describe(Message(N_("new tournament ({rules})"), {"rules": system.name}),
                            TournamentRecord(tid, title, system.name, ""))
        with self.file.reading() as club:
            record, _, settings, stored = self._load(club, title)
        return TeamEventView(record.name, record.system, settings, stored)


def team_file_standings(data: bytes | str) -> tuple[TeamEventView, tuple[str, ...],
                                                   list[TeamLine]]:
    """The standings of a TRF team file (its rules from its `192` code), as the club's team
    events rank: what `standings FILE.trf` shows of a team file."""
    from rochade.formats.trf import TrfError, decode_trf
    from rochade.formats.trf_teams import parse_team_event

    text = decode_trf(data) if isinstance(data, bytes) else data
    try:
        event = parse_team_event(text)
    except (TrfError, ModelError) as exc:
        raise ServiceError(message_of(exc)) from None
    system = find_system("team-swiss" if event.system is TeamSystem.SWISS
                         else "team-round-robin")
    assert isinstance(system, TeamSystemBase)
    settings = TeamSettings(boards=event.boards, primary=event.primary)
    codes, lines = system.team_standings(event, settings)
    return TeamEventView(event.name, system.name, settings, event), codes, lines


def _json(text: str) -> Any:
    import json

    return json.loads(text)


def _text(data: Mapping[str, object]) -> str:
    import json

    return json.dumps(data, ensure_ascii=False)


def _with(base: TeamSettings, system: TeamSystemBase,
          options: Mapping[str, object]) -> TeamSettings:
    changes: dict[str, object] = {}
    for key, value in options.items():
        if value is None:
            continue
        if key not in system.options:
            raise ServiceError("the setting {key} does not apply to a {system} tournament",
                               key=key, system=system.name)
        try:
            changes[key] = system.options[key](value)
        except ValueError:
            raise ServiceError("the setting {key}: '{value}' is not a valid value", key=key,
                               value=str(value)[:20]) from None
    try:
        return dataclasses.replace(base, **changes)  # type: ignore[arg-type]
    except ModelError as exc:
        raise ServiceError(message_of(exc)) from None


def _match(event: TeamEvent, round_number: int, match: int) -> TeamMatch:
    if not 1 <= round_number <= len(event.rounds):
        raise ServiceError("there is no round {number} (the tournament has {count})",
                           number=round_number, count=len(event.rounds))
    matches = event.rounds[round_number - 1].matches
    if not 1 <= match <= len(matches):
        raise ServiceError("round {round} has matches 1 to {count}", round=round_number,
                           count=len(matches))
    return matches[match - 1]


def _side(event: TeamEvent, match: TeamMatch, typed: str) -> int:
    teams = [event.team(match.home), event.team(match.away)]
    return pick(teams, typed, lambda t: t.name, "team").number


def _player(team: Team, typed: str) -> int:
    text = typed.strip()
    if text.isdigit():
        place = int(text)
        if not 1 <= place <= len(team.members):
            raise ServiceError("{team} has roster places 1 to {count}", team=team.name,
                               count=len(team.members))
        return team.members[place - 1].id
    return pick(team.members, text, lambda m: m.name, "player").id


def _entered(event: TeamEvent, round_number: int, match: int, number: int, found: TeamMatch,
             result: Result, previous: Result | None) -> BoardEntered:
    names = {m.id: m.name for t in event.teams for m in t.members}
    boards = list(found.boards)
    boards[number - 1] = dataclasses.replace(boards[number - 1], result=result)
    now = dataclasses.replace(found, boards=tuple(boards))
    b = boards[number - 1]
    return BoardEntered(round_number, match, number, names[b.white], names[b.black], result,
                        previous, event.team(found.home).name, event.team(found.away).name,
                        now.game_points())
