"""in_line(CELL, GROUP), outside_lines(GROUP): the lines a board names (`board.lines`) filled by a
group's pieces.

A board may name lines of cells (`lines: [a1 d1 g1, ...]`, each its cells in order): rows that
count as a whole, whatever their shape or length, where in_a_row's straight lines along the
directions would not do (the lines of a board of points and links)."""
from __future__ import annotations

from functools import partial

from ....lang.expr import BOOL, CELL, GROUP, Function

FUNCTIONS = {
    "in_line": Function(((CELL,), (GROUP,)), BOOL, lambda a, t: f"_in_line({a[0]}, {a[1]})",
                        "a line of board.lines through the cell has a piece of the group on every other cell of it "
                        "(with `others` and `landing`: the moving piece completes a line of the player's)"),
    "outside_lines": Function(((GROUP,),), GROUP, lambda a, t: f"_outside_lines({a[0]})",
                              "the pieces of the group that stand in no line of board.lines whose every cell holds "
                              "a piece of the group"),
}


def in_line(c: int, group: int, through) -> bool:
    """Does a line through cell c have a piece of `group` on each of its other cells?
    through[c]: the bits of each line's other cells."""
    for rest in through[c]:
        if group & rest == rest:
            return True
    return False


def outside_lines(group: int, lines) -> int:
    """The pieces of `group` on no line (the bits of its cells) that the group fills."""
    inside = 0
    for line in lines:
        if group & line == line:
            inside |= line
    return group & ~inside


def line_cells(geo, text: str) -> list[int] | str:
    """The cells of a line 'CELL CELL ...', or what is wrong with it."""
    names = text.split()
    if len(names) < 2:
        return "a line is two cells or more, written 'a1 d1 g1'"
    cells = [geo.parse_cell(n) for n in names]
    if None in cells:
        return f"'{names[cells.index(None)]}' is not a cell of this board"
    if len(set(cells)) != len(cells):
        return "a line passes through each of its cells once"
    return cells


def tables(game, ns: dict) -> None:
    """The bits of each line, and per cell the bits of the other cells of each line through it."""
    lines = [line_cells(game.geo, text) for text in game.rules.spec["board"].get("lines") or ()]
    bits = [sum(1 << c for c in line) for line in lines]
    through = [tuple(b & ~(1 << c) for b, line in zip(bits, lines) if c in line) for c in range(game.size + 1)]
    ns["_in_line"] = partial(in_line, through=through)
    ns["_outside_lines"] = partial(outside_lines, lines=tuple(bits))
