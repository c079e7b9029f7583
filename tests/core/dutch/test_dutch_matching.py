"""The blossom matching against brute force, from scratch and after incremental changes."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from rochade.core.dutch.matching import WeightedMatching, max_weight_matching


def best_weight(weights: list[list[int]], vertices: list[int]) -> int:
    """Exhaustive optimum over the given vertices."""
    if not vertices:
        return 0
    first, rest = vertices[0], vertices[1:]
    best = best_weight(weights, rest)
    for k, other in enumerate(rest):
        if weights[first][other] > 0:
            best = max(best, weights[first][other]
                       + best_weight(weights, rest[:k] + rest[k + 1:]))
    return best


def matched_weight(weights: list[list[int]], mate: list[int], vertices: list[int]) -> int:
    total = 0
    for v in vertices:
        m = mate[v]
        if m >= 0:
            assert mate[m] == v and m in vertices and weights[v][m] > 0
            total += weights[v][m] if v < m else 0
    return total


@st.composite
def graphs(draw: st.DrawFn) -> list[list[int]]:
    n = draw(st.integers(0, 9))
    top = draw(st.sampled_from([1, 3, 100, 2**70]))
    weights = [[0] * n for _ in range(n)]
    for a in range(n):
        for b in range(a):
            if draw(st.booleans()):
                weights[a][b] = weights[b][a] = draw(st.integers(1, top))
    return weights


@given(graphs())
@settings(max_examples=300)
def test_matches_brute_force(weights: list[list[int]]) -> None:
    vertices = list(range(len(weights)))
    mate = max_weight_matching(weights)
    assert matched_weight(weights, mate, vertices) == best_weight(weights, vertices)


def test_dense_equal_weights_make_blossoms() -> None:
    # odd cycles everywhere: a complete graph on 7 vertices with equal weights
    weights = [[0 if a == b else 5 for b in range(7)] for a in range(7)]
    mate = max_weight_matching(weights)
    assert matched_weight(weights, mate, list(range(7))) == 15


def test_incremental_changes_stay_optimal() -> None:
    rng = random.Random(2026)
    for _ in range(150):
        n = rng.randint(2, 9)
        weights = [[0] * n for _ in range(n)]
        solver = WeightedMatching(n)
        alive = list(range(n))
        for _step in range(5):
            for _ in range(rng.randint(1, 5)):
                a, b = rng.sample(alive, 2)
                w = rng.choice([0, rng.randint(1, 50), rng.randint(1, 2**40)])
                weights[a][b] = weights[b][a] = w
                solver.set_weight(a, b, w)
            if len(alive) > 3 and rng.random() < 0.3:
                gone = rng.choice(alive)
                alive.remove(gone)
                solver.remove(gone)
                for u in range(n):
                    weights[gone][u] = weights[u][gone] = 0
            mate = solver.solve()
            assert matched_weight(weights, mate, alive) == best_weight(weights, alive)


def test_raised_duals_before_heavier_edges_stay_optimal() -> None:
    """raise_dual only moves the start of a re-solve, never its optimum."""
    rng = random.Random(4)
    for _ in range(150):
        n = rng.randint(2, 9)
        weights = [[0] * n for _ in range(n)]
        solver = WeightedMatching(n)
        for a in range(n):
            for b in range(a):
                if rng.random() < 0.7:
                    weights[a][b] = weights[b][a] = 1000 * rng.randint(1, 3)
                    solver.set_weight(a, b, weights[a][b])
        solver.solve()
        for _step in range(3):
            bonus = {v: rng.randint(0, 40) for v in range(n)}
            for v, extra in bonus.items():
                solver.raise_dual(v, 2 * extra if rng.random() < 0.8 else rng.randint(0, 99))
            for a in range(n):
                for b in range(a):
                    if weights[a][b]:
                        weights[a][b] = weights[b][a] = weights[a][b] + bonus[b]
                        solver.set_weight(a, b, weights[a][b])
            mate = solver.solve()
            assert matched_weight(weights, mate, list(range(n))) == best_weight(
                weights, list(range(n)))
