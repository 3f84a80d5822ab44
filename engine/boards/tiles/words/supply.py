"""counters.supply: the counters each player may put on tiles (track tiles, sides of several kinds)."""
from __future__ import annotations

from ....lang import dsl
from ....lang.expr import INT
from . import GAME, SEAT

KEY = "counters.supply"
ABOUT = "the counters each player may put on tiles: a number or an expression of `players` and options"
NAMES = {SEAT: {"supply": (INT, "st.supply[me]")}}      # the counters left


def check(ch, rule_set: str) -> dsl.Node | int:
    """The supply: a whole number, or its typed expression (0 where it is bad)."""
    from ..vocabulary import vocabulary
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
    node = ch.typed(("counters", "supply"), vocabulary(rule_set, GAME, ch.src.data), (INT,), what="counters.supply")
    return node if node is not None else 0
