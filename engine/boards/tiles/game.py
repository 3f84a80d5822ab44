"""A compiled tile game: the Game API of rulebook/api.py over TileState positions (state.py).

TileGame holds the tables every part reads (tile types, features, the plane, the track and its
network) and compiles the rules-language strings; each concern is a part it delegates to:
  building  Building (building.py)  positions from tiles laid, draws, placements, claims
  sales     Sales (sales.py)        the paths of a position; the sell phase: sales, tolls, routes
  scoring   Scoring (scoring.py)    line facts, the parts of each score, outcome
The front-ends' tools are functions of the game: explain.py (--why), render.py (the terminal),
picture.py (the scene rulebook.look draws).
"""
from __future__ import annotations

from typing import Any

from ...api import IllegalMove, RulebookError
from .base import StagedGame, ranked
from .building import Building
from .explain import explain as explain_move
from .picture import placed_tile as placed_tile_of
from .picture import scene as scene_of
from .render import render as render_text
from .routes import EMPTY, VOID, Network, Reach, TrackSet
from .rules import TileRules
from .sales import Sales
from .scoring import Scoring
from .state import DRAW, OVER, PASS, PLACE, PLACE_RE, SELL, TileState
from .vocabulary import vocabulary
from .words import SEAT, TRACK

# what rule_stats counts (instrument=True)
STATS = ("placements refused by side matching", "draws refused: fits nowhere", "counters taken back",
         "tiles left unclaimed", "sales offered", "sales", "passes", "tolls paid")


class TileGame(StagedGame):
    """A compiled tile game: the Game API of rulebook/api.py."""

    def __init__(self, rules: TileRules, options: dict[str, Any], seats: int, instrument: bool = False):
        self._start(rules, options, seats, instrument, STATS)
        n = seats
        self.width = n + 2                          # a census row: void, empty, then one per seat
        # the tables of tile types, features and track that every part reads
        types = rules.types
        self._types(t.name for t in types)
        self.features = list(rules.features)
        fidx = {f: i for i, f in enumerate(self.features)}
        self.feat = tuple(fidx[t.feature] if t.feature is not None else -1 for t in types)
        self.start_type, self.start_cell, self.start_rot = self._grown_board(t.count for t in types)
        tr = self.track = TrackSet([t.pairs for t in types])
        self.stop_type = tuple(rules.stop is not None and t.feature == rules.stop for t in types)
        self.net = Network(self.plane, tr, self.stop_type)
        turned = [(t, k) for t in range(len(types)) for k in range(4)]     # type t turned k: index t * 4 + k
        self.exits = tuple(tuple(tr.exits(t, k, a) for a in range(4)) for t, k in turned)
        self.pairs = tuple(tuple(tr.pairs(t, k)) for t, k in turned)
        self.track_sides = tuple(tuple(s for s in range(4) if tr.mask[t][k] >> s & 1) for t, k in turned)
        # the parts
        self.building = Building(self)
        self.sales = Sales(self)
        self.scoring = Scoring(self)
        self._compile_expressions(options)

    def _compile_expressions(self, options) -> None:
        """The rules-language strings compiled into functions, handed to the parts that run them."""
        rules, n = self.rules, self.n
        vocab = vocabulary(TRACK, SEAT, rules.spec, {"features": self.features}, n, options)
        ns = {"LN": self.scoring.lines}
        self.supply0 = self.building.supply0 = self._supply(options, ns)
        build = rules.phases[0]
        self.building.until = self._fn(build.until, "until_build", vocab, _where(build), ns=ns)
        sell = self.sales.phase
        if sell is not None:
            self.sales.until = (self._fn(sell.until, "until_sell", vocab, _where(sell), ns=ns)
                                if sell.until is not None else (lambda st, me: st.passes >= n))
        self.scoring.score = self._fn([node for _, node in rules.scoring], "score", vocab, "scoring", ns=ns)
        self.evaluate_fn = self._fn(rules.evaluate, "evaluate", vocab, "evaluate", ns=ns)

    # -- the Game API
    def initial_state(self) -> TileState:
        st = self.building.position([(self.start_cell, self.start_type, self.start_rot, EMPTY)], DRAW)
        if self.building.ended(st, 0):          # before any move: seat 0 asks, and the last seat
            self._end_build(st, self.n - 1)     # counts as the last builder
        return st

    def _end_build(self, st: TileState, mover: int) -> None:
        """Turn a fresh (unpublished) position into the first position after building."""
        st.drawable = ()
        if self.sales.phase is None:
            st.stage = OVER
        else:
            self.sales.begin(st, mover)

    def legal_moves(self, st) -> list:
        stage = st.stage
        if stage == PLACE:
            return self.building.placements(st)
        if stage == DRAW:
            if self.instrument:
                self.building.count_unfit_draws(st)
            return list(st.drawable)
        if stage == SELL:
            sales = self.sales.offered(st)
            if self.instrument:
                self.stats["sales offered"] += len(sales)
            return sales or [PASS]
        return []

    def chance_outcomes(self, st) -> list:
        if st.stage != DRAW:
            return []
        bag = st.bag
        return [(m, bag[m[1]]) for m in st.drawable]

    def apply(self, st, move) -> TileState:
        if move.__class__ is int:
            new = self.building.place(st, move)
            if self.building.ended(new, st.seat):
                self._end_build(new, st.seat)
            return new
        if move[0] == "d":
            return self.building.draw(st, move)
        if st.stage != SELL:
            raise IllegalMove(f"{self.move_str(move)}: selling has not started", 0)
        return self.sales.apply(st, move)

    def outcome(self, st):
        return self.scoring.outcome(st)

    def final_values(self, st) -> list[float]:
        return ranked([sum(p) for p in self.scoring.parts(st)])

    def move_str(self, move) -> str:
        if move.__class__ is int:
            t, cell, k, claim = self.building.placement(move)
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

    # -- tools for front-ends and tests
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
            return self.building.position(placed, {"draw": DRAW, "place": PLACE, "sell": SELL, "over": OVER}[stage],
                                          seat, self.type_index[pending] if pending is not None else None, supply,
                                          tolls, passes, ply)
        except RulebookError as e:
            raise RulebookError(f"layout: {e}") from None

    def reach(self, st: TileState) -> Reach:
        """The path memo of a position (routes.Reach)."""
        return self.sales.reach(st)

    def route(self, st, move) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
        """The route a sale takes, as (x, y) cells from its `from` tile to the stop, and the
        stops charged a toll on it (sorted)."""
        cells, charged = self.sales.route(st, move)
        return [self.plane.xy(c) for c in cells], sorted(self.plane.xy(c) for c in charged)

    def explain(self, st, text: str) -> str:
        """Why a move is not legal here, in words."""
        return explain_move(self, st, text)

    def render(self, st, color: bool = False) -> str:
        """The position drawn for the terminal (render.py)."""
        return render_text(self, st, color)

    def scene(self, st, preview=None) -> dict:
        """What a picture of the position shows, as plain data (picture.py); with a placement
        move, `preview`: its tile turned on its cell."""
        return scene_of(self, st, preview)

    def placed_tile(self, st, move) -> tuple[str, str, int] | None:
        """The cell, tile type and turn (degrees) of a move that lays a tile in position st, else None."""
        return placed_tile_of(self, st, move)


def _where(phase) -> str:
    """The key of a phase's `until` among the rules' places."""
    return ".".join(map(str, phase.path + ("until",)))
