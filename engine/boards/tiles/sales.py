"""The routes part of a tile game (Sales, a part of TileGame): the path memo of a position, and
the sell phase over it: the sales a seat may make, a sale or a pass applied (tolls paid on the
way), the route a sale takes. The route search itself is routes.py."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...api import IllegalMove
from .routes import EMPTY, Reach
from .state import HOLDER, OVER, SELL, TYPE, TileState

if TYPE_CHECKING:
    from .game import TileGame


class Sales:
    """Sales along routes. `until` ((state, last seller) -> bool, the phase's end) is set by the
    game once its expressions are compiled."""

    def __init__(self, game: "TileGame"):
        self.n, self.width = game.n, game.width
        self.net, self.plane, self.exits, self.feat = game.net, game.plane, game.exits, game.feat
        self.move_str = game.move_str
        self.instrument, self.stats = game.instrument, game.stats
        phase = self.phase = next((p for p in game.rules.phases if p.kind == "sell"), None)
        sell = phase.sell if phase is not None else {"from": None, "to": None, "toll": 0}
        types = game.rules.types
        self.is_from = tuple(phase is not None and t.feature == sell["from"] for t in types)
        self.is_to = tuple(phase is not None and t.feature == sell["to"] for t in types)
        self.toll = sell["toll"]
        self.until = None

    def reach(self, st: TileState) -> Reach:
        """The path memo of a position: shared through selling (track and stops no longer change),
        made on demand while building, when a tile may still end a path or void a stop."""
        r = st.reach
        if r is None:
            r = st.reach = Reach(self.net, st.tiles)
        return r

    def begin(self, st: TileState, mover: int) -> None:
        """Turn a fresh (unpublished) position, just built, into the first one of selling."""
        st.stage = SELL
        st.seat = (mover + 1) % self.n if self.phase.start == "after_last" else 0
        st.passes = 0
        st.reach = Reach(self.net, st.tiles)
        if self.until(st, mover):
            st.stage = OVER

    def offered(self, st) -> list:
        """The sales the seat to move may make (no pass)."""
        seat, tiles, reach = st.seat, st.tiles, self.reach(st)
        is_from, is_to, exits, delta = self.is_from, self.is_to, self.exits, self.plane.delta
        first, through = reach.first_stops, reach.all_stops
        sales: dict = {}
        for f, (t, k, h) in tiles.items():
            if h != seat or not is_from[t]:
                continue
            ex = exits[t * 4 + k]
            for a in range(4):
                if not ex[a] or not first(f, a):
                    continue
                for b in ex[a]:
                    for s in through(f, b):
                        for d in delta:
                            c = s + d
                            ct = tiles.get(c)
                            if ct is not None and is_to[ct[TYPE]] and ct[HOLDER] == EMPTY:
                                sales[("s", f, s, c)] = None
        return list(sales)

    def apply(self, st, move) -> TileState:
        """The position after a sale ("s", from, stop, to) or a pass, in the sell stage."""
        seat = st.seat
        passes, tolls, tiles, census = 0, st.tolls, st.tiles, st.census
        if move[0] == "s":
            tiles, census, tolls = self._sold(st, move)
        else:
            passes = st.passes + 1
            if self.instrument:
                self.stats["passes"] += 1
        new = TileState(tiles, st.frontier, st.keys, st.bag, st.bagmask, (), st.supply, tolls, census,
                        SELL, (seat + 1) % self.n, None, passes, st.ply + 1, self.reach(st))
        if self.until(new, seat):
            new.stage = OVER
        return new

    def route_sides(self, st, f) -> list[int]:
        """The sides a sale may leave its `from` tile f by: partners of sides leading back to a stop."""
        t, k, _ = st.tiles[f]
        ex = self.exits[t * 4 + k]
        first = self.reach(st).first_stops
        return sorted({b for a in range(4) if ex[a] and first(f, a) for b in ex[a]})

    def route(self, st, move):
        """(cells, charged stops) of the best route of a sale, or None when its stop is not reached."""
        _, f, s, _c = move
        seller = st.seat
        return self.net.best_route(st.tiles, f, self.route_sides(st, f), s,
                                   lambda cell, tile: tile[HOLDER] >= 0 and tile[HOLDER] != seller)

    def _sold(self, st, move):
        """The tiles, census and tolls after a sale; IllegalMove if it is not possible here."""
        _, f, s, c = move
        seller, w = st.seat, self.width
        tiles = st.tiles
        ft, stile, ctile = tiles.get(f), tiles.get(s), tiles.get(c)
        found = None
        if ft is not None and ft[HOLDER] == seller and self.is_from[ft[TYPE]] and stile is not None \
                and self.net.is_stop(stile) and ctile is not None and self.is_to[ctile[TYPE]] \
                and ctile[HOLDER] == EMPTY and c - s in self.plane.delta:
            found = self.route(st, move)
        if found is None:
            raise IllegalMove(f"{self.move_str(move)}: not a possible sale here", 0)
        _cells, charged = found
        tiles = dict(st.tiles)
        tolls = list(st.tolls)
        for x in charged:
            tolls[tiles[x][HOLDER]] += self.toll
        ft, fk, _ = tiles[f]
        tiles[f] = (ft, fk, EMPTY)
        ct, ck, _ = tiles[c]
        tiles[c] = (ct, ck, seller)
        census = list(st.census)
        ff, cf = self.feat[ft], self.feat[ct]
        census[ff * w + seller + 2] -= 1
        census[ff * w + 1] += 1
        census[cf * w + 1] -= 1
        census[cf * w + seller + 2] += 1
        if self.instrument:
            self.stats["sales"] += 1
            self.stats["tolls paid"] += len(charged) * self.toll
        return tiles, tuple(census), tuple(tolls)
