"""The functions of grid expressions, one module each (or a module for a few of a kind): each
holds its signature and the Python it becomes (a lang.expr.Function), its runtime helpers and
`tables(game, ns)`, what it needs in a compiled game's namespace, built only for a game whose
rules use it. vocabulary.py and game.py walk FUNCTIONS and MODULES: a new function is a new
module here and its line below."""
from __future__ import annotations

from . import along, area, attacked, cells, connected, counting, in_a_row, one_group
from . import lines
from . import always_attacked

MODULES = {m.__name__.rsplit(".", 1)[1]: m for m in (counting, cells, in_a_row, connected, attacked, one_group, area,
                                                                along, lines,
                                                                always_attacked)}
FUNCTIONS = {**counting.FUNCTIONS, **in_a_row.FUNCTIONS, "connected": connected.FUNCTION,
             "one_group": one_group.FUNCTION,
             "empty": cells.FUNCTIONS["empty"], "occupied": cells.FUNCTIONS["occupied"],
             "friend": cells.FUNCTIONS["friend"], "enemy": cells.FUNCTIONS["enemy"],
             "attacked": attacked.FUNCTION, "first": cells.FUNCTIONS["first"],
             "neighbour": cells.FUNCTIONS["neighbour"], "area": area.FUNCTION, "faces": cells.FUNCTIONS["faces"],
             "along": along.FUNCTION, **lines.FUNCTIONS,
             "always_attacked": always_attacked.FUNCTION}
# the batch backend's forms (boards/grid/batch.py), of the functions that have one
BATCH_FUNCTIONS = {**counting.BATCH, **cells.BATCH, "in_a_row": in_a_row.BATCH}
# the module holding each function (a game builds a module's tables when its rules use one)
# the functions of each module: its FUNCTIONS, or the one named as the module
NAMES = {m: tuple(getattr(m, "FUNCTIONS", (key,))) for key, m in MODULES.items()}
HOME = {name: m for m, names in NAMES.items() for name in names}

__all__ = ["BATCH_FUNCTIONS", "FUNCTIONS", "HOME", "MODULES", "NAMES"]
