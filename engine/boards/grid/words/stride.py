"""stride(D): exactly as many cells in one direction of D as there are pieces on the whole line
through the piece that way (both ways along it, the moving piece counted)."""
from __future__ import annotations

from ..topology import direction_sets
from .base import Landing, keyword


class Stride(Landing):
    name = "stride"
    written = "stride(DIRECTIONS)"
    options = {"capture": ("no", "yes", "only"), "over": ("none", "mine", "theirs", "any")}
    about = ("exactly as many cells in one direction of D as there are pieces (of anyone, the moving one included) "
             "on the whole line through it that way, counted both ways along it; over empty cells only, or with "
             "`over=mine|theirs|any` over such pieces too; onto an empty cell, `capture=yes|only` as for step")
    rays = True
    sentence = "move {d} exactly as many cells as there are pieces on that line"
    _passing = {"none": "occ", "mine": "(occ ^ B[me])", "theirs": "(occ ^ foe)"}    # what blocks the way

    def lower(self, gen, a, ctx, k):
        """STRIDE gives, per cell, for each direction of the set: the bits of the whole line
        through the cell that way, and by distance n (0 to as many cells as the line has) the
        cell n away, its bit and the bits of the cells between, or None where it would be off
        the board (and at 0: the count is at least 1)."""
        ind, L = ctx["ind"], gen.lines
        i = next(gen.ids)
        c = ctx["c"]
        cap = keyword(a, "capture", "no")
        over = keyword(a, "over", "none")
        # the pieces on the board as the move sees them: the moving piece stands on c, not on
        # its origin (the same board while it has not left it)
        here = "occ" if c == "o" else f"(occ ^ lo | BIT[{c}])"
        L.append(f"{ind}for ln{i}, far{i} in {gen.dirs(a, 'STRIDE')}[{c}]:")
        at = ind
        if id(a) in gen.skipped:        # (for explain) the count left out: any distance along the line
            L.append(f"{ind}    for to{i} in far{i}:")
            at += "    "
        else:
            L.append(f"{ind}    to{i} = far{i}[({here} & ln{i}).bit_count()]")
        L.append(f"{at}    if to{i}:")
        L.append(f"{at}        t, bt{i}, via{i} = to{i}")
        inner = at + "        "
        if over != "any":
            block = self._passing[over]
            if over != "none":                  # (the same every piece of the turn: computed once)
                block = gen.em.hoist(0, block[1:-1])
            if c != "o" and over != "mine":     # (the origin, left behind, may lie on the way back)
                block = f"({block} & ~lo)"
            L.append(f"{inner}if not {block} & via{i}:")
            inner += "    "
        first = "if"
        if cap != "only":
            empty = f"free & bt{i}" if c == "o" else f"(free & bt{i} or t == o)"
            L.append(f"{inner}if {empty}{gen.also}:")
            k(gen.landing(ctx, inner + "    "))
            first = "elif"
        if cap != "no":
            L.append(f"{inner}{first} foe & bt{i}{gen.also}{gen.not_taken(ctx, 't', f'bt{i}')}:")
            k(gen.landing(ctx, inner + "    ", "t", taken_bit=f"bt{i}"))

    def tables(self, game, ns: dict) -> None:
        """STRIDE, beside RAYS: per direction set whose rays are built (keyed by its name, as
        RAYS is), per seat, per cell, one (line bits, far) per direction (see lower)."""
        if "STRIDE" in ns:
            return
        geo = game.geo
        sets = direction_sets(game.rules.dirsets, geo)
        out = {}
        for name, words in sets.items():
            if name not in game.RAYS:
                continue
            per_seat = []
            for seat in range(game.n):
                vecs = list(dict.fromkeys(v for v in (game.vector(seat, w) for w in words) if v is not None))
                row = [()] * game.size
                for c in geo.cells():
                    entries = []
                    for v in vecs:
                        ahead = geo.ray(c, v)
                        if not ahead:
                            continue
                        back = geo.back(v)
                        behind = geo.ray(c, back) if back is not None else ()
                        line = sum(1 << x for x in (c, *ahead, *behind))
                        far = [None] + [(t, 1 << t, sum(1 << x for x in ahead[:n])) for n, t in enumerate(ahead)]
                        far += [None] * (2 + len(ahead) + len(behind) - len(far))     # every count has its entry
                        entries.append((line, tuple(far)))
                    row[c] = tuple(entries)
                per_seat.append(row)
            out[name] = per_seat
        ns["STRIDE"] = out


WORD = Stride()
