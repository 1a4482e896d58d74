"""Matchings of a general graph (Edmonds' blossom algorithm), for the event's pairings.

The pairing of a round (OtH p.46-48) goes down the book's order: the highest placed
commander meets the next highest he or she has not played, and so on. Whether a choice
still lets everyone below it pair without a rematch is a question about *perfect
matchings* of the graph whose edges are the pairs not yet played. Answering it by
trying every way to pair the rest takes exponential time (where no rematch-free pairing
exists, seconds to minutes for 32 commanders); a maximum matching answers it in
polynomial time (scripts/bench_pairing.py).

- :func:`maximum_matching`: a maximum matching (Edmonds, with the search of one
  alternating tree at a time; O(n^3) for n vertices).
- :func:`ordered_pairing`: the first pairing in a preference order among those that
  pair everyone (the pairing a backtracking search down that order would find), or None.
- :func:`free_vertices`: the vertices whose leaving lets all the others pair
  (the Gallai-Edmonds set D): who can take a bye.

Vertices are any hashable names; the graph is given as a function ``allowed(a, b)``.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Hashable, Sequence
from typing import TypeVar

V = TypeVar("V", bound=Hashable)

_NONE = -1


class _Graph:
    """Vertices 0..n-1 with adjacency lists; ``alive`` vertices take part, ``match`` is the
    current matching (``_NONE``: exposed)."""

    def __init__(self, adjacency: list[list[int]]) -> None:
        self.n = len(adjacency)
        self.adj = adjacency  #: each vertex's neighbours, preferred first
        #: the searches look at the least preferred neighbours first: the paths they flip
        #: run through the bottom of the order, leaving its top as a greedy start made it
        self.search_adj = [a[::-1] for a in adjacency]
        self.adj_sets = [set(a) for a in adjacency]
        self.alive = [True] * self.n
        self.match = [_NONE] * self.n
        self.parent = [_NONE] * self.n
        self.base = list(range(self.n))
        self.outer = [False] * self.n

    def remove(self, v: int) -> None:
        """Take ``v`` out of the graph; its partner (if any) is left exposed."""
        partner = self.match[v]
        if partner != _NONE:
            self.match[partner] = _NONE
        self.match[v] = _NONE
        self.alive[v] = False

    def search(self, root: int) -> int:
        """Grow the alternating tree from the exposed ``root``: the exposed vertex an
        augmenting path reaches (``_NONE``: none; :attr:`outer` then marks the even
        vertices, blossoms included: the vertices a maximum matching can leave exposed)."""
        n, match, parent, base, outer = self.n, self.match, self.parent, self.base, self.outer
        for i in range(n):
            parent[i], base[i], outer[i] = _NONE, i, False
        outer[root] = True
        queue = deque([root])
        while queue:
            v = queue.popleft()
            for to in self.search_adj[v]:
                if not self.alive[to] or base[v] == base[to] or match[v] == to:
                    continue
                if to == root or (match[to] != _NONE and parent[match[to]] != _NONE):
                    self._contract(v, to, queue)
                elif parent[to] == _NONE:
                    parent[to] = v
                    if match[to] == _NONE:
                        return to
                    outer[match[to]] = True
                    queue.append(match[to])
        return _NONE

    def augment(self, end: int) -> None:
        """Flip the augmenting path that :meth:`search` found, ending at ``end``."""
        v = end
        while v != _NONE:
            pv = self.parent[v]
            next_v = self.match[pv]
            self.match[v], self.match[pv] = pv, v
            v = next_v

    def _contract(self, v: int, to: int, queue: deque[int]) -> None:
        """An odd cycle through the edge v-to: shrink the blossom to its base."""
        common = self._common_base(v, to)
        in_blossom = [False] * self.n
        self._mark_path(v, common, to, in_blossom)
        self._mark_path(to, common, v, in_blossom)
        base, outer = self.base, self.outer
        for i in range(self.n):
            if in_blossom[base[i]]:
                base[i] = common
                if not outer[i]:
                    outer[i] = True
                    queue.append(i)

    def _common_base(self, a: int, b: int) -> int:
        match, parent, base = self.match, self.parent, self.base
        seen = [False] * self.n
        while True:
            a = base[a]
            seen[a] = True
            if match[a] == _NONE:
                break
            a = parent[match[a]]
        while True:
            b = base[b]
            if seen[b]:
                return b
            b = parent[match[b]]

    def _mark_path(self, v: int, common: int, child: int, in_blossom: list[bool]) -> None:
        match, parent, base = self.match, self.parent, self.base
        while base[v] != common:
            in_blossom[base[v]] = in_blossom[base[match[v]]] = True
            parent[v] = child
            child = match[v]
            v = parent[match[v]]

    def maximise(self, order: Sequence[int]) -> None:
        """Grow the matching to a maximum one: a greedy start down ``order`` (each vertex
        with its first free neighbour), then an augmenting path from each exposed vertex.
        A vertex from which no augmenting path starts never gets one later."""
        for v in order:
            if self.alive[v] and self.match[v] == _NONE:
                for to in self.adj[v]:
                    if self.alive[to] and self.match[to] == _NONE:
                        self.match[v], self.match[to] = to, v
                        break
        for v in reversed(order):
            if self.alive[v] and self.match[v] == _NONE:
                end = self.search(v)
                if end != _NONE:
                    self.augment(end)

    def exposed(self) -> list[int]:
        return [v for v in range(self.n) if self.alive[v] and self.match[v] == _NONE]


def _graph(vertices: Sequence[V], allowed: Callable[[V, V], bool],
           prefs: Callable[[V], Sequence[V]] | None = None) -> tuple[_Graph, dict[V, int]]:
    """The graph on ``vertices``; each adjacency list in the vertex's ``prefs`` order (so
    the greedy start tries its preferred partners first), then the vertices' order."""
    index = {v: i for i, v in enumerate(vertices)}
    adjacency: list[list[int]] = []
    for a in vertices:
        order = vertices if prefs is None else dict.fromkeys([*prefs(a), *vertices])
        adjacency.append([index[b] for b in order if b in index and b != a and allowed(a, b)])
    return _Graph(adjacency), index


def maximum_matching(vertices: Sequence[V], allowed: Callable[[V, V], bool]) -> set[frozenset[V]]:
    """A maximum matching of the graph: as many disjoint allowed pairs as there can be."""
    graph, _ = _graph(vertices, allowed)
    graph.maximise(range(len(vertices)))
    return {frozenset((vertices[v], vertices[graph.match[v]]))
            for v in range(len(vertices)) if graph.match[v] > v}


def free_vertices(vertices: Sequence[V], allowed: Callable[[V, V], bool]) -> set[V]:
    """The vertices whose leaving lets every other vertex pair (empty: none does).

    With a maximum matching leaving one vertex exposed, these are the even vertices of
    its alternating tree (Gallai-Edmonds): one search answers for every vertex."""
    graph, _ = _graph(vertices, allowed)
    graph.maximise(range(len(vertices)))
    exposed = graph.exposed()
    if len(exposed) != 1:
        return set()
    graph.search(exposed[0])  # no other exposed vertex: the search fails, marking the tree
    return {vertices[v] for v in range(len(vertices)) if graph.outer[v]}


def ordered_pairing(proposers: Sequence[V], others: Sequence[V],
                    prefs: Callable[[V], Sequence[V]],
                    allowed: Callable[[V, V], bool]) -> list[tuple[V, V]] | None:
    """Pair every vertex, in order: the first unpaired proposer takes the first partner in
    ``prefs`` (an allowed one, still unpaired) that still lets everyone else pair. The
    result is the pairing a backtracking search down the same order finds first; None
    when no pairing of everyone exists.

    ``proposers`` and ``others`` together are the vertices (``others`` may be empty when
    every vertex proposes, as in the Swiss pairing). Each step costs at most two
    searches of an alternating tree (none when the current matching already holds the
    first choice, or holds it after two pairs swap partners), instead of a search of
    every way to pair the rest.
    """
    vertices = list(proposers) + [v for v in others if v not in set(proposers)]
    graph, index = _graph(vertices, allowed, prefs)
    graph.maximise([index[v] for v in proposers])
    if graph.exposed():
        return None
    out: list[tuple[V, V]] = []
    for proposer in proposers:
        first = index[proposer]
        if not graph.alive[first]:
            continue
        partner = graph.match[first]
        candidates = [index[w] for w in prefs(proposer)
                      if w in index and graph.alive[index[w]] and index[w] != first
                      and allowed(proposer, w)]
        choice = candidates[0] if candidates else partner
        if choice != partner and partner in graph.adj_sets[graph.match[choice]]:
            # the two pairs swap partners: first with its choice, their partners together
            other = graph.match[choice]
            graph.match[partner], graph.match[other] = other, partner
            graph.match[first], graph.match[choice] = choice, first
        elif choice != partner:
            # Which partners keep the rest pairable? Without ``first``, its partner is the
            # one exposed vertex: the even vertices of its tree are exactly those partners.
            graph.remove(first)
            graph.search(partner)
            choice = next((c for c in candidates if graph.outer[c]), partner)
            if choice != partner:
                graph.remove(choice)
                end = graph.search(partner)
                assert end != _NONE, "an even vertex's leaving lets the rest pair"
                graph.augment(end)
        graph.remove(first)
        graph.remove(choice)
        out.append((proposer, vertices[choice]))
    return out
