"""What a picture of a path-tile position shows (`PathGame.scene`, drawn by rulebook.look), and its
terminal drawing (`PathGame.render`).

The scene: every square (x, y from a1 = 0, 0, y up), each tile's paths as pairs of points on the
laid (turned) tile, the points per side, each stone's spot (square and point) and whether it is
out, and the hands; asked for a move that lays a tile (`preview`), that tile turned on the square
the mover's stone faces (the page's preview of a move before it is played)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from .state import DRAW, OVER, PLACE

if TYPE_CHECKING:
    from .pathgame import PathGame


def placed_tile(g: "PathGame", st, move) -> tuple[str, str, int] | None:
    """The square, tile type and turn (degrees) of a move laying a tile in position st, else None."""
    if st.stage != PLACE or move.__class__ is not int or not 0 <= move < len(g.tiles.orientations):
        return None
    t, k = g.tiles.orientations[move]
    return g.squares.name(st.stones[st.seat] // g.squares.points), g.type_names[t], 90 * k


def _square(g: "PathGame", s: int, o: int) -> dict:
    """Square s as a picture shows it, with orientation o laid on it (o < 0: empty)."""
    sq = g.squares
    entry = {"cell": sq.name(s), "x": s % sq.files, "y": s // sq.files}
    if o >= 0:
        t, k = g.tiles.orientations[o]
        link = g.links[o]
        entry.update({"type": g.type_names[t], "rotation": 90 * k,
                      "paths": sorted({(min(p, q), max(p, q)) for p, q in enumerate(link)})})
    return entry


def scene(g: "PathGame", st, preview=None) -> dict:
    sq = g.squares
    squares = [_square(g, s, st.board[s]) for s in range(sq.size)]
    stones = []
    for seat, x in enumerate(st.stones):
        spot = x if x >= 0 else ~x
        s, p = divmod(spot, sq.points)
        stones.append({"seat": seat, "owner": g.players[seat], "cell": sq.name(s), "x": s % sq.files,
                       "y": s // sq.files, "point": p, "out": x < 0})
    hands = {g.players[s]: [g.type_names[t] for t in h] for s, h in enumerate(st.hands)}
    out = {"kind": "paths", "per_side": sq.per_side, "squares": squares, "stones": stones, "hands": hands,
           "pile": sum(st.pile)}
    if placed_tile(g, st, preview) is not None:
        out["preview"] = _square(g, st.stones[st.seat] // sq.points, preview)
    return out


def render(g: "PathGame", st, color: bool = False) -> str:
    """The board as a grid of squares (tile name and rotation, or · for an empty square; a stone's
    seat number on the square it faces), then the stones, the hands and whose turn it is."""
    sq = g.squares
    facing: dict = {}
    for seat, x in enumerate(st.stones):
        if x >= 0:
            facing.setdefault(x // sq.points, []).append(str(seat))
    out = ["     " + "".join(f"{chr(97 + f):^8}" for f in range(sq.files))]
    for r in range(sq.ranks - 1, -1, -1):
        row = f"{r + 1:>4} "
        for f in range(sq.files):
            s = f + sq.files * r
            o = st.board[s]
            text = g.move_names[o] if o >= 0 else "·" + "".join(facing.get(s, []))
            row += f"{text:^8}"
        out.append(row.rstrip())
    out.append("")
    for seat, x in enumerate(st.stones):
        where = sq.spot_name(x) if x >= 0 else f"out (at {sq.spot_name(~x)})"
        hand = " ".join(g.type_names[t] for t in st.hands[seat]) or "-"
        out.append(f"{seat} {g.players[seat]}: stone {where}; hand {hand}")
    out.append(f"pile: {sum(st.pile)} tiles")
    if st.stage == OVER:
        won = g.winners(st)
        out.append("over: " + (", ".join(won) + " won" if won else "a draw"))
    elif st.stage == DRAW:
        out.append(f"{g.players[st.seat]} draws from the pile")
    else:
        out.append(f"{g.players[st.seat]} to move")
    return "\n".join(out)
