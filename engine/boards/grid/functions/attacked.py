"""attacked(CELL), attacked(GROUP): could another player's piece capture on the cell (on a piece of
the group) with one of its capturing single steps, slides or hops, each an alternative of its own,
or with a stepping sequence (steps onto empty cells, then a capturing step, perhaps between zone
tests)?

Its code is written per game (`source`): per attacking seat one bitboard test per step table and
a first-piece-on-a-ray bit trick per group of slides, and `_hit`, the same question asked of
boards after a move without building its state (the `legal` rules' fast path in game.py)."""
from __future__ import annotations

import functools
import itertools
import operator

from ....api import RulebookError
from ....lang import dsl
from ....lang.expr import BOOL, CELL, GROUP, Function
from ..topology import direction_sets
from ..patterns import _straight, pattern_actions
from ..words import WORDS, keyword

FUNCTION = Function(((CELL, GROUP),), BOOL,
                    lambda a, t: f"_attacked(st, me, {'BIT[' + a[0] + ']' if t[0] == CELL else a[0]})",
                    "another player's piece could capture there (on the cell, or on a piece of the group) "
                    "with one of its capturing steps, slides, hops or stepping sequences")


def ways(game) -> dict[int, list[tuple]]:
    """kind index -> the (step|slide|hop, direction set) of its plain capturing alternatives, and
    ("leg", (direction sets...), before, after) of its stepping sequences (steps onto empty
    cells, then a capturing step: the horse's leg), each perhaps between zone tests: `before`
    the zone its origin must be in, `after` the zone it must land in ((zone, of the opponent)
    or None)."""
    sets = direction_sets(game.rules.dirsets, game.geo)
    zones = set(game.rules.zones)
    out: dict[int, list] = {}
    for ph in game.rules.phases:
        for kind, alts in ph.kinds:
            for a in alts:
                way = None
                if isinstance(a, dsl.Action) and a.name in ("step", "slide", "hop") and \
                        WORDS[a.name].can_capture(a) and isinstance(a.args[0], dsl.Name) \
                        and a.args[0].dotted in sets:
                    way = (a.name, a.args[0].dotted)
                else:
                    way = leg(a, sets, zones)
                if way:
                    for ki in (range(len(game.kinds)) if kind is None else [kind]):
                        out.setdefault(ki, []).append(way)
    return out


def _zone_test(a, names, zones):
    """(zone, of the opponent) of `when(landing in Z)` (`names`: the cell names allowed), or None."""
    if not (isinstance(a, dsl.Action) and a.name == "when" and isinstance(a.args[0], dsl.In)):
        return None
    left, right = a.args[0].left, a.args[0].right
    if not (isinstance(left, dsl.Name) and left.dotted in names and isinstance(right, dsl.Name)):
        return None
    z = right.dotted
    if z in zones:
        return (z, False)
    if z.startswith("opponent.") and z[9:] in zones:
        return (z[9:], True)
    return None


def leg(alt, sets, zones=()):
    """The way attacked() counts a stepping sequence (a fixed sequence of steps with no other
    option onto empty cells, then one capturing step), perhaps after a zone test of its origin
    (`when(landing in Z)`) and before a zone test of its landing: ("leg", sets, before, after);
    None for any other alternative."""
    if not _straight(alt):
        return None
    acts = pattern_actions(alt)
    before = after = None
    if acts and acts[0].name == "when":
        before = _zone_test(acts[0], ("landing", "origin"), zones)
        if before is None:
            return None
        acts = acts[1:]
    if acts and acts[-1].name == "when":
        after = _zone_test(acts[-1], ("landing",), zones)
        if after is None:
            return None
        acts = acts[:-1]
    if len(acts) < 2 and before is None and after is None:
        return None             # (a lone step: a plain way)
    if not acts or not all(a.name == "step" and set(a.kwargs) <= {"capture"} and isinstance(a.args[0], dsl.Name)
                           and a.args[0].dotted in sets for a in acts):
        return None
    if any(keyword(a, "capture", "no") != "no" for a in acts[:-1]) or keyword(acts[-1], "capture", "no") == "no":
        return None
    return ("leg", tuple(x.args[0].dotted for x in acts), before, after)


def pins_suffice(game) -> bool:
    """Does a move of another piece break `not attacked(G)` only by opening a line to G (the
    pins of game.py's fast path)? Not where a piece can attack over a screen (a piece moving
    onto the line makes one) or through a leg (a piece leaving it opens the way)."""
    return not any(way[0] in ("hop", "leg") for acts in ways(game).values() for way in acts)


def source(game, ns: dict) -> tuple[str, str]:
    """_attacked(st, me, mask): could another player's piece capture on a cell of `mask` (a
    piece there of someone other than its owner; on an empty cell, of someone other than
    `me`) with one of its capturing single steps or slides (the word `attacked`)? Per
    attacking seat: one bitboard test per step table (kinds stepping alike share it), and
    per group of directions slid by the same kinds, the first piece on each ray found by a
    bit trick (rays run to higher or lower cell numbers)."""
    geo, n = game.geo, game.n
    sets = direction_sets(game.rules.dirsets, geo)
    by_kind = ways(game)

    def kinds_code(kinds):
        if not game.multi:
            return "own"
        return "own & " + (f"K[{kinds[0]}]" if len(kinds) == 1 else "(" + " | ".join(f"K[{k}]" for k in kinds) + ")")

    sliding = []            # (attacking seat, kinds, per cell the masks of its rays)
    # per attacking seat, per cell: the cells whose occupancy can change whether it attacks the
    # cell (its rays, hops and legs that reach it), for the fast path of game.py's _sensed_gen
    opens = [[0] * (game.size + 1) for _ in range(n)]
    stepped = [[0] * (game.size + 1) for _ in range(n)]     # ... and the cells its steps and leaps come from
    # _hit(B, K, occ, clear, p, c): the same question for one cell c, asked of the seats
    # other than p, on given boards (the pieces on `clear` left out): a position after a
    # move without building it
    L = ["def _hit(B, K, occ, clear, p, c):"]
    for s in range(n):
        steps: dict[tuple, list[int]] = {}
        slides: dict[tuple, list[int]] = {}          # direction vector -> kinds sliding it
        hops: dict[tuple, list[int]] = {}            # direction vector -> kinds hopping along it
        legs: dict[tuple, list[int]] = {}            # a sequence of vectors -> kinds stepping it
        for ki, acts in sorted(by_kind.items()):
            for name, dirs, *zoned in dict.fromkeys(acts):
                if name == "leg":
                    for seq in itertools.product(*([x for x in (game.vector(s, w) for w in sets[d]) if x is not None]
                                                   for d in dirs)):
                        key = (seq, *zoned)
                        legs.setdefault(key, [])
                        if ki not in legs[key]:
                            legs[key].append(ki)
                    continue
                for v in dict.fromkeys(x for x in (game.vector(s, w) for w in sets[dirs]) if x is not None):
                    if name == "hop":
                        hops.setdefault(v, [])
                        if ki not in hops[v]:
                            hops[v].append(ki)
                    elif name == "step":
                        steps.setdefault(v, [])
                        if ki not in steps[v]:
                            steps[v].append(ki)
                    else:
                        slides.setdefault(v, [])
                        if ki not in slides[v]:
                            slides[v].append(ki)
        tests = []
        by_kinds: dict[tuple, list] = {}            # kinds -> vectors they step along
        for v, kinds in steps.items():
            by_kinds.setdefault(tuple(kinds), []).append(v)
        for kinds, vecs in by_kinds.items():
            table = [0] * (game.size + 1)
            for c in geo.cells():
                for v in vecs:
                    a = geo.neighbour(c, geo.back(v)) if geo.back(v) is not None else -1
                    if a >= 0:
                        table[c] |= 1 << a
            name = f"AT_STEP{s}_{len(tests)}"
            ns[name] = table
            for c, cells in enumerate(table):
                stepped[s][c] |= cells
            tests.append(f"if {kinds_code(kinds)} & {name}[c]: return True")
        groups: dict[tuple, list] = {}
        for v, kinds in slides.items():
            groups.setdefault(tuple(kinds), []).append(v)
        for kinds, vecs in groups.items():
            table = _rays_back(game, vecs, 1)
            sliding.append((s, kinds, table))
            for c, rays in enumerate(table):
                for m, _up in rays:
                    opens[s][c] |= m
            name = f"AT_RAY{s}_{len(tests)}"
            ns[name] = table
            ns[name + "u"] = [sum(m for m, _up in rays) for rays in table]      # all the rays at once
            tests += [f"sl = {kinds_code(kinds)} & {name}u[c]",
                      "if sl:",
                      f"    for m, up in {name}[c]:",
                      "        y = occ & m",
                      "        if y and (y & -y if up else 1 << (y.bit_length() - 1)) & sl: return True"]
        tests += _legs(game, ns, s, legs, kinds_code, len(tests)) + _hops(game, ns, s, hops, kinds_code, len(tests))
        for name in ns:
            if name.startswith(f"AT_LEG{s}_") and not name.endswith("u"):
                for c, entries in enumerate(ns[name]):
                    for _origin, way in entries:
                        opens[s][c] |= way
            elif name.startswith(f"AT_HOP{s}_") and not name.endswith("u"):
                for c, rays in enumerate(ns[name]):
                    for ray, _up in rays:
                        opens[s][c] |= ray
        if tests:
            L += [f"    if p != {s}:", f"        own = B[{s}] & ~clear", "        if own:"]
            L += ["            " + t for t in tests]
    L += ["    return False", "",
          "def _attacked(st, me, mask):",
          f"    cells = {game.layout.read('cells')}; B = {game.layout.read('boards')}; K = {game.layout.read('kinds')}",
          "    occ = " + game.occ_source,
          "    while mask:",
          "        lo = mask & -mask; mask ^= lo; c = lo.bit_length() - 1",
          "        p = (cells[c] & 7) - 1",
          f"        if not 0 <= p < {n}:",
          "            p = me",
          "        if _hit(B, K, occ, 0, p, c):",
          "            return True",
          "    return False"]
    ns["AT_OPEN"] = [[functools.reduce(operator.or_, (opens[s][c] for s in range(n) if s != p), 0)
                      for c in range(game.size + 1)] for p in range(n)]
    # AT_NEAR[p][c]: every cell whose occupancy can change whether c (a piece of p's) is attacked:
    # AT_OPEN's, and the cells the others' pieces step or leap to c from (near_cells)
    ns["AT_NEAR"] = [[functools.reduce(operator.or_, (opens[s][c] | stepped[s][c] for s in range(n) if s != p), 1 << c)
                      for c in range(game.size + 1)] for p in range(n)]
    ns["_near_cells"] = functools.partial(near_cells, table=ns["AT_NEAR"])
    # XRAY[p][c]: (the cells of a line along which another player's pieces of group j could
    # slide to c, does it run to higher cells, j); `sliders` the pieces of each group j
    ns["XRAY"] = [[tuple((m, up, j) for j, (s, _k, rays) in enumerate(sliding) if s != p for m, up in rays[c])
                   for c in range(game.size + 1)] for p in range(n)]
    sliders = "(" + "".join(f"B[{s}] & {kinds_code(kinds)[6:]}, " if game.multi else f"B[{s}], "
                                  for s, kinds, _m in sliding) + ")"
    return "\n".join(L) + "\n", sliders


def near_cells(cells, me: int, mask: int, table) -> int:
    """The cells whose occupancy can change whether a piece of `mask` is attacked (table:
    AT_NEAR; cells: the position's bytes, whose owner bits say whose piece stands there, the
    mover's `me` where none does)."""
    out = 0
    while mask:
        lo = mask & -mask
        mask ^= lo
        c = lo.bit_length() - 1
        p = (cells[c] & 7) - 1
        out |= table[p if 0 <= p < len(table) else me][c]
    return out


def _legs(game, ns, s, legs, kinds_code, n) -> list[str]:
    """The tests of seat s's stepping sequences (ways "leg"): per target cell, the cells from
    which a piece of those kinds reaches it and the cells on the way that must be empty (the
    origin and the target within the zones the sequence tests, if it tests them)."""
    geo, tests = game.geo, []

    def zone(z):
        return None if z is None else set(game.zone_cells[z[0]][(s + 1) % game.n if z[1] else s])
    groups: dict[tuple, list] = {}
    for (seq, before, after), kinds in legs.items():
        groups.setdefault(tuple(kinds), []).append((seq, zone(before), zone(after)))
    for kinds, seqs in groups.items():
        table = [[] for _ in range(game.size + 1)]
        for a in geo.cells():
            for seq, before, after in seqs:
                if before is not None and a not in before:
                    continue
                way, c = [], a
                for v in seq:
                    c = geo.neighbour(c, v)
                    if c < 0:
                        break
                    way.append(c)
                if c < 0 or after is not None and c not in after:
                    continue
                entry = (1 << a, sum(1 << x for x in set(way[:-1]) - {a}))  # (the origin counts as empty)
                if entry not in table[c]:
                    table[c].append(entry)
        name = f"AT_LEG{s}_{n + len(tests)}"
        ns[name] = [tuple(t) for t in table]
        ns[name + "u"] = [sum(b for b, _m in t) for t in table]
        tests += [f"lg = {kinds_code(kinds)} & {name}u[c]",
                  "if lg:",
                  f"    for ab, lm in {name}[c]:",
                  "        if lg & ab and not occ & lm: return True"]
    return tests


def _rays_back(game, vecs, shortest: int) -> list[tuple]:
    """By target cell: the rays back from it along each vector of `vecs` with at least `shortest`
    cells, each as (its cells' bits, whether its cells run up the index)."""
    geo = game.geo
    table = [()] * (game.size + 1)
    for c in geo.cells():
        rays = []
        for v in vecs:
            back = geo.back(v)
            ray = geo.ray(c, back) if back is not None else ()
            if len(ray) >= shortest:
                # the first piece on a ray is found by a bit trick: its cells must run one way
                # along the index (always so on a lattice)
                up = ray == tuple(sorted(ray))
                if not up and ray != tuple(sorted(ray, reverse=True)):
                    raise RulebookError(f"{game.rules.src_file}: attacked() along the {back} links "
                                        f"from {geo.name(c)}: their points must come in the order "
                                        "the board lists them, or the reverse")
                rays.append((sum(1 << x for x in ray), up))
        table[c] = tuple(rays)
    return table


def _hops(game, ns, s, hops, kinds_code, n) -> list[str]:
    """The tests of seat s's hops: along each ray from the target, the piece after the first
    one (the screen) is a hopper of those kinds."""
    tests = []
    groups: dict[tuple, list] = {}
    for v, kinds in hops.items():
        groups.setdefault(tuple(kinds), []).append(v)
    for kinds, vecs in groups.items():
        table = _rays_back(game, vecs, 2)       # a screen and a hopper: two cells at least
        name = f"AT_HOP{s}_{n + len(tests)}"
        ns[name] = table
        ns[name + "u"] = [sum(m for m, _up in rays) for rays in table]
        tests += [f"hp = {kinds_code(kinds)} & {name}u[c]",
                  "if hp:",
                  f"    for m, up in {name}[c]:",
                  "        y = occ & m",
                  "        if y:",
                  "            y ^= y & -y if up else 1 << (y.bit_length() - 1)",
                  "            if y and (y & -y if up else 1 << (y.bit_length() - 1)) & hp: return True"]
    return tests
