"""Maximum-weight matching in a general graph: Edmonds' blossom algorithm, primal-dual form.

The Dutch engine encodes every pairing criterion as bits of one integer edge weight, so one
exact maximum-weight matching decides a bracket. Weights are arbitrary-size non-negative
integers (0 means "no edge"); all arithmetic stays integral, so the optimum is exact.

Outline (Galil's O(n^3) variant): vertices carry duals `y`, blossoms (odd cycles shrunk
to one node) carry duals `z`. Each stage grows alternating trees from the single vertices
along tight edges (slack 0), shrinks odd cycles into blossoms, and augments when two trees
meet; when no tight edge helps, the duals move by the largest safe step. The run ends when
the single vertices' duals reach zero: then no augmentation can add weight.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from itertools import chain

_FREE, _S, _T = 0, 1, 2
Edge = tuple[int, int]


class WeightedMatching:
    """A maximum-weight matching kept up to date while weights change and vertices leave.

    Nodes 0..n-1 are vertices, n..2n-1 are blossom slots. After the first solve, a re-solve
    starts from the previous optimum: blossoms are dissolved into their vertices' duals,
    vertices whose edges changed are unmatched and given feasible duals, and stages run
    only from the single vertices whose dual is still positive (a single vertex with a
    zero dual is already optimal). The bracket loop re-solves after small changes, so this
    costs a few stages instead of a full run.
    """

    def __init__(self, n: int) -> None:
        self.n = n
        self.w = [[0] * n for _ in range(n)]
        self.alive = [True] * n
        self.vertices = list(range(n))
        self.changed: set[Edge] = set()
        # what the next warm start must look at: vertices removed since the last solve, and
        # vertices whose dual moved (only their matched edges can have lost tightness)
        self.removed: list[int] = []
        self.touched: set[int] = set()
        self.raised: set[int] = set()  # made single by a heavier edge: searched first
        self.started = False
        self.mate = [-1] * n
        self.y = [0] * (2 * n)  # vertex duals, then blossom duals
        self.top = list(range(n))  # outermost node containing each vertex
        self.parent = [-1] * (2 * n)
        self.children: list[list[int]] = [[] for _ in range(2 * n)]
        self.cycle: list[list[Edge]] = [[] for _ in range(2 * n)]
        self.base = list(range(n)) + [-1] * n
        self.label = [_FREE] * (2 * n)
        self.label_edge: list[Edge | None] = [None] * (2 * n)
        self.vlabel_edge: list[Edge | None] = [None] * n  # T-reach of a vertex in a T-blossom
        self.best: list[Edge | None] = [None] * (2 * n)
        # The slack of best[x] as of dual epoch best_epoch[x]: duals only move in a stage's
        # dual step, which starts a new epoch, so each slack is computed once per epoch.
        self.best_slack = [0] * (2 * n)
        self.best_epoch = [-1] * (2 * n)
        self.epoch = 0
        self.best_list: list[list[Edge] | None] = [None] * (2 * n)
        self.free_slots = list(range(2 * n - 1, n - 1, -1))
        self.queue: list[int] = []
        # every vertex made outer (S) in the current stage, kept in vertex order on demand:
        # only their edges can join a new blossom to another S-node
        self.outer: list[int] = []
        self.outer_sorted = True

    # -- the public side ------------------------------------------------------------------
    def set_weight(self, a: int, b: int, weight: int) -> None:
        """Set the weight of edge a-b (0 removes it)."""
        if self.w[a][b] != weight:
            self.w[a][b] = self.w[b][a] = weight
            if self.started:
                self.changed.add((a, b) if a < b else (b, a))

    def raise_dual(self, v: int, amount: int) -> None:
        """Add `amount` (>= 0) to vertex v's dual before its edges get heavier.

        Raising a dual keeps every edge feasible, so when v's edges are about to gain at
        most amount / 2, the caller can lift v instead of letting the warm start split
        every pair whose edge changed: pairs whose gain matches the lift stay tight.
        """
        if self.started and amount > 0:
            self._isolate(v)
            self.y[v] += amount
            self.touched.add(v)

    def remove(self, v: int) -> None:
        """Take vertex v out of the graph for good (its partner, if any, becomes single)."""
        self.alive[v] = False
        self.removed.append(v)
        self.vertices = [u for u in self.vertices if u != v]
        m = self.mate[v]
        if m >= 0:
            self.mate[m] = -1
            self.mate[v] = -1

    def solve(self) -> list[int]:
        """The mate of every vertex (-1 when single) in a maximum-weight matching."""
        if not self.started:
            self._cold_start()
        else:
            self._warm_start()
        while self.stage():
            pass
        return list(self.mate)

    def _cold_start(self) -> None:
        """Feasible first duals: each vertex gets its heaviest edge; edges that are the
        heaviest for both ends are tight and matched greedily.

        Then each vertex still single lowers its dual to the least value that keeps its
        edges feasible, which makes its most demanding edge tight; when that edge leads to
        another single vertex the two are matched. Every stage would otherwise start from
        all single vertices at once and scan their rows only to add one pair.
        """
        y, w, mate, vertices = self.y, self.w, self.mate, self.vertices
        for v in vertices:
            row = w[v]
            y[v] = max((row[u] for u in vertices), default=0)
        for v in vertices:
            if mate[v] >= 0:
                continue
            row = w[v]
            for u in vertices:
                if u != v and mate[u] < 0 and row[u] > 0 and y[v] + y[u] == 2 * row[u]:
                    mate[v], mate[u] = u, v
                    break
        for v in vertices:
            if mate[v] >= 0:
                continue
            row = w[v]
            need, partner = 0, -1
            for u in vertices:
                if row[u] > 0 and u != v:
                    d = 2 * row[u] - y[u]
                    if d > need or (d == need and partner >= 0 and mate[partner] >= 0
                                    and mate[u] < 0):
                        need, partner = d, u
            y[v] = need
            if partner >= 0 and mate[partner] < 0:
                mate[v], mate[partner] = partner, v
        for v in vertices:
            if mate[v] < 0 and y[v] % 2 == 1:
                y[v] += 1
        self.started = True

    def _warm_start(self) -> None:
        """Turn the previous optimum into a feasible start for the changed weights.

        Blossoms holding a removed vertex or both ends of a changed edge are dissolved
        (their dual moves into their vertices); a changed matched edge that is no longer
        tight is split; an edge whose slack went negative gets the dual of its busier end
        raised, and that end loses its partner. Everything else stays as it was.
        """
        y, w, mate, top = self.y, self.w, self.mate, self.top
        for v in sorted(self.removed):
            self._isolate(v)
        self.removed.clear()
        self.raised.clear()
        changed = [(a, b) for a, b in self.changed if self.alive[a] and self.alive[b]]
        self.changed.clear()
        load = Counter(chain.from_iterable(changed))
        for a, b in changed:
            while top[a] == top[b] and top[a] >= self.n:
                self._dissolve(top[a])
        for a, b in changed:
            if mate[a] != b:
                continue
            gap = y[a] + y[b] - 2 * w[a][b]
            if gap != 0:
                end = self._lowerable(a, b, gap) if gap > 0 and w[a][b] > 0 else -1
                if end < 0:
                    mate[a] = mate[b] = -1
                else:
                    # a lighter matched edge: lower one end's dual instead of splitting up
                    self._isolate(end)
                    y[end] -= y[a] + y[b] - 2 * w[a][b]
                    self.touched.add(end)
        for a, b in changed:
            short = 2 * w[a][b] - y[a] - y[b]
            if short > 0:
                v = a if load[a] >= load[b] else b
                self._isolate(v)
                m = mate[v]
                if m >= 0:
                    mate[m] = mate[v] = -1
                y[v] += short
                self.touched.add(v)
                self.raised.add(v)
        for v in self.touched:
            m = mate[v]
            if m >= 0 and self.alive[v] and top[v] != top[m] and y[v] + y[m] != 2 * w[v][m]:
                mate[v] = mate[m] = -1
        self.touched.clear()
        # Tree vertices share their root's parity; equal parity for all roots keeps every
        # slack between two trees even, so each dual step stays an integer.
        for v in self.vertices:
            if mate[v] == -1 and y[v] % 2 == 1:
                self._make_even(v)

    def _lowerable(self, a: int, b: int, gap: int) -> int:
        """The end of matched edge a-b whose dual can drop by `gap` with no other edge
        going negative (a if both can), or -1."""
        y, w = self.y, self.w
        for end, other in ((a, b), (b, a)):
            if y[end] < gap or self.top[end] != end:
                continue
            row = w[end]
            if all(row[u] <= 0 or u == other or y[end] - gap + y[u] >= 2 * row[u]
                   for u in self.vertices if u != end):
                return end
        return -1

    def _isolate(self, v: int) -> None:
        """Dissolve every blossom around vertex v."""
        while self.top[v] != v:
            self._dissolve(self.top[v])

    def _dissolve(self, b: int) -> None:
        """Remove top-level blossom b, moving its dual into its vertices; its base's outside
        edge loses tightness, so that pair is split."""
        z = self.y[b]
        for v in self.leaves(b):
            self.y[v] += z
            self.touched.add(v)
        for c in self.children[b]:
            self.parent[c] = -1
            for v in self.leaves(c):
                self.top[v] = c
        base = self.base[b]
        if z > 0 and self.mate[base] >= 0:
            self.mate[self.mate[base]] = -1
            self.mate[base] = -1
        self._forget(b)

    def _make_even(self, v: int) -> None:
        """Raise a single vertex's dual by one (with its blossoms, which lose one unit of
        their own dual so that their insides stay tight)."""
        while self.top[v] != v:
            b = self.top[v]
            if self.y[b] > 0:
                for x in self.leaves(b):
                    self.y[x] += 1
                self.y[b] -= 1
                return
            self._dissolve(b)
        self.y[v] += 1

    def _forget(self, b: int) -> None:
        self.children[b] = []
        self.cycle[b] = []
        self.base[b] = -1
        self.parent[b] = -1
        self.y[b] = 0
        self.label[b] = _FREE
        self.label_edge[b] = None
        self.best[b] = None
        self.best_list[b] = None
        self.free_slots.append(b)

    # -- helpers -------------------------------------------------------------------------
    def slack(self, e: Edge) -> int:
        a, b = e
        return self.y[a] + self.y[b] - 2 * self.w[a][b]

    def best_slack_of(self, x: int) -> int:
        """Slack of the edge best[x] (which must be set), cached for the dual epoch."""
        if self.best_epoch[x] != self.epoch:
            e = self.best[x]
            assert e is not None
            self.best_slack[x] = self.slack(e)
            self.best_epoch[x] = self.epoch
        return self.best_slack[x]

    def leaves(self, node: int) -> Iterator[int]:
        if node < self.n:
            yield node
            return
        stack = [node]
        while stack:
            b = stack.pop()
            for c in self.children[b]:
                if c < self.n:
                    yield c
                else:
                    stack.append(c)

    def assign(self, v: int, label: int, edge: Edge | None) -> None:
        """Label the outer node of vertex v; a T-node passes S on to its mate's node."""
        b = self.top[v]
        self.label[b] = label
        self.label_edge[b] = edge
        self.best[b] = None
        if label == _S:
            self._make_outer(self.leaves(b))
        else:
            base = self.base[b]
            mate = self.mate[base]
            self.assign(mate, _S, (base, mate))

    def _make_outer(self, vertices: Iterable[int]) -> None:
        """Queue vertices that just became outer (S) for scanning."""
        added = list(vertices)
        self.queue.extend(added)
        self.outer.extend(added)
        self.outer_sorted = False

    def find_base(self, v: int, u: int) -> int:
        """Walk up both trees from v and u; return the common base, or -1 (augmenting path)."""
        marked: list[int] = []
        found = -1
        a: int = v
        b: int = u
        while a != -1 or b != -1:
            if a != -1:
                node = self.top[a]
                if node in marked:
                    found = self.base[node]
                    break
                marked.append(node)
                a = self._grandparent(node)
            if b != -1:
                a, b = b, a
        return found

    def _grandparent(self, node: int) -> int:
        """The S-vertex two tree levels above an S-node, or -1 at a root."""
        edge = self.label_edge[node]
        if edge is None:
            return -1
        up = self.label_edge[self.top[edge[0]]]
        assert up is not None
        return up[0]

    # -- blossoms --------------------------------------------------------------------------
    def add_blossom(self, base: int, v: int, u: int) -> None:
        bb = self.top[base]
        bv, bu = self.top[v], self.top[u]
        b = self.free_slots.pop()
        self.base[b] = base
        self.parent[b] = -1
        down: list[int] = []
        down_edges: list[Edge] = []
        while bv != bb:
            edge = self.label_edge[bv]
            assert edge is not None
            down.append(bv)
            down_edges.append(edge)
            bv = self.top[edge[0]]
        up: list[int] = []
        up_edges: list[Edge] = []
        while bu != bb:
            edge = self.label_edge[bu]
            assert edge is not None
            up.append(bu)
            up_edges.append((edge[1], edge[0]))
            bu = self.top[edge[0]]
        kids = [bb, *reversed(down), *up]
        edges = [*reversed(down_edges), (v, u), *up_edges]
        self.children[b] = kids
        self.cycle[b] = edges
        for c in kids:
            self.parent[c] = b
        self.label[b] = _S
        self.label_edge[b] = self.label_edge[bb]
        self.y[b] = 0
        w, y, top, label = self.w, self.y, self.top, self.label
        leaves = list(self.leaves(b))
        self._make_outer([x for x in leaves if label[top[x]] == _T])
        for x in leaves:
            top[x] = b
        # least-slack edges from the new blossom to every other S-node (first on ties)
        if not self.outer_sorted:
            self.outer.sort()
            self.outer_sorted = True
        outer = self.outer
        best_to: dict[int, Edge] = {}
        best_s: dict[int, int] = {}
        for c in kids:
            cached = self.best_list[c]
            if cached is None:
                for x in self.leaves(c):
                    row, yx = w[x], y[x]
                    for z in outer:
                        wz = row[z]
                        if wz <= 0:
                            continue
                        bz = top[z]
                        if bz == b or label[bz] != _S:
                            continue
                        s = yx + y[z] - 2 * wz
                        if bz not in best_s or s < best_s[bz]:
                            best_s[bz] = s
                            best_to[bz] = (x, z)
            else:
                for x, z in cached:
                    bz = top[z]
                    if bz == b or label[bz] != _S:
                        continue
                    s = y[x] + y[z] - 2 * w[x][z]
                    if bz not in best_s or s < best_s[bz]:
                        best_s[bz] = s
                        best_to[bz] = (x, z)
            self.best_list[c] = None
            self.best[c] = None
        self.best_list[b] = list(best_to.values())
        best: Edge | None = None
        least = 0
        for bz, e in best_to.items():
            if best is None or best_s[bz] < least:
                best, least = e, best_s[bz]
        self.best[b] = best
        self.best_slack[b] = least
        self.best_epoch[b] = self.epoch

    def expand(self, b: int, end_of_stage: bool) -> None:
        for c in self.children[b]:
            self.parent[c] = -1
            if c < self.n:
                self.top[c] = c
            elif end_of_stage and self.y[c] == 0:
                self.expand(c, end_of_stage)
            else:
                for x in self.leaves(c):
                    self.top[x] = c
        if not end_of_stage and self.label[b] == _T:
            self._relabel_expanded(b)
        self._forget(b)

    def _relabel_expanded(self, b: int) -> None:
        """A T-blossom dissolves mid-stage: its children on the even path from the entry
        child to the base keep the tree alternating; others keep any T-reach they had."""
        kids = self.children[b]
        edges = self.cycle[b]
        k = len(kids)
        entry_edge = self.label_edge[b]
        assert entry_edge is not None
        entry = self.top[entry_edge[1]]
        j = kids.index(entry)
        path_nodes: list[int] = [j]
        path_edges: list[Edge] = [entry_edge]
        if j % 2 == 0:  # walk backwards: edges[j-1] joins kids[j-1] and kids[j]
            i = j
            while i != 0:
                a, c = edges[i - 1]
                path_edges.append((c, a))
                i -= 1
                path_nodes.append(i)
        else:
            i = j
            while i != k:
                path_edges.append(edges[i])
                i += 1
                path_nodes.append(i % k)
        # path_nodes alternate T, S, T, ..., T (base child last)
        on_path = set(path_nodes)
        for pos in range(0, len(path_nodes), 2):
            node = kids[path_nodes[pos]]
            edge = path_edges[pos]
            if pos == len(path_nodes) - 1:
                self.label[node] = _T
                self.label_edge[node] = edge
                self.best[node] = None
            else:
                self.label[node] = _T
                self.label_edge[node] = edge
                self.best[node] = None
                nxt = kids[path_nodes[pos + 1]]
                medge = path_edges[pos + 1]
                self.label[nxt] = _S
                self.label_edge[nxt] = medge
                self.best[nxt] = None
                self._make_outer(self.leaves(nxt))
        for idx in range(k):
            if idx in on_path:
                continue
            node = kids[idx]
            if self.label[node] == _S:
                continue
            for x in self.leaves(node):
                reach = self.vlabel_edge[x]
                if reach is not None:
                    self.label[node] = _FREE
                    self.assign(x, _T, reach)
                    break

    def rebase(self, b: int, v: int) -> None:
        """Re-match blossom b internally so that vertex v becomes its base."""
        t = v
        while self.parent[t] != b:
            t = self.parent[t]
        if t >= self.n:
            self.rebase(t, v)
        kids = self.children[b]
        edges = self.cycle[b]
        k = len(kids)
        i = kids.index(t)
        if i != 0:
            # new matched edges: every second edge along the even path from kids[i] to kids[0]
            if i % 2 == 0:
                pairs = [(edges[m][1], edges[m][0]) for m in range(i - 2, -1, -2)]
            else:
                pairs = [edges[m] for m in range(i + 1, k, 2)]
            for x, z in pairs:
                bx, bz = self.top_child(b, x), self.top_child(b, z)
                if bx >= self.n:
                    self.rebase(bx, x)
                if bz >= self.n:
                    self.rebase(bz, z)
                self.mate[x] = z
                self.mate[z] = x
            self.children[b] = kids[i:] + kids[:i]
            self.cycle[b] = edges[i:] + edges[:i]
        self.base[b] = v

    def top_child(self, b: int, x: int) -> int:
        while self.parent[x] != b:
            x = self.parent[x]
        return x

    def augment(self, v: int, u: int) -> None:
        """Flip the augmenting path through the tight edge v-u."""
        self.flip(v, u)
        self.flip(u, v)

    def flip(self, s: int, o: int) -> None:
        """Match s to o (-1: leave s single) and flip the tree path from s to its root."""
        while True:
            bs = self.top[s]
            if bs >= self.n:
                self.rebase(bs, s)
            self.mate[s] = o
            edge = self.label_edge[bs]
            if edge is None:
                break
            bt = self.top[edge[0]]
            tedge = self.label_edge[bt]
            assert tedge is not None
            p, q = tedge
            if bt >= self.n:
                self.rebase(bt, q)
            self.mate[q] = p
            s, o = p, q

    # -- main loop -------------------------------------------------------------------------
    def stage(self) -> bool:
        """Grow trees from the single vertices with a positive dual until one path flips;
        False when there are none (the matching is optimal)."""
        n = self.n
        label, top, w, y = self.label, self.top, self.w, self.y
        vertices = self.vertices
        roots = [v for v in vertices if self.mate[v] == -1 and y[v] > 0]
        if not roots:
            return False
        label[:] = [_FREE] * (2 * n)
        self.label_edge[:] = [None] * (2 * n)
        self.best[:] = [None] * (2 * n)
        self.best_list[:] = [None] * (2 * n)
        self.vlabel_edge[:] = [None] * n
        self.queue = []
        self.outer = []
        self.epoch += 1
        best, bslack, bepoch = self.best, self.best_slack, self.best_epoch
        # The queue is searched last in, first out: the vertices a heavier edge made single
        # go in last, so that the search starts from them. After the bracket loop re-weights
        # one player's edges, that player's tree alone usually finds the path.
        raised = self.raised
        for v in [*(u for u in roots if u not in raised), *(u for u in roots if u in raised)]:
            if label[top[v]] == _FREE:
                self.assign(v, _S, None)
        while True:
            while self.queue:
                v = self.queue.pop()
                bv = top[v]
                row = w[v]
                for u in vertices:
                    wu = row[u]
                    if wu <= 0:
                        continue
                    bu = top[u]
                    if bu == bv:
                        continue
                    s = y[v] + y[u] - 2 * wu
                    if s <= 0:
                        if label[bu] == _FREE:
                            if self.mate[self.base[bu]] == -1:
                                self.augment(v, u)  # a single vertex with a zero dual
                                self._end_stage()
                                return True
                            self.assign(u, _T, (v, u))
                        elif label[bu] == _S:
                            base = self.find_base(v, u)
                            if base >= 0:
                                self.add_blossom(base, v, u)
                                bv = top[v]
                            else:
                                self.augment(v, u)
                                self._end_stage()
                                return True
                        elif self.vlabel_edge[u] is None:
                            self.vlabel_edge[u] = (v, u)
                    else:
                        # keep the least-slack edge to another S-node, or to a vertex
                        # outside the trees or inside a T-blossom (its slack held in bslack)
                        if label[bu] == _S:
                            x = bv
                        elif label[u] == _FREE or u != bu:
                            x = u
                        else:
                            continue
                        if best[x] is not None and s >= (
                            bslack[x] if bepoch[x] == self.epoch else self.best_slack_of(x)
                        ):
                            continue
                        best[x] = (v, u)
                        bslack[x] = s
                        bepoch[x] = self.epoch
            # dual step: the largest change that keeps every slack and dual non-negative
            delta = -1
            kind, arg = 0, -1
            edge: Edge | None = None
            for v in vertices:
                lb = label[top[v]]
                if lb == _S:
                    if delta < 0 or y[v] < delta:
                        delta, kind, arg = y[v], 1, v
                elif lb == _FREE:
                    e = best[v]
                    if e is not None:
                        d = self.best_slack_of(v)
                        if delta < 0 or d < delta:
                            delta, kind, edge = d, 2, e
            for b in range(n, 2 * n):
                if self.base[b] < 0 or self.parent[b] != -1:
                    continue
                if label[b] == _T and y[b] < delta:
                    delta, kind, arg = y[b], 4, b
            for b in [*vertices, *range(n, 2 * n)]:
                if label[b] != _S or self.best[b] is None or (b >= n and self.base[b] < 0):
                    continue
                if self.parent[b] != -1 or (b < n and top[b] != b):
                    continue
                e = best[b]
                assert e is not None
                d2 = self.best_slack_of(b)
                assert d2 % 2 == 0, "slack between two trees must be even"
                if d2 // 2 < delta:
                    delta, kind, edge = d2 // 2, 3, e
            for v in vertices:
                lb = label[top[v]]
                if lb == _S:
                    y[v] -= delta
                elif lb == _T:
                    y[v] += delta
            for b in range(n, 2 * n):
                if self.base[b] >= 0 and self.parent[b] == -1:
                    if label[b] == _S:
                        y[b] += delta
                    elif label[b] == _T:
                        y[b] -= delta
            self.epoch += 1
            if kind == 1:
                self.flip(arg, -1)  # its dual reached zero: it may stay single
                self._end_stage()
                return True
            if kind in (2, 3):
                assert edge is not None
                self.queue.append(edge[0])
            else:
                self.expand(arg, False)

    def _end_stage(self) -> None:
        for b in range(self.n, 2 * self.n):
            outer = self.parent[b] == -1 and self.base[b] >= 0
            if outer and self.label[b] == _S and self.y[b] == 0:
                self.expand(b, True)


def max_weight_matching(weights: Sequence[Sequence[int]]) -> list[int]:
    """Mate of each vertex (-1 if single) in a matching of maximum total weight.

    `weights` is a symmetric matrix of non-negative integers; 0 means no edge.
    """
    n = len(weights)
    solver = WeightedMatching(n)
    for a in range(n):
        for b in range(a):
            solver.set_weight(a, b, weights[a][b])
    return solver.solve()
