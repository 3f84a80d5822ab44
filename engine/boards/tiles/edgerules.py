"""The checks of tile games whose sides are of several kinds (`tiles.sides`): the file's words
read into typed EdgeRules, every finding located; never imports the compiled game (their compile,
kind.py, gives an EdgeGame of edgegame.py).

The words: tiles.sides (side kinds: the features along a side), tiles.marks, each type's
`sides` (four letters) and `segments` (edges.py); counters (supply, claim: the features a
counter may go on after laying); one phase that builds (draw: tiles, place: adjacent,
unplaceable: discard); scoring parts of the form {feature, complete, end} (feature expressions,
vocabulary.py) and evaluate (seat expressions).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...lang import dsl
from ...lang.expr import INT
from ...structs import field, struct
from .edges import Shape
from .kind import Rules
from .vocabulary import vocabulary
from .words import FEATURE, SEAT, SIDES, claim, elsewhere, evaluate, feature_names, parts, phases, seats, segments, \
    start, supply, take_back
from .words.parts import EdgePart

if TYPE_CHECKING:
    from ...source.check import Checker


@struct
class EdgeRules(Rules):
    """A checked game of tiles with sides of several kinds: what compile needs."""
    RULE_SET = SIDES
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
        names.append(name)                  # (a finding below stops the check before compile)
        counts.append(td["count"])
        shape = segments.check(ch, name, td, kinds, marks, features, declared is not None)
        if shape is not None:
            shapes.append(shape)

    start_tile = start.check(ch, names)
    supply_ = supply.check(ch, SIDES)
    claim_ = claim.check(ch, features)
    take_back.refuse(ch)

    phases.sides(ch)

    places: dict = {}

    def typed(path, vocab, expect, what):
        node = ch.typed(path, vocab, expect, what=what)
        if node is not None:
            p = ch.src.place(path)
            places[".".join(map(str, path))] = f"{ch.src.file}:{p.line}"
        return node

    fvocab = vocabulary(SIDES, FEATURE, spec, {"features": features, "marks": marks})
    parts_ = parts.check(ch, lambda path, what: typed(path, fvocab, (INT,), what), features)
    evaluate_ = evaluate.check(ch, lambda path, what: typed(path, vocabulary(SIDES, SEAT, spec), (INT,), what))
    return EdgeRules(spec, ch.src.file, players, cmin, cmax, cdef, kinds, marks, features, names, counts,
                     shapes, start_tile, supply_, claim_, parts_, evaluate_, places)
