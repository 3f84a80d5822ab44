"""Records: a match as JSON, written by `play` and read by `replay`, `moves`, `perft`, `show`.

{"game": title, "players": [seat names] (or a number of seats when reading),
 "agents": [who played each seat], "options": {name: value}, "seed": N, "moves": [notation...]}
Only `moves` is required when reading (and `players` for games with a variable seat count).
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..api import IllegalMove, RulebookError


@dataclass
class Record:
    moves: list[str]
    game: str | None = None
    players: list[str] | int | None = None
    agents: list[str] | None = None
    options: dict[str, Any] = field(default_factory=dict)
    seed: int | None = None

    @property
    def seats(self) -> int | None:
        if self.players is None:
            return None
        return self.players if isinstance(self.players, int) else len(self.players)

    def to_json(self) -> dict:
        return {"game": self.game, "players": self.players, "agents": self.agents,
                "options": self.options, "seed": self.seed, "moves": list(self.moves)}

    def save(self, path: str | Path) -> None:
        try:
            Path(path).write_text(json.dumps(self.to_json(), indent=1) + "\n", encoding="utf-8")
        except OSError as e:
            raise RulebookError(f"{path}: cannot write the record: {e.strerror}") from None


def read_record(path: str | Path) -> Record:
    name = str(path)
    try:
        text = Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise RulebookError(f"{name}: no such record file") from None
    except (OSError, UnicodeDecodeError) as e:
        raise RulebookError(f"{name}: cannot read the record: {e}") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise RulebookError(f"{name}:{e.lineno}:{e.colno}: not valid JSON: {e.msg}") from None
    if not isinstance(data, dict):
        raise RulebookError(f"{name}: a record is a JSON object with a 'moves' list")
    moves = data.get("moves")
    if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        raise RulebookError(f"{name}: 'moves' must be a list of move texts")
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
    seed = data.get("seed")
    if seed is not None and not isinstance(seed, int):
        raise RulebookError(f"{name}: 'seed' must be a whole number")
    return Record(moves, data.get("game"), players, agents, options, seed)


def check_players(game, record: Record, source: str) -> None:
    """The record's game and seat names, if given, must be this game's."""
    if record.game is not None and record.game != game.name:
        raise RulebookError(f"{source}: a record of '{record.game}', not of '{game.name}'")
    if isinstance(record.players, list) and list(record.players) != list(game.players):
        raise RulebookError(f"{source}: the record's players {record.players} are not this game's "
                            f"seats {list(game.players)}")


def replay_moves(game, moves: list[str], source: str = "record", upto: int | None = None, on_state=None):
    """Apply the move texts in order; an illegal one is reported with its ply. Returns the state."""
    st = game.initial_state()
    for ply, text in enumerate(moves[:upto] if upto is not None else moves):
        if on_state is not None:
            on_state(ply, st, text)
        try:
            move = game.parse_move(st, text)
        except IllegalMove as e:
            raise RulebookError(f"{source}: ply {ply} (move {ply + 1}): {e}") from None
        st = game.apply(st, move)
    return st
