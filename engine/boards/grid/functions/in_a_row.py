"""in_a_row(N), in_a_row(N, exact=C): the last piece placed or moved stands in a line of N;
open_rows(N, K, of=GROUP): how many lines of N cells hold K of the group's pieces and nothing else."""
from __future__ import annotations

from functools import partial

from ....codegen import define
from ....lang.expr import BOOL, GROUP, INT, Function
from ....structs import replace
from ..layout import LAST

def _emit(a, t, last=None):
    """`of=GROUP` asks of the group's pieces anywhere on the board; else of the piece at `last`
    (or, `last` given, of each of those cells: a drop of several stones)."""
    if a[2] != "None":
        return f"_rows_of({a[2]}, {a[0]}, {a[1]})"
    if last is not None:
        return f"_in_a_row_of(cells, {last}, {a[0]}, {a[1]})"
    return f"_in_a_row(cells, st[{LAST}], {a[0]}, {a[1]})"


FUNCTION = Function(((INT,),), BOOL, _emit,
                    "the last piece placed or moved stands in a line of at least N of its owner's "
                    "pieces (exactly N with exact=true); with of=GROUP: N of the group's pieces stand in a line "
                    "anywhere on the board", keywords={"exact": ((BOOL,), "False"), "of": ((GROUP,), "None")})

# the lines still open to a group (no other piece in them), with K of its pieces: a player's
# threats and half-made lines, for an evaluation
OPEN_ROWS = Function(((INT,), (INT,)), INT, lambda a, t: f"_open_rows({a[2]}, {a[2]} | (FULL ^ occ), {a[0]}, {a[1]})",
                     "how many lines of N cells in a row (along a rank, a file, a diagonal) hold exactly K pieces of "
                     "the group (mine by default) and leave their other cells empty", keywords={"of": ((GROUP,), "B[me]")})
FUNCTIONS = {"in_a_row": FUNCTION, "open_rows": OPEN_ROWS}


def _batch_emit(a, t):
    """The batch backend's form (boards/grid/batch.py), of the piece just placed (LAST) in each
    game, N and exact known when the rules are compiled; None (no batch form) otherwise."""
    if a[2] != "None" or not a[0].isdigit() or a[1] not in ("True", "False"):
        return None
    return f"_in_a_row_batch(cells, RG, LAST, {a[0]}, {a[1]})"


BATCH = replace(FUNCTION, emit=_batch_emit)


def in_a_row(cells, c, n, exact, lines) -> bool:
    """Does the piece on cell c stand in a line of n of its owner's pieces (at least n; exactly
    n with `exact`)?"""
    if c < 0 or not cells[c]:
        return False
    owner = cells[c] & 7
    for ahead, behind in lines[c]:
        k = 1
        for t in ahead:
            if cells[t] & 7 != owner:
                break
            k += 1
        for t in behind:
            if cells[t] & 7 != owner:
                break
            k += 1
        if k == n if exact else k >= n:
            return True
    return False


def line_of(cells, c, n, exact, lines) -> tuple:
    """The cells of the line in_a_row finds through cell c (c first, then ahead, then behind),
    or () where it finds none: what a picture marks of a won game."""
    if c < 0 or not cells[c]:
        return ()
    owner = cells[c] & 7
    for ahead, behind in lines[c]:
        run = [c]
        for side in (ahead, behind):
            for t in side:
                if cells[t] & 7 != owner:
                    break
                run.append(t)
        if len(run) == n if exact else len(run) >= n:
            return tuple(run)
    return ()


def in_a_row_of(cells, placed, n, exact, lines) -> bool:
    """in_a_row for every cell of `placed` (the stones of a drop of several): does one of them
    stand in such a line?"""
    return any(in_a_row(cells, c, n, exact, lines) for c in placed)


def rows_of(board: int, n: int, exact: bool, windows) -> bool:
    """Do n cells in a row (a rank, a file, a diagonal) all hold pieces of the board's (exactly
    n: the cells just beyond both ends do not)?"""
    for w, flank in windows(n):
        if board & w == w and not (exact and board & flank):
            return True
    return False


def open_rows(group: int, open_cells: int, n: int, k: int, lines_of) -> int:
    """How many lines of n cells (lines_of(n): their bits) lie within `open_cells` (the group's
    pieces and the empty cells) and hold exactly k of the group's pieces?"""
    found = 0
    for w in lines_of(n):
        if (group & w).bit_count() == k and open_cells & w == w:    # (most lines fail the count)
            found += 1
    return found


def by_step(windows: tuple[int, ...], n: int) -> dict[int, int] | None:
    """The lines of n cells (their bits) as {step: the bits of their first cells}, where every
    line's cells are evenly spaced on the board's numbering (cell i, i + step, ...); None
    where one is not (then no shifting reads them all at once)."""
    starts: dict[int, int] = {}
    for w in windows:
        cells = [i for i in range(w.bit_length()) if w >> i & 1]
        step = cells[1] - cells[0] if n > 1 else 0
        if any(b - a != step for a, b in zip(cells, cells[1:])):
            return None
        starts[step] = starts.get(step, 0) | 1 << cells[0]
    return starts


def open_rows_source(starts: dict[int, int], n: int, k: int) -> str:
    """A function `count(group, open_cells)` doing open_rows(n, k) for every line at once, a step
    at a time: the bits of the lines' first cells that lie within open_cells all the way, and a
    count of the group's pieces along each, kept in binary over bit planes (p0 the ones, p1 the
    twos, ...: an adder per cell of the line, every line side by side in one integer); the lines
    whose count is k are counted. Straight-line code: a loop over the planes in Python cost more
    than the 60-odd lines one at a time."""
    out = ["def count(group, open_cells):", "    found = 0"]
    planes = n.bit_length()
    for step, first in starts.items():
        shifts = [j * step for j in range(n)]
        out.append(f"    ok = {first} & open_cells" + "".join(f" & (open_cells >> {s})" for s in shifts[1:]))
        out.append("    if ok:")
        for added, s in enumerate(shifts):    # the count so far (`added` pieces) gets cell s's
            piece = f"(group >> {s})" if s else "group"
            if not added:
                out.append(f"        p0 = {piece}")
                continue
            out.append(f"        carry = {piece}")
            have, need = added.bit_length(), (added + 1).bit_length()
            for i in range(have):
                if i == have - 1 and need == have:     # the top plane cannot carry over
                    out.append(f"        p{i} ^= carry")
                else:
                    out.append(f"        carry, p{i} = p{i} & carry, p{i} ^ carry")
            if need > have:
                out.append(f"        p{have} = carry")
        if k >> planes:
            continue                                      # more than n: never
        bits = "".join(f" & {'' if k >> i & 1 else '~'}p{i}" for i in range(planes))
        out.append(f"        found += (ok{bits}).bit_count()")
    out.append("    return found")
    return "\n".join(out) + "\n"


def lines_through(lines, n: int) -> list[list[tuple[list[int], list[int]]]]:
    """Per cell, every line of n cells through it (its cells) with the cells just beyond its two
    ends (none, one or two)."""
    out = []
    for c, axes in enumerate(lines):
        found = []
        for ahead, behind in axes:
            line = list(reversed(behind)) + [c] + list(ahead)
            at = len(behind)
            for start in range(max(0, at - n + 1), min(at, len(line) - n) + 1):
                found.append((line[start:start + n], line[max(0, start - 1):start] + line[start + n:start + n + 1]))
        out.append(found)
    return out


def cell_windows(lines, n: int, exact: bool) -> list[list[tuple[int, int]]]:
    """Per cell, every line of n cells through it (its bits) and its flanks (the bits of the cells
    just beyond both ends where exactly n count, else 0): the compiled playout's in_a_row."""
    return [[(sum(1 << t for t in w), sum(1 << t for t in ends) if exact else 0) for w, ends in found]
            for found in lines_through(lines, n)]


def tables(game, ns: dict) -> None:
    """Per cell, per axis of the board: the cells ahead and behind."""
    geo = game.geo
    axes = [(v, geo.back(v)) for v in geo.axes()]
    lines = [tuple((geo.ray(i, a), geo.ray(i, b) if b is not None else ()) for a, b in axes) if geo.used[i] else ()
             for i in range(game.size)]
    ns["_in_a_row"] = partial(in_a_row, lines=lines)
    ns["_in_a_row_of"] = partial(in_a_row_of, lines=lines)
    ns["_line_of"] = partial(line_of, lines=lines)
    # the lines through each cell (cell_windows), made when a playout asks (boards/grid/playout/placing.py)
    ns["_cell_windows"] = partial(cell_windows, lines)
    made: dict[int, list[tuple[int, int]]] = {}

    def windows(n: int) -> list[tuple[int, int]]:
        """Every line of n cells (its bits) and the cells just beyond its two ends (their bits)."""
        if n not in made:
            out = []
            for i in range(game.size):
                for ahead, behind in lines[i]:
                    if len(ahead) >= n - 1 > -1:
                        w = 1 << i
                        for c in ahead[:n - 1]:
                            w |= 1 << c
                        flank = sum(1 << c for c in behind[:1]) | sum(1 << c for c in ahead[n - 1:n])
                        out.append((w, flank))
            made[n] = out
        return made[n]
    ns["_rows_of"] = partial(rows_of, windows=windows)
    batch_made: dict = {}

    def batch_tables(n: int, exact: bool):
        if (n, exact) not in batch_made:
            bits = None if exact else batch_bits(lines_of(n), game.size, n)
            batch_made[n, exact] = bits or batch_windows(lines, game.size, n, exact)
        return batch_made[n, exact]
    ns["_in_a_row_batch"] = partial(in_a_row_batch, tables=batch_tables)
    plain: dict[int, tuple[int, ...]] = {}

    def lines_of(n: int) -> tuple[int, ...]:
        """The bits of every line of n cells, each once (a lone cell, n = 1, once for all its axes)."""
        if n not in plain:
            plain[n] = tuple(dict.fromkeys(w for w, _flank in windows(n)))
        return plain[n]
    counters: dict[tuple[int, int], object] = {}

    def open_rows_at_once(group: int, open_cells: int, n: int, k: int) -> int:
        """open_rows, by a function made for (n, k) on first asking: every line at once by
        shifts where the board's lines are evenly spaced (open_rows_source), else line by line."""
        count = counters.get((n, k))
        if count is None:
            starts = by_step(lines_of(n), n)
            count = counters[n, k] = (partial(open_rows, n=n, k=k, lines_of=lines_of) if starts is None
                                      else define(open_rows_source(starts, n, k), "count",
                                                  f"{game.name}:open_rows({n}, {k})", {}))
        return count(group, open_cells)
    # the last counts asked: an evaluation for each seat asks the same two boards again
    recent: dict[tuple[int, int, int, int], int] = {}

    def open_rows_recent(group: int, open_cells: int, n: int, k: int) -> int:
        key = (group, open_cells, n, k)
        found = recent.get(key)
        if found is None:
            if len(recent) > 4096:
                recent.clear()
            found = recent[key] = open_rows_at_once(group, open_cells, n, k)
        return found
    ns["_open_rows"] = open_rows_recent


def batch_windows(lines, size: int, n: int, exact: bool):
    """For in_a_row_batch: per cell, every line of n cells through it (cell indices) and the two
    cells just beyond its ends (where exactly n count), as arrays (size + 1, most, n) and
    (size + 1, most, 2); a missing line or flank is the wall (index size), which no piece owns."""
    import numpy as np
    found = lines_through(lines, n)
    most = max(1, max(map(len, found), default=1))
    windows = np.full((size + 1, most, n), size, dtype=np.intp)
    flanks = np.full((size + 1, most, 2), size, dtype=np.intp)
    for c, here in enumerate(found):
        for i, (w, ends) in enumerate(here):
            windows[c, i] = w
            if exact:
                flanks[c, i, :len(ends)] = ends
    return windows, flanks


SMALL_BOARD = 12        # in_a_row_batch looks its answers up on boards of so many cells at most (2**12 sets)


class LineBits:
    """For in_a_row_batch on a board of at most 64 cells whose lines of n cells are evenly spaced
    in its numbering (a grid's are): `through`, per cell and per step between a line's cells,
    the bits of the first cells of the lines through it, (size + 1, steps) uint64 (the wall's
    none: a cell's row is read at once), and `shifts`, per step the shifts of its n cells onto
    the first, (steps, n, 1); on a small board (SMALL_BOARD cells at most) `answers`, per cell
    and per set of cells owned (its bits as a number), whether a line of them runs through it."""

    def __init__(self, steps: list[int], through, n: int):
        import numpy as np
        self.through = np.ascontiguousarray(through.T)
        self.powers = 2.0 ** np.arange(len(through[0]) - 1)       # cell c's bit, 2**c
        self.shifts = np.array([[[j * s] for j in range(n)] for s in steps], dtype=np.uint64)
        # on a board of a few cells, the answer for every owned set of cells, read by (cell, set)
        size = len(self.powers)
        self.answers = None
        if size <= SMALL_BOARD:
            own = np.arange(1 << size, dtype=np.uint64)
            runs = own >> self.shifts[:, 0]
            for j in range(1, n):
                runs &= own >> self.shifts[:, j]        # (steps, sets): the first cells of n in a row
            self.answers = ((runs[None, :, :] & self.through[:, :, None]) != 0).any(1)    # (cells + 1, sets)


def batch_bits(lines: tuple[int, ...], size: int, n: int) -> LineBits | None:
    """The LineBits of the lines of n cells (their bits), or None where they have none."""
    import numpy as np
    starts = by_step(lines, n)
    if size > 64 or not starts:
        return None
    through = np.zeros((len(starts), size + 1), dtype=np.uint64)
    for i, (step, first) in enumerate(starts.items()):
        for c in range(size):
            through[i, c] = sum(1 << c - j * step for j in range(n) if c - j * step >= 0 and first >> (c - j * step) & 1)
    return LineBits(list(starts), through, n)


def in_a_row_batch(cells, rows, last, n: int, exact: bool, tables):
    """in_a_row of the piece on `last` (shape (games, 1)) in each game's row of `cells`: some line
    of n cells through it is all its owner's, and (exact) neither cell beyond it is."""
    found = tables(n, exact)
    at = last[:, 0]
    if isinstance(found, LineBits):
        return _in_a_row_bits(cells, rows, at, found)
    windows, flanks = found
    owner = (cells[rows, last] & 7)[:, :, None]                    # (games, 1, 1)
    rows3 = rows[:, :, None]
    own = (cells[rows3, windows[at]] & 7) == owner                 # (games, windows, n)
    hit = own[:, :, 0].copy()
    for i in range(1, n):       # (n is small: n slices cost less than a reduction along them)
        hit &= own[:, :, i]
    if exact:
        beyond = (cells[rows3, flanks[at]] & 7) == owner
        hit &= ~(beyond[:, :, 0] | beyond[:, :, 1])
    return hit.any(1)[:, None] & (owner[:, :, 0] != 0)


def _in_a_row_bits(cells, rows, at, table: LineBits):
    """in_a_row_batch by bitboards: each game's owner of `at` as the 64 bits of a uint64 (its
    cells' bytes compared, then packed); per step of the lines, the first cells of n in a row of
    them (the bits shifted by 0, 1, ..., n - 1 steps and ANDed, every step at once) among the
    first cells of the lines through `at`."""
    import numpy as np
    size = cells.shape[1] - 1
    owner = cells[rows[:, 0], at] & 7
    owned = (cells[:, :size] & 7) == owner[:, None]
    if table.answers is not None:       # a few cells: the answer of the owned set, looked up
        return (table.answers[at, (owned @ table.powers).astype(np.intp)] & (owner != 0))[:, None]
    if size <= 53:      # packed by a product with the cells' powers of two: exact in a double below 2**53
        own = (owned @ table.powers).astype(np.uint64)
    else:
        packed = np.zeros((len(cells), 8), dtype=np.uint8)
        packed[:, :(size + 7) // 8] = np.packbits(owned, axis=1, bitorder="little")
        own = packed.view("<u8")[:, 0]
    shifts = table.shifts
    runs = own >> shifts[:, 0]              # (steps, games); ANDed a shift at a time (a reduction
    for j in range(1, len(shifts[0])):      # along the middle axis costs more)
        runs &= own >> shifts[:, j]
    hit = np.bitwise_or.reduce(runs & table.through[at].T, 0) != 0
    return (hit & (owner != 0))[:, None]
