"""Board kinds: each one reads its own words from a checked game file and compiles a Game.

KINDS maps a board's key in the game file (`board: {grid: ...}`, `hex`, `graph`, `ring`, `open`, `track`) to a function
that imports the kind on first use and returns its checker: checker(Checker) -> rules, whose
`compile(options, seats, instrument=...)` gives the Game. A kind is imported only when a file
uses it, and no kind imports another (docs/architecture.md).
"""
from __future__ import annotations

from typing import Callable


def _grid() -> Callable:
    from .grid import check_grid
    return check_grid


def _tiles() -> Callable:
    from .tiles import check_tiles
    return check_tiles


def _track() -> Callable:
    from .track import check_track
    return check_track


KINDS: dict[str, Callable[[], Callable]] = {"grid": _grid, "hex": _grid, "graph": _grid, "open": _tiles, "ring": _grid,
                                            "track": _track}


def kind_of(board) -> str | None:
    """The key naming the board's kind in a file's `board` section, or None."""
    if isinstance(board, dict):
        for key in KINDS:
            if key in board:
                return key
    return None


def checker(key: str) -> Callable:
    """The checker of a board kind, by its key in the file (KeyError for an unknown key)."""
    return KINDS[key]()
