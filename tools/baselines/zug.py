"""Zug, hand-written: a reference implementation of the Game API (engine/api.py).

A yardstick for the generic engine (speed) and a cross-check of it (same moves, same results), not
used by the engine. The rules are those of docs/games/zug.md.

Plain Python: the board is a dict keyed by cell, the open cells next to it (the frontier) are kept
with the side constraints they impose, and lines are searched over (cell, entry side) states.

Cells are ints: (x + OFF) * STRIDE + (y + OFF). Comparing two such ints compares (x, y) in
tuple order, which the route tie-break uses.

A tile on the board is (type, rotation, holder); holder is a seat (it holds that seat's counter),
EMPTY (no counter: never claimed, sold from, or an empty city) or VOID (its counter was taken back:
its feature counts for nobody).

Moves (small tuples):
    ("d", type)                          draw a tile of that type (chance)
    ("p", type, cell, rotation, claim)   placement; claim is None (no feature), "+" (from the
                                         supply), "-" (left unclaimed) or the cell a counter is
                                         taken back from
    ("s", factory, station, city)        sale
    ("pass",)
"""
from __future__ import annotations

import heapq

from rulebook.api import CHANCE, IllegalMove, Outcome

SEAT_NAMES = ("red", "blue", "green", "yellow", "black")

N, E, S, W = 0, 1, 2, 3
SIDE_NAMES = "NESW"
OFF, STRIDE = 128, 256
DELTA = (1, STRIDE, -1, -STRIDE)      # neighbour across side N, E, S, W
OPP = (S, W, N, E)
ORIGIN = OFF * STRIDE + OFF            # cell (0, 0)

EMPTY, VOID = -1, -2

# id, count, connections at rotation 0, feature
TILE_TABLE = (
    ("straight", 6, ((N, S),), None),
    ("factory_line", 12, ((N, S),), "factory"),
    ("locomotive_line", 3, ((N, S),), "locomotive"),
    ("curve", 6, ((S, E),), None),
    ("factory_curve", 9, ((S, E),), "factory"),
    ("double_curve", 3, ((S, E), (N, W)), None),
    ("bypass", 9, ((S, N), (S, E)), None),
    ("double_bypass", 3, ((S, N), (S, E), (S, W)), None),
    ("bifurcation", 3, ((S, E), (S, W)), None),
    ("t_junction", 3, ((W, E), (S, E), (S, W)), None),
    ("station", 15, ((N, S),), "station"),
    ("city", 18, (), "city"),
)
NTYPES = len(TILE_TABLE)
TILE_IDS = tuple(t[0] for t in TILE_TABLE)
TYPE_OF = {name: i for i, name in enumerate(TILE_IDS)}
FEATURE = tuple(t[3] for t in TILE_TABLE)
T_STATION, T_CITY, T_START = TYPE_OF["station"], TYPE_OF["city"], TYPE_OF["t_junction"]
FACTORY = tuple(f == "factory" for f in FEATURE)
LOCO = tuple(f == "locomotive" for f in FEATURE)
CLAIMABLE = tuple(f in ("factory", "locomotive", "station") for f in FEATURE)
BAG0 = tuple(t[1] - (1 if i == T_START else 0) for i, t in enumerate(TILE_TABLE))


def _orientations():
    """CONN[type][rot][entry] = bitmask of the exit sides; MASK[type][rot] = sides with track;
    ROTS[type] = the distinct placements' rotations (the smallest rotation naming each)."""
    conn, mask, rots = [], [], []
    for _name, _count, pairs, _feat in TILE_TABLE:
        seen, c_t, m_t, r_t = set(), [], [], []
        for k in range(4):
            c = [0, 0, 0, 0]
            for a, b in pairs:
                a, b = (a + k) % 4, (b + k) % 4
                c[a] |= 1 << b
                c[b] |= 1 << a
            c_t.append(tuple(c))
            m_t.append(sum(1 << s for s in range(4) if c[s]))
            key = frozenset(frozenset(((a + k) % 4, (b + k) % 4)) for a, b in pairs)
            if key not in seen:      # a feature does not turn: same connections, same placement
                seen.add(key)
                r_t.append(k)
        conn.append(tuple(c_t))
        mask.append(tuple(m_t))
        rots.append(tuple(r_t))
    return tuple(conn), tuple(mask), tuple(rots)


CONN, MASK, ROTS = _orientations()
EXITS = tuple(tuple(s for s in range(4) if m >> s & 1) for m in range(16))  # bitmask -> sides

# A frontier cell's constraint is key = K << 4 | R: K the sides facing a placed tile, R those of
# them where that tile has track. A rotation fits when its track mask & K == R.
FITS = tuple(
    tuple(tuple(r for r in ROTS[t] if MASK[t][r] & (key >> 4) == key & 15) for key in range(256))
    for t in range(NTYPES))
TYPES_FITTING = tuple(sum(1 << t for t in range(NTYPES) if FITS[t][key]) for key in range(256))


def cell_xy(c: int) -> tuple[int, int]:
    return c // STRIDE - OFF, c % STRIDE - OFF


def cell_of(x: int, y: int) -> int:
    if not (-OFF < x < OFF and -OFF < y < OFF):
        raise ValueError("cell out of range")
    return (x + OFF) * STRIDE + y + OFF


def cell_str(c: int) -> str:
    x, y = cell_xy(c)
    return f"{x},{y}"


class ZugState:
    """An immutable position (by convention: nothing mutates a state once built)."""
    __slots__ = ("tiles", "frontier", "bag", "drawable", "supply", "tolls", "phase", "seat",
                 "pending", "passes", "ply", "_hash", "_score")

    def __init__(self, tiles, frontier, bag, drawable, supply, tolls, phase, seat, pending, passes, ply):
        self.tiles = tiles          # {cell: (type, rotation, holder)}
        self.frontier = frontier    # {empty cell next to a tile: constraint key}
        self.bag = bag              # pieces left per type
        self.drawable = drawable    # types with a piece left that can be placed somewhere
        self.supply = supply        # counters left per seat
        self.tolls = tolls          # tolls earned per seat
        self.phase = phase          # DRAW, PLACE, SELL or OVER
        self.seat = seat            # the builder (DRAW, PLACE) or the seller
        self.pending = pending      # the drawn type in PLACE, else None
        self.passes = passes        # passes in a row (selling)
        self.ply = ply
        self._hash = None
        self._score = None

    def _key(self):
        return (frozenset(self.tiles.items()), self.bag, self.supply, self.tolls, self.phase,
                self.seat, self.pending, self.passes, self.ply)

    def __hash__(self):
        if self._hash is None:
            self._hash = hash(self._key())
        return self._hash

    def __eq__(self, other):
        return isinstance(other, ZugState) and hash(self) == hash(other) and self._key() == other._key()


DRAW, PLACE, SELL, OVER = 0, 1, 2, 3
PASS = ("pass",)


# -------------------------------------------------------------------------------- line search
def _is_station(tile) -> bool:
    return tile[0] == T_STATION and tile[2] != VOID     # a void station is plain track


def reach_stations(tiles, cell, side, through=False):
    """Stations reached by train paths leaving `cell` by `side`. With through=False only the first
    station of each path counts (the search stops there); with through=True paths run on through
    stations. A path may come back into its start tile (a station start reaches itself)."""
    found = set()
    start = (cell + DELTA[side], OPP[side])
    seen = {start}
    todo = [start]
    while todo:
        c, a = todo.pop()
        tile = tiles.get(c)
        if tile is None:
            continue                 # track running to an empty cell: a dead end
        if tile[0] == T_STATION and tile[2] != VOID:
            found.add(c)
            if not through:
                continue
        for b in EXITS[CONN[tile[0]][tile[1]][a]]:
            nxt = (c + DELTA[b], OPP[b])
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return found


def best_route(tiles, factory, station, seller):
    """The route of a sale: the path from the factory to the station, leaving by a side whose
    partner leads backward to a station, that passes (1) the fewest distinct stations of other
    players, (2) the fewest tiles, (3) the smallest cell sequence. Returns (cells, toll stations).

    Best-first search over labels (cost, state, toll set). A label is dropped when one already
    expanded at the same state has a subset of its tolls and a shorter-or-equal, lexicographically
    no greater path (anything this one can still do, that one can do at least as well)."""
    ftile = tiles[factory]
    fconn = CONN[ftile[0]][ftile[1]]
    heap = []
    counter = [0]      # a unique tie-breaker, so that heap entries never compare further

    def push(ntoll, length, cells, entry, tollset):
        c = cells[-1]
        tile = tiles.get(c)
        if tile is None:
            return      # dead end
        h = tile[2]
        if tile[0] == T_STATION and h >= 0 and h != seller and c not in tollset:
            ntoll, tollset = ntoll + 1, tollset | {c}
        counter[0] += 1
        heapq.heappush(heap, (ntoll, length, cells, counter[0], entry, tollset))

    for a in range(4):
        if not fconn[a] or not reach_stations(tiles, factory, a):
            continue
        for b in EXITS[fconn[a]]:
            push(0, 2, (factory, factory + DELTA[b]), OPP[b], frozenset())
    done = {}       # state -> [(toll set, length, cells)] of the labels expanded there
    while heap:
        ntoll, length, cells, _, a, tollset = heapq.heappop(heap)
        c = cells[-1]
        if c == station:
            return cells, tollset
        prev = done.setdefault((c, a), [])
        if any(t <= tollset and (ln, cs) <= (length, cells) for t, ln, cs in prev):
            continue
        prev.append((tollset, length, cells))
        tile = tiles[c]
        for b in EXITS[CONN[tile[0]][tile[1]][a]]:
            push(ntoll, length + 1, cells + (c + DELTA[b],), OPP[b], tollset)
    raise AssertionError("no route for a legal sale")


# -------------------------------------------------------------------------------- the game
class Zug:
    name = "Zug"

    def __init__(self, players: int = 2, counters: int = 14, locomotive_owner: str = "owner"):
        if not 2 <= players <= 5:
            raise ValueError("Zug is for 2 to 5 players")
        if locomotive_owner not in ("owner", "any"):
            raise ValueError("locomotive_owner must be 'owner' or 'any'")
        self.n = players
        self.counters = counters
        self.loco_any = locomotive_owner == "any"
        self.players = SEAT_NAMES[:players]
        self.options = {"players": players, "counters": counters, "locomotive_owner": locomotive_owner}

    # ---------------------------------------------------------------- state queries
    def initial_state(self):
        tiles = {ORIGIN: (T_START, 0, EMPTY)}
        frontier = {}
        self._grow_frontier(tiles, frontier, ORIGIN)
        return ZugState(tiles, frontier, BAG0, self._drawable(frontier, BAG0), (self.counters,) * self.n,
                        (0,) * self.n, DRAW, 0, None, 0, 0)

    def to_move(self, state) -> int:
        return CHANCE if state.phase == DRAW else state.seat

    def ply(self, state) -> int:
        return state.ply

    def is_over(self, state) -> bool:
        return state.phase == OVER

    # ---------------------------------------------------------------- helpers
    @staticmethod
    def _grow_frontier(tiles, frontier, cell):
        """Update the frontier (in place: it is a fresh copy) after a tile went on `cell`."""
        frontier.pop(cell, None)
        t, r, _ = tiles[cell]
        m = MASK[t][r]
        for s in range(4):
            nb = cell + DELTA[s]
            if nb in tiles:
                continue
            o = OPP[s]
            key = frontier.get(nb, 0) | (1 << (o + 4))
            if m >> s & 1:
                key |= 1 << o
            frontier[nb] = key

    @staticmethod
    def _drawable(frontier, bag):
        fit = 0
        for key in set(frontier.values()):
            fit |= TYPES_FITTING[key]
        return tuple(t for t in range(NTYPES) if bag[t] and fit >> t & 1)

    def _sales(self, tiles, seller):
        sales = set()
        for f, (t, r, h) in tiles.items():
            if h != seller or not FACTORY[t]:
                continue
            conn = CONN[t][r]
            for a in range(4):
                # leave by b only if the partner side a leads backward to a station
                if not conn[a] or not reach_stations(tiles, f, a):
                    continue
                for b in EXITS[conn[a]]:
                    for st in reach_stations(tiles, f, b, through=True):
                        for d in DELTA:
                            city = tiles.get(st + d)
                            if city is not None and city[0] == T_CITY and city[2] == EMPTY:
                                sales.add(("s", f, st, st + d))
        return list(sales)

    # ---------------------------------------------------------------- moves
    def chance_outcomes(self, state):
        if state.phase != DRAW:
            return []
        return [(("d", t), state.bag[t]) for t in state.drawable]

    def legal_moves(self, state) -> list:
        phase = state.phase
        if phase == DRAW:
            return [("d", t) for t in state.drawable]
        if phase == PLACE:
            t = state.pending
            if CLAIMABLE[t]:
                if state.supply[state.seat] > 0:
                    claims = ("+",)
                else:   # empty supply: leave it unclaimed, or take a counter back
                    claims = ["-"] + [c for c, tile in state.tiles.items() if tile[2] == state.seat]
            else:
                claims = (None,)
            fits = FITS[t]
            return [("p", t, cell, r, cl)
                    for cell, key in state.frontier.items() for r in fits[key] for cl in claims]
        if phase == SELL:
            return self._sales(state.tiles, state.seat) or [PASS]
        return []

    def apply(self, state, move):
        kind = move[0]
        phase = state.phase
        ply = state.ply + 1
        if kind == "d":
            if phase != DRAW or move[1] not in state.drawable:
                raise IllegalMove("not a possible draw here", 0)
            t = move[1]
            bag = state.bag[:t] + (state.bag[t] - 1,) + state.bag[t + 1:]
            return ZugState(state.tiles, state.frontier, bag, state.drawable, state.supply, state.tolls,
                            PLACE, state.seat, t, 0, ply)
        if kind == "p":
            _, t, cell, r, claim = move
            if phase != PLACE or t != state.pending or cell not in state.frontier:
                raise IllegalMove("not a legal placement here", 0)
            seat = state.seat
            tiles = dict(state.tiles)
            supply = state.supply
            holder = EMPTY
            if claim == "+":
                holder = seat
                if supply[seat] > 0:
                    supply = supply[:seat] + (supply[seat] - 1,) + supply[seat + 1:]
            elif claim is not None and claim != "-":
                ot, orr, _ = tiles[claim]
                tiles[claim] = (ot, orr, VOID)     # the counter moves: that tile is void
                holder = seat
            tiles[cell] = (t, r, holder)
            frontier = dict(state.frontier)
            self._grow_frontier(tiles, frontier, cell)
            drawable = self._drawable(frontier, state.bag)
            nxt = (seat + 1) % self.n
            if drawable:
                return ZugState(tiles, frontier, state.bag, drawable, supply, state.tolls,
                                DRAW, nxt, None, 0, ply)
            # Building is over: selling starts with the next player, unless no city is empty.
            empty_city = any(tt == T_CITY and h == EMPTY for tt, _, h in tiles.values())
            return ZugState(tiles, frontier, state.bag, (), supply, state.tolls,
                            SELL if empty_city else OVER, nxt, None, 0, ply)
        if phase != SELL:
            raise IllegalMove("not a building move", 0)
        nxt = (state.seat + 1) % self.n
        if kind == "pass":
            passes = state.passes + 1
            return ZugState(state.tiles, state.frontier, state.bag, (), state.supply, state.tolls,
                            OVER if passes >= self.n else SELL, nxt, None, passes, ply)
        _, f, st, city = move
        seller = state.seat
        tiles = dict(state.tiles)
        _, tollset = best_route(tiles, f, st, seller)
        tolls = list(state.tolls)
        for c in tollset:
            tolls[tiles[c][2]] += 1
        ft, fr, _ = tiles[f]
        tiles[f] = (ft, fr, EMPTY)
        ct, cr, _ = tiles[city]
        tiles[city] = (ct, cr, seller)
        over = not any(tt == T_CITY and h == EMPTY for tt, _, h in tiles.values())
        return ZugState(tiles, state.frontier, state.bag, (), state.supply, tuple(tolls),
                        OVER if over else SELL, nxt, None, 0, ply)

    # ---------------------------------------------------------------- scoring
    def breakdown(self, state):
        if state._score is not None:
            return state._score
        tiles = state.tiles
        parts = [{"city": 0, "locomotive": 0, "station": 0, "tolls": state.tolls[p]} for p in range(self.n)]
        cache = {}

        def first(cell, side):
            key = (cell, side)
            if key not in cache:
                cache[key] = reach_stations(tiles, cell, side)
            return cache[key]

        for cell, (t, r, h) in tiles.items():
            if h < 0:
                continue
            if t == T_CITY:
                parts[h]["city"] += 3
            elif t == T_STATION:
                # on an allowed line: a path leaving it by either side reaches a station (itself too)
                if any(first(cell, s) for s in EXITS[MASK[t][r]]):
                    parts[h]["station"] += 1
            elif LOCO[t]:
                conn = CONN[t][r]
                scored = False
                for a in range(4):
                    for b in EXITS[conn[a]]:
                        fw = {tiles[c][2] for c in first(cell, b)}
                        bw = {tiles[c][2] for c in first(cell, a)}
                        if self.loco_any:
                            # variant: both end stations belong to one player, whoever
                            scored = bool((fw & bw) - {EMPTY})
                        else:
                            scored = h in fw and h in bw
                        if scored:
                            break
                    if scored:
                        break
                if scored:
                    parts[h]["locomotive"] += 3
        state._score = parts
        return parts

    def outcome(self, state) -> Outcome:
        """Scores are the running totals (final once over); winners only when over."""
        parts = self.breakdown(state)
        totals = [sum(p.values()) for p in parts]
        scores = {self.players[i]: totals[i] for i in range(self.n)}
        bd = {self.players[i]: dict(parts[i]) for i in range(self.n)}
        if state.phase != OVER:
            return Outcome(False, (), scores, bd)
        top = max(totals)
        winners = tuple(self.players[i] for i in range(self.n) if totals[i] == top)
        return Outcome(True, winners, scores, bd)

    def evaluate(self, state):
        """Running score plus 2 per counter still on a factory (a likely sale), relative to the
        best seat: 1.0 for the leader."""
        parts = self.breakdown(state)
        est = [sum(p.values()) for p in parts]
        if state.phase != OVER:
            for t, _, h in state.tiles.values():
                if h >= 0 and FACTORY[t]:
                    est[h] += 2
        top = max(est)
        if top <= 0:
            return [0.5] * self.n
        return [e / top for e in est]

    # ---------------------------------------------------------------- notation
    def move_str(self, move) -> str:
        kind = move[0]
        if kind == "d":
            return "draw:" + TILE_IDS[move[1]]
        if kind == "p":
            _, t, cell, r, claim = move
            s = f"{TILE_IDS[t]}@{cell_str(cell)}r{90 * r}"
            if claim is None:
                return s
            if claim in ("+", "-"):
                return s + claim
            return s + "+" + cell_str(claim)
        if kind == "s":
            return f"sell:{cell_str(move[1])}>{cell_str(move[2])}>{cell_str(move[3])}"
        return "pass"

    def parse_move(self, state, text: str):
        legal = self.legal_moves(state)
        t = text.strip()
        for m in legal:
            if self.move_str(m) == t:
                return m
        if state.phase == OVER:
            raise IllegalMove(f"'{text}': the game is over", 0)
        raise IllegalMove(f"'{text}' is not a legal move here ({len(legal)} legal moves)", len(legal))
