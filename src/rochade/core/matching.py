"""Maximum-cardinality matching in a general graph (Edmonds' blossom algorithm).

The pairing engines ask one question over and over: "can the players still to be paired all be
paired admissibly?". That is "does the admissibility graph have a perfect matching?", and
players' graphs are not bipartite, so we need blossoms. `Matcher` keeps a matching between
questions and only searches for augmenting paths, so each look-ahead costs one search instead of
a full matching.

Vertices are the integers 0..n-1; the caller maps players to indices.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

UNMATCHED = -1


class Matcher:
    """A matching on the active vertices of a fixed graph, improved by augmenting paths.

    Vertices can be deactivated (a player already paired or given the bye) and reactivated;
    inactive vertices are invisible to the searches.
    """

    def __init__(self, adjacency: Sequence[Iterable[int]]) -> None:
        self.adjacency: list[list[int]] = [list(neighbours) for neighbours in adjacency]
        self.size = len(self.adjacency)
        self.mate: list[int] = [UNMATCHED] * self.size
        self.active: list[bool] = [True] * self.size

    def maximise(self) -> int:
        """Grow the matching to maximum cardinality; returns the number of matched pairs.

        A vertex from which no augmenting path starts never gets one later (Edmonds), so one
        search per exposed vertex is enough.
        """
        mate, active = self.mate, self.active
        for v in range(self.size):  # a greedy start leaves few vertices to augment
            if active[v] and mate[v] == UNMATCHED:
                for u in self.adjacency[v]:
                    if active[u] and mate[u] == UNMATCHED and u != v:
                        mate[v], mate[u] = u, v
                        break
        for v in range(self.size):
            if active[v] and mate[v] == UNMATCHED:
                self.augment(v)
        return self.pairs()

    def pairs(self) -> int:
        """Number of matched pairs among the active vertices."""
        return sum(1 for v in range(self.size) if self.active[v] and self.mate[v] > v)

    def exposed(self) -> list[int]:
        """Active vertices without a mate."""
        return [v for v in range(self.size) if self.active[v] and self.mate[v] == UNMATCHED]

    def remove(self, *vertices: int) -> None:
        """Deactivate `vertices` (a bye, or both players of a board) and repair the matching.

        Their former mates are exposed; an augmenting path from each re-matches it if the rest
        of the graph allows. The repair stops at the first mate that cannot be re-matched: the
        matching cannot be perfect then, which is all callers ask (`is_perfect`); they may
        `restore` a snapshot afterwards. The answer is exact when the matching had at most one
        exposed vertex before: the only augmenting paths left then join the freed mates.
        """
        freed = []
        for vertex in vertices:
            partner = self.mate[vertex]
            self.active[vertex] = False
            self.mate[vertex] = UNMATCHED
            if partner != UNMATCHED:
                self.mate[partner] = UNMATCHED
                freed.append(partner)
        for vertex in freed:
            if self.active[vertex] and self.mate[vertex] == UNMATCHED and not self.augment(vertex):
                return

    def is_perfect(self) -> bool:
        """Every active vertex has a mate."""
        return not self.exposed()

    def snapshot(self) -> tuple[list[int], list[bool]]:
        return list(self.mate), list(self.active)

    def restore(self, state: tuple[list[int], list[bool]]) -> None:
        self.mate, self.active = list(state[0]), list(state[1])

    def augment(self, root: int) -> bool:
        """Search an augmenting path from the exposed vertex `root` and flip it if found."""
        end, parent = self._search(root)
        if end == UNMATCHED:
            return False
        mate = self.mate
        v = end
        while v != UNMATCHED:
            p = parent[v]
            next_v = mate[p]
            mate[v], mate[p] = p, v
            v = next_v
        return True

    def _search(self, root: int) -> tuple[int, list[int]]:
        """Breadth-first alternating-tree search with blossom contraction.

        `parent[v]` is set for odd (inner) vertices; `base[v]` is the base of the blossom v is
        in. Returns the exposed vertex reached (or UNMATCHED) and the parent links of the path.
        """
        n, mate, active, adjacency = self.size, self.mate, self.active, self.adjacency
        parent = [UNMATCHED] * n
        base = list(range(n))
        outer = [False] * n
        outer[root] = True
        queue = [root]
        head = 0
        while head < len(queue):
            v = queue[head]
            head += 1
            for u in adjacency[v]:
                if not active[u] or base[v] == base[u] or mate[v] == u:
                    continue
                if u == root or (mate[u] != UNMATCHED and parent[mate[u]] != UNMATCHED):
                    # u is outer too: the edge closes an odd cycle, contract it.
                    top = self._common_base(v, u, base, parent)
                    in_blossom = [False] * n
                    self._mark(v, top, u, base, parent, in_blossom)
                    self._mark(u, top, v, base, parent, in_blossom)
                    for w in range(n):
                        if in_blossom[base[w]]:
                            base[w] = top
                            if not outer[w]:
                                outer[w] = True
                                queue.append(w)
                elif parent[u] == UNMATCHED:
                    parent[u] = v
                    if mate[u] == UNMATCHED:
                        return u, parent
                    outer[mate[u]] = True
                    queue.append(mate[u])
        return UNMATCHED, parent

    def _common_base(self, a: int, b: int, base: list[int], parent: list[int]) -> int:
        """Base of the blossom closed by the edge a-b: the first common tree ancestor."""
        mate = self.mate
        on_path = set()
        while True:
            a = base[a]
            on_path.add(a)
            if mate[a] == UNMATCHED:
                break
            a = parent[mate[a]]
        while True:
            b = base[b]
            if b in on_path:
                return b
            b = parent[mate[b]]

    def _mark(
        self,
        v: int,
        top: int,
        child: int,
        base: list[int],
        parent: list[int],
        in_blossom: list[bool],
    ) -> None:
        """Mark the tree path from v down to the blossom base and relink it through `child`."""
        mate = self.mate
        while base[v] != top:
            in_blossom[base[v]] = True
            in_blossom[base[mate[v]]] = True
            parent[v] = child
            child = mate[v]
            v = parent[mate[v]]


def maximum_matching(adjacency: Sequence[Iterable[int]]) -> list[int]:
    """The mate of every vertex (UNMATCHED for exposed ones) in a maximum matching."""
    matcher = Matcher(adjacency)
    matcher.maximise()
    return matcher.mate


__all__ = ["UNMATCHED", "Matcher", "maximum_matching"]
