"""The tile kind's checks: a game file's tile words read into typed TileRules.

Everything here is located: a bad word is a finding at its key or token. The checker never sees
the compiled game: their `compile` (kind.py) gives a TileGame (game.py).
"""
from __future__ import annotations

from ...structs import struct, field
from ...lang import dsl
from ...source.check import Checker
from ...lang.expr import INT
from .vocabulary import vocabulary, walk
from .words import SEAT, TRACK, claim as claims, elsewhere, evaluate, feature_names, hands, phases, routes, \
    scoring, seats, segments, start, supply, take_back, tile_feature
from .words.phases import TilePhase
from .kind import Rules

# ---------------------------------------------------------------- checked rules
@struct
class TileType:
    name: str
    count: int
    pairs: list[tuple[int, int]]
    feature: str | None


@struct
class TileRules(Rules):
    """A checked tile game: what compile needs, with every rules-language string typed."""
    RULE_SET = TRACK
    types: list[TileType]
    features: list[str]
    start: tuple[str, int, int, int]          # type, x, y, quarter turns
    supply: dsl.Node | int
    claim: list[str]
    take_back: bool
    stop: str | None
    phases: list[TilePhase]
    scoring: list[tuple[str, dsl.Node]]
    evaluate: dsl.Node | None
    places: dict = field(default_factory=dict)   # "scoring.X" / "until" ... -> "file:line"


# ---------------------------------------------------------------- check
# the sections of grid boards, refused here (words/elsewhere.py)
_SENTENCE = "'{key}': {what} belong to grid boards, not to an open board"


def check_rules(ch: Checker) -> TileRules | None:
    """The track tile words of a checked file (words/: each its module) into TileRules."""
    spec = ch.src.data
    elsewhere.check(ch, elsewhere.GRID, _SENTENCE)
    if "cells" in spec["board"]:
        ch.error(("board", "cells"), "'cells' belongs to grid boards, not to an open board", key=True)
    players, cmin, cdef, cmax = seats.check(ch, "a forward direction belongs to grid boards, not to an open board")

    tiles = spec.get("tiles")
    if not tiles:
        ch.error(("board", "open"), "an open board needs a 'tiles' section (tiles.types)", key=True)
        return None
    features, declared = feature_names.check(ch)
    if "sides" not in tiles:
        ch.error(("tiles",), "track tiles need tiles.sides: a kind of side with the track and a blank one, "
                             "such as {T: [track], B: []}", key=True)
        return None
    # the side kinds' feature (the track) is no feature of the tile: it takes no counter, no score
    kinds, _ = segments.side_kinds(ch, [], False)
    if not segments.track_kinds(ch, kinds):
        return None
    types: list[TileType] = []
    for name, td in tiles["types"].items():
        if "paths" in td or "points" in tiles:
            ch.error(("tiles", "types", name, "paths") if "paths" in td else ("tiles", "points"),
                     "path points belong to games of stones on path tiles (stones:); tiles here join sides", key=True)
        shape = segments.check(ch, name, td, kinds, [], [], False, share=True)
        whole = shape is not None and len(shape.segments) == len(td["segments"])
        pairs = segments.track(ch, name, td, shape) if whole else []
        feat = tile_feature.check(ch, name, td, features, declared)
        types.append(TileType(name, td["count"], pairs, feat))

    if "start" not in spec["board"]["open"]:        # bounds: a board for stones on path tiles
        ch.error(("board", "open"), "a bounded board is for stones on path tiles (stones:); "
                                    "a board that grows needs board.open.start", key=True)
        return None
    hands.refuse(ch)
    start_tile = start.check(ch, [t.name for t in types])
    claim = claims.check(ch, features)
    supply_ = supply.check(ch, TRACK)
    take_back_ = take_back.check(ch, claim)

    stop = routes.check(ch, features)

    vocab = vocabulary(TRACK, SEAT, spec, {"features": features})
    typed_nodes: list[tuple[tuple, dsl.Node]] = []

    def typed(path, expect, what):
        node = ch.typed(path, vocab, expect, what=what)
        if node is not None:
            typed_nodes.append((path, node))
        return node

    phase_list = phases.track(ch, typed, features, claim)

    scoring_ = scoring.check(ch, lambda path, what: typed(path, (INT,), what),
                             "an open board game needs 'scoring': named parts per player; the highest total wins")
    evaluate_ = evaluate.check(ch, lambda path, what: typed(path, (INT,), what))
    if "routes" not in spec:
        for path, node in typed_nodes:
            for n in walk(node):
                if isinstance(n, dsl.Call) and n.func in routes.LINE_FUNCTIONS:
                    ch.findings.append(ch.src.finding(path, f"{n.func}() follows lines between stops: "
                                                            "it needs routes.stop", inner=(n.line, n.column)))
    places = {}
    for path, _node in typed_nodes:
        p = ch.src.place(path)
        places[".".join(map(str, path))] = f"{ch.src.file}:{p.line}"
    return TileRules(spec, ch.src.file, players, cmin, cmax, cdef, types, features, start_tile, supply_,
                     claim, take_back_, stop, phase_list, scoring_, evaluate_, places)
