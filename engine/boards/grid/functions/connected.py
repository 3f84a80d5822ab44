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
    # a playout of placements keeps the chains as they grow (boards/grid/playout.py)
    ns["_chains"], ns["_chain_join"] = partial(chains, near=near), partial(chain_join, near=near)
