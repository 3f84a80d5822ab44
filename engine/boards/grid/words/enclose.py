"""enclose(D): after a placement, every enemy group (pieces joined by steps in D) left with no
empty cell next to it (no liberty) is captured; then the move fails if the piece's own group has
no liberty. `ko=yes` also refuses a move that captures, alone, the piece that just captured alone
the one piece standing where this move lands (it would bring back the board of two plies ago);
`ko=super` also refuses a move whose board (after its captures) has stood before in the game
(positional superko; the state's history then holds every board); `ko=option.NAME`: super when
the boolean option is true, else yes."""
from __future__ import annotations

from ..layout import BOARDS, HISTORY, LAST, PASSED, TO_MOVE
from .base import Word, keyword


class Enclose(Word):
    name = "enclose"
    written = "enclose(DIRECTIONS)"
    options = {"ko": ("no", "yes", "super", "option")}
    about = ('after a placement: captures every enemy group (pieces joined by steps in D) left with no empty cell '
             "next to it, then fails if the new piece's own group has none (no suicide); `ko=yes` also fails where"
             ' the move would take back at once, alone, the lone piece that has just taken one alone on this cell '
             '(simple ko); `ko=super` also where the board after the move (its captures made) has stood before in '
             'the game (positional superko); `ko=option.NAME`: super when that boolean option holds, else yes')
    sentence = ("capture every enemy group it leaves with no empty cell next to it (groups joined {d}), and never leave its "
                "own group without one")

    def can_capture(self, a):
        return True

    def effects(self, a):
        return {"capture"}

    def check(self, a, bad, kinds):
        v = keyword(a, "ko", "no")
        if v.startswith("option.") and a.kwargs["ko"].dotted.count(".") != 1:
            bad(a.kwargs["ko"], "ko must be no, yes, super or option.NAME")

    def lower(self, gen, a, ctx, k):
        """_enclose gives the bits of the enemy groups taken, or -1 when the own group of the
        new piece has no liberty once they are gone."""
        ind, L = ctx["ind"], gen.lines
        i = next(gen.ids)
        c = ctx["c"]
        # a cell with an empty neighbour and no enemy one takes nothing and keeps a liberty
        nb = gen.dirs(a, "NEARBITS")
        L.append(f"{ind}n{i} = {nb}[{c}]")
        L.append(f"{ind}caps{i} = 0 if not n{i} & foe and n{i} & ~(B[me] | foe) else "
                 f"_enclose(B[me] | BIT[{c}], foe, {c}, {nb})")
        test = f"caps{i} >= 0"
        ko = ko_rule(a, lambda name: gen.em.vocab.names[f"option.{name}"].code == "True")
        if ko != "no":      # st[PASSED]: the lone piece the last move took
            test += f" and not ({c} == st[{PASSED}] and caps{i} == BIT[st[{LAST}]])"
        if ko == "super":   # the board after the move, not among those that stood (st[HISTORY])
            test += f" and _fresh(st[{HISTORY}], me, B[me] | BIT[{c}], foe & ~caps{i})"
        L.append(f"{ind}if {test}:")
        caps = f"caps{i}" if ctx["caps"] == "0" else f"({ctx['caps']} | caps{i})"
        k({**ctx, "caps": caps, "sure": False, "ind": ind + "    "})

    def refusal(self, game, st, a, cell):
        me = st[TO_MOVE]
        B = st[BOARDS]
        steps = game.STEP[a.args[0].dotted][me]
        caps = enclose(B[me] | (1 << cell), B[1 - me], cell, [sum(1 << x for x in row) for row in steps])
        if caps < 0:
            return "its group would have no empty neighbour (suicide)"
        ko = ko_rule(a, lambda name: bool(game.options.get(name)))
        if ko != "no" and cell == st[PASSED] and caps == 1 << st[LAST]:
            return f"it would take back at once the lone piece on {game.geo.name(st[LAST])} (ko)"
        if ko == "super" and not fresh(st[HISTORY], me, B[me] | (1 << cell), B[1 - me] & ~caps):
            return "the board after it has stood before (superko)"
        return None

    def tables(self, game, ns):
        """NEARBITS[set][seat][cell]: the bits of the cell's neighbours; the group search and the
        superko test its code calls."""
        ns["NEARBITS"] = {name: [[sum(1 << x for x in row) for row in per] for per in t]
                          for name, t in game.STEP.items()}
        ns["_enclose"] = enclose
        ns["_fresh"] = fresh


def ko_rule(a, option) -> str:
    """no, yes or super: the ko= of an enclose action (option(NAME): a boolean option's value)."""
    v = keyword(a, "ko", "no")
    if v.startswith("option."):
        return "super" if option(v[7:]) else "yes"
    return v


def fresh(hist, me: int, mine: int, foe: int) -> bool:
    """No board of hist (a chain (boards, older), newest first) has these pieces of `me` and of
    the other player."""
    while hist is not None:
        b = hist[0]
        if b[me] == mine and b[1 - me] == foe:
            return False
        hist = hist[1]
    return True


def enclose(mine: int, foe: int, t: int, near) -> int:
    """The enemy groups next to t with no liberty (near[i]: the bits of the cells one step from
    i), or -1 when the group of t (a piece of `mine`) then has none."""
    empty = ~(mine | foe)
    nt = near[t]
    taken = 0
    around = nt & foe
    while around:
        group = front = around & -around
        alive = False
        while front:
            lo = front & -front
            front ^= lo
            n = near[lo.bit_length() - 1]
            if n & empty:
                alive = True
                break
            new = n & foe & ~group
            group |= new
            front |= new
        around &= ~group
        if not alive:
            taken |= group
    if taken or nt & empty:
        return taken
    group = front = 1 << t
    while front:
        lo = front & -front
        front ^= lo
        n = near[lo.bit_length() - 1]
        if n & empty:
            return 0
        new = n & mine & ~group
        group |= new
        front |= new
    return -1


WORD = Enclose()
