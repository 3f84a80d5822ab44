"""custodial(D): the enemy pieces the move closes in are captured: each one next to the cell the
piece stands on, in a direction of D, with one of the mover's pieces right beyond it (a piece
trapped between two enemies).

Its options, each an expression known before the piece lands:
  of=GROUP       only enemy pieces of that group are taken (`of=theirs.man`: other kinds are safe)
  by=GROUP       the player's pieces that capture: the moving piece must be one of them (where it
                 started), and so must the piece beyond (a piece left out neither takes nor helps)
  hostile=ZONE   cells that close in as the player's pieces do, unless an enemy stands on them
                 (an empty square of the board that is hostile to everyone, or to the side that
                 does not hold it)
"""
from __future__ import annotations

from ....lang.expr import GROUP, ZONE
from .base import Word


class Custodial(Word):
    name = "custodial"
    written = "custodial(DIRECTIONS)"
    exprs = {"of": (GROUP,), "by": (GROUP,), "hostile": (ZONE,)}
    about = ("captures every enemy piece next to where the piece stands, in a direction of D, that has one of "
             "the player's pieces right beyond it (closed in between two); never fails: a move that closes in "
             "nothing captures nothing; `of=GROUP`: only the enemy pieces of the group are taken; `by=GROUP`: only "
             "the player's pieces of the group capture, as the moving piece (where it started) and as the piece "
             "beyond; `hostile=ZONE`: a cell of the zone closes in as the player's piece would, unless an enemy "
             "stands on it")
    sentence = "capture every enemy piece next to it {d} that it closes in against another of the player's pieces beyond"

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
        if a.kwargs:
            ind = hammer(gen, a, ind)
            victim, beyond = f"{kept(gen, a, 'of', 'foe')} & bnc", f"{kept(gen, a, 'by', 'B[me]')} & bfc and fc != o"
            if "hostile" in a.kwargs:
                beyond = f"({beyond} or {hostile(gen, a)} & bfc)"
        else:
            victim, beyond = "foe & bnc", "B[me] & bfc and fc != o"
        # (its own names: t is the landing a rule after it may read)
        L.append(f"{ind}for nc, fc, bnc, bfc in {gen.dirs(a, 'JUMPB')}[{ctx['c']}]:")
        L.append(f"{ind}    if {victim} and {beyond}{gen.not_taken(ctx, 'nc', 'bnc')}:")
        L.append(f"{ind}        caps{i} |= bnc")
        k({**ctx, "caps": f"caps{i}", "sure": False})


def kept(gen, a, key: str, default: str) -> str:
    """The code of a group option (`of=`, `by=`), hoisted: `of` kept to the enemy pieces (a group of
    anyone's pieces names the mover's enemies among them), `by` to the mover's."""
    if key not in a.kwargs:
        return default
    code = gen.args[id(a.kwargs[key])]
    node = a.kwargs[key]
    return gen.em.hoist(node.level, f"{code} & {'foe' if key == 'of' else 'B[me]'}")


def hostile(gen, a) -> str:
    """The hostile cells of the option `hostile=ZONE`, hoisted: those where no enemy stands."""
    node = a.kwargs["hostile"]
    return gen.em.hoist(node.level, f"{gen.args[id(node)]} & ~foe")


def hammer(gen, a, ind: str) -> str:
    """`by=GROUP`: the moving piece must be of the group (where it started), else the action
    takes nothing: the code that follows is under that test (its indentation returned)."""
    if "by" not in a.kwargs:
        return ind
    by = kept(gen, a, "by", "B[me]")
    gen.lines.append(f"{ind}if {by} & BIT[o]:")
    return ind + "    "


WORD = Custodial()
