"""Tiles with sides of several kinds seen by the front-ends: the scene a picture is drawn from,
the terminal drawing and `--why` (functions of an EdgeGame).

The scene draws every segment in tile units (x east, y north, the tile from -0.5 to 0.5): a
segment of whole sides or halves as an *area* bounded by its stretches of the tile's edge, one
made only of sides' middles (between two halves) as a *path* from them to the middle of the
tile, one without points as a *spot* in the middle. A counter is drawn on its segment."""
from __future__ import annotations

import math
from typing import TYPE_CHECKING

from ...lang.expr import suggest
from .base import settled
from .edges import SIDES
from .features import NODE
from .edges import PLACE_RE
from .state import DRAW, PLACE

if TYPE_CHECKING:
    from .edgegame import EdgeGame

_CORNERS = ((-0.5, 0.5), (0.5, 0.5), (0.5, -0.5), (-0.5, -0.5))     # NW NE SE SW: the edge runs clockwise
_SPANS = {1: ((0.0, 1.0),), 2: ((0.0, 0.5), None, (0.5, 1.0)), 3: ((0.0, 0.4), (0.4, 0.6), (0.6, 1.0))}


def _at(u: float) -> tuple[float, float]:
    """The point of the tile's edge at u (0..4: N from its west end, then E, S, W)."""
    s = math.floor(u) % 4
    f = u - math.floor(u)
    (ax, ay), (bx, by) = _CORNERS[s], _CORNERS[(s + 1) % 4]
    return (round(ax + f * (bx - ax), 4), round(ay + f * (by - ay), 4))


def _span(g, kinds, p: int) -> tuple[float, float]:
    s, j = divmod(p, 3)
    n = g.shapes.npoints[kinds[s]]
    a, b = (_SPANS[n][0] if n == 1 else _SPANS[n][j])
    return s + a, s + b


def _inward(p, amount: float):
    return (round(p[0] * amount, 4), round(p[1] * amount, 4))


def _area(spans) -> list[tuple[float, float]]:
    """The outline of a segment along its stretches of the edge, closed through the inside."""
    spans = sorted(spans)
    merged = [list(spans[0])]
    for a, b in spans[1:]:
        if abs(a - merged[-1][1]) < 1e-9:
            merged[-1][1] = b
        else:
            merged.append([a, b])
    if len(merged) > 1 and abs(merged[-1][1] - 4 - merged[0][0]) < 1e-9:     # runs on across the NW corner
        merged[0][0] = merged[-1][0] - 4
        merged.pop()
    if len(merged) == 1 and merged[0][1] - merged[0][0] >= 4 - 1e-9:
        return list(_CORNERS)
    pts = []
    for i, (a, b) in enumerate(merged):
        pts.append(_at(a))
        pts += [_at(c) for c in range(math.floor(a) + 1, math.ceil(b)) if a < c < b]
        pts.append(_at(b))
        na = merged[(i + 1) % len(merged)][0]
        mid = ((pts[-1][0] + _at(na)[0]) / 2, (pts[-1][1] + _at(na)[1]) / 2)
        pts.append(_inward(mid, 0.3))
    return pts


def scene(g: "EdgeGame", st, preview=None) -> dict:
    """The tiles laid, the open cells, the score by part; the tile drawn, to place (`next`,
    unturned); with a placement move, `preview`: its tile turned on its cell."""
    plane = g.plane
    tiles = [_tile(g, st, c, t, k) for c, (t, k) in sorted(st.tiles.items(), key=lambda kv: plane.xy(kv[0]))]
    open_cells = [{"cell": plane.name(c), "x": plane.xy(c)[0], "y": plane.xy(c)[1]}
                  for c in sorted(st.frontier, key=plane.xy)]
    out = {"kind": "tiles", "tiles": tiles, "open": open_cells, "features": list(g.features),
           "parts": list(g.part_names), "points": [list(p) for p in st.points], "supply": list(st.supply),
           "next": _tile(g, st, None, st.pending, 0) if st.stage == PLACE and st.pending is not None else None}
    if out["next"] is not None and g.placed_tile(st, preview) is not None:
        t, cell, k, _ = preview
        out["preview"] = _tile(g, st, cell, t, k)
    return out


def placed_tile(g: "EdgeGame", st, move) -> tuple[str, str, int] | None:
    """The cell, tile type and turn (degrees) of a move that lays a tile, else None (the move
    names them all: the position is not needed)."""
    if move.__class__ is not tuple or len(move) != 4:
        return None
    t, cell, k, _ = move
    return g.plane.name(cell), g.type_names[t], 90 * k


def _tile(g: "EdgeGame", st, c, t: int, k: int) -> dict:
    """Tile t turned k quarter turns, on cell c (None: not laid, the tile to place), its segments
    as shapes with the counters on them."""
    plane = g.plane
    x, y = plane.xy(c) if c is not None else (None, None)
    kinds = g.shapes.kind[t][k]
    areas = []
    for i, sg in enumerate(g.segments[t]):
        pts = [(p + 3 * k) % 12 for p in sg.points]
        holder = st.claimed.get(c * NODE + i) if c is not None and c in st.tiles else None
        entry = {"feature": sg.feature, "name": g.seg_names[t][k][i], "marks": list(sg.marks),
                 "holder": holder}
        if not pts:
            entry.update(shape="spot", pts=[(0.0, 0.0)], anchor=(0.0, 0.0))
        elif all(p % 3 == 1 and g.shapes.npoints[kinds[p // 3]] == 3 for p in pts):
            ends = [_at(sum(_span(g, kinds, p)) / 2) for p in pts]
            line = [ends[0], (0.0, 0.0)] + ends[1:]
            entry.update(shape="path", pts=line, anchor=_inward(ends[0], 0.55))
        else:
            spans = [_span(g, kinds, p) for p in pts]
            outline = _area(spans)
            mids = [_at(sum(s) / 2) for s in spans]
            cx = sum(p[0] for p in mids) / len(mids)
            cy = sum(p[1] for p in mids) / len(mids)
            anchor = (cx, cy) if abs(cx) + abs(cy) > 0.2 else _inward(mids[0], 0.6)
            entry.update(shape="area", pts=outline, anchor=(round(anchor[0] * 0.7, 4), round(anchor[1] * 0.7, 4)))
        areas.append(entry)
    # draw big areas first, then smaller ones, paths and spots on top
    order = {"area": 0, "path": 1, "spot": 2}
    areas.sort(key=lambda a: (order[a["shape"]], -_size(a["pts"]) if a["shape"] == "area" else 0))
    return {"cell": plane.name(c) if c is not None else None, "x": x, "y": y, "type": g.type_names[t],
            "rotation": 90 * k, "links": [], "ends": [], "feature": None, "holder": None, "void": False,
            "sides": [g.shapes.kind_names[kd] for kd in kinds], "areas": areas}


def _size(pts) -> float:
    """The area of a polygon (shoelace)."""
    return abs(sum(a[0] * b[1] - b[0] * a[1] for a, b in zip(pts, pts[1:] + pts[:1]))) / 2


# ---------------------------------------------------------------- the terminal
def render(g: "EdgeGame", st, color: bool = False) -> str:
    """The tile map: each cell 3 rows x 5 columns, its side kinds on its sides, its type in the
    middle, the seat numbers of the counters on it at the top left; a dot where a tile may go."""
    plane, tiles = g.plane, st.tiles
    xs = [plane.xy(c)[0] for c in (*tiles, *st.frontier)]
    ys = [plane.xy(c)[1] for c in (*tiles, *st.frontier)]
    out = ["     " + "".join(f"{x:^5}" for x in range(min(xs), max(xs) + 1))]
    on = {}
    for node, seat in st.claimed.items():
        on.setdefault(node // NODE, []).append(str(seat + 1))
    for y in range(max(ys), min(ys) - 1, -1):
        rows = ["     ", f"{y:>4} ", "     "]
        for x in range(min(xs), max(xs) + 1):
            c = plane.cell(x, y)
            tile = tiles.get(c)
            if tile is None:
                rows[0] += "     "
                rows[1] += "  ·  " if c in st.frontier else "     "
                rows[2] += "     "
                continue
            t, k = tile
            n, e, s, w = (g.shapes.kind_names[kd] for kd in g.shapes.kind[t][k])
            seats = "".join(on.get(c, []))[:2]          # the seats of the counters on it, top left
            mark = f"\x1b[1m{seats:<2}\x1b[0m" if color and seats else f"{seats:<2}"
            rows[0] += f"{mark}{n}  "
            rows[1] += f"{w} {g.type_names[t][:1]} {e}"
            rows[2] += f"  {s}  "
        out.extend(r.rstrip() for r in rows)
    out.append("sides: " + ", ".join(f"{k} {' '.join(v)}" for k, v in g.rules.side_kinds.items())
               + "; counters: " + ", ".join(f"{i + 1} {p}" for i, p in enumerate(g.players)))
    left = sum(st.bag)
    if st.stage == DRAW:
        out.append(f"ply {st.ply}: {g.players[st.seat]} draws ({left} tiles in the bag)")
    elif st.stage == PLACE:
        out.append(f"ply {st.ply}: {g.players[st.seat]} places a {g.type_names[st.pending]} ({left} in the bag)")
    else:
        won = g.outcome(st).winners
        out.append(f"ply {st.ply}: game over; {' and '.join(won)} {'wins' if len(won) == 1 else 'win'}")
    out.append("")
    head = ["player", *g.part_names, "total", "supply"]
    rows = [[p, *map(str, st.points[i]), str(sum(st.points[i])), str(st.supply[i])] for i, p in enumerate(g.players)]
    widths = [max(len(r[j]) for r in [head] + rows) for j in range(len(head))]
    for r in [head] + rows:
        out.append("  ".join(v.ljust(widths[0]) if j == 0 else v.rjust(widths[j]) for j, v in enumerate(r)))
    return "\n".join(out)


# ---------------------------------------------------------------- --why
def explain(g: "EdgeGame", st, text: str) -> str:
    text, legal, answer = settled(g, st, text)
    if answer is not None:
        return answer
    if st.stage == DRAW:
        if not text.startswith("draw:"):
            return f"'{text}': a tile is drawn first (a chance move such as {legal[0]})"
        name = text[5:]
        if name not in g.type_index:
            return f"'{text}': no tile type '{name}'{suggest(name, g.type_names)}"
        return f"'{text}': no {name} is left in the bag"
    pending, who = g.type_names[st.pending], g.players[st.seat]
    m = PLACE_RE.match(text)
    if not m:
        return f"'{text}' is not a placement (e.g. {legal[0] if legal else pending + '@0,1r90'})"
    name, x, y, rot, seg = m.groups()
    if name != pending:
        return f"'{text}': the tile to place is the {pending} {who} drew"
    t, rot = st.pending, int(rot)
    if rot not in (0, 90, 180, 270):
        return f"'{text}': a rotation is 0, 90, 180 or 270"
    try:
        cell = g.plane.cell(int(x), int(y))
    except ValueError:
        return f"'{text}': cell {x},{y} is off the board"
    if cell in st.tiles:
        return f"'{text}': cell {x},{y} already holds a tile"
    if cell not in st.frontier:
        return f"'{text}': cell {x},{y} is not next to a laid tile"
    k = rot // 90
    sh = g.shapes
    if k not in sh.rots[t]:
        same = next(r for r in sh.rots[t] if _looks(g, t, r) == _looks(g, t, k))
        return f"'{text}': the same placement as r{90 * same}, which names it"
    key = st.frontier[cell]
    for s, f in enumerate(key):
        mine = sh.kind[t][k][s]
        if f >= 0 and f != mine:
            return (f"'{text}': side {SIDES[s]} of the {pending} is {sh.kind_names[mine]}, but the tile across it "
                    f"shows {sh.kind_names[f]}: a side meets only a side of its kind")
    if seg is None:
        return f"'{text}' is legal"
    names = g.seg_names[t][k]
    if seg not in names:
        return f"'{text}': the {pending} turned r{rot} has no segment {seg} (it has: {', '.join(names)})"
    if st.supply[st.seat] <= 0:
        return f"'{text}': {who} has no counter left"
    i = names.index(seg)
    if not g.allowed[t][i]:
        return f"'{text}': a {g.segments[t][i].feature} takes no counter"
    return f"'{text}': the {seg.partition(':')[0]} it joins holds a counter already"


def _looks(g, t, k):
    return (g.shapes.kind[t][k], frozenset((sg.feature, frozenset((p + 3 * k) % 12 for p in sg.points))
                                           for sg in g.segments[t]))
