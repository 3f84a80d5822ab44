"""The tile kind's checks: a game file's tile words read into typed TileRules.

Everything here is located: a bad word is a finding at its key or token. The checker never sees
the compiled game: kind.py gives these rules their `compile` (into a TileGame, game.py).
"""
from __future__ import annotations

from ...structs import struct, field
from ...lang import dsl
from ...source.check import Checker
from ...lang.expr import BOOL, INT
from .vocabulary import LINE_FUNCS, vocabulary, walk
from .words import claim as claims, connects, elsewhere, evaluate, feature_names, scoring, seats, \
    start, supply, take_back
from .words.seats import SeatRange

_GRID_PHASE_KEYS = ("turns", "move", "let", "landing")


# ---------------------------------------------------------------- checked rules
@struct
class TileType:
    name: str
    count: int
    pairs: list[tuple[int, int]]
    feature: str | None


@struct
class TilePhase:
    name: str
    kind: str                       # "build" | "sell"
    start: str                      # "first" | "after_last"
    until: dsl.Node | None
    sell: dict | None               # {"from": feature, "to": feature, "toll": int}
    path: tuple


@struct
class TileRules(SeatRange):
    """A checked tile game: what compile needs, with every rules-language string typed."""
    spec: dict
    src_file: str
    players: list[str]
    count_min: int
    count_max: int
    count_default: int
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
    types: list[TileType] = []
    for name, td in tiles["types"].items():
        if "paths" in td or "points" in tiles:
            ch.error(("tiles", "types", name, "paths") if "paths" in td else ("tiles", "points"),
                     "path points belong to games of stones on path tiles (stones:); tiles here join sides", key=True)
        pairs, feat = connects.check(ch, name, td, features, declared)
        types.append(TileType(name, td["count"], pairs, feat))

    def known_feature(path, f, what):
        return claims.known(ch, path, f, features, what)

    if "start" not in spec["board"]["open"]:        # bounds: a board for stones on path tiles
        ch.error(("board", "open"), "a bounded board is for stones on path tiles (stones:); "
                                    "a board that grows needs board.open.start", key=True)
        return None
    for key, what in (("hands", "hands"), ("bounds", "a bounded board")):
        if key in spec or key in spec["board"]["open"]:
            ch.error((key,) if key in spec else ("board", "open", key),
                     f"'{key}': {what} belong to games of stones on path tiles (stones:)", key=True)
    start_tile = start.check(ch, [t.name for t in types])
    claim = claims.check(ch, features)
    supply_ = supply.check(ch)
    take_back_ = take_back.check(ch, claim)

    stop = None
    if "routes" in spec:
        if known_feature(("routes", "stop"), spec["routes"]["stop"], "routes.stop"):
            stop = spec["routes"]["stop"]

    vocab = vocabulary(spec, features)
    typed_nodes: list[tuple[tuple, dsl.Node]] = []

    def typed(path, expect, what):
        node = ch.typed(path, vocab, expect, what=what)
        if node is not None:
            typed_nodes.append((path, node))
        return node

    phases: list[TilePhase] = []
    for i, ph in enumerate(spec["phases"]):
        path = ("phases", i)
        for k in _GRID_PHASE_KEYS:
            if k in ph:
                ch.error(path + (k,), f"'{k}' belongs to grid phases, not to an open board", key=True)
        builds = "draw" in ph or "place" in ph
        if builds and not ("draw" in ph and "place" in ph):
            ch.error(path, f"phase '{ph['name']}' builds: it needs both draw: tiles and place: adjacent", key=True)
        if builds and "sell" in ph:
            ch.error(path + ("sell",), f"phase '{ph['name']}' both builds and sells: make them two phases", key=True)
        kind = "build" if builds else "sell" if "sell" in ph else None
        if kind is None:
            ch.error(path, f"phase '{ph['name']}' does nothing: a phase of an open board builds "
                           "(draw: tiles, place: adjacent) or sells (sell: ...)", key=True)
            continue
        if i == 0 and kind != "build":
            ch.error(path, "the first phase of an open board builds it (draw: tiles, place: adjacent)", key=True)
        if i > 0 and kind == "build":
            ch.error(path, "only the first phase builds: the board is built once", key=True)
        if kind == "sell" and any(p.kind == "sell" for p in phases):
            ch.error(path, "an open board has at most one sell phase", key=True)
        start_rule = ph.get("start", "first" if i == 0 else "after_last")
        if i == 0 and start_rule == "after_last":
            ch.error(path + ("start",), "the first phase has no last player to follow: start: first")
        sell = None
        if kind == "sell":
            s = ph["sell"]
            spath_ = path + ("sell",)
            ok = known_feature(spath_ + ("from",), s["from"], "sell.from") & \
                known_feature(spath_ + ("to",), s["to"], "sell.to")
            if ok:
                if s["from"] == s["to"]:
                    ch.error(spath_ + ("to",), "a sale carries a counter to another feature than it comes from")
                if s["from"] not in claim:
                    ch.error(spath_ + ("from",), f"'{s['from']}' tiles never hold a counter to sell: "
                                                 "add it to counters.claim")
                if s["to"] in claim:
                    ch.error(spath_ + ("to",), f"'{s['to']}' tiles receive counters by sales: they cannot also "
                                               "be claimed (counters.claim)")
            if "routes" not in spec:
                ch.error(spath_, "selling carries counters along routes: it needs routes.stop", key=True)
            sell = {"from": s["from"], "to": s["to"], "toll": s.get("toll", 0)}
        until = typed(path + ("until",), (BOOL,), f"phase {ph['name']}'s until") if "until" in ph else None
        phases.append(TilePhase(ph["name"], kind, start_rule, until, sell, path))

    scoring_ = scoring.check(ch, lambda path, what: typed(path, (INT,), what),
                             "an open board game needs 'scoring': named parts per player; the highest total wins")
    evaluate_ = evaluate.check(ch, lambda path, what: typed(path, (INT,), what))
    if "routes" not in spec:
        for path, node in typed_nodes:
            for n in walk(node):
                if isinstance(n, dsl.Call) and n.func in LINE_FUNCS:
                    ch.findings.append(ch.src.finding(path, f"{n.func}() follows lines between stops: "
                                                            "it needs routes.stop", inner=(n.line, n.column)))
    places = {}
    for path, _node in typed_nodes:
        p = ch.src.place(path)
        places[".".join(map(str, path))] = f"{ch.src.file}:{p.line}"
    return TileRules(spec, ch.src.file, players, cmin, cmax, cdef, types, features, start_tile, supply_,
                     claim, take_back_, stop, phases, scoring_, evaluate_, places)
