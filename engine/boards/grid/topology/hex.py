"""Hex boards: a hex grid in axial coordinates, rank 1 at the top and each rank shifted half a
cell to the right of the one above; 6 directions (east, west, north-east, north-west,
south-east, south-west). Shapes: `rhombus` (files x ranks), `hexagon` (side N) and `star` (six
points of side N around a hexagon of side N + 1: the star of 121 holes for N = 4)."""
from __future__ import annotations

import math

from .base import Lattice

# axial coordinates, rank growing downward
DIRECTIONS = {"east": (1, 0), "north-east": (1, -1), "north-west": (0, -1), "west": (-1, 0),
              "south-west": (-1, 1), "south-east": (0, 1)}


class Hex(Lattice):
    kind = "hex"
    cell_shape = "hex"

    def __init__(self, files: int, ranks: int, used: list[bool]):
        super().__init__(files, ranks, used, dict(DIRECTIONS))

    def _draw(self, f: float, r: float) -> tuple[float, float]:
        return (f + r / 2, -r * math.sqrt(3) / 2)

    def file_axis(self, forward: float) -> float:
        """On a hex board the cell line a sixth of a turn right (so a seat facing north counts
        the board's own files a, b, c ...)."""
        return forward - 60


def hex_board(shape: str, size: int | None = None, files: int | None = None, ranks: int | None = None) -> Hex:
    """A hex board: `rhombus` (files x ranks), `hexagon` of side `size`, `star` of point side `size`."""
    if shape == "rhombus":
        w, h = files, ranks
        used = [True] * (w * h)
    else:
        n = size
        radius = 2 * n if shape == "star" else n - 1
        w = h = 2 * radius + 1
        used = []
        for r in range(h):
            for f in range(w):
                x, z = f - radius, r - radius
                y = -x - z
                if shape == "hexagon":
                    used.append(max(abs(x), abs(y), abs(z)) <= radius)
                else:       # two big triangles of side 3n + 1 overlapping in the centre hexagon
                    used.append(min(x, y, z) >= -n or max(x, y, z) <= n)
    return Hex(w, h, used)
