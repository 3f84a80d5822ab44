"""tiles.points and a path tile type's `paths` (stones on path tiles): every point on one path."""
from __future__ import annotations

from ..paths import parse_points

KEY = "tiles.points, tiles.types.T.paths"
ABOUT = ("the points per side, and the pairs of points a type's paths join "
         "unturned (`0-1`), every point on one path")


def points(ch) -> int | None:
    """The points per side, or None where tiles.points is missing."""
    tiles = ch.src.data.get("tiles")
    if not tiles or "points" not in tiles:
        ch.error(("tiles",) if tiles else ("board", "open"),
                 "stones follow paths between points on the tiles' sides: tiles.points (points per side)", key=True)
        return None
    return tiles["points"]


def check(ch, name: str, td: dict, per: int) -> list[tuple[int, int]] | None:
    """The point pairs of type `name` at rotation 0, or None where it names no paths."""
    tpath = ("tiles", "types", name)
    npts = 4 * per
    if "paths" not in td:
        ch.error(tpath, f"tile {name} needs its paths: pairs of points 0..{npts - 1} such as 0-1", key=True)
        return None
    pairs, seen, ok = [], {}, True
    for j, text in enumerate(td["paths"]):
        a, b = parse_points(text)
        bad = [x for x in (a, b) if x >= npts]
        if bad:
            ch.error(tpath + ("paths", j), f"'{text}': a tile has points 0..{npts - 1} ({per} a side)")
            ok = False
            continue
        if a == b:
            ch.error(tpath + ("paths", j), f"'{text}' joins point {a} to itself")
            ok = False
            continue
        again = [x for x in (a, b) if x in seen]
        if again:
            ch.error(tpath + ("paths", j), f"'{text}': point {again[0]} is already on path {seen[again[0]]}")
            ok = False
            continue
        seen[a] = seen[b] = text
        pairs.append((a, b))
    if ok and len(seen) != npts:
        missing = sorted(set(range(npts)) - set(seen))
        ch.error(tpath + ("paths",), f"tile {name} leaves point{'s' if len(missing) > 1 else ''} "
                                     f"{', '.join(map(str, missing))} on no path: every point is on one")
    return pairs
