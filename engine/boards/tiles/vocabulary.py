"""The words of tile games' expressions (`until`, `scoring`, `evaluate`, `counters.supply`):
names, functions and the Python each becomes. Shared by the checks (rules.py, seats and option
values unknown) and the compiled game (game.py, both known)."""
from __future__ import annotations

from ...lang import dsl
from ...source.options import option_symbols
from ...lang.expr import INT, Function, Symbol, Vocabulary

FEATURE = "feature"

LINE_FUNCS = ("counters_on_line", "counters_between_own", "counters_between_same")
NAMES = ("tolls", "passes", "players", "ply", "supply")
RESERVED = set(NAMES) | {"option", "me", "counters", "free"} | set(LINE_FUNCS)


class _Emit:
    """Code templates of the tile functions; W (the census row width) is known at compile."""

    def __init__(self, width: int | None):
        self.w = width if width is not None else "W"

    def counters(self, a, t):
        return f"st.census[{self.w} * {a[0]} + 2 + me]"

    def free(self, a, t):
        return f"(st.census[{self.w} * {a[0]}] + st.census[{self.w} * {a[0]} + 1])"

    def line(self, kind):
        return lambda a, t: f"LN(st).{kind}({a[0]})[me]"


def vocabulary(spec: dict, features: list[str], seats: int | None = None, option_values=None) -> Vocabulary:
    names = {
        "tolls": Symbol(INT, "st.tolls[me]"),
        "passes": Symbol(INT, "st.passes"),
        "players": Symbol(INT, repr(seats) if seats is not None else "NSEATS"),
        "ply": Symbol(INT, "st.ply"),
        "supply": Symbol(INT, "st.supply[me]"),
    }
    for i, f in enumerate(features):
        names[f] = Symbol(FEATURE, repr(i))
    names.update(option_symbols(spec, option_values))
    e = _Emit(seats + 2 if seats is not None else None)
    F = ((FEATURE,),)
    functions = {
        "counters": Function(F, INT, e.counters, "my counters on tiles of this feature"),
        "free": Function(F, INT, e.free, "tiles of this feature holding no counter"),
        "counters_on_line": Function(F, INT, e.line("on_line"), "my counters on such tiles lying on a line"),
        "counters_between_own": Function(F, INT, e.line("between_own"),
                                         "my counters on such tiles on a line whose end stops are both mine"),
        "counters_between_same": Function(F, INT, e.line("between_same"),
                                          "my counters on such tiles on a line whose end stops share one owner"),
    }
    return Vocabulary(names, functions)


def supply_vocabulary(spec: dict, seats: int | None = None, option_values=None) -> Vocabulary:
    names = {"players": Symbol(INT, repr(seats) if seats is not None else "NSEATS")}
    names.update(option_symbols(spec, option_values))
    return Vocabulary(names, {})


def walk(node):
    yield node
    for v in vars(node).values():
        if isinstance(v, dsl.Node):
            yield from walk(v)
        elif isinstance(v, list):
            for x in v:
                if isinstance(x, dsl.Node):
                    yield from walk(x)
