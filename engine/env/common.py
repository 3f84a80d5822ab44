"""What the environments share: the encoding of a game (chosen by its board kind), loading a game
for an environment, chance and rewards."""
from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from ..api import CHANCE, RulebookError
from ..players.base import reward_vector, sample_chance
from .grid import GridEncoding
from .track import TrackEncoding


def Encoding(game, where: str = ""):
    """The encoding of a compiled game, chosen by its board kind (read duck-typed, as every
    table of a game is here): a game whose plays are steps by dice along a track gets the
    track's, any other the grid's (which refuses a board it cannot index)."""
    if hasattr(game, "step_rule") and hasattr(game, "dice"):
        return TrackEncoding(game, where)
    return GridEncoding(game, where)


def load(game_or_path, options: dict[str, Any], seats: int | None):
    """(game, encoding) from a game file path (with options and seats) or a compiled game."""
    if isinstance(game_or_path, (str, Path)):
        from ..pipeline import load_game
        path = str(game_or_path)
        if not Path(path).is_file():
            raise RulebookError(f"{path}: no such game file")
        game = load_game(path, {k: v for k, v in options.items()}, seats)
        return game, Encoding(game, path)
    if options or seats is not None:
        raise RulebookError("options and seats are given with a game file's path, not with a compiled game")
    return game_or_path, Encoding(game_or_path)


def settle(game, state, rng: random.Random):
    """The state after every chance draw due here (each drawn by its weight)."""
    while not game.is_over(state) and game.to_move(state) == CHANCE:
        state = game.apply(state, sample_chance(game, state, rng))
    return state


def rewards(game, state) -> list[float]:
    """Per seat, in [-1, 1]: +1 a sole win, -1 a loss, 0 a two-player draw (rank-based for more seats)."""
    return outcome_rewards(game, game.outcome(state))


def outcome_rewards(game, outcome) -> list[float]:
    """rewards() of a finished game's outcome."""
    return [2.0 * r - 1.0 for r in reward_vector(game, outcome)]
