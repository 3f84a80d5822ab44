"""Board topologies of the grid kind: which cells exist, their names, their neighbours by
direction, where each is drawn, and how each seat sees the board (its forward direction).

Every topology lays its cells on a rectangle of `files` x `ranks` (index = rank * files + file,
0-based); unused cells of the rectangle are holes. A cell is named by its file letter and rank
number (`a1`). Two kinds:

- `Square`: rank 1 at the bottom, 8 directions (north, north-east, ... ), drawn on a square
  lattice;
- `Hex`: a hex grid in axial coordinates, rank 1 at the top and each rank shifted half a cell to
  the right of the one above; 6 directions (east, west, north-east, north-west, south-east,
  south-west). Shapes: `rhombus` (files x ranks), `hexagon` (side N) and `star` (six points of
  side N around a hexagon of side N + 1: the star of 121 holes for N = 4).

A seat faces a forward angle (degrees, counter-clockwise from east: north is 90). Relative
directions (front, front-left, left, back-left, back, back-right, right, front-right) are the
board's directions nearest that angle on each side, so the same words serve square and hex
boards and seats facing any way (4 on a square board, 6 on a hex star).
"""
from __future__ import annotations

import math
from ...structs import struct, field

LETTERS = "abcdefghijklmnopqrstuvwxyz"
COMPASS = {"east": 0, "north": 90, "west": 180, "south": 270}
RELATIVE = ("front", "front-left", "left", "back-left", "back", "back-right", "right", "front-right")


@struct
class Topology:
    kind: str                           # square | hex
    files: int
    ranks: int
    used: list[bool]
    directions: dict[str, tuple[int, int]]       # absolute name -> (dfile, drank)
    xy: list[tuple[float, float]] = field(default_factory=list)   # drawing coordinates, y up

    @property
    def size(self) -> int:
        return self.files * self.ranks

    def index(self, f: int, r: int) -> int:
        return r * self.files + f

    def inside(self, f: int, r: int) -> bool:
        return 0 <= f < self.files and 0 <= r < self.ranks and self.used[r * self.files + f]

    def name(self, i: int) -> str:
        return f"{LETTERS[i % self.files]}{i // self.files + 1}"

    def parse_cell(self, text: str) -> int | None:
        if len(text) < 2 or text[0] not in LETTERS[:self.files] or not text[1:].isdigit() or text[1] == "0":
            return None
        f, r = LETTERS.index(text[0]), int(text[1:]) - 1
        return self.index(f, r) if self.inside(f, r) else None

    def cells(self) -> list[int]:
        return [i for i in range(self.size) if self.used[i]]

    def neighbour(self, i: int, vec: tuple[int, int]) -> int:
        """The cell next to i along vec, or -1 off the board."""
        f, r = i % self.files + vec[0], i // self.files + vec[1]
        return r * self.files + f if self.inside(f, r) else -1

    def neighbours(self, vec: tuple[int, int]) -> list[int]:
        """Per cell, its neighbour along vec or -1 (made once per vector: compiling a game walks
        every ray of every cell, and start-up time is a feature)."""
        memo = self.__dict__.setdefault("_memo", {})
        key = ("next", vec)
        if key not in memo:
            W, H, used, (df, dr) = self.files, self.ranks, self.used, vec
            memo[key] = [(r + dr) * W + f + df if 0 <= f + df < W and 0 <= r + dr < H and used[(r + dr) * W + f + df]
                         else -1 for r in range(H) for f in range(W)]
        return memo[key]

    def ray(self, i: int, vec: tuple[int, int]) -> tuple[int, ...]:
        """The cells from i's neighbour along vec to the edge of the board."""
        nxt, out, c = self.neighbours(vec), [], i
        while True:
            c = nxt[c]
            if c < 0:
                return tuple(out)
            out.append(c)

    def angle(self, vec: tuple[int, int]) -> float:
        x, y = self._draw(*vec) if self.kind == "hex" else vec
        return math.degrees(math.atan2(y, x)) % 360

    def _draw(self, f: float, r: float) -> tuple[float, float]:
        return (f + r / 2, -r * math.sqrt(3) / 2) if self.kind == "hex" else (f, r)

    # ---- how a seat sees the board
    def relative(self, forward: float, name: str) -> tuple[int, int] | None:
        """The direction a seat facing `forward` calls `name` (front, front-left, ...), if any."""
        diffs = {d: ((self.angle(v) - forward + 180) % 360) - 180 for d, v in self.directions.items()}
        eps = 1e-6

        def near(pred, key=lambda a: abs(a)):
            found = [(key(a), d) for d, a in diffs.items() if pred(a)]
            return min(found)[1] if found else None
        pick = {
            "front": near(lambda a: abs(a) < eps),
            "back": near(lambda a: abs(abs(a) - 180) < eps),
            "left": near(lambda a: abs(a - 90) < eps),
            "right": near(lambda a: abs(a + 90) < eps),
            "front-left": near(lambda a: eps < a < 90 - eps),
            "front-right": near(lambda a: -90 + eps < a < -eps),
            "back-left": near(lambda a: 90 + eps < a < 180 - eps, lambda a: -a),
            "back-right": near(lambda a: -180 + eps < a < -90 - eps, lambda a: a),
        }[name]
        return None if pick is None else self.directions[pick]

    def projection(self, angle: float) -> list[float]:
        """Per cell, how far along `angle` it lies (drawing units)."""
        ux, uy = math.cos(math.radians(angle)), math.sin(math.radians(angle))
        return [round(x * ux + y * uy, 6) for x, y in self.xy]

    def lines_along(self, angle: float) -> list[int]:
        """Per cell, its line number (0 = the rearmost) counted along `angle`; -1 for holes."""
        memo = self.__dict__.setdefault("_memo", {})
        key = ("lines", angle)
        if key not in memo:
            proj = self.projection(angle)
            levels = sorted({proj[i] for i in self.cells()})
            at = {v: k for k, v in enumerate(levels)}
            memo[key] = [at[proj[i]] if self.used[i] else -1 for i in range(self.size)]
        return list(memo[key])

    def file_axis(self, forward: float) -> float:
        """The angle along which a seat facing `forward` counts its files, from its left: a
        quarter turn right on a square board; on a hex board the cell line a sixth of a turn
        right (so a seat facing north counts the board's own files a, b, c ...)."""
        return forward - (60 if self.kind == "hex" else 90)

    def opposite(self, i: int) -> int:
        """The cell a half turn about the board's centre away (-1 if that is a hole)."""
        f, r = self.files - 1 - i % self.files, self.ranks - 1 - i // self.files
        return self.index(f, r) if self.inside(f, r) else -1

    def axes(self) -> list[tuple[int, int]]:
        """One direction of each line through a cell (4 on a square board, 3 on a hex one)."""
        out = []
        for v in self.directions.values():
            if (-v[0], -v[1]) not in out:
                out.append(v)
        return out


SQUARE_DIRECTIONS = {"east": (1, 0), "north-east": (1, 1), "north": (0, 1), "north-west": (-1, 1),
                     "west": (-1, 0), "south-west": (-1, -1), "south": (0, -1), "south-east": (1, -1)}
# axial coordinates, rank growing downward
HEX_DIRECTIONS = {"east": (1, 0), "north-east": (1, -1), "north-west": (0, -1), "west": (-1, 0),
                  "south-west": (-1, 1), "south-east": (0, 1)}


def square(files: int, ranks: int, used: list[bool] | None = None) -> Topology:
    t = Topology("square", files, ranks, used or [True] * (files * ranks), dict(SQUARE_DIRECTIONS))
    t.xy = [t._draw(i % files, i // files) for i in range(files * ranks)]
    return t


def hex_board(shape: str, size: int | None = None, files: int | None = None, ranks: int | None = None) -> Topology:
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
    t = Topology("hex", w, h, used, dict(HEX_DIRECTIONS))
    t.xy = [t._draw(i % w, i // w) for i in range(w * h)]
    return t
