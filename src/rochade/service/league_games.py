"""A Keizer competition's games for the club elsewhere: the club's league matches counted as
its external games (`rochade.core.league`) and, when the competition says so, its members'
games in the club file's knockout cups (`rochade.core.cup_games`), worked out each time the
competition is loaded."""

from __future__ import annotations

import dataclasses
import json

from rochade.core.cup_games import Cup, count_cup_games
from rochade.core.league import Counted, count_league_games
from rochade.core.model import Tournament
from rochade.core.systems import find_system, system_of
from rochade.store import Club, TournamentRecord


def with_league_games(club: Club, record: TournamentRecord, t: Tournament
                      ) -> tuple[Tournament, dict[tuple[int, int], Counted]]:
    """The competition with the cup games it counts and the league games of the teams that
    count for it, and how each league board (match id, board) counts; unchanged for a system
    without games for the club elsewhere."""
    t = with_cup_games(club, record, t)
    teams = [team for team, tournament_id in club.league_teams() if tournament_id == record.id]
    system = system_of(t)
    if not teams or not system.external_games:
        return t, {}
    entrant_of = {member: pid for pid, member in club.entrant_members(record.id).items()}
    return count_league_games(t, club.round_dates(record.id), club.league_matches(teams),
                              entrant_of, system.teams(t.settings),
                              system.announced_league_games(t.settings))


def with_cup_games(club: Club, record: TournamentRecord, t: Tournament) -> Tournament:
    """The competition with its members' cup games in place of their absence rows, when its
    settings count them (the cups: every knockout tournament of the club file)."""
    how = system_of(t).cup_games(t.settings)
    if how is None:
        return t
    cups = []
    for other in club.tournaments():
        system = find_system(other.system)
        if other.id == record.id or not system.knockout:
            continue
        cup = club.load_tournament(other)
        cup = dataclasses.replace(cup, settings=system.from_dict(json.loads(other.settings)))
        cups.append(Cup(cup, club.round_dates(other.id), club.entrant_members(other.id)))
    if not cups:
        return t
    return count_cup_games(t, club.round_dates(record.id), club.entrant_members(record.id),
                           cups, how)
