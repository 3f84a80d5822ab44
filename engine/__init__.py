"""rulebook: board games as data. Load a game file, get a Game (see rulebook/api.py).

The public surface: load_game, check_file, GameFactory (GameFileFactory), the Game API (Game,
Outcome, CHANCE) and the error types. The layout of the package: docs/architecture.md.

The pipeline's names (and the error types of the source stage) are imported on first use, so
that `import rulebook.cli` or a command served from the compile cache pays only for what it
runs (no YAML, JSON Schema or Lark at start-up).
"""
from .api import CHANCE, Game, Outcome
from .errors import IllegalMove, RulebookError, lazy_names

__all__ = ["CHANCE", "Finding", "Game", "GameFactory", "GameFileFactory", "GameFileError", "IllegalMove",
           "Outcome", "RulebookError", "check_file", "load_game"]
__version__ = "0.1.0"

__getattr__, __dir__ = lazy_names(__name__, __name__, {
    "GameFactory": "pipeline", "GameFileFactory": "pipeline", "check_file": "pipeline", "load_game": "pipeline",
    "Finding": "errors", "GameFileError": "errors"})
