"""The grid kind as the registry sees it: check_grid reads a file's grid words into rules whose
`compile` gives a GridGame. The one module that imports both the checker (rules.py) and the
game (game.py): the checker never imports the compiled game."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...structs import replace
from .game import GridGame
from .rules import GridRules, check_rules

if TYPE_CHECKING:
    from ...source.check import Checker


class GridKind(GridRules):
    """Checked grid rules (GridRules, its fields) that compile into a GridGame."""

    def compile(self, options: dict[str, Any], seats: int | None = None, instrument: bool = False) -> GridGame:
        rules = self
        if self.board[0] == "ring" and self.sized:      # a ring whose pits an option counts
            rules = replace(self, board=("ring", options.get(self.sized["pits"], self.board[1])))
        elif self.sized:      # a board whose size an option sets: the board of the option's value
            dims = [options.get(self.sized[k], d) if k in self.sized else d
                    for k, d in (("files", self.board[1]), ("ranks", self.board[2]))]
            rules = replace(self, board=(self.board[0], *dims))
        return GridGame(rules, options, rules.seats_for(seats), instrument)


def check_grid(ch: Checker) -> GridKind | None:
    """The grid words of a checked file as rules to compile, or None (the findings are in `ch`)."""
    rules = check_rules(ch)
    return None if rules is None else GridKind(**vars(rules))
