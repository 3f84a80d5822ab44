"""Players and the match driver: what the front-ends (CLI, tournaments, analysis) use.

base.py     Player, Match / play_match, UndoRequest / QuitRequest, seeds, rewards, spec splitting
random.py   RandomPlayer          greedy.py  GreedyPlayer          mcts.py  MCTSPlayer
human.py    HumanPlayer (terminal I/O through input_fn / output_fn)
specs.py    make_player / make_players / player_names: players from spec strings

Players use only the Game API (rulebook/api.py). The human player is loaded on first use.
"""
from .base import (Match, Player, QuitRequest, Step, UndoRequest, derive_seed, play_match, reward_vector,
                   sample_chance, split_player_specs)
from .greedy import GreedyPlayer
from .mcts import MCTSPlayer
from .random import RandomPlayer
from .specs import make_player, make_players, player_names

__all__ = [
    "Player", "RandomPlayer", "GreedyPlayer", "MCTSPlayer", "HumanPlayer", "make_player", "make_players",
    "split_player_specs", "player_names", "Match", "Step", "play_match", "UndoRequest", "QuitRequest",
    "derive_seed", "reward_vector", "sample_chance",
]


def __getattr__(name: str):
    if name == "HumanPlayer":
        from .human import HumanPlayer
        return HumanPlayer
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
