"""shoot(D): a new piece of a neutral kind slides from where the piece stands and stays (an arrow)."""
from __future__ import annotations

from ..layout import SHOT
from .base import Word, keyword
from .place import default_kind


class Shoot(Word):
    name = "shoot"
    written = "shoot(DIRECTIONS)"
    options = {"kind": None}
    about = ("from where the piece stands, a new piece of a `neutral` kind slides in a direction of D over empty "
             "cells and stays where it stops (an arrow)")
    rays = True
    far = True
    sentence = "shoot a new piece {d}: it slides over empty cells and stays where it stops"

    def effects(self, a):
        return {"shot"}

    def check(self, a, bad, kinds):
        word = keyword(a, "kind", None)
        names = [k.name for k in kinds]
        if word in names and not kinds[names.index(word)].neutral:
            bad(a.kwargs["kind"], f"shoot puts a piece owned by nobody: kind '{word}' needs `neutral: true`")
        default_kind(a, bad, kinds, neutral=True)

    def lower(self, gen, a, ctx, k):
        ind, L = ctx["ind"], gen.lines
        i = next(gen.ids)
        value = gen.kind_values[keyword(a, "kind", None)]
        L.append(f"{ind}for ray in {gen.dirs(a, 'RAYS')}[{ctx['c']}]:")
        L.append(f"{ind}    for t in ray:")
        L.append(f"{ind}        if cells[t] and t != o:")
        L.append(f"{ind}            break")
        L.append(f"{ind}        a{i} = t | {value << 16}")
        k({**ctx, "shot": f"a{i}", "ind": ind + "        "})

    def spell(self, move, name):
        shot = move[SHOT]
        return "" if shot is None else f"/{name(shot & 65535)}"


WORD = Shoot()
