"""sow(ZONE, along=D, ...): take every piece of a counted kind from one of the mover's cells of
the zone and sow them one by one onto the cells that follow along the links of direction D.

A sowing is a whole alternative of a phase's move, as a drop is: rules.py reads it (with `check`
below) into the phase's sowings, the phase's moves are written by `generator_source`, apply calls
`sow` below, and a move is ('sow', cell), written as the letter of its cell among the mover's
cells of the zone counted from the mover's left (`a` the leftmost as the mover sits).

Options, each a name:
- `along=D`: the direction whose links give the order (one link of D from every cell sown);
- `skip=ZONE`: cells never sown (`opponent.store`); the emptied cell itself is sown on a lap;
- `store=ZONE`: the mover's store, a zone of one cell: where captures go;
- `again=yes`: a last piece that lands in the store gives the mover the next move too;
- `facing=D`, `capture=yes|lone|option.NAME`: a last piece that lands on an empty cell of the
  zone (empty before it fell) takes itself and the pieces on the cell its D link leads to into
  the store, when there are some (`lone`: the lone piece goes even when there are none;
  `option.NAME`: lone when that boolean option holds, else yes)."""
from __future__ import annotations

import math

from ....lang import dsl
from ....structs import struct
from ..layout import COUNTS, TO_MOVE
from .base import ZONE, Word, keyword

SOW = "sow"                         # the first item of a sowing move: ('sow', cell)
LETTERS = "abcdefghijklmnopqrstuvwxyz"


@struct
class Sowing:
    """A checked sow(...) alternative: names of the file (zones seen by the mover, or
    ('opponent', NAME) for the next player's)."""
    zone: str
    along: str
    skip: tuple | None = None       # (whose, zone name): whose is "mine" or "opponent"
    store: tuple | None = None
    facing: str | None = None
    capture: str = "no"             # no, yes, lone or option.NAME
    again: bool = False
    node: object = None


class Sow(Word):
    name = "sow"
    written = "sow(ZONE, along=D)"
    takes = ZONE
    options = {"along": None, "skip": None, "store": None, "again": ("no", "yes"), "facing": None,
               "capture": ("no", "yes", "lone", "option")}
    about = ("a top-level alternative: every piece of a counted kind on one of the mover's cells of the zone is "
             "taken up and sown one a cell onto the cells that follow along the links of direction D, never onto "
             "the cells of `skip=ZONE` (the emptied cell is sown on a lap); `store=ZONE` (one cell) is the mover's "
             "store; `again=yes`: a last piece landing in the store gives the mover another move; `facing=D`, "
             "`capture=yes`: a last piece landing on an empty cell of the zone takes itself and the pieces of the "
             "cell facing it (its D link) into the store, when there are some (`capture=lone`: even when there are "
             "none; `capture=option.NAME`: lone when that boolean option holds); written as the cell's letter "
             "among the mover's cells of the zone, from the mover's left")
    sentence = ("take up every piece on one of your cells of {0} and sow them one a cell onward along its links "
                "(past the cells it skips; into your store; again, when the last lands there; capturing what "
                "faces an empty cell of yours where the last lands, as its options say)")

    def effects(self, a):
        return {"sow"}


WORD = Sow()


def check(bad, node: dsl.Action, zones, directions) -> Sowing | None:
    """The sowing an action describes, or None after bad(node, message) for what is wrong.
    `zones`: the zone names of the file; `directions`: the board's direction names."""
    if len(node.args) != 1 or not isinstance(node.args[0], dsl.Name):
        bad(node, "sow needs one zone: sow(ZONE, along=D)")
        return None
    zone = node.args[0].dotted
    if zone not in zones:
        bad(node.args[0], f"unknown zone '{zone}'")
        return None
    out = Sowing(zone, "", node=node)
    for k, v in node.kwargs.items():
        if k not in WORD.options:
            bad(v, f"sow takes no option '{k}' (options: {', '.join(WORD.options)})")
            return None
        text = v.dotted if isinstance(v, dsl.Name) else None
        if text is None:
            bad(v, f"{k} takes a name")
            return None
        if k in ("along", "facing"):
            if text not in directions:
                bad(v, f"'{text}' is not a direction of this board ({', '.join(directions)})")
                return None
            setattr(out, k, text)
        elif k in ("skip", "store"):
            whose, _, name = text.rpartition(".")
            if whose not in ("", "opponent") or name not in zones:
                bad(v, f"unknown zone '{text}' (a zone, or opponent.ZONE)")
                return None
            setattr(out, k, (whose or "mine", name))
        elif k == "again":
            if text not in ("no", "yes"):
                bad(v, "again must be no or yes")
                return None
            out.again = text == "yes"
        else:
            if text not in ("no", "yes", "lone") and not (text.startswith("option.") and text.count(".") == 1):
                bad(v, "capture must be no, yes, lone or option.NAME")
                return None
            out.capture = text
    if not out.along:
        bad(node, "sow needs the direction of its order: sow(ZONE, along=D)")
        return None
    if (out.again or out.capture != "no") and out.store is None:
        bad(node, "again= and capture= need the mover's store: store=ZONE")
        return None
    if out.capture != "no" and out.facing is None:
        bad(node, "capture= needs the direction of the facing cell: facing=D")
        return None
    return out


def tables(game, s: Sowing) -> dict:
    """What the sowing's code reads, per seat of the game: the cells sown from in notation order,
    the next cell of each (skipped cells passed over), the store, the facing cells."""
    geo, n = game.geo, game.n
    nxt_link = geo.neighbours(s.along)

    def zone(whose_name, seat):
        whose, name = whose_name
        return game.zone_cells[name][seat if whose == "mine" else (seat + 1) % n]

    out = {"from": [], "next": [], "store": [], "own": [], "letter": {}}
    for seat in range(n):
        angle = math.radians(game.rules.forward[game.seats[seat]])
        right = (math.sin(angle), -math.cos(angle))
        cells = sorted(game.zone_cells[s.zone][seat], key=lambda c: geo.xy[c][0] * right[0] + geo.xy[c][1] * right[1])
        out["from"].append(tuple(cells))
        for j, c in enumerate(cells):
            out["letter"][c] = LETTERS[j]
        skip = zone(s.skip, seat) if s.skip else set()
        nxt = []
        for c in range(game.size):
            d = nxt_link[c]
            guard = 0
            while d >= 0 and d in skip and guard <= game.size:
                d, guard = nxt_link[d], guard + 1
            nxt.append(d)
        out["next"].append(nxt)
        store = sorted(zone(s.store, seat)) if s.store else []
        out["store"].append(store[0] if store else -1)
        own = [False] * game.size
        for c in cells:
            own[c] = True
        out["own"].append(own)
    out["face"] = geo.neighbours(s.facing) if s.facing else None
    out["again"] = s.again
    mode = s.capture
    if mode.startswith("option."):
        mode = "lone" if game.options.get(mode[7:]) else "yes"
    out["capture"] = {"no": 0, "yes": 1, "lone": 2}[mode]
    return out


def make_sow(t: dict, value: int, kind: int | None):
    """The function apply calls: (cells, B, K, N, me, origin) -> (cells, B, K, N, last, again).
    `value` is the byte of a cell holding the sown pieces (their kind and owner: rules.py has
    them owned by nobody, on the board B[players]), kind the index of their board in K (None:
    one kind)."""
    NEXT, STORE, OWN, FACE = t["next"], t["store"], t["own"], t["face"]
    capture, again_on = t["capture"], t["again"]
    owner = (value & 7) - 1

    def sow(cells, B, K, N, me, o):
        n = list(N)
        k = n[o]
        n[o] = 0
        nxt = NEXT[me]
        c = o
        while k:
            c = nxt[c]
            if c < 0:
                break
            n[c] += 1
            k -= 1
        again = again_on and c == STORE[me]
        if capture and n[c] == 1 and OWN[me][c]:
            f = FACE[c]
            if f >= 0 and (n[f] or capture == 2):
                n[STORE[me]] += n[f] + 1
                n[f] = n[c] = 0
        board = 0
        ba = bytearray(cells)
        for i, x in enumerate(n):
            if x:
                board |= 1 << i
                ba[i] = value
            else:
                ba[i] = 0
        b = list(B)
        b[owner] = board
        if kind is not None:
            K = K[:kind] + (board,) + K[kind + 1:]
        return bytes(ba), tuple(b), K, tuple(n), c, again
    return sow


def generator_source(game, s: Sowing, fname: str, exists: bool) -> str:
    """The phase's move generator: a sowing from each of the mover's non-empty cells of the zone."""
    L = [f"def {fname}(st):",
         f"    # sow({s.zone}) from each of the mover's non-empty cells, in notation order",
         f"    N = st[{COUNTS}]"]
    if exists:
        L += [f"    return any(N[c] for c in SOW_FROM[st[{TO_MOVE}]])"]
    else:
        L += [f"    return [('sow', c) for c in SOW_FROM[st[{TO_MOVE}]] if N[c]]"]
    return "\n".join(L) + "\n"


def why(game, st, text: str, s: Sowing) -> str:
    """Why `text` is no sowing of the player to move (for --why): no cell of theirs has that
    letter, or the cell is empty."""
    me = game.to_move(st)
    who = game.players[me]
    cells = game.sowing["from"][me]
    letters = LETTERS[:len(cells)]
    if len(text) != 1 or text not in letters:
        return (f"'{text}': a sowing is written as the letter of one of {who}'s cells of {s.zone}, "
                f"{letters[0]}..{letters[-1]} from {who}'s left")
    c = cells[letters.index(text)]
    if not st[COUNTS][c]:
        return f"'{text}': {who}'s {text} ({game.geo.name(c)}) is empty: a sowing takes up the pieces of a cell that has some"
    return f"'{text}' is not a legal move here"


def sum_counts(N, mask: int) -> int:
    """How many pieces stand on the cells of a mask (N: the counts per cell)."""
    total = 0
    while mask:
        lo = mask & -mask
        total += N[lo.bit_length() - 1]
        mask ^= lo
    return total


__all__ = ["SOW", "WORD", "Sowing", "check", "generator_source", "make_sow", "sum_counts", "tables", "why"]
