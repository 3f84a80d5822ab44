"""The tile kind as the registry sees it: check_tiles reads a file's tile words into rules whose
`compile` gives a TileGame (tiles with sides of several kinds: edgekind.py, imported only for
them). The one module that imports both the checker (rules.py) and the game (game.py): the
checker never imports the compiled game."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .game import TileGame
from .rules import TileRules, check_rules

if TYPE_CHECKING:
    from ...source.check import Checker
    from .pathkind import PathKind


class TileKind(TileRules):
    """Checked tile rules (TileRules, its fields) that compile into a TileGame."""

    def compile(self, options: dict[str, Any], seats: int | None = None, instrument: bool = False) -> TileGame:
        return TileGame(self, options, self.seat_count(seats), instrument)


def check_tiles(ch: Checker) -> TileKind | PathKind | None:
    """The tile words of a checked file as rules to compile, or None (the findings are in `ch`)."""
    if "stones" in ch.src.data:         # stones on tiles whose sides carry path points: pathkind.py
        from .pathkind import check_path_tiles
        return check_path_tiles(ch)
    if "sides" in (ch.src.data.get("tiles") or {}):     # sides of several kinds: edgekind.py
        from .edgekind import check_edge_tiles
        return check_edge_tiles(ch)
    rules = check_rules(ch)
    return None if rules is None else TileKind(**vars(rules))
