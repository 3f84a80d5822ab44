"""The MCTS player: UCT with chance nodes sampled by weight and a reward vector per seat."""
from __future__ import annotations

import math
import random
import time
from typing import Any

from ..api import CHANCE, RulebookError
from .base import Player, decision_moves, reward_vector, sole_winner, weighted


class _Node:
    """One MCTS tree node. `w[i]` sums the rewards of seat i over the visits through here;
    the seat that moved into this node reads its own entry, so any seat count works."""

    __slots__ = ("state", "seat", "moves", "outcomes", "children", "n", "w", "terminal")

    def __init__(self, game, state, nseats: int, rng: random.Random):
        self.state = state
        self.terminal = game.is_over(state)
        self.seat = -2 if self.terminal else game.to_move(state)
        self.children: dict[Any, _Node] = {}
        self.n = 0
        self.w = [0.0] * nseats
        self.outcomes: list[tuple[Any, float]] = []
        self.moves: list = []  # untried moves, popped from the end
        if self.terminal:
            return
        if self.seat == CHANCE:
            self.outcomes = game.chance_outcomes(state)
        else:
            self.moves = list(game.legal_moves(state))
            rng.shuffle(self.moves)


class MCTSPlayer(Player):
    """UCT with chance nodes sampled by weight and a reward vector per seat.

    Playouts are uniform random. If the game declares `evaluate`, a playout stops after
    `playout` plies (default 0: the new leaf itself is evaluated) and the evaluation is its
    reward: random play of a race game almost never ends, so full playouts would teach
    nothing; on both shipped games a leaf evaluation beat 20-ply random playouts, at a
    quarter of the cost. Without an evaluation a playout runs to the end (at most `max_playout` plies, then scored as all-equal). Same seed and same
    iteration budget give the same move; a time budget (`seconds`) is not reproducible.
    Default budget: 1000 iterations; with `seconds`, iterations (if given) is a cap.
    """

    def __init__(self, game, seed: int = 0, iterations: int | None = None, seconds: float | None = None,
                 c: float = 1.4, playout: int = 0, max_playout: int = 1000, name: str = "mcts"):
        if iterations is None and seconds is None:
            iterations = 1000
        if iterations is not None and iterations < 1:
            raise RulebookError("mcts: iterations must be at least 1")
        if seconds is not None and not (math.isfinite(seconds) and seconds > 0):
            raise RulebookError(f"mcts: seconds must be a positive finite number, got {seconds}")
        if not (math.isfinite(c) and c >= 0):
            raise RulebookError(f"mcts: c must be a finite number of at least 0, got {c}")
        self.game, self.rng, self.name = game, random.Random(seed), name
        self.iterations, self.seconds, self.c = iterations, seconds, c
        self.playout, self.max_playout = playout, max_playout
        self.nseats = len(game.players)
        self._cut: int | None = None
        self.last_root: _Node | None = None  # kept for inspection and tests

    def choose(self, state):
        game = self.game
        seat = game.to_move(state)
        moves = decision_moves(game, state)
        if len(moves) == 1:
            return moves[0]
        for move in moves:  # a win in one is never worth searching for
            after = game.apply(state, move)
            if game.is_over(after) and sole_winner(game, after, seat):
                return move
        self._cut = self.playout if game.evaluate(state) is not None else None
        root = _Node(game, state, self.nseats, self.rng)
        self.last_root = root
        if self.seconds is not None:  # stops at the deadline, or at `iterations` if also given
            deadline = time.perf_counter() + self.seconds
            count, cap = 0, self.iterations or math.inf
            while count < cap and (count == 0 or time.perf_counter() < deadline):
                self._iterate(root)
                count += 1
        else:
            for _ in range(self.iterations):
                self._iterate(root)
        # the most visited child is the robust choice; ties by mean reward, then move order
        best = max(root.children.items(),
                   key=lambda kv: (kv[1].n, kv[1].w[seat] / max(kv[1].n, 1)))
        return best[0]

    def _iterate(self, root: _Node) -> None:
        game, rng, c = self.game, self.rng, self.c
        node, path = root, [root]
        while not node.terminal:
            if node.seat == CHANCE:
                move = weighted(node.outcomes, rng)
                child = node.children.get(move)
                if child is None:
                    child = _Node(game, game.apply(node.state, move), self.nseats, rng)
                    node.children[move] = child
                node = child
                path.append(node)
                continue
            if node.moves:  # expand one untried move, then play out from it
                move = node.moves.pop()
                child = _Node(game, game.apply(node.state, move), self.nseats, rng)
                node.children[move] = child
                node = child
                path.append(node)
                break
            seat, log_n = node.seat, math.log(node.n)
            best, best_score = None, -math.inf
            for child in node.children.values():
                score = child.w[seat] / child.n + c * math.sqrt(log_n / child.n)
                if score > best_score:
                    best, best_score = child, score
            if best is None:
                raise RulebookError(f"{game.name}: no legal move and the game is not over")
            node = best
            path.append(node)
        reward = self._playout(node)
        for n in path:
            n.n += 1
            w = n.w
            for i, r in enumerate(reward):
                w[i] += r

    def _playout(self, node: _Node) -> list[float]:
        game, rng = self.game, self.rng
        state = node.state
        if node.terminal:
            return reward_vector(game, game.outcome(state))
        cut = self._cut
        if cut == 0:
            values = game.evaluate(state)
            if values is not None:
                return [float(v) for v in values]
        # the first ply reuses the moves the new node already generated
        if node.seat == CHANCE:
            move = weighted(node.outcomes, rng)
        elif node.moves:
            move = rng.choice(node.moves)
        else:
            raise RulebookError(f"{game.name}: no legal move and the game is not over")
        state = game.apply(state, move)
        plies = 1
        while not game.is_over(state):
            if cut is not None and plies >= cut:
                values = game.evaluate(state)
                if values is not None:
                    return [float(v) for v in values]
            if plies >= self.max_playout:
                return [0.5] * self.nseats
            if game.to_move(state) == CHANCE:
                move = weighted(game.chance_outcomes(state), rng)
            else:
                move = rng.choice(game.legal_moves(state))
            state = game.apply(state, move)
            plies += 1
        return reward_vector(game, game.outcome(state))
