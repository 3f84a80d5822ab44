"""turn(BLOCKS), turn(BLOCKS, sense=cw|ccw|both): a square block of cells turns a quarter turn.

BLOCKS names a set of square blocks of the board (`board.blocks`); the move goes on with any one
block of the set turned a quarter turn clockwise or anticlockwise (as seen with a1 at the lower
left), whatever stands on it: every block and sense is a move of its own, even where two give
one position. The pieces on the block turn with it when the move is done (after its captures,
flips, shots and shifts); `last` follows the piece that moved."""
from __future__ import annotations

from .base import Word, keyword

BLOCKS = "blocks"                   # the kind of its positional argument: a name of board.blocks
SENSES = {"both": ("cw", "ccw"), "cw": ("cw",), "ccw": ("ccw",)}


class Turn(Word):
    name = "turn"
    written = "turn(BLOCKS)"
    takes = BLOCKS
    options = {"sense": ("both", "cw", "ccw")}
    about = ("the last part of a move: one block of the set BLOCKS (`board.blocks`) turns a quarter turn, "
             "clockwise or anticlockwise as seen with a1 at the lower left, with every piece on it (`sense=cw` or "
             "`sense=ccw`: one way only); every block and sense is its own move, written `/2cw` after the rest "
             "(block 2 of the set, clockwise)")
    sentence = "turn one block of the {z} a quarter turn, with the pieces on it"

    def effects(self, a):
        return {"turn"}

    def lower(self, gen, a, ctx, k):
        """Each (block, sense) of the set is a turn number (GridGame.turns); the move carries it."""
        ind, L = ctx["ind"], gen.lines
        i = next(gen.ids)
        numbers = gen.turn_numbers(a.args[0].dotted, SENSES[keyword(a, "sense", "both")])
        L.append(f"{ind}for tn{i} in {tuple(numbers)!r}:")
        k({**ctx, "turn": f"tn{i}", "ind": ind + "    "})


def block_cells(geo, text: str) -> list[int] | str:
    """The cells of a block 'LOWER_LEFT UPPER_RIGHT', row by row from the lower left, or what is
    wrong with it."""
    ends = text.split()
    if len(ends) != 2:
        return "a block is 'LOWER_LEFT UPPER_RIGHT', two cells (a1 c3)"
    cells = [geo.parse_cell(e) for e in ends]
    if None in cells:
        return f"'{ends[cells.index(None)]}' is not a cell of this board"
    (f0, r0), (f1, r1) = ((c % geo.files, c // geo.files) for c in cells)
    if f1 < f0 or r1 < r0 or f1 - f0 != r1 - r0 or f0 == f1:
        return "a block is square, of two cells or more a side, from its lower left to its upper right cell"
    out = [r * geo.files + f for r in range(r0, r1 + 1) for f in range(f0, f1 + 1)]
    if not all(geo.used[c] for c in out):
        return "a block holds only used cells of the board"
    return out


def turned(cells: list[int], sense: str) -> dict[int, int]:
    """Where each cell of a square block (row by row from the lower left) goes: clockwise
    (x, y) -> (y, s - 1 - x), as the top left corner goes to the top right."""
    s = int(round(len(cells) ** 0.5))
    out = {}
    for y in range(s):
        for x in range(s):
            nx, ny = (y, s - 1 - x) if sense == "cw" else (s - 1 - y, x)
            out[cells[y * s + x]] = cells[ny * s + nx]
    return out


WORD = Turn()
