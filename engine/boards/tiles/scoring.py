"""Scoring of tile games: the line facts the scoring functions read (Lines, built per position
on first use) and the game's parts and outcome (Scoring, a part of TileGame)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...api import Outcome
from .base import parts_outcome
from .state import HOLDER, OVER, TileState

if TYPE_CHECKING:
    from .game import TileGame


class Lines:
    """Line facts of one position, for the scoring functions (built on first use, then kept)."""

    __slots__ = ("scoring", "tiles", "reach", "memo")

    def __init__(self, scoring: "Scoring", st: TileState):
        self.scoring = scoring
        self.tiles = st.tiles
        self.reach = scoring.reach(st)
        self.memo: dict = {}

    def _tally(self, kind: str, f: int) -> list[int]:
        key = (kind, f)
        out = self.memo.get(key)
        if out is not None:
            return out
        sc, tiles, first = self.scoring, self.tiles, self.reach.first_stops
        out = [0] * sc.n
        feat, pairs, sides = sc.feat, sc.pairs, sc.track_sides
        for cell, (t, k, h) in tiles.items():
            if h < 0 or feat[t] != f:
                continue
            tk = t * 4 + k
            if kind == "on_line":
                if sc.stop_type[t]:
                    ok = any(first(cell, s) for s in sides[tk])
                else:
                    ok = any(first(cell, a) and first(cell, b) for a, b in pairs[tk])
            else:
                ok = False
                for a, b in pairs[tk]:
                    back = {tiles[c][HOLDER] for c in first(cell, a)}
                    fwd = {tiles[c][HOLDER] for c in first(cell, b)}
                    if kind == "between_own":
                        ok = h in back and h in fwd
                    else:
                        ok = any(o >= 0 for o in back & fwd)
                    if ok:
                        break
            if ok:
                out[h] += 1
        self.memo[key] = out
        return out

    def on_line(self, f):
        return self._tally("on_line", f)

    def between_own(self, f):
        return self._tally("between_own", f)

    def between_same(self, f):
        return self._tally("between_same", f)


class Scoring:
    """Per seat, the named parts of its score; the outcome built on them (and the game's
    evaluation of a finished game).

    The compiled `score` ((state, seat) -> the parts) is set by the game once compiled, since it
    reads this part's `lines` (the name LN in its source), as the game's `evaluate` does."""

    def __init__(self, game: "TileGame"):
        self.n, self.players = game.n, game.players
        self.feat, self.stop_type = game.feat, game.stop_type
        self.pairs, self.track_sides = game.pairs, game.track_sides
        self.reach = game.sales.reach
        self.part_names = tuple(name for name, _ in game.rules.scoring)
        self.score = None

    def lines(self, st: TileState) -> Lines:
        ln = st.lines_cache
        if ln is None or ln.scoring is not self:    # a cache of this game's (options') lines
            ln = st.lines_cache = Lines(self, st)
        return ln

    def parts(self, st) -> list[tuple]:
        """Per seat, the scoring parts (running values until the game is over)."""
        cached = st.parts_cache                 # (the scoring it is of, the parts)
        if cached is not None and cached[0] is self:    # this game's (options') scores
            return cached[1]
        parts = [self.score(st, s) for s in range(self.n)]
        st.parts_cache = (self, parts)
        return parts

    def outcome(self, st) -> Outcome:
        return parts_outcome(self.players, self.part_names, self.parts(st), st.stage == OVER)
