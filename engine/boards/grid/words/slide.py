"""slide(D): any number of cells in one direction of D over empty cells (a queen's move)."""
from __future__ import annotations

from ....lang.expr import ZONE
from .base import Landing, keyword


class Slide(Landing):
    name = "slide"
    written = "slide(DIRECTIONS)"
    about = ("any number of cells in one direction over empty cells (a queen's move); `capture=yes|only` as "
             "for step, onto the first piece met; `within=ZONE`: only over cells of the zone (a cell outside it "
             "stops the slide as a piece would, and is never reached)")
    rays = True
    far = True
    exprs = {"within": (ZONE,)}     # within=ZONE: it goes only over cells of the zone
    sentence = "slide {d} over any number of empty cells"

    def lower(self, gen, a, ctx, k):
        ind, L = ctx["ind"], gen.lines
        cap = keyword(a, "capture", "no")
        L.append(f"{ind}for ray in {gen.dirs(a, 'RAYS')}[{ctx['c']}]:")
        L.append(f"{ind}    for t in ray:")
        if "within" in a.kwargs and id(a) not in gen.skipped:      # (left out for explain)
            L.append(f"{ind}        if not {gen.args[id(a.kwargs['within'])]} & BIT[t]:")
            L.append(f"{ind}            break")
        L.append(f"{ind}        x = cells[t]")
        L.append(f"{ind}        if x and t != o:")
        if cap != "no":
            L.append(f"{ind}            if EN[x]{gen.also}{gen.not_taken(ctx)}:")
            k(gen.landing(ctx, ind + "                ", "t"))
        L.append(f"{ind}            break")
        if cap != "only":
            if gen.check:
                L.append(f"{ind}        if {gen.check}:")
                k(gen.landing(ctx, ind + "            "))
            else:
                k(gen.landing(ctx, ind + "        "))


WORD = Slide()
