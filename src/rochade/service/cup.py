"""A knockout cup's own use cases: its bracket as the pages and lists show it, the date by
which each cup round must be played, and a match not played by then decided by lot. Pairing
and results go the way of every system (`rounds`); a forfeit is an ordinary result."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from datetime import date

from rochade.core import limits
from rochade.core.knockout import (
    REGULAR,
    Bracket,
    CupRound,
    KnockoutSettings,
    Match,
    Seeding,
    bracket,
    consolation_players,
    drawn_winner,
)
from rochade.core.messages import N_, Message
from rochade.core.model import ModelError, Result, Status, Tournament
from rochade.core.systems.knockout import KNOCKOUT_SYSTEM
from rochade.formats.csv import table_csv
from rochade.formats.cup import (
    bracket_table,
    game_points,
    place_text,
    places_table,
    score_text,
)
from rochade.formats.html import page
from rochade.formats.tables import table_text
from rochade.service import system_cases
from rochade.service.clubfile import UseCases
from rochade.service.errors import ServiceError
from rochade.service.fidemode import FIDE, FideMode, mode_to_json
from rochade.service.lists import ListsDesk
from rochade.store import TournamentRecord


@dataclass(frozen=True)
class CupGameView:
    """A game of a match: its number in the match, its kind, white, black, the result, and
    the first player's points in it (1, ½, 0, + or -, … while it has no result)."""

    game: int
    kind: str
    white: str
    black: str
    result: str
    points: str


@dataclass(frozen=True)
class MatchView:
    number: int
    first: str
    first_seed: int
    second: str | None
    second_seed: int | None
    score: str
    """The match score as `1½-½` (first player's points first; "" for a bye)."""
    games: tuple[CupGameView, ...]
    winner: str | None
    how: Message | None
    third_place: bool


@dataclass(frozen=True)
class CupRoundView:
    number: int
    name: Message
    deadline: str
    matches: tuple[MatchView, ...]


@dataclass(frozen=True)
class PlaceView:
    place: str
    """`1`, `2`, `3-4`, `5-8` ...; "" for a player still in the cup."""
    name: str
    seed: int


@dataclass(frozen=True)
class CupView:
    """The whole cup for a page or a list: its rounds (every one so far, the next ones
    named by the bracket), the finishing places and the champion."""

    tournament: Tournament
    rounds: tuple[CupRoundView, ...]
    places: tuple[PlaceView, ...]
    champion: str | None
    rules: str
    consolation: str | None = None
    """The name of its consolation cup, once started."""


def _match(t: Tournament, b: Bracket, m: Match) -> MatchView:
    seed = {p: i for i, p in enumerate(b.seeds, 1)}
    games = tuple(
        CupGameView(i, g.kind, t.entrant(g.game.white).name, t.entrant(g.game.black).name,
                    "" if g.game.result is None else str(g.game.result),
                    game_points(g.game, m.first))
        for i, g in enumerate(m.games, 1))
    # how it was decided, unless simply on the board in the regular games (or a bye)
    plain = m.loser is None or (all(g.kind == REGULAR for g in m.games)
                                and m.score(m.winner or m.first) > m.score(m.loser))
    return MatchView(
        m.number, t.entrant(m.first).name, seed.get(m.first, 0),
        None if m.second is None else t.entrant(m.second).name,
        None if m.second is None else seed.get(m.second, 0), score_text(m), games,
        None if m.winner is None else t.entrant(m.winner).name,
        None if m.how is None or plain else m.how.msg, m.third_place)


def _round(t: Tournament, b: Bracket, cup: CupRound, deadline: str) -> CupRoundView:
    return CupRoundView(cup.number, cup.name.msg, deadline,
                        tuple(_match(t, b, m) for m in cup.matches))


def cup_view(t: Tournament) -> CupView:
    """The bracket of a cup as its pages and lists show it."""
    s = KNOCKOUT_SYSTEM.own(t.settings)
    if s is None:
        raise ServiceError("{name} is not a knockout cup", name=t.name)
    if not s.seeds:
        s = dataclasses.replace(s, seeds=KNOCKOUT_SYSTEM.start_numbers(t))
    b = bracket(t, s)
    rounds = tuple(_round(t, b, cup, s.deadline(cup.number)) for cup in b.rounds)
    ranges = b.places()
    order = sorted(b.seeds, key=lambda p: (ranges.get(p, (0, 0))[0], b.seeds.index(p)))
    places = tuple(PlaceView(place_text(ranges.get(p)), t.entrant(p).name, b.seeds.index(p) + 1)
                   for p in order)
    champion = None if b.champion is None else t.entrant(b.champion).name
    return CupView(t, rounds, places, champion, KNOCKOUT_SYSTEM.describe(s),
                   s.consolation_cup or None)


@dataclass(frozen=True)
class LotDrawn:
    """A match decided by lot: who goes on, the seed of the draw, and whether the match is
    decided now (False: a game of it is still to be paired)."""

    winner: str
    seed: int
    games: int
    decided: bool


class CupDesk(UseCases):
    """A knockout cup's bracket and the dates of its rounds."""

    def cup(self, tournament: str | None = None) -> CupView:
        return cup_view(self.tournament(tournament))

    def bracket_list(self, fmt: str = "text", tournament: str | None = None) -> str:
        """The bracket and the places: as the terminal prints them (`text`), as a stand-alone
        HTML page (`html`, printed on A4 landscape), or the bracket as CSV (`csv`)."""
        t = self.tournament(tournament)
        if KNOCKOUT_SYSTEM.own(t.settings) is None:
            raise ServiceError("{name} is not a knockout cup", name=t.name)
        bracket, places = bracket_table(t), places_table(t)
        if fmt == "csv":
            return table_csv(bracket)
        if fmt == "html":
            head = ListsDesk.on(self.file).letterhead(tournament)
            return page(t.name, [bracket, places], inline_css=True, club=head.club)
        return table_text(bracket) + "\n" + table_text(places)

    def set_deadline(self, cup_round: int, day: str, tournament: str | None = None) -> str:
        """The date by which cup round `cup_round` must be played ("" takes it away)."""
        text = day.strip()
        try:
            iso = date.fromisoformat(text).isoformat() if text else ""
        except ValueError:
            raise ServiceError("'{date}' is not a date; write it like 2026-12-01",
                               date=day) from None
        with self.file.change("settings", "cup deadline") as (club, action):
            record, t = self.file.load(club, tournament)
            s = KNOCKOUT_SYSTEM.own(t.settings)
            if s is None:
                raise ServiceError("{name} is not a knockout cup", name=t.name)
            if not 1 <= cup_round <= max(1, len(t.entrants)):
                raise ServiceError("the cup has no round {round}", round=cup_round)
            deadlines = list(s.deadlines) + [""] * (cup_round - len(s.deadlines))
            deadlines[cup_round - 1] = iso
            while deadlines and not deadlines[-1]:
                deadlines.pop()
            changed = dataclasses.replace(s, deadlines=tuple(deadlines))
            club.set_settings(record.id, system_cases.encode(changed))
            what = (N_("cup round {round} to be played by {date}") if iso
                    else N_("cup round {round} without a date"))
            action.describe(Message(what, {"round": cup_round,
                                           "date": date.fromisoformat(iso) if iso else ""}),
                            record)
        return iso

    def decide_by_lot(self, cup_round: int, match: int, tournament: str | None = None
                      ) -> LotDrawn:
        """A match not played by its date, decided by lot as the cup's rules may say: the
        player the lot draws wins its paired games without a result by forfeit. The draw is
        the cup's seed's (the log line names it), so asked again for the match's next game
        it draws the same player."""
        with self.file.change("result", "cup lot") as (club, action):
            record, t = self.file.load(club, tournament)
            s = KNOCKOUT_SYSTEM.own(t.settings)
            if s is None:
                raise ServiceError("{name} is not a knockout cup", name=t.name)
            b = bracket(t, s)
            found = b.rounds[cup_round - 1].match(match) if 1 <= cup_round <= len(
                b.rounds) else None
            if found is None or found.second is None:
                raise ServiceError("cup round {round} has no match {match} to decide",
                                   round=cup_round, match=match)
            if found.winner is not None:
                raise ServiceError("match {match} of cup round {round} is decided: {name} "
                                   "goes on", match=match, round=cup_round,
                                   name=t.entrant(found.winner).name)
            open_ = [g for g in found.games if g.game.result is None]
            if not open_:
                raise ServiceError("match {match} of cup round {round} has no game without a "
                                   "result; pair its next game first", match=match,
                                   round=cup_round)
            seed, winner = s.seed, drawn_winner(s, found)
            for g in open_:
                result = (Result.WHITE_WINS_FORFEIT if g.game.white == winner
                          else Result.BLACK_WINS_FORFEIT)
                club.set_result(record.id, g.round, g.game.board, result)
                t = _with_result(t, g.round, g.game.board, result)
            decided = bracket(t, s).rounds[cup_round - 1].match(match)
            name = t.entrant(winner).name
            action.describe(Message(N_("cup round {round} match {match} decided by lot (seed "
                                       "{seed}): {name} goes on"),
                                    {"round": cup_round, "match": match, "seed": seed,
                                     "name": name}), record)
        return LotDrawn(name, seed, len(open_), decided is not None and decided.winner
                        is not None)


    def start_consolation(self, name: str | None = None, tournament: str | None = None
                          ) -> Tournament:
        """The consolation cup of a cup that has one (chosen at its creation): a knockout
        cup of its own, named `name` (default "CUP (consolation)"), with the losers of the
        cup rounds its settings say as its players, seeded by rating as the cup's rules say
        otherwise (games, play-off, lots from the cup's seed); its bracket, pages, print and
        export are every cup's. Refused until those cup rounds are decided."""
        with self.file.change("tournament", "consolation cup") as (club, action):
            record, t = self.file.load(club, tournament)
            s = KNOCKOUT_SYSTEM.own(t.settings)
            if s is None:
                raise ServiceError("{name} is not a knockout cup", name=t.name)
            started = s.consolation_cup
            if started and any(r.name == started for r in club.tournaments()):
                raise ServiceError("the consolation cup {name} is started already",
                                   name=started)
            try:
                players = consolation_players(t, s)
            except ModelError as exc:
                raise ServiceError(exc.msg) from None
            title = (name or "").strip() or f"{t.name} (consolation)"
            limits.check_name(title, limits.TOURNAMENT_NAME)
            settings = KnockoutSettings(
                games=s.games, playoff=s.playoff,
                seeding=Seeding.FREE if s.seeding is Seeding.FREE else Seeding.RATING,
                seed=s.seed)
            tid = club.add_tournament(title, record.system, system_cases.encode(settings))
            club.set_extra(tid, FIDE, mode_to_json(FideMode(False)))
            club.set_settings(record.id, system_cases.encode(
                dataclasses.replace(s, consolation_cup=title)))
            members = club.entrant_members(record.id)
            for player in players:
                entrant = t.entrant(player)
                club.add_entrant(tid, members[player], entrant.rating, Status.PRESENT,
                                 fide_rating=entrant.fide_rating)
            action.describe(Message(
                N_("consolation cup {name} of {cup}: {count} players"),
                {"name": title, "cup": t.name, "count": len(players)}),
                TournamentRecord(tid, title, record.system, ""))
        return self.tournament(title)


def _with_result(t: Tournament, number: int, board: int, result: Result) -> Tournament:
    rounds = tuple(r if r.number != number else dataclasses.replace(r, games=tuple(
        dataclasses.replace(g, result=result) if g.board == board else g for g in r.games))
        for r in t.rounds)
    return dataclasses.replace(t, rounds=rounds)
