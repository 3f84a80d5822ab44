"""The grid kind as the registry sees it: check_grid reads a file's grid words into rules whose
`compile` gives a GridGame. The one module that imports both the checker (rules.py) and the
game (game.py): the checker never imports the compiled game."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .game import GridGame
from .rules import GridRules, check_rules

if TYPE_CHECKING:
    from ...source.check import Checker


class GridKind(GridRules):
    """Checked grid rules (GridRules, its fields) that compile into a GridGame."""

    def compile(self, options: dict[str, Any], seats: int | None = None, instrument: bool = False) -> GridGame:
        return GridGame(self, options, self.seats_for(seats), instrument)


def check_grid(ch: Checker) -> GridKind | None:
    """The grid words of a checked file as rules to compile, or None (the findings are in `ch`)."""
    rules = check_rules(ch)
    return None if rules is None else GridKind(**vars(rules))
