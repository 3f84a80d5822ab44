"""count, all, none, any, size, advance: how many pieces, and where."""
from __future__ import annotations

from ....lang.expr import BOOL, CELL, GROUP, INT, SELECTION, ZONE, Function


def _sel(arg) -> tuple[str, str | None]:
    return arg if isinstance(arg, tuple) else (arg, None)


def _count(args, types):
    if types and types[0] == ZONE:      # a counted game: the pieces standing on the zone's cells
        return f"_counted(N, {args[0]})"
    if types and types[0] == CELL:      # ... on one cell
        return f"N[{args[0]}]"
    g, z = _sel(args[0])
    return f"({g} & {z}).bit_count()" if z else f"{g}.bit_count()"


def _all(args, types):
    g, z = _sel(args[0])
    return f"(({g} & {z}) == {g})"


def _none(args, types):
    g, z = _sel(args[0])
    return f"(not ({g} & {z}))"


def _any(args, types):
    g, z = _sel(args[0])
    return f"(({g} & {z}) != 0)"


FUNCTIONS = {
    "count": Function(((GROUP, SELECTION),), INT, _count, "how many pieces"),
    "all": Function(((SELECTION,),), BOOL, _all, "every piece of the group is in the zone"),
    "none": Function(((SELECTION,),), BOOL, _none, "no piece of the group is in the zone"),
    "any": Function(((SELECTION,),), BOOL, _any, "some piece of the group is in the zone"),
    "size": Function(((ZONE,),), INT, lambda a, t: f"{a[0]}.bit_count()", "how many cells"),
    "advance": Function(((GROUP,),), INT, lambda a, t: f"_advance({a[0]}, B, RK)",
                        "the sum of the pieces' ranks, each counted from its owner's home rank (0 there)"),
}


# count in a game with a counted kind (vocabulary.py): also of a zone or a cell, the counts there
COUNTED_COUNT = Function(((GROUP, SELECTION, ZONE, CELL),), INT, _count, "how many pieces")


def advance(board: int, boards: tuple, ranks: list[list[int]]) -> int:
    """Sum of the pieces' ranks, each from its owner's home edge (ranks[seat][cell]; a piece
    owned by nobody has none)."""
    total = 0
    for seat, rank in enumerate(ranks):
        own = board & boards[seat]
        while own:
            lo = own & -own
            total += rank[lo.bit_length() - 1]
            own ^= lo
    return total


def tables(game, ns: dict) -> None:
    ns["_advance"] = advance
