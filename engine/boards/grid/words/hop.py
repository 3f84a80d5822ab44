"""hop(D): along a line over empty cells, over one piece (the screen), over empty cells again,
onto the first piece beyond, an enemy, which is captured (a capturing slide over a screen)."""
from __future__ import annotations

from .base import Capturing


class Hop(Capturing):
    name = "hop"
    written = "hop(DIRECTIONS)"
    about = ("along a line in a direction of D over exactly one piece of anyone (the screen, with only empty "
             "cells before and after it) onto the first piece beyond, which must be an enemy's and is captured")
    sentence = "hop {d} along a line over exactly one piece (the screen) to capture the first piece beyond it"
    rays = True
    lands = True

    def captures_on_landing(self, a):
        return True     # the piece it lands on

    def lower(self, gen, a, ctx, k):
        """Along each ray: the first piece met is the screen (s<i> set), the next one is
        captured if it is an enemy's; either way the ray ends there."""
        ind, L = ctx["ind"], gen.lines
        s = f"s{next(gen.ids)}"
        L.append(f"{ind}for ray in {gen.dirs(a, 'RAYS')}[{ctx['c']}]:")
        L.append(f"{ind}    {s} = False")
        L.append(f"{ind}    for t in ray:")
        L.append(f"{ind}        x = cells[t]")
        L.append(f"{ind}        if x and t != o:")
        L.append(f"{ind}            if {s}:")
        L.append(f"{ind}                if EN[x]{gen.also}{gen.not_taken(ctx)}:")
        k(gen.landing(ctx, ind + "                    ", "t"))
        L.append(f"{ind}                break")
        L.append(f"{ind}            {s} = True")


WORD = Hop()
