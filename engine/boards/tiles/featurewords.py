"""The words of expressions about one feature (a scoring part's `complete` and `end`) and about
one seat (`evaluate`) in tile games whose sides are of several kinds."""
from __future__ import annotations

from ...lang.expr import BOOL, INT, Function, Symbol, Vocabulary
from ...source.options import option_symbols

FEATURE = "feature"


def feature_vocabulary(spec: dict, features: list[str], marks: list[str], seats: int | None = None,
                       option_values=None) -> Vocabulary:
    """Names of a feature F in the features FS of a position: its tiles, marks, completion."""
    names = {
        "tiles": Symbol(INT, "len(F.cells)"),
        "complete": Symbol(BOOL, "(F.open == 0)"),
        "players": Symbol(INT, repr(seats) if seats is not None else "NSEATS"),
    }
    for i, m in enumerate(marks):
        names[m] = Symbol(INT, f"F.marks[{i}]")
    for i, f in enumerate(features):
        names[f] = Symbol(FEATURE, repr(i))
    names.update(option_symbols(spec, option_values))
    F = ((FEATURE,),)
    functions = {
        "touching": Function(F, INT, lambda a, t: f"FS.touching(F, {a[0]})",
                             "the features of this kind that touch it"),
        "touching_complete": Function(F, INT, lambda a, t: f"FS.touching(F, {a[0]}, True)",
                                      "the completed features of this kind that touch it"),
    }
    return Vocabulary(names, functions)


def seat_vocabulary(spec: dict, seats: int | None = None, option_values=None) -> Vocabulary:
    """Names of a seat `me` in a position `st`: its score so far, its lead, its supply."""
    names = {
        "score": Symbol(INT, "sum(st.points[me])"),
        "lead": Symbol(INT, "(sum(st.points[me]) - max([sum(p) for i, p in enumerate(st.points) if i != me] or [0]))"),
        "supply": Symbol(INT, "st.supply[me]"),
        "players": Symbol(INT, repr(seats) if seats is not None else "NSEATS"),
        "ply": Symbol(INT, "st.ply"),
    }
    names.update(option_symbols(spec, option_values))
    return Vocabulary(names, {})
