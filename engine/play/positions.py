"""Position files: a set position as JSON, read by `moves`, `perft`, `show` and `play` (--position)
and written by `show --json`. The form (docs/positions.md):

  {"game": "Mini race", "to_move": "white", "ply": 12, "passes": 0,
   "pieces": {"white": ["a1", "c1"], "black": {"man": ["b16"], "king": ["d16"]}},
   "reserve": {"white": 0, "black": 3}, "quiet": 0}

Pieces by owner (a seat's name, or `nobody` for pieces owned by no one): a list of cell names
(pieces of the game's first kind) or a mapping kind -> cell names (for a counted kind, cell ->
how many stand there). Only `pieces` is required.

A file is read as untrusted input (jsonfile.read_json): a regular file of at most MAX_BYTES, nested
at most MAX_DEPTH deep, no key given twice, no NaN or Infinity, no number of more than 4300
digits, every field of its type; every error is one line `FILE: ...` (or `FILE:LINE:COL: ...`). The game
itself turns the description into a state (`game.position(...)`, a method of the board kinds that
support set positions) and names its own cells and piece kinds: its errors are given the file's
name too.
"""
from __future__ import annotations

import inspect
from pathlib import Path
from typing import Any

from ..api import RulebookError
from .jsonfile import read_json

__all__ = ["FIELDS", "MAX_BYTES", "MAX_DEPTH", "NOBODY", "read_position", "position_state", "load_position",
           "position_json"]

MAX_BYTES = 1 << 20          # 1 MB: a position of any board fits in far less
MAX_DEPTH = 8                # the form nests 4 deep (position, pieces, owner, cells)
MAX_CONTAINERS = 10_000      # lists and objects in all: a few per player and piece kind
MAX_COUNT = 10 ** 18 - 1     # ply, passes, quiet: whole numbers of at most 18 digits, as in game files
MAX_RESERVE = 1000           # pieces in a reserve, as in game files (pieces.KIND.reserve)
MAX_STACK = 100_000          # pieces counted on one cell (a counted kind: pieces.OWNER.KIND.CELL)
FIELDS = ("game", "to_move", "ply", "passes", "pieces", "reserve", "quiet", "last", "passed", "roll")
NOBODY = "nobody"


def _fail(source: str, message: str):
    raise RulebookError(f"{source}: {message}")


def read_position(path: str | Path) -> dict[str, Any]:
    """The position file's fields, checked for form (not yet against a game)."""
    source = str(path)
    data = read_json(path, "position", max_bytes=MAX_BYTES, max_text=f"{MAX_BYTES // 1024} KB",
                     max_depth=MAX_DEPTH, max_containers=MAX_CONTAINERS)
    check_form(data, source)
    return data


def _natural(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _cells(value) -> bool:
    return isinstance(value, list) and all(isinstance(c, str) for c in value)


def check_form(data, source: str) -> None:
    """A position's fields checked for form (not yet against a game)."""
    if not isinstance(data, dict):
        _fail(source, "a position is a JSON object with a 'pieces' field")
    unknown = [k for k in data if k not in FIELDS]
    if unknown:
        _fail(source, f"unknown field '{unknown[0]}' (a position's fields: {', '.join(FIELDS)})")
    if "pieces" not in data:
        _fail(source, "'pieces' is missing: the pieces by owner, e.g. {\"white\": [\"a1\"]}")
    for key in ("game", "to_move", "last", "passed", "roll"):
        if key in data and not isinstance(data[key], str):
            _fail(source, f"'{key}' must be a text")
    for key in ("ply", "passes", "quiet"):
        if key in data and not _natural(data[key]):
            _fail(source, f"'{key}' must be a whole number, at least 0")
        if key in data and data[key] > MAX_COUNT:
            _fail(source, f"'{key}' is {data[key]}: at most {MAX_COUNT:,}")
    pieces = data["pieces"]
    if not isinstance(pieces, dict):
        _fail(source, "'pieces' must be an object: owner -> cells, or owner -> {kind: cells}")
    for owner, where in pieces.items():
        if isinstance(where, dict):
            for kind, cells in where.items():
                if isinstance(cells, dict):     # a counted kind: cell -> how many stand there
                    for cell, count in cells.items():
                        if not _natural(count) or count > MAX_STACK:
                            _fail(source, f"pieces.{owner}.{kind}.{cell} must be a whole number, 0 to {MAX_STACK:,}")
                elif not _cells(cells):
                    _fail(source, f"pieces.{owner}.{kind} must be a list of cell names, or an object cell -> count")
        elif not _cells(where):
            _fail(source, f"pieces.{owner} must be a list of cell names or an object kind -> cells")
    reserve = data.get("reserve", {})
    if not isinstance(reserve, dict):
        _fail(source, "'reserve' must be an object: player -> pieces in reserve")
    for owner, count in reserve.items():
        if isinstance(count, dict):         # a hand: piece kind -> how many
            for kind, held in count.items():
                if not _natural(held) or held > MAX_RESERVE:
                    _fail(source, f"reserve.{owner}.{kind} must be a whole number, 0 to {MAX_RESERVE:,}")
            continue
        if not _natural(count):
            _fail(source, f"reserve.{owner} must be a whole number, at least 0")
        if count > MAX_RESERVE:
            _fail(source, f"reserve.{owner} is {count}: a reserve holds at most {MAX_RESERVE:,} pieces")


def position_state(game, data: dict[str, Any], source: str = "position"):
    """The game's state for a position read by read_position: checked against this game (its
    name, its players), then built by the game, which checks its cells and piece kinds."""
    make = getattr(game, "position", None)
    if not callable(make):
        _fail(source, f"positions are not supported for this board kind ({game.name})")
    players = list(game.players)
    if "game" in data and data["game"] != game.name:
        _fail(source, f"a position of '{data['game']}', not of '{game.name}'")

    def known(owner: str, where: str, nobody: bool = False) -> None:
        if owner not in players and not (nobody and owner == NOBODY):
            names = ", ".join(players) + (f", or {NOBODY}" if nobody else "")
            _fail(source, f"{where}: unknown player '{owner}' (players: {names})")

    if "to_move" in data:
        known(data["to_move"], "to_move")
    seen: dict[str, str] = {}
    for owner, where in data["pieces"].items():
        known(owner, "pieces", nobody=True)
        for cells in (where.values() if isinstance(where, dict) else [where]):
            for cell in cells:
                if cell in seen:
                    _fail(source, f"two pieces on {cell} ({seen[cell]} and {owner})")
                seen[cell] = owner
    for owner in data.get("reserve", {}):
        known(owner, "reserve")
    kwargs: dict[str, Any] = {
        "pieces": data["pieces"],
        "to_move": data.get("to_move", players[0]),
        "reserves": {p: data.get("reserve", {}).get(p, 0) for p in players},
        "ply": data.get("ply"),
        "passes": data.get("passes", 0),
    }
    for key in ("quiet", "last", "passed", "roll"):
        if key in data:
            if not _accepts(make, key):
                _fail(source, f"'{key}' is not a part of this game's positions ({game.name})")
            kwargs[key] = data[key]
    try:
        return make(**kwargs)
    except RulebookError as e:
        _fail(source, str(e))


def _accepts(fn, name: str) -> bool:
    try:
        params = inspect.signature(fn).parameters
    except (TypeError, ValueError):
        return True
    return name in params or any(p.kind is inspect.Parameter.VAR_KEYWORD for p in params.values())


def load_position(game, path: str | Path):
    """The state of a position file, for this game."""
    return position_state(game, read_position(path), str(path))


def position_json(game, st) -> dict[str, Any]:
    """A state in the position form, as the game writes it (`game.position_json`)."""
    write = getattr(game, "position_json", None)
    if not callable(write):
        raise RulebookError(f"positions are not supported for this board kind ({game.name}): "
                            "it cannot write one as JSON")
    return write(st)
