"""A compiled tile game: tile tables (rotations, side masks, fitting rotations per side
constraint) built once, the rules-language strings compiled into Python functions, and the Game
API over TileState positions: draws, placements, sales, apply.

Scoring, explanations and drawing are mixins: scoring.py, explain.py, render.py.
"""
from __future__ import annotations

from typing import Any

from ...codegen import define
from ...api import CHANCE, IllegalMove, RulebookError, parse_by_notation
from ...lang.expr import Emitter
from .explain import ExplainMixin
from .picture import PictureMixin
from .render import RenderMixin
from .routes import EMPTY, VOID, Frontier, Network, Plane, Reach, TrackSet
from .rules import TileRules
from .scoring import Lines, ScoringMixin
from .state import DRAW, OVER, PASS, PLACE, PLACE_RE, SELL, TileState
from .vocabulary import supply_vocabulary, vocabulary


class TileGame(ScoringMixin, ExplainMixin, RenderMixin, PictureMixin):
    """A compiled tile game: the Game API of rulebook/api.py."""

    def __init__(self, rules: TileRules, options: dict[str, Any], seats: int, instrument: bool = False):
        self.rules = rules
        self.name = rules.spec["game"]
        self.players = tuple(rules.players[:seats])
        self.options = dict(options)
        self.instrument = instrument
        n = self.n = seats
        self.width = n + 2
        types = rules.types
        self.type_names = [t.name for t in types]
        self.type_index = {t.name: i for i, t in enumerate(types)}
        self.features = list(rules.features)
        fidx = {f: i for i, f in enumerate(self.features)}
        self.feat = tuple(fidx[t.feature] if t.feature is not None else -1 for t in types)
        nt = len(types)
        # geometry and track tables
        sname, sx, sy, srot = rules.start
        self.plane = Plane(sum(t.count for t in types) + max(abs(sx), abs(sy)))
        self.track = TrackSet([t.pairs for t in types])
        tr = self.track
        self.stop_type = tuple(rules.stop is not None and t.feature == rules.stop for t in types)
        self.net = Network(self.plane, tr, self.stop_type)
        self.exits = tuple(tuple(tr.exits(t, k, a) for a in range(4)) for t in range(nt) for k in range(4))
        self.pairs = tuple(tuple(tr.pairs(t, k)) for t in range(nt) for k in range(4))
        self.track_sides = tuple(tuple(s for s in range(4) if tr.mask[t][k] >> s & 1)
                                 for t in range(nt) for k in range(4))
        self.claims = tuple(t.feature in rules.claim for t in types)
        sell_phase = next((p for p in rules.phases if p.kind == "sell"), None)
        self.sell = sell_phase
        self.is_from = tuple(sell_phase is not None and t.feature == sell_phase.sell["from"] for t in types)
        self.is_to = tuple(sell_phase is not None and t.feature == sell_phase.sell["to"] for t in types)
        self.toll = sell_phase.sell["toll"] if sell_phase else 0
        self.start_type = self.type_index[sname]
        self.start_cell = self.plane.cell(sx, sy)
        self.start_rot = srot
        # A placement move is one int: claim << cshift | cell << shift | k * types + t, the claim
        # coded 0 none, 1 '+', 2 '-', 3 + cell for a counter taken back from that cell. The
        # frontier keeps `cell << shift | key`, so a move is that value plus an entry of
        # _fx[t][claim][key]: one addition per listed move.
        self._nt = nt
        self._shift = shift = max(8, (4 * nt - 1).bit_length())
        self._lowmask = (1 << shift) - 1
        self._cellmask = (1 << (self.plane.stride ** 2).bit_length()) - 1
        self._cshift = shift + self._cellmask.bit_length()
        self._fx = tuple(tuple(tuple(tuple(k * nt + t - key + (code << self._cshift) for k in tr.fits[t][key])
                                     for key in range(256)) for code in (0, 1)) for t in range(nt))
        self.frontier = Frontier(self.plane, self.track, shift)
        self.bag0 = tuple(t.count - (1 if i == self.start_type else 0) for i, t in enumerate(types))
        self.draws = tuple(("d", t) for t in range(nt))
        self._drawables: dict[int, tuple] = {}
        self.stats: dict[str, int] = {}
        self.reset_rule_stats()
        # the rules-language strings, compiled
        self.sources: dict[str, str] = {}
        vocab = vocabulary(rules.spec, self.features, n, options)
        ns = {"LN": self._lines}
        sv = rules.supply
        if isinstance(sv, int):
            self.supply0 = sv
        else:
            self.supply0 = self._fn(sv, "supply", ns, supply_vocabulary(rules.spec, n, options),
                                    "counters.supply")(None, 0)
            if not isinstance(self.supply0, int) or self.supply0 < 0:
                raise RulebookError(f"{rules.src_file}: counters.supply gives {self.supply0!r}, "
                                    "not a whole number of at least 0")
        build = rules.phases[0]
        self._until_build = self._fn(build.until, "until_build", ns, vocab, ".".join(map(str, build.path + ("until",))))
        if sell_phase is not None:
            self._until_sell = (self._fn(sell_phase.until, "until_sell", ns, vocab,
                                         ".".join(map(str, sell_phase.path + ("until",))))
                                if sell_phase.until is not None else (lambda st, me: st.passes >= n))
        self.part_names = tuple(name for name, _ in rules.scoring)
        self._score = self._fn([node for _, node in rules.scoring], "score", ns, vocab, "scoring")
        self._eval = self._fn(rules.evaluate, "evaluate", ns, vocab, "evaluate")
        self._letters = self._feature_letters()

    # -- compile helpers
    def _fn(self, node, fname, ns, vocab, where):
        """A function (st, me) giving an expression's value, or the tuple of a list of expressions."""
        if node is None:
            return None
        em = Emitter(vocab)
        body = "(" + "".join(em.emit(n) + ", " for n in node) + ")" if isinstance(node, list) else em.emit(node)
        src = f"def {fname}(st, me):\n" + "".join(f"    {x}\n" for x in em.hoisted[0]) + f"    return {body}\n"
        return self._exec(src, fname, ns, where)

    def _exec(self, src, fname, ns, where):
        self.sources[fname] = src
        place = self.rules.places.get(where, f"{self.rules.src_file}:{where}")
        return define(src, fname, place, ns)

    def _lines(self, st: TileState) -> Lines:
        ln = st._lines
        if ln is None or ln.g is not self:
            ln = st._lines = Lines(self, st)
        return ln

    def reach(self, st: TileState) -> Reach:
        """The path memo of a position: shared through selling (track and stops no longer change),
        made on demand while building, when a tile may still end a path or void a stop."""
        r = st.reach
        if r is None:
            r = st.reach = Reach(self.net, st.tiles)
        return r

    def _drawable(self, mask: int) -> tuple:
        d = self._drawables.get(mask)
        if d is None:
            d = self._drawables[mask] = tuple(self.draws[t] for t in range(self.track.ntypes) if mask >> t & 1)
        return d

    def placement(self, move: int) -> tuple[int, int, int, Any]:
        """(type, cell, quarter turns, claim) of a placement move; claim None, '+', '-' or a cell."""
        low = move & self._lowmask
        code = move >> self._cshift
        claim = None if code == 0 else "+" if code == 1 else "-" if code == 2 else code - 3
        return low % self._nt, (move >> self._shift) & self._cellmask, low // self._nt, claim

    # -- the Game API
    def initial_state(self) -> TileState:
        st = self._position([(self.start_cell, self.start_type, self.start_rot, EMPTY)], DRAW)
        if not st.drawable or (self._until_build is not None and self._until_build(st, 0)):
            self._end_build(st, self.n - 1)
        return st

    def _position(self, placed, stage, seat=0, pending=None, supply=None, tolls=None, passes=0, ply=0) -> TileState:
        """A position from its tiles [(cell, type, quarter turns, holder)] in the order laid; the bag
        holds the pieces not used (nor in hand)."""
        board: dict = {}
        frontier: dict = {}
        keys: dict = {}
        used = [0] * self.track.ntypes
        census = [0] * (len(self.features) * self.width)
        for cell, t, k, h in placed:
            board[cell] = (t, k, h)
            used[t] += 1
            if self.feat[t] >= 0:
                census[self.feat[t] * self.width + h + 2] += 1
            frontier, keys = self.frontier.grown(board, frontier, keys, cell, t, k)
        if pending is not None:
            used[pending] += 1
        bag = tuple(ty.count - u for ty, u in zip(self.rules.types, used))
        if min(bag) < 0:
            raise RulebookError(f"more {self.type_names[[b < 0 for b in bag].index(True)]} tiles than the game has")
        if supply is None:
            supply = [self.supply0 - sum(1 for _t, _k, h in board.values() if h == s) for s in range(self.n)]
        bagmask = sum(1 << i for i, x in enumerate(bag) if x)
        drawable = self._drawable(self.frontier.fitting(keys) & bagmask) if stage == DRAW else ()
        return TileState(board, frontier, keys, bag, bagmask, drawable, tuple(supply), tuple(tolls or (0,) * self.n),
                         tuple(census), stage, seat, pending, passes, ply, None)

    def layout(self, tiles: list[str], *, stage: str = "sell", seat: int = 0, pending: str | None = None,
               supply: list[int] | None = None, tolls: list[int] | None = None, passes: int = 0,
               ply: int = 0) -> TileState:
        """A position built straight from tile texts, for tests and puzzles: no rule is checked.

        Each text is a placement in move notation, `<type>@<x>,<y>r<rotation>`, optionally with
        `:<seat name>` (the tile holds that seat's counter) or `:void` (its counter was taken
        back). The bag holds the pieces the layout does not use. A seat's supply is its counters
        less those on tiles, unless `supply` is given. `stage` is "draw" (seat draws next),
        "place" (seat places a `pending` tile, already out of the bag), "sell" or "over".
        """
        placed, seen = [], set()
        for text in tiles:
            place, _, owner = text.partition(":")
            m = PLACE_RE.match(place)
            if not m or m.group(5) or m.group(1) not in self.type_index or int(m.group(4)) % 90 \
                    or owner not in ("", "void", *self.players):
                raise RulebookError(f"layout: cannot read tile '{text}' (e.g. curve@0,1r90:{self.players[0]})")
            cell = self.plane.cell(int(m.group(2)), int(m.group(3)))
            if cell in seen:
                raise RulebookError(f"layout: two tiles on {m.group(2)},{m.group(3)}")
            seen.add(cell)
            h = EMPTY if not owner else VOID if owner == "void" else self.players.index(owner)
            placed.append((cell, self.type_index[m.group(1)], int(m.group(4)) // 90 % 4, h))
        try:
            return self._position(placed, {"draw": DRAW, "place": PLACE, "sell": SELL, "over": OVER}[stage], seat,
                                  self.type_index[pending] if pending is not None else None, supply, tolls, passes, ply)
        except RulebookError as e:
            raise RulebookError(f"layout: {e}") from None

    def _end_build(self, st: TileState, mover: int) -> None:
        """Turn a fresh (unpublished) position into the first position after building."""
        st.drawable = ()
        sell = self.sell
        if sell is None:
            st.stage = OVER
            return
        st.stage = SELL
        st.seat = (mover + 1) % self.n if sell.start == "after_last" else 0
        st.passes = 0
        st.reach = Reach(self.net, st.tiles)
        if self._until_sell(st, mover):
            st.stage = OVER

    def to_move(self, st) -> int:
        return CHANCE if st.stage == DRAW else st.seat

    def ply(self, st) -> int:
        return st.ply

    def is_over(self, st) -> bool:
        return st.stage == OVER

    def legal_moves(self, st) -> list:
        stage = st.stage
        if stage == PLACE:
            return self._placements(st)
        if stage == DRAW:
            if self.instrument:
                self._count_unfit_draws(st)
            return list(st.drawable)
        if stage == SELL:
            sales = self._sales(st)
            if self.instrument:
                self.stats["sales offered"] += len(sales)
            return sales or [PASS]
        return []

    def chance_outcomes(self, st) -> list:
        if st.stage != DRAW:
            return []
        bag = st.bag
        return [(m, bag[m[1]]) for m in st.drawable]

    def _placements(self, st) -> list:
        t = st.pending
        fits = self.track.fits[t]
        if self.instrument:
            rots = len(self.track.rots[t])
            self.stats["placements refused by side matching"] += sum(rots - len(fits[ck & 255])
                                                                     for ck in st.frontier.values())
        if self.claims[t] and st.supply[st.seat] <= 0:
            fx = self._fx[t][0]
            cs = self._cshift
            claims = [2 << cs]
            if self.rules.take_back:
                claims += [(3 + c) << cs for c, tile in st.tiles.items() if tile[2] == st.seat]
            bases = [v + x for v in st.frontier.values() for x in fx[v & 255]]
            return [b + cl for b in bases for cl in claims]
        fx = self._fx[t][self.claims[t]]
        return [v + x for v in st.frontier.values() for x in fx[v & 255]]

    def _sales(self, st) -> list:
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
                            if ct is not None and is_to[ct[0]] and ct[2] == EMPTY:
                                sales[("s", f, s, c)] = None
        return list(sales)

    def apply(self, st, move) -> TileState:
        stage = st.stage
        if move.__class__ is int:
            t, cell, k, claim = self.placement(move)
            v = st.frontier.get(cell)
            if stage != PLACE or t != st.pending or v is None or k not in self.track.fits[t][v & 255] \
                    or not self._claim_ok(st, t, claim):
                raise IllegalMove(f"{self.move_str(move)}: not a legal placement here", 0)
            return self._place(st, t, cell, k, claim)
        kind = move[0]
        if kind == "d":
            t = move[1]
            if stage != DRAW or move not in st.drawable:
                raise IllegalMove(f"{self.move_str(move)}: not a possible draw here", 0)
            bag = st.bag
            left = bag[t] - 1
            bagmask = st.bagmask if left else st.bagmask & ~(1 << t)
            return TileState(st.tiles, st.frontier, st.keys, bag[:t] + (left,) + bag[t + 1:], bagmask, (),
                             st.supply, st.tolls, st.census, PLACE, st.seat, t, 0, st.ply + 1, None)
        if stage != SELL:
            raise IllegalMove(f"{self.move_str(move)}: selling has not started", 0)
        seat = st.seat
        passes, tolls, tiles, census = 0, st.tolls, st.tiles, st.census
        if kind == "s":
            tiles, census, tolls = self._sale(st, move)
        else:
            passes = st.passes + 1
            if self.instrument:
                self.stats["passes"] += 1
        new = TileState(tiles, st.frontier, st.keys, st.bag, st.bagmask, (), st.supply, tolls, census,
                        SELL, (seat + 1) % self.n, None, passes, st.ply + 1, self.reach(st))
        if self._until_sell(new, seat):
            new.stage = OVER
        return new

    def _claim_ok(self, st, t, claim) -> bool:
        if not self.claims[t]:
            return claim is None
        if st.supply[st.seat] > 0:
            return claim == "+"
        return claim == "-" or (self.rules.take_back and claim.__class__ is int
                                and st.tiles.get(claim, (0, 0, EMPTY))[2] == st.seat)

    def _place(self, st, t, cell, k, claim) -> TileState:
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
        drawable = self._drawable(self.frontier.fitting(keys) & st.bagmask)
        new = TileState(tiles, frontier, keys, st.bag, st.bagmask, drawable, supply, st.tolls, census,
                        DRAW, (seat + 1) % self.n, None, 0, st.ply + 1, None)
        if not drawable or (self._until_build is not None and self._until_build(new, seat)):
            self._end_build(new, seat)
        return new

    def _route_sides(self, st, f) -> list[int]:
        """The sides a sale may leave its `from` tile f by: partners of sides leading back to a stop."""
        t, k, _ = st.tiles[f]
        ex = self.exits[t * 4 + k]
        first = self.reach(st).first_stops
        return sorted({b for a in range(4) if ex[a] and first(f, a) for b in ex[a]})

    def route(self, st, move) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
        """The route a sale takes, as (x, y) cells from its `from` tile to the stop, and the
        stops charged a toll on it (sorted)."""
        cells, charged = self._route(st, move)
        return [self.plane.xy(c) for c in cells], sorted(self.plane.xy(c) for c in charged)

    def _route(self, st, move):
        _, f, s, _c = move
        seller = st.seat
        return self.net.best_route(st.tiles, f, self._route_sides(st, f), s,
                                   lambda cell, tile: tile[2] >= 0 and tile[2] != seller)

    def _sale(self, st, move):
        _, f, s, c = move
        seller, w = st.seat, self.width
        tiles = st.tiles
        ft, stile, ctile = tiles.get(f), tiles.get(s), tiles.get(c)
        found = None
        if ft is not None and ft[2] == seller and self.is_from[ft[0]] and stile is not None \
                and self.net.is_stop(stile) and ctile is not None and self.is_to[ctile[0]] \
                and ctile[2] == EMPTY and c - s in self.plane.delta:
            found = self._route(st, move)
        if found is None:
            raise IllegalMove(f"{self.move_str(move)}: not a possible sale here", 0)
        _cells, charged = found
        tiles = dict(st.tiles)
        tolls = list(st.tolls)
        for x in charged:
            tolls[tiles[x][2]] += self.toll
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

    # -- notation
    def move_str(self, move) -> str:
        if move.__class__ is int:
            t, cell, k, claim = self.placement(move)
            s = f"{self.type_names[t]}@{self.plane.name(cell)}r{90 * k}"
            if claim is None:
                return s
            if claim in ("+", "-"):
                return s + claim
            return s + "+" + self.plane.name(claim)
        kind = move[0]
        if kind == "d":
            return "draw:" + self.type_names[move[1]]
        if kind == "s":
            nm = self.plane.name
            return f"sell:{nm(move[1])}>{nm(move[2])}>{nm(move[3])}"
        return "pass"

    def parse_move(self, st, text: str):
        return parse_by_notation(self, st, text)

    # -- tools for front-ends
    def rule_stats(self) -> dict[str, int]:
        """How often things happened or were refused since the last reset (instrument=True only)."""
        return dict(self.stats) if self.instrument else {}

    def reset_rule_stats(self) -> None:
        self.stats = {k: 0 for k in ("placements refused by side matching", "draws refused: fits nowhere",
                                     "counters taken back", "tiles left unclaimed", "sales offered", "sales",
                                     "passes", "tolls paid")}

    def _count_unfit_draws(self, st) -> None:
        fit = self.frontier.fitting(st.keys)
        self.stats["draws refused: fits nowhere"] += sum(1 for t in range(self.track.ntypes)
                                                         if st.bag[t] and not fit >> t & 1)

    def _who(self, seat: int) -> str:
        return self.players[seat]

    def _cell(self, x: str, y: str) -> int | None:
        try:
            return self.plane.cell(int(x), int(y))
        except ValueError:
            return None
