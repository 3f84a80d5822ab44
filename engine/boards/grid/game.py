"""A compiled grid game: tables built once (neighbours, rays, zones, bulk-step and attack tables),
move generators and end conditions as Python source generated for this game, these option values
and this number of seats. The state layouts and apply are state.py's, notation is notation.py's.
"""
from __future__ import annotations

import itertools
from functools import partial
from math import comb
from operator import itemgetter
from typing import Any

from ...api import CHANCE, Outcome, RulebookError
from ...codegen import define
from ...lang import dsl
from ...lang.expr import BOOL, Emitter, Symbol, Vocabulary
from ...lang.pycode import names
from ...source.info import game_info
from ...structs import replace
from .automaton import Allow
from .functions import along, area, attacked, cells as cell_functions, connected, counting, in_a_row, one_group
from .functions import lines as line_functions
from .functions import always_attacked
from .functions import NAMES
from .layout import CELLS, COUNTS, LAST, PLY, RESERVES, RESULT, TO_MOVE, Layout, with_slot
from .movegen import PathCode, flips, target_groups
from .notation import GridNotation
from .patterns import always_captures, captures_elsewhere, may_repeat, parts, pattern_actions, phase_effects
from .rules import GridRules
from .state import PASS, GridState
from .topology import direction_sets
from .vocabulary import grid_vocabulary, repeated
from .words import DIRS, SENTENCES, WORDS
from .words.enclose import ko_rule, placement_source
from .words.place import bulk_source
from .words import sow as sow_word


class GridGame(GridState, GridNotation):
    """A compiled grid game: the Game API of rulebook/api.py."""

    def __init__(self, rules: GridRules, options: dict[str, Any], seats: list[int], instrument: bool = False):
        self.rules = rules
        self.name = rules.spec["game"]
        self.seats = list(seats)                       # the file's seat index of each player here
        self.players = tuple(rules.players[s] for s in seats)
        self.options = dict(options)
        # what front-ends read; the prose says each action as its word does
        self.info = replace(game_info(rules.spec, rules.seating), actions=SENTENCES)
        self.instrument = instrument
        self.general = rules.general
        n = self.n = len(self.players)
        self.kinds = rules.kinds
        self.multi = len(self.kinds) > 1
        # pieces owned by nobody: only of a neutral kind (else their board B[n] stays 0)
        self.neutral = self.general and any(k.neutral for k in self.kinds)
        self._build_tables()
        self.counted = rules.counted
        self._vocab = grid_vocabulary(n, rules.zones, rules.dirsets, self.geo, [k.name for k in self.kinds],
                                      option_values=options, spec=rules.spec, general=self.general,
                                      neutral=self.neutral, counted=self.counted)
        if self.uses_history and not self._reads_history():
            self.uses_history = False
            self.extended = self.uses_passed or self.uses_ko
        self.layout = Layout(self.general, self.extended, self.counted)
        self.stats: dict[str, int] = {r.name: 0 for ph in rules.phases for r in ph.rules}
        ns = self._namespace()
        self._ns = ns
        self._bulk: list[str] = []
        self._gens = []
        self.sources: dict[str, str] = {}
        self._notation_flags()
        self._any = []          # per phase: is there a move? (a blocked player, `stuck`)
        blocked = rules.blocked
        self.blocked = options.get(blocked[7:]) if blocked.startswith("option.") else blocked
        self.bare = False       # decided once the searches and end conditions are written
        if self.general and {"attacked()", "always_attacked()"} & rules.words:     # only a game that asks pays for its tables
            src, self._sliders = attacked.source(self, ns)
            self.sources["attacked"] = src
            self._exec(src, "_attacked", ns, ("attacked",))
        if any(ph.legal for ph in rules.phases):
            src = self._after_source()
            self.sources["after"] = src
            self._exec(src, "_after", ns, ("after",))
        for ph in rules.phases:
            if ph.legal:          # the moves whose position after breaks no `legal` rule
                source = self._phase_source(ph, instrument=instrument, fname=f"raw_{ph.name}") + self._keep_source(ph)
            else:
                source = self._phase_source(ph, instrument=instrument)
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
        # a last phase whose moves are made of parts: counted (count_moves) and drawn by the
        # playout (playout/) without listing them
        self.by_parts = self._moves_of_parts(rules.phases[-1])
        if self.by_parts:
            ph = rules.phases[-1]
            for mode in ("count", "draw"):
                source = self._phase_source(ph, fname=f"{mode}_{ph.name}", mode=mode)
                self.sources[f"{ph.name} ({mode})"] = source
                self._exec(source, f"{mode}_{ph.name}", ns, ph.path)
        self._phase_ends = []       # the ply each phase ends at (None: the last phase)
        total = 0
        for ph in rules.phases:
            total = total + ph.length(n) if ph.length(n) else None
            self._phase_ends.append(total)
            if total is None:
                break
        self._last_from = sum(ph.length(n) or 0 for ph in rules.phases[:-1])
        ns["_GENS"], ns["_LAST"], ns["_phase_index"], ns["PASS"] = self._gens, self._gens[-1], self.phase_index, PASS
        ns["_MOVES"] = self._any[0] if len(self._any) == 1 else self._raw_moves
        ns["_ALL_STUCK"] = self._all_stuck
        self._win = self._state_fn(rules.win, "win", ns)
        self._lose = self._state_fn(rules.lose, "lose", ns)
        self._draw = self._state_fn(rules.draw, "draw", ns)
        self._over = self._state_fn(rules.over, "over", ns)
        self._score = self._score_fn(ns)
        self.bare = self._can_be_bare()
        ns["_CELLS"] = self.cells_of
        self._eval = self._state_fn(rules.evaluate, "evaluate", ns)      # (reads cells_of in a bare game)
        ns["_WINNERS"] = self._top_scorers
        ns["_MEMO"] = [None, None]        # see state.py's _legal_source
        self._stuck_memo = "stuck" in rules.words and all(ph.legal for ph in rules.phases)
        src = self._apply_source()
        self.sources["apply"] = src
        # apply and legal_moves of the Game API are generated for this game and set as instance
        # attributes, called directly
        self.apply = self._exec(src, "apply", ns, ("apply",))
        src = self._legal_source()
        self.sources["legal_moves"] = src
        self.legal_moves = self._exec(src, "legal_moves", ns, ("legal_moves",))
        if self._stuck_memo:
            ns["_MOVES"] = ns["_moves_kept"]
        if self.blocked in ("lose", "draw"):
            self.is_over = ns["is_over"]
        if self.by_parts:
            self.count_moves = ns["count_moves"]
        # can a move here take a piece? (players ask is_capture only where one can: alphabeta's quiescence)
        self.can_capture = self.general and "capture" in self.features()

    def is_capture(self, move) -> bool:
        """Does `move` take a piece? A general move's caps slot holds the cells it captures; a
        pass, a drop or a sowing (whose first slot is a word) takes none."""
        return self.can_capture and type(move) is tuple and type(move[0]) is int and move[2] != 0

    def _moves_of_parts(self, ph) -> bool:
        """Are the phase's moves made of parts whose product is large: every pattern a move of
        parts (patterns.parts: slide then shoot) and some later part landing on many cells (a
        word that is `far`)? Then they are counted and drawn part by part (movegen's modes).
        Not where a move's list is more than the search gives (rules on the position after,
        capture priority, moves found twice), nor where a piece promotes (several moves per
        landing), nor where a blocked player passes (a pass drawn from a list of one)."""
        if not self.general or self.instrument or ph.legal or ph.priority or ph.places or ph.drops or ph.sows \
                or not ph.kinds or any(k.promote_to for k in self.kinds) or self.rules.pass_any \
                or self.blocked == "pass":
            return False
        split = [parts(p) for p in ph.patterns]
        return all(split) and any(WORDS[a.name].far for _first, later in split for a in later) \
            and not any(may_repeat(alts, self.vectors) for _k, alts in ph.kinds)

    def _can_be_bare(self) -> bool:
        """The bare layout (no cell bytes: state.py) where nothing played move by move reads a
        cell's byte: not the searches, not the end conditions (which apply also runs), not the
        position after a move. Moves that drop, place, flip, shoot or shift come from searches
        that read bytes; a game whose moves step and jump, and may capture, can be bare."""
        if not self.general or self.extended or self.hands or not self.features() <= {"capture"}:
            return False
        return not any("cells" in names(src) for src in self.sources.values())

    @property
    def occ_source(self) -> str:
        """Source of the bitboard of every piece on the board."""
        return " | ".join(f"B[{i}]" for i in range(self.n + (1 if self.neutral else 0)))

    @property
    def _cells_source(self) -> str:
        """How generated code reads the cell bytes of the state st."""
        return "_CELLS(st)" if self.bare else self.layout.read("cells")

    # ---------------------------------------------------------------- compile helpers
    def _exec(self, source: str, fname: str, ns: dict, path: tuple):
        return define(source, fname, f"{self.rules.src_file}:{'.'.join(map(str, path))}", ns)

    def _phase_source(self, ph, skip=frozenset(), instrument=False, fname=None, exists=False, mode=None) -> str:
        """The source of a phase's move generator, headed by comments naming what it came from
        (mode: movegen.PathCode's, a counter or a draw of its moves)."""
        source = self._phase_code(ph, skip, instrument, fname or f"gen_{ph.name}", exists, mode)
        head, _, rest = source.partition("\n")
        return head + "\n" + "".join(f"    # {line}\n" for line in self._about(ph)) + rest

    def _about(self, ph) -> list[str]:
        spec = self.rules.spec["phases"][ph.path[-1]]
        move = spec.get("move")
        out = [f"phase '{ph.name}' of {self.rules.src_file}"]
        places = self.rules.places
        if isinstance(move, str):
            out.append(f"move ({places[ph.path + ('move',)]}): {' '.join(move.split())}")
        elif isinstance(move, dict):
            out += [f"move of a {k} ({places[ph.path + ('move', k)]}): {' '.join(str(v).split())}"
                    for k, v in move.items()]
        for r in ph.rules:
            out.append(f"landing rule '{r.name}' ({self.rules.places[(ph.name, r.name)]})")
        for r in ph.legal:
            out.append(f"legal rule '{r.name}' ({self.rules.places[(ph.name, r.name)]}), on the position after")
        if ph.priority:
            out.append("priority: capture (when a capture exists, only captures)")
        return out

    def _phase_code(self, ph, skip, instrument, fname, exists, mode=None) -> str:
        if ph.sows:         # a phase that sows: its moves are its sowings (words/sow.py)
            return sow_word.generator_source(self, ph.sows[0], fname, exists)
        bulk = None if not self.general or instrument or skip or exists or mode else \
            placement_source(self, ph, fname) or bulk_source(self, ph, fname)
        if bulk is not None:    # a phase of bare placements (words/place.py), or ones that enclose (words/enclose.py)
            return bulk
        # one generator for every phase, leaving rules out (skip) or counting their refusals
        # (instrument); a plain game's pieces (one kind, steps and jumps) are searched by the
        # automaton lowering, whose reached cells merge, except where rules are left out or counted
        merged = not self.general and not (instrument or skip or exists)
        promote = {i for i, k in enumerate(self.kinds) if k.promote_to}
        # bitboard shifts (bulk steps, the pieces that can jump) where directions are translations
        lattice = self.geo.translations and not merged
        return PathCode(ph, self._vocab, self.n, self.multi, self.kind_values, promote, self.vectors,
                        skip=skip, instrument=instrument, fname=fname,
                        step_table=self._step_table if lattice and not self.turns else None,
                        dir_names=self.dir_names, exists=exists, jump_masks=self._jump_masks if lattice else None,
                        reserved=[k.name for k in self.kinds if k.reserve],
                        choosing=self._choosing, moved=self._moved_bits, cells=self._cells_source,
                        neutral=self.neutral, origin_table=self._origin_table if lattice and not self.turns else None,
                        plain=not self.general, on_the_way=self._on_the_way(ph),
                        turn_numbers=self.turn_numbers if self.turns else None,
                        promote_more=[i for i, k in enumerate(self.kinds)
                                      if k.promote_optional or k.promote_leaving],
                        held=self._held_kinds, merged=merged, mode=mode,
                        ray_lines=self._ns.get("RAYLINES")).source

    def _on_the_way(self, ph) -> dict:
        """For movegen: kind index -> (the kind it becomes on the way, its value bits, the bodies
        of that kind's repeated captures in this phase), for the kinds that promote on the way."""
        names = [k.name for k in self.kinds]
        out = {}
        for i, k in enumerate(self.kinds):
            if k.promote_on_the_way:
                target = names.index(k.promote_to[0])
                bodies = [a.body for ki, alts in ph.kinds if ki == target for a in alts
                          if isinstance(a, dsl.Rep) and a.quant in ("+", "++") and always_captures(a.body)]
                if bodies:
                    out[i] = (target, self.kind_values[k.promote_to[0]], bodies)
        return out

    def _step_table(self, dirs: str, kind: int | None, capture: str, promoting: bool, track: bool,
                    grouped: bool = True):
        """For a bulk step (movegen.PathCode.bulk_steps): per seat, per direction, the origin mask,
        the shift, the name of the tables of moves by target bit, the promotion zone's mask, and
        the groups (mask, shift) its targets onto empty cells are read by, where they are read a
        group at a time (movegen.target_groups; None: bit by bit, always where `grouped` is off)."""
        geo, ns = self.geo, self._ns
        k = self.kinds[kind or 0]
        words = direction_sets(self.rules.dirsets, geo)[dirs]
        pieces = self._start_pieces(k) if grouped else 0
        out = []
        for seat in range(self.n):
            val = self.kind_values[k.moved or k.name] | (seat + 1)
            promo_cells = set()
            if promoting and k.promote_to:
                where = k.promote_in
                zname, zseat = (where[9:], (seat + 1) % self.n) if where.startswith("opponent.") else (where, seat)
                promo_cells = set(self.zone_cells[zname][zseat])
            shifts = []
            for v in dict.fromkeys(x for x in (self.vector(seat, w) for w in words) if x is not None):
                name = f"BULK{len(self._bulk)}"
                self._bulk.append(name)
                plain, taking, plain_p, taking_p, mask = {}, {}, {}, {}, 0
                shift = geo.shift(v)
                wraps = False           # does a shifted piece land on a cell that is not its neighbour?
                for o in geo.cells():
                    d = geo.neighbour(o, v)
                    if d < 0:
                        wraps = wraps or 0 <= o + shift < geo.size and geo.used[o + shift]
                        continue
                    mask |= 1 << o
                    bit = 1 << d
                    if d in promo_cells:
                        vals = [self.kind_values[t] | (seat + 1) for t in k.promote_to]
                        more = (1,) if self._choosing else ()
                        plain_p[bit] = tuple((o, d, 0, None, 0, pv, None, None) + more for pv in vals)
                        taking_p[bit] = tuple((o, d, bit, (~d,) if track else None, 0, pv, None, None) + more
                                              for pv in vals)
                    else:
                        more = (0,) if self._choosing else ()
                        plain[bit] = (o, d, 0, None, 0, val, None, None) + more
                        taking[bit] = (o, d, bit, (~d,) if track else None, 0, val, None, None) + more
                ns[name], ns[name + "x"], ns[name + "P"], ns[name + "xP"] = plain, taking, plain_p, taking_p
                ns[name + "m"] = mask
                ns[name + "z"] = sum(1 << c for c in promo_cells)
                # the targets onto empty cells read a group at a time where the kind is dense
                # enough: two pieces at the start a group (a bit-by-bit loop is cheaper for a few
                # scattered targets, as captures are)
                runs = target_groups(plain, pieces // 2) if capture != "only" else []
                for g, (_gmask, _low, rows) in enumerate(runs):
                    ns[f"{name}_{g}"] = rows
                groups = [(gmask, low) for gmask, low, _rows in runs] or None
                # no mask where a wrong landing can only be a hole (a checkerboard's light squares) or off the board
                shifts.append((name + "m" if wraps else None, shift, name, name + "z" if promo_cells else None, groups))
            out.append(shifts)
        return out

    def steps_by_origin(self, steps, kind: int | None) -> bool:
        """Do the bulk steps [(direction set, capture)] of a kind go from each piece (_origin_table):
        no more pieces of it at the start than it has directions to step in?"""
        sets = direction_sets(self.rules.dirsets, self.geo)
        ways = sum(len({self.vector(0, w) for w in sets[dirs]} - {None}) for dirs, _cap in steps)
        return self._start_pieces(self.kinds[kind or 0]) <= ways

    def _origin_table(self, steps, kind: int | None, promoting: bool, track: bool) -> str | None:
        """For the bulk steps [(direction set, capture)] of a kind with few pieces (no more at the
        start than it has directions to step in: a lone piece, or one made by promotion), where
        going from each piece is cheaper than shifting its board once per direction: the name of
        a table, per seat, per cell, of (target bit, moves onto it empty, moves onto it taking
        an enemy), the middle or last part left out where no step of them does so. None for
        other kinds."""
        if not self.steps_by_origin(steps, kind):
            return None
        caps = {cap for _dirs, cap in steps}
        per_action = [(cap, self._step_table(dirs, kind, cap, promoting, track, grouped=False)) for dirs, cap in steps]
        ns, name = self._ns, f"ORIGIN{len(self._bulk)}"
        self._bulk.append(name)
        seats = []
        for seat in range(self.n):
            by_cell = [[] for _ in range(self.size)]
            for cap, per_seat in per_action:
                for _mask, _shift, tname, _promo, _groups in per_seat[seat]:
                    plain, taking, plain_p, taking_p = (ns[tname + x] for x in ("", "x", "P", "xP"))
                    for bit in list(plain) + list(plain_p):
                        pl = plain_p.get(bit) or (plain[bit],) if cap != "only" else ()
                        tk = taking_p.get(bit) or (taking[bit],) if cap != "no" else ()
                        o = (pl or tk)[0][0]
                        by_cell[o].append((bit, pl) if caps == {"no"} else (bit, tk) if caps == {"only"} else (bit, pl, tk))
            seats.append(tuple(tuple(entries) for entries in by_cell))
        ns[name] = tuple(seats)
        return name

    def _start_pieces(self, k) -> int:
        """How many pieces of kind k one seat has at the start."""
        return len(self.zone_cells[k.start][0]) if k.start else 0

    def _jump_masks(self, dirs: str, steps: int = 2):
        """Per seat, per direction of the set: (name of the mask of the cells with `steps` cells
        beyond them that way, or None where no mask is needed; the shift of one step)."""
        geo, ns = self.geo, self._ns
        words = direction_sets(self.rules.dirsets, geo)[dirs]
        out = []
        for seat in range(self.n):
            shifts = []
            for v in dict.fromkeys(x for x in (self.vector(seat, w) for w in words) if x is not None):
                name = f"{'JMASK' if steps == 2 else 'SMASK'}_{v[0]}_{v[1]}".replace("-", "m")
                shift = geo.shift(v)
                if name not in ns:
                    def reach(o, k):
                        for _ in range(k):
                            o = geo.neighbour(o, v) if o >= 0 else -1
                        return o >= 0

                    def stray(o):       # shifted `steps` times, every cell is one of the board, not o's neighbours
                        return not reach(o, steps) and all(0 <= o + j * shift < geo.size and geo.used[o + j * shift]
                                                           for j in range(1, steps + 1))
                    # no mask where a shifted cell that is no neighbour can only be a hole or off
                    # the board (a checkerboard's light squares): the boards it is read against are 0 there
                    ns[name] = sum(1 << o for o in geo.cells() if reach(o, steps)) \
                        if any(stray(o) for o in geo.cells()) else None
                shifts.append((name if ns[name] is not None else None, shift))
            out.append(shifts)
        return out

    def _keep_source(self, ph, skip=frozenset()) -> str:
        rules = [r for r in ph.legal if r.name not in skip]
        # rules `not (placed and ...)` are only asked of placements: where the others allow the
        # fast path below, they are asked after it, of the placements it kept
        placing = [r for r in rules if _placement_only(r.node)]
        if placing and len(placing) < len(rules) and not ph.drops and \
                self._guarded([r for r in rules if r not in placing]) is not None:
            em = Emitter(self._vocab.child(placed=Symbol(BOOL, "True")), prefix="p")
            tests = [em.emit(r.node) for r in placing]
            code = "".join(f"    {x}\n" for x in em.hoisted[0]) + f"    return {' and '.join(tests)}\n"
            rest = [r for r in rules if r not in placing]
            inner = self._keep_source(replace(ph, legal=rest), skip).replace(f"def gen_{ph.name}(st):",
                                                                             f"def _gen_{ph.name}(st):")
            # rules `not (placed and last in mine.K and ...)` hold for a placement of another kind
            kinds = [k if k in self.kind_values else None for k in map(_placed_kind, (r.node for r in placing))]
            kind_test = "" if None in kinds else \
                " or ".join(f"m[5] >> 3 != {self.kind_values[k] >> 3}" for k in dict.fromkeys(kinds)) + " or "
            # ... and, where each says `attacked(G)` of another player's pieces G not attacked now, for
            # a placement (nothing else changed) off every cell that can change that answer
            groups = [_attacked_group(r.node) for r in placing]
            head, sense = "", ""
            if None not in groups and "AT_NEAR" in self._ns:
                gm = Emitter(self._vocab, prefix="n")
                group = " | ".join(f"({gm.emit(x)})" for x in groups)
                pre = "\n".join(gm.hoisted[0])
                head = (self._prologue(pre + group) + "".join(f"    {x}\n" for x in gm.hoisted[0]) +
                        f"    g = {group}\n    near = None     # (found at the first placement that needs it)\n")
                sense = (f"not (BIT[m[1]] & (near if near is not None else (near := -1 if _attacked(st, me, g) else "
                         f"_near_cells({self._cells_source}, me, g))){self._other_effects(ph, landing_too=True)}) or ")
            return (inner + f"\ndef keep_placed_{ph.name}(st, me):\n" + self._prologue(code) + code +
                    f"\ndef gen_{ph.name}(st):\n    me = {self.layout.read('to_move')}\n" + head +
                    f"    return [m for m in _gen_{ph.name}(st) if m[0] != -1 or {kind_test}{sense}"
                    f"keep_placed_{ph.name}(_after(st, m), me)]\n")
        em = Emitter(self._vocab.child(placed=Symbol(BOOL, "(m[0] == -1)")), prefix="k")
        guarded = self._guarded(rules) if not ph.drops else None
        if guarded is None:
            tests = [em.emit(r.node) for r in rules] or ["True"]
        else:       # one question for all the groups
            tests = ["not _attacked(st, me, " + " | ".join(f"({em.emit(node)})" for node in guarded) + ")"]
        code = "".join(f"    {x}\n" for x in em.hoisted[0]) + f"    return {' and '.join(tests)}\n"
        # a rule that reads `placed` is told the move
        mv = ", m" if "m" in names(code) else ""
        keep = f"\ndef keep_{ph.name}(st, me{mv}):\n" + self._prologue(code) + code
        slow = f"[m for m in moves if keep_{ph.name}(_after(st, m), me{mv})]"
        turns = "turn" in phase_effects(ph)     # a block turning moves pieces no pin or line foresees
        if turns:
            guarded = None
        if guarded is None:
            sensed = self._sensed(rules) if not ph.drops and not turns else None
            if sensed is not None:
                return keep + self._sensed_gen(ph, *sensed, slow)
            return keep + f"\ndef gen_{ph.name}(st):\n    me = {self.layout.read('to_move')}\n    moves = raw_{ph.name}(st)\n    return {slow}\n"
        # every rule says `not attacked(G)` of the mover's pieces G: a move of another piece can
        # only break one by opening a line to G, so while G is not attacked now, only the moves
        # of G, of a piece alone between G and an enemy that could slide to it, and the moves
        # that capture away from their landing, move another piece, flip or shoot are tried
        em = Emitter(self._vocab, prefix="g")
        group = " | ".join(f"({em.emit(node)})" for node in guarded)
        other = self._other_effects(ph)
        alone = f" and not ({other.removeprefix(' or ')})" if other else ""
        return keep + "\n".join([
            f"\ndef gen_{ph.name}(st):",
            f"    me = {self.layout.read('to_move')}",
            self._prologue("\n".join(em.hoisted[0]) + group).rstrip("\n"),
            f"    moves = raw_{ph.name}(st)",
            *("    " + x for x in em.hoisted[0]),
            f"    g = {group}",
            "    if not g:",
            "        return moves",
            "    if _attacked(st, me, g):     # in check: a move can only mend it on a cell that changes the answer",
            f"        near = _near_cells({self._cells_source}, me, g)",
            f"        return [m for m in moves if (BIT[m[0]] & g or BIT[m[1]] & near{other})"
            f" and keep_{ph.name}(_after(st, m), me{mv})]",
            f"    sl = {self._sliders}",
            "    own = B[me]; pinned = g; t = g",
            "    while t:             # a piece of the player's between G and an enemy that could slide to it",
            "        lo = t & -t; t ^= lo",
            "        for m, up, j in XRAY[me][lo.bit_length() - 1]:",
            "            if m & sl[j]:",
            "                y = occ & m",
            "                f = y & -y if up else 1 << (y.bit_length() - 1)",
            "                if f & own:",
            "                    y ^= f",
            "                    if y and (y & -y if up else 1 << (y.bit_length() - 1)) & sl[j]:",
            "                        pinned |= f",
            "    if g & (g - 1):     # G is several pieces: each one's moves are asked as a pinned piece's",
            "        gi = -2",
            "    else:               # G is one piece, on cell gi: its own moves are asked apart",
            "        gi = g.bit_length() - 1; pinned ^= g",
            "    # a move of G alone (one piece), with no other effect: is its landing attacked once it has left?",
            "    return [m for m in moves if ((not _hit(B, K, (occ ^ g) | BIT[m[1]], BIT[m[1]], me, m[1]))",
            f"            if m[0] == gi{alone} else",
            f"            (not (pinned and BIT[m[0]] & pinned{other})"
            f" or keep_{ph.name}(_after(st, m), me{mv})))]", ""])

    def _other_effects(self, ph, landing_too: bool = False) -> str:
        """The tests, each after ` or `, for the effects of a move beyond its piece's move that
        the phase's words can have: a capture elsewhere than on the landing (any capture, with
        `landing_too`), flips, a shot, a second piece shifted. (A phase's moves never include
        the pass: legal_moves adds it.)"""
        has = phase_effects(ph)
        if not landing_too and not any(captures_elsewhere(p) for p in ph.patterns + ph.places):
            has.discard("capture")
        tests = {"capture": "m[2]" if landing_too else "m[2] & ~BIT[m[1]]", "flip": "m[4]", "shot": "m[6] is not None", "shift": "m[7] is not None"}
        return "".join(f" or {t}" for f, t in tests.items() if f in has)

    def _sensed_gen(self, ph, attacked_groups, facing, slow) -> str:
        """gen_PHASE for legal rules that all read `not attacked(G)` or `not faces(G, D, H)`
        (_sensed), where pins do not suffice (a hop over a screen, a leg): while the rules hold
        now, a move that neither leaves nor lands on a cell whose occupancy can change their
        answer (the lines, hops and legs that reach G, the lines of D from G, G itself), and
        has no other effect than its capture on its landing, keeps them; the others are tried."""
        em = Emitter(self._vocab, prefix="g")
        lines = []
        for group in attacked_groups:
            lines.append((em.emit(group), "AT_OPEN"))
        for group, dirs in facing:
            table = f"LINES_{dirs}"
            if table not in self._ns:
                self._ns[table] = [[sum(1 << t for ray in rays for t in ray) for rays in per_cell]
                                   for per_cell in self.RAYS[dirs]]
            lines.append((em.emit(group), table))
        body = [f"\ndef gen_{ph.name}(st):",
                f"    me = {self.layout.read('to_move')}",
                f"    moves = raw_{ph.name}(st)",
                f"    if not keep_{ph.name}(st, me):",
                f"        return {slow}",
                self._prologue("\n".join(em.hoisted[0]) + " ".join(g for g, _t in lines)).rstrip("\n"),
                *("    " + x for x in em.hoisted[0]),
                "    near = 0     # the cells whose occupancy can change the rules' answer"]
        for group, table in lines:
            body += [f"    t = {group}",
                     "    near |= t",
                     "    while t:",
                     f"        lo = t & -t; t ^= lo; near |= {table}[me][lo.bit_length() - 1]"]
        body += [f"    return [m for m in moves if not (BIT[m[0]] & near or BIT[m[1]] & near{self._other_effects(ph)})",
                 f"            or keep_{ph.name}(_after(st, m), me)]", ""]
        return "\n".join(body)

    def _sensed(self, rules) -> tuple[list, list] | None:
        """The groups G of legal rules `not attacked(G)` and the (G, D) of rules
        `not faces(G, D, H)`, when every rule reads one of them (joined by `and`), G a group of
        the mover's own pieces and H of another player's; None otherwise."""
        attacked_groups, facing = [], []

        def mine(arg) -> bool:
            return isinstance(arg, dsl.Name) and (arg.dotted == "mine" or arg.dotted.startswith("mine."))

        def take(node) -> bool:
            if isinstance(node, dsl.BoolOp) and node.op == "and":
                return take(node.left) and take(node.right)
            if not (isinstance(node, dsl.Not) and isinstance(node.operand, dsl.Call)):
                return False
            call = node.operand
            if call.func == "attacked" and mine(call.args[0]):
                attacked_groups.append(call.args[0])
                return True
            if call.func == "faces" and mine(call.args[0]) and isinstance(call.args[1], dsl.Name) \
                    and isinstance(call.args[2], dsl.Name) \
                    and (call.args[2].dotted == "theirs" or call.args[2].dotted.startswith("theirs.")):
                facing.append((call.args[0], call.args[1].dotted))
                return True
            return False
        return (attacked_groups, facing) if rules and all(take(r.node) for r in rules) else None

    def _guarded(self, rules) -> list | None:
        """The groups G of legal rules that all read `not attacked(G)` (joined by `and`), G a
        group of the mover's own pieces; None when some rule says anything else, or when a move
        of another piece can break them otherwise than by opening a line (attacked.pins_suffice)."""
        if not attacked.pins_suffice(self):
            return None
        groups = []

        def take(node) -> bool:
            if isinstance(node, dsl.BoolOp) and node.op == "and":
                return take(node.left) and take(node.right)
            if isinstance(node, dsl.Not) and isinstance(node.operand, dsl.Call) and node.operand.func == "attacked":
                arg = node.operand.args[0]
                if isinstance(arg, dsl.Name) and (arg.dotted == "mine" or arg.dotted.startswith("mine.")):
                    groups.append(arg)
                    return True
            return False
        return groups if rules and all(take(r.node) for r in rules) else None

    def _prologue(self, body: str) -> str:
        """The first lines of a function of (st, me) whose code is `body`: the cell bytes only
        when it reads them (rebuilt, in a bare game)."""
        n = self.n
        occ = self.occ_source
        read = self.layout.read
        extra = f"; K = {read('kinds')}" if self.general else ""
        cells = f"cells = {self._cells_source}; " if "cells" in names(body) else ""
        if "N" in names(body):      # the counts of a counted game
            cells += f"N = {read('counts')}; "
        return (f"    {cells}B = {read('boards')}; R = {read('reserves')}{extra}\n"
                f"    opp = (me + 1) % {n}\n    occ = {occ}\n")

    def _state_fn(self, node, fname, ns):
        if node is None:
            return None
        em = Emitter(self._vocab)
        body = em.emit(node)
        code = "".join(f"    {x}\n" for x in em.hoisted[0]) + f"    return {body}\n"
        src = f"def {fname}(st, me):\n" + self._prologue(code) + code
        self.sources[fname] = src
        return self._exec(src, fname, ns, (fname,))

    def _score_fn(self, ns):
        if not self.rules.scoring:
            return None
        em = Emitter(self._vocab)
        parts = [em.emit(node) for _name, node in self.rules.scoring]
        code = "".join(f"    {x}\n" for x in em.hoisted[0]) + f"    return ({', '.join(parts)},)\n"
        src = "def score(st, me):\n" + self._prologue(code) + code
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
        return not any(self._raw_moves(with_slot(st, TO_MOVE, s)) for s in range(self.n))

    def _raw_moves(self, st) -> bool:
        """Has the player to move a move (pass aside)?"""
        return bool((self._any[-1] if st[PLY] >= self._last_from else self._any[self.phase_index(st)])(st))

    def _build_tables(self):
        r = self.rules
        geo = self.geo = r.used_topology()
        n = self.n
        size = geo.size
        self.size = size
        self.forward = [r.forward[s] for s in self.seats]
        on_board = geo.cells()
        off = size if self.general else -1          # what a step off the board reads

        sets = direction_sets(r.dirsets, geo)
        self.dir_names = list(sets)
        # the tables of each direction set the rules name, keyed by its name: STEP['diagonal'][seat][cell]
        self.STEP, self.JUMP, self.JUMPB, self.RAYS, self.NEXT = {}, {}, {}, {}, {}
        # per direction set, seat and cell, each step (a, b): its cell and the landing of the jump
        # over it (a itself where the jump would leave the board): a search that steps and jumps
        # by the same directions reads one table (automaton.py)
        self.STEPJUMP = {}
        self.vectors: dict[str, frozenset] = {}
        used, rayed = self._used_names()        # rayed: the sets that may need whole rays (slides, first())
        for name, words in sets.items():
            if name not in used:        # a built-in word no rule names: no tables
                continue
            steps, jumps, rays, nexts, vecs_all = [], [], [], [], set()
            for seat in range(n):
                vecs = list(dict.fromkeys(v for v in (self.vector(seat, w) for w in words) if v is not None))
                vecs_all.update((seat, v) for v in vecs)
                srow, jrow, rrow = [()] * size, [()] * size, [()] * size
                nrow = [off] * (size + 1)
                nexts_of = [geo.neighbours(v) for v in vecs]
                ray_too = name in rayed
                for i in on_board:
                    s, j, rr = [], [], []
                    for v, nxt in zip(vecs, nexts_of):
                        a = nxt[i]
                        if a >= 0:
                            s.append(a)
                            b = nxt[a]
                            if b >= 0:
                                j.append((a, b))
                            if ray_too:
                                rr.append(geo.ray(i, v))
                    srow[i], jrow[i], rrow[i] = tuple(s), tuple(j), tuple(rr)
                    if len(vecs) == 1:
                        a = nexts_of[0][i]
                        nrow[i] = a if a >= 0 else off
                steps.append(srow)
                jumps.append(jrow)
                rays.append(rrow)
                nexts.append(nrow)
            self.STEP[name] = steps
            self.JUMP[name] = jumps
            self.STEPJUMP[name] = [[tuple((a, dict(jrow).get(a, a)) for a in srow) for srow, jrow in zip(s_seat, j_seat)]
                                   for s_seat, j_seat in zip(steps, jumps)]
            # the same with the bits of both cells, for the general generator's jumps
            self.JUMPB[name] = [[tuple((a, b, 1 << a, 1 << b) for a, b in row) for row in per_seat]
                                for per_seat in jumps]
            self.RAYS[name] = rays
            self.NEXT[name] = nexts
            self.vectors[name] = frozenset(vecs_all)
        self.zone_cells: dict[str, list[list[int]]] = {}
        for z in r.zones:
            self.zone_cells[z] = [sorted(self._zone(z, s)) for s in range(n)]
        self.RK = [geo.lines_along(f) for f in self.forward]
        # kinds: cell value bits, promotions, the kind a piece becomes once moved
        self.kind_values = {k.name: i << 3 for i, k in enumerate(self.kinds)}
        self.neutral_code = n + 1
        self._moved_bits = {i: self.kind_values[k.moved] for i, k in enumerate(self.kinds) if k.moved}
        # the state keeps two more fields when the rules ask for them: `passed` (the cell a
        # double step passed over) and the positions since `quiet` was reset (`repeated`)
        # the turns of blocks a move can make (turn(BLOCKS)): (set, block number from 1, sense, where
        # each cell of the block goes), numbered in this order; a move carries its number
        self.turns: list[tuple[str, int, str, dict[int, int]]] = []
        if any(a.name == "turn" for ph in r.phases for p in ph.patterns + ph.places for a in pattern_actions(p)):
            from .words.turn import block_cells, turned
            for name, blocks in r.blocks.items():
                for j, text in enumerate(blocks, 1):
                    for sense in ("cw", "ccw"):
                        self.turns.append((name, j, sense, turned(block_cells(geo, text), sense)))
        self.uses_passed = "passed" in r.words
        self.uses_history = "repeated" in r.words or "always_attacked()" in r.words
        # what tells two positions apart in the history: the cells, and the hands and counts where
        # the game keeps them (a game with hands keeps every position: a capture can be undone)
        self.history_slots = (CELLS,) + ((RESERVES,) if self.hands else ()) + ((COUNTS,) if r.counted else ())
        # a game with `enclose(..., ko=yes)` keeps in `passed` the lone piece its last move took;
        # with ko=super, in its history every board that has stood
        kos = {ko_rule(a, lambda name: bool(self.options.get(name))) for ph in r.phases
               for p in ph.patterns + ph.places for a in pattern_actions(p) if a.name == "enclose"}
        self.uses_ko = bool(kos - {"no"})
        self.uses_boards = "super" in kos
        self.extended = self.uses_passed or self.uses_history or self.uses_ko

    def _reads_history(self) -> bool:
        """Do the rules still read the history (`repeated`, always_attacked) once the options are
        folded in? An end rule `option.X and repeated >= 4` with X off does not: the game then
        keeps no history, and its code is that of the game without the rule."""
        r = self.rules

        def reads(node) -> bool:
            return any(type(x) is dsl.Name and x.dotted == "repeated" or type(x) is dsl.Call and
                       x.func == "always_attacked" for x in dsl.walk(node))
        in_phases = [x for ph in r.phases for x in [rule.node for rule in ph.rules + ph.legal]
                     + [node for _name, node in ph.lets] + [z for z, _c in ph.drops]
                     + [arg for p in ph.patterns + ph.places for a in pattern_actions(p)
                        for arg in list(a.args) + list(a.kwargs.values())]]
        if any(reads(x) for x in in_phases):
            return True
        ends = [x for x in (r.win, r.lose, r.draw, r.over, r.evaluate) if x is not None] + [x for _n, x in r.scoring]
        em = Emitter(self._vocab)
        return any("_repeated(" in code or "_always_attacked(" in code
                   for code in (em.emit(x) for x in ends if reads(x)))

    def turn_numbers(self, name: str, senses) -> list[int]:
        """The turn numbers of a set of blocks, in the senses given (movegen: the word turn)."""
        return [i for i, (s, _j, sense, _to) in enumerate(self.turns) if s == name and sense in senses]

    def _used_names(self) -> tuple[set[str], set[str]]:
        """The names the rules' sentences use (direction sets among them), and those of them
        used otherwise than as the direction of a step or a jump (which may need whole rays)."""
        r, nodes, stepped, other = self.rules, [], set(), set()
        lets = []
        for ph in r.phases:
            lets += ph.lets
            nodes += [z for z, _c in ph.drops]
            nodes += [rule.node for rule in ph.rules + ph.legal]
            for p in ph.patterns + ph.places:
                for a in pattern_actions(p):
                    for arg in list(a.args) + list(a.kwargs.values()):
                        if WORDS[a.name].takes == DIRS and not WORDS[a.name].rays and isinstance(arg, dsl.Name):
                            stepped.add(arg.dotted)
                        else:
                            nodes.append(arg)
        nodes += [x for x in (r.win, r.lose, r.draw, r.over, r.evaluate) if x is not None] + [x for _n, x in r.scoring]
        other = {n.dotted for node in nodes for n in dsl.walk(node) if isinstance(n, dsl.Name)}
        for name, node in reversed(lets):   # a let's names are used as the let itself is
            names = {n.dotted for n in dsl.walk(node) if isinstance(n, dsl.Name)}
            if name in other:
                other |= names
            elif name in stepped:
                stepped |= names
        return stepped | other, other

    def vector(self, seat: int, word) -> tuple[int, int] | None:
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

    def _zone(self, name: str, seat: int) -> set[int]:
        return self.rules.zone_cells(self.geo, name, self.seats[seat], self.forward[seat])

    def _owned_zone(self, where: str | None, s: int) -> set[int]:
        """The cells of a zone of seat s (`opponent.ZONE`: of the next seat's); none for None."""
        if where is None:
            return set()
        zname, seat = (where[9:], (s + 1) % self.n) if where.startswith("opponent.") else (where, s)
        return set(self.zone_cells[zname][seat])

    def _namespace(self) -> dict:
        n, size = self.n, self.size
        bits = [1 << i for i in range(size)] + [0]        # BIT[-1], BIT[SIZE] = 0: no cell
        ns: dict[str, Any] = {"STEP": self.STEP, "JUMP": self.JUMP, "STEPJUMP": self.STEPJUMP, "JUMPB": self.JUMPB, "RAYS": self.RAYS, "NEXT": self.NEXT,
                              "_combinations": itertools.combinations, "RK": self.RK, "STATS": self.stats,
                              "BIT": bits, "FULL": sum(1 << i for i in self.geo.cells()), "ALLOW": Allow(size)}
        counting.tables(self, ns)
        for z, per in self.zone_cells.items():
            ns[f"ZL_{z}"] = per
            ns[f"ZM_{z}"] = [sum(1 << i for i in cells) for cells in per]
            ns[f"ZH_{z}"] = [bytes(1 if i in inside else 0 for i in range(size + 1)) for inside in map(set, per)]
        if self.general:
            ns["ENEMY"] = [bytes(1 if 0 < v < 255 and (v & 7) not in (s + 1, n + 1) else 0 for v in range(256))
                           for s in range(n)]
            ns["FRIEND"] = [bytes(1 if 0 < v < 255 and (v & 7) == s + 1 else 0 for v in range(256)) for s in range(n)]
            ns["_flips"] = partial(flips, BIT=bits)
            words = self.rules.words
            cell_functions.tables(self, ns)
            for module in (in_a_row, connected, one_group, area, along):    # tables only a game that asks pays for
                if words & {f"{name}()" for name in NAMES[module]}:
                    module.tables(self, ns)
            if words & {f"{name}()" for name in line_functions.FUNCTIONS}:
                line_functions.tables(self, ns)
            if "always_attacked()" in words:
                always_attacked.tables(self, ns)
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
                        if k.promote_optional:      # the piece may stay as it is, except where it must not
                            must = self._owned_zone(k.promote_must_in, s)
                            for c in self.zone_cells[zname][seat]:
                                if c not in must:
                                    row[c] += (self.kind_values[k.name] | (s + 1),)
                    table.append(row)
                ns[f"PROMO_{i}"] = table
                promo.append(table)
                if k.promote_optional or k.promote_leaving:     # by origin: a move leaving the zone
                    ns[f"PROMOF_{i}"] = [[tuple(self.kind_values[t] | (s + 1) for t in k.promote_to)
                                          + (self.kind_values[k.name] | (s + 1),) * k.promote_optional
                                          if c in self._owned_zone(k.promote_in, s) and k.promote_leaving else ()
                                          for c in range(size + 1)] for s in range(n)]
            ns["PROMO"] = promo
            if self.hands:      # kind -> the kind a captured piece of it joins the captor's hand as (-1: none)
                names_ = [k.name for k in self.kinds]
                ns["HAND"] = tuple(names_.index(k.hand) if k.hand else -1 for k in self.kinds)
            ns["MOVED"] = bytes((self._moved_bits[v >> 3] | (v & 7)) if 0 < v < 255 and (v >> 3) in self._moved_bits
                                else v for v in range(256))
            if self.uses_passed:        # MID[o][d]: the cell between o and d, two cells apart in a line
                mid = [[-1] * size for _ in range(size + 1)]
                for c in self.geo.cells():
                    for v in self.geo.directions.values():
                        a = self.geo.neighbour(c, v)
                        b = self.geo.neighbour(a, v) if a >= 0 else -1
                        if b >= 0:
                            mid[c][b] = a
                ns["MID"] = mid
            ns["_repeated"] = partial(repeated, n=n) if self.history_slots == (CELLS,) else \
                partial(repeated, n=n, slots=self.history_slots, memo=[(None, 0)])
            if self.turns:      # per turn: the block's cells, where each goes, their bits; and every cell's new place
                ns["TURNS"] = [(tuple(to), tuple(to.values()), sum(1 << c for c in to)) for _s, _j, _se, to in self.turns]
                ns["TURN_TO"] = [[to.get(c, c) for c in range(size + 1)] for _s, _j, _se, to in self.turns]
            # the tables of the action words the patterns use, where a word needs its own
            for name in dict.fromkeys(a.name for ph in self.rules.phases for p in ph.patterns + ph.places
                                      for a in pattern_actions(p)):
                WORDS[name].tables(self, ns)
            sowings = [s for ph in self.rules.phases for s in ph.sows]
            if sowings:         # one sowing per game (rules.py)
                kind = next((i for i, k in enumerate(self.kinds) if k.count is not None), 0)
                k = self.kinds[kind]
                value = (kind << 3) | (self.neutral_code if k.neutral else 1)
                self.sowing = sow_word.tables(self, sowings[0])
                ns["SOW_FROM"] = self.sowing["from"]
                ns["_sow"] = sow_word.make_sow(self.sowing, value, kind if self.multi else None)
            ns["_counted"] = sow_word.sum_counts
        return ns

    # ---------------------------------------------------------------- the Game API
    # the seat to move and the ply are fields of the state: read by C, once per ply of every playout
    to_move = staticmethod(itemgetter(TO_MOVE))
    ply = staticmethod(itemgetter(PLY))

    def is_over(self, st) -> bool:
        return st[RESULT] is not None

    def phase_index(self, st) -> int:
        ply = st[PLY]
        for i, end in enumerate(self._phase_ends):
            if end is None or ply < end:
                return i
        return len(self._phase_ends) - 1

    def chance_outcomes(self, st) -> list:
        return []

    def random_move(self, st, rng):
        """A uniformly random legal move (random playouts). Where every move is one drop of k
        pieces, with no rule on its cells, and the drop lists thousands of moves, k free cells
        drawn at random (the same distribution, without listing them); else a choice among
        legal_moves."""
        return self.drawn_move(st, rng) or rng.choice(self.legal_moves(st))

    def drawn_move(self, st, rng):
        """random_move's draw where it makes no list (drawn_drop, drawn_placement), else None."""
        return self.drawn_drop(st, rng) or self.drawn_placement(st, rng)

    def drawn_placement(self, st, rng):
        """Where the last phase's one move places a piece on a free cell and then makes a choice
        that is the same for every cell (`place(ZONE) turn(BLOCKS)`: every block and sense): the
        move rng.choice of the legal list would draw, by the same index, the list unmade (its
        moves are the free cells' in order, each cell's T moves together). None elsewhere."""
        parts_of = self.placement_parts()
        if parts_of is None or st[RESULT] is not None or self.phase_index(st) != len(self.rules.phases) - 1:
            return None
        order, moves, per_cell = parts_of[st[TO_MOVE]]
        cells = st[CELLS]
        free = [t for t in order if not cells[t]]
        if not free:
            return None
        i = rng.choice(range(len(free) * per_cell))       # (what rng.choice of a list of that length draws)
        return moves[free[i // per_cell]][i % per_cell]

    def placement_parts(self):
        """For drawn_placement, per seat: the cells of the zone in the list's order, each cell's
        moves, how many a cell has; None where the last phase is not one `place(ZONE) turn(...)`
        (no landing or legal rule, a piece of one kind from no reserve, every cell of the zone
        empty at the start, so that the list of the start names every cell). Made once."""
        if "_placement_parts" in self.__dict__:
            return self._placement_parts
        self._placement_parts = found = None
        ph = self.rules.phases[-1]
        gen = self._ns.get(f"gen_{ph.name}")
        acts = pattern_actions(ph.places[0]) if len(ph.places) == 1 and parts(ph.places[0]) else []
        st0 = self.initial_state()
        if gen is not None and not (self.multi or self.kinds[0].reserve or ph.kinds or ph.drops or ph.rules or ph.legal
                                    or ph.priority or ph.lets or ph.sows or st0[CELLS] is None) \
                and [a.name for a in acts] == ["place", "turn"] and set(acts[0].kwargs) <= {"kind"} \
                and not any(st0[CELLS][t] for cells in self.zone_cells[acts[0].args[0].dotted] for t in cells):
            found = []
            for seat in range(self.n):
                order, moves = [], {}
                for m in gen(with_slot(st0, TO_MOVE, seat)):
                    if m[0] != -1 or (m[1] in moves and order[-1] != m[1]):
                        return None         # (a cell's moves not together: not this shape)
                    if m[1] not in moves:
                        order.append(m[1])
                    moves.setdefault(m[1], []).append(m)
                sizes = {len(ms) for ms in moves.values()}
                if len(sizes) != 1:
                    return None
                found.append((order, {t: tuple(ms) for t, ms in moves.items()}, sizes.pop()))
        self._placement_parts = found
        return found

    @staticmethod
    def drops_drawn(ph) -> bool:
        """Are the phase's moves one drop of k >= 2 pieces with no rule on its cells, which
        random_move draws as k free cells (drawn_drop) where the list would be long?"""
        return len(ph.drops) == 1 and not ph.kinds and not ph.places and not ph.rules and not ph.legal \
            and ph.drops[0][1] is not None and ph.drops[0][1] >= 2

    def drawn_drop(self, st, rng):
        """random_move's draw of k free cells where it draws them (see random_move), else None."""
        ph = self.rules.phases[self.phase_index(st)]
        if self.drops_drawn(ph):
            znode, k = ph.drops[0]
            if st[RESERVES][st[TO_MOVE]] >= k and st[RESULT] is None:
                cells = st[CELLS]
                free = [t for t in self.zone_cells[znode.dotted][st[TO_MOVE]] if not cells[t]]
                if comb(len(free), k) > 5000:
                    return ("drop",) + tuple(sorted(rng.sample(free, k)))
        return None

    def batch(self, games: int, seed: int = 0):
        """The batch backend (batch.py): `games` games from the start advanced together by numpy
        calls; NoBatch (a RulebookError saying why) for a game whose rules it cannot play."""
        from .batch import Batch
        return Batch(self, games, seed)

    def playout(self, rng, st=None, limit=None):
        """A uniformly random game from st (default the start) to its end, or `limit` plies at
        most: (the state reached, the plies played). The same draws as play/measure.py's
        random_playout (but for parts_loop.py's shape: the same distribution, drawn by
        rejection), in one generated loop (playout/), written on first use."""
        fn = self.__dict__.get("_playout")
        if fn is None:
            from .playout import playout_source
            ns = self._ns
            ns["drawn_move"], ns["chance_outcomes"], ns["CHANCE"] = self.drawn_move, self.chance_outcomes, CHANCE
            src = playout_source(self)
            self.playout_code = src     # (not a part of `rulebook compile`: made on first use)
            fn = self._playout = self._exec(src, "playout", ns, ("playout",))
        return fn(self.initial_state() if st is None else st, rng, -1 if limit is None else limit)

    def result(self, st):
        """The winning seats (() for a draw), or None while the game runs."""
        res = st[RESULT]
        if res is None and self.blocked in ("lose", "draw") and self.is_over(st):
            res = tuple(s for s in range(self.n) if s != st[TO_MOVE]) if self.blocked == "lose" else ()
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

    def end_cause(self, st):
        """What ended the game at st: (rule, case), the end rule that held (win, lose, draw or
        over; checked in that order, for the seat that moved last) and which of its top-level `or`
        cases, counted from 0; ("blocked", 0) where no move was left; None while it runs. Each
        case is compiled on first asking (the words of an end), never with the game."""
        if not self.is_over(st):
            return None
        mover = (st[TO_MOVE] - 1) % self.n
        made = self.__dict__.setdefault("_cause_fns", {})
        for rule in ("win", "lose", "draw", "over"):
            node, cases = getattr(self.rules, rule), []
            stack = [node] if node is not None else []
            while stack:
                n = stack.pop()
                if type(n) is dsl.BoolOp and n.op == "or":
                    stack += [n.right, n.left]
                else:
                    cases.append(n)
            for j, case in enumerate(cases):
                if (rule, j) not in made:
                    em = Emitter(self._vocab)
                    body = em.emit(case)
                    code = "".join(f"    {x}\n" for x in em.hoisted[0]) + f"    return {body}\n"
                    made[rule, j] = self._exec("def cause(st, me):\n" + self._prologue(code) + code, "cause",
                                               dict(self._ns), ("end", rule))
                if made[rule, j](st, mover):
                    return rule, j
        return ("blocked", 0) if self.blocked in ("lose", "draw") else None

    def threatened_cells(self, st) -> list[str]:
        """The pieces of the player to move that a `legal` rule of its phase finds attacked as the
        position stands (the rule would refuse a pass): the cells of the `mine.KIND` groups its
        attacked() calls name. The pictures mark them (a royal piece left attacked)."""
        if self.is_over(st):
            return []
        phase = self.phase_index(st)
        made = self.__dict__.setdefault("_threat_fns", {})
        seat = self.to_move(st)
        passed = with_slot(st, TO_MOVE, (seat + 1) % self.n)     # as a rule reads the position after a move of seat's
        kinds: list[str] = []
        for j, r in enumerate(self.rules.phases[phase].legal):
            named = [a.parts[1] for n in dsl.walk(r.node) if type(n) is dsl.Call and n.func == "attacked"
                     for a in n.args[:1] if type(a) is dsl.Name and len(a.parts) == 2 and a.parts[0] == "mine"]
            if not named:
                continue
            if (phase, j) not in made:
                em = Emitter(self._vocab)
                body = em.emit(r.node)
                code = "".join(f"    {x}\n" for x in em.hoisted[0]) + f"    return {body}\n"
                made[phase, j] = self._exec("def rule(st, me):\n" + self._prologue(code) + code, "rule",
                                            dict(self._ns), ("legal", r.name))
            if not made[phase, j](passed, seat):
                kinds += named
        by = (self.position_json(st).get("pieces") or {}).get(self.players[seat]) or {}
        return [c for k in dict.fromkeys(kinds) for c in (by.get(k) or []) if isinstance(by, dict)]

    def won_cells(self, st) -> list[str]:
        """The cells of the line that won, where the end rule that held asks in_a_row of the last
        piece (the names of that line's cells, as in_a_row found it); else none."""
        cause = self.end_cause(st)
        if cause is None or cause[0] != "win" or "in_a_row()" not in self.rules.words:
            return []
        if "_won_fn" not in self.__dict__:
            fn = self._vocab.functions["in_a_row"]
            vocab = Vocabulary(self._vocab.names, {**self._vocab.functions, "in_a_row": replace(
                fn, emit=lambda a, t: f"_seen(_line_of(cells, st[{LAST}], {a[0]}, {a[1]}))" if a[2] == "None"
                else fn.emit(a, t))}, self._vocab.member)
            seen: list = []
            ns = dict(self._ns, _seen=lambda line: seen.append(line) or bool(line))
            em = Emitter(vocab)
            body = em.emit(self.rules.win)
            code = "".join(f"    {x}\n" for x in em.hoisted[0]) + f"    return {body}\n"
            self._won_fn = (self._exec("def won(st, me):\n" + self._prologue(code) + code, "won", ns, ("end", "win")),
                            seen)
        fn, seen = self._won_fn
        seen.clear()
        fn(st, (st[TO_MOVE] - 1) % self.n)
        return [self.geo.name(c) for line in seen for c in line]

    def moves_without(self, st, skip) -> list:
        """The moves of the phase at st with some of its rules left out (`skip`: names of its
        landing and legal rules, ("when", n) for its n-th condition, movegen.PRIORITY for the
        capture priority): the same generator, written again without them (for `--why`)."""
        phase = self.rules.phases[self.phase_index(st)]
        skip = frozenset(skip)
        if phase.legal:
            source = self._phase_source(phase, skip=skip, fname=f"raw_{phase.name}") + self._keep_source(phase, skip)
            fname = f"gen_{phase.name}"
        else:
            source, fname = self._phase_source(phase, skip=skip, fname="gen"), "gen"
        return self._exec(source, fname, dict(self._ns), phase.path)(st)

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


def _placed_kind(node) -> str | None:
    """K where the rule `not (placed and ...)` says `last in mine.K` among its terms (a placement
    of another kind cannot break it), else None."""
    terms, todo = [], [node.operand]
    while todo:
        x = todo.pop()
        if isinstance(x, dsl.BoolOp) and x.op == "and":
            todo += [x.left, x.right]
        else:
            terms.append(x)
    for x in terms:
        if isinstance(x, dsl.In) and isinstance(x.left, dsl.Name) and x.left.dotted == "last" \
                and isinstance(x.right, dsl.Name) and len(x.right.parts) == 2 and x.right.parts[0] == "mine":
            return x.right.parts[1]
    return None


def _attacked_group(node) -> dsl.Node | None:
    """G where the rule `not (placed and ...)` says `attacked(G)` among its terms, G a group of
    another player's pieces (theirs, theirs.K), else None."""
    terms, todo = [], [node.operand]
    while todo:
        x = todo.pop()
        if isinstance(x, dsl.BoolOp) and x.op == "and":
            todo += [x.left, x.right]
        else:
            terms.append(x)
    for x in terms:
        if isinstance(x, dsl.Call) and x.func == "attacked" and isinstance(x.args[0], dsl.Name) \
                and (x.args[0].dotted == "theirs" or x.args[0].dotted.startswith("theirs.")):
            return x.args[0]
    return None


def _placement_only(node) -> bool:
    """Is the rule `not (placed and ...)`: broken by placements alone?"""
    if not (isinstance(node, dsl.Not) and isinstance(node.operand, dsl.BoolOp) and node.operand.op == "and"):
        return False
    left = node.operand
    while isinstance(left, dsl.BoolOp) and left.op == "and":
        left = left.left
    return isinstance(left, dsl.Name) and left.dotted == "placed"
