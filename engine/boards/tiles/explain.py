"""Why a move is not legal in a tile game, in words (`rulebook moves --why`), from the game's
tables and its parts' move generation."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...lang.expr import suggest
from .base import settled
from .routes import OPP, SIDE_NAMES
from .state import DRAW, HOLDER, PLACE, PLACE_RE, SELL_RE, TURN, TYPE

if TYPE_CHECKING:
    from .game import TileGame


def explain(g: "TileGame", st, text: str) -> str:
    """Why a move is not legal here, in words."""
    text, legal, answer = settled(g, st, text)
    if answer is not None:
        return answer
    if st.stage == DRAW:
        return _draw(g, st, text)
    if st.stage == PLACE:
        return _place(g, st, text)
    return _sale(g, st, text, legal)


def _draw(g, st, text):
    if not text.startswith("draw:"):
        return f"'{text}': a tile is drawn first (a chance move such as {g.move_str(st.drawable[0])})"
    name = text[5:]
    t = g.type_index.get(name)
    if t is None:
        return f"'{text}': no tile type '{name}'{suggest(name, g.type_names)}"
    if not st.bag[t]:
        return f"'{text}': no {name} piece is left in the bag"
    return f"'{text}': no {name} piece can be placed anywhere, so none is drawn"


def _place(g, st, text):
    pending = g.type_names[st.pending]
    who = g.players[st.seat]
    if text == "pass" or text.startswith(("draw:", "sell:")):
        return f"'{text}': {who} must place the drawn {pending}"
    m = PLACE_RE.match(text)
    if not m:
        return f"'{text}' is not a placement (e.g. {pending}@0,1r90)"
    name, x, y, rot, claim = m.groups()
    if name not in g.type_index:
        return f"'{text}': no tile type '{name}'{suggest(name, g.type_names)}"
    if name != pending:
        return f"'{text}': {who} has no {name} in hand: the tile to place is {pending}"
    t = st.pending
    rot = int(rot)
    if rot not in (0, 90, 180, 270):
        return f"'{text}': a rotation is 0, 90, 180 or 270"
    cell = _cell(g, x, y)
    if cell is None:
        return f"'{text}': cell {x},{y} is off the board"
    if cell in st.tiles:
        return f"'{text}': cell {x},{y} already holds a {g.type_names[st.tiles[cell][TYPE]]}"
    if cell not in st.frontier:
        return f"'{text}': cell {x},{y} is not next to a placed tile"
    k = rot // 90
    tr = g.track
    if k not in tr.rots[t]:
        same = next(r for r in tr.rots[t] if tr.conn[t][r] == tr.conn[t][k])
        return f"'{text}': the same placement as r{90 * same}, which names it"
    m_ = tr.mask[t][k]
    for s in range(4):
        nb = cell + g.plane.delta[s]
        other = st.tiles.get(nb)
        if other is None:
            continue
        mine = m_ >> s & 1
        theirs = tr.mask[other[TYPE]][other[TURN]] >> OPP[s] & 1
        if mine != theirs:
            return (f"'{text}': side {SIDE_NAMES[s]} of the {pending} "
                    f"{'has track' if mine else 'is blank'}, but the {g.type_names[other[TYPE]]} at "
                    f"{g.plane.name(nb)} {'has track' if theirs else 'is blank'} on its side "
                    f"{SIDE_NAMES[OPP[s]]}: track meets track, blank meets blank")
    if not g.building.claims[t]:
        return f"'{text}': the {pending} has no feature to claim: write no claim"
    feature = g.features[g.feat[t]]
    if st.supply[st.seat] > 0:
        return f"'{text}': {who} has counters left: the {feature} takes one, the only claim is '+'"
    prefix = len(text) - len(claim)
    offered = ", ".join(sorted({f"'{g.move_str(mv)[prefix:]}'" for mv in g.building.placements(st)
                                if g.building.placement(mv)[1:3] == (cell, k)}))
    if claim in ("", "+"):
        return f"'{text}': {who} has no counter left for the {feature} (claims offered: {offered})"
    if claim.startswith("+") and len(claim) > 1:
        return f"'{text}': {claim[1:]} holds no counter of {who} to take back (claims offered: {offered})"
    return f"'{text}': claim '{claim}' is not offered (claims offered: {offered})"


def _sale(g, st, text, legal):
    who = g.players[st.seat]
    sp = g.sales.phase.sell
    if text == "pass":
        return f"'pass': {who} has a sale ({len(legal)} offered), and passing is only for a player with none"
    m = SELL_RE.match(text)
    if not m:
        return f"'{text}' is not a sale (sell:<from x,y>><stop x,y>><to x,y>, e.g. sell:2,0>3,0>3,1) or pass"
    f, s, c = (_cell(g, *m.group(i, i + 1)) for i in (1, 3, 5))
    nm = g.plane.name
    if None in (f, s, c):
        return f"'{text}': a cell is off the board"
    ft = st.tiles.get(f)
    if ft is None or not g.sales.is_from[ft[TYPE]]:
        return f"'{text}': there is no {sp['from']} at {nm(f)}"
    if ft[HOLDER] != st.seat:
        return f"'{text}': the {sp['from']} at {nm(f)} holds no counter of {who}"
    sides = g.sales.route_sides(st, f)
    first = g.reach(st).first_stops
    if not any(first(f, a) and first(f, b) for a, b in g.pairs[ft[TYPE] * 4 + ft[TURN]]):
        return (f"'{text}': the {sp['from']} at {nm(f)} is not on a line: no path from it reaches "
                f"a {g.rules.stop} each way")
    stile = st.tiles.get(s)
    if stile is None or not g.net.is_stop(stile):
        void = stile is not None and g.stop_type[stile[TYPE]]
        return f"'{text}': there is no {g.rules.stop} at {nm(s)}{' (it is void)' if void else ''}"
    if not any(s in g.reach(st).all_stops(f, b) for b in sides):
        return f"'{text}': no route leads from the {sp['from']} at {nm(f)} to the {g.rules.stop} at {nm(s)}"
    if c - s not in g.plane.delta:
        return f"'{text}': {nm(c)} is not next to the {g.rules.stop} at {nm(s)}"
    ctile = st.tiles.get(c)
    if ctile is None or not g.sales.is_to[ctile[TYPE]]:
        return f"'{text}': there is no {sp['to']} at {nm(c)}"
    return f"'{text}': the {sp['to']} at {nm(c)} already holds a counter"


def _cell(g, x: str, y: str) -> int | None:
    try:
        return g.plane.cell(int(x), int(y))
    except ValueError:
        return None
