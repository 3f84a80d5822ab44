"""A track tile type's `connects` (side pairs its track joins at rotation 0) and `feature`."""
from __future__ import annotations

from ....lang.expr import suggest
from ..routes import parse_pair
from . import SEAT, TRACK

KEY = "tiles.types.T.connects, tiles.types.T.feature"
ABOUT = ("the pairs of sides a type's track joins unturned (`S-E`), and the one feature "
         "of the whole tile (a station)")


def check(ch, name: str, td: dict, features: list[str], declared: list[str] | None):
    """(the side pairs, the feature or None) of type `name`; a new feature joins `features`."""
    tpath = ("tiles", "types", name)
    pairs, seen = [], {}
    for j, text in enumerate(td.get("connects") or []):
        a, b = parse_pair(text)
        if a == b:
            ch.error(tpath + ("connects", j), f"'{text}' joins side {text[0]} to itself")
            continue
        key = frozenset((a, b))
        if key in seen:
            ch.error(tpath + ("connects", j), f"'{text}' repeats the connection {seen[key]} of {name}")
            continue
        seen[key] = text
        pairs.append((a, b))
    feat = td.get("feature")
    if feat is not None:
        if declared is not None and feat not in declared:
            ch.error(tpath + ("feature",), f"feature '{feat}' is not in tiles.features{suggest(feat, declared)}")
        elif feat not in features:
            features.append(feat)
        from ..vocabulary import reserved
        if feat in reserved(TRACK, SEAT):
            ch.error(tpath + ("feature",), f"'{feat}' is a word of the rules language; name the feature otherwise")
    return pairs, feat
