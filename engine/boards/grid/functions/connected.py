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


def connected_from(mine: int, c: int, a: int, b: int, near: list[int]) -> bool:
    """Does the chain of `mine` through cell c join a cell of a to a cell of b? The same as
    connected() after a placement on c, where no chain joined them before it (a playout of
    placements asks only this: boards/grid/playout.py)."""
    front = seen = 1 << c
    while front:
        lo = front & -front
        front ^= lo
        new = near[lo.bit_length() - 1] & mine & ~seen
        seen |= new
        front |= new
    return bool(seen & a) and bool(seen & b)


def tables(game, ns: dict) -> None:
    """Per cell, the bits of its neighbours in every direction."""
    geo = game.geo
    nexts = [geo.neighbours(v) for v in geo.directions.values()]
    near = [sum(1 << nxt[i] for nxt in nexts if nxt[i] >= 0) for i in range(game.size)]
    ns["_connected"] = partial(connected, near=near)
    ns["_connected_from"] = partial(connected_from, near=near)
