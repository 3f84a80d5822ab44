"""step(D): one cell in a direction of D."""
from __future__ import annotations

from .base import Word, keyword

CAPTURE = ("no", "yes", "only")


class Step(Word):
    name = "step"
    written = "step(DIRECTIONS)"
    options = {"capture": CAPTURE}
    about = ("one cell in a direction of D, onto an empty cell; `capture=yes`: or onto an enemy piece, which "
             "is captured; `capture=only`: only onto an enemy piece")
    sentence = "step to an empty neighbouring cell"
    plain = True

    def can_capture(self, a):
        return keyword(a, "capture", "no") != "no"

    def always_captures(self, a):
        return keyword(a, "capture", "no") == "only"

    def effects(self, a):
        return {"capture"} if self.can_capture(a) else set()

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
