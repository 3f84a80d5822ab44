"""The compiled playout's loop (playout/__init__.py) for a last phase of piece moves in a plain game (one
kind of piece, steps and jumps, no captures: automaton.py's merged search) of any pattern whose
landing rules are sets of cells (automaton.Mask), `let`s and directions that change with the
turn included; the shapes of move_loop.py are played there. It plays on the state's own
variables (a list of cells, a list of boards, the counters), and per ply:

- counts the moves of the player to move with `keep_<phase>` (movegen's mode "kept": the
  generated search itself, origin by origin, descending), which keeps each piece's destinations
  in their list's order, with the cells its search read and the values of the names it read
  (a table of allowed landings, say), and searches a piece again only where a cell it read has
  changed since (`dirty`) or a name it read has another value: a move changes two cells, and
  most pieces read neither;
- keeps what it kept in flat lists by origin (moves, cells read, count, each per-origin name
  read) with a running total of the counts, changed by the pieces searched again alone, and
  walks the seat's origins from a list kept in descending order (a move replaces one);
- draws the index as `rng.choice` of the legal list draws it (random.Random's _randbelow, from
  getrandbits) and finds the destination holding it among the kept lists, in the same order;
- moves the piece in place and tests apply's end conditions on those variables; no state is
  built until the loop stops (a player with no move: the Game API says what follows).

What a search read is told by a table made once per set of step and jump tables it reads (per
turn: NEAR_OF): per cell, its own bit and those of the cells its steps and jumps read. A search
reads the cells near its origin and near each cell it goes on from (the cells it keeps per state
of the pattern), and a last landing only itself, near the cell it came from. Where it steps and
jumps by one table (STEPJUMP) it reads a jump's landing only beyond a taken cell, and there adds
it to what it read where it is taken (a free one is a cell it goes on from, read with the cells
near it).
"""
from __future__ import annotations

import builtins
import re

from ....lang.pycode import names
from ..automaton import Unkept
from .move_loop import chain_shape, moving_phase
from .placing import loop_end_tests, on_variables


def near_tables(game):
    """NEAR_OF(*tables): per cell, its bit and the bits of the cells its steps and jumps by
    those tables (one seat's rows per cell, of STEP, JUMP or STEPJUMP) read: the cells stepped
    to, jumped over and landed on (of STEPJUMP, the cells stepped to or jumped over only); with
    no table, by every table of every seat. Made once per set of tables."""
    ns, made = game._ns, {}
    every = [per_cell for table in ("STEP", "JUMP") for per_seat in ns[table].values() for per_cell in per_seat]
    # a STEPJUMP table's landings are not read here: the search adds those it read (beyond a taken cell)
    stepping = {id(per_cell) for per_seat in ns["STEPJUMP"].values() for per_cell in per_seat}

    def near_of(*tables):
        tables = tables or every
        key = tuple(map(id, tables))
        if key not in made:
            near = [1 << c for c in range(game.size)]
            for per_cell in tables:
                steps_only = id(per_cell) in stepping
                for c, row in enumerate(per_cell):
                    for x in row:
                        near[c] |= 1 << x if isinstance(x, int) else 1 << x[0] if steps_only else 1 << x[0] | 1 << x[1]
            made[key] = (tables, near)      # (the tables held: their ids stay theirs)
        return made[key][1]
    return near_of


def kept_loop(game) -> list[str] | None:
    """The lines (indented from 0) that play the moving phase (moving_phase, not of chain_shape)
    on the state's own variables from st, until the game ends, `limit` is reached or the player
    to move has no move, then make st the state reached; None where the game has no such phase
    or its search cannot keep its moves (a landing rule checked at each landing)."""
    if not moving_phase(game) or chain_shape(game) is not None:
        return None
    ends = loop_end_tests(game)
    if ends is None or ends[0]:
        return None
    ph, n, layout, ns = game.rules.phases[-1], game.n, game.layout, game._ns
    keep = f"keep_{ph.name}"
    if keep not in ns:
        try:
            source = game._phase_source(ph, fname=keep, mode="kept")
        except Unkept:
            ns[keep] = None
            return None
        # (not the merged search, a name read from the state tuple, which the loop has not, or
        # a search of some of the pieces only: the loop gives it every origin)
        if "moves_of[o] = " not in source or "st" in names(source) or "\n    b = B[me]\n" not in source:
            ns[keep] = None
            return None
        ns["NEAR_OF"] = near_tables(game)
        game.sources[f"{ph.name} (kept)"] = source
        game._exec(source, keep, ns, ph.path)
    if ns[keep] is None:
        return None
    # the per-origin names the search keeps a list of (kept[3:]: each origin's, None where unknown)
    held = re.search(r"moves_of, read_of, count_of((?:, origin_\w+)*) = kept\[:\d+\]", game.sources[f"{ph.name} (kept)"])
    held = held[1].count(", ") if held else 0
    changed = "; ".join(f"dirty[{s}] |= ch" for s in range(n))
    body = ["order = orders[me]",
            f"total = {keep}(cells, B, me, kept[me], dirty[me], order)",
            "dirty[me] = 0",
            "if not total:      # no move: the Game API says what follows (a pass, a blocked player)",
            "    break",
            "i = getrandbits(total.bit_length())     # rng._randbelow(total): what rng.choice of the list draws",
            "while i >= total:",
            "    i = getrandbits(total.bit_length())",
            "got = kept[me]; count_of = got[2]",
            "for o in order:        # the origin holding it: origins descending, as the list has them",
            "    n = count_of[o]",
            "    if i < n:",
            "        break",
            "    i -= n",
            "t = got[0][o][i]",
            "got[-3] -= n; count_of[o] = 0; got[1][o] = -1"
            + "".join(f"; got[{3 + k}][o] = None" for k in range(held)) + "      # (the cell left: out of the total, unsearched)",
            "ch = BIT[o] | BIT[t]",
            "cells[o] = 0; cells[t] = me + 1; B[me] ^= ch",
            "order[order.index(o)] = t; order.sort(reverse=True)",
            changed,
            "passes = 0; ply += 1; plies += 1",
            f"nxt = {'1 - me' if n == 2 else f'(me + 1) % {n}'}",
            *ends[1],
            "me = nxt"]
    # an end test that reads the state tuple or a name of the generators' own: the Game API's loop
    known = set(ns) | set(dir(builtins)) | {s.local for s in layout.slots} | {"plies", "limit", "choice", "getrandbits"} \
        | {v.strip() for x in body if " = " in x for v in x.split(" = ")[0].split(", ")} | {keep, "kept", "dirty", "orders", "o", "bit_length", "bit_count", "index", "sort", "reverse", "count_of"}
    if names("\n".join(body)) - known or "st" in names("\n".join(ends[1])):
        return None
    # (the cells a list, where no end test reads them: the search only indexes them, faster)
    listed = [] if "cells" in names("\n".join(ends[1])) else ["cells = list(cells)"]
    return on_variables(game, [*listed, f"kept = [[None] for _ in range({n})]; dirty = [-1] * {n}     "
                               "# per seat: its pieces' moves, the cells changed since",
                               # (per seat its pieces' cells, descending: a move replaces one)
                               f"orders = [[c for c in range({game.size} - 1, -1, -1) if BIT[c] & B[s]] for s in range({n})]"],
                        body)
