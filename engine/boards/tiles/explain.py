"""Why a move is not legal in a tile game, in words (`rulebook moves --why`): ExplainMixin,
part of TileGame."""
from __future__ import annotations

from ...lang.expr import suggest
from .routes import OPP, SIDE_NAMES
from .state import DRAW, OVER, PLACE, PLACE_RE, SELL_RE


class ExplainMixin:
    """The explanations of TileGame, over its tables and move generation."""

    def explain(self, st, text: str) -> str:
        """Why a move is not legal here, in words."""
        text = text.strip()
        if st.stage == OVER:
            return f"'{text}': the game is over"
        legal = [self.move_str(m) for m in self.legal_moves(st)]
        if text in legal:
            return f"'{text}' is legal"
        if st.stage == DRAW:
            return self._explain_draw(st, text)
        if st.stage == PLACE:
            return self._explain_place(st, text)
        return self._explain_sale(st, text, legal)

    def _explain_draw(self, st, text):
        if not text.startswith("draw:"):
            return f"'{text}': a tile is drawn first (a chance move such as {self.move_str(st.drawable[0])})"
        name = text[5:]
        t = self.type_index.get(name)
        if t is None:
            return f"'{text}': no tile type '{name}'{suggest(name, self.type_names)}"
        if not st.bag[t]:
            return f"'{text}': no {name} piece is left in the bag"
        return f"'{text}': no {name} piece can be placed anywhere, so none is drawn"

    def _explain_place(self, st, text):
        pending = self.type_names[st.pending]
        who = self._who(st.seat)
        if text == "pass" or text.startswith(("draw:", "sell:")):
            return f"'{text}': {who} must place the drawn {pending}"
        m = PLACE_RE.match(text)
        if not m:
            return f"'{text}' is not a placement (e.g. {pending}@0,1r90)"
        name, x, y, rot, claim = m.groups()
        if name not in self.type_index:
            return f"'{text}': no tile type '{name}'{suggest(name, self.type_names)}"
        if name != pending:
            return f"'{text}': {who} has no {name} in hand: the tile to place is {pending}"
        t = st.pending
        rot = int(rot)
        if rot not in (0, 90, 180, 270):
            return f"'{text}': a rotation is 0, 90, 180 or 270"
        cell = self._cell(x, y)
        if cell is None:
            return f"'{text}': cell {x},{y} is off the board"
        if cell in st.tiles:
            return f"'{text}': cell {x},{y} already holds a {self.type_names[st.tiles[cell][0]]}"
        if cell not in st.frontier:
            return f"'{text}': cell {x},{y} is not next to a placed tile"
        k = rot // 90
        tr = self.track
        if k not in tr.rots[t]:
            same = next(r for r in tr.rots[t] if tr.conn[t][r] == tr.conn[t][k])
            return f"'{text}': the same placement as r{90 * same}, which names it"
        m_ = tr.mask[t][k]
        for s in range(4):
            nb = cell + self.plane.delta[s]
            other = st.tiles.get(nb)
            if other is None:
                continue
            mine = m_ >> s & 1
            theirs = tr.mask[other[0]][other[1]] >> OPP[s] & 1
            if mine != theirs:
                return (f"'{text}': side {SIDE_NAMES[s]} of the {pending} "
                        f"{'has track' if mine else 'is blank'}, but the {self.type_names[other[0]]} at "
                        f"{self.plane.name(nb)} {'has track' if theirs else 'is blank'} on its side "
                        f"{SIDE_NAMES[OPP[s]]}: track meets track, blank meets blank")
        if not self.claims[t]:
            return f"'{text}': the {pending} has no feature to claim: write no claim"
        feature = self.features[self.feat[t]]
        if st.supply[st.seat] > 0:
            return f"'{text}': {who} has counters left: the {feature} takes one, the only claim is '+'"
        prefix = len(text) - len(claim)
        offered = ", ".join(sorted({f"'{self.move_str(mv)[prefix:]}'" for mv in self._placements(st)
                                    if self.placement(mv)[1:3] == (cell, k)}))
        if claim in ("", "+"):
            return f"'{text}': {who} has no counter left for the {feature} (claims offered: {offered})"
        if claim.startswith("+") and len(claim) > 1:
            return f"'{text}': {claim[1:]} holds no counter of {who} to take back (claims offered: {offered})"
        return f"'{text}': claim '{claim}' is not offered (claims offered: {offered})"

    def _explain_sale(self, st, text, legal):
        who = self._who(st.seat)
        sp = self.sell.sell
        if text == "pass":
            return f"'pass': {who} has a sale ({len(legal)} offered), and passing is only for a player with none"
        m = SELL_RE.match(text)
        if not m:
            return f"'{text}' is not a sale (sell:<from x,y>><stop x,y>><to x,y>, e.g. sell:2,0>3,0>3,1) or pass"
        f, s, c = (self._cell(*m.group(i, i + 1)) for i in (1, 3, 5))
        nm = self.plane.name
        if None in (f, s, c):
            return f"'{text}': a cell is off the board"
        ft = st.tiles.get(f)
        if ft is None or not self.is_from[ft[0]]:
            return f"'{text}': there is no {sp['from']} at {nm(f)}"
        if ft[2] != st.seat:
            return f"'{text}': the {sp['from']} at {nm(f)} holds no counter of {who}"
        sides = self._route_sides(st, f)
        first = self.reach(st).first_stops
        if not any(first(f, a) and first(f, b) for a, b in self.pairs[ft[0] * 4 + ft[1]]):
            return (f"'{text}': the {sp['from']} at {nm(f)} is not on a line: no path from it reaches "
                    f"a {self.rules.stop} each way")
        stile = st.tiles.get(s)
        if stile is None or not self.net.is_stop(stile):
            void = stile is not None and self.stop_type[stile[0]]
            return f"'{text}': there is no {self.rules.stop} at {nm(s)}{' (it is void)' if void else ''}"
        if not any(s in self.reach(st).all_stops(f, b) for b in sides):
            return f"'{text}': no route leads from the {sp['from']} at {nm(f)} to the {self.rules.stop} at {nm(s)}"
        if c - s not in self.plane.delta:
            return f"'{text}': {nm(c)} is not next to the {self.rules.stop} at {nm(s)}"
        ctile = st.tiles.get(c)
        if ctile is None or not self.is_to[ctile[0]]:
            return f"'{text}': there is no {sp['to']} at {nm(c)}"
        return f"'{text}': the {sp['to']} at {nm(c)} already holds a counter"
