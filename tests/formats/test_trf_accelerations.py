"""Virtual points in a club-file Swiss read from and written to TRF: TRF26 250 records and
JaVaFo's XXA lines become the tournament's table, and come back as 250 records (and XXA for
JaVaFo); records that are just what the `_BAKU` code gives keep the Baku preset."""

from __future__ import annotations

from fractions import Fraction

from rochade.core.dutch.generator import SwissLog
from rochade.core.systems import Acceleration, VirtualPoints
from rochade.core.systems.swiss import SWISS_SYSTEM
from rochade.formats.trf import format_state, parse_trf, to_swiss_state
from rochade.formats.trf_tournament import read_trf_tournament, write_trf_tournament


def trf_text(players: int, rounds: int, *extra: str) -> str:
    lines = format_state(SwissLog([2800 - 5 * i for i in range(players)], rounds).state(),
                         "Open").splitlines()
    return "\n".join([lines[0], *extra, *lines[1:]]) + "\n"


def table(text: str) -> frozenset[VirtualPoints]:
    settings = SWISS_SYSTEM.own(read_trf_tournament(text)[0].settings)
    assert settings is not None
    return settings.virtual_points


def test_250_records_become_the_table_in_runs_of_rounds() -> None:
    text = trf_text(10, 5, "250       1.0 001 002 0001 0003", "250       0.5 003 003 0002 0002")
    assert table(text) == {VirtualPoints(1, 1, 2, Fraction(1)), VirtualPoints(3, 1, 2, Fraction(1)),
                           VirtualPoints(2, 1, 2, Fraction(1)),
                           VirtualPoints(2, 3, 3, Fraction(1, 2))}


def test_xxa_lines_become_the_table_and_zeros_are_no_points() -> None:
    assert table(trf_text(6, 4, "XXA    4  0.0  0.5  0.5")) == {
        VirtualPoints(4, 2, 3, Fraction(1, 2))}


def test_the_table_is_written_back_and_pairs_as_the_file_did() -> None:
    text = trf_text(12, 6, "250       1.0 001 002 0001 0004", "250       0.5 003 004 0005 0006")
    t, _ = read_trf_tournament(text)
    written = write_trf_tournament(t)
    records = [line for line in written.splitlines() if line[:3] == "250"]
    assert records == ["250       1.0 001 002 0001 0004", "250       0.5 003 004 0005 0006"]
    again = {p.tpn: p.accelerations for p in to_swiss_state(parse_trf(written)).players}
    first = {p.tpn: p.accelerations for p in to_swiss_state(parse_trf(text)).players}
    assert {k: v for k, v in again.items() if any(v)} == {k: v for k, v in first.items() if any(v)}
    javafo = write_trf_tournament(t, javafo=True)
    assert "XXA    5  0.0  0.0  0.5  0.5  0.0  0.0" in javafo.splitlines()


def test_a_changed_table_replaces_the_files_own_records() -> None:
    text = trf_text(8, 5, "250       1.0 001 002 0001 0004")
    t, extras = read_trf_tournament(text)
    s = SWISS_SYSTEM.own(t.settings)
    assert s is not None
    changed = t.__class__(t.name, t.entrants, t.rounds, t.system, SWISS_SYSTEM.from_dict(
        {**SWISS_SYSTEM.to_dict(s), "virtual_points": [
            {"player": 2, "first": 1, "last": 1, "points": "1/2"}]}))
    unchanged = [line for line in write_trf_tournament(t, extras).splitlines() if line[:3] == "250"]
    assert unchanged == ["250       1.0 001 002 0001 0004"]
    records = [line for line in write_trf_tournament(changed, extras).splitlines()
               if line[:3] == "250"]
    assert records == ["250       0.5 001 001 0002 0002"]


def test_records_that_are_baku_keep_the_baku_preset() -> None:
    # 9 rounds, 16 players: group A = 1-8, +1 in rounds 1-3, +1/2 in rounds 4-5 (C.04.7)
    baku = ("192 FIDE_DUTCH_2026_BAKU", "250       1.0 001 003 0001 0008",
            "250       0.5 004 005 0001 0008")
    t, _ = read_trf_tournament(trf_text(16, 9, *baku))
    s = SWISS_SYSTEM.own(t.settings)
    assert s is not None and s.acceleration is Acceleration.BAKU and not s.virtual_points
    other = read_trf_tournament(trf_text(16, 9, baku[0], "250       1.0 001 001 0001 0004"))[0]
    s = SWISS_SYSTEM.own(other.settings)
    assert s is not None and s.acceleration is Acceleration.BAKU
    assert s.virtual_points == {VirtualPoints(p, 1, 1, Fraction(1)) for p in range(1, 5)}
