"""A board that is a graph: named points and named links given in the game file (points on lines
that are not a lattice's, a ring of pits). A direction is a link name; a point's neighbour in a direction is where
its link of that name leads (at most one per point and name). Where the file names the opposite
of a direction, each of its links also runs back under that name, so a line of points can be
walked both ways (rays, `in_a_row`). Each point is drawn where the file puts it, so zones by rank
and file (counted along a seat's forward angle) and the pictures work as on a lattice.

    board:
      graph:
        cells: {a1: [0, 0], d1: [3, 0], g1: [6, 0], ...}       # point: [x, y] where it is drawn
        links: {east: [a1 d1, d1 g1, ...], north: [...]}      # per direction: "from to" pairs
        opposite: {east: west, north: south}                  # the same links, run back
"""
from __future__ import annotations

import math

from .base import Topology


class Graph(Topology):
    kind = "graph"
    cell_shape = "point"

    def __init__(self, names: list[str], xy: list[tuple[float, float]], links: dict[str, list[tuple[int, int]]],
                 opposite: dict[str, str] | None = None):
        opposite = dict(opposite or {})
        runs = {d: list(pairs) for d, pairs in links.items()}
        for d, o in list(opposite.items()):
            runs.setdefault(o, []).extend((b, a) for a, b in links.get(d, []))
        self.back_of = {**opposite, **{o: d for d, o in opposite.items()}}
        super().__init__(len(names), [True] * len(names), {d: d for d in runs}, [tuple(map(float, p)) for p in xy])
        self.names = list(names)
        self.index_of = {n: i for i, n in enumerate(names)}
        self.runs = runs

    def name(self, i: int) -> str:
        return self.names[i]

    def parse_cell(self, text: str) -> int | None:
        return self.index_of.get(text)

    def _neighbours(self, vec) -> list[int]:
        nxt = [-1] * self.size
        for a, b in self.runs.get(vec, ()):
            nxt[a] = b
        return nxt

    def back(self, vec):
        return self.back_of.get(vec)

    def links(self) -> list[tuple[int, int]]:
        """Every link once, either way (for drawing)."""
        seen = set()
        for pairs in self.runs.values():
            for a, b in pairs:
                seen.add((min(a, b), max(a, b)))
        return sorted(seen)

    def angle(self, vec) -> float:
        """The mean heading of the direction's links, as drawn."""
        dx = sum(self.xy[b][0] - self.xy[a][0] for a, b in self.runs.get(vec, ()))
        dy = sum(self.xy[b][1] - self.xy[a][1] for a, b in self.runs.get(vec, ()))
        return math.degrees(math.atan2(dy, dx)) % 360

    def opposite(self, i: int) -> int:
        """The point a half turn about the drawing's centre away (-1 if no point is there)."""
        xs, ys = [p[0] for p in self.xy], [p[1] for p in self.xy]
        cx, cy = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
        x, y = 2 * cx - self.xy[i][0], 2 * cy - self.xy[i][1]
        return next((j for j, p in enumerate(self.xy) if abs(p[0] - x) < 1e-6 and abs(p[1] - y) < 1e-6), -1)
