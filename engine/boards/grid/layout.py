"""The state of a grid game, declared once: its slots in order, what each holds, and the name
generated code gives it. Hand-written code reads a slot by its index constant (`st[PLY]`), and
generated code through `Layout`: `read` (`st[4]`), `unpack` (the prologue that names every slot)
and `build` (the tuple of a new state), so a slot is added here and nowhere else.

A state is a plain tuple (made and read by C, the cheapest value Python has); a game keeps a
prefix of SLOTS, so a slot has the same index in every game that keeps it:
- every game: cells to result;
- general games (several kinds, captures, the words of GENERAL_WORDS): kinds, quiet and last too;
- extended games (whose rules read `passed` or `repeated`): passed and history too;
- counted games (a kind of piece that stands in counts, several on one cell): counts too.
A bare game (GridGame.bare) keeps None for cells: boards and kinds say everything.
"""
from __future__ import annotations

from ...structs import struct


@struct(frozen=True)
class Slot:
    name: str           # as hand-written code, docs and the JSON form say it
    local: str          # the name generated code reads it into
    holds: str


SLOTS = (
    Slot("cells", "cells", "a byte per cell: 0 empty, else kind << 3 | (owner + 1); in the general layout one "
                           "more byte, 255, so that a read off the board (index SIZE, or -1) is not empty"),
    Slot("boards", "B", "an int bitboard per seat; in the general layout one more, of pieces owned by nobody"),
    Slot("reserves", "R", "per seat, the pieces held off the board"),
    Slot("to_move", "me", "the seat to move"),
    Slot("ply", "ply", "plies played since the start"),
    Slot("passes", "passes", "passes in a row"),
    Slot("result", "result", "None while the game runs, else the winning seats (() for a draw)"),
    Slot("kinds", "K", "an int bitboard per piece kind (empty with one kind)"),
    Slot("quiet", "quiet", "plies since the last capture or move of a kind that resets it"),
    Slot("last", "last", "the final cell of the last move (-1 before any)"),
    Slot("passed", "passed", "the cell a move two cells along a line passed over (-1 otherwise)"),
    Slot("history", "hist", "the positions since quiet was reset, newest first: (cells, older) links; in a game "
                            "with hands every position, ((cells, reserves), older)"),
    Slot("counts", "N", "per cell, how many pieces stand on it (a counted kind's; the cell's byte says their "
                        "kind and owner, 0 when none)"),
)

CELLS, BOARDS, RESERVES, TO_MOVE, PLY, PASSES, RESULT, KINDS, QUIET, LAST, PASSED, HISTORY, COUNTS = range(len(SLOTS))
PLAIN, GENERAL, EXTENDED, COUNTED = 7, 10, 12, 13        # how many slots each layout keeps


class Layout:
    """The slots one game keeps, and the Python that reads and builds its states."""

    def __init__(self, general: bool, extended: bool = False, counted: bool = False):
        self.slots = SLOTS[:COUNTED if counted else EXTENDED if extended else GENERAL if general else PLAIN]
        self.index = {s.name: i for i, s in enumerate(self.slots)}

    def keeps(self, name: str) -> bool:
        return name in self.index

    def read(self, name: str, state: str = "st") -> str:
        """Source of one slot of a state: `st[4]` (a constant index, read fastest)."""
        return f"{state}[{self.index[name]}]"

    def unpack(self, state: str = "st", **names: str) -> str:
        """The line that names every slot: `cells, B, R, me, ... = st`, a slot given a name of
        its own by `names` (`result="_"` for one that is not read)."""
        return ", ".join(names.get(s.name, s.local) for s in self.slots) + f" = {state}"

    def build(self, **values: str) -> str:
        """Source of a state's tuple: each slot's local name unless `values` gives its source."""
        return "(" + ", ".join(values.get(s.name, s.local) for s in self.slots) + ")"

    def make(self, **values):
        """A state from the value of every slot (by name)."""
        return tuple(values[s.name] for s in self.slots)

    def legend(self) -> str:
        """What each index of a state holds, for the reader of generated code."""
        return "; ".join(f"st[{i}] {s.name} ({s.local})" for i, s in enumerate(self.slots))


# A move of a general game is a tuple too, its fields in this order (a drop is ('drop', cell, ...),
# a pass the word PASS; a plain game's moves are (origin, destination)):
MOVE_FIELDS = (
    ("origin", "the cell the piece leaves (-1 for a placement)"),
    ("dest", "the cell it ends on"),
    ("caps", "the bits of the cells whose pieces it captures"),
    ("path", "its landings, a capture landing as ~cell (capturing moves only; else None)"),
    ("flips", "the bits of the cells whose pieces turn to the mover"),
    ("value", "the value of the piece at dest (its kind once promoted or moved)"),
    ("shot", "a piece shot: its cell | its value << 16, or None"),
    ("shift", "a second piece moved: (from, to), or None"),
    ("choice", "1 when the move promotes to a kind of the player's choice (games that have one; 0 in games "
               "that turn blocks and have none)"),
    ("turn", "the block turned after the move: its number in GridGame.turns (games that turn blocks)"),
)
ORIGIN, DEST, CAPS, PATH, FLIPS, VALUE, SHOT, SHIFT, CHOICE, TURN = range(len(MOVE_FIELDS))


def with_slot(st: tuple, index: int, value) -> tuple:
    """The state with one slot changed."""
    return st[:index] + (value,) + st[index + 1:]
