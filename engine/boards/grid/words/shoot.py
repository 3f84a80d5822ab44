"""shoot(D): a new piece of a neutral kind slides from where the piece stands and stays (an arrow)."""
from __future__ import annotations

import itertools

from ....lang import dsl

from ..layout import SHOT
from .base import Word, keyword
from .place import default_kind


class Shoot(Word):
    name = "shoot"
    written = "shoot(DIRECTIONS)"
    options = {"kind": None}
    about = ("from where the piece stands, a new piece of a `neutral` kind slides in a direction of D over empty "
             "cells and stays where it stops (an arrow)")
    rays = True
    far = True
    sentence = "shoot a new piece {d}: it slides over empty cells and stays where it stops"

    def effects(self, a):
        return {"shot"}

    def check(self, a, bad, kinds):
        word = keyword(a, "kind", None)
        names = [k.name for k in kinds]
        if word in names and not kinds[names.index(word)].neutral:
            bad(a.kwargs["kind"], f"shoot puts a piece owned by nobody: kind '{word}' needs `neutral: true`")
        default_kind(a, bad, kinds, neutral=True)

    def lower(self, gen, a, ctx, k):
        ind, L = ctx["ind"], gen.lines
        i = next(gen.ids)
        value = gen.kind_values[keyword(a, "kind", None)]
        L.append(f"{ind}for ray in {gen.dirs(a, 'RAYS')}[{ctx['c']}]:")
        L.append(f"{ind}    for t in ray:")
        L.append(f"{ind}        if cells[t] and t != o:")
        L.append(f"{ind}            break")
        L.append(f"{ind}        a{i} = t | {value << 16}")
        k({**ctx, "shot": f"a{i}", "ind": ind + "        "})

    def spell(self, move, name):
        shot = move[SHOT]
        return "" if shot is None else f"/{name(shot & 65535)}"

    def tables(self, game, ns):
        ns["RAYLINES"] = RayLines(game.RAYS)
        ns["OCCUPIED"] = bytes([0] + [1] * 255)
        ns["_line_keys"] = line_keys

    def count(self, gen, a, ctx, counter: str) -> bool:
        """Write lines adding to `counter` the cells this shot can land on from ctx's cell (the
        origin empty), read by lines (RayLines) rather than walked cell by cell; False (nothing
        written) where the rays of its set do not make such lines."""
        lines = gen.ray_lines
        # (a set named by the rules, not a name of theirs chosen per turn)
        named = isinstance(a.args[0], dsl.Name) and a.args[0].dotted in gen.dir_names
        if lines is None or not named or lines[a.args[0].dotted] is None:
            return False
        table = gen.dirs(a, "RAYLINES")
        # the occupancy of every line, per turn; with the origin empty, per origin
        occ = gen.em.hoist(0, "bytes(cells).translate(OCCUPIED)", "occupied")
        keys = gen.em.hoist(0, f"_line_keys({table}, {occ})", "lines")
        keys = gen.em.hoist(1, f"_line_keys({table}, {occ}, o, {keys})", "lines_but_origin")
        ind = ctx["ind"]
        gen.lines += [f"{ind}if {ctx['c']} != o:",
                      f"{ind}    for li, T in {table}.at[{ctx['c']}]:",
                      f"{ind}        {counter} += T[{keys}[li]]"]
        return True


# a line is read through a table of its 2**length patterns: longer ones are walked
LONGEST_LINE = 12


class Lines:
    """The lines of one seat's rays of a direction set: `slices` (each line's cells, as a slice
    of the board's occupancy bytes: 0 empty, 1 occupied); per cell, `through` (the lines it is
    on) and `at` ((line, table) per line of its rays: the table gives, from the line's bytes,
    the empty cells reached from the cell along it)."""

    def __init__(self, size: int):
        self.slices: list[slice] = []
        self.through: list[list[int]] = [[] for _ in range(size)]
        self.at: list[tuple] = [()] * size


def line_keys(lines: Lines, occ: bytes, o: int = -1, keys=None) -> list[bytes]:
    """The occupancy bytes of every line; with keys given, those keys with the cell o empty."""
    if keys is None:
        return list(map(occ.__getitem__, lines.slices))
    keys = list(keys)
    occ = occ[:o] + b"\x00" + occ[o + 1:]
    slices = lines.slices
    for li in lines.through[o]:
        keys[li] = occ[slices[li]]
    return keys


class RayLines(dict):
    """RAYLINES[set][seat]: the Lines of a direction set's rays (a ray and its opposite one
    line; a ray with no opposite a line of its own); None for a set whose rays are not evenly
    spaced cell numbers, or longer than LONGEST_LINE. Built on first use, per set."""

    def __init__(self, rays: dict):
        super().__init__()
        self.rays = rays
        self.patterns: dict[tuple, dict] = {}

    def __missing__(self, name):
        self[name] = None
        if name not in self.rays:
            return None
        seats = [self.lines(per_seat) for per_seat in self.rays[name]]
        if all(s is not None for s in seats):
            self[name] = seats
        return self[name]

    def lines(self, per_seat) -> Lines | None:
        out = Lines(len(per_seat))
        ids: dict[tuple, int] = {}
        for c, rays in enumerate(per_seat):
            at = []
            for ahead, behind in ray_lines(c, rays):
                cells = behind[::-1] + (c,) + ahead        # increasing numbers
                step = abs(cells[1] - cells[0])
                if len(cells) > LONGEST_LINE or any(y - x != step for x, y in zip(cells, cells[1:])):
                    return None
                where = (cells[0], cells[-1] + step, step)
                if where not in ids:
                    ids[where] = len(out.slices)
                    out.slices.append(slice(*where))
                    for x in cells:
                        out.through[x].append(ids[where])
                key = (len(cells), len(behind), bool(behind), bool(ahead))
                if key not in self.patterns:
                    self.patterns[key] = {bytes(p): _reached(p, *key[1:])
                                          for p in itertools.product((0, 1), repeat=len(cells))}
                at.append((ids[where], self.patterns[key]))
            out.at[c] = tuple(at)
        return out


def _reached(pattern, at: int, before: bool, after: bool) -> int:
    """The empty cells next to `at` in a row of cells (1: occupied), each way asked for."""
    n = 0
    if before:
        for x in pattern[at - 1::-1] if at else ():
            if x:
                break
            n += 1
    if after:
        for x in pattern[at + 1:]:
            if x:
                break
            n += 1
    return n

WORD = Shoot()


def ray_lines(c: int, rays) -> list[tuple[tuple, tuple]]:
    """c's rays paired into lines, (ahead, behind) each: a ray with the opposite one where there
    is one, `ahead` the one to higher cell numbers (a ray with no opposite, alone)."""
    out, rays = [], [tuple(r) for r in rays if r]
    while rays:
        r = rays.pop(0)
        step = r[0] - c
        back = next((q for q in rays if q[0] == c - step), None)
        if back is not None:
            rays.remove(back)
        out.append((r, back or ()) if step > 0 else (back or (), r))
    return out
