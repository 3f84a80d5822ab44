"""surround(D): the enemy pieces the move hems in on every side are captured: each one next to
the cell the piece stands on, in a direction of D, whose every neighbour in a direction of D is
one of the player's pieces (the moving one included). A piece with a side off the board (on the
edge) cannot be hemmed in. Options as custodial's (words/custodial.py): `of=GROUP` the enemy
pieces it may take, `by=GROUP` the player's pieces that hem in (the moving piece must be one),
`hostile=ZONE` cells that hem in as the player's pieces do, unless an enemy stands on them.
"""
from __future__ import annotations

from ....lang.expr import GROUP, ZONE
from ..topology import direction_sets
from .base import Word
from .custodial import hammer, hostile, kept


class Surround(Word):
    name = "surround"
    written = "surround(DIRECTIONS)"
    exprs = {"of": (GROUP,), "by": (GROUP,), "hostile": (ZONE,)}
    about = ("captures every enemy piece next to where the piece stands, in a direction of D, whose every "
             "neighbour in a direction of D holds one of the player's pieces (hemmed in on all sides; a piece "
             "on the edge never is); never fails; `of=GROUP`, `by=GROUP`, `hostile=ZONE` as for custodial")
    sentence = "capture every enemy piece next to it {d} that the player's pieces hem in on every side"

    def can_capture(self, a):
        return True

    def effects(self, a):
        return {"capture"}

    def lower(self, gen, a, ctx, k):
        """SURR gives, per landing cell, each neighbour that has all its sides on the board, its
        bit, and its ring of neighbours (cell, bit): a ring all hostile (the landing cell is the
        moving piece) is a capture."""
        ind, L = ctx["ind"], gen.lines
        i = next(gen.ids)
        c = ctx["c"]
        L.append(f"{ind}caps{i} = {ctx['caps']}")
        ind = hammer(gen, a, ind)
        by = kept(gen, a, "by", "B[me]")
        side = f"{by} & bm and m != o"
        if "hostile" in a.kwargs:
            side = f"{side} or {hostile(gen, a)} & bm"
        L.append(f"{ind}for nc, bnc, ring in {gen.dirs(a, 'SURR')}[{c}]:")
        L.append(f"{ind}    if {kept(gen, a, 'of', 'foe')} & bnc{gen.not_taken(ctx, 'nc', 'bnc')}:")
        L.append(f"{ind}        for m, bm in ring:")
        L.append(f"{ind}            if m != {c} and not ({side}):")
        L.append(f"{ind}                break")
        L.append(f"{ind}        else:")
        L.append(f"{ind}            caps{i} |= bnc")
        k({**ctx, "caps": f"caps{i}", "sure": False})

    def tables(self, game, ns):
        """SURR[direction set's name][seat][cell]: (neighbour, its bit, ((cell, bit) of each of its
        own neighbours)) for each neighbour in the set that has a neighbour in every direction of it."""
        sets = direction_sets(game.rules.dirsets, game.geo)
        out = {}
        for name, words in sets.items():
            if name not in game.STEP:
                continue
            per_seat = []
            for seat in range(game.n):
                steps = game.STEP[name][seat]
                sides = len({v for v in (game.vector(seat, w) for w in words) if v is not None})
                row = [()] * (game.size + 1)
                for cell in game.geo.cells():
                    row[cell] = tuple((nb, 1 << nb, tuple((m, 1 << m) for m in steps[nb]))
                                      for nb in steps[cell] if len(steps[nb]) == sides)
                per_seat.append(row)
            out[name] = per_seat
        ns["SURR"] = out


WORD = Surround()
