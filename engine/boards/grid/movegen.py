"""General move generation for grid games: a phase's patterns become Python source.

Each pattern (a regular expression over actions) is emitted by continuation: an action is a
loop over its landings, and what follows it in the pattern is emitted inside that loop, so a
pattern with no repetition becomes plain nested loops. A repetition (`+`, `*`, possessive `++`,
`*+`) becomes a small recursive function defined per origin. What the search carries:

  o      the origin (-1 for a placement); it counts as empty during the move
  d<n>   the current cell after the n-th landing
  caps   the cells of pieces captured so far (removed when the move is done: until then they
         block landings and cannot be jumped again)
  path   the landings so far (a capture landing as ~cell), kept only when the phase can capture:
         a capturing move is identified by its path, a move without capture by origin and end
  fl     the cells flipped to the mover
  shot   the cell (and value) of a piece shot (an arrow); shift the (from, to) of a second piece moved

A move is the tuple (origin, final cell, caps, path or None, flips, value at the final cell,
shot or None, shift or None[, choice]): layout.MOVE_FIELDS; `('drop', c1, c2, ...)` for a drop
of several reserve pieces at once.

A step with no landing rule (a bulk step) is found for all the pieces of a kind at once: per seat
and direction, the kind's board shifted one cell and masked by the empty cells (or the enemies),
its moves read from tables built per target cell. A dense kind (two pieces at the start per
group of 8 targets: rows of pieces that mostly move together) reads its targets a group at a
time, one list extension per group; others bit by bit. A kind with no more pieces at the start
than it has directions (a lone piece, or one that only appears by promotion) goes from each
piece instead, through a table of its steps by cell: for a few pieces that is fewer operations
on big ints than a shift per direction.

A cell holds 0 (empty) or kind << 3 | (owner + 1); the owner n + 1 (n players) is "nobody"
(neutral pieces such as arrows). Tables built by the game: STEP/JUMP/RAYS per direction set,
seat and cell (JUMPB: JUMP with the bits of both cells); EN/FR per seat (is this cell value an
enemy / a friend); PROMO_<kind> per seat and cell (the values a piece of that kind turns into
there, () if none).
"""
from __future__ import annotations

import itertools

from ...lang import dsl
from ...lang.expr import Emitter, Symbol, slug
from ...lang.pycode import needed, pass_on
from .patterns import (always_captures, bulk_step, captures, conditions, first_actions, may_repeat, optional,
                       parts, pattern_actions, starts_with_flip)
from .automaton import merged_search
from .vocabulary import LANDING
from .words import WORDS, keyword
from .layout import BOARDS, CELLS, KINDS, RESERVES, TO_MOVE


PRIORITY = "(priority)"     # in `skip`: generate without the phase's capture priority


class PathCode:
    """Python source of one phase's general move generator (see the module's docstring).

    The phase gives (kind index or None for every kind, [pattern alternatives]) for piece moves,
    the placement alternatives and the drops; `promote` holds the kinds whose pieces promote;
    `skip` leaves landing rules out (for `explain`); `instrument` counts refusals; `exists`
    makes a function that only says whether there is a move. The game supplies its tables:
    `step_table` (bulk steps), `origin_table` (bulk steps of a kind with few pieces, by cell),
    `jump_masks` (pieces that can jump, cells next to an enemy).
    """

    def __init__(self, phase, vocab, nplayers: int, multi_kind: bool, kind_values: dict,
                 promote: set, vectors: dict, skip: frozenset = frozenset(), instrument: bool = False,
                 fname: str = "gen", step_table=None, dir_names=(), exists: bool = False, jump_masks=None,
                 reserved=(), choosing: bool = False, moved=None, cells: str = f"st[{CELLS}]", neutral: bool = True,
                 origin_table=None, plain: bool = False, on_the_way=None, turn_numbers=None, promote_more=(), held=(),
                 merged: bool = False, mode: str | None = None, ray_lines=None):
        # "count": a function that counts the moves without making them; "draw": one that draws
        # a move uniformly, as choice() of the list would, making only that one (a phase of
        # moves of parts: patterns.parts; see draw_passes); "from": the moves of one origin
        # alone, `origin`, in the list's order (a plain phase: playout/move_loop.py draws them so);
        # "kept": the merged search's count, each origin's destinations kept from ply to ply in
        # `kept` and searched again where `dirty` (the cells changed since) meets what it read
        # (playout/kept_loop.py)
        self.mode = mode
        # RAYLINES (words/shoot.py): a draw counts a last shot by lines of its rays, not cell by cell
        self.ray_lines = ray_lines
        self.drawing = 0                        # which pass of a draw is written (1 or 2)
        # a plain phase's pieces searched by the automaton lowering (automaton.py): reached cells
        # merge, so jump chains that meet are searched once
        self.merged = merged
        # kinds whose promotion may be declined or starts from the zone: PROMOF_<kind> by origin
        # too, and no bulk steps (their tables know only the target)
        self.promote_more = set(promote_more)
        # games that turn blocks: (set name, senses) -> their turn numbers; their moves carry a 10th field
        self.turn_numbers = turn_numbers
        self.plain = plain                      # moves of the plain layout (state.py): (origin, destination)
        # kind index -> (the kind it becomes, its value bits, the bodies of that kind's repeated
        # captures): a capture sequence landing in the zone goes on as that kind
        self.on_the_way = on_the_way or {}
        self.continuing = False                 # writing such a sequence's rest
        self.kind_values = kind_values          # kind name -> kind << 3
        self.moved = moved or {}                # kind index -> the value bits (kind << 3) it becomes once moved
        self.placing = False
        self.promote = promote
        self.multi = multi_kind
        # exists: a function that only says whether there is a move (for blocked players, `stuck`)
        self.exists = exists
        self.depth = 0                          # how many repetition functions we are inside
        self.tooks: list[int] = []              # the possessive repetitions whose rounds we are in
        self.defs = None                        # a piece search's repetition functions, moved out of its loop
        self.ids = itertools.count()
        em = self.em = phase_emitter(phase, vocab)
        active = [r for r in phase.rules if r.name not in skip]
        codes = [(r, em.emit(r.node, 2)) for r in active]
        # the arguments of when/take/shift, emitted before any search so that their per-turn and
        # per-origin parts are hoisted with the landing rules'
        self.args = {id(arg): em.emit(arg, 2) for _k, alts in phase.kinds for p in alts + phase.places
                     for a in pattern_actions(p) if isinstance(WORDS[a.name].takes, tuple) for arg in a.args}
        # (and the keyword options whose values are expressions: custodial(D, of=theirs.man))
        self.args.update({id(a.kwargs[key]): em.emit(a.kwargs[key], 2) for _k, alts in phase.kinds
                          for p in alts + phase.places for a in pattern_actions(p)
                          for key in WORDS[a.name].exprs if key in a.kwargs})
        self.skipped = {id(a) for n, a in enumerate(conditions(phase)) if ("when", n) in skip}
        self.instrument = instrument and bool(active)
        self.active = active
        self.check = "_rules(t)" if self.instrument else " and ".join(c for _, c in codes)
        self.also = f" and {self.check}" if self.check else ""      # appended to a landing's test
        every = [p for _k, alts in phase.kinds for p in alts] + phase.places
        self.track = any(captures(p) for p in every)
        # a single step from the origin, with no landing rule, is found for all pieces at once by
        # shifting bitboards, its moves read from tables built per target cell (step_table)
        self.step_table = step_table if not active else None
        self.origin_table = origin_table
        self.dir_names = set(dir_names) - {name for name, _ in phase.lets}
        self.jump_masks = jump_masks
        self.nplayers = nplayers
        self.reserved = set(reserved)           # the kind placed from the reserve
        self.held = set(held)                   # the kinds placed from the hands
        self.choosing = choosing                # some kind promotes to one of several
        # the prologue: each name only when the body uses it (`cells`: how the state's bytes are read)
        prologue = [("cells", f"cells = {cells}"), ("B", f"B = st[{BOARDS}]"), ("R", f"R = st[{RESERVES}]"),
                    ("me", f"me = st[{TO_MOVE}]"), ("K", f"K = st[{KINDS}]"),
                    # the mover's pieces of each kind (read by its bulk steps and its search)
                    *((f"mk{i}", f"mk{i} = B[me] & K[{i}]") for i in range(len(kind_values)) if multi_kind),
                    ("me1", "me1 = me + 1"), ("opp", f"opp = (me + 1) % {nplayers}"),
                    ("occ", "occ = " + " | ".join(f"B[{i}]" for i in range(nplayers + (1 if neutral else 0)))),
                    ("free", "free = FULL ^ occ"),
                    ("foe", "foe = B[1 - me]" if nplayers == 2 and not neutral else
                     "foe = occ ^ B[me]" + (f" ^ B[{nplayers}]" if neutral else "")),
                    ("EN", "EN = ENEMY[me]"), ("FR", "FR = FRIEND[me]"), ("moves", "moves = []"),
                    ("add", "add = moves.append")]
        if mode == "count":
            prologue.append(("n_moves", "n_moves = 0"))
        elif mode == "kept":    # the loop's own variables are its arguments; each origin lists its own moves
            prologue = [x for x in prologue if x[0] not in ("cells", "B", "me", "moves", "add")] + [("total", "total = 0")]
        body: list[str] = []
        self.rules_fn = ["def _rules(t):"]
        for r, c in codes:
            self.rules_fn += [f"    if not {c}:", f"        STATS[{r.name!r}] += 1; return False"]
        self.rules_fn.append("    return True")
        self.lines = body
        # (the merged search finds each move once)
        dedupe = not merged and any(may_repeat(alts, vectors) for _k, alts in phase.kinds) or \
            len(phase.places) > 1 and may_repeat(phase.places, vectors) or len(phase.drops) > 1
        finish = "list(dict.fromkeys(moves))" if dedupe else "moves"
        if exists:
            self.piece_moves(phase.kinds)
        elif mode == "draw":
            self.draw_passes(phase.kinds)
        elif phase.priority and PRIORITY not in skip:
            # capture first: when a capture exists, the other moves are never generated
            sure = [(k, [a for a in alts if always_captures(a)]) for k, alts in phase.kinds]
            rest = [(k, [a for a in alts if not always_captures(a)]) for k, alts in phase.kinds]
            self.piece_moves(sure)
            unique = not any(may_repeat(alts, vectors) for _k, alts in sure)
            body += ["    if moves:", f"        return {'moves' if unique else 'list(dict.fromkeys(moves))'}"]
            self.piece_moves(rest)
            if any(captures(a) for _k, alts in rest for a in alts):
                body += ["    taking = [m for m in moves if m[2]]", "    if taking:", "        moves = taking"]
        else:
            self.piece_moves(phase.kinds)
        if phase.places or phase.drops:
            self.mark_hoisted()
        if phase.places:
            body.append("    o = -1; lo = 0")
            body.extend("    " + x for x in em.hoisted[1])
            if self.instrument:
                body.extend("    " + x for x in self.rules_fn)
            self.promoting = False
            self.kind = None
            self.placing = True
            ctx = {"c": "o", "caps": "0", "path": "()", "fl": "0", "shot": "None", "shift": "None", "turn": "None", "val": "v",
                   "ind": "    "}
            for alt in phase.places:
                self.pattern(alt, ctx, self.accept)
            self.placing = False
        body += drop_lines(phase.drops, self.also, ["        " + x for x in em.hoisted[1]
                                                    + (self.rules_fn if self.instrument else [])], exists)
        body.append("    return False" if exists else "    return n_moves" if mode == "count" else
                    "    return total" if mode == "kept" else
                    "    return None" if mode == "draw" else f"    return {finish}")
        if not any(line.startswith("@H0") for line in body):
            body.insert(len(body) - 1, "@H0")
        per_turn, per_origin = em.hoisted[0], em.hoisted[1]
        out, origin, moved, into = [], [], [], None
        guarded = [i for i, line in enumerate(body) if line.startswith("@H0 if ")]
        for i, line in enumerate(body):     # the hoisted names, where a search first needs them
            if line in ("@D+", "@D-"):
                into = moved if line == "@D+" else None
            elif into is not None:
                into.append(line)
            elif line == "@H0":
                out += ["    " + x for x in per_turn]
            elif line.startswith("@H0 if "):
                # one kind's search: only the names its own code reads (a condition of
                # another kind's pattern is not computed for every piece)
                end = next((j for j in guarded if j > i), len(body))
                block = "\n".join(body[i + 1:end])
                origin = needed(per_origin, block)
                turn = needed(per_turn, block + "\n" + "\n".join(origin))
                if turn:
                    out.append(f"    {line[4:]}: " + "; ".join(turn))
            elif line == "@H1":
                out += ["        " + x for x in origin]
            elif line == "@H1+":        # (kept: inside a test of the origin's names kept)
                out += ["            " + x for x in origin]
            else:
                out.append(line)
        rest = "\n".join(out)
        args = {"draw": "st, choice", "from": "st, origin", "kept": "cells, B, me, kept, dirty, order"}.get(mode, "st")
        head = [f"def {fname}({args}):"] + ["    " + line for line in needed([line for _n, line in prologue],
                                                                     rest + "\n".join(moved))]
        self.source = "\n".join(head) + "\n" + rest + "\n"
        if moved:
            self.source = _module_level(fname, self.source, [line[8:] for line in moved])

    def piece_moves(self, kinds):
        """The moves of the pieces on the board, kind by kind: bulk steps first, then a search
        from each piece."""
        body = self.lines
        loops = []
        for kind, alts in kinds:
            board = "B[me]" if kind is None or not self.multi else f"mk{kind}"
            self.promoting = kind is None and bool(self.promote) or kind in self.promote
            self.kind = kind
            fixed = kind is not None or not self.multi       # the moving piece's value is known
            bulk = [a for a in alts if fixed and self.step_table and bulk_step(a)
                    and a.args[0].dotted in self.dir_names and kind not in self.promote_more]
            if bulk:
                self.bulk_steps(bulk, board, kind)
            loops.append((kind, board, [a for a in alts if a not in bulk]))
        # the kinds whose every move starts with a jump: the pieces that can jump, by bitboards
        jumping = {}
        for i, (kind, board, alts) in enumerate(loops):
            # (every way through every pattern starts with a jump: a pattern that may begin with
            # no action, or with another, may move a piece that cannot jump)
            firsts = [f for a in alts for f in first_actions(a)]
            if alts and self.jump_masks and not any(optional(a) for a in alts) and \
                    all(f.name == "jump" and isinstance(f.args[0], dsl.Name) and f.args[0].dotted in self.dir_names
                        for f in firsts):
                jumping[i] = self.jump_terms(firsts)
        names = self.shared_terms(jumping.values())
        for i, (kind, board, alts) in enumerate(loops):
            if not alts:
                continue
            self.promoting = kind is None and bool(self.promote) or kind in self.promote
            self.kind = kind
            who = "every piece" if kind is None else f"a {list(self.kind_values)[kind]}"
            body.append(f"    # the moves of {who} (its pattern heads this function), searched from each one")
            if i in jumping:
                self.jumpers(board, jumping[i], names)
            else:
                body.append(f"    b = {'BIT[origin] & ' + board if self.mode == 'from' else board}")
            self.mark_hoisted("b")
            if self.merged:
                body += merged_search(self.em, alts, self.active, self.check, kept=self.mode == "kept")
                continue
            fixed = kind is not None or not self.multi       # the moving piece's value is known
            value = (f"({kind << 3} | me1)" if kind else "me1") if fixed else "v"
            at = len(body)
            body.append("    while b:")
            body.append("        o = b.bit_length() - 1; lo = BIT[o]; b ^= lo" + ("" if fixed else "; v = cells[o]"))
            if self.drawing == 1:       # where each origin's first parts begin in counts
                body.append("        origins.append(len(counts))")
            elif self.drawing == 2:     # an origin whose moves all come before the one drawn: skipped whole
                body += ["        oi += 1; upto = origins[oi]; here = sum(counts[at:upto])",
                         "        if nth >= here:",
                         "            nth -= here; at = upto",
                         "            continue"]
            body.append("@H1")                  # the per-origin names this kind's search reads
            if self.instrument:
                body.extend("        " + x for x in self.rules_fn)
            ctx = {"c": "o", "caps": "0", "path": "()", "fl": "0", "shot": "None", "shift": "None", "turn": "None", "val": value,
                   "ind": "        "}
            self.defs = []
            for alt in alts:
                if self.drawing or self.mode == "count" and parts(alt):
                    first, later = parts(alt)
                    self.pattern(first, ctx, lambda c2, later=later: self.first_part(c2, later))
                else:
                    self.pattern(alt, ctx, self.accept)
            if self.defs:       # the repetitions' functions: moved to the module (see _module_level)
                body[at:at] = ["@D+"] + ["        " + line for line in self.defs] + ["@D-"]
            self.defs = None

    def draw_passes(self, kinds):
        """A draw among the moves of parts, none made but the one drawn: a first pass counts
        the moves each first part allows (its later parts, counted), in the order of the list;
        an index is drawn in their total (the one choice() would draw from the list); a second
        pass skips whole origins, then whole first parts, until the one holding it, whose moves
        it then goes through."""
        body = self.lines
        body.append("    counts = []          # per first part, the moves of its later parts")
        body.append("    origins = []")
        self.drawing = 1
        self.piece_moves(kinds)
        body += ["    total = sum(counts)", "    if not total:", "        return None",
                 "    origins.append(len(counts))",
                 "    nth = choice(range(total))", "    at = 0", "    oi = 0"]
        self.drawing = 2
        self.piece_moves(kinds)
        self.drawing = 0

    def first_part(self, ctx, later):
        """At a landing of a move's first part, in a draw's pass: count its moves, or skip them
        unless the drawn one is among them."""
        ind, L = ctx["ind"], self.lines

        def rest(c, k, todo=tuple(later)):
            if todo:
                self.pattern(todo[0], c, lambda c2: rest(c2, k, todo[1:]))
            else:
                k(c)
        if self.drawing == 1 or self.mode == "count":
            # a last part whose word counts its landings at once (words/shoot.py) is not walked
            counter = "n_moves" if self.mode == "count" else "here"
            if self.drawing:
                L.append(f"{ind}here = 0")
            last = later[0] if len(later) == 1 else None
            counted = isinstance(last, dsl.Action) and hasattr(WORDS[last.name], "count")
            if not (counted and WORDS[last.name].count(self, last, ctx, counter)):
                rest(ctx, self.accept)
            if self.drawing:
                L.append(f"{ind}counts.append(here)")
        else:
            L += [f"{ind}here = counts[at]; at += 1", f"{ind}if nth >= here:", f"{ind}    nth -= here", f"{ind}else:"]
            rest({**ctx, "ind": ind + "    "}, self.accept)

    def mark_hoisted(self, guard: str = ""):
        """Where the per-turn names are computed: before a search that needs them (bulk steps
        use none), under `guard` (there are pieces to search from), or once, unguarded."""
        if guard:
            self.lines.append(f"@H0 if {guard}")
        elif "@H0" not in self.lines:
            self.lines.append("@H0")

    def jump_terms(self, firsts) -> dict[int, list[str]]:
        """Per seat, the bitboard terms of the cells from which a first jump can start (a
        jumpable neighbour, an empty cell beyond), one per direction."""
        who = {"any": "occ", "mine": "B[me]", "theirs": "foe"}
        terms: dict[int, list[str]] = {}
        for f in firsts:
            over = who[keyword(f, "over", "any")]
            for seat, shifts in enumerate(self.jump_masks(f.args[0].dotted)):
                for mask, sh in shifts:
                    a = f"({over} >> {sh})" if sh >= 0 else f"({over} << {-sh})"
                    b = f"(free >> {2 * sh})" if sh >= 0 else f"(free << {-2 * sh})"
                    terms.setdefault(seat, []).append(f"({mask} & {a} & {b})" if mask else f"({a} & {b})")
        return {seat: list(dict.fromkeys(ts)) for seat, ts in terms.items()}

    def shared_terms(self, per_kind) -> dict[tuple[int, str], str]:
        """The jump terms that several kinds use (one kind's directions are often part of
        another's): each computed once, before the first kind's search, as a name:
        {(seat, term): name}."""
        seen: dict[tuple[int, str], int] = {}
        for terms in per_kind:
            for seat, ts in terms.items():
                for t in ts:
                    seen[seat, t] = seen.get((seat, t), 0) + 1
        names = {key: f"jt{j}" for j, key in enumerate(k for k, c in seen.items() if c > 1)}
        seats = sorted({seat for seat, _t in names})
        for seat in seats:
            self.lines.append(f"    {'if' if seat == seats[0] else 'elif'} me == {seat}:")
            self.lines.append("        " + "; ".join(f"{v} = {t}" for (s, t), v in names.items() if s == seat))
        return names

    def jumpers(self, board, terms, names) -> None:
        """b = the pieces that have a first jump (terms: jump_terms; names: shared_terms), found
        by shifting bitboards: the search from each piece then skips the others."""
        L = self.lines
        terms = {seat: [names.get((seat, t), t) for t in ts] for seat, ts in terms.items()}
        L.append(f"    b = {board}")
        L.append("    if b:")
        for seat in sorted(terms):
            L.append(f"        {'if' if seat == 0 else 'elif'} me == {seat}:")
            L.append(f"            b &= {' | '.join(dict.fromkeys(terms[seat]))}")
        if len(terms) < self.nplayers:
            L.append("        else:")
            L.append("            b = 0")

    def bulk_steps(self, actions, board, kind):
        """step(D) as bitboard shifts: per seat and direction, the targets of every piece at once
        (all the bulk steps of one board under one test of the seat); for a kind with few pieces,
        from each piece instead, through a table of its steps by cell (origin_table)."""
        L = self.lines
        steps = [(a.args[0].dotted, keyword(a, "capture", "no")) for a in actions]
        table = None if self.exists or not self.origin_table else \
            self.origin_table(steps, kind, self.promoting, self.track)
        if table is not None:
            caps = {cap for _dirs, cap in steps}
            L += [f"    own = {board}",
                  "    if own:",
                  f"        by_o = {table}[me]",
                  "        while own:",
                  "            o = own.bit_length() - 1; own ^= BIT[o]"]
            if caps == {"no"}:          # (target bit, moves onto it empty)
                L += ["            for bt, pl in by_o[o]:", "                if free & bt: moves += pl"]
            elif caps == {"only"}:      # (target bit, moves onto it taking an enemy)
                L += ["            for bt, tk in by_o[o]:", "                if foe & bt: moves += tk"]
            else:
                L += ["            for bt, pl, tk in by_o[o]:",
                      "                if free & bt: moves += pl",
                      "                elif foe & bt: moves += tk"]
            return
        per_action = []
        for a in actions:
            cap = keyword(a, "capture", "no")
            per_action.append((cap, self.step_table(a.args[0].dotted, kind, cap, self.promoting, self.track,
                                                    grouped=not self.exists)))   # "is there a move?" lists none
        L.append(f"    own = {board}")
        L.append("    if own:")
        for seat in range(self.nplayers):
            L.append(f"        {'if' if seat == 0 else 'elif'} me == {seat}:")
            before = len(L)
            for cap, per_seat in per_action:
                self._shifts(per_seat[seat], cap)
            if len(L) == before:
                L.append("            pass")

    def _shifts(self, shifts, cap: str) -> None:
        """One seat's shifts of a bulk step: the targets onto empty cells and/or enemies."""
        L = self.lines
        for mask, shift, table, promo, groups in shifts:
            own = f"(own & {mask})" if mask else "own"
            bare = f"{own} << {shift}" if shift >= 0 else f"{own} >> {-shift}"
            src = f"({bare})"
            targets = [("free", table)] if cap != "only" else []
            if cap != "no":
                targets.append(("foe", table + "x"))
            if len(targets) > 1:        # onto empty cells and onto enemies: shifted once
                L.append(f"            sh = {bare}")
                src = "sh"
            for where, tab in targets:
                if self.exists:
                    L.append(f"            if {src} & {where}: return True")
                    continue
                L.append(f"            t = {src} & {where}")
                if promo:       # rare: a target in the promotion zone
                    L.append(f"            if t & {promo}:")
                    L.append(f"                p = t & {promo}; t ^= p")
                    L.append("                while p:")
                    L.append(f"                    lo = p & -p; p ^= lo; moves.extend({tab}P[lo])")
                if where == "foe" or groups is None:
                    L.append("            while t:")
                    L.append(f"                lo = t & -t; t ^= lo; add({tab}[lo])")
                    continue
                # dense targets: one list extension per group of targets
                L.append("            if t:")
                for g, (mask, low) in enumerate(groups):
                    if low is None:     # a group of targets read by its mask
                        L.append(f"                if (g := t & {mask:#x}): moves += {tab}_{g}[g]")
                    else:               # a byte of the board
                        part = f"(t >> {low}) & 0xff" if low else "t & 0xff"
                        L.append(f"                if t & {mask:#x}: moves += {tab}_{g}[{part}]")

    # ---- emission by continuation
    def pattern(self, node, ctx, k):
        if len(ctx["ind"]) - len(ctx.get("base", "    ")) > MAX_INDENT:
            self.shared(ctx, lambda inner: self.pattern(node, inner, k))   # deep in loops: a function of its own
            return
        if isinstance(node, dsl.Action):
            WORDS[node.name].lower(self, node, ctx, k)
        elif isinstance(node, dsl.Seq) and isinstance(node.left, dsl.Action) and node.left.name == "place" \
                and starts_with_flip(node.right) and self.jump_masks and \
                pattern_actions(node.right)[0].args[0].dotted in self.dir_names:
            # a placement that must flip: only cells next to an enemy piece can
            WORDS['place'].lower(self, node.left, ctx, lambda c2: self.pattern(node.right, c2, k),
                                     near=pattern_actions(node.right)[0].args[0].dotted)
        elif isinstance(node, dsl.Seq):
            self.pattern(node.left, ctx, _then(lambda c2: self.pattern(node.right, c2, k), _size(node.right, k)))
        elif isinstance(node, dsl.Alt):
            self.twice(ctx, k, lambda c2, k2: (self.pattern(node.left, c2, k2), self.pattern(node.right, c2, k2)))
        elif isinstance(node, dsl.Rep):
            if node.quant == "?":
                self.twice(ctx, k, lambda c2, k2: (k2(c2), self.pattern(node.body, c2, k2)))
            elif node.quant in ("+", "++") and _size(node.body, _then(None, 2)) <= MAX_COPIED:
                self.pattern(node.body, ctx, lambda c2: self.go_on(node, c2, lambda c3: self.loop(node, c3, k)))
            elif node.quant in ("+", "++"):         # a large body is written once: rounds counted
                self.loop(node, ctx, k, once=True)
            else:
                self.loop(node, ctx, k)
        else:
            raise AssertionError(node)

    def twice(self, ctx, k, emit):
        """emit(ctx, k2) writes k2 at several places (the branches of an alternative, an optional
        part and what follows it): a large k is written once, as a function those places call,
        so the code stays linear in the pattern."""
        if _size_of(k) <= MAX_COPIED:
            emit(ctx, k)
        else:
            self.shared(ctx, k, emit)

    def shared(self, ctx, body, emit=None):
        """A function `then<i>` at this point of the search, whose code is body(ctx of its
        parameters): what the search carries at a point of the move, passed as its arguments.
        emit(ctx, call) writes the places that call it (default: one call here). It starts a
        new function, so neither its size nor its depth of loops adds to its callers'."""
        i = next(self.ids)
        ind, L = ctx["ind"], self.lines
        keys = ("c", "caps", "path", "fl", "shot", "shift", "val")
        params = {key: f"{key}_{i}" for key in keys}
        inner = {**ctx, **params, "ind": ind + "    ", "base": ind + "    ", "sure": False}
        hoist = self.depth == 0 and self.defs is not None      # moved out of the piece's search
        start = len(L)
        L.append(f"{ind}def then{i}({', '.join(params[key] for key in keys)}):")
        self.nonlocal_took(ind)
        self.depth += 1
        at = len(L)
        body(inner)
        if len(L) == at:
            L.append(f"{ind}    pass")
        self.depth -= 1
        if hoist:
            self.defs += [line[len(ind):] for line in L[start:]]
            del L[start:]

        def call(c2):
            L.append(f"{c2['ind']}then{i}({', '.join(c2[key] for key in keys)})")
            if self.exists and self.depth == 0:
                L.append(f"{c2['ind']}if moves: return True")
        if emit is None:
            call(ctx)
        else:
            emit(ctx, _then(call, 1))

    def go_on(self, node, ctx, k):
        """What follows a round of the repetition `node`: k(ctx); but where the moving piece
        promotes on the way and the round captured onto a cell of its zone, the rest of the
        move there is that of the kind it becomes: its repeated captures, going on while they
        can (none: the move ends there, promoted)."""
        way = self.on_the_way.get(self.kind)
        if way is None or self.continuing or not always_captures(node.body):
            k(ctx)
            return
        target, value, bodies = way
        ind, L = ctx["ind"], self.lines
        L.append(f"{ind}if PROMO_{self.kind}[me][{ctx['c']}]:")
        saved = self.kind, self.promoting, self.continuing
        self.kind, self.promoting, self.continuing = target, False, True
        body = bodies[0]
        for b in bodies[1:]:
            body = dsl.Alt(body, b)
        self.loop(dsl.Rep(body, "*+"), {**ctx, "ind": ind + "    ", "val": f"({value} | me1)"}, self.accept)
        self.kind, self.promoting, self.continuing = saved
        L.append(f"{ind}else:")
        k({**ctx, "ind": ind + "    "})

    def nonlocal_took(self, ind):
        """A function written inside the rounds of a possessive repetition rep<j> may say that
        rep<j> went on (took<j> = True): the name is rep<j>'s."""
        if self.tooks:
            self.lines.append(f"{ind}    nonlocal {', '.join(f'took{j}' for j in self.tooks)}")

    def loop(self, node, ctx, k, once: bool = False):
        """`body*` from ctx: a function that first goes on (unless possessive), then repeats;
        `once`: `body+`, the function told whether a round has been made (r<i>)."""
        i = next(self.ids)
        ind = ctx["ind"]
        possessive = node.quant in ("++", "*+")
        # every round takes a piece: the sequence ends by itself (no piece is taken twice) and
        # each path is a move of its own; else each (cell, captures) is visited once per origin
        capturing = always_captures(node.body)
        # what a repetition carries: the cell, captures and path, and the flips, shot (or
        # shifted piece) and value where its body can change them (else the caller's, unchanged)
        acts = {x.name for x in pattern_actions(node.body)}
        carried = ["c", "caps", "path"] + [key for key, names in (("fl", {"flip"}), ("shot", {"shoot"}),
                                                                   ("shift", {"shift"}),
                                                                   ("val", {"place"})) if acts & names]
        # a repetition entered with captures goes on with them (captures only grow)
        inner = {**ctx, **{key: f"{key}{i}" for key in carried}, "ind": ind + "    ", "base": ind + "    "}
        params = [inner[key] for key in carried] + ([f"r{i}"] if once else [])
        L = self.lines
        hoist = self.depth == 0 and self.defs is not None      # a function of the piece's search
        start = len(L)
        L.append(f"{ind}def rep{i}({', '.join(params)}):")
        self.nonlocal_took(ind)
        self.depth += 1
        if possessive:
            L.append(f"{ind}    took{i} = False")
        elif once:
            L.append(f"{ind}    if r{i}:")
            k({**inner, "ind": ind + "        "})
        else:
            k(inner)

        def again(c2):
            if possessive:
                L.append(f"{c2['ind']}took{i} = True")
            self.go_on(node, c2, next_round)

        def next_round(c2):
            j = c2["ind"]
            args = ", ".join([c2[key] for key in carried] + (["True"] if once else []))
            if capturing:
                L.append(f"{j}rep{i}({args})")
            else:      # a round may take nothing: each cell (with its captures) once per origin, paths merge
                key = f"({c2['c']}, {c2['caps']})" if self.track else c2["c"]
                L.append(f"{j}if {key} not in seen{i}:")
                L.append(f"{j}    seen{i}.add({key}); rep{i}({args})")

        at = len(L)
        if possessive:      # the functions written inside its rounds set took<i> of rep<i>
            self.tooks.append(i)
        self.pattern(node.body, inner, again)
        if possessive:
            self.tooks.pop()
        if len(L) == at and not possessive:
            L.append(f"{ind}    pass")
        if possessive:
            L.append(f"{ind}    if not took{i}{f' and r{i}' if once else ''}:")
            before = len(L)
            k({**inner, "ind": ind + "        "})     # (k is written once here: not in the round)
            if len(L) == before:
                L.append(f"{ind}        pass")
        self.depth -= 1
        if hoist:
            self.defs += [line[len(ind):] for line in L[start:]]
            del L[start:]
        if not capturing:       # (where a round must be made, the start may be reached again)
            key = f"({ctx['c']}, {ctx['caps']})" if self.track else ctx["c"]
            L.append(f"{ind}seen{i} = {'set()' if once else '{' + key + '}'}")
        L.append(f"{ind}rep{i}({', '.join([ctx[key] for key in carried] + (['False'] if once else []))})")
        if self.exists and self.depth == 0:
            L.append(f"{ind}if moves: return True")

    def accept(self, ctx):
        ind, L = ctx["ind"], self.lines
        # a move is made when the piece has gone somewhere or taken something: no test where it
        # has certainly taken something (ctx "sure": its captures are not 0)
        sure = self.track and ctx.get("sure")
        taken = self.track and ctx["caps"] != "0"       # (captures "0": nothing can have been taken)
        guard = None if sure else f"{ctx['c']} != o" + (f" or {ctx['caps']}" if taken else "")
        if guard:
            L.append(f"{ind}if {guard}:")
            ind += "    "
        if self.exists:
            L.append(f"{ind}{'return True' if self.depth == 0 else 'add(1); return'}")
            return
        if self.mode == "count" or self.drawing == 1:
            L.append(f"{ind}{'n_moves' if self.mode == 'count' else 'here'} += 1")
            return
        if self.plain:          # the plain layout's move: origin and destination
            L.append(f"{ind}add((o, {ctx['c']}))")
            return
        path = (ctx["path"] if sure else f"({ctx['path']} if {ctx['caps']} else None)") if taken else "None"
        tup = f"o, {ctx['c']}, {ctx['caps']}, {path}, {ctx['fl']}, %s, {ctx['shot']}, {ctx['shift']}"
        val = ctx["val"]
        if self.moved and not self.placing:     # the piece becomes another kind once it has moved
            if self.kind is not None:
                if self.kind in self.moved:
                    val = f"({self.moved[self.kind]} | me1)"
            else:
                val = f"MOVED[{val}]"
        ctx = {**ctx, "val": val}
        if self.choosing:       # an 8th field: 1 when the move promotes (its notation names the kind)
            tup += ", %s"
        if self.turn_numbers is not None:     # the block turned (and no choice, where none is made)
            tup += ("" if self.choosing else ", 0") + f", {ctx['turn']}"
        if self.promoting:
            table = (f"PROMO_{self.kind}[me][{ctx['c']}]" if self.kind is not None else
                     f"PROMO[{ctx['val']} >> 3][me][{ctx['c']}]")
            more = self.kind in self.promote_more
            if more:        # (a move starting in the zone may promote too; PROMOF is empty where not)
                table += f" or PROMOF_{self.kind}[me][o]"
            L.append(f"{ind}pr = {table}")
            L.append(f"{ind}if pr:")
            L.append(f"{ind}    for pv in pr:")
            flag = f"pv != {ctx['val']}" if more else 1     # (declining an optional promotion is no choice)
            L.append(f"{ind}        add(({tup % (('pv', flag) if self.choosing else 'pv')}))")
            L.append(f"{ind}else:")
            L.append(f"{ind}    add(({tup % ((ctx['val'], 0) if self.choosing else ctx['val'])}))")
        elif self.drawing:      # the drawn move, once reached
            L += [f"{ind}if not nth:", f"{ind}    return ({tup % ((ctx['val'], 0) if self.choosing else ctx['val'])})",
                  f"{ind}nth -= 1"]
        else:
            L.append(f"{ind}add(({tup % ((ctx['val'], 0) if self.choosing else ctx['val'])}))")

    def landing(self, ctx, ind, taken: str | None = None, taken_bit: str | None = None):
        """ctx after landing on t; `taken` is the cell whose piece this landing captures (its bit
        already named `taken_bit`, or read from BIT)."""
        i = next(self.ids)
        L = self.lines
        L.append(f"{ind}d{i} = t")
        out = {**ctx, "c": f"d{i}", "ind": ind}
        if taken is not None:
            bit = taken_bit or f"BIT[{taken}]"
            caps = bit if ctx["caps"] == "0" else f"{ctx['caps']} | {bit}"
            L.append(f"{ind}caps{i} = {caps}")
            out["caps"] = f"caps{i}"
            out["sure"] = True          # something is taken: the captures are not 0 from here on
        if self.track:
            step = f"({'~t' if taken is not None else 't'},)"
            L.append(f"{ind}path{i} = {step if ctx['path'] == '()' else ctx['path'] + ' + ' + step}")
            out["path"] = f"path{i}"
        return out

    def dirs(self, action, table):
        code = self.em.emit(action.args[0], 0)
        # named by the set and the table: `diagonal_rays_0 = RAYS['diagonal'][me]`
        return self.em.hoist(action.args[0].level, f"{table}[{code}][me]", f"{slug(action.args[0])}_{table.lower()}")

    def not_taken(self, ctx, cell="t", bit=None):
        bit = bit or f"BIT[{cell}]"
        return f" and not {ctx['caps']} & {bit}" if self.track and ctx["caps"] != "0" else ""


# generated code stays linear in its pattern: a continuation longer than MAX_COPIED lines (an
# estimate) is not copied into each branch but written once as a function; code deeper than
# MAX_INDENT goes on in a function (Python allows 20 nested blocks in one function)
MAX_COPIED = 40
MAX_INDENT = 4 * 14
_ACTION_LINES = 6       # about how many lines an action's code takes


def drop_lines(drops, also: str, origin_lines: list[str], exists: bool = False) -> list[str]:
    """Source of a phase's drops: every choice of k free cells of the zone that pass `also`
    (the landing rules' test, " and ..." or ""). A drop has no origin (o = -1, nothing lifted);
    `origin_lines` compute what the rules take from the origin, for that case. With `exists`,
    only whether there is one."""
    lines = []
    for znode, count in drops:
        lines += [f"    k = {'R[me]' if count is None else repr(count)}",
                  "    if k and R[me] >= k:",
                  "        o = -1; lo = 0",
                  *origin_lines,
                  f"        spots = [t for t in ZL_{znode.dotted}[me] if not cells[t]{also}]",
                  "        if len(spots) >= k: return True" if exists else
                  "        moves.extend([('drop',) + c for c in _combinations(spots, k)])"]
    return lines


def phase_emitter(phase, vocab) -> Emitter:
    """The emitter of a phase's landing rules, its `let`s hoisted at their levels and named."""
    em = Emitter(vocab.child(**LANDING))
    for name, node in phase.lets:
        em.hoisted[node.level].append(f"v_{name} = {em.emit(node)}")
        em.vocab = em.vocab.child(**{name: Symbol(node.type, f"v_{name}", node.level)})
    return em


def _then(fn, size: int):
    """A continuation with an estimate of the lines it writes."""
    fn = fn or (lambda ctx: None)
    fn.size = size
    return fn


def _size_of(k) -> int:
    return getattr(k, "size", 8)        # accept(): a move (and its promotions)


def _size(node, k) -> int:
    """About how many lines `node` followed by k is written as."""
    w = _size_of(k)
    if isinstance(node, dsl.Action):
        return _ACTION_LINES + w
    if isinstance(node, dsl.Seq):
        return _size(node.left, _then(None, _size(node.right, k)))
    # a k written in several places: copied while it is small (twice), else written once and called
    call, once = (k, 0) if w <= MAX_COPIED else (_then(None, 1), w)
    if isinstance(node, dsl.Alt):
        return _size(node.left, call) + _size(node.right, call) + once
    if isinstance(node, dsl.Rep):
        if node.quant == "?":
            return _size_of(call) + _size(node.body, call) + once
        body = _size(node.body, _then(None, 2))
        return body * (2 if node.quant in ("+", "++") and body <= MAX_COPIED else 1) + w + 4
    return w


def _module_level(fname: str, source: str, defs: list[str]) -> str:
    """The source of `fname` followed by the repetition functions of its piece searches (`defs`,
    written to be nested in it), moved out to the module as `<fname>_rep<n>`: a function nested
    in the generator would be made anew on every call, and every name it shares would become a
    slower cell variable of the generator. The names it read from the generator (found by
    Python's own symbol table) become parameters, passed on at every call."""
    import symtable
    probe = source + "".join(f"    {line}\n" for line in defs)
    table = next(t for t in symtable.symtable(probe, fname, "exec").get_children() if t.get_name() == fname)
    reps = {t.get_name(): t for t in table.get_children() if t.get_name().startswith(("rep", "then"))}
    calls = {name: (f"{fname}_{name}", sorted(set(t.get_frees()) - set(reps))) for name, t in reps.items()}
    return pass_on(source.rstrip("\n") + "\n\n" + "\n".join(defs), calls) + "\n"


def flips(cells, c, o, rays, en, fr, BIT=()):
    """The cells flipped by a piece arriving at c: in each ray, a run of enemy pieces closed by
    a friendly one."""
    total = 0
    for ray in rays:
        run = 0
        for t in ray:
            x = cells[t]
            if t == o:
                break
            if en[x]:
                run |= BIT[t]
            else:
                if fr[x]:
                    total |= run
                break
    return total


def target_groups(table: dict, most: int) -> list[tuple[int, int | None, dict | tuple]]:
    """A bulk step's table of moves by target bit, read a group of targets at a time: at most
    `most` groups (else [], read it bit by bit), each as (its mask, its shift, its moves by
    targets). Where the targets are dense, a group is a window of 8 bits, its moves a tuple
    indexed by `(t >> shift) & 0xff`; else it holds 8 targets whatever their span, its moves a
    dict by `t & mask` (shift None). Either lists a group's moves lowest target first, the
    order of a bit-by-bit loop."""
    bits = sorted(table)
    windows, start = [], 0
    for bit in bits:
        if bit >= start << 8:
            start = bit
            windows.append([])
        windows[-1].append(bit)
    dense = len(windows) <= (len(bits) + 7) // 8
    runs = windows if dense else [bits[i:i + 8] for i in range(0, len(bits), 8)]
    if not 0 < len(runs) <= most:
        return []
    out = []
    for run in runs:
        # the j-th bit of an index stands for the run's j-th cell: a window's 8 bits from its
        # lowest (holes have no move), else the run's targets in order
        low = run[0].bit_length() - 1
        cells = [1 << (low + j) for j in range(8)] if dense else run
        moves = [table.get(c) for c in cells]
        # an index is two halves of 4 cells: the moves (and cells) of each half's 16 subsets
        # first, then every index as the low half's followed by the high half's
        halves = [_subsets(moves[h:h + 4], cells[h:h + 4]) for h in (0, 4)]
        (lo, lo_keys), (hi, hi_keys) = halves
        size = 1 << len(cells)
        rows = tuple(lo[v & 15] + hi[v >> 4] for v in range(size))
        if dense:
            out.append((sum(run), low, rows))
        else:
            out.append((sum(run), None, dict(zip([lo_keys[v & 15] | hi_keys[v >> 4] for v in range(size)], rows))))
    return out


def _subsets(moves: list, cells: list) -> tuple[list, list]:
    """For up to 4 cells and their moves (None: no move there): the moves of each subset of them
    (lowest cell first) and the subset's cells, by the subset's index (bit j: the j-th cell)."""
    rows, keys = [()] * 16, [0] * 16
    for v in range(1, 1 << len(cells)):
        lb = v & -v
        j = lb.bit_length() - 1
        rows[v] = rows[v ^ lb] if moves[j] is None else (moves[j],) + rows[v ^ lb]
        keys[v] = keys[v ^ lb] | cells[j]
    return rows, keys
