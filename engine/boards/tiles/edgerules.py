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

from ...lang import dsl
from ...lang.expr import INT, suggest
from ...structs import field, struct
from .edges import Shape
from .featurewords import feature_vocabulary, seat_vocabulary
from .words import claim, elsewhere, evaluate, feature_names, seats, segments, start, supply, take_back
from .words.seats import SeatRange

if TYPE_CHECKING:
    from ...source.check import Checker


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


# the sections this rule set does not take (words/elsewhere.py)
_SENTENCE = "'{key}': {what} are not words of tiles with sides of several kinds"


def check_edge_rules(ch: Checker) -> EdgeRules | None:
    """The words of tiles with sides of several kinds (words/: each its module) into EdgeRules."""
    spec = ch.src.data
    elsewhere.check(ch, elsewhere.GRID + ("routes",), _SENTENCE)
    players, cmin, cdef, cmax = seats.check(ch)

    tiles = spec["tiles"]
    features, declared = feature_names.check(ch)
    kinds, marks = segments.side_kinds(ch, features, declared is not None)
    names, counts, shapes = [], [], []
    for name, td in tiles["types"].items():
        for k in ("connects", "feature"):
            if k in td:
                ch.error(("tiles", "types", name, k), f"'{k}' is a word of track tiles; with tiles.sides a tile "
                                                      "has sides and segments", key=True)
        names.append(name)                  # (a finding below stops the check before compile)
        counts.append(td["count"])
        shape = segments.check(ch, name, td, kinds, marks, features, declared is not None)
        if shape is not None:
            shapes.append(shape)

    start_tile = start.check(ch, names)
    supply_ = supply.check(ch)
    claim_ = claim.check(ch, features)
    take_back.refuse(ch)

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
    evaluate_ = evaluate.check(ch, lambda path, what: typed(path, seat_vocabulary(spec), (INT,), what))
    return EdgeRules(spec, ch.src.file, players, cmin, cmax, cdef, kinds, marks, features, names, counts,
                     shapes, start_tile, supply_, claim_, parts, evaluate_, places)


def _number(value: int) -> dsl.Node:
    """A whole number written as such (`complete: 9`), as the expression it stands for."""
    node = dsl.parse(str(value), "expr")
    node.type, node.level = INT, 0
    return node
