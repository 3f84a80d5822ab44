"""The compiled playout's loop (playout/__init__.py) for a last phase whose one move is two line moves over
empty cells, `slide(D) shoot(E)`: a piece slides, then a new neutral piece flies from where it
landed, the origin empty by then. It plays on the state's own variables, and per ply draws one
whole move uniformly without counting them all, by rejection:

- the occupancy of every line of the rays of D and E is kept as a small int (a bit per cell of
  the line, updated by XOR for the three cells a move changes), so the cells a slide or a shot
  reaches along a line from a cell are one table lookup (`PartLines`);
- the (piece, landing) pairs are counted by those lookups (N, a lookup per piece and line of D);
  a try draws one number: a pair, one of the landing's lines of E (`width` for every cell, a
  line of no cells padding where a cell has fewer) and r below M, the most cells a shot
  reaches along one line. The try is kept where the shot reaches more than r cells along that
  line (the origin emptied), and the r-th of them is the shot: every whole move is drawn with
  probability 1 / (N * width * M) at each try, all alike; the tries go on until one is kept;
- where tries fail often (few shots a landing: a crowded board, where the moves are few too)
  the rest of the draw counts every move (each landing's shots by the tables) and draws the
  index in their total: a fallback decided by the failures alone, so the draw stays uniform.

So the draws are the same distribution as `api.random_playout`'s (each legal move equally
likely at every ply) but not the same sequence for a seed; the tests replay the games played,
ply by ply, through the Game API, and check the draw's distribution on a small board.
"""
from __future__ import annotations

import bisect
import builtins

from ....lang import dsl
from ....lang.pycode import names
from ..patterns import parts
from .placing import loop_end_tests, on_variables, placing_game
from ..words.base import keyword
from ..words.shoot import LONGEST_LINE, ray_lines

# the tries of a draw before it counts every move instead: a few more than the pairs, as a try
# costs about what counting a pair's moves does (playouts measured alike from n / 2 to 2n)
TRIES_PER_PAIR, TRIES_MORE = 1, 2
# the names the loop gives its own variables
OWN = {"plies", "limit", "randbits", "LO", "P", "W", "n", "b", "o", "e", "c", "bits", "tries", "i", "r", "j", "x",
       "t", "li", "A", "f", "counts", "total", "k", "a", "v", "nxt", "append", "bit_length"} \
    | {f"{x}{j}" for x in "lT" for j in range(16)}


def parts_shape(game):
    """(the slide, the shot, the moving kind's index or None for every piece) where the last
    phase's one pattern is `slide(D) shoot(E, kind=K)`, both named direction sets, no other
    keyword, in a game of cells, boards and counters with no `over` rule, no landing rules nor
    `let`, no kind that changes once moved; else None."""
    if not game.by_parts or not placing_game(game) or game.rules.over is not None:
        return None
    ph = game.rules.phases[-1]
    if ph.rules or ph.lets or len(ph.kinds) != 1 or len(ph.kinds[0][1]) != 1 or any(k.moved for k in game.kinds):
        return None
    kind, (pattern,) = ph.kinds[0]
    split = parts(pattern)
    if split is None or len(split[1]) != 1:
        return None
    slide, shot = split[0], split[1][0]
    if not (isinstance(slide, dsl.Action) and slide.name == "slide" and not slide.kwargs) or \
            not (isinstance(shot, dsl.Action) and shot.name == "shoot" and set(shot.kwargs) <= {"kind"}):
        return None
    for a in (slide, shot):
        d = a.args[0]
        if not (isinstance(d, dsl.Name) and d.dotted in game.dir_names and d.dotted in game.RAYS):
            return None
    return slide, shot, kind


class PartLines:
    """The lines of the rays of a slide's set D and a shot's set E, for every seat: `cells` (each
    line's cells in order; bit j of its occupancy is cells[j]), `through` (per cell, (line, bit)
    for each line it is on), and per seat and cell the entries of its rays by line:

    - `slides[seat][o]`: (line, both, ahead, behind, cells ahead, cells behind, line to empty,
      its bit) per line of o's rays of D: `both[x]` is how many cells o reaches along the line
      of occupancy x, `ahead[x]` those the way of the line's order (the first of `cells ahead`),
      `behind[x]` the other way; a shot from a landing on it reads the origin empty in the line
      to empty (`single`: the one line of E through those landings that holds o, as on a
      lattice where D's line is E's; else a tuple of (line, bit), every line of E through a
      landing that holds o, maybe none);
    - `shots[seat][t]`: (line, both, ahead, behind, cells ahead, cells behind) of t's rays of E;
      `reach[seat][t]` their (line, both) flat, `width` pairs for every cell.

    A line is a cell's own rays (one, or a ray and its opposite one), so a lookup reads exactly
    the cells its ray walks, whatever the board. None (`build`) where a ray holds a cell twice
    or a line is longer than LONGEST_LINE (its tables too large)."""

    def __init__(self):
        self.cells: list[tuple] = []
        self.through: list[list[tuple[int, int]]] = []
        self.slides: list[list[tuple]] = []
        self.shots: list[list[tuple]] = []
        self.single = True      # every slide's line has one line of E to empty
        self._ids: dict[tuple, int] = {}
        self._tables: dict[tuple[int, int], tuple[bytes, bytes, bytes]] = {}

    @classmethod
    def build(cls, size: int, slide_rays, shot_rays) -> PartLines | None:
        """From RAYS[D] and RAYS[E] (per seat, per cell, its rays)."""
        self = cls()
        self.through = [[] for _ in range(size)]
        shots = []
        for per_cell in shot_rays:
            row = [self._entries(c, rays) for c, rays in enumerate(per_cell)]
            if any(r is None for r in row):
                return None
            shots.append([tuple(e[:6] for e in r) for r in row])
        self.shots = shots
        if not any(es for row in shots for es in row):
            return None         # (a shot that never lands: no move, nothing to draw)
        for seat, per_cell in enumerate(slide_rays):
            row = []
            for o, rays in enumerate(per_cell):
                entries = self._entries(o, rays)
                if entries is None:
                    return None
                out = []
                for e in entries:
                    # the lines of E through the landings of this line that hold o
                    holding = sorted({f[0] for t in e[4] + e[5] for f in self.shots[seat][t]
                                      if o in self.cells[f[0]]})
                    out.append(e[:6] + (tuple((li, 1 << self.cells[li].index(o)) for li in holding),))
                row.append(tuple(out))
            self.slides.append(row)
        # per seat and cell, (line, both) of each line of its shots flat, as many for every cell
        # (a line of no cells, never occupied, reaching none, where a cell has fewer)
        self.width = max(len(es) for row in shots for es in row)
        self.cells.append(())
        pad = (len(self.cells) - 1, b"\x00")
        self.reach = [[sum((f[:2] for f in es), ()) + pad * (self.width - len(es)) for es in row] for row in shots]
        # per seat and cell, (line, both, ahead, cells ahead, cells behind) of each line of its
        # shots, `width` for every cell; `longest`: the most cells a shot reaches along one line
        none = (pad[0], b"\x00", b"\x00", (), ())
        self.along = [[tuple(f[:3] + f[4:] for f in es) + (none,) * (self.width - len(es)) for es in row]
                      for row in shots]
        self.longest = max(len(self.cells[f[0]]) for row in shots for es in row for f in es) - 1
        self.single = all(len(e[6]) == 1 for row in self.slides for es in row for e in es)
        if self.single:
            self.slides = [[tuple(e[:6] + e[6][0] for e in es) for es in row] for row in self.slides]
        return self

    def _entries(self, c: int, rays) -> list[tuple] | None:
        """The entries of c's rays, a ray and its opposite one line (a ray with none, a line of
        its own)."""
        out = []
        for ahead, behind in ray_lines(c, rays):
            cells = behind[::-1] + (c,) + ahead
            if len(cells) > LONGEST_LINE or len(set(cells)) != len(cells):
                return None
            if cells not in self._ids:
                self._ids[cells] = li = len(self.cells)
                self.cells.append(cells)
                for j, x in enumerate(cells):
                    self.through[x].append((li, 1 << j))
            at = len(behind)
            out.append((self._ids[cells], *self._table(len(cells), at), ahead, behind))
        return out

    def _table(self, length: int, at: int) -> tuple[bytes, bytes, bytes]:
        """(both, ahead, behind): per occupancy of a line of `length` cells, the free cells
        next to position `at` either way, the line's way, the other way."""
        key = (length, at)
        if key not in self._tables:
            ahead, behind = bytearray(1 << length), bytearray(1 << length)
            for x in range(1 << length):
                j = at + 1
                while j < length and not x >> j & 1:
                    j += 1
                ahead[x] = j - at - 1
                j = at - 1
                while j >= 0 and not x >> j & 1:
                    j -= 1
                behind[x] = at - 1 - j
            self._tables[key] = (bytes(a + b for a, b in zip(ahead, behind)), bytes(ahead), bytes(behind))
        return self._tables[key]

    def occupancy(self, cells) -> list[int]:
        """Every line's occupancy, from the cells' bytes: the bits of the filled cells set (the
        few of a board early in a game, when playouts are short)."""
        lines = [0] * len(self.cells)
        through = self.through
        for c in range(len(through)):
            if cells[c]:
                for li, x in through[c]:
                    lines[li] |= x
        return lines


def parts_loop(game) -> list[str] | None:
    """The lines (indented from 0) that play the phase of parts_shape on the state's own
    variables from st, until the game ends, `limit` is reached or the player to move has no
    move, then make st the state reached; None where the game has no such phase."""
    shape = parts_shape(game)
    ends = loop_end_tests(game) if shape is not None else None
    if ends is None or ends[0]:
        return None
    slide, shot, kind = shape
    ph, n, layout, ns = game.rules.phases[-1], game.n, game.layout, game._ns
    dset, eset = slide.args[0].dotted, shot.args[0].dotted
    name = f"LINES_{ph.name}"
    if name not in ns:
        ns[name] = lines = PartLines.build(game.size, game.RAYS[dset], game.RAYS[eset])
        if lines is None:       # (lines too long for tables)
            return None
        ns["bisect_right"] = bisect.bisect_right
        ns[f"THROUGH_{ph.name}"] = lines.through
        for what, rows in (("SLIDES", lines.slides), ("SHOTS", lines.shots), ("REACH", lines.reach),
                           ("ALONG", lines.along)):
            # one table for every seat where the rays are the same for all
            ns[f"{what}_{ph.name}"] = rows[0] if all(r == rows[0] for r in rows) else rows
    lines = ns[name]
    if lines is None:
        return None
    slides = f"SLIDES_{ph.name}" + ("" if ns[f"SLIDES_{ph.name}"] is lines.slides[0] else "[me]")
    shots = f"SHOTS_{ph.name}" + ("" if ns[f"SHOTS_{ph.name}"] is lines.shots[0] else "[me]")
    reach = f"REACH_{ph.name}" + ("" if ns[f"REACH_{ph.name}"] is lines.reach[0] else "[me]")
    along = f"ALONG_{ph.name}" + ("" if ns[f"ALONG_{ph.name}"] is lines.along[0] else "[me]")
    w = range(lines.width)
    span = lines.width * lines.longest
    count_shots = [f"{', '.join(f'l{j}, T{j}' for j in w)} = {reach}[t]",
                   f"A = {' + '.join(f'T{j}[LO[l{j}]]' for j in w)}"]
    through = f"THROUGH_{ph.name}"
    if lines.single:
        empty = ["LO[e[6]] ^= e[7]"]
    else:
        empty = ["for li, x in e[6]:", "    LO[li] ^= x"]
    value = game.kind_values[keyword(shot, "kind", None)] | game.neutral_code
    board = "B[me]" if kind is None or not game.multi else f"B[me] & K[{kind}]"
    resets = [i for i, k in enumerate(game.kinds) if k.resets_quiet]
    quiet = f"quiet = 0 if (v >> 3) in {tuple(resets)!r} else quiet + 1" if resets else "quiet += 1"
    at_landing = ["j = bisect_right(P, i)",
                  "o, e = W[j]",
                  "if j:",
                  "    i -= P[j - 1]",
                  "x = e[2][LO[e[0]]]",
                  "t = e[4][i] if i < x else e[5][i - x]",
                  "# the origin empty for the shot",
                  *empty]
    body = [f"# {slide.name}({dset}): per piece and line of its rays, the landings (one table lookup); P their running",
            "# total, W the (piece, line) of each",
            "P = []; W = []; n = 0",
            f"b = {board}",
            "while b:",
            "    o = b.bit_length() - 1; b ^= BIT[o]",
            f"    for e in {slides}[o]:",
            "        c = e[1][LO[e[0]]]",
            "        if c:",
            "            n += c; P.append(n); W.append((o, e))",
            "if not n:",
            "    break       # no move: the player to move is blocked (and loses or draws)",
            f"# a landing drawn uniformly, one of its {lines.width} lines of {shot.name}({eset}) and a cell along it, r below",
            f"# {lines.longest}: kept where the shot reaches so far, so that each whole move is drawn with probability",
            f"# 1 / (n * {span}) at each try",
            f"bits = (n * {span} - 1).bit_length()",
            f"tries = {TRIES_PER_PAIR} * n + {TRIES_MORE}" if TRIES_PER_PAIR != 1 else f"tries = n + {TRIES_MORE}",
            "while tries:",
            "    tries -= 1",
            f"    i, r = divmod(randbits(bits), {span})",
            "    if i >= n:",
            "        continue",
            *("    " + x for x in at_landing),
            f"    k, r = divmod(r, {lines.longest})",
            f"    f = {along}[t][k]; x = LO[f[0]]",
            "    if r < f[1][x]:",
            "        c = f[2][x]; a = f[3][r] if r < c else f[4][r - c]",
            "        break",
            *("    " + x for x in empty),
            "else:",
            "    # many tries refused (few shots a landing): every move counted, the index drawn in their total",
            "    counts = []",
            "    for o, e in W:",
            *("        " + x for x in empty),
            "        x = LO[e[0]]; c = e[2][x]",
            "        for t in e[4][:c] + e[5][:e[1][x] - c]:",
            *("            " + x for x in count_shots),
            "            counts.append(A)",
            *("        " + x for x in empty),
            "    total = sum(counts)",
            "    if not total:",
            "        break       # landings with no shot: no move",
            "    k = total.bit_length(); r = randbits(k)",
            "    while r >= total:",
            "        r = randbits(k)",
            "    for i, A in enumerate(counts):",
            "        if r < A:",
            "            break",
            "        r -= A",
            *("    " + x for x in at_landing),
            "    # the shot: the r-th cell reached from t",
            f"    for f in {shots}[t]:",
            "        x = LO[f[0]]; c = f[2][x]",
            "        if r < c:",
            "            a = f[4][r]",
            "            break",
            "        r -= c; c = f[3][x]",
            "        if r < c:",
            "            a = f[5][r]",
            "            break",
            "        r -= c",
            *empty,
            "# the move made as apply makes it, and the lines of its three cells",
            f"v = cells[o]; cells[o] = 0; cells[t] = v; cells[a] = {value}",
            f"for li, x in {through}[o]:",
            "    LO[li] ^= x",
            f"for li, x in {through}[t]:",
            "    LO[li] ^= x",
            f"for li, x in {through}[a]:",
            "    LO[li] ^= x",
            f"x = BIT[o] | BIT[t]; B[me] ^= x; B[{n}] |= BIT[a]",
            *([f"K[v >> 3] ^= x; K[{value >> 3}] |= BIT[a]"] if game.multi else []),
            quiet,
            "passes = 0; last = t; ply += 1; plies += 1",
            f"nxt = {'1 - me' if n == 2 else f'(me + 1) % {n}'}",
            *ends[1],
            "me = nxt"]
    # an end test that reads the state tuple or a name of the generators' own: the Game API's loop
    known = set(ns) | set(dir(builtins)) | {s.local for s in layout.slots} | OWN
    if names("\n".join(body)) - known or "st" in names("\n".join(ends[1])):
        return None
    return on_variables(game, [f"LO = {name}.occupancy(cells)      # per line of the rays, its cells' occupancy, a bit each",
                               "randbits = rng.getrandbits"], body)

