"""A track tile type's `feature`: the one feature of the whole tile (it does not turn with it)."""
from __future__ import annotations

from ....lang.expr import suggest
from . import SEAT, TRACK

KEY = "tiles.types.T.feature"
ABOUT = "the one feature of the whole tile (a station), which a counter may claim"


def check(ch, name: str, td: dict, features: list[str], declared: list[str] | None) -> str | None:
    """The feature of type `name`, or None; a new feature joins `features`."""
    feat = td.get("feature")
    if feat is not None:
        path = ("tiles", "types", name, "feature")
        if declared is not None and feat not in declared:
            ch.error(path, f"feature '{feat}' is not in tiles.features{suggest(feat, declared)}")
        elif feat not in features:
            features.append(feat)
        from ..vocabulary import reserved
        if feat in reserved(TRACK, SEAT):
            ch.error(path, f"'{feat}' is a word of the rules language; name the feature otherwise")
    return feat
