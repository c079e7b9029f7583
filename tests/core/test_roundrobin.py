"""Berger tables against the published FIDE tables, and the round-robin engine."""

from __future__ import annotations

import random
import re
from collections import Counter
from fractions import Fraction
from itertools import combinations
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rochade.core.model import Entrant, ModelError, Outcome, Status, Tournament
from rochade.core.pairing import Board, PairingEngine
from rochade.core.roundrobin import (
    BergerEngine,
    BergerState,
    annul_withdrawn,
    berger_round,
    berger_schedule,
    draw_numbers,
    numbers_by_rating,
    varma_draw,
    varma_groups,
)
from rochade.core.tiebreaks import Colour, Kind, PlayerRecord, RoundEntry

GOLDEN = Path(__file__).resolve().parents[1] / "data" / "berger"
Pairs = list[tuple[tuple[int, int], ...]]


def golden(size: int) -> Pairs:
    """A published table, typed as `R: w-b w-b ...` lines."""
    rounds = []
    for line in (GOLDEN / f"berger_{size:02d}.txt").read_text().splitlines():
        _, pairs = line.split(":")
        rounds.append(tuple(tuple(map(int, p.split("-"))) for p in pairs.split()))
    return rounds  # type: ignore[return-value]


def boards(players: int, **kw: bool) -> Pairs:
    return [r.boards for r in berger_schedule(players, **kw).rounds]


@pytest.mark.parametrize("players", range(3, 17))
def test_single_round_robin_is_the_published_table(players: int) -> None:
    assert boards(players) == golden(players + players % 2)


@pytest.mark.parametrize("players", range(3, 17))
def test_double_round_robin_follows_the_fide_rule(players: int) -> None:
    """Cycle 1 = table with its last two rounds swapped; cycle 2 = table, colours reversed."""
    table = golden(players + players % 2)
    cycle1 = [*table[:-2], table[-1], table[-2]]
    cycle2 = [tuple((b, w) for w, b in rnd) for rnd in table]
    assert boards(players, double=True) == cycle1 + cycle2
    assert boards(players, double=True, swap_last_two=False) == table + cycle2


def test_golden_files_match_the_spec(shared_dir: Path) -> None:
    """The typed tables are the spec's tables, character for character."""
    text = (shared_dir / "spec" / "round-robin.md").read_text()
    section = text.split("## 2.")[1].split("## 3.")[0]
    parts = re.split(r"\*\*\d+ or (\d+) players\*\*", section)[1:]
    assert len(parts) == 14
    for size, body in zip(parts[::2], parts[1::2], strict=True):
        rows = re.findall(r"^\| (\d+) \| (.+?) \|$", body, re.M)
        typed = [f"{r}: " + " ".join(p.strip().replace("–", "-") for p in pairs.split(","))
                 for r, pairs in rows]
        assert typed == (GOLDEN / f"berger_{int(size):02d}.txt").read_text().splitlines()


def colours(schedule: Pairs, player: int) -> str:
    out = ""
    for rnd in schedule:
        for w, b in rnd:
            if player in (w, b):
                out += "W" if player == w else "B"
    return out


@pytest.mark.parametrize("size", range(2, 41, 2))
def test_berger_properties(size: int) -> None:
    """Each pair once; colour balance; the top number alternates; closed-form lookup."""
    table = [berger_round(size, r) for r in range(1, size)]
    met = Counter(frozenset(pair) for rnd in table for pair in rnd)
    assert set(met) == {frozenset(p) for p in combinations(range(1, size + 1), 2)}
    assert set(met.values()) == {1}
    half, m = size // 2, size - 1
    for player in range(1, size + 1):
        whites = colours(table, player).count("W")
        assert whites == (half if player <= half else half - 1)
    assert colours(table, size) == ("BW" * size)[:m]
    for r, rnd in enumerate(table, 1):
        for w, b in rnd:
            a, c = sorted((w, b))
            if c == size:
                assert r == (2 * (a - 1)) % m + 1 and (w == a) == (r % 2 == 1)
            else:
                assert r == (a + c - 2) % m + 1 and (w - b) % m % 2 == 0


@pytest.mark.parametrize("players", range(3, 25, 2))
def test_odd_count_every_player_rests_once_and_balances(players: int) -> None:
    schedule = berger_schedule(players)
    assert len(schedule.rounds) == players
    assert sorted(r.bye for r in schedule.rounds) == list(range(1, players + 1))  # type: ignore
    real = [tuple(p for p in r.boards if players + 1 not in p) for r in schedule.rounds]
    for player in range(1, players + 1):
        assert colours(real, player).count("W") == (players - 1) // 2
        assert colours(real, player).count("B") == (players - 1) // 2


@pytest.mark.parametrize("size", range(4, 25, 2))
def test_double_swap_avoids_three_equal_colours(size: int) -> None:
    swapped = boards(size, double=True)
    plain = boards(size, double=True, swap_last_two=False)
    assert all("WWW" not in colours(swapped, p) and "BBB" not in colours(swapped, p)
               for p in range(1, size + 1))
    assert any("WWW" in colours(plain, p) or "BBB" in colours(plain, p)
               for p in range(1, size + 1))


def test_rounds_and_cycles() -> None:
    assert len(berger_schedule(8).rounds) == 7
    assert len(berger_schedule(7).rounds) == 7
    double = berger_schedule(7, double=True)
    assert len(double.rounds) == 14
    assert [(r.cycle, r.table_round) for r in double.rounds][5:8] == [(1, 7), (1, 6), (2, 1)]
    assert berger_schedule(2).rounds[0].boards == ((1, 2),)
    with pytest.raises(ModelError, match="at least 2 players"):
        berger_schedule(1)
    with pytest.raises(ModelError, match="even size"):
        berger_round(5, 1)
    with pytest.raises(ModelError, match="rounds 1 to 3"):
        berger_round(4, 4)


def test_numbers_by_lot_are_replayable_and_by_rating_sorted() -> None:
    ids = [10, 20, 30, 40, 50]
    drawn = draw_numbers(ids, random.Random(7))
    assert sorted(drawn) == ids
    assert drawn == draw_numbers(reversed(ids), random.Random(7))
    assert len({draw_numbers(ids, random.Random(seed)) for seed in range(20)}) > 1
    entrants = [Entrant(1, "A", 1500), Entrant(2, "B", None), Entrant(3, "C", 1900),
                Entrant(4, "D", 1500)]
    assert numbers_by_rating(entrants) == (3, 1, 4, 2)


def club(count: int, withdrawn: tuple[int, ...] = ()) -> Tournament:
    return Tournament("club", tuple(
        Entrant(i, f"P{i}", status=Status.WITHDRAWN if i in withdrawn else Status.PRESENT)
        for i in range(1, count + 1)))


def test_engine_maps_numbers_to_players_and_names_the_rest_player() -> None:
    engine: PairingEngine[BergerState] = BergerEngine()
    assert engine.name == "berger"
    numbers = (5, 3, 1, 4, 2)  # player 5 has number 1, ...
    pairing = engine.pair(BergerState(club(5), numbers, round_number=2))
    # table round 2 for 6: 6-4 5-3 1-2 -> number 4 rests
    assert pairing.boards == (Board(2, 1), Board(5, 3))
    assert pairing.bye == 4
    assert "P4 (no. 4) rests" in pairing.explanation[1]
    assert pairing.explanation[0].startswith("round 2 of 5: Berger table for 6 players")


def test_engine_double_round_robin_and_errors() -> None:
    engine = BergerEngine()
    numbers = (1, 2, 3, 4)
    state = BergerState(club(4), numbers, round_number=2, double=True)
    assert engine.pair(state).boards == (Board(2, 4), Board(3, 1))
    assert "swapped" in engine.pair(state).explanation[0]
    last = engine.pair(BergerState(club(4), numbers, round_number=6, double=True))
    assert last.boards == (Board(4, 2), Board(1, 3))
    assert "colours reversed" in last.explanation[0]
    with pytest.raises(ModelError) as refused:
        engine.pair(BergerState(club(4), numbers, round_number=7, double=True))
    assert str(refused.value) == "this round robin has rounds 1 to 6, not 7"
    with pytest.raises(ModelError) as refused:
        engine.pair(BergerState(club(4), (1, 1, 2, 3), round_number=1))
    assert str(refused.value) == "each player may hold only one start number"
    unswapped = BergerState(club(4), numbers, round_number=2, double=True, swap_last_two=False)
    assert engine.pair(unswapped).boards == tuple(Board(w, b) for w, b in berger_round(4, 2))


def test_withdrawn_player_keeps_his_games_as_forfeits() -> None:
    pairing = BergerEngine().pair(BergerState(club(4, withdrawn=(2,)), (1, 2, 3, 4), 1))
    assert pairing.boards == (Board(1, 4), Board(2, 3))
    assert pairing.explanation[1] == (
        "board 2: P2 (no. 2) has withdrawn; the game stays in the table and is recorded as a "
        "forfeit win for P3 (no. 3)")
    black = BergerEngine().pair(BergerState(club(4, withdrawn=(4,)), (1, 2, 3, 4), 1))
    assert black.explanation[1] == (
        "board 1: P4 (no. 4) has withdrawn; the game stays in the table and is recorded as a "
        "forfeit win for P1 (no. 1)")
    both = BergerEngine().pair(BergerState(club(4, withdrawn=(2, 3)), (1, 2, 3, 4), 1))
    assert both.explanation[1] == ("board 2: both players have withdrawn; the game stays in "
                                   "the table and is recorded as a double forfeit")


@given(st.integers(2, 30), st.booleans(), st.integers(0, 2**32))
def test_engine_rounds_cover_every_pair(players: int, double: bool, seed: int) -> None:
    numbers = draw_numbers(range(1, players + 1), random.Random(seed))
    state = club(players)
    rounds = len(berger_schedule(players, double=double).rounds)
    met: Counter[frozenset[int]] = Counter()
    for r in range(1, rounds + 1):
        pairing = BergerEngine().pair(BergerState(state, numbers, r, double=double))
        assert sorted(pairing.players()) == list(range(1, players + 1))
        met.update(frozenset((b.white, b.black)) for b in pairing.boards)
    assert set(met.values()) == {2 if double else 1}
    assert len(met) == players * (players - 1) // 2


def game(opp: int, colour: Colour, outcome: Outcome) -> RoundEntry:
    return RoundEntry(Kind.PLAYED, opp, colour, outcome)


def test_annul_withdrawn_before_half_of_the_games() -> None:
    """Player 3 played 1 of 3 games: annulled; with 2 games each, 1 is half: results stand."""
    w, b = Colour.WHITE, Colour.BLACK
    win, loss = Outcome.WIN, Outcome.LOSS
    records = (
        PlayerRecord(1, (game(4, w, win), RoundEntry(Kind.FORFEIT_WIN, 3, b), game(2, w, win))),
        PlayerRecord(2, (game(3, w, win), game(4, b, win), game(1, b, loss))),
        PlayerRecord(3, (game(2, b, loss), RoundEntry(Kind.FORFEIT_LOSS, 1, w),
                         RoundEntry(Kind.FORFEIT_LOSS, 4, b))),
        PlayerRecord(4, (game(1, b, loss), game(2, w, loss),
                         RoundEntry(Kind.FORFEIT_WIN, 3, w))),
    )
    out = annul_withdrawn(records, withdrawn={3}, games_each=3)
    rest = RoundEntry(Kind.REST)
    assert out[2].rounds == (rest, rest, rest)
    assert out[0].rounds[1] == rest and out[1].rounds[0] == rest and out[3].rounds[2] == rest
    assert out[0].rounds[0] == records[0].rounds[0]
    assert annul_withdrawn(records, withdrawn={3}, games_each=2) == records
    wins = [sum(Fraction(e.outcome is Outcome.WIN) for e in r.rounds) for r in out]
    assert wins == [2, 1, 0, 0]


@pytest.mark.parametrize("players", range(9, 25))
def test_varma_groups_split_the_numbers(players: int) -> None:
    groups = varma_groups(players)
    assert len(groups) == 4
    assert sorted(n for g in groups for n in g) == list(range(1, players + 1))


@pytest.mark.parametrize("size", [10, 14, 16, 18, 20, 22, 24])
def test_varma_group_mates_never_meet_in_the_last_three_rounds(size: int) -> None:
    last = [berger_round(size, r) for r in range(size - 3, size)]
    for group in varma_groups(size):
        assert not any(w in group and b in group for rnd in last for w, b in rnd)


def test_varma_table_for_12_has_the_known_flaw() -> None:
    """spec: group C (6, 8, 12) holds 6-12, played in the last round; kept as published."""
    assert (6, 12) in berger_round(12, 11) or (12, 6) in berger_round(12, 11)
    assert varma_groups(11)[2] == (6, 8)


def test_varma_draw_keeps_compatriots_in_one_group() -> None:
    feds = {1: "NOR", 2: "NOR", 3: "NOR", 4: "GER", 5: "GER", 6: "GER", 7: "FRA", 8: "FRA",
            9: "ESP", 10: "ITA"}
    names = {p: f"Player {11 - p:02d}" for p in feds}
    for seed in range(30):
        numbers = varma_draw(feds, names, random.Random(seed))
        assert sorted(numbers) == list(range(1, 11))
        number = {p: i + 1 for i, p in enumerate(numbers)}
        for fed in ("NOR", "GER", "FRA"):
            mates = {number[p] for p in feds if feds[p] == fed}
            assert any(mates <= set(g) for g in varma_groups(10)), (seed, fed)
    assert varma_draw(feds, names, random.Random(1)) == varma_draw(feds, names, random.Random(1))
    with pytest.raises(ModelError) as refused:
        varma_draw({**feds, 10: "NOR"}, names, random.Random(0))
    assert str(refused.value) == ("federation NOR has 4 players, more than any Varma group "
                                  "holds; draw the numbers by lot instead")
    with pytest.raises(ModelError) as refused:
        varma_groups(8)
    assert str(refused.value) == "the Varma tables cover 9 to 24 players, not 8"


def test_varma_draw_lets_compatriots_draw_in_the_order_of_their_names() -> None:
    """The same seed with two compatriots' names swapped: they swap their numbers, and
    nobody else's number moves (C.05 Annex 2 as the docstring reads it: by name)."""
    feds = {1: "NOR", 2: "NOR", 3: "NOR", 4: "GER", 5: "GER", 6: "FRA", 7: "ESP", 8: "ITA",
            9: "POL", 10: "CZE"}
    names = {p: f"Player {p:02d}" for p in feds}
    swapped = {**names, 1: names[2], 2: names[1]}
    for seed in range(5):
        before = varma_draw(feds, names, random.Random(seed))
        after = varma_draw(feds, swapped, random.Random(seed))
        assert after == tuple({1: 2, 2: 1}.get(p, p) for p in before), seed


def test_a_berger_round_out_of_range_names_the_tables_size() -> None:
    with pytest.raises(ModelError) as refused:
        berger_round(6, 6)
    assert str(refused.value) == "the Berger table for 6 players has rounds 1 to 5"
