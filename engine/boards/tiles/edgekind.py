"""Tiles with sides of several kinds as the registry sees them: the checked rules (EdgeRules,
edgerules.py) given their compile (an EdgeGame, edgegame.py). The one module of them that
imports both; kind.py imports it only for a file that has `tiles.sides`."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .edgegame import EdgeGame
from .edgerules import EdgeRules, check_edge_rules

if TYPE_CHECKING:
    from ...source.check import Checker


class EdgeKind(EdgeRules):
    """Checked rules of tiles with sides of several kinds that compile into an EdgeGame."""

    def compile(self, options: dict[str, Any], seats: int | None = None, instrument: bool = False) -> EdgeGame:
        return EdgeGame(self, options, self.seat_count(seats), instrument)


def check_edge_tiles(ch: Checker) -> EdgeKind | None:
    rules = check_edge_rules(ch)
    return None if rules is None else EdgeKind(**vars(rules))
