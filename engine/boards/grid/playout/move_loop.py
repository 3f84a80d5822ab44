"""The compiled playout's loop (playout/__init__.py) for a last phase of piece moves in a plain game (one
kind of piece, steps and jumps, no captures: automaton.py's merged search) whose one pattern is
`step(D) | jump(E, over=any)+` with E's jumps the same both ways (chain_shape: a race of
pieces that step, or hop over any piece in chains). It plays on the state's own variables (a
bytearray of cells, a list of boards, the counters), and per ply:

- counts each piece's moves without making them (ChainReach): a chain's reach is read from the
  components of the position's jump graph, and a component, or a piece's count, is kept from
  ply to ply until a move changes a cell it read;
- draws the index as `rng.choice` of the legal list draws it (random.Random's _randbelow, from
  getrandbits), and finds the origin holding it (ChainReach.pick): a piece without a jump takes
  its free steps in the step table's order; a piece that jumps has its moves listed alone
  (`from_<phase>`, movegen's mode "from": the generated search itself, so the list's order, a
  piece's destinations in the order of the set it collects them in, which only that set's
  history of insertions gives);
- moves the piece in place and tests apply's end conditions on those variables; no state is
  built until the loop stops (a player with no move: the Game API says what follows).

So the same seed plays the same game as `api.random_playout`, which the tests check. Other
plain shapes (landing rules, `let`s, directions one way only) are kept_loop.py's: counts made by
the same search as the lists were no faster than the lists, but a piece's list kept until a cell
its search read changes is.
"""
from __future__ import annotations

import builtins
import functools
import operator

from ....lang import dsl
from ....lang.pycode import names
from ..automaton import pattern_automaton
from .placing import loop_end_tests, on_variables


def moving_phase(game) -> bool:
    """Is the last phase one kind's piece moves of a plain game (no drops, no placements, no
    rules on the position after), in a game with no `over` rule nor pass at will?"""
    ph = game.rules.phases[-1]
    return not (game.general or game.instrument or game.rules.over is not None or game.rules.pass_any
                or ph.drops or ph.places or ph.legal or ph.priority or ph.sows or len(ph.kinds) != 1
                or "connected()" in game.rules.words)      # (placing's chains only grow)


def chain_shape(game) -> tuple[str, str] | None:
    """(D, E) where the last phase's one pattern is `step(D) | jump(E, over=any)+` (either
    order), no rule on its landings and no `let`, E's jumps the same both ways (a jump from c
    over v to t for every one from t over v to c) and the same for every seat: then a chain's
    reach is a union of components of one graph of the position, shared by every piece
    (ChainReach). Else None."""
    ph = game.rules.phases[-1]
    if ph.rules or ph.lets or len(ph.kinds) != 1:
        return None
    trans, accepting = pattern_automaton(ph.kinds[0][1])
    if len(trans[0]) != 2 or any(not isinstance(tr.dirs, dsl.Name) or tr.dirs.dotted not in game.dir_names
                                 for tr in trans[0]):
        return None
    step = next((tr for tr in trans[0] if tr.kind == "step"), None)
    jump = next((tr for tr in trans[0] if tr.kind == "jump" and tr.over == "any"), None)
    if step is None or jump is None or trans[step.dst] or not accepting[step.dst] or not accepting[jump.dst] \
            or [(tr.kind, tr.dirs.dotted, tr.over, tr.dst) for tr in trans[jump.dst]] != \
            [("jump", jump.dirs.dotted, "any", jump.dst)]:
        return None
    tables = game._ns.get("JUMP", {}).get(jump.dirs.dotted)
    if tables is None or step.dirs.dotted not in game._ns.get("STEP", {}):
        return None
    if any(len(set(row)) != len(row) for per_cell in game._ns["STEP"][step.dirs.dotted] for row in per_cell):
        return None         # (a cell two steps reach: listed twice where no jump is made, counted once)
    seats = [{(c, ov, t) for c, row in enumerate(per_cell) for ov, t in row} for per_cell in tables]
    if any(pairs != seats[0] for pairs in seats) or any((t, ov, c) not in seats[0] for c, ov, t in seats[0]):
        return None
    return step.dirs.dotted, jump.dirs.dotted


class ChainReach:
    """The moves of each piece counted, none made, for a phase of chain_shape, as the generated
    search would count its list, through a playout: a chain's reach is the union of the
    components of the jump graph of the position (free cells, a jump over any piece linking two)
    that its first landings fall in. The origin, empty during its move, joins the components of
    its first landings; where one of them links two cells by a jump over the origin itself
    (which it cannot jump) the piece is searched alone, as the list is.

    What is found is kept, ply after ply, until a move changes a cell it read: a component (its
    cells, the cells its jumps go over, and their landings where the cell gone over is taken),
    and a piece's count (the cells its first jumps and steps read, and its components')."""

    @staticmethod
    def tables(steps, jumps, step_order) -> tuple:
        """What a ChainReach reads and never changes, made once per game: per seat and cell the
        bits of its steps' cells; per cell (over, landing) of its jumps (the same for every
        seat); per seat and cell its steps' cells in the step table's order; per cell the cells
        its jumps read; whether a chain can meet a jump over its own origin."""
        # per cell: its bit and those of the cells its jumps go over (a jump's landing is read
        # too where the cell it goes over is taken: it links or may come to link, where the
        # landing is or comes to be free; a jump over a free cell links nothing whatever its
        # landing holds, until a piece comes onto that cell)
        reads = [functools.reduce(operator.or_, (1 << ov for ov, _t in row), 1 << c) for c, row in enumerate(jumps)]
        # can a chain meet a jump over its own origin? Not where no jump goes over a cell that
        # the jumps link to its ends (a lattice: a jump keeps the parity of the cells, the cell
        # it goes over has another): then the components keep no overs (rec[2] None)
        root = list(range(len(jumps)))

        def find(c):
            while root[c] != c:
                root[c] = c = root[root[c]]
            return c
        for c, row in enumerate(jumps):
            for _ov, t in row:
                root[find(c)] = find(t)
        overs = any(find(ov) == find(c) for c, row in enumerate(jumps) for ov, _t in row)
        return steps, jumps, step_order, reads, overs

    def __init__(self, tables):
        self.steps, self.jumps, self.step_order, self.reads, self.overs = tables
        # per cell its component if it is free and one is kept (else None): [cells (bits), size,
        # overs or None, reads, cells]
        self.comp = [None] * len(self.jumps)
        self.live = []          # the components kept
        # per seat and cell, flat lists: its piece's count, the cells it read, its reach by jumps
        # (0 if it has no jump); a cell not counted yet reads every cell (a piece that comes onto
        # a cell changes it, so an entry left by a piece gone is never taken for the new one's)
        self.counted = [[0] * len(self.jumps) for _ in self.steps]
        self.read = [[-1] * len(self.jumps) for _ in self.steps]
        self.reach = [[0] * len(self.jumps) for _ in self.steps]
        # per seat: the cells changed since its pieces were last counted (each of them then was,
        # found again or its count kept); at first every cell (no piece is counted yet)
        self.dirty = [-1 for _ in self.steps]
        self.origins = [None for _ in self.steps]    # per seat: its pieces' cells, highest first (the list's order)
        self.seats = range(len(self.steps))

    def moved(self, o, t, me):
        """The piece of seat me moved from o to t: the components that read either cell are
        searched again; the counts that did are found again when next asked."""
        changed = (1 << o) | (1 << t)
        comp, kept = self.comp, []
        for rec in self.live:
            if rec[3] & changed:
                for c in rec[4]:
                    comp[c] = None
            else:
                kept.append(rec)
        self.live = kept
        order = self.origins[me]
        if order is not None:
            order[order.index(o)] = t
            order.sort(reverse=True)
        dirty = self.dirty
        for s in self.seats:
            dirty[s] |= changed

    def counts(self, cells, b, me, free) -> int:
        """The moves of the seat me to move (its pieces the board b, `free` the empty cells), each
        origin's kept for pick()."""
        jumps, comp, steps, reads, overs, live = self.jumps, self.comp, self.steps[me], self.reads, self.overs, self.live
        counted, read_by, reach_of, dirty = self.counted[me], self.read[me], self.reach[me], self.dirty[me]
        self.dirty[me] = 0
        order = self.origins[me]
        if order is None:
            order = self.origins[me] = sorted((c for c in range(b.bit_length()) if b >> c & 1), reverse=True)
        total = 0
        for o in order:
            # (a piece not counted yet reads every cell: a piece is, on a cell changed since)
            if not read_by[o] & dirty:
                total += counted[o]
                continue
            stepped = steps[o]
            read = reads[o] | stepped
            stepped &= free
            reach = n = 0
            for ov, t in jumps[o]:
                if cells[ov]:
                    if cells[t]:        # (a landing taken: read, it may be left)
                        read |= 1 << t
                        continue
                    rec = comp[t]      # a first landing: its component (searched once, kept)
                    if rec is None:
                        if overs:
                            rec = self._search(cells, t)
                        else:       # (searched here, no overs kept: one call fewer a component)
                            members = [t]
                            rec = [0, 0, None, 0, members]
                            comp[t] = rec
                            bits, got = 1 << t, reads[t]
                            for c in members:
                                for ov2, u in jumps[c]:
                                    if cells[ov2]:
                                        if cells[u]:
                                            got |= 1 << u
                                        elif comp[u] is None:
                                            comp[u] = rec
                                            members.append(u)
                                            bits |= 1 << u
                                            got |= reads[u]
                            rec[0], rec[1], rec[3] = bits, len(members), got
                            live.append(rec)
                    if not rec[0] & reach:
                        if overs and o in rec[2]:     # a jump over the origin: the piece searched alone
                            n = -1
                            break
                        reach |= rec[0]
                        read |= rec[3]
                        n += rec[1]
            if n < 0:       # (read: every cell; the count stands only while nothing changes)
                n = self._alone(cells, o, stepped)
                read_by[o] = reach_of[o] = -1
            else:
                n += (stepped & ~reach).bit_count()
                read_by[o], reach_of[o] = read, reach
            counted[o] = n
            total += n
        return total

    def shares(self, me) -> list[tuple[int, int]]:
        """(origin, its count) of the seat me's last counts, in the list's order."""
        return [(o, self.counted[me][o]) for o in self.origins[me]]

    def pick(self, i, me, cells):
        """The i-th move of the seat me's last counts: (origin, its destination), the destination
        None where the origin jumps (its list's order is the generated search's; then the index
        among the origin's moves instead)."""
        counted = self.counted[me]
        for o in self.origins[me]:
            n = counted[o]
            if i < n:
                break
            i -= n
        if self.reach[me][o]:
            return o, None, i
        for t in self.step_order[me][o]:    # no jump: its free steps in the table's order
            if not cells[t]:
                if not i:
                    return o, t, 0
                i -= 1
        raise AssertionError("a count above the moves")

    def _search(self, cells, t):
        """The component of the free cell t: searched and kept."""
        jumps, comp = self.jumps, self.comp
        over, members = set(), [t]
        rec = [0, 0, over, 0, members]
        comp[t] = rec
        read = 0
        for c in members:           # (a list grown while it is read: every cell once)
            for ov, u in jumps[c]:
                if cells[ov]:
                    if cells[u]:
                        read |= 1 << u      # (a landing taken: read, it may be left)
                        continue
                    over.add(ov)
                    if comp[u] is None:
                        comp[u] = rec
                        members.append(u)
        return self._kept(rec, read)

    def _kept(self, rec, read):
        """A component just searched, its cells rec[4]: its bits, size and reads set, and kept."""
        reads, bits = self.reads, 0
        for c in rec[4]:
            bits |= 1 << c
            read |= reads[c]
        rec[0], rec[1], rec[3] = bits, len(rec[4]), read
        self.live.append(rec)
        return rec

    def _alone(self, cells, o, stepped):
        """The moves of the piece on o, searched alone (the origin empty: not jumped, landed on),
        where a jump of a component it reaches goes over it; `stepped` the cells of its steps."""
        jumps = self.jumps
        m = {t for ov, t in jumps[o] if cells[ov] and not cells[t]}
        todo = list(m)
        while todo:
            c = todo.pop()
            for ov, u in jumps[c]:
                if cells[ov] and ov != o and (not cells[u] or u == o) and u not in m:
                    m.add(u)
                    todo.append(u)
        m.discard(o)
        reach = 0
        for c in m:
            reach |= 1 << c
        return len(m) + (stepped & ~reach).bit_count()


def moving_loop(game) -> list[str] | None:
    """The lines (indented from 0) that play the moving phase (moving_phase, of chain_shape) on
    the state's own variables from st, until the game ends, `limit` is reached or the player to
    move has no move, then make st the state reached; None where the game has no such phase."""
    shape = chain_shape(game) if moving_phase(game) else None
    ends = loop_end_tests(game) if shape is not None else None
    if ends is None or ends[0]:
        return None
    ph, n, layout, ns = game.rules.phases[-1], game.n, game.layout, game._ns
    moves_from = f"from_{ph.name}"
    body = [f"total = reach.counts(cells, B[me], me, FULL ^ ({game.occ_source}))",
            "if not total:      # no move: the Game API says what follows (a pass, a blocked player)",
            "    break",
            "i = getrandbits(total.bit_length())     # rng._randbelow(total): what rng.choice of the list draws",
            "while i >= total:",
            "    i = getrandbits(total.bit_length())",
            "o, t, j = reach.pick(i, me, cells)",
            "if t is None:      # a piece that jumps: its moves in the generated search's order",
            f"    t = {moves_from}({layout.build(result='None')}, o)[j][1]",
            "reach.moved(o, t, me)",
            "cells[o] = 0; cells[t] = me + 1; B[me] ^= BIT[o] | BIT[t]",
            "passes = 0; ply += 1; plies += 1",
            f"nxt = {'1 - me' if n == 2 else f'(me + 1) % {n}'}",
            *ends[1],
            "me = nxt"]
    # an end test that reads the state tuple or a name of the generators' own: the Game API's loop
    # (the slots of this game's layout only: a plain state has no quiet nor last)
    known = set(ns) | set(dir(builtins)) | {s.local for s in layout.slots} | {"plies", "limit", "choice", "getrandbits"} \
        | {v for x in body if " = " in x for v in x.split(" = ")[0].split(", ")} \
        | {moves_from, "reach", "counts", "moved", "pick", "bit_count", "bit_length"}
    if names("\n".join(body)) - known or "st" in names("\n".join(ends[1])):
        return None
    if moves_from not in ns:
        steps, jumps = shape
        ns["ChainReach"] = ChainReach
        # ChainReach's tables: per seat and cell the bits of its steps; the jumps by cell; the steps
        ns[f"CHAINS_{ph.name}"] = ChainReach.tables(
            [[sum(1 << t for t in row) for row in per_cell] for per_cell in ns["STEP"][steps]], ns["JUMP"][jumps][0],
            ns["STEP"][steps])
        source = game._phase_source(ph, fname=moves_from, mode="from")
        game.sources[f"{ph.name} (from)"] = source
        game._exec(source, moves_from, ns, ph.path)
    return on_variables(game, [f"reach = ChainReach(CHAINS_{ph.name})"], body)
