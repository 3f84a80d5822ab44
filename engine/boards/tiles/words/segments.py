"""tiles.sides, tiles.marks and a type's `sides` and `segments`: read alike for sides of several kinds
and for track tiles, whose side kinds are the track (one point, the side's middle) and blank (no
point), and whose segments are pieces of track, each joining two sides; pieces may share a side
(a bypass runs S to N and S to E), and a counter never goes on one (`track` reads them as pairs)."""
from __future__ import annotations

from ....lang.expr import INT, suggest
from . import FEATURE
from ..edges import Shape, point_name, read_segment, side_points

KEY = "tiles.sides, tiles.marks, tiles.types.T.sides, tiles.types.T.segments"
ABOUT = ("each side kind's features along it (none: a blank side), the marks, and a type's four side "
         "kinds (N E S W unturned) and its segments (a feature, the points it joins, its marks); track: "
         "a kind with the track and a blank one, each segment a piece of track joining two sides (`track S E`), "
         "two pieces may share a side, no marks")
LISTED = {FEATURE: ("marks", INT, "F.marks[{i}]")}        # how many of a mark a feature carries


def side_kinds(ch, features: list[str], declared: bool) -> tuple[dict, list[str]]:
    """(the side kinds, the marks); a feature a side kind names joins `features`."""
    tiles = ch.src.data["tiles"]
    kinds = tiles["sides"]
    for kname, feats in kinds.items():
        if len(kname) != 1:
            ch.error(("tiles", "sides", kname), f"side kind '{kname}': name a side kind by one letter "
                                                "(a type's sides are four of them)", key=True)
        for j, f in enumerate(feats):
            if f not in features:
                if declared:
                    ch.error(("tiles", "sides", kname, j), f"feature '{f}' is not in tiles.features"
                                                           f"{suggest(f, features)}")
                features.append(f)
    marks = list(tiles.get("marks") or [])
    for j, m in enumerate(marks):
        if m in features or m in marks[:j]:
            ch.error(("tiles", "marks", j), f"mark '{m}' is also a feature or listed twice")
    return dict(kinds), marks


def check(ch, name: str, td: dict, kinds: dict, marks: list[str], features: list[str], declared: bool,
          share: bool = False):
    """The Shape of type `name`, or None where its sides or segments are missing or bad; with
    `share`, two segments may take the same point (track)."""
    tpath = ("tiles", "types", name)
    sides = td.get("sides")
    if sides is None or "segments" not in td:
        ch.error(tpath, f"tile type {name} needs sides (four letters of tiles.sides) and segments", key=True)
        return None
    bad = [c for c in sides if c not in kinds]
    if bad:
        ch.error(tpath + ("sides",), f"'{bad[0]}' is not a side kind (tiles.sides: {', '.join(kinds)})")
        return None
    segs, owner = [], {}
    for j, text in enumerate(td["segments"]):
        sg, why = read_segment(text, kinds, sides, marks)
        if sg is None:
            ch.error(tpath + ("segments", j), f"segment '{text}': {why}")
            continue
        if sg.feature not in features:
            if declared:
                ch.error(tpath + ("segments", j), f"feature '{sg.feature}' is not in tiles.features"
                                                  f"{suggest(sg.feature, features)}")
                continue
            features.append(sg.feature)
        if not sg.points and any(not o.points and o.feature == sg.feature for o in segs):
            ch.error(tpath + ("segments", j), f"two {sg.feature} segments in the middle of one tile: "
                                              "their names would be the same")
            continue
        for p in sg.points:
            if p in owner and not share:
                ch.error(tpath + ("segments", j), f"segment '{text}' takes a point of segment "
                                                  f"'{td['segments'][owner[p]]}'")
            owner.setdefault(p, j)
        segs.append(sg)
    missing = sorted(set(side_points(kinds, sides)) - set(owner))
    if missing and len(segs) == len(td["segments"]):
        ch.error(tpath + ("segments",), f"tile type {name}: no segment takes point "
                                        f"{', '.join(point_name(p) for p in missing)}")
    if len(segs) > 16:
        ch.error(tpath + ("segments",), f"tile type {name} has more than 16 segments")
    return Shape(tuple(sides), tuple(segs))


def track_kinds(ch, kinds: dict) -> bool:
    """Whether track tiles' side kinds are good: at most one with a point (the track, at the side's
    middle) and one without (blank), for their sides meet as track meets track and blank meets blank."""
    tiles, before = ch.src.data["tiles"], len(ch.findings)
    for kname, feats in kinds.items():
        if len(feats) > 1:
            ch.error(("tiles", "sides", kname), f"side kind '{kname}': track runs between the middles of sides, "
                                                "so a side of track tiles has one point (the track) or none (blank) "
                                                "(a type's feature, routes or a sell phase make a file one of track "
                                                "tiles)")
    for size, what in ((1, "carry track"), (0, "are blank")):
        same = [k for k, feats in kinds.items() if len(feats) == size]
        if len(same) > 1:
            ch.error(("tiles", "sides", same[1]), f"side kinds {same[0]} and {same[1]} both {what}: track "
                                                  "tiles have one kind of side with the track and one blank")
    if "marks" in tiles:
        ch.error(("tiles", "marks"), "marks belong to tiles with sides of several kinds; a track tile carries "
                                     "its feature (tiles.types.T.feature)", key=True)
    return len(ch.findings) == before


def track(ch, name: str, td: dict, shape: Shape) -> list[tuple[int, int]]:
    """The pairs of sides (0..3 = N E S W) that the track segments of type `name` join unturned."""
    path = ("tiles", "types", name, "segments")
    pairs, seen = [], {}
    for j, (text, sg) in enumerate(zip(td["segments"], shape.segments)):
        if len(sg.points) != 2:
            ch.error(path + (j,), f"segment '{text}': a piece of track joins two sides (such as N S)")
            continue
        key = frozenset(sg.points)
        if key in seen:
            ch.error(path + (j,), f"segment '{text}' repeats segment '{seen[key]}' of {name}")
            continue
        seen[key] = text
        pairs.append((sg.points[0] // 3, sg.points[1] // 3))
    return pairs
