"""board.open.start: the tile a growing board starts from (track tiles, sides of several kinds)."""
from __future__ import annotations

from ....lang.expr import suggest

KEY = "board.open.start"
ABOUT = ("`{tile, at, rotation}`: the tile the board grows from, taken from its type's count, on cell `at` "
         "(default `[0, 0]`) turned by `rotation` degrees")


def check(ch, type_names: list[str]) -> tuple[str, int, int, int]:
    """(type, x, y, quarter turns) of the start tile."""
    spec = ch.src.data
    start = spec["board"]["open"]["start"]
    sname = start["tile"]
    where = ("board", "open", "start", "tile")
    if sname not in type_names:
        ch.error(where, f"the start tile '{sname}' is not a tile type{suggest(sname, type_names)}")
    elif spec["tiles"]["types"][sname]["count"] < 1:
        ch.error(where, f"the start tile is taken from the {sname} pieces, but their count is 0")
    at = start.get("at", [0, 0])
    return sname, at[0], at[1], start.get("rotation", 0) // 90
