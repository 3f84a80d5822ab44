"""Routes over square tiles whose track joins their sides: a word for any track or path game.

Paths, railway track, roads and the like all reduce to the same picture. A tile
type's track is a set of *connections*, each joining two of the four sides N, E, S, W (0..3).
Turned clockwise by k quarter turns, side s becomes (s + k) % 4. A path enters a tile by a side,
leaves by a side connected to that one on the tile (and by no other: nothing reverses at a
switch), then enters the neighbour across that side by the opposite side. Track running to an
empty cell is a dead end.

Searches run over nodes (cell, entry side), packed in one int `cell * 4 + side`; a path never
repeats a node. Some tiles are *stops* (whatever the game calls them): a path reaches a stop when
it enters one, by any side.

Board convention shared with the tile engine: `tiles` maps a cell to (type, rotation, holder);
holder VOID marks a tile whose feature was voided (a void stop is plain track).

Cells are ints `(x + off) * stride + (y + off)` (see Plane), so comparing two cells compares
their (x, y) in tuple order, and so does comparing two tuples of cells.
"""
from __future__ import annotations

import heapq

N, E, S, W = range(4)
SIDE_NAMES = "NESW"
OPP = (S, W, N, E)
EMPTY, VOID = -1, -2          # holders that are no seat: no counter; counter taken back


class Plane:
    """Cells of an unbounded square grid as ints, for boards no wider than `radius` from 0,0."""

    def __init__(self, radius: int):
        self.off = radius + 2
        self.stride = 2 * self.off + 1
        self.delta = (1, self.stride, -1, -self.stride)     # the neighbour across N, E, S, W

    def cell(self, x: int, y: int) -> int:
        if not (-self.off < x < self.off and -self.off < y < self.off):
            raise ValueError(f"cell {x},{y} is off the board")
        return (x + self.off) * self.stride + y + self.off

    def xy(self, c: int) -> tuple[int, int]:
        return c // self.stride - self.off, c % self.stride - self.off

    def name(self, c: int) -> str:
        x, y = self.xy(c)
        return f"{x},{y}"


def parse_pair(text: str) -> tuple[int, int]:
    """'N-S' -> (0, 2)."""
    a, b = text.split("-")
    return SIDE_NAMES.index(a), SIDE_NAMES.index(b)


class TrackSet:
    """Tables of tile types' track, built once per game (index t = type, k = quarter turns).

    conn[t][k][a]   bitmask of the sides a path entering by side a may leave by
    mask[t][k]      bitmask of the sides with track
    rots[t]         the distinct placements: rotations giving distinct sets of connections,
                    each named by its smallest rotation (a feature does not turn)
    fits[t][key]    the rotations of rots[t] that fit an empty cell's constraint key
    fitting[key]    bitmask of the types with at least one fitting rotation

    A constraint key is K << 4 | R: K the sides facing a placed tile, R those of them where that
    tile has track. A rotation fits when its track mask & K == R: track meets track, blank meets
    blank.
    """

    def __init__(self, pairs: list[list[tuple[int, int]]]):
        self.ntypes = len(pairs)
        self.conn, self.mask, self.rots = [], [], []
        for tp in pairs:
            seen, c_t, m_t, r_t = set(), [], [], []
            for k in range(4):
                c = [0, 0, 0, 0]
                for a, b in tp:
                    a, b = (a + k) % 4, (b + k) % 4
                    c[a] |= 1 << b
                    c[b] |= 1 << a
                c_t.append(tuple(c))
                m_t.append(sum(1 << s for s in range(4) if c[s]))
                key = frozenset(frozenset(((a + k) % 4, (b + k) % 4)) for a, b in tp)
                if key not in seen:
                    seen.add(key)
                    r_t.append(k)
            self.conn.append(tuple(c_t))
            self.mask.append(tuple(m_t))
            self.rots.append(tuple(r_t))
        self.fits = [tuple(tuple(k for k in self.rots[t] if self.mask[t][k] & (key >> 4) == key & 15)
                           for key in range(256)) for t in range(self.ntypes)]
        self.fitting = tuple(sum(1 << t for t in range(self.ntypes) if self.fits[t][key]) for key in range(256))

    def exits(self, t: int, k: int, a: int) -> tuple[int, ...]:
        m = self.conn[t][k][a]
        return tuple(s for s in range(4) if m >> s & 1)

    def pairs(self, t: int, k: int) -> list[tuple[int, int]]:
        """The (entry, exit) pairs of a placed tile: both directions of every connection."""
        return [(a, b) for a in range(4) for b in self.exits(t, k, a)]


class Frontier:
    """The empty cells next to placed tiles and the constraint each one carries.

    `cells` maps an empty cell to `cell << shift | key` (shift >= 8, so a caller may pack more
    beside the key); `keys` counts the cells per key, so the types that fit somewhere are an OR
    over a few distinct keys rather than a scan of the board. Both are plain dicts: `grown`
    returns new ones and leaves its inputs untouched.
    """

    def __init__(self, plane: Plane, track: TrackSet, shift: int = 8):
        self.track = track
        self.shift = shift
        # per placed (type, rotation): (cell offset, key bits it gives that neighbour) per side
        self.marks = tuple(tuple((plane.delta[s], 1 << (OPP[s] + 4) | (1 << OPP[s] if m >> s & 1 else 0))
                                 for s in range(4))
                           for masks in track.mask for m in masks)

    def grown(self, tiles, cells: dict, keys: dict, cell: int, t: int, k: int) -> tuple[dict, dict]:
        """The frontier after tile t went on `cell` at rotation k (`tiles` already holds it)."""
        cells = cells.copy()
        keys = keys.copy()
        old = cells.pop(cell, None)
        if old is not None:
            old &= 255
            if keys[old] == 1:
                del keys[old]
            else:
                keys[old] -= 1
        shift = self.shift
        for d, bits in self.marks[t * 4 + k]:
            nb = cell + d
            if nb in tiles:
                continue
            prev = cells.get(nb)
            if prev is not None:
                prev &= 255
                bits |= prev
                if keys[prev] == 1:
                    del keys[prev]
                else:
                    keys[prev] -= 1
            cells[nb] = nb << shift | bits
            keys[bits] = keys.get(bits, 0) + 1
        return cells, keys

    def fitting(self, keys: dict) -> int:
        """Bitmask of the types that fit some frontier cell."""
        table = self.track.fitting
        fit = 0
        for key in keys:            # a plain loop: measured twice as fast as reduce(or_, map(...))
            fit |= table[key]
        return fit


class Network:
    """Path searches over a board of tiles, for one track set and one set of stop types."""

    def __init__(self, plane: Plane, track: TrackSet, stop_types):
        self.plane, self.track = plane, track
        self.stop = tuple(bool(x) for x in stop_types)         # per type
        # leaving a cell by side b lands on node (cell + delta[b]) * 4 + OPP[b]
        self.leave = tuple(4 * plane.delta[b] + OPP[b] for b in range(4))
        # ex[t * 4 + k][a]: node offsets from node (cell, a) to the nodes it leads to
        self.ex = tuple(tuple(tuple(self.leave[b] - a for b in track.exits(t, k, a)) for a in range(4))
                        for t in range(track.ntypes) for k in range(4))

    def is_stop(self, tile) -> bool:
        t, _k, holder = tile
        return self.stop[t] and holder != VOID

    def reach(self, tiles, cell: int, side: int, through: bool = False) -> frozenset:
        """The stops reached by paths leaving `cell` by `side`. Without `through` a path ends at
        its first stop (the first stops each way of a line); with it, paths run on through stops.
        A path may come back into its start cell by another entry (so a stop can reach itself)."""
        start = cell * 4 + self.leave[side]
        seen = {start}
        todo = [start]
        pop, push, add = todo.pop, todo.append, seen.add
        get, stop, ex = tiles.get, self.stop, self.ex
        found = set()
        while todo:
            node = pop()
            c = node >> 2
            tile = get(c)
            if tile is None:
                continue
            t, k, holder = tile
            if stop[t] and holder != VOID:
                found.add(c)
                if not through:
                    continue
            for off in ex[t * 4 + k][node & 3]:
                nxt = node + off
                if nxt not in seen:
                    add(nxt)
                    push(nxt)
        return frozenset(found)

    def best_route(self, tiles, start: int, sides, dest: int,
                   charged) -> tuple[tuple[int, ...], frozenset] | None:
        """The best path from `start` (leaving by one of `sides`) to the stop `dest`: the fewest
        distinct charged stops after the start up to and including dest, then the fewest tiles
        (start and dest included, a tile passed twice counting twice), then the smallest sequence
        of cells. `charged(cell, tile)` tells which tiles count. Returns (cells, charged stops),
        or None when dest is not reached.

        Best-first over labels (charges, length, cells); a label is dropped when one already
        expanded at the same node has a subset of its charges and a no-longer, no-greater path:
        whatever this one can still do, that one does at least as well."""
        heap: list = []
        serial = 0
        delta = self.plane.delta
        for b in sides:
            nxt = start + delta[b]
            tile = tiles.get(nxt)
            if tile is None:
                continue
            ch = frozenset((nxt,)) if self.is_stop(tile) and charged(nxt, tile) else frozenset()
            serial += 1
            heapq.heappush(heap, (len(ch), 2, (start, nxt), serial, OPP[b], ch))
        done: dict = {}
        while heap:
            _n, length, cells, _, a, chs = heapq.heappop(heap)
            c = cells[-1]
            if c == dest:
                return cells, chs
            prev = done.setdefault(c * 4 + a, [])
            if any(t <= chs and (ln, cs) <= (length, cells) for t, ln, cs in prev):
                continue
            prev.append((chs, length, cells))
            t, k, _holder = tiles[c]
            for b in self.track.exits(t, k, a):
                nxt = c + delta[b]
                nt = tiles.get(nxt)
                if nt is None:
                    continue                    # a dead end
                nchs = chs
                if nxt not in chs and self.is_stop(nt) and charged(nxt, nt):
                    nchs = chs | {nxt}
                serial += 1
                heapq.heappush(heap, (len(nchs), length + 1, cells + (nxt,), serial, OPP[b], nchs))
        return None


class Reach:
    """Memo of `Network.reach` for one board whose track and stops no longer change (holders of
    non-stop tiles may): shared by every position of a stage that only moves counters."""

    __slots__ = ("net", "tiles", "first", "through")

    def __init__(self, net: Network, tiles):
        self.net, self.tiles = net, tiles
        self.first: dict[int, frozenset] = {}
        self.through: dict[int, frozenset] = {}

    def first_stops(self, cell: int, side: int) -> frozenset:
        key = cell * 4 + side
        r = self.first.get(key)
        if r is None:
            r = self.first[key] = self.net.reach(self.tiles, cell, side)
        return r

    def all_stops(self, cell: int, side: int) -> frozenset:
        key = cell * 4 + side
        r = self.through.get(key)
        if r is None:
            r = self.through[key] = self.net.reach(self.tiles, cell, side, through=True)
        return r
