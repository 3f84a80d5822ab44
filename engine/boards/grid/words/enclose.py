"""enclose(D): after a placement, every enemy group (pieces joined by steps in D) left with no
empty cell next to it (no liberty) is captured; then the move fails if the piece's own group has
no liberty. `ko=yes` also refuses a move that captures, alone, the piece that just captured alone
the one piece standing where this move lands (it would bring back the board of two plies ago);
`ko=super` also refuses a move whose board (after its captures) has stood before in the game
(positional superko; the state's history then holds every board); `ko=option.NAME`: super when
the boolean option is true, else yes."""
from __future__ import annotations

from ..layout import BOARDS, HISTORY, LAST, PASSED, TO_MOVE
from ....lang import dsl
from .base import Word, keyword
from .place import placement_tables, plain_placement


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


def placement_source(game, ph, fname: str) -> str | None:
    """The move generator of a phase whose one move is `place(Z) enclose(D)` (no reserve, no
    rule, simple ko or none) on a board of translations, in bulk: the groups with one liberty
    found once per position by whole-board shifts, the moves that capture nothing read from
    tables a byte of the board at a time, in the generic generator's order (the zone's cells,
    lowest first). None for any other phase: the generic generator writes it."""
    found = plain_placement(game, ph)
    move = ph.places[0] if found else None
    if not (isinstance(move, dsl.Seq) and isinstance(move.right, dsl.Action) and move.right.name == "enclose"):
        return None
    (place, kind), enc = found, move.right
    ko = ko_rule(enc, lambda name: bool(game.options.get(name)))
    zone, dirs = place.args[0].dotted, enc.args[0].dotted
    if ko == "super" or not game.geo.translations:
        return None
    shifts = game._jump_masks(dirs, 1)
    if any(s != shifts[0] for s in shifts):     # (relative directions that each seat sees otherwise)
        return None
    shifts = shifts[0]

    def back(x):        # the cells whose neighbour the j-th way is in x, for each j
        return [(f"{m} & " if m else "") + (f"({x} >> {sh})" if sh >= 0 else f"({x} << {-sh})") for m, sh in shifts]

    def ahead(x):       # the cells one step from x, any way
        return " | ".join((f"(({x} & {m})" if m else f"({x}") + (f" << {sh})" if sh >= 0 else f" >> {-sh})")
                          for m, sh in shifts) or "0"
    occ = " | ".join(f"B[{i}]" for i in range(game.n + (1 if game.neutral else 0)))
    foe = "B[1 - me]" if game.n == 2 and not game.neutral else \
        "occ ^ B[me]" + (f" ^ B[{game.n}]" if game.neutral else "")
    terms = back("empty")
    L = [f"def {fname}(st):",
         f"    B = st[{BOARDS}]",
         f"    me = st[{TO_MOVE}]",
         f"    occ = {occ}",
         f"    foe = {foe}",
         "    empty = FULL ^ occ",
         f"    free = ZM_{zone}[me] & empty"]
    L += [f"    e{j} = {t}" for j, t in enumerate(terms)]
    # one: the cells with an empty neighbour; two: with two at least (a piece there has a group
    # of two liberties at least)
    L.append(f"    one = {' | '.join(f'e{j}' for j in range(len(terms))) or '0'}")
    two = " | ".join(f"(({' | '.join(f'e{i}' for i in range(j))}) & e{j})" for j in range(1, len(terms)))
    L += [f"    two = {two or '0'}",
          "    keep = free & one    # legal with no capture, unless it captures (below)",
          "    odd = free ^ keep    # no empty neighbour: legal where it captures or joins a group with another liberty",
          "    takes = []",
          "    if foe:    # an enemy group whose one liberty is t is captured by a piece on t",
          f"        for t, g in _lone_{ph.name}(foe, empty, two).items():",
          "            if free & BIT[t]:",
          "                keep &= ~BIT[t]; odd &= ~BIT[t]"]
    if ko == "yes":     # st[PASSED]: the lone piece the last move took
        L += [f"                if not (t == st[{PASSED}] and g == BIT[st[{LAST}]]):",
              "                    takes.append((t, g))"]
    else:
        L.append("                takes.append((t, g))")
    L += ["    if odd:",
          f"        near = NEARBITS[{dirs!r}][me]",
          f"        alone = _lone_{ph.name}(B[me], empty, two)",
          "        o = odd",
          "        while o:",
          "            lo = o & -o; o ^= lo; t = lo.bit_length() - 1",
          "            if near[t] & B[me] & ~alone.get(t, 0):",
          "                keep |= lo"]
    L += placement_tables(game, f"ENCQ_{ph.name}", kind, "keep")
    val = f"{game.kind_values[kind.name]} | (me + 1)" if game.kind_values[kind.name] else "me + 1"
    L += ["    if takes:    # each capture in its place among the others, by its cell",
          "        takes.sort()",
          "        for j, (t, g) in enumerate(takes):",
          f"            moves.insert((keep & (BIT[t] - 1)).bit_count() + j, (-1, t, g, (t,), 0, {val}, None, None))",
          "    return moves",
          "",
          f"def _lone_{ph.name}(stones, empty, two):",
          "    # the groups of `stones` with one liberty, by that liberty: {cell: the bits of those groups}",
          "    out = {}",
          "    x = stones & two    # the groups of a piece with two empty neighbours have two liberties:",
          "    while x:            # all of them at once, grown until they stop",
          f"        y = x | (({ahead('x')}) & stones)",
          "        if y == x:",
          "            break",
          "        x = y",
          "    rest = stones ^ x",
          "    while rest:         # each other group, grown from its lowest piece",
          "        g = rest & -rest",
          "        while True:",
          f"            n = {ahead('g')}",
          "            y = g | (n & stones)",
          "            if y == g:",
          "                break",
          "            g = y",
          "        rest ^= g",
          "        libs = n & empty",
          "        if libs and not libs & (libs - 1):",
          "            t = libs.bit_length() - 1",
          "            out[t] = out.get(t, 0) | g",
          "    return out"]
    return "\n".join(L) + "\n"


WORD = Enclose()
