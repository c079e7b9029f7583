"""A hypothesis strategy for whole tournaments of every system (valid facts, odd corners:
long and strange names, pending games, byes, every absence reason, withdrawals, boards out of
order, external games)."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import strategies as st

from rochade.core import limits
from rochade.core.keizer.settings import STANDARD_REASONS, preset
from rochade.core.model import (
    Absence,
    Entrant,
    ExternalGame,
    Game,
    ModelError,
    Result,
    Round,
    Status,
    Tournament,
)
from rochade.core.systems import (
    KEIZER,
    ROUND_ROBIN,
    SCORINGS,
    SWISS,
    SWISS_ABSENCES,
    RoundRobinSettings,
    SwissSettings,
    scoring,
)


def _readable(name: str) -> bool:
    """A name rochade takes (something visible in it: issue 11)."""
    try:
        limits.check_name(name, limits.PLAYER_NAME)
    except ModelError:
        return False
    return name.strip() != ""


NAMES = st.text(
    st.characters(blacklist_categories=("Cs",), blacklist_characters="\x00"), min_size=1,
    max_size=40,
).filter(_readable)


@st.composite
def tournaments(draw: st.DrawFn, systems: tuple[str, ...] = (KEIZER, SWISS, ROUND_ROBIN)
                ) -> Tournament:
    system = draw(st.sampled_from(systems))
    n = draw(st.integers(2, 9))
    ids = sorted(draw(st.sets(st.integers(1, 40), min_size=n, max_size=n)))
    names = draw(st.lists(NAMES, min_size=n, max_size=n, unique=True))
    entrants = [
        Entrant(pid, name, draw(st.none() | st.integers(1000, 2800)), Status.PRESENT,
                draw(st.none() | st.integers(1, 99_999_999)))
        for pid, name in zip(ids, names, strict=True)
    ]
    rounds_total = draw(st.integers(0, 5))
    settings: object
    if system == KEIZER:
        settings = preset(draw(st.sampled_from(("classic", "kfc", "dutch-club"))))
        reasons = [r for r in STANDARD_REASONS if r != "external"]
    elif system == SWISS:
        settings = SwissSettings(rounds=max(rounds_total, 1) + draw(st.integers(0, 2)),
                                 scoring=scoring(draw(st.sampled_from(SCORINGS))),
                                 seed=draw(st.integers(0, 50)))
        reasons = sorted(SWISS_ABSENCES)
    else:
        numbers = draw(st.permutations(ids))
        settings = RoundRobinSettings(double=draw(st.booleans()), numbers=tuple(numbers),
                                      seed=draw(st.integers(0, 9)))
        reasons = sorted(SWISS_ABSENCES)
    withdrawn_after = {e.id: draw(st.none() | st.integers(0, rounds_total)) for e in entrants}
    rounds = []
    for number in range(1, rounds_total + 1):
        active = [e.id for e in entrants if (withdrawn_after[e.id] or 99) >= number]
        order = draw(st.permutations(active))
        k = draw(st.integers(0, len(order) // 2))
        games = []
        for b, i in enumerate(range(0, 2 * k, 2), start=1):
            last = number == rounds_total
            result = draw(st.sampled_from([*Result, *([None] if last else [])]))
            games.append(Game(order[i], order[i + 1], result, b))
        if draw(st.booleans()):
            games = draw(st.permutations(games))
        rest = list(order[2 * k:])
        bye = rest.pop() if rest and draw(st.booleans()) else None
        absences = tuple(Absence(p, draw(st.sampled_from(reasons))) for p in sorted(rest))
        rounds.append(Round(number, tuple(games), absences, bye))
    statuses = [*Status]
    final = []
    for e in entrants:
        w = withdrawn_after[e.id]
        if w is not None and w < rounds_total:
            status = Status.WITHDRAWN
        else:
            status = draw(st.sampled_from(statuses))
        final.append(Entrant(e.id, e.name, e.rating, status, e.fide_id))
    if system == KEIZER and rounds and draw(st.booleans()):
        rnd = rounds[-1]
        player = next((a.player for a in rnd.absences), None)
        if player is not None:
            ext = ExternalGame(player, 1, 2, Fraction(1, 2), True)
            absences = tuple(a for a in rnd.absences if a.player != player)
            rounds[-1] = Round(rnd.number, rnd.games, absences, rnd.bye, (ext,))
    return Tournament(draw(NAMES), tuple(final), tuple(rounds), system, settings)
