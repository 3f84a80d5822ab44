"""counters.supply: the counters each player may put on tiles (track tiles, sides of several kinds)."""
from __future__ import annotations

from ....lang import dsl
from ....lang.expr import INT
from ..vocabulary import supply_vocabulary

KEY = "counters.supply"
ABOUT = "the counters each player may put on tiles: a number or an expression of `players` and options"


def check(ch) -> dsl.Node | int:
    """The supply: a whole number, or its typed expression (0 where it is bad)."""
    counters = ch.src.data.get("counters") or {}
    if "supply" not in counters:
        return 0
    s = counters["supply"]
    if isinstance(s, bool):
        ch.error(("counters", "supply"), "counters.supply must be a number or an expression")
        return 0
    if isinstance(s, int):
        if s < 0:
            ch.error(("counters", "supply"), "counters.supply cannot be negative")
        return s
    node = ch.typed(("counters", "supply"), supply_vocabulary(ch.src.data), (INT,), what="counters.supply")
    return node if node is not None else 0
