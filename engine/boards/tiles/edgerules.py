"""The checks of tile games whose sides are of several kinds (`tiles.sides`): the file's words
read into typed EdgeRules, every finding located; never imports the compiled game (edgekind.py
gives them their compile, an EdgeGame of edgegame.py).

The words: tiles.sides (side kinds: the features along a side), tiles.marks, each type's
`sides` (four letters) and `segments` (edges.py); counters (supply, claim: the features a
counter may go on after laying); one phase that builds (draw: tiles, place: adjacent,
unplaceable: discard); scoring parts of the form {feature, complete, end} (feature expressions,
featurewords.py) and evaluate (seat expressions).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...api import RulebookError
from ...lang import dsl
from ...lang.expr import INT, suggest
from ...structs import field, struct
from .edges import Shape, point_name, read_segment, side_points
from .featurewords import feature_vocabulary, seat_vocabulary
from .vocabulary import supply_vocabulary
from .seats import SeatRange, check_seats

if TYPE_CHECKING:
    from ...source.check import Checker

_GRID_ONLY = {"zones": "zones", "directions": "direction sets", "pieces": "pieces", "end": "end conditions",
              "notation": "notation marks", "position": "position rules (set positions)", "routes": "routes"}


@struct
class EdgePart:
    name: str
    feature: str
    complete: dsl.Node | None
    end: dsl.Node | None


@struct
class EdgeRules(SeatRange):
    """A checked game of tiles with sides of several kinds: what compile needs."""
    spec: dict
    src_file: str
    players: list[str]
    count_min: int
    count_max: int
    count_default: int
    side_kinds: dict                        # kind letter -> its features, clockwise
    marks: list[str]
    features: list[str]
    type_names: list[str]
    counts: list[int]
    shapes: list[Shape]
    start: tuple[str, int, int, int]        # type, x, y, quarter turns
    supply: Any                             # an int or a node
    claim: list[str]
    parts: list[EdgePart]
    evaluate: dsl.Node | None
    places: dict = field(default_factory=dict)



def check_edge_rules(ch: Checker) -> EdgeRules | None:
    spec = ch.src.data
    for key, what in _GRID_ONLY.items():
        if key in spec:
            ch.error((key,), f"'{key}': {what} are not words of tiles with sides of several kinds", key=True)
    players, cmin, cdef, cmax = check_seats(ch)

    tiles = spec["tiles"]
    kinds = tiles["sides"]
    features = list(dict.fromkeys(tiles.get("features") or []))
    declared = "features" in tiles
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

    names, counts, shapes = [], [], []
    for name, td in tiles["types"].items():
        tpath = ("tiles", "types", name)
        for k in ("connects", "feature"):
            if k in td:
                ch.error(tpath + (k,), f"'{k}' is a word of track tiles; with tiles.sides a tile has sides "
                                       "and segments", key=True)
        names.append(name)                  # (a finding below stops the check before compile)
        counts.append(td["count"])
        sides = td.get("sides")
        if sides is None or "segments" not in td:
            ch.error(tpath, f"tile type {name} needs sides (four letters of tiles.sides) and segments", key=True)
            continue
        bad = [c for c in sides if c not in kinds]
        if bad:
            ch.error(tpath + ("sides",), f"'{bad[0]}' is not a side kind (tiles.sides: {', '.join(kinds)})")
            continue
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
                if p in owner:
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
        shapes.append(Shape(tuple(sides), tuple(segs)))

    start = spec["board"]["open"]["start"]
    sname = start["tile"]
    if sname not in names:
        ch.error(("board", "open", "start", "tile"), f"the start tile '{sname}' is not a tile type{suggest(sname, names)}")
    elif tiles["types"][sname]["count"] < 1:
        ch.error(("board", "open", "start", "tile"), f"the start tile is taken from the {sname} pieces, "
                                                    "but their count is 0")
    at = start.get("at", [0, 0])
    rot = start.get("rotation", 0)

    counters = spec.get("counters") or {}
    supply: Any = 0
    if "supply" in counters:
        s = counters["supply"]
        if isinstance(s, bool):
            ch.error(("counters", "supply"), "counters.supply must be a number or an expression")
        elif isinstance(s, int):
            supply = s
        else:
            node = ch.typed(("counters", "supply"), supply_vocabulary(spec), (INT,), what="counters.supply")
            supply = node if node is not None else 0
    claim = []
    for j, f in enumerate(counters.get("claim") or []):
        if f not in features:
            ch.error(("counters", "claim", j), f"counters.claim: unknown feature '{f}'{suggest(f, features)}")
        else:
            claim.append(f)
    if counters.get("take_back"):
        ch.error(("counters", "take_back"), "take_back is a word of track tiles: here a counter comes back "
                                            "when its feature scores")

    phases = spec["phases"]
    if len(phases) != 1:
        ch.error(("phases",), "tiles with sides of several kinds are played in one phase that builds")
    ph = phases[0]
    for k in ph:
        if k not in ("name", "draw", "place", "unplaceable"):
            ch.error(("phases", 0, k), f"'{k}' is not a word of this phase (draw, place, unplaceable)", key=True)
    if ph.get("draw") != "tiles" or ph.get("place") != "adjacent" or ph.get("unplaceable") != "discard":
        ch.error(("phases", 0), "the phase builds: draw: tiles, place: adjacent, unplaceable: discard", key=True)

    places: dict = {}

    def typed(path, vocab, expect, what):
        node = ch.typed(path, vocab, expect, what=what)
        if node is not None:
            p = ch.src.place(path)
            places[".".join(map(str, path))] = f"{ch.src.file}:{p.line}"
        return node

    fvocab = feature_vocabulary(spec, features, marks)
    parts = []
    if "scoring" not in spec:
        ch.error((), "a tile game needs 'scoring': named parts; the highest total wins", key=True)
    for pname, pd in (spec.get("scoring") or {}).items():
        path = ("scoring", pname)
        if not isinstance(pd, dict):
            ch.error(path, f"scoring part {pname}: with tiles.sides a part is {{feature, complete, end}}: what "
                           "a feature scores when completed and at the end")
            continue
        if pd["feature"] not in features:
            ch.error(path + ("feature",), f"unknown feature '{pd['feature']}'{suggest(pd['feature'], features)}")
            continue
        if any(p.feature == pd["feature"] for p in parts):
            ch.error(path + ("feature",), f"feature '{pd['feature']}' is scored by two parts")
        got = {k: (_number(pd[k]) if isinstance(pd[k], int) else
                   typed(path + (k,), fvocab, (INT,), f"scoring part {pname}'s {k}")) if k in pd else None
               for k in ("complete", "end")}
        parts.append(EdgePart(pname, pd["feature"], got["complete"], got["end"]))
    evaluate = typed(("evaluate",), seat_vocabulary(spec), (INT,), "evaluate") if "evaluate" in spec else None
    return EdgeRules(spec, ch.src.file, players, cmin, cmax, cdef, dict(kinds), marks, features, names, counts,
                     shapes, (sname, at[0], at[1], rot // 90), supply, claim, parts, evaluate, places)


def _number(value: int) -> dsl.Node:
    """A whole number written as such (`complete: 9`), as the expression it stands for."""
    node = dsl.parse(str(value), "expr")
    node.type, node.level = INT, 0
    return node
