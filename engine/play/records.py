"""Records: a match as JSON, written by `play` and read by `replay`, `moves`, `perft`, `show`.

{"game": title, "players": [seat names] (or a number of seats when reading),
 "agents": [who played each seat], "options": {name: value}, "seed": N, "moves": [notation...]}
Only `moves` is required when reading (and `players` for games with a variable seat count). A
game still in progress (the web server keeps its games so) says `"unfinished": true`.

A record is read as untrusted input: a regular file of at most 32 MB, its JSON bounded
(jsonfile.read_json: nesting, numbers of at most 4300 digits, no key twice, no NaN), at most
500,000 moves (as many as a match keeps) of at most 10,000 characters each.
"""
from __future__ import annotations

import contextlib
import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..api import IllegalMove, RulebookError
from ..players.base import MAX_MATCH_MOVES
from .jsonfile import read_json

MAX_RECORD_MOVES = MAX_MATCH_MOVES     # 500,000: as many as a match keeps, so every record played reads back
MAX_RECORD_BYTES = 32_000_000          # a record of 500,000 moves of 60 characters fits
MAX_RECORD_TEXT = "32 MB"
MAX_MOVE_CHARS = 10_000                # a move text (a long route of sales is a few hundred)
MAX_DEPTH = 8                          # a record nests 2 deep (the record, its lists and options)
MAX_CONTAINERS = 100                   # lists and objects in all: a record has 5


@dataclass
class Record:
    moves: list[str]
    game: str | None = None
    players: list[str] | int | None = None
    agents: list[str] | None = None
    options: dict[str, Any] = field(default_factory=dict)
    seed: int | None = None
    position: dict[str, Any] | None = None      # the position the moves start from (the position form), else the start
    unfinished: bool = False                     # a game in progress, to go on with (written only when true)

    @property
    def seats(self) -> int | None:
        if self.players is None:
            return None
        return self.players if isinstance(self.players, int) else len(self.players)

    def to_json(self) -> dict:
        out = {"game": self.game, "players": self.players, "agents": self.agents,
               "options": self.options, "seed": self.seed, "moves": list(self.moves)}
        if self.position is not None:
            out["position"] = self.position
        if self.unfinished:
            out["unfinished"] = True
        return out

    def start(self, game, source: str = "record"):
        """The state the moves start from: the record's position, or the game's start."""
        if self.position is None:
            return game.initial_state()
        from .positions import position_state
        return position_state(game, self.position, f"{source}: its position")

    def save(self, path: str | Path) -> None:
        """Written whole or not at all: a temporary file beside it, then renamed over it (a reader,
        or a crash half-way, never finds half a record)."""
        path = Path(path)
        text = json.dumps(self.to_json(), indent=1) + "\n"
        tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
        try:
            if path.exists() and not path.is_file():      # a device (/dev/stdout) is written as such
                path.write_text(text, encoding="utf-8")
                return
            tmp.write_text(text, encoding="utf-8")
            os.replace(tmp, path)
        except OSError as e:
            with contextlib.suppress(OSError):
                tmp.unlink()
            raise RulebookError(f"{path}: cannot write the record: {e.strerror}") from None


def read_record(path: str | Path) -> Record:
    """A record file, checked for form (not yet against a game): a regular file of at most
    MAX_RECORD_BYTES, its JSON bounded (jsonfile.read_json), at most MAX_RECORD_MOVES moves of
    at most MAX_MOVE_CHARS characters each. Every refusal is a RulebookError naming the file."""
    name = str(path)
    data = read_json(path, "record", max_bytes=MAX_RECORD_BYTES, max_text=MAX_RECORD_TEXT, max_depth=MAX_DEPTH,
                     max_containers=MAX_CONTAINERS)
    if not isinstance(data, dict):
        raise RulebookError(f"{name}: a record is a JSON object with a 'moves' list")
    moves = data.get("moves")
    if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        raise RulebookError(f"{name}: 'moves' must be a list of move texts")
    if len(moves) > MAX_RECORD_MOVES:
        raise RulebookError(f"{name}: {len(moves):,} moves; a record holds at most {MAX_RECORD_MOVES:,}")
    for ply, text in enumerate(moves):
        if len(text) > MAX_MOVE_CHARS:
            raise RulebookError(f"{name}: ply {ply} (move {ply + 1}): a move text of {len(text):,} characters "
                                f"(at most {MAX_MOVE_CHARS:,})")
    players = data.get("players")
    if players is not None and not (isinstance(players, int) and not isinstance(players, bool) and players > 0) \
            and not (isinstance(players, list) and players and all(isinstance(p, str) for p in players)):
        raise RulebookError(f"{name}: 'players' must be a number of seats or a list of seat names")
    options = data.get("options") or {}
    if not isinstance(options, dict):
        raise RulebookError(f"{name}: 'options' must be an object")
    agents = data.get("agents")
    if agents is not None and not (isinstance(agents, list) and all(isinstance(a, str) for a in agents)):
        raise RulebookError(f"{name}: 'agents' must be a list of texts")
    if data.get("game") is not None and not isinstance(data["game"], str):
        raise RulebookError(f"{name}: 'game' must be a text (the game's title)")
    seed = data.get("seed")
    if seed is not None and not isinstance(seed, int):
        raise RulebookError(f"{name}: 'seed' must be a whole number")
    position = data.get("position")
    if position is not None:
        from .positions import check_form
        check_form(position, f"{name}: position")
    unfinished = data.get("unfinished", False)
    if not isinstance(unfinished, bool):
        raise RulebookError(f"{name}: 'unfinished' must be true or false")
    return Record(moves, data.get("game"), players, agents, options, seed, position, unfinished)


def check_players(game, record: Record, source: str) -> None:
    """The record's game and seat names, if given, must be this game's."""
    if record.game is not None and record.game != game.name:
        shown = record.game if len(record.game) <= 60 else record.game[:50] + "..."
        raise RulebookError(f"{source}: a record of '{shown}', not of '{game.name}'")
    if isinstance(record.players, list) and list(record.players) != list(game.players):
        raise RulebookError(f"{source}: the record's players {record.players} are not this game's "
                            f"seats {list(game.players)}")


def replay_moves(game, moves: list[str], source: str = "record", upto: int | None = None, on_state=None,
                 start=None):
    """Apply the move texts in order from `start` (default: the game's start); an illegal one is
    reported with its ply. Returns the state."""
    st = game.initial_state() if start is None else start
    for ply, text in enumerate(moves[:upto] if upto is not None else moves):
        if on_state is not None:
            on_state(ply, st, text)
        try:
            move = game.parse_move(st, text)
        except IllegalMove as e:
            raise RulebookError(f"{source}: ply {ply} (move {ply + 1}): {e}") from None
        st = game.apply(st, move)
    return st
