"""Sides of several kinds, each with points along it: tiles whose sides must meet sides of their
own kind, and whose segments (features drawn on the tile) join points of their sides.

A side kind (the file's `tiles.sides`) lists the features along a side, clockwise: none (a blank
side), one (the whole side is one point), two (its halves) or three (half, middle, half). Every side has three slots,
0 (its first half clockwise), 1 (its middle) and 2 (its second half); side s's slot j is point
3 * s + j, so points 0..11 run clockwise from the north-west corner of the tile. A one-point
side uses slot 1, a two-point side slots 0 and 2. Names: the middle is the side's letter (N), a
half the side's letter and the corner's (Nw Ne En Es Se Sw Ws Wn).

Turned clockwise by k quarter turns, point p becomes (p + 3k) % 12. Two tiles side by side meet
along the shared side: slot j of one side faces slot 2 - j of the other.

A segment (`tiles.types.T.segments`) is a feature, the points it joins and its marks; one
without points lies in the middle of the tile (it spreads over the tile's eight neighbours).
Two segments of a tile *touch* when two of their points are next to each other along the
tile's edge (the order of the points above, going round).
"""
from __future__ import annotations

import re

from ...structs import struct

# a placement's text: T@x,yrR, then +the name of the segment claimed, if one is (see Shapes for the names)
PLACE_RE = re.compile(r"^([A-Za-z_]\w*)@(-?\d+),(-?\d+)r(\d+)(?:\+(\w+(?::\w+)?))?$")

SIDES = "NESW"
HALVES = ("Nw", "Ne", "En", "Es", "Se", "Sw", "Ws", "Wn")
SLOTS = {0: (), 1: (1,), 2: (0, 2), 3: (0, 1, 2)}     # the slots a side kind of that many points uses


def point_name(p: int) -> str:
    s, j = divmod(p, 3)
    return SIDES[s] if j == 1 else HALVES[2 * s + (j == 2)]


POINTS = {point_name(p): p for p in range(12) if p % 3 != 1} | {s: 3 * i + 1 for i, s in enumerate(SIDES)}


@struct
class Segment:
    feature: str
    points: tuple[int, ...]        # at rotation 0, ascending
    marks: tuple[str, ...]


@struct
class Shape:
    """A tile type's sides and segments as checked (rotation 0)."""
    sides: tuple[str, str, str, str]    # the side kind of N, E, S, W
    segments: tuple[Segment, ...]


def side_points(kinds: dict[str, list[str]], sides) -> dict[int, str]:
    """The points of a tile's sides at rotation 0, each with its feature."""
    out = {}
    for s, kind in enumerate(sides):
        feats = kinds[kind]
        for j, f in zip(SLOTS[len(feats)], feats):
            out[3 * s + j] = f
    return out


def read_segment(text: str, kinds: dict[str, list[str]], sides, marks) -> tuple[Segment | None, str | None]:
    """A segment's text (`city N E pennant`, `field Es Se`, `monastery`) as a Segment, or the
    reason it cannot be read."""
    words = text.split()
    if not words:
        return None, "an empty segment: write its feature, then its points and marks"
    feature, points, seg_marks = words[0], set(), []
    have = side_points(kinds, sides)
    for w in words[1:]:
        if w in marks:
            seg_marks.append(w)
        elif w in SIDES:
            s = SIDES.index(w)
            mine = [p for p in range(3 * s, 3 * s + 3) if have.get(p) == feature]
            if not mine:
                return None, (f"side {w} ({sides[s]}: {', '.join(kinds[sides[s]]) or 'blank'}) has no point of "
                              f"feature '{feature}'")
            points.update(mine)
        elif w in POINTS:
            p = POINTS[w]
            if have.get(p) != feature:
                return None, f"point {w} is not a point of feature '{feature}' on this tile's sides"
            points.add(p)
        else:
            return None, (f"'{w}' is neither a side (N E S W), a half ({' '.join(HALVES)}) "
                          f"nor a mark ({', '.join(marks) or 'none declared in tiles.marks'})")
    return Segment(feature, tuple(sorted(points)), tuple(seg_marks)), None


class Shapes:
    """Tables of the tile types' sides and segments, per type t and quarter turns k.

    kind[t][k][s]     the side kind index on side s
    seg[t][k][p]      the segment (index in the type's list) at point p, or -1
    rots[t]           the distinct orientations, each by its smallest rotation
    name[t][k][i]     segment i's name on the turned tile: `feature:first point` (clockwise
                      from the north-west corner), or the feature alone in the middle
    touch[t][i]       the segments segment i touches
    """

    def __init__(self, kinds: dict[str, list[str]], shapes: list[Shape]):
        self.kind_names = list(kinds)
        kidx = {k: i for i, k in enumerate(kinds)}
        self.npoints = tuple(len(v) for v in kinds.values())
        self.kind, self.seg, self.rots, self.name, self.touch = [], [], [], [], []
        for sh in shapes:
            at0 = [-1] * 12
            for i, sg in enumerate(sh.segments):
                for p in sg.points:
                    at0[p] = i
            ks, segs, names, rots, seen = [], [], [], [], set()
            for k in range(4):
                ks.append(tuple(kidx[sh.sides[(s - k) % 4]] for s in range(4)))
                at = [-1] * 12
                for p in range(12):
                    at[(p + 3 * k) % 12] = at0[p]
                segs.append(tuple(at))
                nm = []
                for i, sg in enumerate(sh.segments):
                    if sg.points:
                        nm.append(f"{sg.feature}:{point_name(min((p + 3 * k) % 12 for p in sg.points))}")
                    else:
                        nm.append(sg.feature)
                names.append(tuple(nm))
                # what the turned tile looks like: its sides, and each segment's feature, points and marks
                look = (ks[-1], frozenset((sg.feature, frozenset((p + 3 * k) % 12 for p in sg.points),
                                           tuple(sorted(sg.marks))) for sg in sh.segments))
                if look not in seen:
                    seen.add(look)
                    rots.append(k)
            order = [p for p in range(12) if at0[p] >= 0]
            touch = [set() for _ in sh.segments]
            for a, b in zip(order, order[1:] + order[:1]):
                i, j = at0[a], at0[b]
                if i != j:
                    touch[i].add(j)
                    touch[j].add(i)
            self.kind.append(tuple(ks))
            self.seg.append(tuple(segs))
            self.rots.append(tuple(rots))
            self.name.append(tuple(names))
            self.touch.append(tuple(tuple(sorted(x)) for x in touch))
        self._fits: dict = {}

    def fits(self, t: int, key: tuple) -> tuple:
        """The orientations of type t fitting an empty cell whose neighbours show these side kinds
        (key[s]: the kind facing side s, or -1 where no tile is)."""
        got = self._fits.get((t, key))
        if got is None:
            kind = self.kind[t]
            got = self._fits[t, key] = tuple(k for k in self.rots[t]
                                             if all(f < 0 or f == kind[k][s] for s, f in enumerate(key)))
        return got
