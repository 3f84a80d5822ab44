"""The random player: a uniformly random legal move. The baseline, and the playout policy of analysis."""
from __future__ import annotations

import random

from .base import Player, decision_moves


class RandomPlayer(Player):
    """A uniformly random legal move: the baseline, and the playout policy of analysis."""

    def __init__(self, game, seed: int = 0, name: str = "random"):
        self.game, self.rng, self.name = game, random.Random(seed), name

    def choose(self, state):
        return self.rng.choice(decision_moves(self.game, state))
