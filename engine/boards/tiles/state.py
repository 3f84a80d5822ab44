"""Positions of tile games and the texts of their moves.

A position is a TileState (immutable by convention, hashable, with cached hash):
  tiles     {cell: (type, rotation, holder)}, read by the slots TYPE, TURN and HOLDER (or unpacked);
            holder a seat, EMPTY (no counter) or VOID (counter taken back: the tile's feature
            counts for nobody)
  frontier  {empty cell next to a tile: cell << shift | side constraint}; keys counts cells per key
  census    counters per (feature, holder): index f * (seats + 2) + holder + 2
stage is DRAW (a chance draw from the bag), PLACE (the drawn tile is placed), SELL or OVER.
"""
from __future__ import annotations

import re

# the stages of a turn, for every tile game (a path or side game has no SELL)
DRAW, PLACE, SELL, OVER = range(4)

# the moves: a placement is an int (building.py codes it); a draw ("d", type), a sale
# ("s", from cell, stop cell, to cell) and the pass are tuples tagged by their first item
PASS = ("pass",)

# the slots of a board entry tiles[cell]: its type, its quarter turns clockwise, its holder
TYPE, TURN, HOLDER = range(3)

# move notation: a placement `<type>@<x>,<y>r<rotation><claim>`, a sale `sell:<from>><stop>><to>`
PLACE_RE = re.compile(r"^([A-Za-z_]\w*)@(-?\d+),(-?\d+)r(\d+)(.*)$")
SELL_RE = re.compile(r"^sell:(-?\d+),(-?\d+)>(-?\d+),(-?\d+)>(-?\d+),(-?\d+)$")


class Position:
    """A position, immutable by convention (but its caches) and hashable: equal when `_key()` is
    (its hash kept once asked); pickled as the slots of `_FIELDS`, the caches made again after
    (`_forget`)."""

    __slots__ = ("_hash",)
    _FIELDS: tuple[str, ...] = ()

    def _key(self) -> tuple:
        raise NotImplementedError

    def __hash__(self):
        if self._hash is None:
            self._hash = hash(self._key())
        return self._hash

    def __eq__(self, other):
        return type(other) is type(self) and hash(self) == hash(other) and self._key() == other._key()

    def __getstate__(self):             # pickling keeps the position, not the caches
        return tuple(getattr(self, f) for f in self._FIELDS)

    def __setstate__(self, values):
        for f, v in zip(self._FIELDS, values):
            setattr(self, f, v)
        self._hash = None
        self._forget()

    def _forget(self) -> None:
        """Empty the caches of a position just unpickled (a subclass that keeps any)."""

    def __repr__(self):
        return f"<{type(self).__name__} ply {self.ply}, stage {self.stage}, seat {self.seat}>"


class TileState(Position):
    """A position. Nothing mutates a state once apply has returned it (but its caches: `_hash`, and
    `lines_cache` and `parts_cache`, which scoring.py keeps)."""

    __slots__ = ("tiles", "frontier", "keys", "bag", "bagmask", "drawable", "supply", "tolls", "census",
                 "stage", "seat", "pending", "passes", "ply", "reach", "lines_cache", "parts_cache")

    def __init__(self, tiles, frontier, keys, bag, bagmask, drawable, supply, tolls, census,
                 stage, seat, pending, passes, ply, reach):
        self.tiles = tiles          # {cell: (type, rotation, holder)}
        self.frontier = frontier    # {empty cell next to a tile: cell << shift | constraint key}
        self.keys = keys            # {constraint key: frontier cells with it}
        self.bag = bag              # pieces left per type
        self.bagmask = bagmask      # bit t set when bag[t] > 0
        self.drawable = drawable    # draw moves of the types with a piece left that fit somewhere
        self.supply = supply        # counters left per seat
        self.tolls = tolls          # tolls earned per seat
        self.census = census        # counters per (feature, holder)
        self.stage = stage          # DRAW, PLACE, SELL or OVER
        self.seat = seat            # the builder (DRAW, PLACE), the seller, or next seat when OVER
        self.pending = pending      # the drawn type (PLACE)
        self.passes = passes        # passes in a row
        self.ply = ply
        self.reach = reach          # routes.Reach shared by positions with the same track and stops
        self._hash = None
        self.lines_cache = None
        self.parts_cache = None

    def _key(self):
        return (frozenset(self.tiles.items()), self.bag, self.supply, self.tolls, self.stage, self.seat,
                self.pending, self.passes, self.ply)

    _FIELDS = ("tiles", "frontier", "keys", "bag", "bagmask", "drawable", "supply", "tolls", "census",
               "stage", "seat", "pending", "passes", "ply")

    def _forget(self) -> None:
        self.reach = self.lines_cache = self.parts_cache = None

    def __repr__(self):
        return f"<TileState ply {self.ply}, {len(self.tiles)} tiles, stage {self.stage}, seat {self.seat}>"
