"""A cheap look at whether an end condition can ever hold: `validate` warns (a located finding,
not an error) where a win asks for more pieces than a player can ever have there.

Only what is decided by counting is looked at: comparisons `count(G) OP N` and `count(G in Z) OP N`
(OP ==, >= or >; N a number the file gives: a literal, an option, `KIND.reserve`, `size(Z)`),
joined by `and` and `or`. A player can have at most the pieces of the file's start zones plus
its reserve (only where no placement draws from an unlimited supply), and no more in a zone than
its cells; requirements joined by `and` on one group in zones that share no cell add up.
"""
from __future__ import annotations

from ...lang import dsl

_FLIP = {"==": "==", ">=": "<=", ">": "<", "<=": ">=", "<": ">"}


def never_holds(rules, geo, vocab, node, seat: int) -> tuple[dsl.Node, str] | None:
    """Where and why `node` (an end condition asked for `seat`) can never hold, or None when it
    may (or when counting cannot tell)."""
    supply = _supply(rules, geo, seat)
    if supply is None:
        return None

    def zone(name: str) -> set[int] | None:
        z, s = (name[9:], (seat + 1) % len(rules.players)) if name.startswith("opponent.") else (name, seat)
        return set(rules.zone_cells(geo, z, s, rules.forward[s])) if z in rules.zones else None

    def number(n) -> int | None:
        if isinstance(n, dsl.Num) and isinstance(n.value, int):
            return n.value
        if isinstance(n, dsl.Name) and n.dotted in vocab.names and vocab.names[n.dotted].code.isdigit():
            return int(vocab.names[n.dotted].code)
        if isinstance(n, dsl.Call) and n.func == "size" and len(n.args) == 1 and isinstance(n.args[0], dsl.Name):
            cells = zone(n.args[0].dotted)
            return None if cells is None else len(cells)
        if isinstance(n, dsl.BinOp) and n.op in "+-*":
            a, b = number(n.left), number(n.right)
            return None if a is None or b is None else a + b if n.op == "+" else a - b if n.op == "-" else a * b
        return None

    def requirement(n):
        """(node, group, its most pieces, cells or None, pieces asked for) of `count(...) OP N`."""
        if not isinstance(n, dsl.Compare) or n.op not in _FLIP:
            return None
        left, op, right = n.left, n.op, n.right
        if not isinstance(left, dsl.Call):
            left, op, right = right, _FLIP[op], left
        if op not in ("==", ">=", ">") or not (isinstance(left, dsl.Call) and left.func == "count"
                                                and len(left.args) == 1 and not left.kwargs):
            return None
        asked = number(right)
        if asked is None:
            return None
        arg, cells = left.args[0], None
        if isinstance(arg, dsl.In) and isinstance(arg.right, dsl.Name):
            cells = zone(arg.right.dotted)
            if cells is None:
                return None
            arg = arg.left
        if not isinstance(arg, dsl.Name) or arg.dotted not in supply:
            return None
        return n, arg.dotted, supply[arg.dotted], cells, asked + (1 if op == ">" else 0)

    def conjuncts(n):
        return conjuncts(n.left) + conjuncts(n.right) if isinstance(n, dsl.BoolOp) and n.op == "and" else [n]

    def fails(n) -> tuple[dsl.Node, str] | None:
        if isinstance(n, dsl.BoolOp) and n.op == "or":
            a = fails(n.left)
            return a if a and fails(n.right) else None
        reqs = []
        for part in conjuncts(n):
            if isinstance(part, dsl.BoolOp):
                found = fails(part)
                if found:
                    return found
                continue
            r = requirement(part)
            if r is None:
                continue
            at, group, most, cells, asked = r
            where = "" if cells is None else f" in a zone of {len(cells)} cells"
            if asked > most:
                return at, f"it asks for {asked} pieces ({group}), and a player has at most {most}"
            if cells is not None and asked > len(cells):
                return at, f"it asks for {asked} pieces{where}"
            reqs.append(r)
        by_group: dict[str, list] = {}
        for r in reqs:
            if r[3] is not None:
                by_group.setdefault(r[1], []).append(r)
        for group, rs in by_group.items():
            apart = all(not (a[3] & b[3]) for i, a in enumerate(rs) for b in rs[i + 1:])
            total = sum(r[4] for r in rs)
            if len(rs) > 1 and apart and total > rs[0][2]:
                return rs[-1][0], (f"it asks for {' + '.join(str(r[4]) for r in rs)} = {total} pieces ({group}) "
                                   f"in zones that share no cell, and a player has at most {rs[0][2]}")
        return None

    return fails(node)


def _supply(rules, geo, seat: int) -> dict[str, int] | None:
    """The most pieces the seat can ever have, by group name (`mine`, `mine.KIND`): its start
    pieces and reserve; None when a placement draws from an unlimited supply."""
    if any(ph.places for ph in rules.phases) and not any(k.reserve for k in rules.kinds):
        return None
    own = {k.name: (len(rules.zone_cells(geo, k.start, seat, rules.forward[seat])) if k.start and not k.neutral
                    else 0) + k.reserve for k in rules.kinds if not k.neutral}
    total = sum(own.values())
    becomes = {t for k in rules.kinds for t in k.promote_to + ([k.moved] if k.moved else [])}
    out = {"mine": total}
    for name, n in own.items():
        out[f"mine.{name}"] = total if name in becomes else n
    return out
