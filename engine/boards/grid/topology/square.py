"""Square boards: rank 1 at the bottom, 8 directions (north, north-east, ...), a square lattice."""
from __future__ import annotations

from .base import LETTERS, Lattice

DIRECTIONS = {"east": (1, 0), "north-east": (1, 1), "north": (0, 1), "north-west": (-1, 1),
              "west": (-1, 0), "south-west": (-1, -1), "south": (0, -1), "south-east": (1, -1)}


class Square(Lattice):
    kind = "square"
    cell_shape = "square"

    def __init__(self, files: int, ranks: int, used: list[bool] | None = None, first: int = 1,
                 names: str = "a1"):
        super().__init__(files, ranks, used or [True] * (files * ranks), dict(DIRECTIONS))
        self.first = first
        self.names = names
        if names != "a1":
            self.cell_text = r"\d+[a-z]"

    def name(self, i: int) -> str:
        if self.names == "a1":
            return super().name(i)
        # "1a": the file's number counted from the right, then the rank's letter from the top
        return f"{self.files - i % self.files}{LETTERS[self.ranks - 1 - i // self.files]}"

    def file_label(self, f: int) -> str:
        return super().file_label(f) if self.names == "a1" else str(self.files - f)

    def rank_label(self, r: int) -> str:
        return super().rank_label(r) if self.names == "a1" else LETTERS[self.ranks - 1 - r]

    def parse_cell(self, text: str) -> int | None:
        if self.names == "a1":
            return super().parse_cell(text)
        if len(text) < 2 or not text[:-1].isdigit() or text[0] == "0" or text[-1] not in LETTERS[:self.ranks]:
            return None
        f, r = self.files - int(text[:-1]), self.ranks - 1 - LETTERS.index(text[-1])
        return self.index(f, r) if self.inside(f, r) else None


def square(files: int, ranks: int, used: list[bool] | None = None, first: int = 1, names: str = "a1") -> Square:
    return Square(files, ranks, used, first, names)
