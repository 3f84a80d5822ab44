"""rulebook: board games as data. Load a game file, get a Game (see rulebook/api.py).

    >>> import pathlib, tempfile, rulebook
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "row.yaml"
    >>> _ = path.write_text("game: Row\\nplayers: [x, o]\\nboard: {grid: {files: 3, ranks: 3}}\\n"
    ...                     "zones: {board: all}\\npieces: {stone: {}}\\n"
    ...                     "phases: [{name: play, move: place(board)}]\\n"
    ...                     "end: {win: in_a_row(3), draw: count(empty) == 0}\\n")
    >>> game = rulebook.load_game(path)
    >>> len(game.legal_moves(game.initial_state()))
    9

The public surface (`__all__`; docs/api.md tells each with examples): load_game, check_file,
GameFactory (GameFileFactory); the Game API (Game, Positional, Outcome, GameInfo, OptionInfo,
SeatInfo, CHANCE); players (Player, make_player, make_players, play_match); perft; the position
form (position_state, position_json, load_position); the error types (RulebookError, IllegalMove,
GameFileError, Finding). The environments are `rulebook.env` (the `rl` extra). The layout of the
package: docs/architecture.md.

The pipeline's names (and the error types of the source stage) are imported on first use, so
that `import rulebook.cli` or a command served from the compile cache pays only for what it
runs (no YAML, JSON Schema or Lark at start-up).
"""
from .api import CHANCE, Game, GameInfo, OptionInfo, Outcome, Positional, SeatInfo
from .errors import IllegalMove, RulebookError, lazy_names

__all__ = ["CHANCE", "Finding", "Game", "GameFactory", "GameFileFactory", "GameFileError", "GameInfo", "IllegalMove",
           "OptionInfo", "Outcome", "Player", "Positional", "RulebookError", "SeatInfo", "check_file", "load_game",
           "load_position", "make_player", "make_players", "perft", "play_match", "position_json", "position_state"]
__version__ = "0.1.0"

__getattr__, __dir__ = lazy_names(__name__, __name__, {
    "GameFactory": "pipeline", "GameFileFactory": "pipeline", "check_file": "pipeline", "load_game": "pipeline",
    "Finding": "errors", "GameFileError": "errors",
    "Player": "players.base", "play_match": "players.base", "make_player": "players.specs",
    "make_players": "players.specs", "perft": "play.measure", "load_position": "play.positions",
    "position_json": "play.positions", "position_state": "play.positions"})
