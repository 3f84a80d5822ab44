"""empty, occupied, friend, enemy, first, neighbour, faces: what a cell holds, and the cells around it."""
from __future__ import annotations

from functools import partial

from ....lang.expr import BOOL, CELL, DIRS, GROUP, Function
from ....structs import replace

FUNCTIONS = {
    "empty": Function(((CELL,),), BOOL, lambda a, t: f"(not cells[{a[0]}])",
                      "the cell holds no piece (false off the board)"),
    "occupied": Function(((CELL,),), BOOL, lambda a, t: f"(0 < cells[{a[0]}] < 255)", "the cell holds a piece"),
    "friend": Function(((CELL,),), BOOL, lambda a, t: f"FRIEND[me][cells[{a[0]}]]", "the cell holds a piece of the player's"),
    "enemy": Function(((CELL,),), BOOL, lambda a, t: f"ENEMY[me][cells[{a[0]}]]", "the cell holds an opponent's piece"),
    "first": Function(((CELL,), (DIRS,)), CELL, lambda a, t: f"_first(cells, RAYS[{a[1]}][me][{a[0]}])",
                      "the first cell holding a piece from a cell in direction D (a set of one direction), "
                      "or off the board when the ray meets none"),
    "neighbour": Function(((CELL,), (DIRS,)), CELL, lambda a, t: f"NEXT[{a[1]}][me][{a[0]}]",
                          "the cell next to a cell in a direction (one direction: a set of one)"),
    "faces": Function(((GROUP,), (DIRS,), (GROUP,)), BOOL, lambda a, t: f"_faces(occ, {a[0]}, RAYS[{a[1]}][me], {a[2]})",
                      "a piece of the first group meets a piece of the second as the first piece along a line "
                      "in a direction of D (nothing between them)"),
}

# the batch backend's forms (boards/grid/batch.py): a cell is an array of cell indices (the wall,
# index SIZE, off the board), read from each game's row of `cells` (RG: the rows, MC: the seat)
BATCH = {
    "empty": replace(FUNCTIONS["empty"], emit=lambda a, t: f"(_read(cells, RG, {a[0]}) == 0)"),
    "occupied": replace(FUNCTIONS["occupied"], emit=lambda a, t: f"_occupied(_read(cells, RG, {a[0]}))"),
    "friend": replace(FUNCTIONS["friend"], emit=lambda a, t: f"FRIEND_B[MC, _read(cells, RG, {a[0]})]"),
    "enemy": replace(FUNCTIONS["enemy"], emit=lambda a, t: f"ENEMY_B[MC, _read(cells, RG, {a[0]})]"),
    "neighbour": replace(FUNCTIONS["neighbour"], emit=lambda a, t: f"_seat_table(NEXT_B[{a[1]}], MC, {a[0]})"),
}


def first(cells, rays, off) -> int:
    """The first cell of the rays (one, for a direction set of one) that holds a piece, or `off`."""
    for ray in rays:
        for t in ray:
            if cells[t]:
                return t
    return off


def faces(occ, group, rays, other) -> bool:
    """Does a piece of `group` see a piece of `other` first along one of its rays (by cell)?"""
    while group:
        lo = group & -group
        group ^= lo
        for ray in rays[lo.bit_length() - 1]:
            for t in ray:
                if occ >> t & 1:
                    if other >> t & 1:
                        return True
                    break
    return False


def tables(game, ns: dict) -> None:
    ns["_first"] = partial(first, off=game.size)
    ns["_faces"] = faces
