"""Square boards: rank 1 at the bottom, 8 directions (north, north-east, ...), a square lattice."""
from __future__ import annotations

from .base import Lattice

DIRECTIONS = {"east": (1, 0), "north-east": (1, 1), "north": (0, 1), "north-west": (-1, 1),
              "west": (-1, 0), "south-west": (-1, -1), "south": (0, -1), "south-east": (1, -1)}


class Square(Lattice):
    kind = "square"
    cell_shape = "square"

    def __init__(self, files: int, ranks: int, used: list[bool] | None = None, first: int = 1):
        super().__init__(files, ranks, used or [True] * (files * ranks), dict(DIRECTIONS))
        self.first = first


def square(files: int, ranks: int, used: list[bool] | None = None, first: int = 1) -> Square:
    return Square(files, ranks, used, first)
