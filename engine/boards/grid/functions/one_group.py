"""one_group(GROUP): the pieces of the group form one group, each joined to every other by a
chain of the group's pieces on neighbouring cells (every direction of the board)."""
from __future__ import annotations

from functools import partial

from ....lang.expr import BOOL, GROUP, Function

FUNCTION = Function(((GROUP,),), BOOL, lambda a, t: f"_one_group({a[0]})",
                    "the pieces of the group are one group: each joined to every other by a chain of the group's "
                    "pieces, cell to adjacent cell (a lone piece is one; no piece is none)")


def one_group(board: int, near: list[int]) -> bool:
    """Does `board` hold one group of cells joined through neighbours (near[i]: the cells next
    to i)? False for no cell."""
    if not board:
        return False
    seen = front = board & -board
    while front:
        lo = front & -front
        front ^= lo
        new = near[lo.bit_length() - 1] & board & ~seen
        if new:
            seen |= new
            front |= new
    return seen == board


def tables(game, ns: dict) -> None:
    """Per cell, the bits of its neighbours in every direction."""
    geo = game.geo
    nexts = [geo.neighbours(v) for v in geo.directions.values()]
    ns["_one_group"] = partial(one_group, near=[sum(1 << nxt[i] for nxt in nexts if nxt[i] >= 0)
                                                for i in range(game.size)])
