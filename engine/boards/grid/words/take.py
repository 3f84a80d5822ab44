"""take(CELL): the enemy piece on a cell is captured (a capture away from the landing cell)."""
from __future__ import annotations

from ....lang.expr import CELL
from .base import Capturing


class Take(Capturing):
    name = "take"
    written = "take(CELL)"
    takes = (CELL,)
    about = "the enemy piece on that cell is captured (a capture away from the landing cell); fails when there is none"
    sentence = "capture the enemy piece on {0}"

    def lower(self, gen, a, ctx, k):
        """The enemy piece on a cell is captured (it leaves when the move is done)."""
        ind, L = ctx["ind"], gen.lines
        i = next(gen.ids)
        L.append(f"{ind}t = {ctx['c']}")
        L.append(f"{ind}g{i} = {gen.args[id(a.args[0])]}")
        L.append(f"{ind}if EN[cells[g{i}]]{gen.not_taken(ctx, f'g{i}')}:")
        L.append(f"{ind}    caps{i} = {ctx['caps']} | BIT[g{i}]")
        k({**ctx, "caps": f"caps{i}", "ind": ind + "    "})


WORD = Take()
