"""The build phase of a tile game (Building, a part of TileGame): positions from the tiles laid,
draws from the bag, placements (coded as ints, listed and applied), claims of counters.

A placement move is one int: claim << cshift | cell << shift | k * types + t, the claim coded 0
none, 1 '+', 2 '-', 3 + cell for a counter taken back from that cell. The frontier keeps
`cell << shift | key`, so a move is that value plus an entry of fx[t][claim][key]: one addition
per listed move.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...api import IllegalMove, RulebookError
from .routes import EMPTY, VOID, Frontier
from .state import DRAW, HOLDER, PLACE, TileState

if TYPE_CHECKING:
    from .game import TileGame


class Building:
    """Draws and placements. `until` ((state, last builder) -> bool, the phase's end, or None)
    is set by the game once its expressions are compiled."""

    def __init__(self, game: "TileGame"):
        rules, tr = game.rules, game.track
        self.n, self.width, self.feat, self.track = game.n, game.width, game.feat, tr
        self.types, self.nfeatures = rules.types, len(game.features)
        self.type_names = game.type_names
        self.move_str = game.move_str
        self.instrument, self.stats = game.instrument, game.stats
        self.claims = tuple(t.feature in rules.claim for t in rules.types)
        self.take_back = rules.take_back
        nt = self.nt = len(rules.types)
        self.shift = shift = max(8, (4 * nt - 1).bit_length())
        self.lowmask = (1 << shift) - 1
        self.cellmask = (1 << (game.plane.stride ** 2).bit_length()) - 1
        self.cshift = cshift = shift + self.cellmask.bit_length()
        self.fx = tuple(tuple(tuple(tuple(k * nt + t - key + (code << cshift) for k in tr.fits[t][key])
                                    for key in range(256)) for code in (0, 1)) for t in range(nt))
        self.frontier = Frontier(game.plane, tr, shift)
        self.draws = tuple(("d", t) for t in range(nt))
        self.drawables: dict[int, tuple] = {}       # bag mask -> its draw moves
        self.supply0 = 0                            # set by the game (it may be an expression)
        self.until = None

    def position(self, placed, stage, seat=0, pending=None, supply=None, tolls=None, passes=0,
                 ply=0) -> TileState:
        """A position from its tiles [(cell, type, quarter turns, holder)] in the order laid; the bag
        holds the pieces not used (nor in hand)."""
        board: dict = {}
        frontier: dict = {}
        keys: dict = {}
        used = [0] * self.nt
        census = [0] * (self.nfeatures * self.width)
        for cell, t, k, h in placed:
            board[cell] = (t, k, h)
            used[t] += 1
            if self.feat[t] >= 0:
                census[self.feat[t] * self.width + h + 2] += 1
            frontier, keys = self.frontier.grown(board, frontier, keys, cell, t, k)
        if pending is not None:
            used[pending] += 1
        bag = tuple(ty.count - u for ty, u in zip(self.types, used))
        if min(bag) < 0:
            raise RulebookError(f"more {self.type_names[[b < 0 for b in bag].index(True)]} tiles than the game has")
        if supply is None:
            supply = [self.supply0 - sum(1 for _t, _k, h in board.values() if h == s) for s in range(self.n)]
        bagmask = sum(1 << i for i, x in enumerate(bag) if x)
        drawable = self.drawable(self.frontier.fitting(keys) & bagmask) if stage == DRAW else ()
        return TileState(board, frontier, keys, bag, bagmask, drawable, tuple(supply), tuple(tolls or (0,) * self.n),
                         tuple(census), stage, seat, pending, passes, ply, None)

    def drawable(self, mask: int) -> tuple:
        """The draw moves of the types in a bit mask (memoised: few masks occur)."""
        d = self.drawables.get(mask)
        if d is None:
            d = self.drawables[mask] = tuple(self.draws[t] for t in range(self.nt) if mask >> t & 1)
        return d

    def ended(self, st, builder: int) -> bool:
        """Whether building is over after `builder` laid a tile: nothing left to draw, or its until."""
        return not st.drawable or (self.until is not None and self.until(st, builder))

    def placement(self, move: int) -> tuple[int, int, int, Any]:
        """(type, cell, quarter turns, claim) of a placement move; claim None, '+', '-' or a cell."""
        low = move & self.lowmask
        code = move >> self.cshift
        claim = None if code == 0 else "+" if code == 1 else "-" if code == 2 else code - 3
        return low % self.nt, (move >> self.shift) & self.cellmask, low // self.nt, claim

    def placements(self, st) -> list:
        """The placement moves of the drawn tile."""
        t = st.pending
        fits = self.track.fits[t]
        if self.instrument:
            rots = len(self.track.rots[t])
            self.stats["placements refused by side matching"] += sum(rots - len(fits[ck & 255])
                                                                     for ck in st.frontier.values())
        if self.claims[t] and st.supply[st.seat] <= 0:
            fx = self.fx[t][0]
            cs = self.cshift
            claims = [2 << cs]
            if self.take_back:
                claims += [(3 + c) << cs for c, tile in st.tiles.items() if tile[HOLDER] == st.seat]
            bases = [v + x for v in st.frontier.values() for x in fx[v & 255]]
            return [b + cl for b in bases for cl in claims]
        fx = self.fx[t][self.claims[t]]
        return [v + x for v in st.frontier.values() for x in fx[v & 255]]

    def draw(self, st, move) -> TileState:
        """The position after a draw ("d", type): that tile in hand, out of the bag."""
        if st.stage != DRAW or move not in st.drawable:
            raise IllegalMove(f"{self.move_str(move)}: not a possible draw here", 0)
        t = move[1]
        bag = st.bag
        left = bag[t] - 1
        bagmask = st.bagmask if left else st.bagmask & ~(1 << t)
        return TileState(st.tiles, st.frontier, st.keys, bag[:t] + (left,) + bag[t + 1:], bagmask, (),
                         st.supply, st.tolls, st.census, PLACE, st.seat, t, 0, st.ply + 1, None)

    def place(self, st, move: int) -> TileState:
        """The position after a placement, the next seat to draw (the game then checks the end)."""
        t, cell, k, claim = self.placement(move)
        v = st.frontier.get(cell)
        if st.stage != PLACE or t != st.pending or v is None or k not in self.track.fits[t][v & 255] \
                or not self._claim_ok(st, t, claim):
            raise IllegalMove(f"{self.move_str(move)}: not a legal placement here", 0)
        seat, w = st.seat, self.width
        tiles = dict(st.tiles)
        supply, census = st.supply, st.census
        h = EMPTY
        if claim is not None:
            census = list(census)
            if claim == "+":
                h = seat
                supply = supply[:seat] + (supply[seat] - 1,) + supply[seat + 1:]
            elif claim != "-":
                ot, ok_, _ = tiles[claim]
                tiles[claim] = (ot, ok_, VOID)     # the counter moves on: that tile is void
                f = self.feat[ot]
                census[f * w + seat + 2] -= 1
                census[f * w] += 1
                h = seat
                if self.instrument:
                    self.stats["counters taken back"] += 1
            elif self.instrument:
                self.stats["tiles left unclaimed"] += 1
            census[self.feat[t] * w + h + 2] += 1
            census = tuple(census)
        elif self.feat[t] >= 0:
            census = list(census)
            census[self.feat[t] * w + 1] += 1
            census = tuple(census)
        tiles[cell] = (t, k, h)
        frontier, keys = self.frontier.grown(tiles, st.frontier, st.keys, cell, t, k)
        drawable = self.drawable(self.frontier.fitting(keys) & st.bagmask)
        return TileState(tiles, frontier, keys, st.bag, st.bagmask, drawable, supply, st.tolls, census,
                         DRAW, (seat + 1) % self.n, None, 0, st.ply + 1, None)

    def _claim_ok(self, st, t, claim) -> bool:
        if not self.claims[t]:
            return claim is None
        if st.supply[st.seat] > 0:
            return claim == "+"
        return claim == "-" or (self.take_back and claim.__class__ is int
                                and st.tiles.get(claim, (0, 0, EMPTY))[HOLDER] == st.seat)

    def count_unfit_draws(self, st) -> None:
        """Counts the types left in the bag that fit nowhere (instrument=True only)."""
        fit = self.frontier.fitting(st.keys)
        self.stats["draws refused: fits nowhere"] += sum(1 for t in range(self.nt)
                                                         if st.bag[t] and not fit >> t & 1)
