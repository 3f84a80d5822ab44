"""step(D): one cell in a direction of D."""
from __future__ import annotations

from .base import Landing, keyword


class Step(Landing):
    name = "step"
    written = "step(DIRECTIONS)"
    about = ("to an empty neighbour in a direction of set D; `capture=yes` also onto an enemy piece, which is "
             "captured; `capture=only` only that")
    sentence = "step {d} to an empty cell"
    plain = True

    def lower(self, gen, a, ctx, k):
        ind, L = ctx["ind"], gen.lines
        cap = keyword(a, "capture", "no")
        L.append(f"{ind}for t in {gen.dirs(a, 'STEP')}[{ctx['c']}]:")
        L.append(f"{ind}    x = cells[t]")
        first = "if"
        if cap != "only":
            L.append(f"{ind}    if (not x or t == o){gen.also}:")
            k(gen.landing(ctx, ind + "        "))
            first = "elif"
        if cap != "no":
            L.append(f"{ind}    {first} EN[x]{gen.also}{gen.not_taken(ctx)}:")
            k(gen.landing(ctx, ind + "        ", "t"))


WORD = Step()
