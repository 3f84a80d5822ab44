"""jump(D, over=any|mine|theirs): over an adjacent piece to the empty cell beyond."""
from __future__ import annotations

from .base import Word, keyword


class Jump(Word):
    name = "jump"
    written = "jump(DIRECTIONS)"
    options = {"over": ("any", "mine", "theirs"), "capture": ("no", "yes")}
    about = ("over an adjacent piece (of that owner) to the empty cell beyond; `capture=yes`: the jumped piece "
             "is captured")
    sentence = "jump {d} over {over} next to it, to the empty cell just beyond"
    plain = True

    def can_capture(self, a):
        return keyword(a, "capture", "no") == "yes"

    always_captures = can_capture

    lands = True

    def effects(self, a):
        return {"capture"} if self.can_capture(a) else set()

    def lower(self, gen, a, ctx, k):
        """Over a piece (of anyone, the mover's, an enemy's: read from the boards) onto an empty cell."""
        ind, L = ctx["ind"], gen.lines
        who = keyword(a, "over", "any")
        over = {"any": "occ", "mine": "B[me]", "theirs": "foe"}[who]
        cap = self.can_capture(a)
        first = ctx["c"] == "o"         # from the origin: it is neither jumped nor landed on
        lifted = "" if first or who == "theirs" else " and ov != o"
        land = "free & bt" if first else "(free & bt or t == o)"     # back on its origin: empty since it left
        # JUMPB: (jumped cell, landing, their bits) by cell
        L.append(f"{ind}for ov, t, bov, bt in {gen.dirs(a, 'JUMPB')}[{ctx['c']}]:")
        L.append(f"{ind}    if {over} & bov{lifted} and {land}{gen.not_taken(ctx, 'ov', 'bov')}{gen.also}:")
        k(gen.landing(ctx, ind + "        ", "ov" if cap else None, taken_bit="bov"))


WORD = Jump()
