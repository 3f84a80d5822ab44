"""What every compiled game of the tile kind shares, whichever its rule set (track tiles, sides
of several kinds, path tiles): the fields it starts with, the parts of the Game API that a
position's stage (state.py: DRAW, PLACE, SELL, OVER), seat and ply decide, its counts of what was
refused (instrument=True). Its positions are state.Position's."""
from __future__ import annotations

from typing import Any

from ...api import CHANCE, parse_by_notation
from ...source.info import game_info
from .state import DRAW, OVER


class StagedGame:
    """The Game API's parts that the stage, the seat and the ply decide, for every tile game."""

    def _start(self, rules, options: dict[str, Any], seats: int, instrument: bool, stats) -> None:
        """The fields every compiled tile game has: its rules, name, seats, options, the header
        front-ends read (`info`) and its counts (names `stats`, shared with its parts, reset in
        place)."""
        self.rules = rules
        self.name = rules.spec["game"]
        self.players = tuple(rules.players[:seats])
        self.options = dict(options)
        self.info = game_info(rules.spec, range(rules.count_min, rules.count_max + 1))
        self.instrument = instrument
        self.stats = dict.fromkeys(stats, 0)
        self.n = seats

    def to_move(self, st) -> int:
        return CHANCE if st.stage == DRAW else st.seat

    def ply(self, st) -> int:
        return st.ply

    def is_over(self, st) -> bool:
        return st.stage == OVER

    def parse_move(self, st, text: str):
        return parse_by_notation(self, st, text)

    def rule_stats(self) -> dict[str, int]:
        """How often things happened or were refused since the last reset (instrument=True only)."""
        return dict(self.stats) if self.instrument else {}

    def reset_rule_stats(self) -> None:
        self.stats.update(dict.fromkeys(self.stats, 0))
