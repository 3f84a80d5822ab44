"""when(CONDITION): the move goes on only where the condition holds."""
from __future__ import annotations

from ....lang.expr import BOOL
from .base import Word


class When(Word):
    name = "when"
    written = "when(CONDITION)"
    takes = (BOOL,)
    about = ("goes on only where the condition holds, with `landing` the cell the piece stands on at that point "
             "(its origin before any landing)")
    sentence = "only if {0}"

    def lower(self, gen, a, ctx, k):
        """A condition at this point of the move (`landing` is the cell the piece stands on)."""
        ind, L = ctx["ind"], gen.lines
        if id(a) in gen.skipped:           # left out (for explain)
            k(ctx)
            return
        L.append(f"{ind}t = {ctx['c']}")
        L.append(f"{ind}if {gen.args[id(a.args[0])]}:")
        k({**ctx, "ind": ind + "    "})


WORD = When()
