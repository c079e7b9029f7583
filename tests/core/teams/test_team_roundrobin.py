"""Team round robins on the Berger tables: everyone meets everyone, home and away."""

from __future__ import annotations

from collections import Counter

import pytest

from rochade.core.model import ModelError
from rochade.core.teams.model import Member, Team, TeamEvent, TeamSystem
from rochade.core.teams.roundrobin import team_round_robin_round, team_schedule


def _event(count: int, system: TeamSystem) -> TeamEvent:
    teams = tuple(Team(n, f"T{n}", (Member(n, f"P{n}"),)) for n in range(1, count + 1))
    return TeamEvent("rr", teams, 1, count - 1 + count % 2, system=system)


@pytest.mark.parametrize("count", [4, 5, 8])
def test_every_team_meets_every_other_once(count: int) -> None:
    event = _event(count, TeamSystem.ROUND_ROBIN)
    last = len(team_schedule(event).rounds)
    rounds = [team_round_robin_round(event, r) for r in range(1, last + 1)]
    met = Counter(frozenset((m.home, m.away)) for rnd in rounds for m in rnd.matches)
    assert len(met) == count * (count - 1) // 2 and set(met.values()) == {1}
    rests = [t for rnd in rounds for t in rnd.absent]
    assert sorted(rests) == (list(range(1, count + 1)) if count % 2 else [])


def test_a_double_round_robin_plays_the_return_match_with_colours_reversed() -> None:
    event = _event(4, TeamSystem.DOUBLE_ROUND_ROBIN)
    rounds = [team_round_robin_round(event, r) for r in range(1, 7)]
    homes = Counter((m.home, m.away) for rnd in rounds for m in rnd.matches)
    assert all(homes[(b, a)] == 1 for a, b in homes)
    with pytest.raises(ModelError):
        team_round_robin_round(event, 7)


def test_the_first_round_follows_the_berger_table() -> None:
    event = _event(4, TeamSystem.ROUND_ROBIN)
    assert [(m.home, m.away) for m in team_round_robin_round(event, 1).matches] == [
        (1, 4), (2, 3)]


def test_a_swiss_has_no_schedule() -> None:
    with pytest.raises(ModelError):
        team_schedule(_event(4, TeamSystem.SWISS))
