"""count, all, none, any, size, advance: how many pieces, and where."""
from __future__ import annotations

from ....lang.expr import BOOL, CELL, GROUP, INT, SELECTION, ZONE, Function
from ....structs import replace


def _sel(arg) -> tuple[str, str | None, str | None]:
    """(group, zone, the group's part in the zone): a selection's codes (expr.Emitter); a group
    alone has no zone."""
    if not isinstance(arg, tuple):
        return arg, None, None
    g, z = arg[:2]
    return g, z, arg[2] if len(arg) > 2 else f"({g} & {z})"


def _count(args, types):
    if types and types[0] == ZONE:      # a counted game: the pieces standing on the zone's cells
        return f"_counted(N, {args[0]})"
    if types and types[0] == CELL:      # ... on one cell
        return f"N[{args[0]}]"
    g, z, part = _sel(args[0])
    return f"{part}.bit_count()" if z else f"{g}.bit_count()"


def _all(args, types):
    g, z, part = _sel(args[0])
    return f"({part} == {g})"


def _none(args, types):
    g, z, part = _sel(args[0])
    return f"(not {part})"


def _any(args, types):
    g, z, part = _sel(args[0])
    return f"({part} != 0)"


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


# the batch backend's forms (boards/grid/batch.py): a group is a (games, cells) array of booleans,
# a number or a truth one value per game, shaped (games, 1)
def _batch_count(args, types):
    g, z, _part = _sel(args[0])
    return f"np.count_nonzero({g} & {z}, 1)[:, None]" if z else f"np.count_nonzero({g}, 1)[:, None]"


BATCH = {
    "count": replace(FUNCTIONS["count"], emit=lambda a, t: None if t and t[0] in (ZONE, CELL) else _batch_count(a, t)),
    "all": replace(FUNCTIONS["all"], emit=lambda a, t: "np.logical_not(({0} & ~{1}).any(1))[:, None]".format(*a[0])),
    "none": replace(FUNCTIONS["none"], emit=lambda a, t: "np.logical_not(({0} & {1}).any(1))[:, None]".format(*a[0])),
    "any": replace(FUNCTIONS["any"], emit=lambda a, t: "({0} & {1}).any(1)[:, None]".format(*a[0])),
}
