"""counters.claim: the features a counter goes on (track tiles: onto the tile just laid; sides of
several kinds: optionally, onto a segment of it)."""
from __future__ import annotations

from ....lang.expr import INT, suggest
from . import FEATURE_TYPE, SEAT, TRACK

KEY = "counters.claim"
ABOUT = ("the features a counter may go on when their tile is laid (track tiles: it goes on the tile; "
         "sides of several kinds: optionally, on one segment of the new tile)")
# track tiles: a counter stands on a tile (a census row: void, empty, one per seat)
FUNCTIONS = {(SEAT, TRACK): {
    "counters": (((FEATURE_TYPE,),), INT, "st.census[{width} * {0} + 2 + me]", "my counters on tiles of this feature"),
    "free": (((FEATURE_TYPE,),), INT, "(st.census[{width} * {0}] + st.census[{width} * {0} + 1])",
             "tiles of this feature holding no counter"),
}}


def known(ch, path, f: str, features: list[str], what: str) -> bool:
    """Whether `f` is a feature; else a finding naming `what` asked for it."""
    if f not in features:
        ch.error(path, f"{what}: unknown feature '{f}'{suggest(f, features)} "
                       f"(features: {', '.join(features) or 'none'})")
        return False
    return True


def check(ch, features: list[str]) -> list[str]:
    """The claimed features, each once."""
    claim: list[str] = []
    for j, f in enumerate((ch.src.data.get("counters") or {}).get("claim") or []):
        if known(ch, ("counters", "claim", j), f, features, "counters.claim"):
            if f in claim:
                ch.error(("counters", "claim", j), f"feature '{f}' is claimed twice")
            else:
                claim.append(f)
    return claim
