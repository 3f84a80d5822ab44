"""Drawing a tile game's position in the terminal: the tile map, the status line, the score table."""
from __future__ import annotations

from typing import TYPE_CHECKING

from .routes import VOID
from .state import DRAW, PLACE, SELL

if TYPE_CHECKING:
    from .game import TileGame


_ANSI = {"red": "31", "green": "32", "yellow": "33", "blue": "34", "magenta": "35", "cyan": "36",
         "white": "37", "black": "90", "orange": "38;5;208", "purple": "35", "grey": "37", "gray": "37"}
_PALETTE = ("31", "34", "32", "33", "35", "36", "38;5;208", "37")
_GLYPH = {0: " ", 1: "╵", 2: "╶", 4: "╷", 8: "╴", 5: "│", 10: "─", 3: "└", 6: "┌", 12: "┐", 9: "┘",
          7: "├", 14: "┬", 13: "┤", 11: "┴", 15: "┼"}


def feature_letters(features) -> dict[int, str]:
    """A distinct capital letter per feature, its own initial when free."""
    out, used = {}, set()
    for i, f in enumerate(features):
        for ch in f.upper() + "ABCDEFGHIJKLMNOPQRSTUVWXYZ":
            if ch.isalpha() and ch not in used:
                used.add(ch)
                out[i] = ch
                break
    return out


def _colour(g, seat: int) -> str:
    return _ANSI.get(g.players[seat].lower(), _PALETTE[seat % len(_PALETTE)])


def render(g: "TileGame", st, color: bool = False) -> str:
    """The tile map (3 rows x 5 columns per cell, y growing upward), then the scores.

    Track runs out of a tile's sides as │ and ─ stubs; the middle shows the junction, or the
    feature's letter; a counter shows as the seat number after it (× when void), coloured
    by seat when `color` is true. A middle dot marks an empty cell where a tile may go."""
    tiles, plane = st.tiles, g.plane
    letters = feature_letters(g.features)
    xs = [plane.xy(c)[0] for c in (*tiles, *st.frontier)]
    ys = [plane.xy(c)[1] for c in (*tiles, *st.frontier)]
    x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
    tr = g.track
    out = []
    head = "     " + "".join(f"{x:^5}" for x in range(x0, x1 + 1))
    out.append(head.rstrip())
    for y in range(y1, y0 - 1, -1):
        rows = ["     ", f"{y:>4} ", "     "]
        for x in range(x0, x1 + 1):
            c = plane.cell(x, y)
            tile = tiles.get(c)
            if tile is None:
                mid = "  ·  " if c in st.frontier else "     "
                rows[0] += "     "
                rows[1] += mid
                rows[2] += "     "
                continue
            t, k, h = tile
            m = tr.mask[t][k]
            rows[0] += "  │  " if m & 1 else "     "
            rows[2] += "  │  " if m & 4 else "     "
            f = g.feat[t]
            if f >= 0:
                centre = letters[f]
            elif _split_track(tr, t, k):
                centre = "╳"
            else:
                centre = _GLYPH[m]
            mark = str(h + 1) if h >= 0 else "×" if h == VOID else ""
            east = "─" if m & 2 else " "
            if mark:
                cell_mid = centre + mark
                if color and h >= 0:
                    cell_mid = f"\x1b[1;{_colour(g, h)}m{cell_mid}\x1b[0m"
                rows[1] += ("──" if m & 8 else "  ") + cell_mid + east
            else:
                rows[1] += ("──" if m & 8 else "  ") + centre + (east * 2)
        out.extend(r.rstrip() for r in rows)
    legend = ", ".join(f"{letters[i]} {f}" for i, f in enumerate(g.features))
    seats = ", ".join(f"{i + 1} {p}" for i, p in enumerate(g.players))
    out.append(f"features: {legend}; counters: {seats}; × void")
    out.append(_status(g, st))
    out.append("")
    out.append(_score_table(g, st))
    return "\n".join(out)


def _split_track(tr, t: int, k: int) -> bool:
    """True when the tile's track falls apart into separate pieces (as two curves do)."""
    conn = tr.conn[t][k]
    sides = [s for s in range(4) if conn[s]]
    if not sides:
        return False
    seen, todo = {sides[0]}, [sides[0]]
    while todo:
        a = todo.pop()
        for b in range(4):
            if conn[a] >> b & 1 and b not in seen:
                seen.add(b)
                todo.append(b)
    return len(seen) < len(sides)


def _status(g, st) -> str:
    left = sum(st.bag)
    if st.stage == DRAW:
        return f"ply {st.ply}: {g.players[st.seat]} draws ({left} tiles in the bag)"
    if st.stage == PLACE:
        return f"ply {st.ply}: {g.players[st.seat]} places a {g.type_names[st.pending]} ({left} in the bag)"
    if st.stage == SELL:
        return f"ply {st.ply}: {g.players[st.seat]} sells ({g.sales.phase.name}; passes in a row: {st.passes})"
    won = g.outcome(st).winners
    return f"ply {st.ply}: game over; {' and '.join(won)} {'wins' if len(won) == 1 else 'win'}"


def _score_table(g, st) -> str:
    parts = g.scoring.parts(st)
    head = ["player"] + list(g.scoring.part_names) + ["total", "supply"]
    rows = [[p] + [str(v) for v in parts[i]] + [str(sum(parts[i])), str(st.supply[i])]
            for i, p in enumerate(g.players)]
    widths = [max(len(r[j]) for r in [head] + rows) for j in range(len(head))]
    fmt = lambda r: "  ".join(v.ljust(widths[0]) if j == 0 else v.rjust(widths[j]) for j, v in enumerate(r))
    return "\n".join([fmt(head)] + [fmt(r) for r in rows])
