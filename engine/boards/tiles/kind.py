"""The tile kind as the registry sees it: check_tiles reads a file's tile words into rules whose
`compile` gives a TileGame (or, for tiles with sides of several kinds, an EdgeGame). The one
module that imports both the checkers (rules.py, edgerules.py) and the games (game.py,
edgegame.py): the checkers never import the compiled games."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .game import TileGame
from .edgerules import EdgeRules, check_edge_rules
from .rules import TileRules, check_rules

if TYPE_CHECKING:
    from ...source.check import Checker


class TileKind(TileRules):
    """Checked tile rules (TileRules, its fields) that compile into a TileGame."""

    def compile(self, options: dict[str, Any], seats: int | None = None, instrument: bool = False) -> TileGame:
        return TileGame(self, options, self.seat_count(seats), instrument)


class EdgeKind(EdgeRules):
    """Checked rules of tiles with sides of several kinds (EdgeRules) that compile into an EdgeGame."""

    def compile(self, options: dict[str, Any], seats: int | None = None, instrument: bool = False):
        from .edgegame import EdgeGame      # imported by the games that use it only
        return EdgeGame(self, options, self.seat_count(seats), instrument)


def check_tiles(ch: Checker) -> TileKind | None:
    """The tile words of a checked file as rules to compile, or None (the findings are in `ch`)."""
    if "sides" in (ch.src.data.get("tiles") or {}):     # sides of several kinds: edgerules.py
        edge_rules = check_edge_rules(ch)
        return None if edge_rules is None else EdgeKind(**vars(edge_rules))
    rules = check_rules(ch)
    return None if rules is None else TileKind(**vars(rules))
