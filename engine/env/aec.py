"""The PettingZoo AEC environment of a rulebook game (`rulebook.env.pettingzoo`)."""
from __future__ import annotations

import random
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from ..api import CHANCE
from .common import load, rewards, settle
from .encoding import LegalMoves

__all__ = ["RulebookAEC"]


class RulebookAEC(AECEnv):
    """An agent per seat (the game's seat names), turns as the game gives them, chance drawn inside.

    `observe(agent)` is `{"observation": float32 planes of shape encoding.shape, seen from that
    agent's seat, "action_mask": int8 of length encoding.size}` (the mask is all zeros for an agent
    not to move; read-only: the observations of one ply share it, so an agent changing it
    would change what the others read). `step(action)` plays the legal move of that index (IllegalMove if the mask says
    0). When the game ends every agent is terminated, with rewards in [-1, 1] (see common.rewards).
    """

    metadata = {"render_modes": ["ansi"], "name": "rulebook", "is_parallelizable": False}

    def __init__(self, game_or_path, render_mode: str | None = None, seats: int | None = None, **options: Any):
        super().__init__()
        self.game, self.encoding = load(game_or_path, options, seats)
        enc = self.encoding
        self.metadata = dict(self.metadata, name=f"rulebook_{_slug(self.game.name)}")
        self.possible_agents = list(self.game.players)
        obs = spaces.Dict({"observation": spaces.Box(0.0, np.inf, enc.shape, np.float32),
                           "action_mask": spaces.Box(0, 1, (enc.size,), np.int8)})
        self.observation_spaces = {a: obs for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(enc.size) for a in self.possible_agents}
        self.render_mode = render_mode
        self._seed, self._rng = 0, None     # the chance draws' generator, made when first drawn from
        self._zero_mask = np.zeros(enc.size, dtype=np.int8)
        self._zero_mask.flags.writeable = False
        self._seat_of = {a: i for i, a in enumerate(self.possible_agents)}
        self.state_ = None
        # the calls of a step, read once
        self._apply, self._to_move = self.game.apply, self.game.to_move
        self._is_over = self.game.is_over
        self._legal_lists, self._observe, self._decode = enc.legal_lists, enc.observe, enc.decode

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        if seed is not None:
            self._seed, self._rng = seed, None
        self.agents = agents = self.possible_agents[:]
        self.rewards, self._cumulative_rewards = dict.fromkeys(agents, 0.0), dict.fromkeys(agents, 0.0)
        self.terminations, self.truncations = dict.fromkeys(agents, False), dict.fromkeys(agents, False)
        self.infos = {a: {} for a in agents}     # the mask is in the observation
        self._over = False
        state = self.game.initial_state()
        self._set(self._settled(state) if self._to_move(state) == CHANCE else state)

    def _settled(self, state):
        """The state after the chance draws due at `state`, from the seeded generator (seeding one
        costs as much as a step: it is made when a game first draws)."""
        if self._rng is None:
            self._rng = random.Random(self._seed)
        return settle(self.game, state, self._rng)

    def _set(self, state) -> None:
        """Make `state` the position (settled: no chance to draw): its legal moves found once,
        for the mask and the next step; at the game's end every agent terminated, with its reward."""
        self.state_ = state
        if self._is_over(state):
            self._end(state)
            return
        self._mask, self._indices, self._moves = self._legal_lists(state)
        self.agent_selection = self.possible_agents[self._to_move(state)]

    def _end(self, state) -> None:
        self._mask, self._indices, self._moves, self._over = self._zero_mask, [], [], True
        for a, r in zip(self.possible_agents, rewards(self.game, state)):
            self.rewards[a] = r
            self._cumulative_rewards[a] += r
            self.terminations[a] = True

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        mask = self._mask if agent == self.agent_selection else self._zero_mask
        return {"observation": self._observe(self.state_, self._seat_of[agent]), "action_mask": mask}

    def last(self, observe: bool = True):
        """AECEnv.last, the agent to move's observation made here (one call less a step)."""
        agent = self.agent_selection
        obs = ({"observation": self._observe(self.state_, self._seat_of[agent]), "action_mask": self._mask}
               if observe else None)
        if not self._over:      # (until the end no agent has a reward or is done)
            return obs, 0.0, False, False, self.infos[agent]
        return obs, self._cumulative_rewards[agent], self.terminations[agent], self.truncations[agent], self.infos[agent]

    def agent_iter(self, max_iter: int = 2**63):
        """AECEnv.agent_iter as a generator (a step's next agent without an iterator's method call)."""
        return _agent_iter(self, max_iter)

    def step(self, action) -> None:
        if self._over:
            self._was_dead_step(action)
            return
        try:        # the action among the legal indices, else decode's check and message
            move = self._moves[self._indices.index(action)]
        except ValueError:
            move = self._decode(LegalMoves(self._indices, self._moves), action)
        # the rewards are 0 until the game ends: only the last move sets and accumulates any
        state = self._apply(self.state_, move)
        if self._to_move(state) == CHANCE:
            state = self._settled(state)
        self._set(state)
        if self.render_mode == "ansi":
            print(self.render())

    def _was_dead_step(self, action) -> None:
        """AECEnv._was_dead_step where every agent is done at once (the game's end): the agent
        leaves, the next to leave is the first left, the rewards are cleared."""
        if action is not None:
            raise ValueError("when an agent is dead, the only valid action is None")
        agent = self.agent_selection
        for d in (self.terminations, self.truncations, self.rewards, self._cumulative_rewards, self.infos):
            del d[agent]
        self.agents.remove(agent)
        if self.agents:
            self.agent_selection = self.agents[0]
        for a in self.rewards:
            self.rewards[a] = 0

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        return self.game.render(self.state_) if hasattr(self.game, "render") else repr(self.state_)

    def close(self) -> None:
        pass


def _agent_iter(env: RulebookAEC, max_iter: int):
    for _ in range(max_iter):
        if not env.agents:
            return
        yield env.agent_selection


def _slug(name: str) -> str:
    return "".join(c if c.isalnum() else "_" for c in name.lower()).strip("_")
