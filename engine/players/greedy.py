"""The greedy player: one ply of look-ahead, scored by the game's evaluation."""
from __future__ import annotations

import math
import random

from ..api import CHANCE
from .base import Player, decision_moves, reward_vector, sole_winner


class GreedyPlayer(Player):
    """One ply of look-ahead scored by `game.evaluate` (chance averaged by weight).

    A move that wins outright is taken at once. Where the game declares no evaluation, only
    finished games are told apart (won > drawn > lost) and the rest is a seeded coin toss.
    """

    def __init__(self, game, seed: int = 0, name: str = "greedy"):
        self.game, self.rng, self.name = game, random.Random(seed), name

    def choose(self, state):
        game = self.game
        seat = game.to_move(state)
        moves = decision_moves(game, state)
        if len(moves) == 1:
            return moves[0]
        best, best_value = [], -math.inf
        for move in moves:
            after = game.apply(state, move)
            if game.is_over(after) and sole_winner(game, after, seat):
                return move
            value = self._value(after, seat, depth=2)
            if value > best_value + 1e-12:
                best, best_value = [move], value
            elif value >= best_value - 1e-12:
                best.append(move)
        return self.rng.choice(best)

    def _value(self, state, seat: int, depth: int) -> float:
        game = self.game
        if game.is_over(state):
            return reward_vector(game, game.outcome(state))[seat]
        if game.to_move(state) == CHANCE and depth > 0:
            outcomes = game.chance_outcomes(state)
            total = sum(w for _, w in outcomes)
            return sum(w * self._value(game.apply(state, m), seat, depth - 1) for m, w in outcomes) / total
        values = game.evaluate(state)
        return 0.5 if values is None else float(values[seat])
