"""place(ZONE): a move starts by putting a new piece on an empty cell of the zone."""
from __future__ import annotations

from ....lang import dsl
from ..layout import BOARDS, TO_MOVE
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

    lands = True

    def captures_on_landing(self, a):
        return True

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


def placement_tables(game, name: str, kind, bits: str, ind: str = "    ") -> list[str]:
    """Tables of the placements of `kind` (no capture), ns[name][seat] a tuple per byte of the
    board (its moves by the byte's value, lowest cell first); the lines that append to `moves`
    those onto the cells of the mask `bits`, in the order of the cells."""
    from ..movegen import target_groups
    cells = sorted(game.geo.cells())
    value = game.kind_values[kind.name]
    game._ns[name] = [tuple(rows for _m, _low, rows in target_groups(
        {1 << t: (-1, t, 0, None, 0, value | (seat + 1), None, None) for t in cells}, len(cells)))
        for seat in range(game.n)]
    L = [f"{ind}q = {name}[me]", f"{ind}moves = []"]
    for g, (mask, low, _rows) in enumerate(target_groups({1 << t: 0 for t in cells}, len(cells))):
        if low is None:
            L.append(f"{ind}if (g := {bits} & {mask:#x}): moves += q[{g}][g]")
        else:
            part = f"({bits} >> {low}) & 0xff" if low else f"{bits} & 0xff"
            L.append(f"{ind}if {bits} & {mask:#x}: moves += q[{g}][{part}]")
    return L


def plain_placement(game, ph, rules_ok: bool = False):
    """(the place action, its kind) where the phase's one move is a placement of a piece from an
    unlimited supply onto an empty cell, of a kind that never promotes, with no rule (unless
    `rules_ok`: the caller has read them), on a zone whose cells are listed lowest first; else
    None."""
    if ph.rules and not rules_ok:
        return None
    if ph.kinds or ph.drops or ph.legal or ph.lets or ph.priority or ph.sows or len(ph.places) != 1:
        return None
    a = ph.places[0]
    a = a.left if isinstance(a, dsl.Seq) else a
    if not (isinstance(a, dsl.Action) and a.name == "place") or keyword(a, "onto", "empty") != "empty":
        return None
    kind = next(k for k in game.kinds if k.name == keyword(a, "kind", None))
    if kind.reserve or kind.hand is not None or kind.promote_to or game._choosing or game.turns \
            or any(list(c) != sorted(c) for c in game.zone_cells[a.args[0].dotted]):
        return None
    return a, kind


def bulk_source(game, ph, fname: str) -> str | None:
    """The move generator of a phase whose one move is a bare plain placement (plain_placement),
    its landing rules, if any, those support_mask turns into a mask: the moves onto the empty
    (and supported) cells of the zone read from tables a byte of the board at a time. None for
    any other phase."""
    mask = support_mask(game, ph) if ph.rules else ""
    found = plain_placement(game, ph, rules_ok=True) if mask is not None else None
    if found is None or not isinstance(ph.places[0], dsl.Action):
        return None
    a, kind = found
    occ = " | ".join(f"B[{i}]" for i in range(game.n + (1 if game.neutral else 0)))
    L = [f"def {fname}(st):",
         f"    B = st[{BOARDS}]",
         f"    me = st[{TO_MOVE}]"]
    if ph.rules:
        L += [f"    occ = {occ}",
              f"    # landing rules {', '.join(repr(r.name) for r in ph.rules)}: the cells they allow, as a mask",
              f"    free = ZM_{a.args[0].dotted}[me] & ~occ & {mask}"]
    else:
        L.append(f"    free = ZM_{a.args[0].dotted}[me] & ~({occ})")
    L += placement_tables(game, f"PLACE_{ph.name}", kind, "free")
    return "\n".join(L + ["    return moves"]) + "\n"


def supported_by(node) -> str | None:
    """D where a landing rule is `not empty(neighbour(landing, D))` (a filled cell next to the
    landing that way, or the board's edge: a piece rests on what is below it); else None."""
    ok = isinstance(node, dsl.Not) and isinstance(node.operand, dsl.Call) and node.operand.func == "empty" \
        and len(node.operand.args) == 1
    arg = node.operand.args[0] if ok else None
    if isinstance(arg, dsl.Call) and arg.func == "neighbour" and len(arg.args) == 2 and not arg.kwargs \
            and isinstance(arg.args[0], dsl.Name) and arg.args[0].dotted == "landing" \
            and isinstance(arg.args[1], dsl.Name):
        return arg.args[1].dotted
    return None


def support_mask(game, ph) -> str | None:
    """The cells a phase's landing rules allow, as one expression over `occ` (the filled cells),
    where every rule is supported_by a direction D whose neighbour is, for every seat alike, the
    cell whose number is a fixed shift of the landing's: (the cells with no neighbour that way,
    the edge) | (those with one, where `occ` shifted back has that neighbour). `empty` of the
    edge is false (what lies off the board reads as filled), so the edge's cells are allowed.
    None for any other rules (or a plain game, whose state has no edge cell to read)."""
    nexts = game._ns.get("NEXT", {})
    if not ph.rules or not game.general:
        return None
    terms = []
    for r in ph.rules:
        d = supported_by(r.node)
        rows = nexts.get(d)
        if rows is None or any(list(row) != list(rows[0]) for row in rows):
            return None
        row, cells, off = rows[0], game.geo.cells(), game.size
        shifts = {row[c] - c for c in cells if row[c] != off}
        if len(shifts) != 1:
            return None
        (shift,) = shifts
        name = f"SUPPORT_{d}"
        game._ns[f"{name}_EDGE"] = sum(1 << c for c in cells if row[c] == off)
        game._ns[f"{name}_NEXT"] = sum(1 << c for c in cells if row[c] != off)
        back = f"(occ >> {shift})" if shift >= 0 else f"(occ << {-shift})"
        terms.append(f"({name}_EDGE | ({name}_NEXT & {back}))")
    return " & ".join(terms)


WORD = Place()
