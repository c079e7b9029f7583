"""A Keizer competition's league games: the club's league matches counted as its external
games (`rochade.core.league`), worked out each time the competition is loaded."""

from __future__ import annotations

from rochade.core.league import Counted, count_league_games
from rochade.core.model import Tournament
from rochade.core.systems import system_of
from rochade.store import Club, TournamentRecord


def with_league_games(club: Club, record: TournamentRecord, t: Tournament
                      ) -> tuple[Tournament, dict[tuple[int, int], Counted]]:
    """The competition with the league games of the teams that count for it, and how each
    board (match id, board) counts; unchanged for a system without team games."""
    teams = [team for team, tournament_id in club.league_teams() if tournament_id == record.id]
    system = system_of(t)
    if not teams or not system.external_games:
        return t, {}
    entrant_of = {member: pid for pid, member in club.entrant_members(record.id).items()}
    return count_league_games(t, club.round_dates(record.id), club.league_matches(teams),
                              entrant_of, system.teams(t.settings),
                              system.announced_league_games(t.settings))
