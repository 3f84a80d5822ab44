"""Open tile boards: a board that grows from a start tile, tiles drawn from a bag and laid with
their track matching, counters claimed on features, then counters delivered along routes.

`check_tiles` reads the game file's tile words into typed rules (TileRules); `TileRules.compile`
turns them into a TileGame for some option values and seat count: tile tables (rotations, side
masks, fitting rotations per side constraint) built once, and the rules-language strings
(`until`, `scoring`, `evaluate`, `counters.supply`) compiled into Python functions. The route
searches are engine/routes.py.

The words, all named by the game file (the engine names no feature):
  tiles.types        count, connects (side pairs at rotation 0), feature
  board.open.start   the start tile, taken from its type's count
  counters           supply (expr), claim (features that take a counter when placed), take_back
  routes.stop        the feature where paths stop
  phases             a build phase (draw: tiles, place: adjacent), then optionally a sell phase
                     (sell: {from, to, toll}, start, until)
  scoring            named parts per player, evaluate

A position is a TileState (immutable by convention, hashable, with cached hash):
  tiles     {cell: (type, rotation, holder)}; holder a seat, EMPTY (no counter) or VOID (counter
            taken back: the tile's feature counts for nobody)
  frontier  {empty cell next to a tile: cell << shift | side constraint}; keys counts cells per key
  census    counters per (feature, holder): index f * (seats + 2) + holder + 2
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from . import dsl
from .api import CHANCE, IllegalMove, Outcome, RulebookError, parse_by_notation
from .check import Checker, option_symbols
from .expr import BOOL, INT, Emitter, Function, Symbol, Vocabulary, _suggest
from .routes import EMPTY, OPP, SIDE_NAMES, VOID, Frontier, Network, Plane, Reach, TrackSet, parse_pair

FEATURE = "feature"
DRAW, PLACE, SELL, OVER = range(4)
PASS = ("pass",)

_LINE_FUNCS = ("counters_on_line", "counters_between_own", "counters_between_same")
_NAMES = ("tolls", "passes", "players", "ply", "supply")
_RESERVED = set(_NAMES) | {"option", "me", "counters", "free"} | set(_LINE_FUNCS)
_GRID_ONLY = {"zones": "zones", "directions": "direction sets", "pieces": "pieces", "end": "end conditions"}
_GRID_PHASE_KEYS = ("turns", "move", "let", "landing")


# ---------------------------------------------------------------- checked rules
@dataclass
class TileType:
    name: str
    count: int
    pairs: list[tuple[int, int]]
    feature: str | None


@dataclass
class TilePhase:
    name: str
    kind: str                       # "build" | "sell"
    start: str                      # "first" | "after_last"
    until: dsl.Node | None
    sell: dict | None               # {"from": feature, "to": feature, "toll": int}
    path: tuple


@dataclass
class TileRules:
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

    def compile(self, options: dict[str, Any], seats: int | None = None, instrument: bool = False) -> "TileGame":
        if seats is None:
            seats = self.count_default
        if not isinstance(seats, int) or not self.count_min <= seats <= self.count_max:
            span = (f"exactly {self.count_min}" if self.count_min == self.count_max
                    else f"{self.count_min} to {self.count_max}")
            raise RulebookError(f"{self.spec['game']} is played by {span} players, not {seats}")
        return TileGame(self, options, seats, instrument)


# ---------------------------------------------------------------- the rules language for tile games
class _Emit:
    """Code templates of the tile functions; W (the census row width) is known at compile."""

    def __init__(self, width: int | None):
        self.w = width if width is not None else "W"

    def counters(self, a, t):
        return f"st.census[{self.w} * {a[0]} + 2 + me]"

    def free(self, a, t):
        return f"(st.census[{self.w} * {a[0]}] + st.census[{self.w} * {a[0]} + 1])"

    def line(self, kind):
        return lambda a, t: f"LN(st).{kind}({a[0]})[me]"


def _vocabulary(spec: dict, features: list[str], seats: int | None = None, option_values=None) -> Vocabulary:
    names = {
        "tolls": Symbol(INT, "st.tolls[me]"),
        "passes": Symbol(INT, "st.passes"),
        "players": Symbol(INT, repr(seats) if seats is not None else "NSEATS"),
        "ply": Symbol(INT, "st.ply"),
        "supply": Symbol(INT, "st.supply[me]"),
    }
    for i, f in enumerate(features):
        names[f] = Symbol(FEATURE, repr(i))
    names.update(option_symbols(spec, option_values))
    e = _Emit(seats + 2 if seats is not None else None)
    F = ((FEATURE,),)
    functions = {
        "counters": Function(F, INT, e.counters, "my counters on tiles of this feature"),
        "free": Function(F, INT, e.free, "tiles of this feature holding no counter"),
        "counters_on_line": Function(F, INT, e.line("on_line"), "my counters on such tiles lying on a line"),
        "counters_between_own": Function(F, INT, e.line("between_own"),
                                         "my counters on such tiles on a line whose end stops are both mine"),
        "counters_between_same": Function(F, INT, e.line("between_same"),
                                          "my counters on such tiles on a line whose end stops share one owner"),
    }
    return Vocabulary(names, functions)


def _supply_vocabulary(spec: dict, seats: int | None = None, option_values=None) -> Vocabulary:
    names = {"players": Symbol(INT, repr(seats) if seats is not None else "NSEATS")}
    names.update(option_symbols(spec, option_values))
    return Vocabulary(names, {})


def _walk(node):
    yield node
    for v in vars(node).values():
        if isinstance(v, dsl.Node):
            yield from _walk(v)
        elif isinstance(v, list):
            for x in v:
                if isinstance(x, dsl.Node):
                    yield from _walk(x)


# ---------------------------------------------------------------- check
def check_tiles(ch: Checker) -> TileRules | None:
    spec = ch.src.data
    for key, what in _GRID_ONLY.items():
        if key in spec:
            ch.error((key,), f"'{key}': {what} belong to grid boards, not to an open board", key=True)
    if "cells" in spec["board"]:
        ch.error(("board", "cells"), "'cells' belongs to grid boards, not to an open board", key=True)
    players = []
    for i, p in enumerate(spec["players"]):
        if isinstance(p, dict):
            players.append(p["name"])
            if "forward" in p:
                ch.error(("players", i, "forward"), "a forward direction belongs to grid boards, not to an open board",
                         key=True)
        else:
            players.append(p)
    if len(set(players)) != len(players):
        ch.error(("players",), "two players have the same name")
    pc = spec.get("player_count") or {}
    cmax = pc.get("max", len(players))
    cmin = pc.get("min", min(cmax, len(players)))
    cdef = pc.get("default", min(cmax, len(players)))
    if cmax > len(players):
        ch.error(("player_count", "max"), f"only {len(players)} players are named")
    if not cmin <= cdef <= cmax:
        ch.error(("player_count",), f"player_count needs min <= default <= max (here {cmin}, {cdef}, {cmax})")

    tiles = spec.get("tiles")
    if not tiles:
        ch.error(("board", "open"), "an open board needs a 'tiles' section (tiles.types)", key=True)
        return None
    declared = tiles.get("features")
    if declared is not None:
        for j, f in enumerate(declared):
            if f in declared[:j]:
                ch.error(("tiles", "features", j), f"feature '{f}' is listed twice")
    types: list[TileType] = []
    features: list[str] = list(dict.fromkeys(declared or []))
    for name, td in tiles["types"].items():
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
                ch.error(tpath + ("feature",), f"feature '{feat}' is not in tiles.features{_suggest(feat, declared)}")
            elif feat not in features:
                features.append(feat)
            if feat in _RESERVED:
                ch.error(tpath + ("feature",), f"'{feat}' is a word of the rules language; name the feature otherwise")
        types.append(TileType(name, td["count"], pairs, feat))
    type_names = [t.name for t in types]

    def known_feature(path, f, what):
        if f not in features:
            ch.error(path, f"{what}: unknown feature '{f}'{_suggest(f, features)} "
                           f"(features: {', '.join(features) or 'none'})")
            return False
        return True

    start = spec["board"]["open"]["start"]
    sname = start["tile"]
    spath = ("board", "open", "start")
    if sname not in type_names:
        ch.error(spath + ("tile",), f"the start tile '{sname}' is not a tile type{_suggest(sname, type_names)}")
    elif tiles["types"][sname]["count"] < 1:
        ch.error(spath + ("tile",), f"the start tile is taken from the {sname} pieces, but their count is 0")
    at = start.get("at", [0, 0])
    rot = start.get("rotation", 0)

    counters = spec.get("counters") or {}
    claim = []
    for j, f in enumerate(counters.get("claim") or []):
        if known_feature(("counters", "claim", j), f, "counters.claim"):
            if f in claim:
                ch.error(("counters", "claim", j), f"feature '{f}' is claimed twice")
            else:
                claim.append(f)
    supply: dsl.Node | int = 0
    if "supply" in counters:
        s = counters["supply"]
        if isinstance(s, bool):
            ch.error(("counters", "supply"), "counters.supply must be a number or an expression")
        elif isinstance(s, int):
            if s < 0:
                ch.error(("counters", "supply"), "counters.supply cannot be negative")
            supply = s
        else:
            node = ch.typed(("counters", "supply"), _supply_vocabulary(spec), (INT,), what="counters.supply")
            supply = node if node is not None else 0
    take_back = bool(counters.get("take_back", False))
    if take_back and not claim:
        ch.error(("counters", "take_back"), "take_back needs features to claim (counters.claim)")

    stop = None
    if "routes" in spec:
        if known_feature(("routes", "stop"), spec["routes"]["stop"], "routes.stop"):
            stop = spec["routes"]["stop"]

    vocab = _vocabulary(spec, features)
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

    scoring = []
    if "scoring" not in spec:
        ch.error((), "an open board game needs 'scoring': named parts per player; the highest total wins", key=True)
    for part in spec.get("scoring") or {}:
        node = typed(("scoring", part), (INT,), f"scoring part {part}")
        if node is not None:
            scoring.append((part, node))
    evaluate = typed(("evaluate",), (INT,), "evaluate") if "evaluate" in spec else None
    if "routes" not in spec:
        for path, node in typed_nodes:
            for n in _walk(node):
                if isinstance(n, dsl.Call) and n.func in _LINE_FUNCS:
                    ch.findings.append(ch.src.finding(path, f"{n.func}() follows lines between stops: "
                                                            "it needs routes.stop", inner=(n.line, n.column)))
    places = {}
    for path, _node in typed_nodes:
        p = ch.src.place(path)
        places[".".join(map(str, path))] = f"{ch.src.file}:{p.line}"
    return TileRules(spec, ch.src.file, players, cmin, cmax, cdef, types, features,
                     (sname, at[0], at[1], rot // 90), supply, claim, take_back, stop, phases, scoring,
                     evaluate, places)


# ---------------------------------------------------------------- positions
class TileState:
    """A position. Nothing mutates a state once apply has returned it (the `_` slots are caches)."""

    __slots__ = ("tiles", "frontier", "keys", "bag", "bagmask", "drawable", "supply", "tolls", "census",
                 "stage", "seat", "pending", "passes", "ply", "reach", "_hash", "_lines", "_parts")

    def __init__(self, tiles, frontier, keys, bag, bagmask, drawable, supply, tolls, census,
                 stage, seat, pending, passes, ply, reach):
        self.tiles = tiles          # {cell: (type, rotation, holder)}
        self.frontier = frontier    # {empty cell next to a tile: cell << shift | constraint key}
        self.keys = keys            # {constraint key: frontier cells with it}
        self.bag = bag              # pieces left per type
        self.bagmask = bagmask      # bit t set when bag[t] > 0
        self.drawable = drawable    # draw moves of the types with a piece left that fit somewhere
        self.supply = supply        # counters left per seat
        self.tolls = tolls          # tolls earned per seat
        self.census = census        # counters per (feature, holder)
        self.stage = stage          # DRAW, PLACE, SELL or OVER
        self.seat = seat            # the builder (DRAW, PLACE), the seller, or next seat when OVER
        self.pending = pending      # the drawn type (PLACE)
        self.passes = passes        # passes in a row
        self.ply = ply
        self.reach = reach          # routes.Reach shared by positions with the same track and stops
        self._hash = None
        self._lines = None
        self._parts = None

    def _key(self):
        return (frozenset(self.tiles.items()), self.bag, self.supply, self.tolls, self.stage, self.seat,
                self.pending, self.passes, self.ply)

    def __hash__(self):
        if self._hash is None:
            self._hash = hash(self._key())
        return self._hash

    def __eq__(self, other):
        return isinstance(other, TileState) and hash(self) == hash(other) and self._key() == other._key()

    _FIELDS = ("tiles", "frontier", "keys", "bag", "bagmask", "drawable", "supply", "tolls", "census",
               "stage", "seat", "pending", "passes", "ply")

    def __getstate__(self):             # pickling keeps the position, not the caches
        return tuple(getattr(self, f) for f in self._FIELDS)

    def __setstate__(self, values):
        for f, v in zip(self._FIELDS, values):
            setattr(self, f, v)
        self.reach = self._hash = self._lines = self._parts = None

    def __repr__(self):
        return f"<TileState ply {self.ply}, {len(self.tiles)} tiles, stage {self.stage}, seat {self.seat}>"


class _Lines:
    """Line facts of one position, for the scoring functions (built on first use, then kept)."""

    __slots__ = ("g", "tiles", "reach", "memo")

    def __init__(self, game: "TileGame", st: TileState):
        self.g = game
        self.tiles = st.tiles
        self.reach = game.reach(st)
        self.memo: dict = {}

    def _tally(self, kind: str, f: int) -> list[int]:
        key = (kind, f)
        out = self.memo.get(key)
        if out is not None:
            return out
        g, tiles, first = self.g, self.tiles, self.reach.first_stops
        out = [0] * g.n
        feat, pairs, sides = g.feat, g.pairs, g.track_sides
        for cell, (t, k, h) in tiles.items():
            if h < 0 or feat[t] != f:
                continue
            tk = t * 4 + k
            if kind == "on_line":
                if g.stop_type[t]:
                    ok = any(first(cell, s) for s in sides[tk])
                else:
                    ok = any(first(cell, a) and first(cell, b) for a, b in pairs[tk])
            else:
                ok = False
                for a, b in pairs[tk]:
                    back = {tiles[c][2] for c in first(cell, a)}
                    fwd = {tiles[c][2] for c in first(cell, b)}
                    if kind == "between_own":
                        ok = h in back and h in fwd
                    else:
                        ok = any(o >= 0 for o in back & fwd)
                    if ok:
                        break
            if ok:
                out[h] += 1
        self.memo[key] = out
        return out

    def on_line(self, f):
        return self._tally("on_line", f)

    def between_own(self, f):
        return self._tally("between_own", f)

    def between_same(self, f):
        return self._tally("between_same", f)


# ---------------------------------------------------------------- the game
_ANSI = {"red": "31", "green": "32", "yellow": "33", "blue": "34", "magenta": "35", "cyan": "36",
         "white": "37", "black": "90", "orange": "38;5;208", "purple": "35", "grey": "37", "gray": "37"}
_PALETTE = ("31", "34", "32", "33", "35", "36", "38;5;208", "37")
_GLYPH = {0: " ", 1: "╵", 2: "╶", 4: "╷", 8: "╴", 5: "│", 10: "─", 3: "└", 6: "┌", 12: "┐", 9: "┘",
          7: "├", 14: "┬", 13: "┤", 11: "┴", 15: "┼"}
_PLACE_RE = re.compile(r"^([A-Za-z_]\w*)@(-?\d+),(-?\d+)r(\d+)(.*)$")
_SELL_RE = re.compile(r"^sell:(-?\d+),(-?\d+)>(-?\d+),(-?\d+)>(-?\d+),(-?\d+)$")


class TileGame:
    """A compiled tile game: the Game API of engine/api.py."""

    def __init__(self, rules: TileRules, options: dict[str, Any], seats: int, instrument: bool = False):
        self.rules = rules
        self.name = rules.spec["game"]
        self.players = tuple(rules.players[:seats])
        self.options = dict(options)
        self.instrument = instrument
        n = self.n = seats
        self.width = n + 2
        types = rules.types
        self.type_names = [t.name for t in types]
        self.type_index = {t.name: i for i, t in enumerate(types)}
        self.features = list(rules.features)
        fidx = {f: i for i, f in enumerate(self.features)}
        self.feat = tuple(fidx[t.feature] if t.feature is not None else -1 for t in types)
        nt = len(types)
        # geometry and track tables
        sname, sx, sy, srot = rules.start
        self.plane = Plane(sum(t.count for t in types) + max(abs(sx), abs(sy)))
        self.track = TrackSet([t.pairs for t in types])
        tr = self.track
        self.stop_type = tuple(rules.stop is not None and t.feature == rules.stop for t in types)
        self.net = Network(self.plane, tr, self.stop_type)
        self.exits = tuple(tuple(tr.exits(t, k, a) for a in range(4)) for t in range(nt) for k in range(4))
        self.pairs = tuple(tuple(tr.pairs(t, k)) for t in range(nt) for k in range(4))
        self.track_sides = tuple(tuple(s for s in range(4) if tr.mask[t][k] >> s & 1)
                                 for t in range(nt) for k in range(4))
        self.claims = tuple(t.feature in rules.claim for t in types)
        sell_phase = next((p for p in rules.phases if p.kind == "sell"), None)
        self.sell = sell_phase
        self.is_from = tuple(sell_phase is not None and t.feature == sell_phase.sell["from"] for t in types)
        self.is_to = tuple(sell_phase is not None and t.feature == sell_phase.sell["to"] for t in types)
        self.toll = sell_phase.sell["toll"] if sell_phase else 0
        self.start_type = self.type_index[sname]
        self.start_cell = self.plane.cell(sx, sy)
        self.start_rot = srot
        # A placement move is one int: claim << cshift | cell << shift | k * types + t, the claim
        # coded 0 none, 1 '+', 2 '-', 3 + cell for a counter taken back from that cell. The
        # frontier keeps `cell << shift | key`, so a move is that value plus an entry of
        # _fx[t][claim][key]: one addition per listed move.
        self._nt = nt
        self._shift = shift = max(8, (4 * nt - 1).bit_length())
        self._lowmask = (1 << shift) - 1
        self._cellmask = (1 << (self.plane.stride ** 2).bit_length()) - 1
        self._cshift = shift + self._cellmask.bit_length()
        self._fx = tuple(tuple(tuple(tuple(k * nt + t - key + (code << self._cshift) for k in tr.fits[t][key])
                                     for key in range(256)) for code in (0, 1)) for t in range(nt))
        self.frontier = Frontier(self.plane, self.track, shift)
        self.bag0 = tuple(t.count - (1 if i == self.start_type else 0) for i, t in enumerate(types))
        self.draws = tuple(("d", t) for t in range(nt))
        self._drawables: dict[int, tuple] = {}
        self.stats: dict[str, int] = {}
        self.reset_rule_stats()
        # the rules-language strings, compiled
        self.sources: dict[str, str] = {}
        vocab = _vocabulary(rules.spec, self.features, n, options)
        ns = {"LN": self._lines}
        sv = rules.supply
        if isinstance(sv, int):
            self.supply0 = sv
        else:
            self.supply0 = self._fn(sv, "supply", ns, _supply_vocabulary(rules.spec, n, options),
                                    "counters.supply")(None, 0)
            if not isinstance(self.supply0, int) or self.supply0 < 0:
                raise RulebookError(f"{rules.src_file}: counters.supply gives {self.supply0!r}, "
                                    "not a whole number of at least 0")
        build = rules.phases[0]
        self._until_build = self._fn(build.until, "until_build", ns, vocab, ".".join(map(str, build.path + ("until",))))
        if sell_phase is not None:
            self._until_sell = (self._fn(sell_phase.until, "until_sell", ns, vocab,
                                         ".".join(map(str, sell_phase.path + ("until",))))
                                if sell_phase.until is not None else (lambda st, me: st.passes >= n))
        self.part_names = tuple(name for name, _ in rules.scoring)
        self._score = self._fn([node for _, node in rules.scoring], "score", ns, vocab, "scoring")
        self._eval = self._fn(rules.evaluate, "evaluate", ns, vocab, "evaluate")
        self._letters = self._feature_letters()

    # -- compile helpers
    def _fn(self, node, fname, ns, vocab, where):
        """A function (st, me) giving an expression's value, or the tuple of a list of expressions."""
        if node is None:
            return None
        em = Emitter(vocab)
        body = "(" + "".join(em.emit(n) + ", " for n in node) + ")" if isinstance(node, list) else em.emit(node)
        src = f"def {fname}(st, me):\n" + "".join(f"    {x}\n" for x in em.hoisted[0]) + f"    return {body}\n"
        return self._exec(src, fname, ns, where)

    def _exec(self, src, fname, ns, where):
        self.sources[fname] = src
        place = self.rules.places.get(where, f"{self.rules.src_file}:{where}")
        exec(compile(src, f"<{place}>", "exec"), ns)
        return ns[fname]

    def _lines(self, st: TileState) -> _Lines:
        ln = st._lines
        if ln is None or ln.g is not self:
            ln = st._lines = _Lines(self, st)
        return ln

    def reach(self, st: TileState) -> Reach:
        """The path memo of a position: shared through selling (track and stops no longer change),
        made on demand while building, when a tile may still end a path or void a stop."""
        r = st.reach
        if r is None:
            r = st.reach = Reach(self.net, st.tiles)
        return r

    def _drawable(self, mask: int) -> tuple:
        d = self._drawables.get(mask)
        if d is None:
            d = self._drawables[mask] = tuple(self.draws[t] for t in range(self.track.ntypes) if mask >> t & 1)
        return d

    def placement(self, move: int) -> tuple[int, int, int, Any]:
        """(type, cell, quarter turns, claim) of a placement move; claim None, '+', '-' or a cell."""
        low = move & self._lowmask
        code = move >> self._cshift
        claim = None if code == 0 else "+" if code == 1 else "-" if code == 2 else code - 3
        return low % self._nt, (move >> self._shift) & self._cellmask, low // self._nt, claim

    # -- the Game API
    def initial_state(self) -> TileState:
        st = self._position([(self.start_cell, self.start_type, self.start_rot, EMPTY)], DRAW)
        if not st.drawable or (self._until_build is not None and self._until_build(st, 0)):
            self._end_build(st, self.n - 1)
        return st

    def _position(self, placed, stage, seat=0, pending=None, supply=None, tolls=None, passes=0, ply=0) -> TileState:
        """A position from its tiles [(cell, type, quarter turns, holder)] in the order laid; the bag
        holds the pieces not used (nor in hand)."""
        board: dict = {}
        frontier: dict = {}
        keys: dict = {}
        used = [0] * self.track.ntypes
        census = [0] * (len(self.features) * self.width)
        for cell, t, k, h in placed:
            board[cell] = (t, k, h)
            used[t] += 1
            if self.feat[t] >= 0:
                census[self.feat[t] * self.width + h + 2] += 1
            frontier, keys = self.frontier.grown(board, frontier, keys, cell, t, k)
        if pending is not None:
            used[pending] += 1
        bag = tuple(ty.count - u for ty, u in zip(self.rules.types, used))
        if min(bag) < 0:
            raise RulebookError(f"more {self.type_names[[b < 0 for b in bag].index(True)]} tiles than the game has")
        if supply is None:
            supply = [self.supply0 - sum(1 for _t, _k, h in board.values() if h == s) for s in range(self.n)]
        bagmask = sum(1 << i for i, x in enumerate(bag) if x)
        drawable = self._drawable(self.frontier.fitting(keys) & bagmask) if stage == DRAW else ()
        return TileState(board, frontier, keys, bag, bagmask, drawable, tuple(supply), tuple(tolls or (0,) * self.n),
                         tuple(census), stage, seat, pending, passes, ply, None)

    def layout(self, tiles: list[str], *, stage: str = "sell", seat: int = 0, pending: str | None = None,
               supply: list[int] | None = None, tolls: list[int] | None = None, passes: int = 0,
               ply: int = 0) -> TileState:
        """A position built straight from tile texts, for tests and puzzles: no rule is checked.

        Each text is a placement in move notation, `<type>@<x>,<y>r<rotation>`, optionally with
        `:<seat name>` (the tile holds that seat's counter) or `:void` (its counter was taken
        back). The bag holds the pieces the layout does not use. A seat's supply is its counters
        less those on tiles, unless `supply` is given. `stage` is "draw" (seat draws next),
        "place" (seat places a `pending` tile, already out of the bag), "sell" or "over".
        """
        placed, seen = [], set()
        for text in tiles:
            place, _, owner = text.partition(":")
            m = _PLACE_RE.match(place)
            if not m or m.group(5) or m.group(1) not in self.type_index or int(m.group(4)) % 90 \
                    or owner not in ("", "void", *self.players):
                raise RulebookError(f"layout: cannot read tile '{text}' (e.g. curve@0,1r90:{self.players[0]})")
            cell = self.plane.cell(int(m.group(2)), int(m.group(3)))
            if cell in seen:
                raise RulebookError(f"layout: two tiles on {m.group(2)},{m.group(3)}")
            seen.add(cell)
            h = EMPTY if not owner else VOID if owner == "void" else self.players.index(owner)
            placed.append((cell, self.type_index[m.group(1)], int(m.group(4)) // 90 % 4, h))
        try:
            return self._position(placed, {"draw": DRAW, "place": PLACE, "sell": SELL, "over": OVER}[stage], seat,
                                  self.type_index[pending] if pending is not None else None, supply, tolls, passes, ply)
        except RulebookError as e:
            raise RulebookError(f"layout: {e}") from None

    def _end_build(self, st: TileState, mover: int) -> None:
        """Turn a fresh (unpublished) position into the first position after building."""
        st.drawable = ()
        sell = self.sell
        if sell is None:
            st.stage = OVER
            return
        st.stage = SELL
        st.seat = (mover + 1) % self.n if sell.start == "after_last" else 0
        st.passes = 0
        st.reach = Reach(self.net, st.tiles)
        if self._until_sell(st, mover):
            st.stage = OVER

    def to_move(self, st) -> int:
        return CHANCE if st.stage == DRAW else st.seat

    def ply(self, st) -> int:
        return st.ply

    def is_over(self, st) -> bool:
        return st.stage == OVER

    def legal_moves(self, st) -> list:
        stage = st.stage
        if stage == PLACE:
            return self._placements(st)
        if stage == DRAW:
            if self.instrument:
                self._count_unfit_draws(st)
            return list(st.drawable)
        if stage == SELL:
            sales = self._sales(st)
            if self.instrument:
                self.stats["sales offered"] += len(sales)
            return sales or [PASS]
        return []

    def chance_outcomes(self, st) -> list:
        if st.stage != DRAW:
            return []
        bag = st.bag
        return [(m, bag[m[1]]) for m in st.drawable]

    def _placements(self, st) -> list:
        t = st.pending
        fits = self.track.fits[t]
        if self.instrument:
            rots = len(self.track.rots[t])
            self.stats["placements refused by side matching"] += sum(rots - len(fits[ck & 255])
                                                                     for ck in st.frontier.values())
        if self.claims[t] and st.supply[st.seat] <= 0:
            fx = self._fx[t][0]
            cs = self._cshift
            claims = [2 << cs]
            if self.rules.take_back:
                claims += [(3 + c) << cs for c, tile in st.tiles.items() if tile[2] == st.seat]
            bases = [v + x for v in st.frontier.values() for x in fx[v & 255]]
            return [b + cl for b in bases for cl in claims]
        fx = self._fx[t][self.claims[t]]
        return [v + x for v in st.frontier.values() for x in fx[v & 255]]

    def _sales(self, st) -> list:
        seat, tiles, reach = st.seat, st.tiles, self.reach(st)
        is_from, is_to, exits, delta = self.is_from, self.is_to, self.exits, self.plane.delta
        first, through = reach.first_stops, reach.all_stops
        sales: dict = {}
        for f, (t, k, h) in tiles.items():
            if h != seat or not is_from[t]:
                continue
            ex = exits[t * 4 + k]
            for a in range(4):
                if not ex[a] or not first(f, a):
                    continue
                for b in ex[a]:
                    for s in through(f, b):
                        for d in delta:
                            c = s + d
                            ct = tiles.get(c)
                            if ct is not None and is_to[ct[0]] and ct[2] == EMPTY:
                                sales[("s", f, s, c)] = None
        return list(sales)

    def apply(self, st, move) -> TileState:
        stage = st.stage
        if move.__class__ is int:
            t, cell, k, claim = self.placement(move)
            v = st.frontier.get(cell)
            if stage != PLACE or t != st.pending or v is None or k not in self.track.fits[t][v & 255] \
                    or not self._claim_ok(st, t, claim):
                raise IllegalMove(f"{self.move_str(move)}: not a legal placement here", 0)
            return self._place(st, t, cell, k, claim)
        kind = move[0]
        if kind == "d":
            t = move[1]
            if stage != DRAW or move not in st.drawable:
                raise IllegalMove(f"{self.move_str(move)}: not a possible draw here", 0)
            bag = st.bag
            left = bag[t] - 1
            bagmask = st.bagmask if left else st.bagmask & ~(1 << t)
            return TileState(st.tiles, st.frontier, st.keys, bag[:t] + (left,) + bag[t + 1:], bagmask, (),
                             st.supply, st.tolls, st.census, PLACE, st.seat, t, 0, st.ply + 1, None)
        if stage != SELL:
            raise IllegalMove(f"{self.move_str(move)}: selling has not started", 0)
        seat = st.seat
        passes, tolls, tiles, census = 0, st.tolls, st.tiles, st.census
        if kind == "s":
            tiles, census, tolls = self._sale(st, move)
        else:
            passes = st.passes + 1
            if self.instrument:
                self.stats["passes"] += 1
        new = TileState(tiles, st.frontier, st.keys, st.bag, st.bagmask, (), st.supply, tolls, census,
                        SELL, (seat + 1) % self.n, None, passes, st.ply + 1, self.reach(st))
        if self._until_sell(new, seat):
            new.stage = OVER
        return new

    def _claim_ok(self, st, t, claim) -> bool:
        if not self.claims[t]:
            return claim is None
        if st.supply[st.seat] > 0:
            return claim == "+"
        return claim == "-" or (self.rules.take_back and claim.__class__ is int
                                and st.tiles.get(claim, (0, 0, EMPTY))[2] == st.seat)

    def _place(self, st, t, cell, k, claim) -> TileState:
        seat, w = st.seat, self.width
        tiles = dict(st.tiles)
        supply, census = st.supply, st.census
        h = EMPTY
        if claim is not None:
            census = list(census)
            if claim == "+":
                h = seat
                supply = supply[:seat] + (supply[seat] - 1,) + supply[seat + 1:]
            elif claim != "-":
                ot, ok_, _ = tiles[claim]
                tiles[claim] = (ot, ok_, VOID)     # the counter moves on: that tile is void
                f = self.feat[ot]
                census[f * w + seat + 2] -= 1
                census[f * w] += 1
                h = seat
                if self.instrument:
                    self.stats["counters taken back"] += 1
            elif self.instrument:
                self.stats["tiles left unclaimed"] += 1
            census[self.feat[t] * w + h + 2] += 1
            census = tuple(census)
        elif self.feat[t] >= 0:
            census = list(census)
            census[self.feat[t] * w + 1] += 1
            census = tuple(census)
        tiles[cell] = (t, k, h)
        frontier, keys = self.frontier.grown(tiles, st.frontier, st.keys, cell, t, k)
        drawable = self._drawable(self.frontier.fitting(keys) & st.bagmask)
        new = TileState(tiles, frontier, keys, st.bag, st.bagmask, drawable, supply, st.tolls, census,
                        DRAW, (seat + 1) % self.n, None, 0, st.ply + 1, None)
        if not drawable or (self._until_build is not None and self._until_build(new, seat)):
            self._end_build(new, seat)
        return new

    def _route_sides(self, st, f) -> list[int]:
        """The sides a sale may leave its `from` tile f by: partners of sides leading back to a stop."""
        t, k, _ = st.tiles[f]
        ex = self.exits[t * 4 + k]
        first = self.reach(st).first_stops
        return sorted({b for a in range(4) if ex[a] and first(f, a) for b in ex[a]})

    def route(self, st, move) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
        """The route a sale takes, as (x, y) cells from its `from` tile to the stop, and the
        stops charged a toll on it (sorted)."""
        cells, charged = self._route(st, move)
        return [self.plane.xy(c) for c in cells], sorted(self.plane.xy(c) for c in charged)

    def _route(self, st, move):
        _, f, s, _c = move
        seller = st.seat
        return self.net.best_route(st.tiles, f, self._route_sides(st, f), s,
                                   lambda cell, tile: tile[2] >= 0 and tile[2] != seller)

    def _sale(self, st, move):
        _, f, s, c = move
        seller, w = st.seat, self.width
        tiles = st.tiles
        ft, stile, ctile = tiles.get(f), tiles.get(s), tiles.get(c)
        found = None
        if ft is not None and ft[2] == seller and self.is_from[ft[0]] and stile is not None \
                and self.net.is_stop(stile) and ctile is not None and self.is_to[ctile[0]] \
                and ctile[2] == EMPTY and c - s in self.plane.delta:
            found = self._route(st, move)
        if found is None:
            raise IllegalMove(f"{self.move_str(move)}: not a possible sale here", 0)
        _cells, charged = found
        tiles = dict(st.tiles)
        tolls = list(st.tolls)
        for x in charged:
            tolls[tiles[x][2]] += self.toll
        ft, fk, _ = tiles[f]
        tiles[f] = (ft, fk, EMPTY)
        ct, ck, _ = tiles[c]
        tiles[c] = (ct, ck, seller)
        census = list(st.census)
        ff, cf = self.feat[ft], self.feat[ct]
        census[ff * w + seller + 2] -= 1
        census[ff * w + 1] += 1
        census[cf * w + 1] -= 1
        census[cf * w + seller + 2] += 1
        if self.instrument:
            self.stats["sales"] += 1
            self.stats["tolls paid"] += len(charged) * self.toll
        return tiles, tuple(census), tuple(tolls)

    # -- outcome
    def parts(self, st) -> list[tuple]:
        """Per seat, the scoring parts (running values until the game is over)."""
        p = st._parts
        if p is None or p[0] is not self:       # a cache of this game's (options') scores
            p = st._parts = (self, [self._score(st, s) for s in range(self.n)])
        return p[1]

    def outcome(self, st) -> Outcome:
        parts = self.parts(st)
        totals = [sum(p) for p in parts]
        scores = {self.players[i]: totals[i] for i in range(self.n)}
        bd = {self.players[i]: dict(zip(self.part_names, parts[i])) for i in range(self.n)}
        if st.stage != OVER:
            return Outcome(False, (), scores, bd)
        top = max(totals)
        return Outcome(True, tuple(p for i, p in enumerate(self.players) if totals[i] == top), scores, bd)

    def evaluate(self, st):
        if self._eval is None:
            return None
        if st.stage == OVER:
            # rank-based, as a finished match is rewarded: 1 per rival beaten, 1/2 per tie
            totals = [sum(p) for p in self.parts(st)]
            n = self.n
            if n < 2:
                return [1.0]
            return [sum(1.0 if totals[i] > totals[j] else 0.5 if totals[i] == totals[j] else 0.0
                        for j in range(n) if j != i) / (n - 1) for i in range(n)]
        return [min(1.0, max(0.0, float(self._eval(st, s)))) for s in range(self.n)]

    # -- notation
    def move_str(self, move) -> str:
        if move.__class__ is int:
            t, cell, k, claim = self.placement(move)
            s = f"{self.type_names[t]}@{self.plane.name(cell)}r{90 * k}"
            if claim is None:
                return s
            if claim in ("+", "-"):
                return s + claim
            return s + "+" + self.plane.name(claim)
        kind = move[0]
        if kind == "d":
            return "draw:" + self.type_names[move[1]]
        if kind == "s":
            nm = self.plane.name
            return f"sell:{nm(move[1])}>{nm(move[2])}>{nm(move[3])}"
        return "pass"

    def parse_move(self, st, text: str):
        return parse_by_notation(self, st, text)

    # -- tools for front-ends
    def rule_stats(self) -> dict[str, int]:
        """How often things happened or were refused since the last reset (instrument=True only)."""
        return dict(self.stats) if self.instrument else {}

    def reset_rule_stats(self) -> None:
        self.stats = {k: 0 for k in ("placements refused by side matching", "draws refused: fits nowhere",
                                     "counters taken back", "tiles left unclaimed", "sales offered", "sales",
                                     "passes", "tolls paid")}

    def _count_unfit_draws(self, st) -> None:
        fit = self.frontier.fitting(st.keys)
        self.stats["draws refused: fits nowhere"] += sum(1 for t in range(self.track.ntypes)
                                                         if st.bag[t] and not fit >> t & 1)

    def _who(self, seat: int) -> str:
        return self.players[seat]

    def _cell(self, x: str, y: str) -> int | None:
        try:
            return self.plane.cell(int(x), int(y))
        except ValueError:
            return None

    def explain(self, st, text: str) -> str:
        """Why a move is not legal here, in words."""
        text = text.strip()
        if st.stage == OVER:
            return f"'{text}': the game is over"
        legal = [self.move_str(m) for m in self.legal_moves(st)]
        if text in legal:
            return f"'{text}' is legal"
        if st.stage == DRAW:
            return self._explain_draw(st, text)
        if st.stage == PLACE:
            return self._explain_place(st, text)
        return self._explain_sale(st, text, legal)

    def _explain_draw(self, st, text):
        if not text.startswith("draw:"):
            return f"'{text}': a tile is drawn first (a chance move such as {self.move_str(st.drawable[0])})"
        name = text[5:]
        t = self.type_index.get(name)
        if t is None:
            return f"'{text}': no tile type '{name}'{_suggest(name, self.type_names)}"
        if not st.bag[t]:
            return f"'{text}': no {name} piece is left in the bag"
        return f"'{text}': no {name} piece can be placed anywhere, so none is drawn"

    def _explain_place(self, st, text):
        pending = self.type_names[st.pending]
        who = self._who(st.seat)
        if text == "pass" or text.startswith(("draw:", "sell:")):
            return f"'{text}': {who} must place the drawn {pending}"
        m = _PLACE_RE.match(text)
        if not m:
            return f"'{text}' is not a placement (e.g. {pending}@0,1r90)"
        name, x, y, rot, claim = m.groups()
        if name not in self.type_index:
            return f"'{text}': no tile type '{name}'{_suggest(name, self.type_names)}"
        if name != pending:
            return f"'{text}': {who} has no {name} in hand: the tile to place is {pending}"
        t = st.pending
        rot = int(rot)
        if rot not in (0, 90, 180, 270):
            return f"'{text}': a rotation is 0, 90, 180 or 270"
        cell = self._cell(x, y)
        if cell is None:
            return f"'{text}': cell {x},{y} is off the board"
        if cell in st.tiles:
            return f"'{text}': cell {x},{y} already holds a {self.type_names[st.tiles[cell][0]]}"
        if cell not in st.frontier:
            return f"'{text}': cell {x},{y} is not next to a placed tile"
        k = rot // 90
        tr = self.track
        if k not in tr.rots[t]:
            same = next(r for r in tr.rots[t] if tr.conn[t][r] == tr.conn[t][k])
            return f"'{text}': the same placement as r{90 * same}, which names it"
        m_ = tr.mask[t][k]
        for s in range(4):
            nb = cell + self.plane.delta[s]
            other = st.tiles.get(nb)
            if other is None:
                continue
            mine = m_ >> s & 1
            theirs = tr.mask[other[0]][other[1]] >> OPP[s] & 1
            if mine != theirs:
                return (f"'{text}': side {SIDE_NAMES[s]} of the {pending} "
                        f"{'has track' if mine else 'is blank'}, but the {self.type_names[other[0]]} at "
                        f"{self.plane.name(nb)} {'has track' if theirs else 'is blank'} on its side "
                        f"{SIDE_NAMES[OPP[s]]}: track meets track, blank meets blank")
        if not self.claims[t]:
            return f"'{text}': the {pending} has no feature to claim: write no claim"
        feature = self.features[self.feat[t]]
        if st.supply[st.seat] > 0:
            return f"'{text}': {who} has counters left: the {feature} takes one, the only claim is '+'"
        prefix = len(text) - len(claim)
        offered = ", ".join(sorted({f"'{self.move_str(mv)[prefix:]}'" for mv in self._placements(st)
                                    if self.placement(mv)[1:3] == (cell, k)}))
        if claim in ("", "+"):
            return f"'{text}': {who} has no counter left for the {feature} (claims offered: {offered})"
        if claim.startswith("+") and len(claim) > 1:
            return f"'{text}': {claim[1:]} holds no counter of {who} to take back (claims offered: {offered})"
        return f"'{text}': claim '{claim}' is not offered (claims offered: {offered})"

    def _explain_sale(self, st, text, legal):
        who = self._who(st.seat)
        sp = self.sell.sell
        if text == "pass":
            return f"'pass': {who} has a sale ({len(legal)} offered), and passing is only for a player with none"
        m = _SELL_RE.match(text)
        if not m:
            return f"'{text}' is not a sale (sell:<from x,y>><stop x,y>><to x,y>, e.g. sell:2,0>3,0>3,1) or pass"
        f, s, c = (self._cell(*m.group(i, i + 1)) for i in (1, 3, 5))
        nm = self.plane.name
        if None in (f, s, c):
            return f"'{text}': a cell is off the board"
        ft = st.tiles.get(f)
        if ft is None or not self.is_from[ft[0]]:
            return f"'{text}': there is no {sp['from']} at {nm(f)}"
        if ft[2] != st.seat:
            return f"'{text}': the {sp['from']} at {nm(f)} holds no counter of {who}"
        sides = self._route_sides(st, f)
        first = self.reach(st).first_stops
        if not any(first(f, a) and first(f, b) for a, b in self.pairs[ft[0] * 4 + ft[1]]):
            return (f"'{text}': the {sp['from']} at {nm(f)} is not on a line: no path from it reaches "
                    f"a {self.rules.stop} each way")
        stile = st.tiles.get(s)
        if stile is None or not self.net.is_stop(stile):
            void = stile is not None and self.stop_type[stile[0]]
            return f"'{text}': there is no {self.rules.stop} at {nm(s)}{' (it is void)' if void else ''}"
        if not any(s in self.reach(st).all_stops(f, b) for b in sides):
            return f"'{text}': no route leads from the {sp['from']} at {nm(f)} to the {self.rules.stop} at {nm(s)}"
        if c - s not in self.plane.delta:
            return f"'{text}': {nm(c)} is not next to the {self.rules.stop} at {nm(s)}"
        ctile = st.tiles.get(c)
        if ctile is None or not self.is_to[ctile[0]]:
            return f"'{text}': there is no {sp['to']} at {nm(c)}"
        return f"'{text}': the {sp['to']} at {nm(c)} already holds a counter"

    # -- drawing
    def _feature_letters(self) -> dict[int, str]:
        out, used = {}, set()
        for i, f in enumerate(self.features):
            for ch in f.upper() + "ABCDEFGHIJKLMNOPQRSTUVWXYZ":
                if ch.isalpha() and ch not in used:
                    used.add(ch)
                    out[i] = ch
                    break
        return out

    def _colour(self, seat: int) -> str:
        return _ANSI.get(self.players[seat].lower(), _PALETTE[seat % len(_PALETTE)])

    def render(self, st, color: bool = False) -> str:
        """The tile map (3 rows x 5 columns per cell, y growing upward), then the scores.

        Track runs out of a tile's sides as │ and ─ stubs; the middle shows the junction, or the
        feature's letter; a counter shows as the seat number after it (× when void), coloured
        by seat when `color` is true. A middle dot marks an empty cell where a tile may go."""
        tiles, plane = st.tiles, self.plane
        xs = [plane.xy(c)[0] for c in (*tiles, *st.frontier)]
        ys = [plane.xy(c)[1] for c in (*tiles, *st.frontier)]
        x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
        tr = self.track
        out = []
        head = "     " + "".join(f"{x:^5}" for x in range(x0, x1 + 1))
        out.append(head.rstrip())
        for y in range(y1, y0 - 1, -1):
            rows = ["     ", f"{y:>4} ", "     "]
            for x in range(x0, x1 + 1):
                c = plane.cell(x, y)
                tile = tiles.get(c)
                if tile is None:
                    mid = "  ·  " if c in st.frontier else "     "
                    rows[0] += "     "
                    rows[1] += mid
                    rows[2] += "     "
                    continue
                t, k, h = tile
                m = tr.mask[t][k]
                rows[0] += "  │  " if m & 1 else "     "
                rows[2] += "  │  " if m & 4 else "     "
                f = self.feat[t]
                if f >= 0:
                    centre = self._letters[f]
                elif self._split_track(t, k):
                    centre = "╳"
                else:
                    centre = _GLYPH[m]
                mark = str(h + 1) if h >= 0 else "×" if h == VOID else ""
                east = "─" if m & 2 else " "
                if mark:
                    cell_mid = centre + mark
                    if color and h >= 0:
                        cell_mid = f"\x1b[1;{self._colour(h)}m{cell_mid}\x1b[0m"
                    rows[1] += ("──" if m & 8 else "  ") + cell_mid + east
                else:
                    rows[1] += ("──" if m & 8 else "  ") + centre + (east * 2)
            out.extend(r.rstrip() for r in rows)
        legend = ", ".join(f"{self._letters[i]} {f}" for i, f in enumerate(self.features))
        seats = ", ".join(f"{i + 1} {p}" for i, p in enumerate(self.players))
        out.append(f"features: {legend}; counters: {seats}; × void")
        out.append(self._status(st))
        out.append("")
        out.append(self._score_table(st))
        return "\n".join(out)

    def _split_track(self, t: int, k: int) -> bool:
        """True when the tile's track falls apart into separate pieces (as two curves do)."""
        conn = self.track.conn[t][k]
        sides = [s for s in range(4) if conn[s]]
        if not sides:
            return False
        seen, todo = {sides[0]}, [sides[0]]
        while todo:
            a = todo.pop()
            for b in range(4):
                if conn[a] >> b & 1 and b not in seen:
                    seen.add(b)
                    todo.append(b)
        return len(seen) < len(sides)

    def _status(self, st) -> str:
        left = sum(st.bag)
        if st.stage == DRAW:
            return f"ply {st.ply}: {self._who(st.seat)} draws ({left} tiles in the bag)"
        if st.stage == PLACE:
            return f"ply {st.ply}: {self._who(st.seat)} places a {self.type_names[st.pending]} ({left} in the bag)"
        if st.stage == SELL:
            return f"ply {st.ply}: {self._who(st.seat)} sells ({self.sell.name}; passes in a row: {st.passes})"
        won = self.outcome(st).winners
        return f"ply {st.ply}: game over; {' and '.join(won)} {'wins' if len(won) == 1 else 'win'}"

    def _score_table(self, st) -> str:
        parts = self.parts(st)
        head = ["player"] + list(self.part_names) + ["total", "supply"]
        rows = [[p] + [str(v) for v in parts[i]] + [str(sum(parts[i])), str(st.supply[i])]
                for i, p in enumerate(self.players)]
        widths = [max(len(r[j]) for r in [head] + rows) for j in range(len(head))]
        fmt = lambda r: "  ".join(v.ljust(widths[0]) if j == 0 else v.rjust(widths[j]) for j, v in enumerate(r))
        return "\n".join([fmt(head)] + [fmt(r) for r in rows])
