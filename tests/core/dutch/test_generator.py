"""The random Swiss generator's shapes: late entries, withdrawals, full-point byes, Baku."""

from __future__ import annotations

import random

import pytest

from rochade.core.dutch import DutchEngine
from rochade.core.dutch.generator import GeneratorSettings, random_tournament


def test_late_entries_withdrawals_byes_and_baku() -> None:
    shape = GeneratorSettings(players=30, rounds=7, full_bye_rate=0.05, late_entries=3,
                              withdrawals=3, baku=True)
    log = random_tournament(random.Random(11), shape, DutchEngine().pair)
    assert len(log.withdrawn) == 3
    for tpn, stop in log.withdrawn.items():  # no row from the withdrawal on
        assert all(not rec.paired and rec.outcome.name == "LOSS"
                   for rec in log.history[tpn][stop - 1:])
    assert len(log.late) == 3
    for tpn, joins in log.late.items():  # zero-point byes for the rounds missed
        assert all(not rec.paired and rec.outcome.name == "LOSS"
                   for rec in log.history[tpn][: joins - 1])
    assert any(not rec.paired and rec.outcome.name == "WIN" for rows in log.history.values()
               for rec in rows)  # a full-point bye
    first = sorted(tpn for tpn, rows in log.history.items() if rows[0].paired)
    # group A (C.04.7): the top 2 * ceil(N / 4) of round 1's players, and every number above
    # the last of them (a late entry joins by rating); a point in rounds 1-2, half a point in
    # rounds 3-4 (the first half of 7 rounds), none after
    last = first[2 * -(-len(first) // 4) - 1]
    assert log.accelerations == {tpn: (10, 10, 5, 5, 0, 0, 0) for tpn in range(1, last + 1)}


def test_baku_in_the_smallest_field() -> None:
    """Three players: group A is 2 * ceil(3 / 4) = 2 players, the last of the field is not."""
    shape = GeneratorSettings(players=3, rounds=2, baku=True, half_bye_rate=0.0,
                              absence_rate=0.0, forfeit_rate=0.0)
    log = random_tournament(random.Random(1), shape, DutchEngine().pair)
    assert log.accelerations == {1: (10, 0), 2: (10, 0)}


def test_the_package_hands_out_the_engine_on_first_use() -> None:
    """`rochade.core.dutch` imports the engine only when asked for it (its module
    `__getattr__`); asked inside the test, so that the lookup itself is what is checked."""
    import rochade.core.dutch as dutch
    from rochade.core.dutch import engine

    assert dutch.DutchEngine is engine.DutchEngine
    assert dutch.DutchResult is engine.DutchResult
    with pytest.raises(AttributeError,
                       match=r"^module 'rochade.core.dutch' has no attribute 'Engine'$"):
        dutch.Engine  # noqa: B018
