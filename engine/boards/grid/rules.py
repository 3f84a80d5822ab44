"""The grid kind's checks: a game file's grid words read into typed GridRules.

Everything here is located: a bad word is a finding at its key or token. kind.py gives the
checked rules their compile (game.py); nothing here builds tables or code, and nothing here
imports the compiled game.
"""
from __future__ import annotations

from ...structs import struct, field
from typing import TYPE_CHECKING, Any

from ...api import RulebookError
from ...lang import dsl
from ...lang.dsl import DslError
from ...lang.expr import BOOL, CELL, DIRS, GROUP, INT, Symbol, Vocabulary, typecheck
if TYPE_CHECKING:       # the checks are needed only when a file is checked, not when loaded from the cache
    from ...source.check import Checker
from . import topology as topo
from .patterns import pattern_actions
from .vocabulary import GENERAL_WORDS, LANDING, RESERVED, grid_vocabulary
from .topology.ring import ring_graph
from .words import WORDS, ZONE
from .words import sow as sow_word

MAX_DROP_MOVES = 100_000      # moves one drop may list in a position


@struct
class Rule:
    name: str
    node: dsl.Node
    path: tuple


@struct
class Kind:
    name: str
    start: str | None = None           # a zone: one piece on each of its cells, per seat
    reserve: int = 0                   # pieces each seat holds off the board
    promote_to: list[str] = field(default_factory=list)
    promote_in: str | None = None      # a zone (of the piece's owner)
    promote_on_the_way: bool = False   # it promotes as soon as a capture sequence lands in the zone
    resets_quiet: bool = False         # its moves reset the `quiet` count (as captures do)
    neutral: bool = False              # owned by nobody (an arrow, a blocker)
    moved: str | None = None           # the kind a piece of this kind becomes once it has moved
    symbol: str | None = None          # its letter in notation and drawings
    count: int | str | None = None     # counted: this many pieces stand on each start cell (or option.NAME)
    promote_optional: bool = False     # not promoting is a move too
    promote_leaving: bool = False      # a move starting in the zone promotes (or may) as well
    promote_must_in: str | None = None   # a zone where an optional promotion is forced
    hand: str | None = None            # captured, it goes to the captor's hand as this kind


@struct
class Phase:
    name: str
    turns: int | None
    lets: list[tuple[str, dsl.Node]]
    kinds: list[tuple[int | None, list[dsl.Node]]]   # (kind index or None = every kind, alternatives)
    places: list[dsl.Node]             # alternatives that put a new piece on the board
    drops: list[tuple[dsl.Node, int | None]]   # (zone name node, count or None for all)
    rules: list[Rule]
    priority: bool                     # when a capturing move exists, only those
    path: tuple
    legal: list[Rule] = field(default_factory=list)   # rules on the position after the move
    plies: int | None = None           # its length in moves of any player (instead of turns)
    sows: list = field(default_factory=list)   # its sow(...) alternatives (words/sow.py Sowing)

    def length(self, players: int) -> int | None:
        """How many plies the phase lasts (None: until the end)."""
        return self.turns * players if self.turns else self.plies

    @property
    def patterns(self) -> list[dsl.Node]:
        return [p for _k, alts in self.kinds for p in alts]


@struct
class GridRules:
    """A checked grid game: what compile needs, with every DSL string typed."""
    spec: dict
    src_file: str
    players: list[str]
    forward: list[float]               # degrees, per seat
    seating: dict[int, list[int]]      # seat count -> the seats that play, in turn order
    board: tuple                       # ("square", files, ranks[, first rank's number]), ("hex", shape, size, files, ranks) or
    #                                    ("graph", names, xy, links, opposite): see _topology
    cells_node: dsl.Node | None
    dirsets: dict[str, list]           # name -> direction words or [dfile, drank] offsets
    zones: dict[str, dict[int, dsl.Node] | dsl.Node]   # per-seat nodes, or one node for all seats
    kinds: list[Kind]
    phases: list[Phase]
    win: dsl.Node | None
    draw: dsl.Node | None
    over: dsl.Node | None
    blocked: str
    scoring: list[tuple[str, dsl.Node]]
    evaluate: dsl.Node | None
    general: bool                      # needs the general state and move generator
    places: dict = field(default_factory=dict)   # (phase, rule name) -> "file:line"
    words: set = field(default_factory=set)      # the names and functions the rules use
    blocks: dict = field(default_factory=dict)   # board.blocks: name -> ["LOWER_LEFT UPPER_RIGHT", ...]
    lose: dsl.Node | None = None                 # end.lose: the player who just moved loses
    pass_any: bool = False             # end.pass: always: a player may pass at any turn
    sized: dict = field(default_factory=dict)    # "files"/"ranks" -> the option that sets it
    position: list = field(default_factory=list)  # position: rules every set position must satisfy
    warnings: list = field(default_factory=list)  # located findings that are no error ("FILE:LINE:COL: warning: ...")

    @property
    def counted(self) -> bool:
        """Do cells hold counts of pieces (a kind with `count`)? The state then keeps them."""
        return any(k.count is not None for k in self.kinds)

    def topology(self, used=None) -> topo.Topology:
        t = _topology(self.board)
        if used is not None:
            t.used = [a and b for a, b in zip(t.used, used)]
        return t

    def used_topology(self) -> topo.Topology:
        """The board's topology with its used cells (board.cells evaluated once)."""
        base = self.topology()
        if self.cells_node is None:
            return base
        from ...codegen import RUNTIME
        from ...lang.expr import Emitter
        W = base.files
        code = Emitter(Vocabulary({"file": Symbol(INT, "f"), "rank": Symbol(INT, "r")}, {})).emit(self.cells_node)
        fn = eval(compile(f"lambda f, r: {code}", f"<{self.src_file}:board.cells>", "eval"), dict(RUNTIME))
        return self.topology([u and bool(fn(i % W, i // W)) for i, u in enumerate(base.used)])

    def zone_cells(self, geo: topo.Topology, name: str, seat: int, forward: float) -> set[int]:
        """The cells of a zone as the file's seat `seat` (facing `forward`) sees it."""
        def cells(node) -> set[int]:
            if isinstance(node, dsl.ZoneUnion):
                a, b = cells(node.left), cells(node.right)
                return a | b if node.op == "|" else a & b if node.op == "&" else a - b
            if isinstance(node, dsl.ZoneAll):
                return set(geo.cells())
            if isinstance(node, dsl.ZoneCells):
                return {c for c in (geo.parse_cell(x) for x in node.cells) if c is not None}
            if isinstance(node, dsl.ZoneRef):
                return self.zone_cells(geo, node.name, seat, forward)
            if isinstance(node, dsl.ZoneOpposite):
                return {o for o in (geo.opposite(c) for c in cells(node.zone)) if o >= 0}
            if isinstance(node, dsl.ZoneEdge):
                vec = geo.directions.get(node.direction) or geo.relative(forward, node.direction)
                return set() if vec is None else geo.edge(vec)
            lines = geo.lines_along(forward if node.axis == "rank" else geo.file_axis(forward))
            return {i for i in geo.cells() if node.low - 1 <= lines[i] <= node.high - 1}
        node = self.zones[name]
        if isinstance(node, dict):
            node = node.get(seat)
        return set() if node is None else cells(node)

    def seats_for(self, seats: int | None) -> list[int]:
        """The file's seats that play, in turn order, for a number of players (None: the default)."""
        counts = sorted(self.seating)
        if seats is None:
            seats = counts[-1] if len(counts) == 1 else self.spec.get("player_count", {}).get("default", counts[-1])
        if seats not in self.seating:
            raise RulebookError(f"{self.spec['game']} is played by {_counts(counts)} players, not {seats}")
        return self.seating[seats]


def _counts(counts: list[int]) -> str:
    if len(counts) == 1:
        return f"exactly {counts[0]}"
    return ", ".join(map(str, counts[:-1])) + f" or {counts[-1]}"


# ---------------------------------------------------------------- checking
def check_rules(ch: Checker) -> GridRules | None:
    spec = ch.src.data
    board = spec["board"]
    players, forward = [], []
    for i, p in enumerate(spec["players"]):
        name = p if isinstance(p, str) else p["name"]
        players.append(name)
        fw = None if isinstance(p, str) else p.get("forward")
        forward.append(float(topo.COMPASS[fw] if isinstance(fw, str) else (90 if fw is None else fw)))
    if len(set(players)) != len(players):
        ch.error(("players",), "two seats have the same name")
    seating = _seating(ch, spec, players)
    sized: dict[str, str] = {}
    if "hex" in board:
        h = board["hex"]
        shape = h.get("shape", "rhombus")
        if shape == "rhombus":
            if "files" not in h or "ranks" not in h:
                ch.error(("board", "hex"), "a rhombus needs files and ranks", key=True)
            shape_t = ("hex", shape, None, h.get("files", 1), h.get("ranks", 1))
        else:
            if "size" not in h:
                ch.error(("board", "hex"), f"a {shape} needs a size", key=True)
            shape_t = ("hex", shape, h.get("size", 1), None, None)
    elif "graph" in board:
        shape_t = _graph_board(ch, board["graph"])
    elif "ring" in board:
        shape_t = ("ring", _dimension(ch, spec, board["ring"]["pits"], "pits", sized, "ring"))
    else:
        shape_t = ("square", *(_dimension(ch, spec, board["grid"][k], k, sized) for k in ("files", "ranks")))
        if "first_rank" in board["grid"]:       # cells named from rank 0 (a0): the tuple says so
            shape_t += (board["grid"]["first_rank"],)
        if "names" in board["grid"]:            # cells named by file number from the right, rank letter from the top
            shape_t += ((board["grid"].get("first_rank", 1)),) * ("first_rank" not in board["grid"]) + (board["grid"]["names"],)
    rough = _topology(shape_t)
    if rough.translations and rough.files > 26:
        ch.error(("board",), f"a board has at most 26 files (here {rough.files})")
    cells_node = None
    if "cells" in board and not rough.translations:
        ch.error(("board", "cells"), "board.cells picks the used cells of a grid or hex board by file and rank; "
                                     "a graph board lists its points", key=True)
    elif "cells" in board:
        cells_node = ch.typed(("board", "cells"), Vocabulary({"file": Symbol(INT, "f"), "rank": Symbol(INT, "r")}, {}),
                              (BOOL,), what="board.cells")
    dirsets = dict(spec.get("directions") or {})
    for name, words in dirsets.items():
        for j, w in enumerate(words):
            if isinstance(w, str) and w not in topo.RELATIVE and w not in rough.directions:
                ch.error(("directions", name, j), f"'{w}' is not a direction of this board "
                                                  f"({', '.join(list(topo.RELATIVE) + list(rough.directions))})")
            elif isinstance(w, list) and (len(w) != 2 or w == [0, 0]):
                ch.error(("directions", name, j), "an offset is [forward, left] cells, not both 0")
            elif isinstance(w, list) and rough.kind != "square":
                ch.error(("directions", name, j), f"[forward, left] offsets are for square boards; on a {rough.kind} "
                                                  "board name the directions")
    zone_nodes: dict[str, Any] = {}
    for z, value in (spec.get("zones") or {}).items():
        if isinstance(value, dict):
            per = {}
            for seat_name in value:
                if seat_name not in players:
                    ch.error(("zones", z, seat_name), f"'{seat_name}' is not a player "
                                                       f"({', '.join(players)})", key=True)
                    continue
                node = ch.parse(("zones", z, seat_name), "zone")
                if node is not None:
                    per[players.index(seat_name)] = node
            zone_nodes[z] = per
        else:
            node = ch.parse(("zones", z), "zone")
            if node is not None:
                zone_nodes[z] = node
    for z, value in zone_nodes.items():
        for seat, node in (value.items() if isinstance(value, dict) else [(None, value)]):
            path = ("zones", z) if seat is None else ("zones", z, players[seat])
            _check_zone(ch, path, node, rough, zone_nodes, [z], forward)
    for name in list(dirsets) + list(zone_nodes):
        if name in RESERVED:
            ch.error(("directions" if name in dirsets else "zones", name), f"'{name}' is a word of the language", key=True)
    for name in set(dirsets) & set(zone_nodes):
        ch.error(("zones", name), f"'{name}' names both a zone and a direction set", key=True)

    # a zone whose own sentence failed is still a zone's name: no follow-on "unknown" findings
    declared = {**{z: None for z in (spec.get("zones") or {})}, **zone_nodes}
    kinds = _kinds(ch, spec, declared)
    kind_names = [k.name for k in kinds]
    for name in kind_names:
        if name in dirsets or name in zone_nodes or name in RESERVED:
            ch.error(("pieces", name), f"'{name}' names a piece kind and something else", key=True)
    if "tiles" in spec:
        ch.error(("tiles",), "tiles belong to an open board, not a grid", key=True)
    vocab = grid_vocabulary(len(players), declared, dirsets, rough, kind_names, spec=spec,
                            counted=any(k.count is not None for k in kinds))
    uses: set[str] = set()
    general = len(kinds) > 1 or any(k.neutral or k.promote_to or k.resets_quiet for k in kinds)

    def typed(path, v, expect, what, in_end=False):
        node = ch.typed(path, v, expect, what=what)
        if node is not None:
            uses.update(_words(node))
            for n in dsl.walk(node):
                if isinstance(n, dsl.Name) and n.dotted in ("stuck", "all_stuck") and not in_end:
                    _bad(ch, path, n, f"'{n.dotted}' asks whether a player can move: it belongs to `end` "
                                      "and `evaluate`, not to rules that decide the moves")
                    return None
                if isinstance(n, dsl.Call) and n.func in ("neighbour", "first") and len(n.args) == 2 and \
                        isinstance(n.args[1], dsl.Name) and n.args[1].dotted in dirsets and \
                        len(dirsets[n.args[1].dotted]) != 1:
                    _bad(ch, path, n.args[1], f"{n.func}() needs one direction, and '{n.args[1].dotted}' has "
                                              f"{len(dirsets[n.args[1].dotted])} (name a direction word such as "
                                              "south, or a set of one)")
                    return None
        return node

    phases = []
    for i, ph in enumerate(spec["phases"]):
        path = ("phases", i)
        for k in ("draw", "place", "sell", "until", "start", "ends"):
            if k in ph:
                ch.error(path + (k,), f"'{k}' belongs to tile games, not to a grid phase", key=True)
        if "turns" in ph and "plies" in ph:
            ch.error(path + ("plies",), f"phase '{ph['name']}' gives both 'turns' and 'plies': its length is one "
                                        "or the other", key=True)
        if ph.get("turns") is None and ph.get("plies") is None and i < len(spec["phases"]) - 1:
            ch.error(path, f"phase '{ph['name']}' needs 'turns' (or 'plies'): only the last phase lasts until the end",
                     key=True)
        pv = vocab
        lets = []
        for name, _text in (ph.get("let") or {}).items():
            if name in pv.names or name in RESERVED:
                ch.error(path + ("let", name), f"'{name}' is already a name here", key=True)
                continue
            node = typed(path + ("let", name), pv.child(**LANDING), (INT, BOOL, DIRS, CELL, GROUP), f"let {name}")
            if node is None:
                continue
            if node.level >= 2:
                ch.error(path + ("let", name), f"let {name} cannot depend on the landing cell")
                continue
            lets.append((name, node))
            pv = pv.child(**{name: Symbol(node.type, f"v_{name}", node.level)})
        by_kind: list[tuple[int | None, list]] = []
        places, drops, sows = [], [], []
        move = ph.get("move")
        if move is None:
            ch.error(path, f"phase '{ph['name']}' needs a 'move'", key=True)
            move = {}
        entries = [(None, path + ("move",))] if isinstance(move, str) else \
            [(k, path + ("move", k)) for k in move]
        for kname, mpath in entries:
            if kname is not None and kname not in kind_names:
                ch.error(mpath, f"unknown piece kind '{kname}' (kinds: {', '.join(kind_names)})", key=True)
                continue
            if kname is not None:
                general = True
            node = ch.parse(mpath, "pattern")
            if node is None:
                continue
            mine = []
            for alt in _alternatives(node):
                first = _first_action(alt)
                if isinstance(alt, dsl.Action) and alt.name == "sow":
                    sw = sow_word.check(lambda n, m: _bad(ch, mpath, n, m), alt, declared, list(rough.directions))
                    if sw and kname is not None:
                        _bad(ch, mpath, alt, "a sowing is a move of its own: write it in the phase's plain `move:` "
                                             "text, not under a piece kind")
                    elif sw and any(p.sows for p in phases) or sw and sows:
                        _bad(ch, mpath, alt, "a game sows one way: one sow(...) in all its phases")
                    elif sw:
                        sows.append(sw)
                        general = True
                    continue
                if isinstance(alt, dsl.Action) and alt.name == "drop":
                    d = _check_drop(ch, mpath, alt, declared)
                    if d and kname is None:
                        drops.append(d)
                    elif d:
                        _bad(ch, mpath, alt, "a drop puts new pieces on the board: write it in the phase's "
                                             "plain `move:` text, not under a piece kind")
                    continue
                if first == "place" and kname is not None and "kind" not in _first_place(alt).kwargs:
                    placed = _first_place(alt)      # a kind's own placement (a drop from the hand)
                    placed.kwargs["kind"] = dsl.Name((kname,), line=placed.line, column=placed.column)
                ok, new_words = _check_pattern(ch, mpath, alt, pv, declared, kinds, placement=first == "place")
                if not ok:
                    continue
                for a in pattern_actions(alt):
                    if isinstance(WORDS[a.name].takes, tuple):
                        for arg in a.args:
                            uses.update(_words(arg))
                    for k in WORDS[a.name].exprs:
                        if k in a.kwargs:
                            uses.update(_words(a.kwargs[k]))
                general = general or new_words
                if first == "place":
                    placed = _first_place(alt)
                    if kname is not None and placed.kwargs.get("kind") is not None and \
                            placed.kwargs["kind"].dotted != kname:
                        _bad(ch, mpath, placed, f"a placement written under the kind '{kname}' places a {kname} "
                                                f"(here kind={placed.kwargs['kind'].dotted})")
                        continue
                    places.append(alt)
                    general = True
                else:
                    mine.append(alt)
            if mine:
                by_kind.append((None if kname is None else kind_names.index(kname), mine))
        rules = []
        for name in (ph.get("landing") or {}):
            node = typed(path + ("landing", name), pv.child(**LANDING), (BOOL,), f"landing rule {name}")
            if node is not None:
                rules.append(Rule(name, node, path + ("landing", name)))
        legal = []
        for name in (ph.get("legal") or {}):
            # (on the position after the move: `stuck` is the next player's, `placed` says the
            # move put a new piece on the board)
            node = typed(path + ("legal", name), vocab.child(placed=Symbol(BOOL, "placed")), (BOOL,),
                         f"legal rule {name}", in_end=True)
            if node is not None:
                legal.append(Rule(name, node, path + ("legal", name)))
                general = True
        priority = ph.get("priority") == "capture"
        if priority:
            general = True
            if drops:
                ch.error(path + ("priority",), "a phase with a capture priority cannot also drop pieces")
        phases.append(Phase(ph["name"], ph.get("turns"), lets, by_kind, places, drops, rules, priority, path, legal,
                            ph.get("plies"), sows))

    end = spec.get("end") or {}
    win = typed(("end", "win"), vocab, (BOOL,), "end.win", True) if "win" in end else None
    lose = typed(("end", "lose"), vocab, (BOOL,), "end.lose", True) if "lose" in end else None
    draw = typed(("end", "draw"), vocab, (BOOL,), "end.draw", True) if "draw" in end else None
    over = typed(("end", "over"), vocab, (BOOL,), "end.over", True) if "over" in end else None
    if over is not None and "scoring" not in spec:
        ch.error(("end", "over"), "end.over ends the game by score: it needs a 'scoring' section", key=True)
    blocked = end.get("blocked", "pass")
    if blocked not in ("pass", "lose", "draw"):
        opts = spec.get("options") or {}
        oname = blocked[7:] if isinstance(blocked, str) and blocked.startswith("option.") else None
        if oname is None or oname not in opts:
            ch.error(("end", "blocked"), "end.blocked must be pass, lose, draw or option.NAME")
        elif not set(opts[oname].get("choices", [opts[oname].get("default")])) <= {"pass", "lose", "draw"}:
            ch.error(("end", "blocked"), f"option {oname} must offer only the choices pass, lose and draw")
    if end.get("pass", "blocked") not in ("blocked", "always"):
        ch.error(("end", "pass"), "end.pass must be blocked (a player passes only without a move) or always")
    elif end.get("pass") == "always" and blocked != "pass":
        ch.error(("end", "pass"), "end.pass: always needs end.blocked: pass")
    scoring = []
    for name in spec.get("scoring") or {}:
        node = typed(("scoring", name), vocab, (INT,), f"score part {name}", True)
        if node is not None:
            scoring.append((name, node))
    evaluate = typed(("evaluate",), vocab, (INT,), "evaluate", True) if "evaluate" in spec else None
    if "attacked()" in uses:
        _check_attacks(ch, phases, kinds, topo.direction_sets(dirsets, rough), set(zone_nodes))
    general = general or bool(uses & GENERAL_WORDS) or over is not None or bool(scoring) or \
        any(k.moved for k in kinds) or "notation" in spec
    position = _position_rules(ch, spec, vocab, uses, general)
    _check_counted(ch, spec, kinds, phases)
    places = {}
    for ph in phases:
        for r in ph.rules + ph.legal:
            p = ch.src.place(r.path, key=True)
            places[(ph.name, r.name)] = f"{getattr(p, 'file', None) or ch.src.file}:{p.line}"
        move = spec["phases"][ph.path[-1]].get("move")
        for mpath in [ph.path + ("move",)] if isinstance(move, str) else \
                [ph.path + ("move", k) for k in (move or {})]:      # where each pattern is, for --why
            p = ch.src.place(mpath)
            places[mpath] = f"{getattr(p, 'file', None) or ch.src.file}:{p.line}"
    for r in position:
        p = ch.src.place(r.path, key=True)
        places[("position", r.name)] = f"{getattr(p, 'file', None) or ch.src.file}:{p.line}"
    rules = GridRules(spec, ch.src.file, players, forward, seating, shape_t, cells_node, dirsets, zone_nodes,
                      kinds, phases, win, draw, over, blocked, scoring, evaluate, general, places, uses,
                      dict(board.get("blocks") or {}), lose, end.get("pass") == "always", sized, position)
    if not ch.findings:
        _check_board(ch, rules)
    if not ch.findings:
        _warn_never_won(ch, rules, vocab)
    return rules


def _warn_never_won(ch, rules: GridRules, vocab) -> None:
    """A warning where end.win can never hold for any player, counting pieces (reach.py)."""
    from .reach import never_holds
    if rules.win is None:
        return
    geo = rules.used_topology()
    found = [never_holds(rules, geo, vocab, rules.win, s) for s in range(len(rules.players))]
    if all(found):
        node, why = found[0]
        rules.warnings.append(str(ch.src.finding(("end", "win"), f"warning: end.win can never hold: {why}",
                                                 inner=(node.line, node.column))))


# the words whose tables or state slots a game builds only when its rules use them
_BUILT_FOR_USE = {"in_a_row()", "open_rows()", "connected()", "one_group()", "area()", "attacked()"}


def _position_rules(ch, spec: dict, vocab, uses: set, general: bool) -> list[Rule]:
    """`position:`, the rules every set position must satisfy (asked for each player when a
    position file is read). They are compiled only then, so they change nothing of the game's
    compiled code: a word whose tables or state the game builds only for its other rules must
    be used by those rules too."""
    out = []
    for name in spec.get("position") or {}:
        path = ("position", name)
        node = ch.typed(path, vocab, (BOOL,), what=f"position rule {name}")
        if node is None:
            continue
        missing = sorted(w for w in _words(node) - uses - {"kind-group"}
                         if w in _BUILT_FOR_USE or (w in GENERAL_WORDS and not general)
                         or w in ("stuck", "all_stuck"))
        if missing:
            ch.error(path, f"position rule {name} uses {missing[0]}, which this game's other rules do not: a position "
                           "rule counts and places pieces (count, all, none, any, zones, piece kinds)")
            continue
        out.append(Rule(name, node, path))
    return out


def _dimension(ch, spec: dict, v, key: str, sized: dict, section: str = "grid") -> int:
    """A square board's files or ranks: a number, or option.NAME (its default here; GridKind
    compiles the board of the option's value); `sized` learns which option sets it."""
    if isinstance(v, int):
        return v
    o = (spec.get("options") or {}).get(v[7:])
    if o is None or isinstance(o.get("default"), bool) or not isinstance(o.get("default"), int):
        ch.error(("board", section, key), f"board.{section}.{key}: '{v}' is not a whole-number option")
        return 1
    sized[key] = v[7:]
    return o["default"]


def _first_place(alt) -> dsl.Action:
    """The place(...) action a placement alternative starts with."""
    return next(a for a in pattern_actions(alt) if a.name == "place")


def _topology(board: tuple) -> topo.Topology:
    """The topology a checked board tuple describes."""
    if board[0] == "square":
        return topo.square(board[1], board[2], None, *board[3:])
    if board[0] == "hex":
        return topo.hex_board(board[1], board[2], board[3], board[4])
    if board[0] == "ring":
        return topo.Graph(*ring_graph(board[1]))
    _kind, names, xy, links, opposite = board
    return topo.Graph(list(names), list(xy), {d: list(pairs) for d, pairs in links}, dict(opposite))


def _graph_board(ch, spec: dict) -> tuple:
    """A graph board's points, links and opposite directions as a board tuple; every bad link
    a finding at its place."""
    names = list(spec["cells"])
    index = {n: i for i, n in enumerate(names)}
    links = []
    for d, pairs in spec["links"].items():
        if d in topo.RELATIVE:
            ch.error(("board", "graph", "links", d), f"'{d}' names a direction as a seat sees it: name links otherwise",
                     key=True)
        found, starts = [], set()
        for j, text in enumerate(pairs):
            ends = text.split()
            unknown = [e for e in ends if e not in index]
            if len(ends) != 2 or unknown:
                ch.error(("board", "graph", "links", d, j), "a link is 'FROM TO', two points of board.graph.cells"
                                                            + (f" ('{unknown[0]}' is none)" if unknown else ""))
                continue
            a, b = index[ends[0]], index[ends[1]]
            if a == b or a in starts:
                ch.error(("board", "graph", "links", d, j), f"point {ends[0]} has {'a link to itself' if a == b else 'two ' + d + ' links'}"
                                                            " (a point has at most one link of each direction)")
                continue
            starts.add(a)
            found.append((a, b))
        links.append((d, tuple(found)))
    opposite = []
    for d, o in (spec.get("opposite") or {}).items():
        if d not in spec["links"]:
            ch.error(("board", "graph", "opposite", d), f"'{d}' is not a direction of board.graph.links", key=True)
        elif o in spec["links"] or o == d:
            ch.error(("board", "graph", "opposite", d), f"'{o}' names links of their own: the opposite of {d} is a "
                                                        "new name for its links run back")
        else:
            opposite.append((d, o))
    return ("graph", tuple(names), tuple(tuple(p) for p in spec["cells"].values()), tuple(links), tuple(opposite))


def _check_board(ch, rules: GridRules) -> None:
    """What needs the board's used cells: a zone naming an unused cell, and a drop that could
    list more than MAX_DROP_MOVES moves in one position (C(n, k) ways to put k reserve pieces
    on n free cells), refused here rather than filling the memory while playing."""
    from math import comb
    geo = rules.used_topology()
    for z, value in rules.zones.items():
        for seat, node in (value.items() if isinstance(value, dict) else [(None, value)]):
            for n in dsl.walk(node):
                if isinstance(n, dsl.ZoneCells):
                    for c in n.cells:
                        i = geo.parse_cell(c)
                        if i is None or not geo.used[i]:
                            _bad(ch, ("zones", z) if seat is None else ("zones", z, rules.players[seat]), n,
                                 f"cell {c} is not a used cell of this board (board.cells leaves it out)")
    from .words.turn import block_cells
    if rules.blocks and geo.kind != "square":
        ch.error(("board", "blocks"), "blocks turn on a square grid (board.grid)", key=True)
        return
    for name, blocks in rules.blocks.items():
        for j, text in enumerate(blocks):
            cells = block_cells(geo, text)
            if isinstance(cells, str):
                ch.error(("board", "blocks", name, j), cells)
    from .functions.lines import line_cells
    for j, text in enumerate(ch.src.data["board"].get("lines") or ()):
        cells = line_cells(geo, text)
        if isinstance(cells, str):
            ch.error(("board", "lines", j), cells)
    if not ch.src.data["board"].get("lines") and {"in_line()", "outside_lines()"} & rules.words:
        ch.error(("board",), "in_line() and outside_lines() read the board's lines: name them in board.lines "
                             "(lines: [a1 d1 g1, ...])", key=True)
    reserve = sum(k.reserve for k in rules.kinds)
    for ph in rules.phases:
        for znode, count in ph.drops:
            k = reserve if count is None else count
            n = max(len(rules.zone_cells(geo, znode.dotted, s, rules.forward[s])) for s in range(len(rules.players)))
            if comb(n, min(k, n)) > MAX_DROP_MOVES:
                move = ph.path + ("move",)
                _bad(ch, move, znode, f"drop({znode.dotted}) of {k} pieces onto {n} cells could list "
                                      f"{comb(n, min(k, n)):,} moves at once (at most {MAX_DROP_MOVES:,})")


def _seating(ch, spec, players) -> dict[int, list[int]]:
    seating = spec.get("seating")
    if not seating:
        pc = spec.get("player_count")
        if pc:
            lo, hi = pc.get("min", len(players)), pc.get("max", len(players))
            return {k: list(range(k)) for k in range(lo, hi + 1)}
        return {len(players): list(range(len(players)))}
    out = {}
    for count, names in seating.items():
        try:
            k = int(count)
        except (TypeError, ValueError):
            ch.error(("seating", count), "seating keys are numbers of players", key=True)
            continue
        idx = []
        for j, nm in enumerate(names):
            if nm not in players:
                ch.error(("seating", count, j), f"'{nm}' is not a player ({', '.join(players)})")
            else:
                idx.append(players.index(nm))
        if len(idx) == len(names) and (len(idx) != k or len(set(idx)) != k):
            ch.error(("seating", count), f"seating for {k} players must name {k} different players")
        out[k] = idx
    return out


def _kinds(ch, spec, zones) -> list[Kind]:
    out = []
    pieces = spec.get("pieces") or {}
    if not pieces:
        ch.error((), "a grid game needs a 'pieces' section", key=True)
        return [Kind("piece")]
    for name, d in pieces.items():
        d = d or {}
        k = Kind(name, d.get("start"), d.get("reserve", 0), resets_quiet=bool(d.get("resets_quiet")),
                 neutral=bool(d.get("neutral")), moved=d.get("moved"), symbol=d.get("symbol"), count=d.get("count"))
        if isinstance(k.count, str):
            o = (spec.get("options") or {}).get(k.count[7:]) if k.count.startswith("option.") else None
            if o is None or isinstance(o.get("default"), bool) or not isinstance(o.get("default"), int):
                ch.error(("pieces", name, "count"), f"count: '{k.count}' is not a number or a whole-number option")
        if k.start is not None and k.start not in zones:
            ch.error(("pieces", name, "start"), f"unknown zone '{k.start}'")
        if k.moved is not None and (k.moved not in pieces or k.moved == name):
            ch.error(("pieces", name, "moved"), f"unknown piece kind '{k.moved}'" if k.moved not in pieces
                     else "a kind cannot become itself once moved")
        pr = d.get("promote")
        if pr:
            listed = isinstance(pr["to"], list)
            to = pr["to"] if listed else [pr["to"]]
            for j, t in enumerate(to):
                if t not in pieces:
                    ch.error(("pieces", name, "promote", "to") + ((j,) if listed else ()), f"unknown piece kind '{t}'")
            where = pr["in"]
            if where.startswith("opponent."):
                where = where[9:]
            if where not in zones:
                ch.error(("pieces", name, "promote", "in"), f"unknown zone '{pr['in']}'")
            k.promote_to, k.promote_in = to, pr["in"]
            k.promote_on_the_way = bool(pr.get("on_the_way"))
            k.promote_optional, k.promote_leaving = bool(pr.get("optional")), bool(pr.get("leaving"))
            k.promote_must_in = pr.get("must_in")
            if k.promote_must_in is not None and k.promote_must_in.removeprefix("opponent.") not in zones:
                ch.error(("pieces", name, "promote", "must_in"), f"unknown zone '{k.promote_must_in}'")
            if k.promote_optional and len(to) > 1:
                ch.error(("pieces", name, "promote", "optional"), "an optional promotion makes one kind: "
                                                                  "promote.to names one kind here")
            if k.promote_on_the_way and len(to) > 1:
                ch.error(("pieces", name, "promote", "on_the_way"), "a promotion on the way makes one kind: "
                                                                    "promote.to names one kind here")
        k.hand = d.get("hand")
        if k.hand is not None and k.hand not in pieces:
            ch.error(("pieces", name, "hand"), f"unknown piece kind '{k.hand}'")
        out.append(k)
    reserved = [k.name for k in out if k.reserve]
    if reserved and any(k.hand for k in out):
        ch.error(("pieces", reserved[0], "reserve"), "a game with hands (`hand:`) holds its pieces there, "
                                                     "not in a reserve")
    if len(reserved) > 1:
        ch.error(("pieces", reserved[1], "reserve"), f"only one kind of piece has a reserve (here {', '.join(reserved)}): "
                                                     "drops and placements of that kind take from it")
    return out


def _bad(ch, path, node, msg):
    ch.findings.append(ch.src.finding(path, msg, inner=(node.line, node.column)))


def _check_zone(ch, path, node, t: topo.Topology, zones, trail, forward, cycles_only=False, start=None):
    """Findings of a zone sentence; through a reference to another zone only a cycle is looked
    for (that zone's own findings are reported once, with it), located at the reference in this
    zone's own sentence that leads into it (`start`)."""
    if isinstance(node, dsl.ZoneUnion):
        _check_zone(ch, path, node.left, t, zones, trail, forward, cycles_only, start)
        _check_zone(ch, path, node.right, t, zones, trail, forward, cycles_only, start)
    elif isinstance(node, dsl.ZoneOpposite):
        _check_zone(ch, path, node.zone, t, zones, trail, forward, cycles_only, start)
    elif isinstance(node, dsl.ZoneRef):
        here = start or (path, node)
        if node.name not in (ch.src.data.get("zones") or {}):
            if not cycles_only:
                _bad(ch, path, node, f"unknown zone '{node.name}'")
        elif node.name == trail[0]:
            _bad(ch, here[0], here[1], f"zone '{node.name}' is defined by itself ({' -> '.join(trail + [node.name])})")
        elif node.name not in trail and node.name in zones and not isinstance(zones[node.name], dict):
            _check_zone(ch, ("zones", node.name), zones[node.name], t, zones, trail + [node.name], forward, True, here)
    elif cycles_only:
        return
    elif isinstance(node, dsl.ZoneLines):
        # as many ranks (files) as the fewest any seat sees
        top = min(1 + max(t.lines_along(f if node.axis == "rank" else t.file_axis(f))) for f in forward)
        if not (1 <= node.low <= node.high <= top):
            _bad(ch, path, node, f"{node.axis}s must lie within 1..{top}, low to high")
    elif isinstance(node, dsl.ZoneCells):
        for c in node.cells:
            if t.parse_cell(c) is None:
                _bad(ch, path, node, f"cell {c} is not a cell of this board")
    elif isinstance(node, dsl.ZoneEdge):
        d = node.direction
        if d not in t.directions and d not in topo.RELATIVE:
            words = [w.replace("-", "_") for w in list(t.directions) + list(topo.RELATIVE)]
            _bad(ch, path, node, f"edge({d.replace('-', '_')}): not a direction of this board ({', '.join(words)})")
        elif d in topo.RELATIVE:
            seats = [s for s, f in enumerate(forward) if t.relative(f, d) is None]
            if seats:
                names = ch.src.data["players"]
                who = names[seats[0]] if isinstance(names[seats[0]], str) else names[seats[0]]["name"]
                _bad(ch, path, node, f"edge({d.replace('-', '_')}): {who} has no direction {d} on this board")


_OWN_MOVES = ("place", "drop", "sow")     # the words a top-level alternative of its own starts with


def _alternatives(node):
    """A move text's top-level alternatives. A leading group of choices of which one starts a
    placement, a drop or a sowing, `(place(z) | step(d)) T`, is read as one alternative per
    choice, each followed by its own copy of the rest: `place(z) T | step(d) T`."""
    if isinstance(node, dsl.Alt):
        return _alternatives(node.left) + _alternatives(node.right)
    lead = node
    while isinstance(lead, dsl.Seq):
        lead = lead.left
    if lead is not node and isinstance(lead, dsl.Alt) and \
            any(_first_action(c) in _OWN_MOVES for c in _alternatives(lead)):
        return [alt for choice in _alternatives(lead) for alt in _alternatives(_lead_with(node, choice))]
    return [node]


def _lead_with(seq, choice):
    """The sequence `seq` with its first element replaced by `choice` (the rest copied)."""
    import copy
    if isinstance(seq.left, dsl.Seq):
        return dsl.Seq(_lead_with(seq.left, choice), copy.deepcopy(seq.right), line=seq.line, column=seq.column)
    return dsl.Seq(choice, copy.deepcopy(seq.right), line=seq.line, column=seq.column)


def _first_action(node) -> str | None:
    if isinstance(node, dsl.Action):
        return node.name
    if isinstance(node, dsl.Seq):
        return _first_action(node.left)
    if isinstance(node, dsl.Rep):
        return _first_action(node.body)
    if isinstance(node, dsl.Alt):
        a, b = _first_action(node.left), _first_action(node.right)
        return "place" if "place" in (a, b) else a
    return None


def _check_counted(ch, spec, kinds, phases) -> None:
    """Counted pieces move only by sowing, and a sowing moves counted pieces owned by nobody:
    the counts follow no other word."""
    counted = [k for k in kinds if k.count is not None]
    sows = [(ph, s) for ph in phases for s in ph.sows]
    for k in counted:
        if not k.neutral:
            ch.error(("pieces", k.name, "count"), f"a counted kind is owned by nobody here: give {k.name} "
                                                  "`neutral: true`")
    if len(counted) > 1:
        ch.error(("pieces", counted[1].name, "count"), "one kind at most stands in counts")
    for ph in phases:
        if counted and (ph.kinds or ph.places or ph.drops):
            ch.error(ph.path + ("move",), f"the pieces of {counted[0].name} stand in counts, which only sow moves: "
                                          "a phase of this game sows")
    for ph, s in sows:
        if not counted:
            _bad(ch, ph.path + ("move",), s.node, "sow moves the pieces of a counted kind: give a kind `count:`")


def _check_drop(ch, path, node: dsl.Action, zones):
    if len(node.args) != 1 or not isinstance(node.args[0], dsl.Name):
        _bad(ch, path, node, "drop needs one zone: drop(ZONE) or drop(ZONE, count=N|all)")
        return None
    z = node.args[0]
    if z.dotted not in zones:
        _bad(ch, path, z, f"unknown zone '{z.dotted}'" + (" (every cell is the zone word 'all' in a zone, "
                                                        "not here: declare a zone such as `board: all`)"
                                                        if z.dotted == "all" else ""))
        return None
    count = 1
    for k, v in node.kwargs.items():
        if k != "count":
            _bad(ch, path, v, f"drop takes no option '{k}' (only count)")
            return None
        if isinstance(v, dsl.Num):
            count = v.value
        elif isinstance(v, dsl.Name) and v.dotted == "all":
            count = None
        else:
            _bad(ch, path, v, "count must be a number or all")
            return None
    return (z, count)


def _check_pattern(ch, path, node, vocab, zones, kinds, placement: bool) -> tuple[bool, bool]:
    """(pattern is good, pattern needs the general generator)."""
    ok, general = True, False
    kind_names = [k.name for k in kinds]

    def bad(n, msg):
        nonlocal ok
        ok = False
        _bad(ch, path, n, msg)

    def walk(n, first):
        nonlocal general
        if isinstance(n, dsl.Seq):
            walk(n.left, first)
            walk(n.right, False)
        elif isinstance(n, dsl.Alt):
            walk(n.left, first)
            walk(n.right, first)
        elif isinstance(n, dsl.Rep):
            if n.quant in ("++", "*+"):
                general = True
            walk(n.body, first and n.quant in ("+", "++"))
        elif isinstance(n, dsl.Action):
            word = WORDS.get(n.name)
            if n.name in ("drop", "sow"):
                bad(n, f"{n.name} stands alone, as one alternative of a move")
                return
            if word is None:
                bad(n, f"unknown action '{n.name}' (actions: {', '.join(WORDS)})")
                return
            if not word.plain:
                general = True
            if n.name == "place" and not first:
                bad(n, "place puts a new piece on the board: it can only start a move")
            if isinstance(word.takes, tuple):
                _check_expr_action(n, word, vocab, bad)
                return
            if n.name != "place" and placement and first:
                bad(n, "a move that places a piece starts with place(...)")
            if len(n.args) != 1:
                what = {ZONE: "a zone", "blocks": "a set of blocks"}.get(word.takes, "a direction set")
                bad(n, f"{n.name} needs {what}: {word.written}")
                return
            arg = n.args[0]
            if word.takes == "blocks":
                blocks = ch.src.data["board"].get("blocks") or {}
                if not isinstance(arg, dsl.Name) or arg.dotted not in blocks:
                    bad(arg, f"{n.name} needs the name of a set of board.blocks, not '{getattr(arg, 'dotted', arg)}'"
                             + (f" (blocks: {', '.join(blocks)})" if blocks else " (the board declares no blocks)"))
            elif word.takes == ZONE:
                if not isinstance(arg, dsl.Name) or arg.dotted not in zones:
                    bad(arg, f"{n.name} needs a zone's name, not '{getattr(arg, 'dotted', arg)}'")
            else:
                try:
                    t, _ = typecheck(arg, vocab)
                except DslError as e:
                    bad(arg, e.message + (f" ({n.name} takes a direction set: a name from `directions:`, or "
                                          "a direction word such as front, north_east, adjacent)"
                                          if "unknown name" in e.message else ""))
                    return
                if t != DIRS:
                    bad(arg, f"{n.name} needs a direction set, not {'an' if t[0] in 'aeiou' else 'a'} {t}")
            allowed = word.options
            for k, v in n.kwargs.items():
                if k in word.exprs:
                    _check_expr_keyword(n, k, v, word, vocab, bad)
                    continue
                if k not in allowed:
                    known = [*allowed, *word.exprs]
                    bad(v, f"{n.name} takes no option '{k}'" + (f" (it takes {', '.join(known)})" if known else ""))
                    continue
                value = v.dotted if isinstance(v, dsl.Name) else None
                if allowed[k] is None:          # a piece kind's name
                    if value not in kind_names:
                        bad(v, f"unknown piece kind '{value}' (kinds: {', '.join(kind_names)})")
                elif value not in allowed[k] and not ("option" in allowed[k] and value and value.startswith("option.")):
                    words = [w if w != "option" else "option.NAME" for w in allowed[k]]
                    bad(v, f"{k} must be {', '.join(words[:-1])} or {words[-1]}")
            word.check(n, bad, kinds)
            if word.can_capture(n):
                general = True
        else:
            bad(n, "not a pattern")
    walk(node, True)
    return ok, general


def _check_expr_keyword(n, k, v, word, vocab, bad) -> None:
    """A keyword option whose value is an expression (custodial(D, of=theirs.man)): typed in the
    landing rules' vocabulary, and known before the landing (per turn or per origin)."""
    want = word.exprs[k]
    try:
        got, level = typecheck(v, vocab.child(**LANDING))
    except DslError as e:
        bad(v, e.message)
        return
    if got not in want:
        bad(v, f"{n.name}({k}=...) needs {' or '.join(('an ' if t[0] in 'aeiou' else 'a ') + t for t in want)}, "
               f"not {'an' if got[0] in 'aeiou' else 'a'} {got}")
    elif level > 1:
        bad(v, f"{n.name}({k}=...) is read before the piece lands: it cannot depend on the landing cell")


def _check_expr_action(n, word, vocab, bad) -> None:
    """A word whose arguments are expressions (when(CONDITION), take(CELL), shift(FROM, TO)):
    typed in the landing rules' vocabulary (`landing` is the cell the piece stands on at that
    point of the move)."""
    want = word.takes
    if len(n.args) != len(want) or n.kwargs:
        bad(n, f"{n.name} takes {len(want)} argument{'s' if len(want) > 1 else ''}: {word.written}")
        return
    v = vocab.child(**LANDING)
    for arg, t in zip(n.args, want):
        try:
            got, _ = typecheck(arg, v)
        except DslError as e:
            bad(arg, e.message)
            continue
        if got != t:
            bad(arg, f"{n.name} needs {'an' if t[0] in 'aeiou' else 'a'} {t} here, not {'an' if got[0] in 'aeiou' else 'a'} {got}")
            continue
        for x in dsl.walk(arg):
            if isinstance(x, dsl.Name) and x.dotted in ("stuck", "all_stuck"):
                bad(x, f"'{x.dotted}' asks whether a player can move: it belongs to `end` and `evaluate`, "
                       "not to rules that decide the moves")


def _check_attacks(ch, phases, kinds, sets, zones) -> None:
    """`attacked()` counts the captures a piece makes by a lone step, slide or hop onto the cell
    (an alternative of its own), or by a stepping sequence (steps onto empty cells, then a
    capturing step). A capturing step, slide or hop inside another longer pattern (after or
    before a when(...), or with other actions) would be silently left out of that count: refused."""
    from .functions.attacked import leg
    for ph in phases:
        for ki, alts in ph.kinds:
            path = ph.path + (("move",) if ki is None else ("move", kinds[ki].name))
            for alt in alts:
                if isinstance(alt, dsl.Action):
                    continue
                if leg(alt, sets, zones):
                    continue
                for a in pattern_actions(alt):
                    if a.name in ("step", "slide", "hop") and WORDS[a.name].can_capture(a):
                        _bad(ch, path, a, f"attacked() counts a capturing {a.name} only when it is a whole "
                                          f"alternative of its own ('| {a.name}(..., capture=...)'), or a step the last "
                                          "of a sequence of steps onto empty cells (between zone tests "
                                          "when(landing in ZONE)); here it is part of a longer "
                                          "pattern (a when(...) or other actions), so attacked() "
                                          "could not see this capture: write the capture as its own alternative, "
                                          "or do without attacked()")


def _words(node) -> set[str]:
    """The names and functions an expression uses."""
    out = set()
    for n in dsl.walk(node):
        if isinstance(n, dsl.Name):
            if len(n.parts) > 1 and n.parts[0] in ("mine", "theirs"):
                out |= {n.parts[0], "kind-group"}
            else:
                out.add(n.dotted)
        elif isinstance(n, dsl.Call):
            out.add(n.func + "()")
    return out
