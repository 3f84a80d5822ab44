"""The interface every board topology of the grid kind offers (Topology), and what the square and
hex lattices share (Lattice).

A topology says which cells exist and their names, each cell's neighbour by direction, where each
is drawn, and how a seat facing a forward angle sees the board. A direction is a value the
topology hands out (`directions`: name -> direction); the tables of a game are built from
`neighbours(direction)` alone, so any topology runs every word. `translations` says whether its
directions are fixed shifts of the cell index (a lattice); only then are bulk shifts of bitboards
used for steps and jumps.
"""
from __future__ import annotations

import math

LETTERS = "abcdefghijklmnopqrstuvwxyz"
COMPASS = {"east": 0, "north": 90, "west": 180, "south": 270}
RELATIVE = ("front", "front-left", "left", "back-left", "back", "back-right", "right", "front-right")


class Topology:
    """Cells 0 .. size - 1 (some may be holes: `used` is False), named, drawn at `xy`."""
    kind = ""                   # square, hex, graph
    translations = False        # directions are fixed shifts of the index: shift = drank * files + dfile
    cell_shape = "square"       # how a cell is drawn: square, hex, point
    files = 0                   # (a lattice's width: the shift of one rank)

    def __init__(self, size: int, used: list[bool], directions: dict, xy: list[tuple[float, float]]):
        self.size = size
        self.used = used
        self.directions = directions
        self.xy = xy
        self._memo: dict = {}

    # ---- cells
    def cells(self) -> list[int]:
        return [i for i in range(self.size) if self.used[i]]

    def name(self, i: int) -> str:
        raise NotImplementedError

    def parse_cell(self, text: str) -> int | None:
        raise NotImplementedError

    # ---- neighbours
    def neighbours(self, vec) -> list[int]:
        """Per cell, its neighbour in direction vec, or -1 (made once per direction)."""
        key = ("next", vec)
        if key not in self._memo:
            self._memo[key] = self._neighbours(vec)
        return self._memo[key]

    def _neighbours(self, vec) -> list[int]:
        raise NotImplementedError

    def neighbour(self, i: int, vec) -> int:
        """The cell next to i in direction vec, or -1 off the board."""
        return self.neighbours(vec)[i] if 0 <= i < self.size else -1

    def ray(self, i: int, vec) -> tuple[int, ...]:
        """The cells from i's neighbour in direction vec to the edge of the board."""
        nxt, out, c, seen = self.neighbours(vec), [], i, {i}
        while True:
            c = nxt[c]
            if c < 0 or c in seen:      # (a ring of links ends where it began)
                return tuple(out)
            out.append(c)
            seen.add(c)

    def back(self, vec):
        """The direction opposite vec (None where there is none)."""
        raise NotImplementedError

    def axes(self) -> list:
        """One direction of each line through a cell (4 on a square board, 3 on a hex one)."""
        out = []
        for v in self.directions.values():
            if v not in out and self.back(v) not in out:
                out.append(v)
        return out

    # ---- how a seat sees the board
    def angle(self, vec) -> float:
        raise NotImplementedError

    def relative(self, forward: float, name: str):
        """The direction a seat facing `forward` calls `name` (front, front-left, ...), if any:
        the board's directions nearest that angle on each side."""
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
        key = ("lines", angle)
        if key not in self._memo:
            proj = self.projection(angle)
            levels = sorted({proj[i] for i in self.cells()})
            at = {v: k for k, v in enumerate(levels)}
            self._memo[key] = [at[proj[i]] if self.used[i] else -1 for i in range(self.size)]
        return list(self._memo[key])

    def file_axis(self, forward: float) -> float:
        """The angle along which a seat facing `forward` counts its files, from its left."""
        return forward - 90

    def opposite(self, i: int) -> int:
        """The cell a half turn about the board's centre away (-1 if there is none)."""
        raise NotImplementedError

    def edge(self, vec) -> set[int]:
        """The board's last cells in direction vec: the used cells with none beyond them that way
        (here: no neighbour in that direction)."""
        nxt = self.neighbours(vec)
        return {i for i in self.cells() if nxt[i] < 0}


class Lattice(Topology):
    """Cells on a rectangle of files x ranks (index = rank * files + file, 0-based), named by
    file letter and rank number (`a1`; the first rank's number is `first`, 1 unless the board
    says 0); a direction is a (dfile, drank) step."""
    translations = True
    first = 1                   # the number of the first rank in cell names

    def __init__(self, files: int, ranks: int, used: list[bool], directions: dict):
        self.files, self.ranks = files, ranks
        super().__init__(files * ranks, used, directions, [])
        self.xy = [self._draw(i % files, i // files) for i in range(files * ranks)]

    def index(self, f: int, r: int) -> int:
        return r * self.files + f

    def inside(self, f: int, r: int) -> bool:
        return 0 <= f < self.files and 0 <= r < self.ranks and self.used[r * self.files + f]

    def name(self, i: int) -> str:
        return f"{LETTERS[i % self.files]}{i // self.files + self.first}"

    cell_text = r"[a-z]+\d+"          # a regular expression of a cell's name (found in a move's text)

    def file_label(self, f: int) -> str:
        """How file f (0 at the left) is written in pictures and the terminal."""
        return LETTERS[f]

    def rank_label(self, r: int) -> str:
        """How rank r (0 at the bottom) is written in pictures and the terminal."""
        return str(r + self.first)

    def parse_cell(self, text: str) -> int | None:
        if len(text) < 2 or text[0] not in LETTERS[:self.files] or not text[1:].isdigit() or \
                text[1] == "0" and len(text) > 2:       # (no leading zero)
            return None
        f, r = LETTERS.index(text[0]), int(text[1:]) - self.first
        return self.index(f, r) if self.inside(f, r) else None

    def _neighbours(self, vec) -> list[int]:
        W, H, used, (df, dr) = self.files, self.ranks, self.used, vec
        return [(r + dr) * W + f + df if 0 <= f + df < W and 0 <= r + dr < H and used[(r + dr) * W + f + df]
                else -1 for r in range(H) for f in range(W)]

    def neighbour(self, i: int, vec) -> int:
        f, r = i % self.files + vec[0], i // self.files + vec[1]
        return r * self.files + f if self.inside(f, r) else -1

    def back(self, vec):
        return (-vec[0], -vec[1])

    def shift(self, vec) -> int:
        """How far along the index one step in direction vec goes (a bitboard shift)."""
        return vec[1] * self.files + vec[0]

    def angle(self, vec) -> float:
        x, y = self._draw(*vec)
        return math.degrees(math.atan2(y, x)) % 360

    def _draw(self, f: float, r: float) -> tuple[float, float]:
        return (f, r)

    def opposite(self, i: int) -> int:
        f, r = self.files - 1 - i % self.files, self.ranks - 1 - i // self.files
        return self.index(f, r) if self.inside(f, r) else -1

    def edge(self, vec) -> set[int]:
        """The used cells with no used cell anywhere beyond them along the line in direction vec
        (holes between are passed over: a checkerboard's last dark squares, a hexagon's border)."""
        out = set()
        for i in self.cells():
            f, r = i % self.files + vec[0], i // self.files + vec[1]
            while 0 <= f < self.files and 0 <= r < self.ranks and not self.used[r * self.files + f]:
                f, r = f + vec[0], r + vec[1]
            if not (0 <= f < self.files and 0 <= r < self.ranks):
                out.add(i)
        return out


def builtin_directions(t: Topology) -> dict[str, list[str]]:
    """Direction words usable as sets of one (north_east, front_left, ...) and `adjacent`."""
    out = {w.replace("-", "_"): [w] for w in list(t.directions) + list(RELATIVE)}
    out["adjacent"] = list(t.directions)
    return out


def direction_sets(dirsets: dict, t: Topology) -> dict[str, list]:
    """The file's direction sets, then the built-in words the file did not redefine."""
    out = dict(dirsets)
    for k, v in builtin_directions(t).items():
        out.setdefault(k, v)
    return out
