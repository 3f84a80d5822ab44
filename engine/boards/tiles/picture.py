"""What a picture of a tile position shows, as plain data (`TileGame.scene`).

The front-ends (rulebook.look) draw from this alone: each placed tile's cell, its track as the
pairs of sides that a path joins (so a bypass and a T-junction differ), its feature and the
counter on it; the empty cells where a tile may go; the tile drawn, to place (`next`); the score
by part (`parts`, `points`, and `supply`: each seat's counters left) under a legend of the
features' discs; and, asked for a placement move (`preview`), that tile turned as the move turns
it on the move's cell (the page's preview of a move before it is played). Sides are 0..3 = N, E,
S, W; y grows upward."""
from __future__ import annotations

from typing import TYPE_CHECKING

from .routes import VOID
from .state import PLACE

if TYPE_CHECKING:
    from .game import TileGame


def placed_tile(g: "TileGame", st, move) -> tuple[str, str, int] | None:
    """The cell, tile type and turn (degrees) of a move that lays a tile, else None (the move
    names them all: the position is not needed)."""
    if move.__class__ is not int:
        return None
    t, cell, k, _ = g.building.placement(move)
    return g.plane.name(cell), g.type_names[t], 90 * k


def scene(g: "TileGame", st, preview=None) -> dict:
    plane, tr = g.plane, g.track
    def entry(t, k, h, c=None):
        conn = tr.conn[t][k]
        links = sorted({(min(a, b), max(a, b)) for a in range(4) for b in range(4)
                        if a != b and conn[a] >> b & 1})
        # a side whose track joins no other side (a dead end into a feature)
        ends = [s for s in range(4) if tr.mask[t][k] >> s & 1 and not any(s in p for p in links)]
        x, y = plane.xy(c) if c is not None else (None, None)
        f = g.feat[t]
        return {"cell": plane.name(c) if c is not None else None, "x": x, "y": y, "type": g.type_names[t],
                "rotation": 90 * k, "links": [list(p) for p in links], "ends": ends,
                "feature": g.features[f] if f >= 0 else None, "holder": h if h >= 0 else None, "void": h == VOID}

    tiles = [entry(t, k, h, c) for c, (t, k, h) in sorted(st.tiles.items(), key=lambda kv: plane.xy(kv[0]))]
    # the tile drawn and not yet placed, unturned
    nxt = entry(st.pending, 0, -1) if st.stage == PLACE and st.pending is not None else None
    open_cells = [{"cell": plane.name(c), "x": plane.xy(c)[0], "y": plane.xy(c)[1]}
                  for c in sorted(st.frontier, key=plane.xy)]
    out = {"kind": "tiles", "tiles": tiles, "open": open_cells, "features": list(g.features), "next": nxt,
           "legend": True}
    score = g.outcome(st).breakdown             # the score by part, as the terminal's table has it
    if score:
        parts = list(next(iter(score.values())))
        out.update(parts=parts, points=[[score[p].get(k, 0) for k in parts] for p in g.players],
                   supply=list(st.supply))
    if preview is not None and nxt is not None and preview.__class__ is int:
        t, cell, k, _ = g.building.placement(preview)
        out["preview"] = entry(t, k, -1, cell)
    return out
