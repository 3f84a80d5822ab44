"""shift(FROM, TO): a second piece of the player's moves in the same move."""
from __future__ import annotations

from ....lang.expr import CELL
from .base import Word


class Shift(Word):
    name = "shift"
    written = "shift(FROM_CELL, TO_CELL)"
    takes = (CELL, CELL)
    about = ("a second piece of the player's, on cell FROM, moves to the empty cell TO in the same move; it "
             "becomes its kind's `moved` kind")
    sentence = "move the piece on {0} to {1}"

    def effects(self, a):
        return {"shift"}

    def lower(self, gen, a, ctx, k):
        """A second piece of the player's moves from one cell to another, empty one (it becomes
        its kind's `moved` kind, if it has one)."""
        ind, L = ctx["ind"], gen.lines
        i = next(gen.ids)
        L.append(f"{ind}t = {ctx['c']}")
        L.append(f"{ind}s{i} = {gen.args[id(a.args[0])]}; u{i} = {gen.args[id(a.args[1])]}")
        L.append(f"{ind}if FR[cells[s{i}]] and s{i} != o and s{i} != t and u{i} != t and u{i} != s{i} "
                 f"and (not cells[u{i}] or u{i} == o):")
        k({**ctx, "shift": f"(s{i}, u{i})", "ind": ind + "    "})


WORD = Shift()
