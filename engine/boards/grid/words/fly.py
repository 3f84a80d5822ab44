"""fly(ZONE): the piece goes to any empty cell of the zone, wherever it stands."""
from __future__ import annotations

from .base import ZONE, Word


class Fly(Word):
    name = "fly"
    written = "fly(ZONE)"
    takes = ZONE
    lands = True
    far = True
    about = "to any empty cell of the zone, however far and whatever lies between (a flight)"
    sentence = "fly to any empty cell of {z}"

    def lower(self, gen, a, ctx, k):
        ind, L = ctx["ind"], gen.lines
        L.append(f"{ind}for t in ZL_{a.args[0].dotted}[me]:")
        L.append(f"{ind}    if not cells[t]{gen.also}:")
        k(gen.landing(ctx, ind + "        "))


WORD = Fly()
