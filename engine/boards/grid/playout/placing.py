"""The placing loop of the compiled playout (playout/__init__.py): a last phase that places one piece of
a kind from an unlimited supply onto an empty cell of a zone (`placing_phase`) runs as one loop
over the state's own variables (a bytearray of cells, a list of boards). Its cell is drawn from
a list of the cells it may take, kept in cell order through the loop (the index rng.choice
would draw, from getrandbits as random.Random's _randbelow draws it), or, where the zone differs
by seat, from the mask of free cells or the list its landing rules allow; the end conditions
are emitted over those variables (in_a_row by the lines through the cell just filled,
connected() by a union-find of chains kept as stones join them).

What a placing game is (`placing_game`, `placements`) is read here for the other lowerings that
take such games too: the flip loop (flip_loop.py) and the batch backend (../batch.py).
"""
from __future__ import annotations

import bisect
import builtins
import functools
import operator

from ....lang import dsl
from ....lang.expr import CELL, INT, Emitter, Symbol, Vocabulary
from ....lang.pycode import names
from ....structs import replace
from ..layout import SLOTS
from ..vocabulary import LANDING
from ..words.base import keyword
from ..words.place import supported_by


def placing_phase(game):
    """(the place action, its kind) where the last phase's one move puts a piece of a kind from
    an unlimited supply, that never promotes, onto an empty cell of a zone (landing rules
    allowed), in a general game whose state is cells, boards and counters only; else None."""
    if not placing_game(game) or game.rules.over is not None:
        return None
    found = placements(game, game.rules.phases[-1])
    if found is None or len(found) != 1 or found[0][2] != "empty" or found[0][3]:
        return None
    return found[0][:2]


def placing_from(game) -> int:
    """The ply from which the placing loop plays (placing_phase): where the last phase begins,
    or an earlier phase of a fixed length, where every phase from there on places the same kind
    onto the empty cells of the same zone, each earlier one's landing rules asking only that the
    landing be empty (so an alternative onto a rival's piece, a swap its option leaves off,
    adds no move): their moves are the last phase's, in the same order."""
    found = placing_phase(game)
    if found is None:           # (a loop of another shape, flip_loop's: from the last phase)
        return game._last_from
    a, kind = found
    empty = game._vocab.functions["empty"].emit(["t"], [CELL])     # empty(landing), over t
    start = game._last_from
    for ph in reversed(game.rules.phases[:-1]):
        found = placements(game, ph)
        em = Emitter(game._vocab.child(**LANDING), prefix="r")
        if found is None or any(em.emit(r.node, 2) != empty for r in ph.rules) or any(em.hoisted.values()) \
                or [x[2] for x in found] != ["empty"] + ["theirs"] * (len(found) - 1) \
                or found[0][0].args[0].dotted != a.args[0].dotted or found[0][1] is not kind \
                or any(after for *_, after in found):
            break
        start -= ph.length(game.n)
    return start


def placing_game(game) -> bool:
    """Is the game's state cells, boards and counters only (a general game, no hands, no turns of
    several moves, no pass at will)?"""
    return not (not game.general or game.bare or game.extended or game.counted or game.hands or game.turns
                or game._choosing or game.rules.pass_any)


def placements(game, ph) -> list | None:
    """[(the place action, its kind, onto: "empty" or "theirs", the actions after it)] where
    every move of the phase puts a piece of a kind from an unlimited supply, that never
    promotes, onto a cell of a zone (landing rules allowed), then maybe acts from there (a
    flip); else None."""
    if ph.kinds or ph.drops or ph.legal or ph.lets or ph.priority or ph.sows or not ph.places:
        return None
    out = []
    for alt in ph.places:
        a, *after = _sequence(alt)
        if not (isinstance(a, dsl.Action) and a.name == "place") or not all(isinstance(x, dsl.Action) for x in after):
            return None
        onto = keyword(a, "onto", "empty")
        kind = next(k for k in game.kinds if k.name == keyword(a, "kind", None))
        if onto not in ("empty", "theirs") or kind.reserve or kind.promote_to or kind.moved \
                or any(list(c) != sorted(c) for c in game.zone_cells[a.args[0].dotted]):
            return None
        out.append((a, kind, onto, after))
    return out


def _sequence(node) -> list:
    """The actions of a pattern written one after another (a Seq), in order."""
    return _sequence(node.left) + _sequence(node.right) if isinstance(node, dsl.Seq) else [node]


def placing_loop(game) -> list[str] | None:
    """The lines (indented from 0) that play the placing phase (placing_phase) on the state's
    own variables from st, until the game ends, `limit` is reached or no cell is left, then
    make st the state reached; None where the game has no such phase, or where its rules read
    something of the state other than those variables.

    Where the zone is the same for every seat, the cells a move may take are a list `q` kept in
    cell order through the loop (the free cells; or those the landing rules allow, where each
    rule asks for a filled cell next to the landing: placing only fills cells, so a cell leaves
    the list when it is taken, and the cells whose rules read it are asked again):
    `q.pop(i)`, i drawn as random.Random._randbelow(len(q)) draws it (from getrandbits), takes
    what choice(q) takes (rng.choice is seq[rng._randbelow(len(seq))]), with no list made or
    mask searched per ply."""
    found = placing_phase(game)
    if found is None:
        return None
    a, kind = found
    ph = game.rules.phases[-1]
    n, ns = game.n, game._ns
    zone = a.args[0].dotted
    # the landing rules, over the candidate cell t
    em = Emitter(game._vocab.child(**LANDING), prefix="r")
    rules = [em.emit(r.node, 2) for r in ph.rules]
    if em.hoisted[2]:
        return None
    per_ply = em.hoisted[0] + em.hoisted[1]
    value = game.kind_values[kind.name]
    occ = game.occ_source
    nxt = "1 - me" if n == 2 else f"(me + 1) % {n}"
    used = names("\n".join(per_ply + rules))
    # the names of movegen's prologue the rules read
    prologue = {"opp": f"opp = (me + 1) % {n}", "me1": "me1 = me + 1",
                "foe": f"foe = B[1 - me]" if n == 2 and not game.neutral else
                       "foe = occ ^ B[me]" + (f" ^ B[{n}]" if game.neutral else "")}
    lets = [line for name, line in prologue.items() if name in used] + per_ply
    seats = ns[f"ZM_{zone}"]
    listed = all(z == seats[0] for z in seats)     # one zone for every seat: the list q
    opens = _opened_by(game, ph, zone) if rules and listed else None
    entry, after = [], []
    if listed and (not rules or opens is not None):
        build = [f"free = ZM_{zone}[me] & ~occ", *_cells_of(game, "free", "q")]
        body = ["k = len(q)",
                "if not k:",
                "    break",
                "i = getrandbits(k.bit_length())     # rng._randbelow(k): what rng.choice(q) draws",
                "while i >= k:",
                "    i = getrandbits(k.bit_length())",
                "t = q.pop(i)"]
        if rules:       # only the cells the rules allow, in cell order
            ns["PLAYOUT_OPENS"], ns["insort"] = opens, bisect.insort
            over_c = Emitter(game._vocab.child(**{**LANDING, "landing": Symbol(CELL, "c", 2)}), prefix="r")
            again = [over_c.emit(r.node, 2) for r in ph.rules]
            build.append(f"q = [t for t in q if {' and '.join(rules)}]")
            # (one rule: t, which it reads, is filled now, so it holds)
            after = [*(lets if len(rules) > 1 else []),
                     "for c in PLAYOUT_OPENS[t]:      # the cells whose landing rules read t: allowed now?",
                     f"    if not cells[c]{''.join(' and ' + x for x in again) if len(rules) > 1 else ''}:",
                     "        insort(q, c)"]
        # the list depends on the cells taken alone (one zone, rules that ask for a filled
        # neighbour): the last playout's first list is kept, and taken again where the next
        # one starts from the same cells (every playout from the start, as bench plays them)
        ns["PLAYOUT_ENTRY"] = [None, ()]
        entry = [f"occ = {occ}", *(lets if rules else []),
                 "if occ == PLAYOUT_ENTRY[0]:",
                 "    q = PLAYOUT_ENTRY[1][:]",
                 "else:",
                 *("    " + x for x in build),
                 "    PLAYOUT_ENTRY[:] = occ, q[:]"]
    elif rules:     # the free cells as a list, those the rules allow kept, one of them drawn
        body = [f"occ = {occ}", f"free = ZM_{zone}[me] & ~occ", *_cells_of(game, "free", "q"),
                *lets,
                f"q = [t for t in q if {' and '.join(rules)}]",
                "if not q:",
                "    break",
                "t = choice(q)"]
    else:           # every free cell: the one choice() would draw from their list, found in the mask
        body = [f"occ = {occ}", f"free = ZM_{zone}[me] & ~occ",
                "if not free:",
                "    break",
                *kth_cell(game, "free", "choice(range(free.bit_count()))")]
    body += [f"cells[t] = {value} | (me + 1)" if value else "cells[t] = me + 1",
             "B[me] |= BIT[t]"]
    if game.multi:
        body.append(f"K[{value >> 3}] |= BIT[t]")
    body += after + ["plies += 1", f"nxt = {nxt}"]
    ends = loop_end_tests(game)
    if ends is None:
        return None
    starts, tests = ends
    # the counters of the state kept ply by ply only where a test or a rule reads them; else
    # counted once when the loop stops
    reads = names("\n".join(tests + body))
    later = {"passes": ("passes = 0", "passes = 0"), "quiet": ("quiet += 1", "quiet += placed"),
             "last": ("last = t", "last = t"), "ply": ("ply += 1", "ply += placed")}
    body += [each for name, (each, _) in later.items() if name in reads] + tests + ["me = nxt"]
    code = "\n".join(entry + body)
    # a rule that reads the state tuple, the origin of a move or a name of the generators'
    # own: the Game API's loop plays that phase
    known = set(ns) | LOCALS | set(dir(builtins)) | {x.split(" = ")[0] for x in entry + body if " = " in x}
    if names(code) - known or "st" in names(code):
        return None
    counted = [once for name, (_, once) in later.items() if name not in reads]
    after = ("placed = plies - begun", "if placed:", *("    " + x for x in counted)) if counted else ()
    return on_variables(game, [*starts, *entry, "begun = plies"], body, after)


def _opened_by(game, ph, zone) -> tuple | None:
    """Per cell t, the cells of the zone whose landing rules read t, where every rule is
    `not empty(neighbour(landing, D))` (a filled cell next to the landing, or the board's edge)
    with D's neighbours the same for every seat: a cell such rules allow stays allowed until it
    is taken, and one they refuse can only become allowed when a cell it reads is filled.
    Else None."""
    nexts = game._ns.get("NEXT", {})
    reads: list[set[int]] = [set() for _ in range(game.size)]
    for r in ph.rules:
        d = supported_by(r.node)
        if d not in nexts:
            return None
        table = nexts[d]
        if any(list(row) != list(table[0]) for row in table):
            return None
        for c in game.zone_cells[zone][0]:
            if 0 <= table[0][c] < game.size:
                reads[table[0][c]].add(c)
    return tuple(tuple(sorted(x)) for x in reads)


# the names the placing loop gives the state's slots and its own variables (and bit_count, a
# method names() reads as a name)
LOCALS = {s.local for s in SLOTS} | {"occ", "free", "q", "t", "c", "nxt", "plies", "limit", "choice", "getrandbits", "i",
                                     "whole", "k", "w", "e", "CZ", "CH", "P", "F", "x", "lo", "r", "own",
                                     "bit_count", "bit_length", "pop", "begun", "placed", "insort", "PLAYOUT_ENTRY"}


def kth_cell(game, bits: str, index: str) -> list[str]:
    """Lines that make t the cell of the `index`-th lowest bit of the mask `bits` (not 0): a
    word of 64 bits at a time, then a byte, then the table PLAYOUT_KTH (a byte's k-th bit)."""
    ns = game._ns
    if "PLAYOUT_KTH" not in ns:
        ns["PLAYOUT_KTH"] = [tuple(i for i in range(8) if b >> i & 1) for b in range(256)]
    L = [f"k = {index}", f"w = {bits}", "t = 0"]
    if game.size > 64:
        L += ["while True:",
              "    c = (w & 0xffffffffffffffff).bit_count()",
              "    if k < c:",
              "        break",
              "    k -= c; w >>= 64; t += 64"]
    return L + ["while True:",
                "    c = (w & 0xff).bit_count()",
                "    if k < c:",
                "        break",
                "    k -= c; w >>= 8; t += 8",
                "t += PLAYOUT_KTH[w & 0xff][k]"]


def _cells_of(game, bits: str, out: str) -> list[str]:
    """Lines that make `out` the list of the cells of the mask `bits`, lowest first, read a
    byte of the board at a time from the table PLAYOUT_CELLS (its cells by the byte's value)."""
    ns = game._ns
    groups = (game.size + 7) // 8
    if "PLAYOUT_CELLS" not in ns:
        ns["PLAYOUT_CELLS"] = [tuple(tuple(8 * g + i for i in range(8) if b >> i & 1) for b in range(256))
                               for g in range(groups)]
    L = [f"{out} = []"]
    for g in range(groups):
        part = f"({bits} >> {8 * g}) & 0xff" if g else f"{bits} & 0xff"
        L.append(f"if {bits} & {0xff << 8 * g:#x}: {out} += PLAYOUT_CELLS[{g}][{part}]")
    return L


def _in_a_row(game, args, before: list[str]) -> str:
    """in_a_row(N, exact=E) of the piece just placed on t, N and E known: read from the mover's
    board by the lines of N cells through t (functions/in_a_row.py's windows), in lines added
    to `before` (a loop: no call per ply); the name of its answer. Else asked of the cells."""
    n, exact = args[0], args[1]
    if not n.isdigit() or exact not in ("True", "False"):
        return f"_in_a_row(cells, t, {n}, {exact})"
    name = f"ROWS_{n}{'_EXACT' if exact == 'True' else ''}"
    if name not in game._ns:
        windows = game._ns["_cell_windows"](int(n), exact == "True")
        game._ns[name] = [tuple(w for w, _ in found) for found in windows] if exact == "False" else windows
    answer = f"row_{n}{'_exact' if exact == 'True' else ''}"
    if exact == "False" and _small_rows(game, name) and answer not in "\n".join(before):
        # the mover's cells on the lines through t, looked up among those that fill one
        before.append(f"{answer} = B[me] & {name}_NEAR[t] in {name}_FULL[t]     # in_a_row({n}): by its lines through t")
    if answer not in "\n".join(before):
        before += [f"{answer} = False",
                   "own = B[me]",
                   f"for {'w' if exact == 'False' else 'w, e'} in {name}[t]:     # in_a_row({n}): the lines of {n} through t",
                   f"    if own & w == w{' and not own & e' if exact == 'True' else ''}:",
                   f"        {answer} = True",
                   "        break"]
    return answer


SMALL_ROWS = 10      # the most cells the lines through a cell may hold besides it, for one lookup


def _small_rows(game, name: str) -> bool:
    """Where the lines through each cell hold at most SMALL_ROWS other cells: per cell t, their
    cells (NAME_NEAR) and every set of them, t's among them, that fills a line (NAME_FULL), so
    that a line through t is found by one lookup instead of a loop over the lines."""
    ns = game._ns
    if f"{name}_NEAR" in ns:
        return True
    near = [functools.reduce(operator.or_, rows, 0) for rows in ns[name]]
    if any(m.bit_count() > SMALL_ROWS + 1 for m in near):
        return False
    full = []
    for t, (rows, m) in enumerate(zip(ns[name], near)):
        bits = [1 << c for c in range(m.bit_length()) if m >> c & 1 and c != t]
        sets = [(1 << t) | sum(b for j, b in enumerate(bits) if k >> j & 1) for k in range(1 << len(bits))]
        full.append(frozenset(s for s in sets if any(s & w == w for w in rows)))
    ns[f"{name}_NEAR"], ns[f"{name}_FULL"] = near, full
    return True


def on_variables(game, before: list[str], body: list[str], after: tuple[str, ...] = ()) -> list[str]:
    """A fused loop's lines (indented from 0): the state unpacked into its own variables, its
    cells (where the state keeps them) and boards made mutable; `before` once, `body` each ply
    until `limit` (or its own break); once it stops, `after`, and st built again from the
    variables."""
    layout, kinds = game.layout, game.multi
    cells = "" if game.bare else "cells = bytearray(cells); "    # (a bare state keeps no cells: None)
    return [layout.unpack(result="result"),
            cells + "B = list(B)" + ("; K = list(K)" if kinds else ""),
            *before,
            "while plies != limit:",
            *("    " + x for x in body),
            cells.replace("bytearray", "bytes") + "B = tuple(B)" + ("; K = tuple(K)" if kinds else ""),
            *after,
            f"st = {layout.build(to_move='me')}"]


def loop_end_tests(game) -> tuple[list[str], list[str]] | None:
    """apply's end conditions, for the mover `me` after its placement on t (nxt to move), over
    the loop's variables: each that holds sets `result` (and stops the loop). With the lines the
    loop starts with (the chains, for connected)."""
    n = game.n
    own = {"ply": Symbol(INT, "ply"), "passes": Symbol(INT, "passes"), "quiet": Symbol(INT, "quiet"),
           "last": Symbol(CELL, "t")}
    vocab = game._vocab.child(**own)
    before: list[str] = []      # the lines an end test's words need first (in_a_row's loop)
    if "in_a_row()" in game.rules.words:       # of the piece just placed, named by the loop
        fn = vocab.functions["in_a_row"]
        vocab = Vocabulary(vocab.names, {**vocab.functions, "in_a_row": replace(
            fn, emit=lambda a, t: _in_a_row(game, a, before) if a[2] == "None" else fn.emit(a, t))}, vocab.member)
    # connected(A, B) read from the chains of the mover's pieces, kept as they grow
    # (functions/connected.py: a union-find), unless a chain joined them as the loop began
    # (`whole`: a set position); then asked of the whole board
    joins: list[tuple[str, str]] = []
    if "connected()" in game.rules.words:
        fn = vocab.functions["connected"]

        def chain(a, t):
            pair = (a[0], a[1])
            if pair not in joins:
                joins.append(pair)
            j = joins.index(pair)
            return f"(_connected(B[me], {a[0]}, {a[1]}) if whole else CH{f' >> {2 * j}' if j else ''} & 3 == 3)"
        vocab = Vocabulary(vocab.names, {**vocab.functions, "connected": replace(fn, emit=chain)}, vocab.member)
    rules = game.rules
    ends = [(rules.win, "(me,)", "w")]
    if rules.lose is not None:
        ends.append((rules.lose, "(nxt,)" if n == 2 else f"tuple(s for s in range({n}) if s != me)", "l"))
    ends.append((rules.draw, "()", "d"))
    L = []
    for node, result, prefix in ends:
        if node is None:
            continue
        em = Emitter(vocab, prefix=prefix)
        before.clear()
        test = em.emit(node)
        code = "\n".join(em.hoisted[0] + before + [test])
        opp = "opp = nxt" if n == 2 else f"opp = (me + 1) % {n}"
        if "opp" in names(code) and opp not in L:
            L.append(opp)
        if "occ" in names(code):
            L.append("occ = " + game.occ_source)
        L += em.hoisted[0] + before
        L += [f"if {test}:", f"    result = {result}", "    me = nxt", "    break"]
    if not joins:
        return [], L
    pairs = ", ".join(f"({a}, {b})" for a, b in joins)
    if names(pairs) - {"me"} - set(game._ns):
        return None         # (zones named by a hoisted line: not known as the loop begins)
    ns = game._ns
    # per seat its pairs of zones, and per cell the flags a stone there starts its chain with
    # (two bits per pair: 1 the cell is in the pair's first zone, 2 in its second)
    zones = [eval(f"({pairs},)", dict(ns), {"me": s}) for s in range(n)]
    ns["PLAYOUT_CZ"] = zones
    ns["PLAYOUT_ZF"] = [[sum(((a >> c & 1) | (b >> c & 1) << 1) << 2 * j for j, (a, b) in enumerate(zones[s]))
                         for c in range(game.size)] for s in range(n)]
    join = ["# connected(): the stone on t joins the chains of the mover's stones next to it (a union-find",
            "# over cells: P the parents, F the flags of each chain at its root, CH the flags of t's)",
            "CH = PLAYOUT_ZF[me][t]",
            "x = PLAYOUT_NEAR[t] & B[me]",
            "while x:",
            "    lo = x & -x",
            "    x ^= lo",
            "    r = lo.bit_length() - 1",
            "    while P[r] != r:",
            "        P[r] = r = P[P[r]]",
            "    if r != t:",
            "        CH |= F[r]",
            "        P[r] = t",
            "P[t] = t",
            "F[t] = CH"]
    return ["P, F, whole = _chains(B, PLAYOUT_CZ)"], join + L
