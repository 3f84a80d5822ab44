"""flip(D): every line in D of enemy pieces closed by one of the player's turns to the player."""
from __future__ import annotations

from .base import Word


class Flip(Word):
    name = "flip"
    written = "flip(DIRECTIONS)"
    about = ("from where the piece stands, every line in D of enemy pieces closed by one of the player's turns "
             "to the player; fails when nothing turns")
    rays = True
    sentence = ("turn to the player every line of enemy pieces {d} closed off by one of the player's pieces (at least "
                "one must turn)")

    def effects(self, a):
        return {"flip"}

    def lower(self, gen, a, ctx, k):
        ind, L = ctx["ind"], gen.lines
        i = next(gen.ids)
        L.append(f"{ind}f{i} = _flips(cells, {ctx['c']}, o, {gen.dirs(a, 'RAYS')}[{ctx['c']}], EN, FR)")
        L.append(f"{ind}if f{i}:")
        k({**ctx, "fl": f"({ctx['fl']} | f{i})" if ctx["fl"] != "0" else f"f{i}", "ind": ind + "    "})


WORD = Flip()
