"""rulebook: board games as data. Load a game file, get a Game (see rulebook/api.py).

The public surface: load_game, check_file, GameFactory (GameFileFactory), the Game API (Game,
Outcome, CHANCE) and the error types. The layout of the package: docs/architecture.md.
"""
from .api import CHANCE, Game, Outcome
from .errors import IllegalMove, RulebookError
from .pipeline import GameFactory, GameFileFactory, check_file, load_game
from .errors import Finding, GameFileError  # noqa: E402 (after pipeline: load.py is loaded)

__all__ = ["CHANCE", "Finding", "Game", "GameFactory", "GameFileFactory", "GameFileError", "IllegalMove",
           "Outcome", "RulebookError", "check_file", "load_game"]
__version__ = "0.1.0"
