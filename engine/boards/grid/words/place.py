"""place(ZONE): a move starts by putting a new piece on an empty cell of the zone."""
from __future__ import annotations

from ....lang import dsl
from .base import ZONE, Word, keyword


def default_kind(a, bad, kinds, neutral: bool) -> None:
    """`kind=` may be left out where one kind fits (a neutral one to shoot, a player's to place):
    it is then written into the action."""
    if "kind" in a.kwargs:
        return
    fits = [k.name for k in kinds if k.neutral == neutral]
    if len(fits) != 1:
        bad(a, f"{a.name} needs kind=... here (kinds: {', '.join(fits or [k.name for k in kinds])})")
    else:
        a.kwargs["kind"] = dsl.Name((fits[0],), line=a.line, column=a.column)


class Place(Word):
    name = "place"
    written = "place(ZONE)"
    takes = ZONE
    options = {"kind": None, "onto": ("empty", "theirs")}
    about = ("starts a move: a new piece onto an empty cell of the zone (`kind=K` when there are several "
             "kinds; from the reserve if the kind has one, else from an unlimited supply); `onto=theirs`: onto "
             "an enemy piece, which leaves")
    sentence = "place a new piece on an empty cell of {z}"

    def can_capture(self, a):
        return keyword(a, "onto", "empty") == "theirs"

    always_captures = can_capture

    def effects(self, a):
        return {"capture"} if self.can_capture(a) else set()

    def check(self, a, bad, kinds):
        default_kind(a, bad, kinds, neutral=False)

    def lower(self, gen, a, ctx, k, near: str | None = None):
        """`near`: a direction set along which the placed piece must flip: only the free cells
        of the zone with an enemy neighbour that way are tried."""
        ind, L = ctx["ind"], gen.lines
        zone = a.args[0].dotted
        kind = keyword(a, "kind", None)
        if kind in gen.reserved:          # from the reserve: only while it holds a piece
            L.append(f"{ind}if R[me]:")
            ind += "    "
            ctx = {**ctx, "ind": ind}
        elif kind in gen.held:            # from the hand: only while it holds one of the kind
            L.append(f"{ind}if R[me][{gen.kind_values[kind] >> 3}]:")
            ind += "    "
            ctx = {**ctx, "ind": ind}
        if near is not None and keyword(a, "onto", "empty") == "empty":
            terms = {}
            for seat, shifts in enumerate(gen.jump_masks(near, 1)):
                terms[seat] = " | ".join((f"({m} & {f})" if m else f) for m, f in
                                         ((m, f"(foe >> {sh})" if sh >= 0 else f"(foe << {-sh})") for m, sh in shifts)) or "0"
            i = next(gen.ids)
            for seat in sorted(terms):
                L.append(f"{ind}{'if' if seat == 0 else 'elif'} me == {seat}:")
                L.append(f"{ind}    near{i} = ZM_{zone}[me] & free & ({terms[seat]})")
            L.append(f"{ind}while near{i}:")
            L.append(f"{ind}    t = near{i}.bit_length() - 1; near{i} ^= BIT[t]")
            if gen.check:
                L.append(f"{ind}    if {gen.check}:")
                out = gen.landing(ctx, ind + "        ")
            else:
                out = gen.landing(ctx, ind + "    ")
            out["val"] = f"({gen.kind_values[kind]} | me1)"
            k(out)
            return
        L.append(f"{ind}for t in ZL_{zone}[me]:")
        if keyword(a, "onto", "empty") == "theirs":      # the enemy piece there leaves the board
            L.append(f"{ind}    if EN[cells[t]]{gen.also}:")
            out = gen.landing(ctx, ind + "        ", "t")
        else:
            L.append(f"{ind}    if not cells[t]{gen.also}:")
            out = gen.landing(ctx, ind + "        ")
        out["val"] = f"({gen.kind_values[kind]} | me1)"
        k(out)


WORD = Place()
