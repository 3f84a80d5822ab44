"""connected(ZONE, ZONE): a chain of the player's pieces, cell to adjacent cell, joins the zones."""
from __future__ import annotations

from functools import partial

from ....lang.expr import BOOL, ZONE, Function

FUNCTION = Function(((ZONE,), (ZONE,)), BOOL, lambda a, t: f"_connected(B[me], {a[0]}, {a[1]})",
                    "a chain of the player's pieces, cell to adjacent cell, joins the two zones")


def connected(mine: int, a: int, b: int, near: list[int]) -> bool:
    """A chain of `mine` from a cell of a to a cell of b (near[i]: the cells next to i)."""
    front = seen = mine & a
    while front:
        if seen & b:
            return True
        lo = front & -front
        front ^= lo
        new = near[lo.bit_length() - 1] & mine & ~seen
        seen |= new
        front |= new
    return bool(seen & b)


def chain_join(parent: list[int], flags: list[int], c: int, mine: int, zones, near: list[int]) -> int:
    """A piece placed on c joins the chains of `mine` next to it (a union-find over cells:
    parent, and flags at each chain's root): returns the flags of the chain through c, two bits
    per pair of zones (a, b) of `zones`, 1 where the chain touches a and 2 where it touches b."""
    f = 0
    for j, (a, b) in enumerate(zones):
        f |= ((a >> c & 1) | (b >> c & 1) << 1) << 2 * j
    t = near[c] & mine
    while t:
        lo = t & -t
        t ^= lo
        r = lo.bit_length() - 1
        while parent[r] != r:
            parent[r] = r = parent[parent[r]]
        if r != c:
            f |= flags[r]
            parent[r] = c
    parent[c] = c
    flags[c] = f
    return f


def chains(boards, zones, near: list[int]) -> tuple[list[int], list[int], bool]:
    """The chains of every seat's pieces as they stand (for chain_join; zones[s]: the pairs of
    zones of seat s), and whether one already joins a pair of its zones."""
    size = len(near)
    parent, flags = list(range(size)), [0] * size
    whole = False
    for s, pairs in enumerate(zones):
        placed, t = 0, boards[s]
        while t:
            lo = t & -t
            t ^= lo
            placed |= lo
            f = chain_join(parent, flags, lo.bit_length() - 1, placed, pairs, near)
            whole = whole or any(f >> 2 * j & 3 == 3 for j in range(len(pairs)))
    return parent, flags, whole


def tables(game, ns: dict) -> None:
    """Per cell, the bits of its neighbours in every direction."""
    geo = game.geo
    nexts = [geo.neighbours(v) for v in geo.directions.values()]
    near = [sum(1 << nxt[i] for nxt in nexts if nxt[i] >= 0) for i in range(game.size)]
    ns["_connected"] = partial(connected, near=near)
    # a playout of placements keeps the chains as they grow (boards/grid/playout/placing.py)
    ns["_chains"] = partial(chains, near=near)
    ns["PLAYOUT_NEAR"] = near       # (the playout joins its chains in its own loop, as chain_join does)


class BatchChains:
    """connected() in the batch backend (boards/grid/batch.py): the chains of each game's
    pieces, kept as pieces are placed, as a union-find over cells. `parent` (games, SIZE + 1):
    the cell each piece's chain goes on to (a root: itself; the wall column, index SIZE, its own
    root, which is nobody's); `flags` at each root: two bits per pair of zones, 1 where the chain
    touches the first zone of the pair, 2 the second."""

    def __init__(self, game, games: int, zone_flags, start_cells):
        import numpy as np
        geo, size = game.geo, game.size
        nexts = [geo.neighbours(v) for v in geo.directions.values()]
        rows = [[nxt[i] for nxt in nexts if nxt[i] >= 0] for i in range(size)] + [[]]
        most = max(map(len, rows))
        self.size = size
        self.near = np.array([r + [size] * (most - len(r)) for r in rows], dtype=np.intp)
        self.zone_flags = zone_flags            # (seats, SIZE + 1): each cell's bits, for each seat
        self.parent = np.empty((games, size + 1), dtype=np.intp)
        self.flags = np.zeros((games, size + 1), dtype=np.int64)
        self.start = self.chains_of(start_cells)
        self.reset(np.ones(games, dtype=bool))

    def chains_of(self, cells):
        """(parent, flags) of the chains of one game's cells, found from scratch (a flood): every
        piece's parent the root of its chain."""
        import numpy as np
        size = self.size
        parent = np.arange(size + 1, dtype=np.intp)
        flags = np.zeros(size + 1, dtype=np.int64)
        seen = np.zeros(size + 1, dtype=bool)
        for c in range(size):
            if seen[c] or not 0 < cells[c] < 255:
                continue
            owner, chain, todo = cells[c] & 7, [c], [c]
            seen[c] = True
            while todo:
                for d in self.near[todo.pop()]:
                    if d < size and not seen[d] and 0 < cells[d] < 255 and cells[d] & 7 == owner:
                        seen[d] = True
                        chain.append(d)
                        todo.append(d)
            parent[chain] = c
            flags[c] = np.bitwise_or.reduce(self.zone_flags[owner - 1, chain])
        return parent, flags

    def roots(self, rows, cells):
        """The roots of the chains through `cells` (an array of cells of the games `rows`), the
        paths walked made short (each cell asked of pointed at its root)."""
        import numpy as np
        parent = self.parent
        r = cells.copy()
        left = np.arange(len(r))        # the games still walking up (most reach their roots in a step or two)
        walking, at = rows, r
        while True:
            up = parent[walking, at]
            moved = (up != at).any(1)
            if not moved.any():
                break
            r[left] = up
            left = left[moved]
            walking, at = rows[left], r[left]
        parent[rows, cells] = r
        return r

    def reset(self, which) -> None:
        self.parent[which], self.flags[which] = self.start

    @staticmethod
    def joined(flags, pairs: int):
        """Which of `flags` have both bits of some pair: a chain joining its two zones."""
        import numpy as np
        return np.logical_or.reduce([(flags >> 2 * j & 3) == 3 for j in range(pairs)])

    def whole(self, cells, at, seats, pairs: int):
        """For the games `at`, the flags of every chain of the seat `seats` at once: both bits of a
        pair where one chain joins its zones (what connected() reads of the whole board)."""
        import numpy as np
        size = self.size
        rows = at[:, None]
        root = (self.parent[at, :size] == np.arange(size)) & ((cells[at, :size] & 7) == (seats + 1)[:, None]) \
            & (cells[at, :size] != 0)
        flags = np.where(root, self.flags[rows, np.arange(size)], 0)
        out = np.zeros(len(at), dtype=np.int64)
        for j in range(pairs):
            out |= np.where(((flags >> 2 * j & 3) == 3).any(1), 3 << 2 * j, 0)
        return out

    def join(self, cells, at, t, seats, replaced):
        """The pieces just placed on t (seats[i] placed on t[i] in game at[i], already in `cells`)
        join the chains of their owner next to them: the flags of each chain through t (t its
        root now). A game whose placement replaced a piece (`replaced`) has its chains found
        again from scratch."""
        import numpy as np
        rows, tc = at[:, None], t[:, None]
        nb = self.near[t]
        own = (cells[rows, nb] & 7) == (seats + 1)[:, None]       # (the wall, 255, is nobody's)
        r = self.roots(rows, np.where(own, nb, self.size))
        f = self.zone_flags[seats, t] | np.bitwise_or.reduce(self.flags[rows, r], 1)   # (the wall's: 0)
        self.parent[rows, np.where(own, r, tc)] = tc
        self.parent[at, t] = t
        self.flags[at, t] = f
        for i in np.flatnonzero(replaced):
            g = at[i]
            self.parent[g], self.flags[g] = self.chains_of(cells[g])
            f[i] = self.flags[g, self.parent[g, t[i]]]
        return f
