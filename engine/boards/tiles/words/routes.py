"""routes.stop (track tiles): the feature where train paths stop."""
from __future__ import annotations

from ....lang.expr import INT
from . import FEATURE_TYPE, SEAT, claim

KEY = "routes.stop"
ABOUT = "the feature where paths stop (a void one does not); lines and sales follow routes between stops"
_F = ((FEATURE_TYPE,),)
FUNCTIONS = {SEAT: {
    "counters_on_line": (_F, INT, "LN(st).on_line({0})[me]", "my counters on such tiles lying on a line"),
    "counters_between_own": (_F, INT, "LN(st).between_own({0})[me]",
                             "my counters on such tiles on a line whose end stops are both mine"),
    "counters_between_same": (_F, INT, "LN(st).between_same({0})[me]",
                              "my counters on such tiles on a line whose end stops share one owner"),
}}
LINE_FUNCTIONS = tuple(FUNCTIONS[SEAT])       # they follow lines between stops: they need routes.stop


def check(ch, features: list[str]) -> str | None:
    spec = ch.src.data
    if "routes" in spec and claim.known(ch, ("routes", "stop"), spec["routes"]["stop"], features, "routes.stop"):
        return spec["routes"]["stop"]
    return None
