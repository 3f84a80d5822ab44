"""Many games of one placing game as one environment (`rulebook.env.batch`): every game's seat to
move acts at each step, as in the self-play environments of pgx, on the batch backend (numpy
arrays of G games advanced together). Observations, action indices and masks are the scalar
environments' own (Encoding): row g of a step's arrays is what `Encoding.observe` and
`Encoding.legal` give for game g's position, seen by its seat to move.

Only games the batch backend plays: every move places a piece onto a cell (maybe flipping
lines), in a state of cells and boards. Any other game is refused with the word that has no
batch form.
"""
from __future__ import annotations

from typing import Any

import numpy as np

from ..api import IllegalMove, Outcome, RulebookError
from .common import load, outcome_rewards


class BatchEnv:
    """`games` games of one game, played together by `step(actions)`: one action index per game,
    chosen by that game's seat to move.

    `reset(seed)` and `step` return the observations (float32, (games, *encoding.shape), each
    game seen by its seat to move) and `info` with `action_mask` (int8, (games, encoding.size))
    and `to_move` (the seat of each game); `step` also the rewards (float32, (games, seats), in
    [-1, 1], non-zero only on the step a game ends), `terminated` and `truncated` (bool, (games,)).
    A game that ends stays at its end for one step (its action is ignored there), then starts
    again (Gymnasium's next-step autoreset).
    """

    def __init__(self, game_or_path, games: int = 1024, seed: int = 0, seats: int | None = None, **options: Any):
        self.game, self.encoding = load(game_or_path, options, seats)
        batch = getattr(self.game, "batch", None)
        if batch is None:
            raise RulebookError(f"{self.encoding.where}: only grid games have a batch backend")
        self.batch = batch(games, seed)         # (NoBatch, a RulebookError, for a game it cannot play)
        self.games = games
        enc = self.encoding
        if "passed" in enc.marks:
            raise RulebookError(f"{enc.where}: no batch environment for a game that marks a passed cell")
        self.n = n = enc.n
        self._cells = enc.cells
        # the action of a placement on each cell, and the cell of each action (-1: none)
        self._index_of_cell = np.array(enc.placement_indices(), dtype=np.intp)
        self._cell_of = np.full(enc.size, -1, dtype=np.intp)
        used = np.flatnonzero(self._index_of_cell >= 0)
        self._cell_of[self._index_of_cell[used]] = used
        self._index_of_cell[self._index_of_cell < 0] = self._index_of_cell[used[0]]     # (never legal)
        self._pass = enc.pass_index
        # what stays as it was at the start (reserves, options, the seat to move's plane, seen by
        # the seat to move): each seat's observation of the start with that seat to move
        start = self.game.initial_state()
        slot = enc.slot
        self._templates = np.stack([enc.observe(_with(start, slot["to_move"], s), s) for s in range(n)])
        self._templates = self._templates.reshape(n, len(enc.planes), enc.cells)
        # the piece planes a cell's byte lights, seen by each seat: row seat * 256 + byte
        self._lights = np.concatenate([enc.piece_lights(s) for s in range(n)])
        at = {name: i for i, name in enumerate(enc.planes)}
        self._at_last = at.get("last")
        self._at_counters = [(at[c], c) for c in enc.counters]
        self._at_phases = [at[f"phase:{p}"] for p in enc.phases] if len(enc.phases) > 1 else []
        # each finished game's rewards by its winners' bits
        if n > 2 and self.game.rules.scoring:
            raise RulebookError(f"{enc.where}: no batch environment for more than two seats ranked by score")
        self._rewards = np.array([outcome_rewards(self.game, Outcome(
            True, tuple(p for s, p in enumerate(self.game.players) if bits >> s & 1)))
            for bits in range(1 << n)], dtype=np.float32)
        self.quiet = np.zeros(games, dtype=np.int64)
        self._ended = np.zeros(games, dtype=bool)       # ended at the last step: started again at this one
        self._mask = None

    # ---- what a step returns
    def _observe(self) -> np.ndarray:
        b, enc, cells = self.batch, self.encoding, self._cells
        me = b.to_move
        obs = self._templates[me]                        # (games, planes, cells), a new array
        pieces = np.take(self._lights, me[:, None] * 256 + b.cells[:, :cells], axis=0)    # (games, cells, piece planes)
        obs[:, :pieces.shape[2]] = pieces.transpose(0, 2, 1)
        if self._at_last is not None:
            obs[:, self._at_last] = 0
            lit = np.flatnonzero(b.last >= 0)
            obs[lit, self._at_last, b.last[lit]] = 1
        for plane, name in self._at_counters:      # ply and passes the batch's, quiet kept here
            obs[:, plane] = (self.quiet if name == "quiet" else getattr(b, name))[:, None]
        if self._at_phases:
            phase = np.searchsorted(b.phase_ends, b.ply, side="right")
            for i, plane in enumerate(self._at_phases):
                obs[:, plane] = (phase == i)[:, None]
        return obs.reshape(len(obs), *enc.shape)

    def _info(self) -> dict[str, np.ndarray]:
        b = self.batch
        legal = b.legal()
        mask = np.zeros((self.games, self.encoding.size), dtype=np.int8)
        mask[:, self._index_of_cell] = legal
        mask[:, self._pass] = ~b.over & ~legal.any(1)      # a blocked player passes
        self._mask = mask
        return {"action_mask": mask, "to_move": b.to_move.copy()}

    # ---- the environment
    def reset(self, seed: int | None = None) -> tuple[np.ndarray, dict[str, np.ndarray]]:
        """Every game back at the start (the random generator seeded again when `seed` is given)."""
        if seed is not None:
            self.batch.rng = np.random.default_rng(seed)
        self.batch.reset(np.ones(self.games, dtype=bool))
        self.quiet[:] = 0
        self._ended[:] = False
        return self._observe(), self._info()

    def step(self, actions) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, dict[str, np.ndarray]]:
        """Each running game plays its action (an index legal there); a game that ended at the
        last step starts again instead."""
        if self._mask is None:
            raise RulebookError("reset() the batch environment before its first step")
        b = self.batch
        actions = np.asarray(actions)
        if actions.shape != (self.games,) or not np.issubdtype(actions.dtype, np.integer):
            raise RulebookError(f"step takes one whole-number action per game, shape ({self.games},), "
                                f"not an array of shape {actions.shape} and type {actions.dtype}")
        running = ~b.over
        inside = (actions >= 0) & (actions < self.encoding.size)
        ok = inside & (self._mask[np.arange(self.games), np.where(inside, actions, 0)] == 1)
        bad = np.flatnonzero(running & ~ok)
        if len(bad):
            g = int(bad[0])
            raise IllegalMove(f"game {g} of the batch: action {int(actions[g])} is not legal there "
                              f"(its legal actions: {np.flatnonzero(self._mask[g]).tolist()})")
        cells = np.where(running, self._cell_of[np.where(inside, actions, 0)], 0)
        placing = running & (cells >= 0)
        replaced = np.zeros(self.games, dtype=bool)
        replaced[placing] = b.cells[placing, cells[placing]] != 0
        b.step(np.maximum(cells, 0))
        self.quiet[running] += 1
        self.quiet[replaced] = 0        # a placement onto a piece captures it: the quiet count starts again
        rewards = np.zeros((self.games, self.n), dtype=np.float32)
        ended = running & b.over
        rewards[ended] = self._rewards[b.winners[ended]]
        if self._ended.any():       # the games that ended at the last step start again
            b.reset(self._ended)
            self.quiet[self._ended] = 0
        self._ended = ended
        return self._observe(), rewards, ended.copy(), np.zeros(self.games, dtype=bool), self._info()


def _with(state: tuple, index: int, value) -> tuple:
    return state[:index] + (value,) + state[index + 1:]
