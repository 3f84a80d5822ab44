"""The words of grid games' expressions: names, functions and the Python each becomes.

Names are read from a state tuple (layout.py): `cells` (one byte per cell), `B` (one int
bitboard per seat, and in the general layout one more for pieces owned by nobody), `R`
(reserves), `me` (the seat the expression speaks for) and `opp` (the next seat); `st` is the
whole state. Words marked in GENERAL_WORDS need the general state layout.
"""
from __future__ import annotations

from ...source.options import option_symbols
from ...lang.expr import BOOL, CELL, DIRS, GROUP, INT, ZONE, Symbol, Vocabulary
from .functions import FUNCTIONS
from .functions.counting import COUNTED_COUNT
from . import topology as topo
from .topology import direction_sets
from .layout import CELLS, HISTORY, LAST, PASSED, PASSES, PLY, QUIET

RESERVED = {"mine", "theirs", "others", "landing", "origin", "ply", "passes", "reserve", "option", "opponent", "all_stuck",
            "any", "all", "none", "count", "size", "advance", "file", "rank", "empty", "quiet", "last", "stuck",
            "adjacent", "players", "attacked", "first", "in_a_row", "open_rows", "connected", "one_group", "occupied", "friend", "enemy", "neighbour", "opposite", "passed", "repeated",
            "faces", "files", "ranks", "in_line", "outside_lines",
            "always_attacked"}
GENERAL_WORDS = {"empty", "quiet", "last", "stuck", "all_stuck", "kind-group", "in_a_row()", "open_rows()", "connected()", "one_group()", "empty()",
                 "attacked()", "first()",
                 "occupied()", "friend()", "enemy()", "neighbour()", "passed", "repeated", "faces()",
                 "always_attacked()"}


# the names a landing rule may use besides the turn's: the landing cell, the origin, the player's
# other pieces (the moving one lifted); both move generators bind t, o and lo
LANDING = {"landing": Symbol(CELL, "t", 2), "origin": Symbol(CELL, "o", 1),
           "others": Symbol(GROUP, "(B[me] ^ lo)", 1, lifted=("B[me]", "mine", "lo"))}


def grid_vocabulary(players: int, zones, dirsets, t: topo.Topology, kinds: list[str], spec=None,
                    option_values=None, general: bool = True, neutral: bool = True, counted: bool = False) -> Vocabulary:
    """The names and functions of a grid game's expressions, as Python source over the state.
    `neutral`: pieces owned by nobody can be on the board (B[players], left out of `theirs`);
    `counted`: a kind stands in counts (count of a zone or a cell reads them)."""
    neutral = f" ^ B[{players}]" if general and neutral else ""
    theirs = "B[1 - me]" if players == 2 and not neutral else f"(occ ^ B[me]{neutral})"
    names: dict[str, Symbol] = {
        "mine": Symbol(GROUP, "B[me]"),
        "theirs": Symbol(GROUP, theirs),
        "empty": Symbol(GROUP, "(FULL ^ occ)"),
        "ply": Symbol(INT, f"st[{PLY}]"),
        "passes": Symbol(INT, f"st[{PASSES}]"),
        "reserve": Symbol(INT, "R[me]"),
        "opponent.reserve": Symbol(INT, "R[opp]"),
        "quiet": Symbol(INT, f"st[{QUIET}]"),
        "last": Symbol(CELL, f"st[{LAST}]"),
        "stuck": Symbol(BOOL, "(not _MOVES(st))"),
        "all_stuck": Symbol(BOOL, "_ALL_STUCK(st)"),
        "players": Symbol(INT, str(players)),
        "passed": Symbol(CELL, f"st[{PASSED}]"),
        "repeated": Symbol(INT, "_repeated(st)"),
    }
    multi = len(kinds) > 1
    for i, k in enumerate(kinds):
        board = f"K[{i}]" if multi else f"(occ{neutral})"
        names[k] = Symbol(GROUP, board)
        names[f"mine.{k}"] = Symbol(GROUP, f"(B[me] & {board})" if multi else "B[me]")
        names[f"theirs.{k}"] = Symbol(GROUP, f"({theirs} & {board})" if multi else theirs)
    pieces = (spec or {}).get("pieces") or {}
    for k in kinds:         # the numbers a file gives, by name: a variant that changes one changes every rule
        names[f"{k}.reserve"] = Symbol(INT, str((pieces.get(k) or {}).get("reserve", 0)))
    if isinstance(getattr(t, "ranks", None), int):     # a lattice (a hexagon or star: the rhombus it lies on)
        names["files"], names["ranks"] = Symbol(INT, str(t.files)), Symbol(INT, str(t.ranks))
    for z in zones:
        names[z] = Symbol(ZONE, f"ZM_{z}[me]", has=f"ZH_{z}[me]")
        names[f"opponent.{z}"] = Symbol(ZONE, f"ZM_{z}[opp]", has=f"ZH_{z}[opp]")
    for d in direction_sets(dirsets, t):       # the tables of a set are keyed by its name: RAYS['diagonal']
        names[d] = Symbol(DIRS, repr(d))
    names.update(option_symbols(spec or {}, option_values))
    functions = {**FUNCTIONS, "count": COUNTED_COUNT} if counted else FUNCTIONS
    return Vocabulary(names, functions, member=lambda cell, group: f"((BIT[{cell}] & {group}) != 0)")


def position_key(st, slots=(CELLS,)):
    """What the history keeps of a position to tell it from another: the slots that decide the
    moves besides the player to move (the cells; the hands and counts where a game keeps them)."""
    return st[slots[0]] if len(slots) == 1 else tuple(st[i] for i in slots)


def repeated(st, n, slots=(CELLS,), memo=None) -> int:
    """How many times the position now (the same pieces on the same cells, the same hands and
    counts, the same player to move) has stood since `quiet` was last reset (in a game with hands,
    since the start: a captured piece can come back), this time included: st[HISTORY] links each
    position since then to the one before (newest first). `memo` ([(history, count)]) keeps the
    last answer, set whole: a history that is never cut is walked once per state, not once per
    end rule."""
    h = st[HISTORY]
    if memo is not None and memo[0][0] is h:
        return memo[0][1]
    now, first, i, k = position_key(st, slots), h, 0, 0
    while h is not None:
        if i % n == 0 and h[0] == now:
            k += 1
        h = h[1]
        i += 1
    if memo is not None:
        memo[0] = (first, k)
    return k
