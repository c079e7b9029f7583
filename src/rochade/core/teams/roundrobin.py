"""Team round robins: the FIDE Berger tables (core/roundrobin.py) with teams for players.

The team with the table's White is the home team (White on board 1 and the odd boards); in a
double round robin the second cycle reverses it. With an odd number of teams, the team that
meets the table's top number rests that round.
"""

from __future__ import annotations

from rochade.core.model import ModelError
from rochade.core.roundrobin import Schedule, berger_schedule
from rochade.core.teams.model import TeamEvent, TeamMatch, TeamRound, TeamSystem


def team_schedule(event: TeamEvent) -> Schedule:
    """The Berger schedule of the event's teams (by TPN), single or double."""
    if event.system is TeamSystem.SWISS:
        raise ModelError("a team Swiss has no fixed schedule")
    return berger_schedule(len(event.teams), double=event.system is TeamSystem.DOUBLE_ROUND_ROBIN)


def team_round_robin_round(event: TeamEvent, round_number: int) -> TeamRound:
    """The scheduled matches of a round (boards empty until the lineups are in); the resting
    team, if any, is listed as not paired."""
    schedule = team_schedule(event)
    if not 1 <= round_number <= len(schedule.rounds):
        raise ModelError("the round robin of {teams} teams has rounds 1 to {last}",
                         teams=len(event.teams), last=len(schedule.rounds))
    scheduled = schedule.rounds[round_number - 1]
    matches = tuple(TeamMatch(home, away) for home, away in scheduled.boards
                    if schedule.bye_number not in (home, away))
    rest = () if scheduled.bye is None else (scheduled.bye,)
    return TeamRound(round_number, matches, None, rest)
