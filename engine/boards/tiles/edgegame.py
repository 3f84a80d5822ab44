"""A compiled game of tiles whose sides are of several kinds (edgerules.py): the Game API of
rulebook/api.py over EdgeState positions.

A turn is a chance draw from the bag (every type with a piece left, weighted by its count), then
the drawer lays the tile on an empty cell next to a laid one, every side meeting a side of its
own kind, optionally putting one of their counters on a segment of it (claims.py). A tile that
fits nowhere is put aside, and the same player draws again. Features grow across tiles
(features.py); the moment one is complete it scores by its part's `complete` rule; when the bag
is empty, the game ends and every feature not scored yet scores by its part's `end` rule.

Moves: a draw ("d", type); a placement (type, cell, quarter turns, segment or -1), written
`T@x,yrR` or `T@x,yrR+name` (the segment's name on the turned tile, edges.py).
"""
from __future__ import annotations

from typing import Any

from ...api import IllegalMove, Outcome, RulebookError
from .claims import claimable, winners
from .edges import PLACE_RE, Shapes
from .features import NODE, Feature, Features, Growth
from .base import StagedGame, parts_outcome, ranked
from .state import DRAW, OVER, PLACE, Position
from .vocabulary import vocabulary
from .words import FEATURE, SEAT, SIDES

# what rule_stats counts (instrument=True), as moves are listed
STATS = ("placements refused by side matching", "claims refused: the feature holds a counter",
         "types left that fit nowhere")


class EdgeState(Position):
    """A position (immutable by convention; hashable).
    tiles {cell: (type, quarter turns)}; frontier {empty cell next to a tile: the side kinds
    facing it, -1 where no tile}; features (features.Features); claimed {node: seat}; bag pieces
    left per type; supply counters left per seat; points per seat per scoring part."""

    __slots__ = ("tiles", "frontier", "features", "claimed", "bag", "supply", "points", "stage", "seat",
                 "pending", "ply")
    _FIELDS = __slots__

    def __init__(self, tiles, frontier, features, claimed, bag, supply, points, stage, seat, pending, ply):
        self.tiles, self.frontier, self.features, self.claimed = tiles, frontier, features, claimed
        self.bag, self.supply, self.points = bag, supply, points
        self.stage, self.seat, self.pending, self.ply = stage, seat, pending, ply
        self._hash = None

    def _key(self):
        return (frozenset(self.tiles.items()), frozenset(self.claimed.items()), self.bag, self.supply,
                self.points, self.stage, self.seat, self.pending, self.ply)

    def __repr__(self):
        return f"<EdgeState ply {self.ply}, {len(self.tiles)} tiles, stage {self.stage}, seat {self.seat}>"


class EdgeGame(StagedGame):
    """The Game API of rulebook/api.py for tiles with sides of several kinds."""

    def __init__(self, rules, options: dict[str, Any], seats: int, instrument: bool = False):
        self._start(rules, options, seats, instrument, STATS)
        n = seats
        self._types(rules.type_names)
        self.features = list(rules.features)
        kidx = {f: i for i, f in enumerate(self.features)}
        self.shapes = Shapes(rules.side_kinds, rules.shapes)
        self.segments = [sh.segments for sh in rules.shapes]
        self.start = self._grown_board(rules.counts)
        self.growth = Growth(self.shapes, self.segments, kidx, {m: i for i, m in enumerate(rules.marks)}, n,
                             self.plane)
        claim = {kidx[f] for f in rules.claim}
        self.allowed = tuple(tuple(kidx[sg.feature] in claim for sg in segs) for segs in self.segments)
        self.part_names = tuple(p.name for p in rules.parts)
        self.part_of = {kidx[p.feature]: i for i, p in enumerate(rules.parts)}
        self.seg_names = self.shapes.name
        self._compile(options)

    def _compile(self, options):
        rules, n = self.rules, self.n
        self.supply0 = self._supply(options)
        fv = vocabulary(SIDES, FEATURE, rules.spec, {"features": self.features, "marks": rules.marks}, n, options)
        self.on_complete, self.on_end = {}, {}
        for p in rules.parts:
            f = self.features.index(p.feature)
            if p.complete is not None:
                self.on_complete[f] = self._fn(p.complete, f"{p.name}_complete", fv, f"scoring.{p.name}.complete",
                                               "F, FS")
            if p.end is not None:
                self.on_end[f] = self._fn(p.end, f"{p.name}_end", fv, f"scoring.{p.name}.end", "F, FS")
        seat_vocab = vocabulary(SIDES, SEAT, rules.spec, seats=n, option_values=options)
        self.evaluate_fn = self._fn(rules.evaluate, "evaluate", seat_vocab, "evaluate")

    # -- positions
    def initial_state(self) -> EdgeState:
        return self.position([(self.start[1], self.start[0], self.start[2], None)])

    def position(self, laid, seat: int = 0, pending: int | None = None, ply: int = 0,
                 bag: dict[int, int] | None = None) -> EdgeState:
        """The position after laying these tiles [(cell, type, quarter turns, claim)] in order, a
        claim (seat, segment) or None, with their completions scored; the bag holds the rest, or
        `bag` ({type: pieces}) when given (an empty bag: the game is over, its end scored). Sides
        must meet sides of their kind (a tile need not lie next to another); claims are not
        checked."""
        st = EdgeState({}, {}, Features({}, {}), {}, tuple(self.rules.counts), (self.supply0,) * self.n,
                       ((0,) * len(self.part_names),) * self.n, DRAW, seat, None, ply)
        for cell, t, k, claim in laid:
            if cell in st.tiles:
                raise RulebookError(f"two tiles on {self.plane.name(cell)}")
            if st.bag[t] <= 0:
                raise RulebookError(f"more {self.type_names[t]} tiles than the game has")
            key = st.frontier.get(cell, (-1, -1, -1, -1))
            if not all(f < 0 or f == self.shapes.kind[t][k][s] for s, f in enumerate(key)):
                raise RulebookError(f"a side of the {self.type_names[t]} on {self.plane.name(cell)} does not meet "
                                    "a side of its kind")
            left = st.bag[:t] + (st.bag[t] - 1,) + st.bag[t + 1:]
            who, seg = claim if claim is not None else (seat, -1)
            st = self._laid(EdgeState(st.tiles, st.frontier, st.features, st.claimed, left, st.supply, st.points,
                                      PLACE, who, t, ply), t, cell, k, seg)
        if bag is not None:
            st.bag = tuple(bag.get(t, 0) for t in range(len(self.type_names)))
        elif pending is not None:
            if st.bag[pending] <= 0:
                raise RulebookError(f"no {self.type_names[pending]} is left to hold")
            st.bag = st.bag[:pending] + (st.bag[pending] - 1,) + st.bag[pending + 1:]
        st.stage, st.seat, st.pending, st.ply = (PLACE if pending is not None else DRAW), seat, pending, ply
        if pending is None and not any(st.bag):
            st = self._finish(st)
        return st

    # -- the Game API
    def legal_moves(self, st) -> list:
        if st.stage == DRAW:
            if self.instrument:
                self.stats["types left that fit nowhere"] += sum(1 for t, c in enumerate(st.bag)
                                                                 if c and not self.fits_somewhere(st, t))
            return [("d", t) for t, c in enumerate(st.bag) if c]
        if st.stage == PLACE:
            return self.placements(st)
        return []

    def chance_outcomes(self, st) -> list:
        if st.stage != DRAW:
            return []
        return [(("d", t), c) for t, c in enumerate(st.bag) if c]

    def placements(self, st) -> list:
        t = st.pending
        fits, tiles, fs = self.shapes.fits, st.tiles, st.features
        out = []
        can_claim = st.supply[st.seat] > 0
        allowed = self.allowed[t]
        nrot = len(self.shapes.rots[t])
        for cell, key in st.frontier.items():
            ks = fits(t, key)
            if self.instrument:
                self.stats["placements refused by side matching"] += nrot - len(ks)
            for k in ks:
                out.append((t, cell, k, -1))
                if can_claim:
                    free = claimable(fs, self.growth, tiles, cell, t, k, allowed)
                    for i in free:
                        out.append((t, cell, k, i))
                    if self.instrument:
                        self.stats["claims refused: the feature holds a counter"] += sum(allowed) - len(free)
        return out

    def _legal(self, st, move) -> bool:
        if st.stage != PLACE or move.__class__ is not tuple or len(move) != 4:
            return False
        t, cell, k, seg = move
        key = st.frontier.get(cell)
        if t != st.pending or key is None or k not in self.shapes.fits(t, key):
            return False
        return seg == -1 or (st.supply[st.seat] > 0 and seg.__class__ is int
                             and seg in claimable(st.features, self.growth, st.tiles, cell, t, k, self.allowed[t]))

    def fits_somewhere(self, st, t: int) -> bool:
        fits = self.shapes.fits
        return any(fits(t, key) for key in st.frontier.values())

    def apply(self, st, move) -> EdgeState:
        if move[0] == "d":
            return self._draw(st, move)
        if not self._legal(st, move):
            raise IllegalMove(f"{self.move_str(move)}: not a legal placement here", 0)
        t, cell, k, seg = move
        new = self._laid(st, t, cell, k, seg)
        new.stage, new.seat, new.pending = DRAW, (st.seat + 1) % self.n, None
        if not any(new.bag):
            new = self._finish(new)
        return new

    def _draw(self, st, move) -> EdgeState:
        t = move[1]
        if st.stage != DRAW or not (move.__class__ is tuple and len(move) == 2 and 0 <= t < len(st.bag)
                                    and st.bag[t] > 0):
            raise IllegalMove(f"{self.move_str(move)}: not a possible draw here", 0)
        bag = st.bag[:t] + (st.bag[t] - 1,) + st.bag[t + 1:]
        if self.fits_somewhere(st, t):
            return EdgeState(st.tiles, st.frontier, st.features, st.claimed, bag, st.supply, st.points, PLACE,
                             st.seat, t, st.ply + 1)
        new = EdgeState(st.tiles, st.frontier, st.features, st.claimed, bag, st.supply, st.points, DRAW,
                        st.seat, None, st.ply + 1)
        return self._finish(new) if not any(bag) else new

    def _laid(self, st, t, cell, k, seg) -> EdgeState:
        """The position after tile t turned k is laid on `cell` by st.seat (a counter on segment
        `seg` unless -1), completed features scored; stage and seat left for the caller."""
        tiles = dict(st.tiles)
        tiles[cell] = (t, k)
        frontier = dict(st.frontier)
        frontier.pop(cell, None)
        kind = self.shapes.kind[t][k]
        delta = self.plane.delta
        for s in range(4):
            nb = cell + delta[s]
            if nb in tiles:
                continue
            key = frontier.get(nb, (-1, -1, -1, -1))
            o = (s + 2) % 4
            frontier[nb] = key[:o] + (kind[s],) + key[o + 1:]
        fs, changed = self.growth.laid(st.features, tiles, cell, t, k)
        supply, claimed, points = st.supply, st.claimed, st.points
        if seg >= 0:
            me = st.seat
            node = cell * NODE + seg
            r = fs.root[node]
            f = fs.of[r]                  # a copy made by this placement: its own to change
            f.claims = f.claims[:me] + (f.claims[me] + 1,) + f.claims[me + 1:]
            supply = supply[:me] + (supply[me] - 1,) + supply[me + 1:]
            claimed = dict(claimed)
            claimed[node] = me
        for r in sorted(changed):
            f = fs.of[r]
            if f.open or f.done:
                continue
            rule = self.on_complete.get(f.kind)
            if rule is None:
                continue
            f.done = True
            if any(f.claims):
                points = self._award(points, f, rule(f, fs))
                supply, claimed = self._return(supply, claimed, f)
        return EdgeState(tiles, frontier, fs, claimed, st.bag, supply, points, st.stage, st.seat, st.pending,
                         st.ply + 1)

    def _award(self, points, f: Feature, value: int):
        part = self.part_of[f.kind]
        points = list(points)
        for s in winners(f.claims):
            p = points[s]
            points[s] = p[:part] + (p[part] + value,) + p[part + 1:]
        return tuple(points)

    def _return(self, supply, claimed, f: Feature):
        """The counters on a feature back to their seats' supplies."""
        supply = tuple(c + f.claims[s] for s, c in enumerate(supply))
        claimed = {n: s for n, s in claimed.items() if n not in set(f.nodes)}
        return supply, claimed

    def _finish(self, st) -> EdgeState:
        """The end: every feature not scored yet scores by its part's `end` rule."""
        fs, points = st.features, st.points
        for r in sorted(fs.of):
            f = fs.of[r]
            rule = self.on_end.get(f.kind)
            if f.done or rule is None or not any(f.claims):
                continue
            points = self._award(points, f, rule(f, fs))
        return EdgeState(st.tiles, st.frontier, fs, st.claimed, st.bag, st.supply, points, OVER, st.seat, None,
                         st.ply)

    def outcome(self, st) -> Outcome:
        return parts_outcome(self.players, self.part_names, st.points, st.stage == OVER)

    def final_values(self, st) -> list[float]:
        return ranked([sum(p) for p in st.points])

    def move_str(self, move) -> str:
        if move[0] == "d":
            return "draw:" + self.type_names[move[1]]
        t, cell, k, seg = move
        s = f"{self.type_names[t]}@{self.plane.name(cell)}r{90 * k}"
        return s if seg < 0 else s + "+" + self.seg_names[t][k][seg]

    # -- tools for front-ends and tests
    def layout(self, tiles: list[str], *, seat: int = 0, pending: str | None = None, ply: int = 0,
               bag: dict[str, int] | None = None) -> EdgeState:
        """A position from placements in move notation, in the order laid, each optionally
        followed by `:seat name` for the seat whose counter its claim is (default: `seat`):
        `["D@0,0r0", "E@0,1r180+city:S:blue"]`. Completions score as they happen; sides must
        meet sides of their kind, claims are not checked. `pending`: the drawn type the seat to move is to place (out of the
        bag); `bag`: the pieces left by type name (default: those not laid)."""
        laid = []
        for text in tiles:
            place, who = text, None
            if text.rpartition(":")[2] in self.players:
                place, _, who = text.rpartition(":")
            m = PLACE_RE.match(place)
            if not m or m.group(1) not in self.type_index or int(m.group(4)) % 90:
                raise RulebookError(f"layout: cannot read tile '{text}' (e.g. E@0,1r180+city:S:{self.players[0]})")
            t, k = self.type_index[m.group(1)], int(m.group(4)) // 90 % 4
            cell = self.plane.cell(int(m.group(2)), int(m.group(3)))
            claim = None
            if m.group(5):
                names = self.seg_names[t][k]
                if m.group(5) not in names:
                    raise RulebookError(f"layout: {m.group(1)} turned r{90 * k} has no segment {m.group(5)}")
                if who is not None and who not in self.players:
                    raise RulebookError(f"layout: no seat '{who}'")
                claim = (self.players.index(who) if who else seat, names.index(m.group(5)))
            laid.append((cell, t, k, claim))
        unknown = [k for k in [*(bag or {}), *([pending] if pending else [])] if k not in self.type_index]
        if unknown:
            raise RulebookError(f"layout: no tile type '{unknown[0]}'")
        try:
            left = None if bag is None else {self.type_index[k]: v for k, v in bag.items()}
            return self.position(laid, seat, self.type_index[pending] if pending else None, ply, left)
        except RulebookError as e:
            raise RulebookError(f"layout: {e}") from None

    def feature_at(self, st, x: int, y: int, name: str) -> Feature:
        """The feature of the segment so named on the tile at x,y (as it lies)."""
        cell = self.plane.cell(x, y)
        t, k = st.tiles[cell]
        return st.features.feature(cell * NODE + self.seg_names[t][k].index(name))

    def explain(self, st, text: str) -> str:
        from .edgelook import explain
        return explain(self, st, text)

    def render(self, st, color: bool = False) -> str:
        from .edgelook import render
        return render(self, st, color)

    def scene(self, st, preview=None) -> dict:
        from .edgelook import scene
        return scene(self, st, preview)

    def placed_tile(self, st, move) -> tuple[str, str, int] | None:
        """The cell, tile type and turn (degrees) of a move that lays a tile in position st, else None."""
        from .edgelook import placed_tile
        return placed_tile(self, st, move)
