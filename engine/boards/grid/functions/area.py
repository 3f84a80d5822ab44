"""area(GROUP, D): the group's cells plus every empty region (cells joined by steps in the directions
of D) whose neighbouring pieces all belong to the group: area scoring."""
from __future__ import annotations

from ....lang.expr import DIRS, GROUP, INT, Function

FUNCTION = Function(((GROUP,), (DIRS,)), INT, lambda a, t: f"_area({a[0]}, occ, FULL, STEP[{a[1]}][me])",
                    "the group's pieces plus the empty cells of every empty region (joined by steps in "
                    "the directions D) whose neighbouring pieces are all of the group")


def area(group: int, occ: int, full: int, steps) -> int:
    """How many cells of `group`, and of the empty regions bordered only by it (near[i]: the
    cells one step from i)."""
    total = group.bit_count()
    empty = full ^ occ
    others = occ & ~group
    while empty:
        lo = empty & -empty
        region = front = lo
        edge = 0
        while front:
            b = front & -front
            front ^= b
            n = 0
            for c in steps[b.bit_length() - 1]:
                n |= 1 << c
            edge |= n
            new = n & empty & ~region
            region |= new
            front |= new
        empty &= ~region
        edge &= occ
        if edge and not edge & others:
            total += region.bit_count()
    return total


def tables(game, ns: dict) -> None:
    ns["_area"] = area
