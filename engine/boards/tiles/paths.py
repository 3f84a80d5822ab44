"""Tiles whose sides carry path points, laid on a bounded board of squares, and stones that
follow the paths.

A square tile has `n` points on each side, 4n in all, numbered clockwise from the west end of the
north side: with n = 2, 0 N-west, 1 N-east, 2 E-north, 3 E-south, 4 S-east, 5 S-west, 6 W-south,
7 W-north. A tile type pairs its points (`paths: [0-1, 2-3, ...]`); a quarter turn clockwise
shifts every point by n. A stone stands on a point of an empty square it faces (the board's edge
or a tile's side); when a tile is laid on that square the stone follows the path through it and
through any tiles beyond, until it faces an empty square again or is led off the board.
"""
from __future__ import annotations

import re

PAIR_RE = re.compile(r"^(\d+)-(\d+)$")
SPOT_RE = re.compile(r"^([a-z])([1-9][0-9]?):(\d+)$")


def parse_points(text: str) -> tuple[int, int]:
    """The two points of a path written `a-b`."""
    m = PAIR_RE.match(text)
    return int(m.group(1)), int(m.group(2))


class Squares:
    """A bounded board of files x ranks squares, a1 at the south-west corner; a square is
    file + files * rank. A spot is where a stone stands: square * points + point."""

    def __init__(self, files: int, ranks: int, per_side: int):
        self.files, self.ranks, self.per_side = files, ranks, per_side
        self.size = files * ranks
        p = self.points = 4 * per_side
        # the square across each side (None off the board): N, E, S, W
        self.across = tuple(tuple(self._step(sq, side) for side in range(4)) for sq in range(self.size))
        # a point seen from the square across its side: the same spot of the shared edge
        self.opposite = tuple(((q // per_side + 2) % 4) * per_side + per_side - 1 - q % per_side for q in range(p))

    def _step(self, sq: int, side: int):
        f, r = sq % self.files, sq // self.files
        f, r = (f, r + 1) if side == 0 else (f + 1, r) if side == 1 else (f, r - 1) if side == 2 else (f - 1, r)
        return f + self.files * r if 0 <= f < self.files and 0 <= r < self.ranks else None

    def name(self, sq: int) -> str:
        return f"{chr(97 + sq % self.files)}{sq // self.files + 1}"

    def square(self, text: str):
        """The square a name `c1` stands for, or None."""
        m = re.match(r"^([a-z])([1-9][0-9]?)$", text)
        if not m:
            return None
        f, r = ord(m.group(1)) - 97, int(m.group(2)) - 1
        return f + self.files * r if f < self.files and r < self.ranks else None

    def spot(self, text: str):
        """The spot `c1:4` stands for (square c1, point 4), or None."""
        m = SPOT_RE.match(text)
        if not m:
            return None
        sq, q = self.square(m.group(1) + m.group(2)), int(m.group(3))
        return sq * self.points + q if sq is not None and q < self.points else None

    def spot_name(self, spot: int) -> str:
        return f"{self.name(spot // self.points)}:{spot % self.points}"

    def on_edge(self, spot: int) -> bool:
        """Whether a spot lies on the board's edge (the side it is on faces no square)."""
        return self.across[spot // self.points][spot % self.points // self.per_side] is None


class PointTiles:
    """Tile types as pairings of points, in their distinct rotations.

    An orientation is one (type, quarter turns) whose pairing differs from every smaller turn of
    the same type: a symmetric type is offered only in its smallest rotation per orientation.
    links[o][p] is the point joined to p on orientation o."""

    def __init__(self, types: list[list[tuple[int, int]]], per_side: int):
        p = 4 * per_side
        self.orientations: list[tuple[int, int]] = []       # (type, quarter turns)
        self.links: list[tuple[int, ...]] = []
        self.by_type: list[list[int]] = []                  # orientations of each type
        self.index: dict[tuple[int, int], int] = {}
        for t, pairs in enumerate(types):
            seen = set()
            mine = []
            for k in range(4):
                link = [0] * p
                for a, b in pairs:
                    a2, b2 = (a + k * per_side) % p, (b + k * per_side) % p
                    link[a2], link[b2] = b2, a2
                key = tuple(link)
                if key in seen:
                    continue
                seen.add(key)
                self.index[(t, k)] = len(self.orientations)
                mine.append(len(self.orientations))
                self.orientations.append((t, k))
                self.links.append(key)
            self.by_type.append(mine)


def follow(sq_board, links, squares: Squares, spot: int, passed: list | None = None):
    """Where a stone on `spot` (facing a square that now holds a tile) ends: the spot facing the
    next empty square, or ~spot (negative) of the last point it left the board from. `passed`
    collects the spots it runs through, both ends of every path."""
    pts, across, opposite, per = squares.points, squares.across, squares.opposite, squares.per_side
    sq, q = divmod(spot, pts)
    while True:
        out = links[sq_board[sq]][q]
        if passed is not None:
            passed.append(sq * pts + q)
            passed.append(sq * pts + out)
        nxt = across[sq][out // per]
        if nxt is None:
            return ~(sq * pts + out)
        sq, q = nxt, opposite[out]
        if sq_board[sq] < 0:
            return sq * pts + q
