"""in_a_row(N), in_a_row(N, exact=C): the last piece placed or moved stands in a line of N."""
from __future__ import annotations

from functools import partial

from ....lang.expr import BOOL, INT, Function
from ..layout import LAST

FUNCTION = Function(((INT,),), BOOL, lambda a, t: f"_in_a_row(cells, st[{LAST}], {a[0]}, {a[1]})",
                    "the last piece placed or moved stands in a line of at least N of its owner's "
                    "pieces (exactly N with exact=true)", keywords={"exact": ((BOOL,), "False")})


def in_a_row(cells, c, n, exact, lines) -> bool:
    """Does the piece on cell c stand in a line of n of its owner's pieces (at least n; exactly
    n with `exact`)?"""
    if c < 0 or not cells[c]:
        return False
    owner = cells[c] & 7
    for ahead, behind in lines[c]:
        k = 1
        for t in ahead:
            if cells[t] & 7 != owner:
                break
            k += 1
        for t in behind:
            if cells[t] & 7 != owner:
                break
            k += 1
        if k == n if exact else k >= n:
            return True
    return False


def in_a_row_of(cells, placed, n, exact, lines) -> bool:
    """in_a_row for every cell of `placed` (the stones of a drop of several): does one of them
    stand in such a line?"""
    return any(in_a_row(cells, c, n, exact, lines) for c in placed)


def tables(game, ns: dict) -> None:
    """Per cell, per axis of the board: the cells ahead and behind."""
    geo = game.geo
    axes = [(v, geo.back(v)) for v in geo.axes()]
    lines = [tuple((geo.ray(i, a), geo.ray(i, b) if b is not None else ()) for a, b in axes) if geo.used[i] else ()
             for i in range(game.size)]
    ns["_in_a_row"] = partial(in_a_row, lines=lines)
    ns["_in_a_row_of"] = partial(in_a_row_of, lines=lines)
