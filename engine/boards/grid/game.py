"""A compiled grid game: tables built once, move generation, apply and end conditions as Python
source generated for this game, these option values and this number of seats.

Two state layouts, chosen per game (GridRules.general):
- plain (one kind of piece, steps and jumps, no captures): the tuple
  (cells, boards, reserves, to_move, ply, passes, result), cells a byte per cell (0 empty, else
  the owner's seat + 1), boards an int bitboard per seat; moves (origin, destination) or drops.
  Its generator is fastgen's, tuned for jump chains whose paths merge.
- general: (cells, boards, reserves, to_move, ply, passes, result, kinds, quiet, last): cells
  hold kind << 3 | (owner + 1) plus one wall byte (255) at index SIZE, so a cell lookup off the
  board (SIZE, or -1) reads "not empty, nobody's"; boards has one more bitboard, for pieces owned
  by nobody; kinds an int bitboard per piece kind (when there are several); quiet the plies since
  the last capture or move of a kind that resets it; last the final cell of the last move (-1).
  Its generator is movegen's (captures, slides, placements, flips, shots, promotion, priority).
result is None while the game runs, else the tuple of winning seats (() for a draw).
"""
from __future__ import annotations

import itertools
import re
from functools import partial
from typing import Any

from ...lang import dsl
from ...api import Outcome, RulebookError, parse_by_notation
from ...codegen import define
from ...lang.expr import INT, Emitter, Symbol, Vocabulary
from . import topology as topo
from .fastgen import _Allow, _FastPhaseCode, _PhaseCode
from .movegen import PathCode, flips
from .rules import GridRules
from .vocabulary import advance, attacked, connected, direction_sets, grid_vocabulary, in_a_row

PASS = "pass"
NOBODY = "nobody"


class GridGame:
    """A compiled grid game: the Game API of rulebook/api.py."""

    def __init__(self, rules: GridRules, options: dict[str, Any], seats: list[int], instrument: bool = False):
        self.rules = rules
        self.name = rules.spec["game"]
        self.seats = list(seats)                       # the file's seat index of each player here
        self.players = tuple(rules.players[s] for s in seats)
        self.options = dict(options)
        self.instrument = instrument
        self.general = rules.general
        n = self.n = len(self.players)
        self.kinds = rules.kinds
        self.multi = len(self.kinds) > 1
        self._build_tables()
        self._vocab = grid_vocabulary(n, rules.zones, rules.dirsets, self.geo, [k.name for k in self.kinds],
                                      option_values=options, spec=rules.spec, general=self.general)
        self.stats: dict[str, int] = {r.name: 0 for ph in rules.phases for r in ph.rules}
        ns = self._namespace()
        self._ns = ns
        self._bulk: list[str] = []
        self._gens = []
        self.sources: dict[str, str] = {}
        self._notation_flags()
        self._any = []          # per phase: is there a move? (a blocked player, `stuck`)
        if any(ph.legal for ph in rules.phases):
            src = self._after_source()
            self.sources["after"] = src
            self._exec(src, "_after", ns, ("after",))
        for ph in rules.phases:
            source = self._phase_source(ph, instrument=instrument)
            if ph.legal:          # the moves whose position after breaks no `legal` rule
                source = source.replace(f"def gen_{ph.name}(st):", f"def raw_{ph.name}(st):") + self._keep_source(ph)
            self.sources[ph.name] = source
            self._gens.append(self._exec(source, f"gen_{ph.name}", ns, ph.path))
            if ph.legal:
                self._any.append(self._gens[-1])
            elif self.general:
                source = self._phase_source(ph, fname=f"any_{ph.name}", exists=True)
                self.sources[f"{ph.name} (any move?)"] = source
                self._any.append(self._exec(source, f"any_{ph.name}", ns, ph.path))
            else:
                self._any.append(self._gens[-1])
        blocked = rules.blocked
        self.blocked = options.get(blocked[7:]) if blocked.startswith("option.") else blocked
        self._phase_ends = []
        total = 0
        for ph in rules.phases:
            total = total + ph.turns if ph.turns else None
            self._phase_ends.append(total)
            if total is None:
                break
        self._last_from = sum(ph.turns or 0 for ph in rules.phases[:-1]) * n
        ns["_GENS"], ns["_LAST"], ns["_phase_index"], ns["PASS"] = self._gens, self._gens[-1], self.phase_index, PASS
        ns["_MOVES"] = self._any[0] if len(self._any) == 1 else self._raw_moves
        ns["_ALL_STUCK"] = self._all_stuck
        self._win = self._state_fn(rules.win, "win", ns)
        self._draw = self._state_fn(rules.draw, "draw", ns)
        self._eval = self._state_fn(rules.evaluate, "evaluate", ns)
        self._over = self._state_fn(rules.over, "over", ns)
        self._score = self._score_fn(ns)
        ns["_WINNERS"] = self._top_scorers
        src = self._apply_source()
        self.sources["apply"] = src
        # apply and legal_moves of the Game API are generated for this game and set as instance
        # attributes, called directly
        self.apply = self._exec(src, "apply", ns, ("apply",))
        src = self._legal_source()
        self.sources["legal_moves"] = src
        ns["MEMO"] = [None, None]
        self.legal_moves = self._exec(src, "legal_moves", ns, ("legal_moves",))
        if self.blocked in ("lose", "draw"):
            self.is_over = ns["is_over"]

    # ---------------------------------------------------------------- compile helpers
    def _exec(self, source: str, fname: str, ns: dict, path: tuple):
        return define(source, fname, f"{self.rules.src_file}:{'.'.join(map(str, path))}", ns)

    def _phase_source(self, ph, skip=frozenset(), instrument=False, fname=None, exists=False) -> str:
        """The source of a phase's move generator, headed by comments naming what it came from."""
        source = self._phase_code(ph, skip, instrument, fname or f"gen_{ph.name}", exists)
        head, _, rest = source.partition("\n")
        return head + "\n" + "".join(f"    # {line}\n" for line in self._about(ph)) + rest

    def _about(self, ph) -> list[str]:
        spec = self.rules.spec["phases"][ph.path[-1]]
        move = spec.get("move")
        out = [f"phase '{ph.name}' of {self.rules.src_file}"]
        if isinstance(move, str):
            out.append(f"move: {' '.join(move.split())}")
        elif isinstance(move, dict):
            out += [f"move of a {k}: {' '.join(str(v).split())}" for k, v in move.items()]
        for r in ph.rules:
            out.append(f"landing rule '{r.name}' ({self.rules.places[(ph.name, r.name)]})")
        for r in ph.legal:
            out.append(f"legal rule '{r.name}' ({self.rules.places[(ph.name, r.name)]}), on the position after")
        if ph.priority:
            out.append("priority: capture (when a capture exists, only captures)")
        return out

    def _phase_code(self, ph, skip, instrument, fname, exists) -> str:
        if self.general:
            promote = {i for i, k in enumerate(self.kinds) if k.promote_to}
            return PathCode(ph, self._vocab, self.n, self.multi, self.kind_values, promote, self.vectors,
                            skip=skip, instrument=instrument, fname=fname, step_table=self._step_table,
                            dir_names=self.dir_names, exists=exists, jump_masks=self._jump_masks,
                            reserved=[k.name for k in self.kinds if k.reserve],
                            choosing=self._choosing).source
        if instrument or skip:
            return _PhaseCode(self.rules, ph, self._vocab, self.n, skip=frozenset(skip), instrument=instrument,
                              fname=fname).source
        return _FastPhaseCode(self.rules, ph, self._vocab, self.n, fname=fname).source

    def _step_table(self, dirs: str, kind: int | None, capture: str, promoting: bool, track: bool):
        """For a bulk step (movegen.PathCode.bulk_step): per seat, per direction, the origin mask,
        the shift, the name of the tables of moves by target bit, and the promotion zone's mask."""
        geo, W, ns = self.geo, self.geo.files, self._ns
        k = self.kinds[kind or 0]
        words = direction_sets(self.rules.dirsets, geo)[dirs]
        out = []
        for seat in range(self.n):
            val = self.kind_values[k.name] | (seat + 1)
            promo_cells = set()
            if promoting and k.promote_to:
                where = k.promote_in
                zname, zseat = (where[9:], (seat + 1) % self.n) if where.startswith("opponent.") else (where, seat)
                promo_cells = set(self.zone_cells[zname][zseat])
            shifts = []
            for v in dict.fromkeys(x for x in (self._vector(seat, w) for w in words) if x is not None):
                name = f"BULK{len(self._bulk)}"
                self._bulk.append(name)
                plain, taking, plain_p, taking_p, mask = {}, {}, {}, {}, 0
                for o in geo.cells():
                    d = geo.neighbour(o, v)
                    if d < 0:
                        continue
                    mask |= 1 << o
                    bit = 1 << d
                    if d in promo_cells:
                        vals = [self.kind_values[t] | (seat + 1) for t in k.promote_to]
                        more = (1,) if self._choosing else ()
                        plain_p[bit] = tuple((o, d, 0, None, 0, pv, None) + more for pv in vals)
                        taking_p[bit] = tuple((o, d, bit, (~d,) if track else None, 0, pv, None) + more for pv in vals)
                    else:
                        more = (0,) if self._choosing else ()
                        plain[bit] = (o, d, 0, None, 0, val, None) + more
                        taking[bit] = (o, d, bit, (~d,) if track else None, 0, val, None) + more
                ns[name], ns[name + "x"], ns[name + "P"], ns[name + "xP"] = plain, taking, plain_p, taking_p
                ns[name + "m"] = mask
                ns[name + "z"] = sum(1 << c for c in promo_cells)
                shifts.append((name + "m", v[1] * W + v[0], name, name + "z" if promo_cells else None))
            out.append(shifts)
        return out

    def _jump_masks(self, dirs: str, steps: int = 2):
        """Per seat, per direction of the set: (name of the mask of the cells with `steps` cells
        beyond them that way, the shift of one step)."""
        geo, W, ns = self.geo, self.geo.files, self._ns
        words = direction_sets(self.rules.dirsets, geo)[dirs]
        out = []
        for seat in range(self.n):
            shifts = []
            for v in dict.fromkeys(x for x in (self._vector(seat, w) for w in words) if x is not None):
                name = f"{'JMASK' if steps == 2 else 'SMASK'}_{v[0]}_{v[1]}".replace("-", "m")
                if name not in ns:
                    def reach(o, k):
                        for _ in range(k):
                            o = geo.neighbour(o, v) if o >= 0 else -1
                        return o >= 0
                    ns[name] = sum(1 << o for o in geo.cells() if reach(o, steps))
                shifts.append((name, v[1] * W + v[0]))
            out.append(shifts)
        return out

    def _after_source(self) -> str:
        """The position after a move, without the end conditions (for `legal` rules)."""
        L = self._apply_general_head()
        L[0] = "def _after(st, move):"
        L += ["    return (cells, B, R, %s, ply + 1, passes, None, K, quiet, last)" % ("1 - me" if self.n == 2 else f"(me + 1) % {self.n}")]
        return "\n".join(L) + "\n"

    def _keep_source(self, ph, skip=frozenset()) -> str:
        em = Emitter(self._vocab, prefix="k")
        tests = [em.emit(r.node) for r in ph.legal if r.name not in skip] or ["True"]
        keep = (f"\ndef keep_{ph.name}(st, me):\n" + self._prologue() + "".join(f"    {x}\n" for x in em.hoisted[0])
                + f"    return {' and '.join(tests)}\n")
        return keep + (f"\ndef gen_{ph.name}(st):\n    me = st[3]\n"
                       f"    return [m for m in raw_{ph.name}(st) if m == PASS or keep_{ph.name}(_after(st, m), me)]\n")

    def _attackers(self):
        """Per seat: (that seat, kind, step table, ray table) of every kind that captures with a
        single step or slide (vocabulary.attacked)."""
        from .movegen import _kw
        geo, size = self.geo, self.size
        sets = direction_sets(self.rules.dirsets, geo)
        ways: dict[int, list] = {}
        for ph in self.rules.phases:
            for kind, alts in ph.kinds:
                for a in alts:
                    if isinstance(a, dsl.Action) and a.name in ("step", "slide") and \
                            _kw(a, "capture", "no") != "no" and isinstance(a.args[0], dsl.Name) \
                            and a.args[0].dotted in sets:
                        for ki in (range(len(self.kinds)) if kind is None else [kind]):
                            ways.setdefault(ki, []).append((a.name, a.args[0].dotted))
        per_seat = []
        for s in range(self.n):
            tables = []
            for ki, acts in ways.items():
                steps, rays = [0] * (size + 1), [()] * (size + 1)
                has_step = has_slide = False
                for name, dirs in dict.fromkeys(acts):
                    for v in dict.fromkeys(x for x in (self._vector(s, w) for w in sets[dirs]) if x is not None):
                        back = (-v[0], -v[1])
                        for c in geo.cells():
                            if name == "step":
                                a = geo.neighbour(c, back)
                                if a >= 0:
                                    steps[c] |= 1 << a
                                    has_step = True
                            else:
                                ray, t = [], geo.neighbour(c, back)
                                while t >= 0:
                                    ray.append(t)
                                    t = geo.neighbour(t, back)
                                if ray:
                                    rays[c] += (tuple(ray),)
                                    has_slide = True
                tables.append((s, ki, steps if has_step else None, rays if has_slide else None))
            per_seat.append(tables)
        return per_seat

    def _prologue(self) -> str:
        n = self.n
        occ = " | ".join(f"B[{i}]" for i in range(n + (1 if self.general else 0)))
        extra = "; K = st[7]" if self.general else ""
        return (f"    cells = st[0]; B = st[1]; R = st[2]{extra}\n"
                f"    opp = (me + 1) % {n}\n    occ = {occ}\n")

    def _state_fn(self, node, fname, ns):
        if node is None:
            return None
        em = Emitter(self._vocab)
        body = em.emit(node)
        src = (f"def {fname}(st, me):\n" + self._prologue()
               + "".join(f"    {x}\n" for x in em.hoisted[0]) + f"    return {body}\n")
        self.sources[fname] = src
        return self._exec(src, fname, ns, (fname,))

    def _score_fn(self, ns):
        if not self.rules.scoring:
            return None
        em = Emitter(self._vocab)
        parts = [em.emit(node) for _name, node in self.rules.scoring]
        src = ("def score(st, me):\n" + self._prologue() + "".join(f"    {x}\n" for x in em.hoisted[0])
               + f"    return ({', '.join(parts)},)\n")
        self.sources["score"] = src
        return self._exec(src, "score", ns, ("scoring",))

    def _top_scorers(self, st) -> tuple:
        totals = [sum(self._score(st, s)) for s in range(self.n)]
        best = max(totals)
        if totals.count(best) == self.n:
            return ()
        return tuple(s for s in range(self.n) if totals[s] == best)

    def _all_stuck(self, st) -> bool:
        """No player has a move here (each asked as if it were their turn)."""
        return not any(self._raw_moves(st[:3] + (s,) + st[4:]) for s in range(self.n))

    def _raw_moves(self, st) -> bool:
        """Has the player to move a move (pass aside)?"""
        return bool((self._any[-1] if st[4] >= self._last_from else self._any[self.phase_index(st)])(st))

    def _build_tables(self):
        r = self.rules
        base = r.topology()
        W, H = base.files, base.ranks
        used = list(base.used)
        if r.cells_node is not None:
            code = Emitter(Vocabulary({"file": Symbol(INT, "f"), "rank": Symbol(INT, "r")}, {})).emit(r.cells_node)
            fn = eval(compile(f"lambda f, r: {code}", f"<{r.src_file}:board.cells>", "eval"))
            used = [u and bool(fn(i % W, i // W)) for i, u in enumerate(used)]
        geo = r.topology(used)
        self.geo = geo
        n = self.n
        size = W * H
        self.size = size
        self.forward = [r.forward[s] for s in self.seats]
        on_board = geo.cells()
        off = size if self.general else -1          # what a step off the board reads

        sets = direction_sets(r.dirsets, geo)
        self.dir_names = list(sets)
        self.STEP, self.JUMP, self.RAYS, self.NEXT = [], [], [], []
        self.vectors: dict[str, frozenset] = {}
        for name, words in sets.items():
            steps, jumps, rays, nexts, vecs_all = [], [], [], [], set()
            for seat in range(n):
                vecs = list(dict.fromkeys(v for v in (self._vector(seat, w) for w in words) if v is not None))
                vecs_all.update((seat, v) for v in vecs)
                srow, jrow, rrow = [()] * size, [()] * size, [()] * size
                nrow = [off] * (size + 1)
                for i in on_board:
                    s, j, rr = [], [], []
                    for v in vecs:
                        a = geo.neighbour(i, v)
                        if a >= 0:
                            s.append(a)
                            b = geo.neighbour(a, v)
                            if b >= 0:
                                j.append((a, b))
                        ray, c = [], a
                        while c >= 0:
                            ray.append(c)
                            c = geo.neighbour(c, v)
                        if ray:
                            rr.append(tuple(ray))
                    srow[i], jrow[i], rrow[i] = tuple(s), tuple(j), tuple(rr)
                    if len(vecs) == 1:
                        a = geo.neighbour(i, vecs[0])
                        nrow[i] = a if a >= 0 else off
                steps.append(srow)
                jumps.append(jrow)
                rays.append(rrow)
                nexts.append(nrow)
            self.STEP.append(steps)
            self.JUMP.append(jumps)
            self.RAYS.append(rays)
            self.NEXT.append(nexts)
            self.vectors[name] = frozenset(vecs_all)
        self.zone_cells: dict[str, list[list[int]]] = {}
        for z in r.zones:
            self.zone_cells[z] = [sorted(self._zone(z, s)) for s in range(n)]
        self.RK = [geo.lines_along(f) for f in self.forward]
        # kinds: cell value bits, promotions
        self.kind_values = {k.name: i << 3 for i, k in enumerate(self.kinds)}
        self.neutral_code = n + 1

    def _vector(self, seat: int, word) -> tuple[int, int] | None:
        geo = self.geo
        fw = self.forward[seat]
        if isinstance(word, list):          # [forward, left] cells, on a square board
            f, left = geo.relative(fw, "front"), geo.relative(fw, "left")
            if f is None or left is None:
                raise RulebookError(f"{self.rules.src_file}: an offset direction needs a seat facing along "
                                    f"the board's lines (seat {self.players[seat]} faces {fw:g} degrees)")
            return (word[0] * f[0] + word[1] * left[0], word[0] * f[1] + word[1] * left[1])
        if word in geo.directions:
            return geo.directions[word]
        return geo.relative(fw, word)

    def _zone(self, name: str, seat: int, trail=()) -> set[int]:
        node = self.rules.zones[name]
        if isinstance(node, dict):
            node = node.get(self.seats[seat])
            if node is None:
                return set()
        return self._zone_cells(node, seat, trail + (name,))

    def _zone_cells(self, node, seat: int, trail) -> set[int]:
        geo = self.geo
        if isinstance(node, dsl.ZoneUnion):
            a, b = self._zone_cells(node.left, seat, trail), self._zone_cells(node.right, seat, trail)
            return a | b if node.op == "|" else a & b if node.op == "&" else a - b
        if isinstance(node, dsl.ZoneAll):
            return set(geo.cells())
        if isinstance(node, dsl.ZoneCells):
            return {c for c in (geo.parse_cell(x) for x in node.cells) if c is not None}
        if isinstance(node, dsl.ZoneRef):
            return self._zone(node.name, seat, trail)
        if isinstance(node, dsl.ZoneOpposite):
            return {o for o in (geo.opposite(c) for c in self._zone_cells(node.zone, seat, trail)) if o >= 0}
        fw = self.forward[seat]
        lines = geo.lines_along(fw if node.axis == "rank" else geo.file_axis(fw))
        return {i for i in geo.cells() if node.low - 1 <= lines[i] <= node.high - 1}

    def _namespace(self) -> dict:
        n, size = self.n, self.size
        bits = [1 << i for i in range(size)] + [0]        # BIT[-1], BIT[SIZE] = 0: no cell
        ns: dict[str, Any] = {"STEP": self.STEP, "JUMP": self.JUMP, "RAYS": self.RAYS, "NEXT": self.NEXT,
                              "_combinations": itertools.combinations, "RK": self.RK, "STATS": self.stats,
                              "BIT": bits, "FULL": sum(1 << i for i in self.geo.cells()), "ALLOW": _Allow(size)}
        ns["_advance"] = advance
        for z, per in self.zone_cells.items():
            ns[f"ZL_{z}"] = per
            ns[f"ZM_{z}"] = [sum(1 << i for i in cells) for cells in per]
            ns[f"ZH_{z}"] = [bytes(1 if i in inside else 0 for i in range(size + 1)) for inside in map(set, per)]
        if self.general:
            ns["ENEMY"] = [bytes(1 if 0 < v < 255 and (v & 7) not in (s + 1, n + 1) else 0 for v in range(256))
                           for s in range(n)]
            ns["FRIEND"] = [bytes(1 if 0 < v < 255 and (v & 7) == s + 1 else 0 for v in range(256)) for s in range(n)]
            ns["_flips"] = partial(flips, BIT=bits)
            lines = []
            for i in range(size):
                per = []
                if self.geo.used[i]:
                    for v in self.geo.axes():
                        ahead, behind, c = [], [], self.geo.neighbour(i, v)
                        while c >= 0:
                            ahead.append(c)
                            c = self.geo.neighbour(c, v)
                        c = self.geo.neighbour(i, (-v[0], -v[1]))
                        while c >= 0:
                            behind.append(c)
                            c = self.geo.neighbour(c, (-v[0], -v[1]))
                        per.append((tuple(ahead), tuple(behind)))
                lines.append(tuple(per))
            ns["_in_a_row"] = partial(in_a_row, lines=lines)
            near = [sum(1 << c for c in (self.geo.neighbour(i, v) for v in self.geo.directions.values()) if c >= 0)
                    for i in range(size)]
            ns["_connected"] = partial(connected, near=near)
            promo = []
            for i, k in enumerate(self.kinds):
                table = []
                for s in range(n):
                    row = [()] * (size + 1)
                    if k.promote_to:
                        where = k.promote_in
                        zname, seat = (where[9:], (s + 1) % n) if where.startswith("opponent.") else (where, s)
                        for c in self.zone_cells[zname][seat]:
                            row[c] = tuple(self.kind_values[t] | (s + 1) for t in k.promote_to)
                    table.append(row)
                ns[f"PROMO_{i}"] = table
                promo.append(table)
            ns["PROMO"] = promo
            per_seat = self._attackers()
            others = [[t for s2 in range(n) if s2 != me for t in per_seat[s2]] for me in range(n)]
            ns["_attacked"] = partial(attacked, attackers=others, multi=self.multi)
        return ns

    # ---------------------------------------------------------------- the Game API
    def _start_cells(self):
        size = self.size
        cells = bytearray(size + 1 if self.general else size)
        if self.general:
            cells[size] = 255
        for ki, k in enumerate(self.kinds):
            if not k.start:
                continue
            owners = [0] if k.neutral else range(self.n)
            for seat in owners:
                for i in self.zone_cells[k.start][seat]:
                    if cells[i]:
                        raise RulebookError(f"{self.rules.src_file}: two start zones overlap at {self.geo.name(i)}")
                    cells[i] = (ki << 3) | (self.neutral_code if k.neutral else seat + 1) if self.general else seat + 1
        return cells

    def _state_of(self, cells, reserves, me, ply, passes, quiet=0, last=-1):
        """A state from its cells (bytearray): the boards derived from them."""
        n = self.n
        boards = [0] * (n + 1 if self.general else n)
        kinds = [0] * len(self.kinds) if self.multi else []
        for i in range(self.size):
            v = cells[i]
            if v:
                boards[(v & 7) - 1] |= 1 << i
                if self.multi:
                    kinds[v >> 3] |= 1 << i
        if self.general:
            return (bytes(cells), tuple(boards), tuple(reserves), me, ply, passes, None, tuple(kinds), quiet, last)
        return (bytes(cells), tuple(boards), tuple(reserves), me, ply, passes, None)

    def initial_state(self):
        reserve = sum(k.reserve for k in self.kinds)
        return self._state_of(self._start_cells(), (reserve,) * self.n, 0, 0, 0)

    def position(self, pieces: dict, to_move: str | None = None, reserves: dict[str, int] | None = None,
                 ply: int | None = None, passes: int = 0, quiet: int = 0):
        """A state from a description: pieces by owner (a seat's name, or `nobody`), each a list of
        cells (pieces of the first kind) or a mapping kind -> cells; whose turn; reserves; ply.

        The ply decides the phase; by default it is the first ply after every fixed-length phase,
        with the given player to move. For tests, puzzles and analysis of set positions.
        """
        size = self.size
        cells = bytearray(size + 1 if self.general else size)
        if self.general:
            cells[size] = 255
        kinds = [k.name for k in self.kinds]
        for owner, where in pieces.items():
            if owner == NOBODY:
                code = self.neutral_code
            elif owner in self.players:
                code = self.players.index(owner) + 1
            else:
                raise RulebookError(f"unknown player '{owner}' (players: {', '.join(self.players)})")
            if code == self.neutral_code and not self.general:
                raise RulebookError("this game has no pieces owned by nobody")
            groups = where.items() if isinstance(where, dict) else [(kinds[0], where)]
            for kind, cell_names in groups:
                if kind not in kinds:
                    raise RulebookError(f"unknown piece kind '{kind}' (kinds: {', '.join(kinds)})")
                for text in cell_names:
                    i = self.geo.parse_cell(str(text))
                    if i is None:
                        raise RulebookError(f"'{text}' is not a cell of this board")
                    if cells[i]:
                        raise RulebookError(f"two pieces on {text}")
                    cells[i] = (kinds.index(kind) << 3) | code if self.general else code
        if to_move is not None and to_move not in self.players:
            raise RulebookError(f"unknown player '{to_move}' (players: {', '.join(self.players)})")
        me = self.players.index(to_move) if to_move else 0
        if ply is None:
            fixed = sum(ph.turns or 0 for ph in self.rules.phases)
            ply = fixed * self.n + me
        for name in reserves or {}:
            if name not in self.players:
                raise RulebookError(f"unknown player '{name}' (players: {', '.join(self.players)})")
        res = tuple((reserves or {}).get(p, 0) for p in self.players)
        return self._settled(self._state_of(cells, res, me, ply, passes, quiet))

    def _settled(self, st):
        """A set position with the result the end conditions give it, checked for the player who
        moved last (a blocked player to move is found by is_over, as always)."""
        mover = (st[3] - 1) % self.n
        result = None
        if self._win is not None and self._win(st, mover):
            result = (mover,)
        elif self._draw is not None and self._draw(st, mover):
            result = ()
        elif self._over is not None and self._over(st, mover):
            result = self._top_scorers(st)
        return st if result is None else st[:6] + (result,) + st[7:]

    def position_json(self, st) -> dict:
        """The state in the generic JSON form that `position` reads (docs/positions.md)."""
        kinds = [k.name for k in self.kinds]
        owners: dict[str, dict[str, list[str]]] = {}
        for i in range(self.size):
            v = st[0][i]
            if not v:
                continue
            code = v & 7
            owner = NOBODY if self.general and code == self.neutral_code else self.players[code - 1]
            kind = kinds[v >> 3] if self.general else kinds[0]
            owners.setdefault(owner, {}).setdefault(kind, []).append(self.geo.name(i))
        pieces = {o: (by[kinds[0]] if list(by) == [kinds[0]] else by) for o, by in owners.items()}
        out = {"game": self.name, "to_move": self.players[st[3]], "ply": st[4], "passes": st[5], "pieces": pieces,
               "reserve": {p: st[2][i] for i, p in enumerate(self.players)}}
        if self.general:
            out["quiet"] = st[8]
        return out

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

    def _put(self, seq: str, value: str) -> str:
        """Source of the tuple `seq` with seq[me] replaced by value."""
        n = self.n
        if n > 4:
            return f"{seq}[:me] + ({value},) + {seq}[me + 1:]"
        alts = ["(" + "".join(f"{value if i == s else f'{seq}[{i}]'}, " for i in range(n)).rstrip(", ")
                + ("," if n == 1 else "") + ")" for s in range(n)]
        out = alts[-1]
        for s in range(n - 2, -1, -1):
            out = f"{alts[s]} if me == {s} else {out}"
        return out

    def _apply_source(self) -> str:
        """apply() for this game: the end conditions inlined, option values and seats known."""
        n = self.n
        nxt = "1 - me" if n == 2 else f"(me + 1) % {n}"
        if self.general:
            L = self._apply_general_head()
            state = "(cells, B, R, nxt, ply, passes, %s, K, quiet, last)"
        else:
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
                 f"            R = {self._put('R', 'R[me] - (len(move) - 1)')}",
                 "        else:",
                 "            o, d = move",
                 "            ba[o] = 0",
                 "            ba[d] = me + 1",
                 "            b = B[me] ^ BIT[o] ^ BIT[d]",
                 "        cells = bytes(ba)",
                 f"        B = {self._put('B', 'b')}"]
            state = "(cells, B, R, nxt, ply, passes, %s)"
        L += ["    ply += 1",
              f"    nxt = {nxt}",
              f"    st = {state % 'None'}"]
        ends = [(self.rules.win, "(me,)", "w"), (self.rules.draw, "()", "d"), (self.rules.over, "_WINNERS(st)", "v")]
        for node, result, prefix in ends:
            if node is None:
                continue
            em = Emitter(self._vocab, prefix=prefix)
            test = em.emit(node)
            code = "\n".join(em.hoisted[0] + [test])
            if re.search(r"\bopp\b", code) and "    opp = nxt" not in L:
                L.append("    opp = nxt" if n == 2 else f"    opp = (me + 1) % {n}")
            occ = "    occ = " + " | ".join(f"B[{i}]" for i in range(n + (1 if self.general else 0)))
            if re.search(r"\bocc\b", code) and occ not in L:
                L.append(occ)
            L.extend("    " + x for x in em.hoisted[0])
            L.append(f"    if {test}:")
            L.append(f"        return {state % result}")
        # a blocked player to move (end.blocked lose or draw) is found when someone asks
        # (is_over, legal_moves, outcome), from the moves generated then: never twice
        L.append("    return st")
        return "\n".join(L) + "\n"

    def _notation_flags(self):
        """Where the plain notation would give two moves one name, it says more: which kind a
        choice promotes to (`b7-b8=queen`), which kind is placed (`cap@c3`, when several can
        be), and a `*` after a move that flips where flipping is optional."""
        from .movegen import pattern_actions
        self._choosing = any(len(k.promote_to) > 1 for k in self.kinds)
        placed, optional = set(), False
        for ph in self.rules.phases:
            for p in ph.places:
                for a in pattern_actions(p):
                    if a.name == "place":
                        placed.add(a.kwargs["kind"].dotted)
            for p in ph.patterns + ph.places:
                optional = optional or _optional_flip(p)
        self._placing_kinds = len(placed) > 1
        self._optional_flips = optional

    def _features(self) -> set[str]:
        """Which effects this game's moves can have, so apply is written for those only."""
        from .movegen import captures, pattern_actions
        out = set()
        for ph in self.rules.phases:
            if ph.drops:
                out.add("drop")
            for p in ph.patterns + ph.places:
                names = {a.name for a in pattern_actions(p)}
                out |= {"flip"} & names
                if "shoot" in names:
                    out.add("shot")
                if captures(p) or any(a.name == "place" and a.kwargs.get("onto") for a in pattern_actions(p)):
                    out.add("capture")
            if ph.places:
                out.add("place")
        return out

    def _put_at(self, seq: str, size: int, value: str) -> str:
        """Source of the tuple `seq` (of `size` items) with seq[me] replaced by value."""
        if size > 5:
            return f"{seq}[:me] + ({value},) + {seq}[me + 1:]"
        alts = ["(" + ", ".join(value if i == s else f"{seq}[{i}]" for i in range(size)) + ("," if size == 1 else "") + ")"
                for s in range(self.n)]
        out = alts[-1]
        for s in range(self.n - 2, -1, -1):
            out = f"{alts[s]} if me == {s} else {out}"
        return out

    def _apply_general_head(self) -> list[str]:
        """The part of apply() that makes the move on the general layout. A move that captures,
        flips or shoots nothing (most moves) takes a short way: one XOR per board touched."""
        multi, n = self.multi, self.n
        has = self._features()
        resets = [i for i, k in enumerate(self.kinds) if k.resets_quiet]
        reserved = [i for i, k in enumerate(self.kinds) if k.reserve]      # at most one (rules.py)
        dropped = self.kinds[reserved[0] if reserved else 0].name
        kb = (lambda line: [line]) if multi else (lambda line: [])
        L = ["def apply(st, move):",
             "    cells, B, R, me, ply, passes, _, K, quiet, last = st",
             "    if move == PASS:",
             "        passes += 1",
             "        quiet += 1",
             "    else:",
             "        passes = 0"]
        ind = "        "
        if "drop" in has:
            L += ["        if move[0] == 'drop':",
                  "            ba = bytearray(cells); b = list(B)" + ("; k = list(K)" if multi else ""),
                  "            for c in move[1:]:",
                  f"                ba[c] = {self.kind_values[dropped]} | (me + 1)",
                  "                b[me] |= BIT[c]",
                  *kb(f"                k[{self.kind_values[dropped] >> 3}] |= BIT[c]"),
                  f"            R = {self._put('R', 'R[me] - (len(move) - 1)')}",
                  "            quiet += 1",
                  "            last = move[-1]",
                  "            cells = bytes(ba); B = tuple(b)" + ("; K = tuple(k)" if multi else ""),
                  "        else:"]
            ind = "            "
        body = ["o, d, caps, path, fl, val, ar" + (", _" if self._choosing else "") + " = move",
                "ba = bytearray(cells)"]
        quiet = ("quiet = 0 if (v >> 3) in %r else quiet + 1" % (tuple(resets),)) if resets else "quiet += 1"
        if "place" in has:
            body += ["if o >= 0:", "    v = ba[o]; ba[o] = 0", "    " + quiet, "else:",
                     "    v = val",
                     *([f"    if val >> 3 == {reserved[0]}:", f"        R = {self._put('R', 'R[me] - 1')}"]
                       if reserved else []), "    quiet += 1"]
        else:       # the moving piece's value, when its kind matters here
            body += ["v = ba[o]; ba[o] = 0" if resets or multi else "ba[o] = 0", quiet]
        effects = [f for f in ("capture", "flip", "shot") if f in has]
        slow = ["b = list(B)" + ("; k = list(K)" if multi else ""),
                "bo = BIT[o]; b[me] ^= bo", *kb("k[v >> 3] ^= bo")]
        if "capture" in has:
            slow += ["if caps:",
                     "    quiet = 0",
                     "    c = caps",
                     "    while c:",
                     "        lo = c & -c; i = lo.bit_length() - 1; x = ba[i]; ba[i] = 0; b[(x & 7) - 1] ^= lo",
                     *kb("        k[x >> 3] ^= lo"),
                     "        c ^= lo"]
        slow += ["ba[d] = val; bd = BIT[d]; b[me] |= bd", *kb("k[val >> 3] |= bd")]
        if "flip" in has:
            slow += ["if fl:",
                     "    c = fl",
                     "    while c:",
                     "        lo = c & -c; i = lo.bit_length() - 1; x = ba[i]",
                     "        ba[i] = (x & 248) | (me + 1); b[(x & 7) - 1] ^= lo; b[me] |= lo",
                     "        c ^= lo"]
        if "shot" in has:
            slow += ["if ar is not None:",
                     f"    a = ar & 65535; av = (ar >> 16) | {self.neutral_code}; ba[a] = av; b[{n}] |= BIT[a]",
                     *kb("    k[av >> 3] |= BIT[a]")]
        slow.append("B = tuple(b)" + ("; K = tuple(k)" if multi else ""))
        fast = ["ba[d] = val; x = BIT[o] | BIT[d]",
                f"B = {self._put_at('B', n + 1, 'B[me] ^ x')}"]
        if multi:
            fast += ["k = list(K); k[v >> 3] ^= BIT[o]; k[val >> 3] |= BIT[d]; K = tuple(k)"]
        if effects:
            tests = {"capture": "caps", "flip": "fl", "shot": "ar is not None"}
            body += [f"if {' or '.join(tests[f] for f in effects)}:", *("    " + x for x in slow),
                     "else:", *("    " + x for x in fast)]
        else:
            body += fast
        body += ["cells = bytes(ba)", "last = d"]
        L += [ind + x for x in body]
        return L

    def _legal_source(self) -> str:
        """legal_moves(), and is_over() for games where a blocked player loses or draws: is_over
        generates the moves to know, and hands them to the next legal_moves of that very state
        (MEMO holds them once)."""
        gen = [f"gen_{ph.name}" for ph in self.rules.phases]
        moves = (f"{gen[0]}(st)" if len(gen) == 1 else
                 f"{gen[-1]}(st) if st[4] >= {self._last_from} else _GENS[_phase_index(st)](st)")
        L = ["def legal_moves(st):"]
        if self.blocked in ("lose", "draw"):
            L += ["    if st is MEMO[0]:",
                  "        MEMO[0] = None",
                  "        return MEMO[1]"]
        L += ["    if st[6] is not None:",
              "        return []",
              f"    moves = {moves}"]
        if self.blocked == "pass":
            L += ["    if not moves:", "        return [PASS]"]
        L.append("    return moves")
        if self.blocked in ("lose", "draw"):
            L += ["", "def is_over(st):",
                  "    if st[6] is not None:",
                  "        return True",
                  f"    moves = {moves}",
                  "    MEMO[0] = st; MEMO[1] = moves",
                  "    return not moves"]
        return "\n".join(L) + "\n"

    def _apply_generic(self, st, move):
        """apply() as plain Python for the plain layout, for reference: the generated one must agree."""
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
        if result is not None:
            new = (cells, boards, reserves, nxt, ply, passes, result)
        return new

    def result(self, st):
        """The winning seats (() for a draw), or None while the game runs."""
        res = st[6]
        if res is None and self.blocked in ("lose", "draw") and self.is_over(st):
            res = tuple(s for s in range(self.n) if s != st[3]) if self.blocked == "lose" else ()
        return res

    def outcome(self, st) -> Outcome:
        res = self.result(st)
        breakdown = None
        if self._score is not None:
            parts = [self._score(st, s) for s in range(self.n)]
            names = [name for name, _ in self.rules.scoring]
            breakdown = {p: dict(zip(names, parts[i])) for i, p in enumerate(self.players)}
            scores = {p: float(sum(parts[i])) for i, p in enumerate(self.players)}
        if res is None:
            return Outcome(False, (), scores if self._score else {p: 0.0 for p in self.players}, breakdown)
        if self._score is None:
            if not res:
                scores = {p: 0.5 for p in self.players}
            else:
                scores = {p: (1.0 if i in res else 0.0) for i, p in enumerate(self.players)}
        return Outcome(True, tuple(self.players[s] for s in res), scores, breakdown)

    def evaluate(self, st):
        if self._eval is None:
            return None
        if self.is_over(st):
            out = self.outcome(st)
            if self._score is not None:
                return [1.0 if p in out.winners else (0.5 if not out.winners else 0.0) for p in self.players]
            return [out.scores[p] for p in self.players]
        return [min(1.0, max(0.0, float(self._eval(st, s)))) for s in range(self.n)]

    def move_str(self, move) -> str:
        if move == PASS:
            return PASS
        name = self.geo.name
        if move[0] == "drop":
            return "+".join(name(c) for c in move[1:])
        if not self.general:
            return f"{name(move[0])}-{name(move[1])}"
        o, d, _caps, path, fl, val, ar = move[:7]
        if o < 0:
            text = name(d) if not self._placing_kinds else f"{self.kinds[val >> 3].name}@{name(d)}"
        elif path is None:
            text = f"{name(o)}-{name(d)}"
        else:
            text = name(o) + "".join(f"x{name(~p)}" if p < 0 else f"-{name(p)}" for p in path)
        if ar is not None:
            text += f"/{name(ar & 65535)}"
        if self._choosing and move[7]:
            text += f"={self.kinds[val >> 3].name}"      # which of the kinds it becomes
        if fl and self._optional_flips:
            text += "*"                                   # with the flip (it could go without)
        return text

    def parse_move(self, st, text: str):
        return parse_by_notation(self, st, text)

    # ---------------------------------------------------------------- tools for front-ends
    def rule_stats(self) -> dict[str, int]:
        return dict(self.stats)

    def reset_rule_stats(self) -> None:
        for k in self.stats:
            self.stats[k] = 0

    def explain(self, st, text: str) -> str:
        from .explain import explain
        return explain(self, st, text)

    def render(self, st, color: bool = False) -> str:
        from .render import render_grid
        return render_grid(self, st, color)



def _optional_flip(node) -> bool:
    """Does the pattern let a flip be left out (flip inside `?` or `*`)?"""
    if isinstance(node, dsl.Rep):
        from .movegen import pattern_actions
        if node.quant in ("?", "*", "*+") and any(a.name == "flip" for a in pattern_actions(node.body)):
            return True
        return _optional_flip(node.body)
    if isinstance(node, (dsl.Seq, dsl.Alt)):
        return _optional_flip(node.left) or _optional_flip(node.right)
    return False
