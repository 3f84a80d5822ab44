"""evaluate: a player's evaluation for AI players, an expression (every rule set, its own names)."""
from __future__ import annotations

from ....lang import dsl

KEY = "evaluate"
ABOUT = "optional: a number per player, the AI players' evaluation of a position that is not over"


def check(ch, typed) -> dsl.Node | None:
    """The typed expression, or None; `typed(path, what)` types it in the rule set's vocabulary."""
    return typed(("evaluate",), "evaluate") if "evaluate" in ch.src.data else None
