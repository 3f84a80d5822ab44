"""The merged search of a plain phase (one kind of piece, steps and jumps, no captures): the
phase's patterns as one automaton, searched from each piece with the cells reached in each
state kept as a set, so jump chains that meet are searched once. It is the lowering that
movegen.PathCode picks for such a phase (its prologue, lets, hoisting and drops are PathCode's);
leaving rules out (`explain`) and counting refusals (`analyze`) use PathCode's continuation
search of the same patterns, and the tests cross-check the two.

What it writes per origin:
- the landing rules become a table of allowed cells (`A[t]`), chosen per origin among a few
  tables built per turn (see `Mask`); a rule that is no set of cells is checked per landing;
- the transitions out of the start state are unrolled: the origin is never a jumped or vacated
  cell there, and when no transition reaches a state with further transitions (no jump, say),
  the moves are added at once, without any set;
- each later state keeps a set of reached cells and is searched once, in the order of the
  automaton's strongly connected components (a loop such as `jump(...)+` is one component);
- where a state's one step and one jump go by the same directions (the start's, or a loop
  state's whose jump goes on in it and whose step leaves it), both are one loop over STEPJUMP,
  each step's cell with the landing of the jump over it: a free cell is stepped to, a taken one
  jumped over (each set is added to in its own transition's order, as by two loops).
Moves come origin by origin (descending); a piece's destinations come in set order. With
`kept` (the compiled playout's kept loop, playout/kept_loop.py) each origin's destinations are kept
with the cells its search read, and searched again only where one of them has changed.
"""
from __future__ import annotations

import itertools

from ...lang import dsl
from ...lang.expr import CELL, slug
from ...lang.pycode import names
from ...structs import struct


@struct
class _Trans:
    kind: str          # step | jump
    dirs: dsl.Node
    over: str
    dst: int


def pattern_automaton(patterns: list[dsl.Node]):
    """Thompson construction, then epsilon removal: (transitions per state, accepting states)."""
    eps: dict[int, set[int]] = {}
    acts: dict[int, list[tuple[dsl.Action, int]]] = {}
    counter = itertools.count()

    def new():
        s = next(counter)
        eps[s], acts[s] = set(), []
        return s

    def build(n):
        if isinstance(n, dsl.Action):
            a, b = new(), new()
            acts[a].append((n, b))
            return a, b
        if isinstance(n, dsl.Seq):
            a1, b1 = build(n.left)
            a2, b2 = build(n.right)
            eps[b1].add(a2)
            return a1, b2
        if isinstance(n, dsl.Alt):
            a, b = new(), new()
            for side in (n.left, n.right):
                s, e = build(side)
                eps[a].add(s)
                eps[e].add(b)
            return a, b
        if isinstance(n, dsl.Rep):
            s, e = build(n.body)
            a, b = new(), new()
            eps[a].add(s)
            eps[e].add(b)
            if n.quant in ("*", "?"):
                eps[a].add(b)
            if n.quant in ("+", "*"):
                eps[e].add(s)
            return a, b
        raise AssertionError(n)

    start, final = new(), new()
    for p in patterns:
        s, e = build(p)
        eps[start].add(s)
        eps[e].add(final)

    def closure(s):
        seen, todo = {s}, [s]
        while todo:
            for t in eps[todo.pop()]:
                if t not in seen:
                    seen.add(t)
                    todo.append(t)
        return seen

    # states of the epsilon-free automaton: the start and every action target
    order, index = [start], {start: 0}
    trans: list[list[_Trans]] = []
    accepting: list[bool] = []
    i = 0
    while i < len(order):
        s = order[i]
        cl = closure(s)
        accepting.append(final in cl and i > 0)   # a move ending where it started is none
        row = []
        for c in sorted(cl):
            for act, dst in acts[c]:
                if dst not in index:
                    index[dst] = len(order)
                    order.append(dst)
                over = act.kwargs.get("over")
                row.append(_Trans(act.name, act.args[0], over.dotted if over is not None else "any", index[dst]))
        trans.append(row)
        i += 1
    return trans, accepting


class NoMask(Exception):
    """A landing rule that is not a plain set of cells: it is checked at each landing instead."""


# the names of a search that hold the position (or read it): a per-origin name computed from one
# of them may differ from turn to turn while the per-turn names stay the same
POSITION = {"cells", "B", "R", "K", "occ", "free", "foe", "st", "moves", "add", "b"}


class Unkept(Exception):
    """A search whose moves cannot be kept from ply to ply: a landing rule checked per landing
    may read any cell (or its origins are not taken from the board, as the kept loop's are)."""


def merged_search(em, patterns: list[dsl.Node], rules: list, check: str, kept: bool = False) -> list[str]:
    """The lines of the search from each piece (after `b = <its pieces>`): `em` the phase's
    emitter (names hoisted per turn and per origin, the per-origin ones at the `@H1` line),
    `check` the landing rules' code, used where they are no set of cells. `kept`: each piece's
    destinations kept from ply to ply (kept_search; Unkept where they cannot be)."""
    search = _MergedSearch(em, patterns, rules, check)
    return search.kept_lines() if kept else search.lines()


class _MergedSearch:
    I = "        "           # the indentation inside the loop over origins

    def __init__(self, em, patterns, rules, check):
        self.em = em
        self.trans, self.accepting = pattern_automaton(patterns)
        self.keep = False       # kept_lines: destinations alone, each origin's kept with what it read
        self.popped: set[int] = set()       # (kept: the loop states whose cells add what they read as popped)
        self.tables: dict[str, int] = {}       # the step and jump tables read: name -> level
        self.first = None       # from_origin's lines where its step and jump are one loop (fused_first)
        self.allow, self.check = None, ""
        if rules:
            try:
                mask = Mask.FULL
                for r in rules:
                    mask = mask.combine("&", Mask.of(r.node, em), em)
                self.allow = mask.table(em)
            except NoMask:      # checked per landing; the lines the masks hoisted are read by nothing
                self.check = check

    def table(self, tr) -> str:
        code = self.em.emit(tr.dirs, 0)
        tbl = "STEP" if tr.kind == "step" else "JUMP"
        name = self.em.hoist(tr.dirs.level, f"{tbl}[{code}][me]", f"{slug(tr.dirs)}_{tr.kind}s")
        self.tables[name] = tr.dirs.level
        return name

    def cond(self, tr, first: bool) -> str:
        """The test of a landing t (over ov for a jump) of transition tr; first: from the origin."""
        parts = []
        if tr.kind == "jump":
            if tr.over == "any":
                parts.append("cells[ov]")
            elif tr.over == "mine":
                parts.append(f"cells[ov] == {self.em.hoist(0, 'me + 1')}")
            else:
                parts.append(f"cells[ov] not in (0, {self.em.hoist(0, 'me + 1')})")
            if not first and tr.over != "theirs" and not self.keep:
                parts.append("ov != o")
        # (kept: the origin's cell is emptied while the search goes beyond it, cells being the loop's own)
        parts.append("not cells[t]" if first or self.keep else "(not cells[t] or t == o)")
        if self.allow is not None:
            parts.append(f"{'A' if self.allow[1] else self.allow[0]}[t]")
        if self.check:
            parts.append(f"({self.check})")
        return " and ".join(parts)

    def loop(self, tr, src: str, first: bool, ind: str, extra: str = "") -> list[str]:
        head = f"for t in {self.table(tr)}[{src}]:" if tr.kind == "step" else f"for ov, t in {self.table(tr)}[{src}]:"
        return [ind + head, f"{ind}    if {self.cond(tr, first)}{extra}:"]

    def fused_first(self, seeded, direct) -> list[str] | None:
        """from_origin where the start state's one jump and one step go by the same directions:
        one loop over STEPJUMP, the cells stepped to listed (the moves, kept; else `stepped`,
        which seeds `fin` where a jump is found); else None."""
        jumps = [tr for tr in self.trans[0] if tr.dst in seeded]
        if len(jumps) != 1 or len(direct) != 1 or len(seeded) != 1:
            return None
        jump, step = jumps[0], direct[0]
        if jump.kind != "jump" or step.kind != "step" or self.em.emit(jump.dirs, 0) != self.em.emit(step.dirs, 0) \
                or self.check:
            return None
        I, s = self.I, jump.dst
        table = self.stepjumps(jump)
        allow = f"{'A' if self.allow[1] else self.allow[0]}" if self.allow is not None else None
        over = {"any": "", "mine": f"cells[ov] == {self.em.hoist(0, 'me + 1')} and ",
                "theirs": f"cells[ov] != {self.em.hoist(0, 'me + 1')} and "}[jump.over]
        keep = "moves.append(ov)" if self.keep else "stepped.append(ov)"
        body = [] if self.keep else [f"{I}stepped = []"]
        body += [f"{I}for ov, t in {table}[o]:",
                 f"{I}    if not cells[ov]:",
                 *([f"{I}        if {allow}[ov]:", f"{I}            {keep}"] if allow else [f"{I}        {keep}"])]
        seed = [f"if m{s} is None: m{s} = {{t}}", f"else: m{s}.add(t)"]
        if self.keep:
            body += self.kept_jump(I + "    ", over, allow, "", seed)
        else:
            body += [f"{I}    elif {over}not cells[t]{f' and {allow}[t]' if allow else ''}:", *(f"{I}        {x}" for x in seed)]
        body.append(f"{I}if m{s} is None:")
        if self.keep:       # (searched from the origin alone: it read the cells near it and the landings it tried)
            body.append(f"@KEEP{I}    read | near[o]")
        else:
            body += [f"{I}    for t in stepped:", f"{I}        add((o, t))"]
        body.append(f"{I}    continue")
        return body

    def stepjumps(self, jump) -> str:
        """The name of the STEPJUMP table of a jump's directions (hoisted)."""
        code = self.em.emit(jump.dirs, 0)
        table = self.em.hoist(jump.dirs.level, f"STEPJUMP[{code}][me]", f"{slug(jump.dirs)}_stepjumps")
        self.tables[table] = jump.dirs.level
        return table

    def fused(self, internal, external):
        """Where a loop state's one jump goes on in it and its one step leaves it, both by the same
        directions: the lines of both as one loop over STEPJUMP (a step's cell, the landing beyond
        it), a free cell stepped to, a taken one jumped over; else None. Each set is added to in
        its own transition's order, as by two loops."""
        if len(internal) != 1 or len(external) != 1:
            return None
        jump, step = internal[0][1], external[0][1]
        if jump.kind != "jump" or step.kind != "step" or self.em.emit(jump.dirs, 0) != self.em.emit(step.dirs, 0):
            return None
        table = self.stepjumps(jump)

        def lines(s, K):
            # (a cell with no landing beyond has itself as its landing: taken, it is landed on by no jump)
            free = "not cells[ov]" if self.keep else "(not cells[ov] or ov == o)"
            over = {"any": "", "mine": f"cells[ov] == {self.em.hoist(0, 'me + 1')} and ",
                    "theirs": f"cells[ov] != {self.em.hoist(0, 'me + 1')} and "}[jump.over]
            land = ["not cells[t]" if self.keep else "(not cells[t] or t == o)"]
            allow = f"{'A' if self.allow[1] else self.allow[0]}" if self.allow is not None else None
            if allow:
                land.append(f"{allow}[t]")
            if self.check:
                land.append(f"({self.check})")
            out = [f"{K}for ov, t in {table}[c]:",
                   f"{K}    if {free}:"]
            if self.check:      # (the rules read t: the step's cell is its landing)
                out += [f"{K}        t = ov", f"{K}        if {' and '.join(land[1:])}:",
                        f"{K}            {self.target(step)}.add(ov)"]
            elif allow:
                out += [f"{K}        if {allow}[ov]:", f"{K}            {self.target(step)}.add(ov)"]
            else:
                out.append(f"{K}        {self.target(step)}.add(ov)")
            if self.keep:
                return out + self.kept_jump(K + "    ", over, allow, f" and t not in m{s}", [f"m{s}.add(t); todo.append(t)"])
            out += [f"{K}    elif {over}{' and '.join(land)} and t not in m{s}:",
                    f"{K}        m{s}.add(t); todo.append(t)"]
            return out
        return lines

    def kept_jump(self, K, over, allow, extra, then) -> list[str]:
        """A STEPJUMP loop's jump over a taken cell, kept: a landing found taken is read (`read`,
        the cells the search read beyond the cells next to those it searched from) unless the
        jump is refused whatever the landing holds; one found free is a cell the search goes on
        from (`then` adds it to a set of a loop state), read with the cells near it."""
        cond = f"{over}{allow}[t]" if allow else over[:-len(" and ")] if over else ""
        return [f"{K}elif {cond}:" if cond else f"{K}else:",
                f"{K}    if cells[t]:",
                f"{K}        read |= BIT[t]",
                f"{K}    elif {extra[len(' and '):]}:" if extra else f"{K}    else:",
                *(f"{K}        {x}" for x in then)]

    def target(self, tr) -> str:
        return "fin" if not self.trans[tr.dst] else f"m{tr.dst}"

    def lines(self) -> list[str]:
        trans, accepting, I = self.trans, self.accepting, self.I
        seeded = {tr.dst for tr in trans[0] if trans[tr.dst]}
        direct = [tr for tr in trans[0] if not trans[tr.dst] and accepting[tr.dst]]
        body = ["    while b:", f"{I}o = b.bit_length() - 1; lo = BIT[o]; b ^= lo", "@H1"]
        if self.allow is not None and self.allow[1] == 1:
            body.append(f"{I}A = {self.allow[0]}")
        body += self.from_origin(seeded, direct)
        if seeded:
            body += self.beyond(seeded, direct)
        return body

    def kept_lines(self) -> list[str]:
        """lines(), each origin's destinations kept in `kept` (the seat to move's: flat lists by
        origin of its destinations, the cells its search read, their number and each per-origin
        name it read; then the running total of the numbers, the last turn's names, the per-turn
        tables) and searched again where a cell read is in `dirty` (changed since) or a name read
        is another object; the total is changed by the origins searched again alone (the loop
        takes a piece that leaves a cell out of it). The per-turn names read are kept at
        kept[-1], with the cells each cell's steps and jumps read by those tables (NEAR_OF);
        where one of them has changed, every search is made again."""
        if self.check:
            raise Unkept(self.check)
        self.keep = True
        body = self.lines()
        at = body.index("@H1") + (2 if body[body.index("@H1") + 1].startswith(f"{self.I}A = ") else 1)
        read = names("\n".join(x[5:] if x.startswith("@KEEP") else x for x in body[at:]))
        hoisted = [{x.split(" = ")[0] for x in self.em.hoisted[level]} for level in (0, 1)]
        tables = sorted(name for name, level in self.tables.items() if not level)
        turn = sorted(read & hoisted[0] - set(tables))
        origin = sorted(read & (hoisted[1] | {"A"}) - hoisted[0] - set(tables))
        # (tables chosen per origin: the cells near by any table)
        near = f"NEAR_OF({', '.join(tables)})" if len(tables) == len(self.tables) else "NEAR_OF()"
        I = self.I
        same = "".join(f" and got[{i}] is {name}" for i, name in enumerate(origin, 3))
        # the per-origin names computed from per-turn names and the origin alone (no cell, no
        # board): while those per-turn names hold what they held at the seat's last turn, so do
        # the per-origin ones, and a kept search is taken without computing them (`same`)
        h1 = body.index("@H1")
        lines = self.em.hoisted[1] + body[h1 + 1:at]
        inputs = sorted(names("\n".join(lines)) & hoisted[0])
        lifted = bool(origin) and not names("\n".join(lines)) & POSITION
        # the names each origin's search read, one list per name, by origin
        held = [f"origin_{name}" for name in origin]
        same = "".join(f" and {h}[o] is {name}" for h, name in zip(held, origin))
        # (where test is dirty, the cells read are known to have changed: searched again)
        body[at:at] = ([f"{I}if test is not dirty{same} and not read_of[o] & dirty:", f"{I}    continue"] if origin else []) + [
            f"{I}total -= count_of[o]",
            f"{I}moves = []; read = 0      # (moves.append: no method made for each search)"]
        # the origins from the loop's list of them, descending (kept from ply to ply, as the
        # list has them); an origin whose search read no cell changed since (and, where the
        # per-origin names are the same as at the last turn, `same`, no name either) is passed
        # by one test, its moves in the running total; the origin's bit only where one is searched
        if body[:2] != ["    while b:", f"{I}o = b.bit_length() - 1; lo = BIT[o]; b ^= lo"]:
            raise Unkept("the origins taken otherwise than from the board")
        body[:2] = ["    for o in order:", f"{I}if not read_of[o] & test:", f"{I}    continue"]
        if "lo" in names("\n".join(body + self.em.hoisted[1])):
            body.insert(body.index("@H1"), f"{I}lo = BIT[o]")
        if lifted:      # (per-origin names as at the origin's last search while the turn's are the same)
            end = body.index(f"{I}total -= count_of[o]")
            h1 = body.index("@H1")      # (the origin's bit made there unless the search reads it after)
            first = h1 - (body[h1 - 1] == f"{I}lo = BIT[o]" and "lo" not in names("\n".join(body[end:])))
            body[first:end] = [f"{I}if same and {held[0]}[o] is not None:",
                               f"{I}    " + "; ".join(f"{name} = {h}[o]" for h, name in zip(held, origin)),
                               f"{I}else:",
                               *("@H1+" if x == "@H1" else "    " + x for x in body[first:end])]
        for i, line in enumerate(body):
            if line.startswith("@KEEP"):
                ind = line[5:len(line) - len(line[5:].lstrip())]
                body[i] = (f"{ind}n = len(moves); moves_of[o] = moves; read_of[o] = {line[5:].strip()}; count_of[o] = n; "
                           + "".join(f"{h}[o] = {name}; " for h, name in zip(held, origin)) + "total += n")
        changed = [f"ctx[{i}] is not {name}" for i, name in enumerate(tables)] + \
            [f"ctx[{i}] != {name}" for i, name in enumerate(turn, len(tables))]
        # kept: per origin its moves, the cells read (-1: not searched), their number, and a list
        # per name read; then the running total of the counts, the last turn's names, ctx
        fresh = ", ".join(["[None] * S", "[-1] * S", "[0] * S", *(["[None] * S"] * len(held)), "0", "None"])
        body[:0] = ["    if b:",
                    "        ctx = kept[-1]",
                    f"        if {' or '.join(['ctx is None'] + changed)}:",
                    f"            S = len(cells); kept[:] = [{fresh}, ({', '.join(tables + turn + [near])},)]",
                    "            ctx = kept[-1]; dirty = -1      # (every origin searched again)",
                    "        near = ctx[-1]",
                    f"        {', '.join(['moves_of', 'read_of', 'count_of', *held])} = kept[:{3 + len(held)}]",
                    "        total = kept[-3]"]
        if not origin:      # (no per-origin name: the cells read tell it all)
            body[8:8] = ["        test = dirty"]
        elif not lifted:    # (per-origin names read the position: made for every origin)
            body[8:8] = ["        test = -1"]
        elif not inputs:    # (made of the origin alone: the same at every turn)
            body[8:8] = ["        test = dirty; same = True"]
        else:       # (kept[-2]: the per-turn names the per-origin ones are made of, at the last turn)
            now = f"({', '.join(inputs)},)"
            body[8:8] = ["        last = kept[-2]",
                         "        same = last is not None and " + " and ".join(
                             f"(last[{i}] is {name} or last[{i}] == {name})" for i, name in enumerate(inputs)),
                         "        if same:",
                         "            test = dirty",
                         "        else:",
                         f"            kept[-2] = {now}; test = -1"]
        body += ["    if b:", "        kept[-3] = total"]
        return body

    def from_origin(self, seeded, direct) -> list[str]:
        """The transitions out of the start state, unrolled; where none reaches a later state,
        the moves are added at once (and the origin's search ends)."""
        I, body = self.I, []
        for s in sorted(seeded):
            body.append(f"{I}m{s} = None")
        self.first = self.fused_first(seeded, direct)
        if self.first is not None:
            return body + self.first
        for tr in self.trans[0]:
            if tr.dst in seeded:
                body += self.loop(tr, "o", True, I)
                body.append(f"{I}        if m{tr.dst} is None: m{tr.dst} = {{t}}")
                body.append(f"{I}        else: m{tr.dst}.add(t)")
        J = I
        if seeded:
            body.append(f"{I}if {' and '.join(f'm{s} is None' for s in sorted(seeded))}:")
            J = I + "    "
        if len(direct) == 1:
            body += self.loop(direct[0], "o", True, J)
            body.append(f"{J}        {'moves.append(t)' if self.keep else 'add((o, t))'}")
        elif direct:
            body.append(f"{J}fin = set()")
            for tr in direct:
                body += self.loop(tr, "o", True, J)
                body.append(f"{J}        fin.add(t)")
            if self.keep:
                body.append(f"{J}moves = list(fin)")
            else:
                body.append(f"{J}for t in fin:")
                body.append(f"{J}    add((o, t))")
        if self.keep:       # (searched from the origin alone: it read the cells near it)
            body.append(f"@KEEP{J}near[o]")
        if seeded:
            body.append(f"{J}continue")
        return body

    def beyond(self, seeded, direct) -> list[str]:
        """Some state beyond the start is reached: each searched once, component by component
        (sources first), the cells reached collected in a set."""
        trans, accepting, I = self.trans, self.accepting, self.I
        carried = [s for s in range(1, len(trans)) if trans[s]]
        body = [f"{I}fin = set({'moves' if self.keep else 'stepped'})" if self.first else f"{I}fin = set()"]
        if self.keep:
            body.append(f"{I}vo = cells[o]; cells[o] = 0")
        for tr in direct if not self.first else ():
            body += self.loop(tr, "o", True, I)
            body.append(f"{I}        fin.add(t)")
        for s in carried:
            if s not in seeded:
                body.append(f"{I}m{s} = set()")
            elif len(seeded) > 1:
                body.append(f"{I}if m{s} is None: m{s} = set()")
        for comp in _sccs(trans):
            if comp != [0] and any(trans[s] for s in comp):
                body += self.component(comp, seeded)
        for s in carried:
            if accepting[s]:
                body.append(f"{I}fin.update(m{s})")
        body.append(f"{I}fin.discard(o)")
        if not self.keep:
            body.append(f"{I}for t in fin:")
            body.append(f"{I}    add((o, t))")
            return body
        # what the search read: the cells near the origin and near each cell it went on from
        # (the cells of the states with transitions; a last landing reads only itself, near
        # the cell it came from)
        body += [f"{I}cells[o] = vo", f"{I}moves = list(fin)", f"{I}read |= near[o]"]
        for s in carried:
            if s not in self.popped:
                body += [f"{I}for t in m{s}:", f"{I}    read |= near[t]"]
        body.append(f"@KEEP{I}read")
        return body

    def component(self, comp, seeded) -> list[str]:
        """The search of one strongly connected component of the automaton."""
        trans, accepting, I, body = self.trans, self.accepting, self.I, []
        inside = set(comp)
        internal = [(s, tr) for s in comp for tr in trans[s] if tr.dst in inside]
        K = I
        if not (len(seeded) == 1 and set(comp) == seeded):    # else known not to be empty
            body.append(f"{I}if {' or '.join(f'm{s}' for s in comp)}:")
            K = I + "    "
        external = [(s, tr) for s in comp for tr in trans[s]
                    if tr.dst not in inside and (trans[tr.dst] or accepting[tr.dst])]
        if internal and len(comp) == 1:
            # one loop state: each cell found is searched once, all its transitions at once
            s = comp[0]
            body.append(f"{K}todo = list(m{s})")
            body.append(f"{K}while todo:")
            if self.keep:       # (each cell of m{s} is popped once: what it read added there)
                body.append(f"{K}    c = todo.pop(); read |= near[c]")
                self.popped.add(s)
            else:
                body.append(f"{K}    c = todo.pop()")
            fused = self.fused(internal, external)
            if fused is not None:
                return body + fused(s, K + "    ")
            for _, tr in internal:
                body += self.loop(tr, "c", False, K + "    ", f" and t not in m{s}")
                body.append(f"{K}            m{s}.add(t); todo.append(t)")
            for _, tr in external:
                body += self.loop(tr, "c", False, K + "    ")
                body.append(f"{K}            {self.target(tr)}.add(t)")
            return body
        if internal:
            body.append(f"{K}todo = [(c, s) for s, m in (" + ", ".join(f"({s}, m{s})" for s in comp)
                        + ") for c in m]")
            body.append(f"{K}while todo:")
            body.append(f"{K}    c, s = todo.pop()")
            for i, s in enumerate(comp):
                mine = [tr for q, tr in internal if q == s]
                if not mine:
                    continue
                body.append(f"{K}    {'if' if i == 0 else 'elif'} s == {s}:")
                for tr in mine:
                    body += self.loop(tr, "c", False, K + "        ")
                    body.append(f"{K}                if t not in m{tr.dst}:")
                    body.append(f"{K}                    m{tr.dst}.add(t); todo.append((t, {tr.dst}))")
        for s, tr in external:
            body.append(f"{K}for c in m{s}:")
            body += self.loop(tr, "c", False, K + "    ")
            body.append(f"{K}            {self.target(tr)}.add(t)")
        return body


def _sccs(trans) -> list[list[int]]:
    """The strongly connected components of the automaton reachable from state 0, sources first."""
    index, low, on, stack, out, counter = {}, {}, set(), [], [], itertools.count()

    def visit(v):
        index[v] = low[v] = next(counter)
        stack.append(v)
        on.add(v)
        for t in trans[v]:
            w = t.dst
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            out.append(sorted(comp))

    visit(0)
    return out[::-1]      # Tarjan finds sinks first


class Mask:
    """A landing rule as a set of cells (an int, bit i = cell i): a leaf, whose code can be
    computed at `level` (0 per turn, 1 per origin), or a choice on a condition between two masks.
    Choices are kept apart so that the cell tables (`ALLOW[mask]`, a bool per cell) can be
    looked up once per turn and only chosen per origin."""

    def __init__(self, code: str = "", level: int = 0, cond: str = "", then=None, other=None):
        self.code, self.level, self.cond, self.then, self.other = code, level, cond, then, other

    def leaves(self) -> int:
        return 1 if not self.cond else self.then.leaves() + self.other.leaves()

    def flat(self, em) -> tuple[str, int]:
        """(code, level) of the mask as one int."""
        if not self.cond:
            return self.code, self.level
        (a, _), (b, _) = self.then.flat(em), self.other.flat(em)
        return em.hoist(1, f"({a} if {self.cond} else {b})"), 1

    @staticmethod
    def choice(cond: str, level: int, then: "Mask", other: "Mask", em) -> "Mask":
        if cond in ("True", "False"):
            return then if cond == "True" else other
        if level == 0 and not then.cond and not other.cond and then.level == 0 and other.level == 0:
            return Mask(em.hoist(0, f"({then.code} if {cond} else {other.code})"), 0)
        return Mask(cond=cond, then=then, other=other)

    def combine(self, op: str, other: "Mask", em) -> "Mask":
        if self.cond and self.leaves() * other.leaves() <= 8:
            return Mask(cond=self.cond, then=self.then.combine(op, other, em), other=self.other.combine(op, other, em))
        if other.cond and self.leaves() * other.leaves() <= 8:
            return other.combine(op, self, em)
        (a, la), (b, lb) = self.flat(em), other.flat(em)
        if op == "&":
            if a == "FULL" or b == "0":
                return Mask(b, lb)
            if b == "FULL" or a == "0":
                return Mask(a, la)
        else:
            if a == "0" or b == "FULL":
                return Mask(b, lb)
            if b == "0" or a == "FULL":
                return Mask(a, la)
        return Mask(em.hoist(max(la, lb), f"({a} {op} {b})"), max(la, lb))

    def invert(self, em) -> "Mask":
        if self.cond:
            return Mask(cond=self.cond, then=self.then.invert(em), other=self.other.invert(em))
        if self.code in ("FULL", "0"):
            return Mask("0" if self.code == "FULL" else "FULL", 0)
        return Mask(em.hoist(self.level, f"(FULL ^ {self.code})"), self.level)

    def table(self, em) -> tuple[str, int]:
        """(code, level) of the bytes table of allowed cells."""
        if not self.cond:
            return em.hoist(self.level, f"ALLOW[{self.code}]"), self.level
        (a, _), (b, _) = self.then.table(em), self.other.table(em)
        return f"({a} if {self.cond} else {b})", 1

    @classmethod
    def of(cls, node, em) -> "Mask":
        """The mask of a landing rule (a condition on `landing`); NoMask if it is none."""
        if node.level < 2:
            return cls.choice(em.emit(node, 2), node.level, cls.FULL, cls.EMPTY, em)
        if isinstance(node, dsl.In) and isinstance(node.left, dsl.Name):
            return cls(em.hoist(node.right.level, em.vocab.names[node.right.dotted].code), node.right.level)
        if isinstance(node, dsl.Compare) and node.op in ("==", "!=") and node.left.type == CELL:
            sides = [s for s in (node.left, node.right) if s.level < 2]
            if not sides:          # landing compared with itself
                m = cls.FULL
            else:
                m = cls(em.hoist(sides[0].level, f"BIT[{em.emit(sides[0], 2)}]"), sides[0].level)
            return m.invert(em) if node.op == "!=" else m
        if isinstance(node, dsl.Not):
            return cls.of(node.operand, em).invert(em)
        if isinstance(node, dsl.BoolOp):
            a, b = node.left, node.right
            if a.level < 2 or b.level < 2:
                c, m = (a, b) if a.level < 2 else (b, a)
                code = em.emit(c, 2)
                if node.op == "or":
                    return cls.choice(code, c.level, cls.FULL, cls.of(m, em), em)
                return cls.choice(code, c.level, cls.of(m, em), cls.EMPTY, em)
            return cls.of(a, em).combine("|" if node.op == "or" else "&", cls.of(b, em), em)
        if isinstance(node, dsl.IfElse) and node.cond.level < 2:
            return cls.choice(em.emit(node.cond, 2), node.cond.level, cls.of(node.then, em), cls.of(node.other, em), em)
        raise NoMask(type(node).__name__)


Mask.FULL = Mask("FULL", 0)
Mask.EMPTY = Mask("0", 0)


class Allow(dict):
    """ALLOW[mask]: the table (True = allowed) of a landing mask by cell, made on first use: a
    tuple of bools, which the searches index and test faster than bytes."""

    def __init__(self, size: int, limit: int = 4096):
        super().__init__()
        self.size, self.limit = size, limit

    def __missing__(self, mask: int) -> tuple[bool, ...]:
        if len(self) >= self.limit:
            self.clear()
        table = self[mask] = tuple(bool((mask >> i) & 1) for i in range(self.size))
        return table


