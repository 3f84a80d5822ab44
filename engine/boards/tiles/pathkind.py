"""Path tiles as the registry sees them: the checked rules (PathRules, pathrules.py) given their
compile (a PathGame, pathgame.py). The one module of them that imports both; kind.py imports it
only for a file that has `stones`."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .pathgame import PathGame
from .pathrules import PathRules, check_path_rules

if TYPE_CHECKING:
    from ...source.check import Checker


class PathKind(PathRules):
    """Checked path-tile rules that compile into a PathGame."""

    def compile(self, options: dict[str, Any], seats: int | None = None, instrument: bool = False) -> PathGame:
        return PathGame(self, options, self.seat_count(seats), instrument)


def check_path_tiles(ch: Checker) -> PathKind | None:
    rules = check_path_rules(ch)
    return None if rules is None else PathKind(**vars(rules))
