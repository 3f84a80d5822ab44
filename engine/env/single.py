"""The Gymnasium environment of a rulebook game against rulebook players (`rulebook.env.gymnasium`)."""
from __future__ import annotations

import random
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from ..api import IllegalMove, RulebookError
from ..players.base import derive_seed
from ..players.specs import make_player
from .common import load, rewards, settle

__all__ = ["RulebookEnv"]


class RulebookEnv(gymnasium.Env):
    """One seat (`seat`, default 0) played by the agent; every other seat by a rulebook player
    made from `opponent` (a player spec: `random`, `greedy`, `mcts:iterations=200`, ...; a list
    gives one spec per other seat, in seat order).

    The observation is the float32 planes of encoding.shape seen from the agent's seat; the
    legal-action mask is `info["action_mask"]` and `action_masks()`. A step plays the agent's move,
    then the opponents' and chance's until the agent is to move again or the game is over; the
    reward is 0 until the end, then in [-1, 1] (+1 a sole win, -1 a loss, 0 a two-player draw).
    An action that is not legal: with `illegal="lose"` (the default, so that agents without
    masks can learn) the episode ends with reward -1 and `info["illegal"]` saying why; with
    `illegal="raise"` IllegalMove is raised.
    """

    metadata = {"render_modes": ["ansi"]}

    def __init__(self, game_or_path, opponent: str | list[str] = "random", seat: int = 0,
                 illegal: str = "lose", render_mode: str | None = None, seats: int | None = None,
                 **options: Any):
        self.game, self.encoding = load(game_or_path, options, seats)
        n = len(self.game.players)
        if not isinstance(seat, int) or not 0 <= seat < n:
            raise RulebookError(f"{self.encoding.where}: seat must be 0 to {n - 1} ({', '.join(self.game.players)}), got {seat!r}")
        if illegal not in ("lose", "raise"):
            raise RulebookError(f"illegal must be 'lose' or 'raise', got {illegal!r}")
        specs = [opponent] * (n - 1) if isinstance(opponent, str) else list(opponent)
        if len(specs) != n - 1:
            raise RulebookError(f"{self.encoding.where}: {n - 1} opponents are needed, got {len(specs)} specs")
        self.specs = specs
        self.seat, self.illegal, self.render_mode = seat, illegal, render_mode
        for spec in specs:                              # bad specs are refused here, not at reset
            make_player(spec, self.game, 0)
        enc = self.encoding
        self.observation_space = spaces.Box(0.0, np.inf, enc.shape, np.float32)
        self.action_space = spaces.Discrete(enc.size)
        self.state_ = None
        self._done = False
        self._rng = random.Random(0)

    def _opponents_and_chance(self, state):
        game = self.game
        while True:
            state = settle(game, state, self._rng)
            if game.is_over(state) or game.to_move(state) == self.seat:
                return state
            state = game.apply(state, self._players[game.to_move(state)].choose(state))

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self._mask.copy()}

    def _observe(self):
        if self.game.is_over(self.state_):
            self._mask, self._by_index = np.zeros(self.encoding.size, dtype=np.int8), {}
        else:
            self._mask, self._by_index = self.encoding.legal(self.state_)
        return self.encoding.observe(self.state_, self.seat)

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        super().reset(seed=seed)
        base = int(self.np_random.integers(2**62))
        self._rng = random.Random(base)
        others = [s for s in range(len(self.game.players)) if s != self.seat]
        self._players = {s: make_player(spec, self.game, derive_seed(base, "seat", s))
                         for s, spec in zip(others, self.specs)}
        self.state_ = self._opponents_and_chance(self.game.initial_state())
        self._done = self.game.is_over(self.state_)
        return self._observe(), self._info()

    def action_masks(self) -> np.ndarray:
        """The legal-action mask of the current position (as sb3-contrib's maskable agents ask)."""
        return self._mask

    def step(self, action):
        if self.state_ is None:
            raise RulebookError("reset() the environment before step()")
        if self._done:
            raise RulebookError("the episode is over: reset() the environment")
        try:
            move = self.encoding.decode(self._by_index, action)
        except IllegalMove as e:
            if self.illegal == "raise":
                raise
            self._done = True
            obs = self.encoding.observe(self.state_, self.seat)
            return obs, -1.0, True, False, {"action_mask": self._mask.copy(), "illegal": str(e)}
        self.state_ = self._opponents_and_chance(self.game.apply(self.state_, move))
        obs = self._observe()
        over = self._done = self.game.is_over(self.state_)
        reward = rewards(self.game, self.state_)[self.seat] if over else 0.0
        if self.render_mode == "ansi":
            print(self.render())
        return obs, float(reward), over, False, self._info()

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        return self.game.render(self.state_) if hasattr(self.game, "render") else repr(self.state_)
