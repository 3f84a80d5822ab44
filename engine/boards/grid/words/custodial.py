"""custodial(D): the enemy pieces the move closes in are captured: each one next to the cell the
piece stands on, in a direction of D, with one of the mover's pieces right beyond it (a piece
trapped between two enemies)."""
from __future__ import annotations

from .base import Word


class Custodial(Word):
    name = "custodial"
    written = "custodial(DIRECTIONS)"
    about = ("captures every enemy piece next to where the piece stands, in a direction of D, that has one of "
             "the player's pieces right beyond it (closed in between two); never fails: a move that closes in "
             "nothing captures nothing")
    sentence = "capture every enemy piece it closes in between itself and another of the player's pieces"

    def can_capture(self, a):
        return True

    def effects(self, a):
        return {"capture"}

    def lower(self, gen, a, ctx, k):
        """JUMPB gives the (next cell, the one beyond, their bits) of each direction: an enemy
        on the next cell (not taken yet) with a piece of the mover's beyond (not on the origin,
        which the moving piece has left) is closed in."""
        ind, L = ctx["ind"], gen.lines
        i = next(gen.ids)
        caps = ctx["caps"]
        L.append(f"{ind}caps{i} = {caps}")
        # (its own names: t is the landing a rule after it may read)
        L.append(f"{ind}for nc, fc, bnc, bfc in {gen.dirs(a, 'JUMPB')}[{ctx['c']}]:")
        L.append(f"{ind}    if foe & bnc and B[me] & bfc and fc != o{gen.not_taken(ctx, 'nc', 'bnc')}:")
        L.append(f"{ind}        caps{i} |= bnc")
        k({**ctx, "caps": f"caps{i}", "sure": False})


WORD = Custodial()
