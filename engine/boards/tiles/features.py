"""Features that grow across tiles: the segments of placed tiles joined, through the points
where two sides meet, into features, kept incrementally as tiles are laid (a union-find whose
every node knows its root: merging relabels the smaller feature's nodes).

A node is a placed segment, `cell * NODE + segment index`. A Feature is immutable: a placement
makes new ones for what it changes, so a position shares the others with the one before.
  kind     the feature's index (tiles.features)
  nodes    its segments; cells the tiles it lies on (a tile counts once, even when the feature
           crosses it twice); a middle segment's cells are its tile's and those of its eight
           neighbours that are placed
  open     its points facing an empty cell (a middle segment: its empty neighbours); none: complete
  marks    counts per mark; claims counters per seat; touch the nodes of other segments that
           touch one of its segments on their tile; done: scored on completion
"""
from __future__ import annotations

NODE = 16                   # segment indices per cell in a node
AROUND = ((-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1))


class Feature:
    __slots__ = ("kind", "nodes", "cells", "open", "marks", "claims", "touch", "done")

    def __init__(self, kind, nodes, cells, open_, marks, claims, touch, done=False):
        self.kind, self.nodes, self.cells, self.open = kind, nodes, cells, open_
        self.marks, self.claims, self.touch, self.done = marks, claims, touch, done

    def copy(self) -> "Feature":
        return Feature(self.kind, self.nodes, self.cells, self.open, self.marks, self.claims, self.touch, self.done)

    @property
    def complete(self) -> bool:
        return self.open == 0

    @property
    def tiles(self) -> int:
        return len(self.cells)

    def __repr__(self):
        return f"<Feature {self.kind} tiles {len(self.cells)} open {self.open} claims {self.claims}>"


class Features:
    """The features of one position: `root` maps each node to its feature's root node, `of` a
    root to its Feature. Copied on write by `laid` (a new Features per placement)."""

    __slots__ = ("root", "of")

    def __init__(self, root: dict, of: dict):
        self.root, self.of = root, of

    def feature(self, node: int) -> Feature:
        return self.of[self.root[node]]

    def touching(self, f: Feature, kind: int, complete_only: bool = False) -> int:
        """How many distinct features of that kind touch f (complete ones only, if asked)."""
        root, of = self.root, self.of
        roots = {root[n] for n in f.touch}
        return sum(1 for r in roots if of[r].kind == kind and (not complete_only or of[r].open == 0))


class Growth:
    """How features grow when a tile is laid: the tables of the tile types (edges.Shapes) read
    into what `laid` needs, per type t and quarter turns k.

    side[t][k][s]   the (slot, segment) pairs of the points on side s
    centre[t]       the segments of t that lie in the middle
    """

    def __init__(self, shapes, segments: list, kind_index: dict, mark_index: dict, seats: int, plane):
        self.shapes, self.seats = shapes, seats
        self.delta = plane.delta
        self.around = tuple(dx * plane.stride + dy for dx, dy in AROUND)
        self.side = tuple(tuple(tuple(tuple((j, seg[3 * s + j]) for j in range(3) if seg[3 * s + j] >= 0)
                                      for s in range(4)) for seg in shapes.seg[t]) for t in range(len(segments)))
        self.centre = tuple(tuple(i for i, sg in enumerate(segs) if not sg.points) for segs in segments)
        self.kinds = tuple(tuple(kind_index[sg.feature] for sg in segs) for segs in segments)
        nm = len(mark_index)
        self.marks = tuple(tuple(tuple(sum(1 for m in sg.marks if mark_index[m] == x) for x in range(nm))
                                 for sg in segs) for segs in segments)
        self.zero = (0,) * seats

    def laid(self, fs: Features, tiles: dict, cell: int, t: int, k: int) -> tuple[Features, set]:
        """The features after tile t turned k is laid on `cell` (`tiles` already holds it), and
        the roots of the features it changed."""
        root, of = dict(fs.root), dict(fs.of)
        mine = {}                                        # feature roots copied in this placement
        base = cell * NODE
        shapes, touch = self.shapes, self.shapes.touch[t]
        kinds, marks = self.kinds[t], self.marks[t]
        centre = self.centre[t]
        for i in range(len(kinds)):
            n = base + i
            root[n] = n
            if i in centre:
                cells = {cell}
                cells.update(c for d in self.around if (c := cell + d) in tiles)
                f = Feature(kinds[i], (n,), frozenset(cells), 9 - len(cells), marks[i], self.zero,
                            frozenset(base + j for j in touch[i]))
            else:
                f = Feature(kinds[i], (n,), frozenset((cell,)), 0, marks[i], self.zero,
                            frozenset(base + j for j in touch[i]))
            of[n] = mine[n] = f
        for s, pts in enumerate(self.side[t][k]):
            if not pts:
                continue
            nb = cell + self.delta[s]
            other = tiles.get(nb)
            if other is None:
                for _j, i in pts:
                    mine[root[base + i]].open += 1
                continue
            oseg = shapes.seg[other[0]][other[1]]
            far = 3 * ((s + 2) % 4)
            for j, i in pts:
                a = root[base + i]
                b = root[nb * NODE + oseg[far + 2 - j]]
                if b not in mine:
                    of[b] = mine[b] = of[b].copy()
                if a != b:
                    a = _union(root, of, mine, a, b)
                mine[a].open -= 1                         # the point and the one it meets close
        for d in self.around:                            # middle segments around gain a tile
            other = tiles.get(cell + d)
            if other is None:
                continue
            for i in self.centre[other[0]]:
                n = (cell + d) * NODE + i
                f = mine.get(n)
                if f is None:
                    f = of[n] = mine[n] = of[n].copy()
                f.cells = f.cells | {cell}
                f.open -= 1
        return Features(root, of), {r for r in mine if r in of}


def _union(root, of, mine, a, b) -> int:
    """Joins the features rooted at a and b (both copied in this placement); the new root."""
    fa, fb = mine[a], mine[b]
    if len(fa.nodes) < len(fb.nodes):
        a, b, fa, fb = b, a, fb, fa
    for n in fb.nodes:
        root[n] = a
    fa.nodes = fa.nodes + fb.nodes
    fa.cells = fa.cells | fb.cells
    fa.open += fb.open
    fa.marks = tuple(x + y for x, y in zip(fa.marks, fb.marks))
    fa.claims = tuple(x + y for x, y in zip(fa.claims, fb.claims))
    fa.touch = fa.touch | fb.touch
    fa.done = fa.done or fb.done
    del of[b]
    del mine[b]
    return a
