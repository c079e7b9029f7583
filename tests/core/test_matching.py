"""Edmonds' matching against brute force, and the incremental operations the engines use."""

from __future__ import annotations

from functools import cache

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from rochade.core.matching import UNMATCHED, Matcher, maximum_matching


def _brute_force_size(n: int, edges: frozenset[tuple[int, int]]) -> int:
    """Largest matching by trying, for the lowest free vertex, every partner or none."""

    @cache
    def best(free: frozenset[int]) -> int:
        if not free:
            return 0
        v = min(free)
        rest = free - {v}
        out = best(rest)
        for u in rest:
            if (min(u, v), max(u, v)) in edges:
                out = max(out, 1 + best(rest - {u}))
        return out

    return best(frozenset(range(n)))


def _adjacency(n: int, edges: frozenset[tuple[int, int]]) -> list[list[int]]:
    adjacency: list[list[int]] = [[] for _ in range(n)]
    for a, b in sorted(edges):
        adjacency[a].append(b)
        adjacency[b].append(a)
    return adjacency


@st.composite
def graphs(draw: st.DrawFn, max_vertices: int = 11) -> tuple[int, frozenset[tuple[int, int]]]:
    n = draw(st.integers(0, max_vertices))
    pairs = [(a, b) for a in range(n) for b in range(a + 1, n)]
    density = draw(st.floats(0.0, 1.0))
    chosen = draw(st.lists(st.floats(0.0, 1.0), min_size=len(pairs), max_size=len(pairs)))
    return n, frozenset(p for p, x in zip(pairs, chosen, strict=True) if x < density)


def _assert_valid(mate: list[int], edges: frozenset[tuple[int, int]]) -> None:
    for v, u in enumerate(mate):
        if u != UNMATCHED:
            assert mate[u] == v
            assert (min(u, v), max(u, v)) in edges


@settings(max_examples=300)
@given(graphs())
def test_maximum_matching_matches_brute_force(
    graph: tuple[int, frozenset[tuple[int, int]]],
) -> None:
    n, edges = graph
    mate = maximum_matching(_adjacency(n, edges))
    _assert_valid(mate, edges)
    assert sum(1 for u in mate if u != UNMATCHED) // 2 == _brute_force_size(n, edges)


@settings(max_examples=200)
@given(graphs(), st.data())
def test_remove_keeps_perfect_iff_rest_has_perfect_matching(
    graph: tuple[int, frozenset[tuple[int, int]]], data: st.DataObject
) -> None:
    """From a perfect or near-perfect matching, `remove` + `is_perfect` answer "can the rest be
    perfectly matched?" exactly."""
    n, edges = graph
    matcher = Matcher(_adjacency(n, edges))
    matcher.maximise()
    assume(n > 0 and 2 * matcher.pairs() >= n - 1)  # perfect or near-perfect, as engines use it
    out = data.draw(st.lists(st.integers(0, n - 1), min_size=1, max_size=2, unique=True))
    before = matcher.snapshot()
    matcher.remove(*out)
    rest = [v for v in range(n) if v not in out]
    sub = frozenset((rest.index(a), rest.index(b)) for a, b in edges if a in rest and b in rest)
    expect_perfect = 2 * _brute_force_size(len(rest), sub) == len(rest)
    assert matcher.is_perfect() == expect_perfect
    _assert_valid(matcher.mate, edges)
    assert all(matcher.mate[v] == UNMATCHED for v in out)
    matcher.restore(before)
    assert matcher.snapshot() == before


def test_augmenting_path_through_a_blossom() -> None:
    """The only augmenting path from 0 runs around the odd cycle 0-4=3-2=1 to reach 5:
    1 is first labelled odd and must become even by contracting the blossom."""
    edges = frozenset({(0, 1), (1, 2), (2, 3), (3, 4), (0, 4), (1, 5)})
    matcher = Matcher(_adjacency(6, edges))
    matcher.mate = [UNMATCHED, 2, 1, 4, 3, UNMATCHED]
    assert matcher.augment(0)
    assert matcher.is_perfect()
    _assert_valid(matcher.mate, edges)
    assert matcher.mate[5] == 1 and matcher.mate[0] == 4


def test_no_augmenting_path_in_a_lone_blossom() -> None:
    edges = frozenset({(0, 1), (1, 2), (2, 3), (3, 4), (0, 4)})
    matcher = Matcher(_adjacency(5, edges))
    matcher.mate = [UNMATCHED, 2, 1, 4, 3]
    assert not matcher.augment(0)
    assert matcher.mate == [UNMATCHED, 2, 1, 4, 3]


def test_inactive_vertices_are_invisible() -> None:
    matcher = Matcher([[1], [0, 2], [1]])
    matcher.remove(1)
    assert matcher.maximise() == 0
    assert matcher.exposed() == [0, 2]
