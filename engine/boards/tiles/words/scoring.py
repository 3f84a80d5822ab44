"""scoring as named parts, each an expression per player (track tiles, stones on path tiles; the
parts of sides of several kinds are feature parts, edgerules.py)."""
from __future__ import annotations

from ....lang import dsl

KEY = "scoring"
ABOUT = "named parts, a number per player each; a player's score is their sum and the highest total wins"


def check(ch, typed, needs: str) -> list[tuple[str, dsl.Node]]:
    """The typed parts; `typed(path, what)` types one (the rule set's vocabulary), `needs` is the
    finding of a file without scoring."""
    spec = ch.src.data
    if "scoring" not in spec:
        ch.error((), needs, key=True)
    parts = []
    for part in spec.get("scoring") or {}:
        node = typed(("scoring", part), f"scoring part {part}")
        if node is not None:
            parts.append((part, node))
    return parts
