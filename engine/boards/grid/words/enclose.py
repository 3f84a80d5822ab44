"""enclose(D): after a placement, every enemy group (pieces joined by steps in D) left with no
empty cell next to it (no liberty) is captured; then the move fails if the piece's own group has
no liberty. `ko=yes` also refuses a move that captures, alone, the piece that just captured alone
the one piece standing where this move lands (it would bring back the board of two plies ago)."""
from __future__ import annotations

from ..layout import LAST, PASSED
from .base import Word, keyword


class Enclose(Word):
    name = "enclose"
    written = "enclose(DIRECTIONS)"
    options = {"ko": ("no", "yes")}
    about = ("captures every enemy group (pieces joined by steps in D) left with no empty cell next to it; "
             "then fails if the piece's own group has none (no suicide); `ko=yes`: also fails when it would "
             "take back, alone, the lone piece that has just taken one alone where it lands (simple ko)")
    sentence = "capture every enemy group it leaves with no empty neighbour, and never leave its own group without one"

    def can_capture(self, a):
        return True

    def effects(self, a):
        return {"capture"}

    def check(self, a, bad, kinds):
        pass

    def lower(self, gen, a, ctx, k):
        """_enclose gives the bits of the enemy groups taken, or -1 when the own group of the
        new piece has no liberty once they are gone."""
        ind, L = ctx["ind"], gen.lines
        i = next(gen.ids)
        c = ctx["c"]
        L.append(f"{ind}caps{i} = _enclose(B[me] | BIT[{c}], foe, {c}, {gen.dirs(a, 'STEP')})")
        test = f"caps{i} >= 0"
        if keyword(a, "ko", "no") == "yes":     # st[PASSED]: the lone piece the last move took
            test += f" and not ({c} == st[{PASSED}] and caps{i} == BIT[st[{LAST}]])"
        L.append(f"{ind}if {test}:")
        caps = f"caps{i}" if ctx["caps"] == "0" else f"({ctx['caps']} | caps{i})"
        k({**ctx, "caps": caps, "sure": False, "ind": ind + "    "})


def enclose(mine: int, foe: int, t: int, steps) -> int:
    """The enemy groups next to t with no liberty (steps[i]: the cells one step from i), or -1 when
    the group of t then has none."""
    free = ~(mine | foe)
    taken = 0
    for n in steps[t]:
        b = 1 << n
        if foe & b and not taken & b:
            group, front, alive = b, [n], False
            while front:
                x = front.pop()
                for y in steps[x]:
                    yb = 1 << y
                    if free & yb:
                        alive = True
                        break
                    if foe & yb and not group & yb:
                        group |= yb
                        front.append(y)
                if alive:
                    break
            if not alive:
                taken |= group
    if taken:
        return taken
    group, front = 1 << t, [t]
    while front:
        x = front.pop()
        for y in steps[x]:
            yb = 1 << y
            if free & yb:
                return 0
            if mine & yb and not group & yb:
                group |= yb
                front.append(y)
    return -1


WORD = Enclose()
