"""along(GROUP, CELL, D): how many pieces of a group stand on the lines from a cell in the
directions of D (a limit per line: no second piece of a kind on one file)."""
from __future__ import annotations

from ....lang.expr import CELL, DIRS, GROUP, INT, Function

FUNCTION = Function(((GROUP,), (CELL,), (DIRS,)), INT,
                    lambda a, t: f"({a[0]} & ALONG[{a[2]}][me][{a[1]}]).bit_count()",
                    "how many pieces of the group stand on the lines from the cell in the directions of D "
                    "(the cell itself not counted)")


def tables(game, ns: dict) -> None:
    # ALONG[set][seat][cell]: the bits of every cell of the cell's rays in the set's directions
    # (index SIZE, off the board: none)
    ns["ALONG"] = {name: [[sum(1 << t for ray in rays for t in ray) for rays in per_cell] + [0]
                          for per_cell in per_seat] for name, per_seat in game.RAYS.items()}
