"""Random Double-Swiss events (seeded): every generated round keeps the rules, and the file
of the event checks clean with the Double-Swiss checker after a TRF26 round trip."""

from __future__ import annotations

import dataclasses

from hypothesis import given, settings
from hypothesis import strategies as st

from rochade.core.doubleswiss.matches import forfeited_both, match_pairs, regular
from rochade.core.model import Tournament
from rochade.core.systems import SYSTEMS, renumbered
from rochade.core.systems.double_swiss_events import random_double_swiss
from rochade.formats.trf_tournament import read_trf_tournament, write_trf_tournament
from rochade.service.trf_double_swiss import check_double_swiss_file

DS = SYSTEMS["double-swiss"]


def _keeps_the_rules(t: Tournament) -> None:
    """What C.04.5 makes absolute, read from the stored games alone."""
    met: set[frozenset[int]] = set()
    byes: set[int] = set()
    forfeit_winners: set[int] = set()
    for first, second in match_pairs(t.rounds):
        assert second is not None
        assert {(g.black, g.white, g.board) for g in second.games} == {
            (g.white, g.black, g.board) for g in first.games}, "second games swap colours"
        assert second.bye is None, "a bye applies to the match, given with its first game"
        if first.bye is not None:
            assert first.bye not in byes | forfeit_winners, f"second bye for {first.bye}"
            byes.add(first.bye)
            assert any(a.player == first.bye for a in second.absences)
        for g1 in first.games:
            g2 = second.game_of(g1.white)
            pair = frozenset((g1.white, g1.black))
            if regular(g1, g2):
                assert pair not in met, f"second match {sorted(pair)}"
                met.add(pair)
            else:
                for w, lost in ((g1.white, g1.black), (g1.black, g1.white)):
                    if forfeited_both(lost, g1, g2) and not forfeited_both(w, g1, g2):
                        forfeit_winners.add(w)
        assert {a.player for a in first.absences} <= {a.player for a in second.absences}


def _check(seed: int, players: int, rounds: int) -> None:
    t = random_double_swiss(seed, players, rounds)
    _keeps_the_rules(t)
    text = write_trf_tournament(t)
    assert "192 FIDE_DOUBLESWISS" in text.splitlines()
    said: list[str] = []
    assert check_double_swiss_file(text, said.append) == 0, (seed, said)
    back, _ = read_trf_tournament(text)
    mine, _ = renumbered(t)
    assert back.rounds == mine.rounds and back.settings == mine.settings
    plain = "".join(line for line in text.splitlines(keepends=True)
                    if not line.startswith("RCH"))
    said.clear()
    assert check_double_swiss_file(plain, said.append) == 0, (seed, said)
    bare, _ = read_trf_tournament(plain)
    assert [{(g.white, g.black, g.result) for g in r.games} for r in bare.rounds] == [
        {(g.white, g.black, g.result) for g in r.games} for r in mine.rounds]
    assert [r.bye for r in bare.rounds] == [r.bye for r in mine.rounds]


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 30), rounds=st.integers(1, 7))
def test_generated_events_keep_the_rules_and_check_clean_through_trf(
        seed: int, players: int, rounds: int) -> None:
    _check(seed, players, rounds)


def test_a_large_generated_event_checks_clean() -> None:
    _check(20260201, 60, 9)


def test_the_same_seed_gives_the_same_event() -> None:
    assert random_double_swiss(7, 12, 4) == random_double_swiss(7, 12, 4)
    assert random_double_swiss(7, 12, 4) != random_double_swiss(8, 12, 4)


def test_a_changed_pairing_is_found_by_the_checker() -> None:
    t = random_double_swiss(3, 10, 3)
    third = t.rounds[2]
    a, b = third.games[0], third.games[1]
    swapped = (dataclasses.replace(a, black=b.black), dataclasses.replace(b, black=a.black),
               *third.games[2:])
    fourth = t.rounds[3]
    c, d = fourth.games[0], fourth.games[1]
    swapped4 = (dataclasses.replace(c, white=d.white), dataclasses.replace(d, white=c.white),
                *fourth.games[2:])
    wrong = dataclasses.replace(t, rounds=(*t.rounds[:2], dataclasses.replace(third,
                                                                              games=swapped),
                                           dataclasses.replace(fourth, games=swapped4),
                                           *t.rounds[4:]))
    said: list[str] = []
    assert check_double_swiss_file(write_trf_tournament(wrong), said.append) >= 1
    assert said[0].startswith("round 3: the recorded pairing differs")
