"""rulebook: board games as data. Load a game file, get a Game (see engine/api.py)."""
from .api import CHANCE, Game, IllegalMove, Outcome, RulebookError
from .game import check_file, load_game

__all__ = ["CHANCE", "Game", "IllegalMove", "Outcome", "RulebookError", "check_file", "load_game"]
__version__ = "0.1.0"
