"""The tile kind as the registry sees it: its rule sets in one table (SETS), each named with its
checker and its compiled game; check_tiles reads a file's tile words with the checker of the
rule set its words make it (words.rule_set_of). The words each rule set takes are
words.RULE_SETS; the names its expressions know, vocabulary.py (built from those words).

The checkers and the games are named by module and imported on first use, so that a checker never
imports a compiled game and a file imports only its own rule set's."""
from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any, NamedTuple

from .words import PATHS, SIDES, TRACK, rule_set_of
from .words.seats import SeatRange

if TYPE_CHECKING:
    from ...source.check import Checker


class RuleSet(NamedTuple):
    check: str                          # "module:function": the file's words into typed rules
    game: str                           # "module:class": the compiled game of those rules


# a file's rule set is words.rule_set_of(its data)
SETS: dict[str, RuleSet] = {
    PATHS: RuleSet("pathrules:check_path_rules", "pathgame:PathGame"),
    SIDES: RuleSet("edgerules:check_edge_rules", "edgegame:EdgeGame"),
    TRACK: RuleSet("rules:check_rules", "game:TileGame"),
}


def _load(name: str):
    module, attr = name.split(":")
    return getattr(import_module(f"{__package__}.{module}"), attr)


class Rules(SeatRange):
    """What every rule set's checked rules share: their seats (SeatRange) and their compile, into
    the game SETS names for their RULE_SET (a class attribute of each)."""
    RULE_SET = ""

    def compile(self, options: dict[str, Any], seats: int | None = None, instrument: bool = False):
        return _load(SETS[self.RULE_SET].game)(self, options, self.seat_count(seats), instrument)


def check_tiles(ch: Checker) -> Rules | None:
    """The tile words of a checked file as rules to compile, or None (the findings are in `ch`)."""
    return _load(SETS[rule_set_of(ch.src.data)].check)(ch)
