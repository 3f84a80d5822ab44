"""Players and the match driver: what the front-ends (CLI, tournaments, analysis) use.

base.py     Player, Match / play_match, UndoRequest / QuitRequest, seeds, rewards, spec splitting
random.py   RandomPlayer          greedy.py  GreedyPlayer          mcts.py  MCTSPlayer
alphabeta.py AlphaBetaPlayer      human.py   HumanPlayer (terminal I/O through input_fn / output_fn)
specs.py    KINDS (the one list of player kinds), make_player / make_players / player_names,
            match_seed / seeded_match (how every command seeds a match)

Players use only the Game API (rulebook/api.py). Every name here is imported on first use, so
that reading the list of kinds (the CLI's help) loads no player.
"""
from __future__ import annotations

import importlib

# each public name -> the module that defines it
_WHERE = {**dict.fromkeys(("Match", "Player", "QuitRequest", "Step", "UndoRequest", "derive_seed", "play_match",
                           "reward_vector", "sample_chance", "split_player_specs"), "base"),
          "GreedyPlayer": "greedy", "MCTSPlayer": "mcts", "RandomPlayer": "random", "HumanPlayer": "human",
          "AlphaBetaPlayer": "alphabeta",
          **dict.fromkeys(("KINDS", "make_player", "make_players", "match_seed", "player_names", "seeded_match"), "specs")}

__all__ = list(_WHERE)


def __getattr__(name: str):
    if name not in _WHERE:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f".{_WHERE[name]}", __name__), name)
