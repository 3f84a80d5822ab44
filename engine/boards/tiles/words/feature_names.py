"""tiles.features: the features a file declares (track tiles, sides of several kinds); without
it, the features are those the types name, in the order met."""
from __future__ import annotations

from . import FEATURE, FEATURE_TYPE, SEAT, SIDES, TRACK

KEY = "tiles.features"
ABOUT = ("the features, declared: a feature a type names must then be one of them (without it, the "
         "features are those the types name)")
# a feature's name: the argument of the seat functions of track tiles, of the feature functions of sides
LISTED = {(SEAT, TRACK): ("features", FEATURE_TYPE, "{i}"), (FEATURE, SIDES): ("features", FEATURE_TYPE, "{i}")}


def check(ch) -> tuple[list[str], list[str] | None]:
    """(the features so far, the declared list or None)."""
    declared = (ch.src.data.get("tiles") or {}).get("features")
    if declared is not None:
        for j, f in enumerate(declared):
            if f in declared[:j]:
                ch.error(("tiles", "features", j), f"feature '{f}' is listed twice")
    return list(dict.fromkeys(declared or [])), declared
