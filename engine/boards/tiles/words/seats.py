"""players and player_count: the seats of a tile game, shared by its three rule sets (track,
sides, paths): the players named and the range of their number, checked with located findings."""
from __future__ import annotations

from ....api import RulebookError
from ....lang.expr import INT
from ....structs import struct
from . import FEATURE, GAME, SEAT

KEY = "players, player_count"
ABOUT = ("the seats, in order, and `{min, max, default}` of their number (the first N seats play); a "
         "player's `forward` belongs to grid boards")
_PLAYERS = {"players": (INT, "{seats}")}
NAMES = {SEAT: _PLAYERS, FEATURE: _PLAYERS, GAME: _PLAYERS}


@struct
class SeatRange:
    """The first fields of every rule set's checked rules (the file, its seats), and seat_count."""
    spec: dict
    src_file: str
    players: list[str]
    count_min: int
    count_max: int
    count_default: int

    def seat_count(self, seats: int | None) -> int:
        """The number of seats asked for (None: the default), or RulebookError if out of range."""
        if seats is None:
            return self.count_default
        if not isinstance(seats, int) or not self.count_min <= seats <= self.count_max:
            span = (f"exactly {self.count_min}" if self.count_min == self.count_max
                    else f"{self.count_min} to {self.count_max}")
            raise RulebookError(f"{self.spec['game']} is played by {span} players, not {seats}")
        return seats


def check(ch, forward: str | None = None) -> tuple[list[str], int, int, int]:
    """The players' names and (min, default, max) of their number; `forward`: the finding for a
    player's forward direction (None: not checked)."""
    spec = ch.src.data
    players = []
    for i, p in enumerate(spec["players"]):
        if isinstance(p, dict):
            players.append(p["name"])
            if forward and "forward" in p:
                ch.error(("players", i, "forward"), forward, key=True)
        else:
            players.append(p)
    if len(set(players)) != len(players):
        ch.error(("players",), "two players have the same name")
    pc = spec.get("player_count") or {}
    cmax = pc.get("max", len(players))
    cmin = pc.get("min", min(cmax, len(players)))
    cdef = pc.get("default", min(cmax, len(players)))
    if cmax > len(players):
        ch.error(("player_count", "max"), f"only {len(players)} players are named")
    if not cmin <= cdef <= cmax:
        ch.error(("player_count",), f"player_count needs min <= default <= max (here {cmin}, {cdef}, {cmax})")
    return players, cmin, cdef, cmax
