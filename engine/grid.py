"""Grid games: a fixed board of cells, pieces that step, jump and drop, zones, phases.

`check_grid` reads the game file's grid words into typed rules; `GridRules.compile` turns
them into a GridGame whose move generation is Python source generated for this game and
these option values (see `_FastPhaseCode`; `_PhaseCode`, a plainer search, serves instrumented
games and `explain`), as are its apply and legal_moves: no tree is walked while a game runs.

A state is a tuple (cells, boards, reserves, to_move, ply, passes, result):
  cells     bytes, one per grid cell: 0 empty, else the owner's seat + 1
  boards    one int bitboard per seat (bit i = cell i), for zone counts by mask
  reserves  pieces each seat still holds off the board
  result    None while the game runs, else the tuple of winning seats (() for a draw)
"""
from __future__ import annotations

import itertools
import re
from dataclasses import dataclass, field
from typing import Any

from . import dsl
from .api import Outcome, RulebookError, parse_by_notation
from .check import Checker, option_symbols
from .expr import BOOL, CELL, DIRS, GROUP, INT, SELECTION, ZONE, Emitter, Function, Symbol, Vocabulary, typecheck
from .dsl import DslError
from .boards.grid.fastgen import LANDING, _Allow, _FastPhaseCode, _PhaseCode

PASS = "pass"

_COMPASS = {"north": (0, 1), "south": (0, -1), "east": (1, 0), "west": (-1, 0)}
_RELATIVE = {  # (forward units, left units)
    "front": (1, 0), "back": (-1, 0), "left": (0, 1), "right": (0, -1),
    "front-left": (1, 1), "front-right": (1, -1), "back-left": (-1, 1), "back-right": (-1, -1),
}
_FILES = "abcdefghijklmnopqrstuvwxyz"


# ---------------------------------------------------------------- geometry
@dataclass
class Geometry:
    files: int
    ranks: int
    used: list[bool]                    # per cell index (rank * files + file)
    forward: list[tuple[int, int]]      # per seat

    def index(self, f: int, r: int) -> int:
        return r * self.files + f

    def inside(self, f: int, r: int) -> bool:
        return 0 <= f < self.files and 0 <= r < self.ranks and self.used[r * self.files + f]

    def name(self, i: int) -> str:
        return f"{_FILES[i % self.files]}{i // self.files + 1}"

    def parse_cell(self, text: str) -> int | None:
        if len(text) < 2 or text[0] not in _FILES[:self.files] or not text[1:].isdigit():
            return None
        f, r = _FILES.index(text[0]), int(text[1:]) - 1
        return self.index(f, r) if self.inside(f, r) else None

    def vector(self, seat: int, rel: str) -> tuple[int, int]:
        fw, lf = _RELATIVE[rel]
        dx, dy = self.forward[seat]
        left = (-dy, dx)                  # forward turned a quarter left
        return (fw * dx + lf * left[0], fw * dy + lf * left[1])

    def relative_rank(self, seat: int, i: int) -> int:
        """0 on the seat's home edge, growing forward."""
        f, r = i % self.files, i // self.files
        dx, dy = self.forward[seat]
        if dy:
            return r if dy > 0 else self.ranks - 1 - r
        return f if dx > 0 else self.files - 1 - f

    def relative_file(self, seat: int, i: int) -> int:
        """0 on the seat's left edge, growing to its right."""
        f, r = i % self.files, i // self.files
        dx, dy = self.forward[seat]
        if dy:
            return f if dy > 0 else self.files - 1 - f
        return self.ranks - 1 - r if dx > 0 else r


# ---------------------------------------------------------------- checked rules
@dataclass
class Rule:
    name: str
    node: dsl.Node
    path: tuple


@dataclass
class Phase:
    name: str
    turns: int | None
    lets: list[tuple[str, dsl.Node]]
    patterns: list[dsl.Node]           # piece patterns (top-level alternatives)
    drops: list[tuple[dsl.Node, int | None]]   # (zone name node, count or None for all)
    rules: list[Rule]
    path: tuple


@dataclass
class GridRules:
    """A checked grid game: what compile needs, with every DSL string typed."""
    spec: dict
    src_file: str
    players: list[str]
    forward: list[tuple[int, int]]
    files: int
    ranks: int
    cells_node: dsl.Node | None
    dirsets: dict[str, list[str]]
    zones: dict[str, dsl.Node]
    piece: str
    start_zone: str | None
    reserve: int
    phases: list[Phase]
    win: dsl.Node | None
    draw: dsl.Node | None
    blocked: str | dsl.Node
    evaluate: dsl.Node | None
    places: dict = field(default_factory=dict)   # rule name -> "file:line"

    def compile(self, options: dict[str, Any], seats: int | None = None, instrument: bool = False) -> "GridGame":
        if seats is not None and seats != len(self.players):
            raise RulebookError(f"{self.spec['game']} is played by exactly {len(self.players)} players, not {seats}")
        return GridGame(self, options, instrument)


def _vocabulary(players: int, zones, dirsets, lets_types=None, option_values=None, spec=None) -> Vocabulary:
    names: dict[str, Symbol] = {
        "mine": Symbol(GROUP, "B[me]"),
        "theirs": Symbol(GROUP, "(occ ^ B[me])"),
        "ply": Symbol(INT, "st[4]"),
        "passes": Symbol(INT, "st[5]"),
        "reserve": Symbol(INT, "R[me]"),
    }
    for z in zones:
        names[z] = Symbol(ZONE, f"ZM_{z}[me]", has=f"ZH_{z}[me]")
        names[f"opponent.{z}"] = Symbol(ZONE, f"ZM_{z}[opp]", has=f"ZH_{z}[opp]")
    for i, d in enumerate(dirsets):
        names[d] = Symbol(DIRS, repr(i))
    names.update(option_symbols(spec or {}, option_values))
    return Vocabulary(names, _FUNCTIONS)


def _sel(arg) -> tuple[str, str | None]:
    return arg if isinstance(arg, tuple) else (arg, None)


def _count(args, types):
    g, z = _sel(args[0])
    return f"({g} & {z}).bit_count()" if z else f"{g}.bit_count()"


def _all(args, types):
    g, z = _sel(args[0])
    return f"(({g} & {z}) == {g})"


def _none(args, types):
    g, z = _sel(args[0])
    return f"(not ({g} & {z}))"


def _any(args, types):
    g, z = _sel(args[0])
    return f"(({g} & {z}) != 0)"


_FUNCTIONS = {
    "count": Function(((GROUP, SELECTION),), INT, _count, "how many pieces"),
    "all": Function(((SELECTION,),), BOOL, _all, "every piece of the group is in the zone"),
    "none": Function(((SELECTION,),), BOOL, _none, "no piece of the group is in the zone"),
    "any": Function(((SELECTION,),), BOOL, _any, "some piece of the group is in the zone"),
    "size": Function(((ZONE,),), INT, lambda a, t: f"{a[0]}.bit_count()", "how many cells"),
    "advance": Function(((GROUP,),), INT, lambda a, t: f"_advance({a[0]}, cells, RK)",
                        "the sum of the pieces' ranks, each counted from its owner's home rank (0 there)"),
}


def check_grid(ch: Checker) -> GridRules | None:
    spec = ch.src.data
    players, forward = [], []
    for i, p in enumerate(spec["players"]):
        name = p if isinstance(p, str) else p["name"]
        players.append(name)
        fw = None if isinstance(p, str) else p.get("forward")
        if fw is None:
            ch.error(("players", i), f"player '{name}' needs a forward direction on a grid board")
            fw = "north"
        forward.append(_COMPASS[fw])
    grid = spec["board"]["grid"]
    cells_node = None
    if "cells" in spec["board"]:
        cells_node = ch.typed(("board", "cells"), Vocabulary({"file": Symbol(INT, "f"), "rank": Symbol(INT, "r")}, {}),
                              (BOOL,), what="board.cells")
    dirsets = dict(spec.get("directions") or {})
    zone_nodes = {}
    for z in spec.get("zones") or {}:
        node = ch.parse(("zones", z), "zone")
        if node is not None:
            zone_nodes[z] = node
            _check_zone(ch, ("zones", z), node, grid)
    for name in list(dirsets) + list(zone_nodes):
        if name in _RESERVED:
            ch.error(("directions" if name in dirsets else "zones", name), f"'{name}' is a word of the language", key=True)
    for name in set(dirsets) & set(zone_nodes):
        ch.error(("zones", name), f"'{name}' names both a zone and a direction set", key=True)
    pieces = spec.get("pieces") or {}
    if not pieces:
        ch.error((), "a grid game needs a 'pieces' section", key=True)
        piece, start, reserve = "piece", None, 0
    else:
        piece, pdef = next(iter(pieces.items()))
        start, reserve = pdef.get("start"), pdef.get("reserve", 0)
        if start is not None and start not in zone_nodes:
            ch.error(("pieces", piece, "start"), f"unknown zone '{start}'")
    if "tiles" in spec:
        ch.error(("tiles",), "tiles belong to an open board, not a grid", key=True)
    vocab = _vocabulary(len(players), zone_nodes, dirsets, spec=spec)

    phases = []
    for i, ph in enumerate(spec["phases"]):
        path = ("phases", i)
        for k in ("draw", "place", "sell", "until", "start", "ends"):
            if k in ph:
                ch.error(path + (k,), f"'{k}' belongs to tile games, not to a grid phase", key=True)
        if ph.get("turns") is None and i < len(spec["phases"]) - 1:
            ch.error(path, f"phase '{ph['name']}' needs 'turns': only the last phase lasts until the end", key=True)
        pv = vocab
        lets = []
        for name, _text in (ph.get("let") or {}).items():
            if name in pv.names or name in _RESERVED:
                ch.error(path + ("let", name), f"'{name}' is already a name here", key=True)
                continue
            node = ch.typed(path + ("let", name), pv.child(**LANDING), (INT, BOOL, DIRS, CELL), what=f"let {name}")
            if node is None:
                continue
            if node.level >= 2:
                ch.error(path + ("let", name), f"let {name} cannot depend on the landing cell")
                continue
            lets.append((name, node))
            pv = pv.child(**{name: Symbol(node.type, f"v_{name}", node.level)})
        patterns, drops = [], []
        if "move" not in ph:
            ch.error(path, f"phase '{ph['name']}' needs a 'move'", key=True)
        else:
            node = ch.parse(path + ("move",), "pattern")
            if node is not None:
                for alt in _alternatives(node):
                    if isinstance(alt, dsl.Action) and alt.name == "drop":
                        d = _check_drop(ch, path + ("move",), alt, zone_nodes)
                        if d:
                            drops.append(d)
                    elif _check_pattern(ch, path + ("move",), alt, pv):
                        patterns.append(alt)
        rules = []
        for name in (ph.get("landing") or {}):
            node = ch.typed(path + ("landing", name), pv.child(**LANDING), (BOOL,), what=f"landing rule {name}")
            if node is not None:
                rules.append(Rule(name, node, path + ("landing", name)))
        phases.append(Phase(ph["name"], ph.get("turns"), lets, patterns, drops, rules, path))

    end = spec.get("end") or {}
    win = ch.typed(("end", "win"), vocab, (BOOL,), what="end.win") if "win" in end else None
    draw = ch.typed(("end", "draw"), vocab, (BOOL,), what="end.draw") if "draw" in end else None
    if "passes" in end:
        ch.error(("end", "passes"), "grid games end on passes through end.draw (passes >= N)", key=True)
    blocked = end.get("blocked", "pass")
    if blocked not in ("pass", "lose"):
        opts = spec.get("options") or {}
        oname = blocked[7:] if isinstance(blocked, str) and blocked.startswith("option.") else None
        if oname is None or oname not in opts:
            ch.error(("end", "blocked"), "end.blocked must be pass, lose or option.NAME")
        elif not set(opts[oname].get("choices", [opts[oname].get("default")])) <= {"pass", "lose"}:
            ch.error(("end", "blocked"), f"option {oname} must offer only the choices pass and lose")
    evaluate = ch.typed(("evaluate",), vocab, (INT,), what="evaluate") if "evaluate" in spec else None
    if "scoring" in spec:
        ch.error(("scoring",), "scoring parts are not supported on grid boards yet; use end.win", key=True)
    places = {}
    for ph in phases:
        for r in ph.rules:
            p = ch.src.place(r.path, key=True)
            places[(ph.name, r.name)] = f"{ch.src.file}:{p.line}"
    return GridRules(spec, ch.src.file, players, forward, grid["files"], grid["ranks"], cells_node, dirsets,
                     zone_nodes, piece, start, reserve, phases, win, draw, blocked, evaluate, places)


_RESERVED = {"mine", "theirs", "others", "landing", "origin", "ply", "passes", "reserve", "option", "opponent",
             "any", "all", "none", "count", "size", "advance", "file", "rank"}


def _check_zone(ch, path, node, grid):
    if isinstance(node, dsl.ZoneUnion):
        _check_zone(ch, path, node.left, grid)
        _check_zone(ch, path, node.right, grid)
    elif isinstance(node, dsl.ZoneLines):
        top = grid["ranks"] if node.axis == "rank" else grid["files"]
        if not (1 <= node.low <= node.high <= top):
            ch.findings.append(ch.src.finding(path, f"{node.axis}s must lie within 1..{top}, low to high",
                                              inner=(node.line, node.column)))
    elif isinstance(node, dsl.ZoneCells):
        for c in node.cells:
            f, r = (_FILES.index(c[0]) if c[0] in _FILES else 99), int(c[1:]) - 1
            if not (f < grid["files"] and 0 <= r < grid["ranks"]):
                ch.findings.append(ch.src.finding(path, f"cell {c} is off the board", inner=(node.line, node.column)))


def _alternatives(node):
    if isinstance(node, dsl.Alt):
        return _alternatives(node.left) + _alternatives(node.right)
    return [node]


def _check_drop(ch, path, node: dsl.Action, zones):
    def bad(n, msg):
        ch.findings.append(ch.src.finding(path, msg, inner=(n.line, n.column)))
    if len(node.args) != 1 or not isinstance(node.args[0], dsl.Name):
        bad(node, "drop needs one zone: drop(ZONE) or drop(ZONE, count=N|all)")
        return None
    z = node.args[0]
    if z.dotted not in zones:
        bad(z, f"unknown zone '{z.dotted}'")
        return None
    count = 1
    for k, v in node.kwargs.items():
        if k != "count":
            bad(v, f"drop takes no option '{k}' (only count)")
            return None
        if isinstance(v, dsl.Num):
            count = v.value
        elif isinstance(v, dsl.Name) and v.dotted == "all":
            count = None
        else:
            bad(v, "count must be a number or all")
            return None
    return (z, count)


def _check_pattern(ch, path, node, vocab) -> bool:
    ok = True

    def bad(n, msg):
        nonlocal ok
        ok = False
        ch.findings.append(ch.src.finding(path, msg, inner=(n.line, n.column)))

    def walk(n):
        if isinstance(n, (dsl.Alt, dsl.Seq)):
            walk(n.left)
            walk(n.right)
        elif isinstance(n, dsl.Rep):
            walk(n.body)
        elif isinstance(n, dsl.Action):
            if n.name == "drop":
                bad(n, "drop stands alone, as one alternative of a move")
                return
            if n.name not in ("step", "jump"):
                bad(n, f"unknown action '{n.name}' (actions: step, jump, drop)")
                return
            if len(n.args) != 1:
                bad(n, f"{n.name} needs one direction set: {n.name}(DIRECTIONS)")
                return
            d = n.args[0]
            try:
                t, _ = typecheck(d, vocab)
            except DslError as e:
                bad(d, e.message)
                return
            if t != DIRS:
                bad(d, f"{n.name} needs a direction set, not {'an' if t[0] in 'aeiou' else 'a'} {t}")
            for k, v in n.kwargs.items():
                if n.name == "jump" and k == "over":
                    if not (isinstance(v, dsl.Name) and v.dotted in ("any", "mine", "theirs")):
                        bad(v, "over must be any, mine or theirs")
                else:
                    bad(v, f"{n.name} takes no option '{k}'")
        else:
            bad(n, "not a pattern")
    walk(node)
    return ok


def _advance(board: int, cells: bytes, ranks: list[list[int]]) -> int:
    """Sum of the pieces' ranks, each from its owner's home edge (ranks[seat][cell])."""
    total = 0
    while board:
        lo = board & -board
        i = lo.bit_length() - 1
        total += ranks[cells[i] - 1][i]
        board ^= lo
    return total


class GridGame:
    """A compiled grid game: the Game API of engine/api.py."""

    def __init__(self, rules: GridRules, options: dict[str, Any], instrument: bool = False):
        self.rules = rules
        self.name = rules.spec["game"]
        self.players = tuple(rules.players)
        self.options = dict(options)
        self.instrument = instrument
        n = len(self.players)
        self.n = n
        self._build_tables()
        vocab = _vocabulary(n, rules.zones, rules.dirsets, option_values=options, spec=rules.spec)
        self._vocab = vocab
        self.stats: dict[str, int] = {r.name: 0 for ph in rules.phases for r in ph.rules}
        ns = self._namespace()
        self._gens = []
        self.sources: dict[str, str] = {}
        for i, ph in enumerate(rules.phases):
            if instrument:      # the per-cell search counts each rule's refusals
                code = _PhaseCode(rules, ph, vocab, n, instrument=True, fname=f"gen_{ph.name}")
            else:
                code = _FastPhaseCode(rules, ph, vocab, n, fname=f"gen_{ph.name}")
            self.sources[ph.name] = code.source
            self._gens.append(self._exec(code.source, f"gen_{ph.name}", ns, ph.path))
        self._win = self._state_fn(rules.win, "win", ns)
        self._draw = self._state_fn(rules.draw, "draw", ns)
        self._eval = self._state_fn(rules.evaluate, "evaluate", ns)
        blocked = rules.blocked
        self.blocked = options.get(blocked[7:]) if blocked.startswith("option.") else blocked
        # phase of each turn number: the cumulative turns of the phases
        self._phase_ends = []
        total = 0
        for ph in rules.phases:
            total = total + ph.turns if ph.turns else None
            self._phase_ends.append(total)
            if total is None:
                break
        # from this ply on, the last phase runs (phase_index gives it past every end)
        self._last_from = sum(ph.turns or 0 for ph in rules.phases[:-1]) * n
        ns["_GENS"], ns["_LAST"], ns["_phase_index"], ns["PASS"] = self._gens, self._gens[-1], self.phase_index, PASS
        src = self._apply_source()
        self.sources["apply"] = src
        # apply and legal_moves of the Game API are generated for this game (end conditions
        # inlined, options and seats known) and set as instance attributes, called directly
        self.apply = self._exec(src, "apply", ns, ("apply",))
        src = self._legal_source()
        self.sources["legal_moves"] = src
        self.legal_moves = self._exec(src, "legal_moves", ns, ("legal_moves",))

    # -- compile helpers
    def _exec(self, source: str, fname: str, ns: dict, path: tuple):
        where = f"<{self.rules.src_file}:{'.'.join(map(str, path))}>"
        code = compile(source, where, "exec")
        exec(code, ns)
        return ns[fname]

    def _state_fn(self, node, fname, ns):
        if node is None:
            return None
        em = Emitter(self._vocab)
        body = em.emit(node)
        src = (f"def {fname}(st, me):\n    cells = st[0]; B = st[1]; R = st[2]\n"
               f"    opp = (me + 1) % {self.n}\n    occ = " + " | ".join(f"B[{i}]" for i in range(self.n)) + "\n"
               + "".join(f"    {x}\n" for x in em.hoisted[0]) + f"    return {body}\n")
        self.sources[fname] = src
        return self._exec(src, fname, ns, (fname,))

    def _build_tables(self):
        r = self.rules
        W, H = r.files, r.ranks
        used = [True] * (W * H)
        if r.cells_node is not None:
            fn = eval(compile(f"lambda f, r: {Emitter(Vocabulary({'file': Symbol(INT, 'f'), 'rank': Symbol(INT, 'r')}, {})).emit(r.cells_node)}",
                              f"<{r.src_file}:board.cells>", "eval"))
            used = [bool(fn(i % W, i // W)) for i in range(W * H)]
        geo = Geometry(W, H, used, r.forward)
        self.geo = geo
        n = len(self.players)
        on_board = [i for i in range(W * H) if used[i]]

        def neighbour(i, dx, dy):     # the cell next to i that way, or -1 off the board
            f, k = i % W + dx, i // W + dy
            return k * W + f if 0 <= f < W and 0 <= k < H and used[k * W + f] else -1

        self.STEP, self.JUMP = [], []   # per direction set, seat, cell: (cell, ...) and ((over, landing), ...)
        for name, rels in r.dirsets.items():
            steps, jumps = [], []
            for seat in range(n):
                vecs = list(dict.fromkeys(geo.vector(seat, rel) for rel in rels))
                srow, jrow = [()] * (W * H), [()] * (W * H)
                for i in on_board:
                    s, j = [], []
                    for dx, dy in vecs:
                        a = neighbour(i, dx, dy)
                        if a >= 0:
                            s.append(a)
                            b = neighbour(a, dx, dy)
                            if b >= 0:
                                j.append((a, b))
                    srow[i], jrow[i] = tuple(s), tuple(j)
                steps.append(srow)
                jumps.append(jrow)
            self.STEP.append(steps)
            self.JUMP.append(jumps)
        self.zone_cells: dict[str, list[list[int]]] = {}
        for z, node in r.zones.items():
            per = []
            for seat in range(n):
                per.append(sorted(i for i in range(W * H) if used[i] and _in_zone(node, geo, seat, i)))
            self.zone_cells[z] = per
        self.RK = [[geo.relative_rank(s, i) for i in range(W * H)] for s in range(n)]

    def _namespace(self) -> dict:
        ns: dict[str, Any] = {"STEP": self.STEP, "JUMP": self.JUMP, "_combinations": itertools.combinations,
                              "_advance": _advance, "RK": self.RK, "STATS": None}
        size = self.geo.files * self.geo.ranks
        for z, per in self.zone_cells.items():
            ns[f"ZL_{z}"] = per
            ns[f"ZM_{z}"] = [sum(1 << i for i in cells) for cells in per]
            ns[f"ZH_{z}"] = [bytes(1 if i in inside else 0 for i in range(size)) for inside in map(set, per)]
        ns["STATS"] = self.stats
        ns["BIT"] = [1 << i for i in range(size)] + [0]     # BIT[-1] = 0: the origin of a drop
        ns["FULL"] = sum(1 << i for i in range(size) if self.geo.used[i])
        ns["ALLOW"] = _Allow(size)
        return ns

    # -- the Game API
    def initial_state(self):
        size = self.geo.files * self.geo.ranks
        cells = bytearray(size)
        boards = [0] * self.n
        if self.rules.start_zone:
            for seat in range(self.n):
                for i in self.zone_cells[self.rules.start_zone][seat]:
                    if cells[i]:
                        raise RulebookError(f"{self.rules.src_file}: start zones of two players overlap at {self.geo.name(i)}")
                    cells[i] = seat + 1
                    boards[seat] |= 1 << i
        return (bytes(cells), tuple(boards), (self.rules.reserve,) * self.n, 0, 0, 0, None)

    def position(self, pieces: dict[str, list[str]], to_move: str | None = None, reserves: dict[str, int] | None = None,
                 ply: int | None = None, passes: int = 0):
        """A state from a description: pieces by seat name (cell names), whose turn, reserves, ply.

        The ply decides the phase; by default it is the first ply after every fixed-length phase,
        with the given player to move. For tests, puzzles and analysis of set positions.
        """
        size = self.geo.files * self.geo.ranks
        cells, boards = bytearray(size), [0] * self.n
        for name, where in pieces.items():
            if name not in self.players:
                raise RulebookError(f"unknown player '{name}' (players: {', '.join(self.players)})")
            seat = self.players.index(name)
            for text in where:
                i = self.geo.parse_cell(text)
                if i is None:
                    raise RulebookError(f"'{text}' is not a cell of this board")
                if cells[i]:
                    raise RulebookError(f"two pieces on {text}")
                cells[i] = seat + 1
                boards[seat] |= 1 << i
        me = self.players.index(to_move) if to_move else 0
        if ply is None:
            fixed = sum(ph.turns or 0 for ph in self.rules.phases)
            ply = fixed * self.n + me
        res = tuple((reserves or {}).get(p, 0) for p in self.players)
        return (bytes(cells), tuple(boards), res, me, ply, passes, None)

    def to_move(self, st) -> int:
        return st[3]

    def ply(self, st) -> int:
        return st[4]

    def is_over(self, st) -> bool:
        return st[6] is not None

    def phase_index(self, st) -> int:
        turn = st[4] // self.n
        for i, end in enumerate(self._phase_ends):
            if end is None or turn < end:
                return i
        return len(self._phase_ends) - 1

    def chance_outcomes(self, st) -> list:
        return []

    def _apply_source(self) -> str:
        """apply() for this game: the end conditions inlined, option values and seats known."""
        n = self.n

        def put(seq: str, value: str) -> str:      # the tuple seq with seq[me] replaced by value
            if n > 4:
                return f"{seq}[:me] + ({value},) + {seq}[me + 1:]"
            alts = ["(" + "".join(f"{value if i == s else f'{seq}[{i}]'}, " for i in range(n)).rstrip(", ")
                    + ("," if n == 1 else "") + ")" for s in range(n)]
            out = alts[-1]
            for s in range(n - 2, -1, -1):
                out = f"{alts[s]} if me == {s} else {out}"
            return out

        L = ["def apply(st, move):",
             "    cells, B, R, me, ply, passes, _ = st",
             "    if move == PASS:",
             "        passes += 1",
             "    else:",
             "        passes = 0",
             "        ba = bytearray(cells)",
             "        if move[0] == 'drop':",
             "            b = B[me]",
             "            for c in move[1:]:",
             "                ba[c] = me + 1",
             "                b |= BIT[c]",
             f"            R = {put('R', 'R[me] - (len(move) - 1)')}",
             "        else:",
             "            o, d = move",
             "            ba[o] = 0",
             "            ba[d] = me + 1",
             "            b = B[me] ^ BIT[o] ^ BIT[d]",
             "        cells = bytes(ba)",
             f"        B = {put('B', 'b')}",
             "    ply += 1",
             f"    nxt = {'1 - me' if n == 2 else f'(me + 1) % {n}'}",
             "    st = (cells, B, R, nxt, ply, passes, None)"]
        ends = [(self.rules.win, "(me,)", "w"), (self.rules.draw, "()", "d")]
        for node, result, prefix in ends:
            if node is None:
                continue
            em = Emitter(self._vocab, prefix=prefix)
            test = em.emit(node)
            code = "\n".join(em.hoisted[0] + [test])
            if re.search(r"\bopp\b", code) and "    opp = nxt" not in L:
                L.append("    opp = nxt" if n == 2 else f"    opp = (me + 1) % {n}")
            if re.search(r"\bocc\b", code) and "    occ = " + " | ".join(f"B[{i}]" for i in range(n)) not in L:
                L.append("    occ = " + " | ".join(f"B[{i}]" for i in range(n)))
            L.extend("    " + x for x in em.hoisted[0])
            L.append(f"    if {test}:")
            L.append(f"        return (cells, B, R, nxt, ply, passes, {result})")
        if self.blocked == "lose":
            gen = "_LAST(st)" if len(self._gens) == 1 else f"(_LAST if ply >= {self._last_from} else _GENS[_phase_index(st)])(st)"
            L.append(f"    if not {gen}:")
            L.append(f"        return (cells, B, R, nxt, ply, passes, tuple(s for s in range({n}) if s != nxt))")
        L.append("    return st")
        return "\n".join(L) + "\n"

    def _legal_source(self) -> str:
        gen = [f"gen_{ph.name}" for ph in self.rules.phases]
        L = ["def legal_moves(st):",
             "    if st[6] is not None:",
             "        return []"]
        if len(gen) == 1:
            L.append(f"    moves = {gen[0]}(st)")
        else:
            L.append(f"    moves = {gen[-1]}(st) if st[4] >= {self._last_from} else _GENS[_phase_index(st)](st)")
        if self.blocked == "pass":
            L += ["    if not moves:", "        return [PASS]"]
        L.append("    return moves")
        return "\n".join(L) + "\n"

    def _apply_generic(self, st, move):
        """apply() as plain Python, for reference: the generated one must agree with it."""
        cells, boards, reserves, me, ply, passes, _ = st
        if move == PASS:
            passes += 1
        else:
            passes = 0
            ba = bytearray(cells)
            b = boards[me]
            if move[0] == "drop":
                for c in move[1:]:
                    ba[c] = me + 1
                    b |= 1 << c
                reserves = reserves[:me] + (reserves[me] - (len(move) - 1),) + reserves[me + 1:]
            else:
                o, d = move
                ba[o] = 0
                ba[d] = me + 1
                b ^= (1 << o) | (1 << d)
            cells = bytes(ba)
            boards = boards[:me] + (b,) + boards[me + 1:]
        ply += 1
        nxt = (me + 1) % self.n
        new = (cells, boards, reserves, nxt, ply, passes, None)
        result = None
        if self._win is not None and self._win(new, me):
            result = (me,)
        elif self._draw is not None and self._draw(new, me):
            result = ()
        elif self.blocked == "lose" and not self._gens[self.phase_index(new)](new):
            result = tuple(s for s in range(self.n) if s != nxt)
        if result is not None:
            new = (cells, boards, reserves, nxt, ply, passes, result)
        return new

    def outcome(self, st) -> Outcome:
        res = st[6]
        if res is None:
            return Outcome(False, (), {p: 0.0 for p in self.players})
        if not res:
            return Outcome(True, (), {p: 0.5 for p in self.players})
        return Outcome(True, tuple(self.players[s] for s in res),
                       {p: (1.0 if i in res else 0.0) for i, p in enumerate(self.players)})

    def evaluate(self, st):
        if self._eval is None:
            return None
        if st[6] is not None:
            return [self.outcome(st).scores[p] for p in self.players]
        return [float(self._eval(st, s)) for s in range(self.n)]

    def move_str(self, move) -> str:
        if move == PASS:
            return PASS
        if move[0] == "drop":
            return "+".join(self.geo.name(c) for c in move[1:])
        return f"{self.geo.name(move[0])}-{self.geo.name(move[1])}"

    def parse_move(self, st, text: str):
        return parse_by_notation(self, st, text)

    # -- tools for front-ends
    def rule_stats(self) -> dict[str, int]:
        return dict(self.stats)

    def reset_rule_stats(self) -> None:
        for k in self.stats:
            self.stats[k] = 0

    def explain(self, st, text: str) -> str:
        """Why a move is not legal: the landing rule of the game file that refuses it."""
        text = text.strip()
        if st[6] is not None:
            return f"'{text}': the game is over"
        legal = {self.move_str(m) for m in self.legal_moves(st)}
        if text in legal:
            return f"'{text}' is legal"
        phase = self.rules.phases[self.phase_index(st)]
        who = self.players[st[3]]
        if text == PASS:
            return f"'pass' is only legal when {who} has no other move"
        shape = self._parse_shape(text)
        if shape is None:
            bad = [c for c in text.replace("+", "-").split("-") if self.geo.parse_cell(c) is None]
            if bad and all(bad):
                return f"'{text}': {bad[0]} is not a cell of this board"
            return f"'{text}' is not a move in this game's notation (e.g. c1-d2, b2+d2+f2, pass)"
        if shape[0] == "drop" and not phase.drops:
            return f"'{text}': phase '{phase.name}' has no drop moves"
        if shape[0] != "drop":
            if not phase.patterns:
                return f"'{text}': phase '{phase.name}' has no piece moves"
            o = shape[0]
            if st[0][o] != st[3] + 1:
                return f"'{text}': {self.geo.name(o)} holds no piece of {who}"
        # which rules, if lifted, would let it through?
        names = [r.name for r in phase.rules]

        def legal_without(skip):
            code = _PhaseCode(self.rules, phase, self._vocab, self.n, skip=frozenset(skip), fname="gen")
            fn = self._exec(code.source, "gen", self._namespace(), phase.path)
            return text in {self.move_str(m) for m in fn(st)}

        for r in names:
            if legal_without({r}):
                return (f"'{text}' is refused by rule '{r}' of phase '{phase.name}' "
                        f"({self.rules.places[(phase.name, r)]})")
        if names and legal_without(set(names)):
            where = ", ".join(f"'{r}' ({self.rules.places[(phase.name, r)]})" for r in names)
            return f"'{text}' is refused by several rules together: {where}"
        if shape[0] == "drop":
            return f"'{text}': those cells are not free cells of the drop zone, or not as many as the drop takes"
        return f"'{text}': no pattern of phase '{phase.name}' reaches {self.geo.name(shape[1])} from {self.geo.name(shape[0])}"

    def _parse_shape(self, text):
        if "+" in text or text.count("-") == 0:
            cells = [self.geo.parse_cell(c) for c in text.split("+")]
            return None if None in cells else ("drop", *cells)
        parts = text.split("-")
        if len(parts) != 2:
            return None
        o, d = (self.geo.parse_cell(p) for p in parts)
        return None if o is None or d is None else (o, d)

    def render(self, st, color: bool = False) -> str:
        from .render import render_grid
        return render_grid(self, st, color)


def _in_zone(node, geo: Geometry, seat: int, i: int) -> bool:
    if isinstance(node, dsl.ZoneUnion):
        return _in_zone(node.left, geo, seat, i) or _in_zone(node.right, geo, seat, i)
    if isinstance(node, dsl.ZoneAll):
        return True
    if isinstance(node, dsl.ZoneCells):
        return geo.name(i) in node.cells
    v = geo.relative_rank(seat, i) if node.axis == "rank" else geo.relative_file(seat, i)
    return node.low - 1 <= v <= node.high - 1
