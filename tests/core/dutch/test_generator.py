"""The random Swiss generator's shapes: late entries, withdrawals, full-point byes, Baku."""

from __future__ import annotations

import random

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
    first = [tpn for tpn, rows in log.history.items() if rows[0].paired]
    assert set(log.accelerations) >= set(sorted(first)[: 2 * -(-len(first) // 4)])
    assert all(points[:2] == (10, 10) and points[-1] == 0
               for points in log.accelerations.values())
