"""Observation planes and a fixed action space for a track game (pieces raced along a track of
P points by dice), read from its compiled data (docs/api.md, "Observations and actions").

- **places**: every plane is `(P + 2,)`: column q - 1 the observing seat's point q (points in
  the observer's own numbers, so a seat always races toward column 0), column P the bar, column
  P + 1 the off area (the pieces borne off).
- **planes**, in order: the count of each relative owner's pieces on each place (`KIND/+0` the
  observing seat's, `KIND/+1` the opponent's), then threshold planes `KIND>=k/+r` (1 where that
  owner has at least k pieces there: k = 1, 2, 3, and the block count that closes a
  point when it is larger), per zone the points it names in each seat's numbers (`zone:NAME/+r`),
  then constant planes: the numbers still to play (`dice:v`, how many steps of v the roll gives:
  a double played four times shows 4 on its face; all 0 while the next ply is the roll), the
  seat to roll or play (`to_move/+r`), `ply` and every option (`option:NAME`, as the grid's).
- **actions**: a play's index is relative to the roll it plays. The roll's numbers (its faces,
  or a double's face as often as the game says), highest first, fall into groups of equal
  numbers; the roll's pattern (each group's size, e.g. (1, 1) for 6-1, (4,) for a double played
  four times) picks a block of indices, the blocks in the order of their patterns as tuples.
  Each step of the play is given to the number it uses (a step onto a point uses from - to; a
  step off, in from-descending order, the smallest number left that reaches off); a group's
  from-places (points 1..P, the bar P + 1) as a multiset padded with 0 to the group's size and
  sorted descending, c1 >= c2 >= ... >= cm, is ranked `C(c1 + m - 1, m) + C(c2 + m - 2, m - 1) +
  ... + C(cm, 1)` among the C(P + 1 + m, m) such multisets; the groups' ranks are digits of a mixed
  radix, the highest number's the most significant. The empty play (`pass`) is its block's 0.
  Two legal plays of one position with one index raise RulebookError naming both.
"""
from __future__ import annotations

from math import comb
from typing import Any

import numpy as np

from ..api import CHANCE, IllegalMove
from .encoding import NO_MOVES, EncodingBase, LegalMoves, option_planes

__all__ = ["TrackEncoding"]

THRESHOLDS = (1, 2, 3)      # a lone piece, a closed point (the usual block), a spare piece


class TrackEncoding(EncodingBase):
    """The observation planes and the action space of one compiled track game (see the module's doc).

    `observe(state, seat)` is a float32 array of shape `shape`; `legal(state)` the int8 mask of
    length `size` and the legal play of each index set in it; `index(move, state)` a play's index
    in that position (it depends on the roll), `move(state, index)` the legal play with that index
    (IllegalMove if none)."""

    def __init__(self, game, where: str = ""):
        self.game = game
        self.where = where or getattr(game, "name", "game")
        self.points = P = game.points
        kind = game.rules.kind
        dice = game.dice
        # ---- planes
        self.thresholds = tuple(sorted({*THRESHOLDS, game.step_rule.block}))
        names = [f"{kind}/+{r}" for r in range(2)]
        names += [f"{kind}>={k}/+{r}" for k in self.thresholds for r in range(2)]
        zone_planes = []
        for z in game.zone_names:
            for r in range(2):
                plane = np.zeros(P + 2, dtype=np.float32)
                for q in game.rules.zones[z]:
                    plane[q - 1 if r == 0 else P - q] = 1.0     # the opponent's point q is our P + 1 - q
                zone_planes.append(plane)
                names.append(f"zone:{z}/+{r}")
        self.faces = dice.faces
        self._dice_row = len(names)
        names += [f"dice:{v}" for v in range(1, dice.faces + 1)]
        self._to_move_row = len(names)
        names += ["to_move/+0", "to_move/+1"]
        self._ply_row = len(names)
        names.append("ply")
        option_names, option_values = option_planes(game)
        names += option_names
        self.planes = tuple(names)
        self.shape = (len(names), P + 2)
        # the planes every position shares (zones, options), copied by each observation
        self._base = np.zeros(self.shape, dtype=np.float32)
        if zone_planes:
            self._base[2 + 2 * len(self.thresholds):self._dice_row] = zone_planes
        self._base[self._ply_row + 1:] = option_values[:, None]
        self._thr = np.array(self.thresholds, dtype=np.float32)[:, None, None]
        # ---- actions: a block per pattern of the rolls, and each roll's plan (its groups)
        self.places = P + 1                             # a step's from: points 1..P, the bar P + 1
        patterns = {}
        for (_roll, faces), _w in dice.outcomes():
            numbers = sorted(dice.steps(faces), reverse=True)
            values = sorted(set(numbers), reverse=True)
            patterns[faces] = (tuple(values), tuple(numbers.count(v) for v in values))
        self.blocks: dict[tuple, tuple[int, int]] = {}      # pattern -> (offset, size)
        offset = 0
        for pattern in sorted({sizes for _v, sizes in patterns.values()}):
            size = 1
            for m in pattern:
                size *= comb(self.places + m, m)
            self.blocks[pattern] = (offset, size)
            offset += size
        self.size = offset
        # roll -> (block offset, the groups' numbers and sizes, each group's radix, number -> group)
        self._plans = {}
        for faces, (values, sizes) in patterns.items():
            self._plans[faces] = (self.blocks[sizes][0], values, sizes,
                                  tuple(comb(self.places + m, m) for m in sizes), {v: g for g, v in enumerate(values)})
        # a group of m numbers: the rank's term of its j-th from-place c, C(c + m - 1 - j, m - j), read from a table
        self._terms = {m: [[comb(c + m - 1 - j, m - j) for c in range(self.places + 1)] for j in range(m)]
                       for m in {m for _v, sizes in patterns.values() for m in sizes if m > 1}}

    # ---- actions
    def index(self, move, state) -> int:
        """The action index of a play of `state`'s roll (IllegalMove if its steps do not fit it)."""
        return self._index(move, state.roll)

    def _index(self, move, roll) -> int:
        plan = self._plans.get(roll)
        if plan is None:
            raise IllegalMove(f"{self.where}: {self.game.move_str(move)}: no roll to play here", 0)
        offset, values, sizes, radix, group_of = plan
        left = list(sizes)
        froms: list[list[int]] = [[] for _ in values]
        offs = []
        for f, t in move:
            if t:                                       # onto a point: the number is from - to
                g = group_of.get(f - t)
                if g is None or not left[g]:
                    raise IllegalMove(f"{self.where}: {self.game.move_str(move)}: not a play of this roll", 0)
                left[g] -= 1
                froms[g].append(f)
            else:
                offs.append(f)
        for f in offs:                                  # off: the smallest number left that reaches it
            for g in range(len(values) - 1, -1, -1):
                if values[g] >= f and left[g]:
                    break
            else:
                raise IllegalMove(f"{self.where}: {self.game.move_str(move)}: not a play of this roll", 0)
            left[g] -= 1
            froms[g].append(f)
        i = 0
        for g, m in enumerate(sizes):
            c = froms[g]
            if m == 1:
                r = c[0] if c else 0
            else:
                c.sort(reverse=True)
                r = 0
                for j, term in enumerate(self._terms[m][:len(c)]):     # the padding's 0s add C(m-1-j, m-j) = 0
                    r += term[c[j]]
            i = i * radix[g] + r
        return offset + i

    def legal(self, state) -> tuple[np.ndarray, LegalMoves]:
        """The legal-action mask (int8, length `size`) and the legal play of each index set in it."""
        game = self.game
        mask = np.zeros(self.size, dtype=np.int8)
        if game.to_move(state) == CHANCE or game.is_over(state):
            return mask, NO_MOVES
        moves = game.legal_moves(state)
        roll, index = state.roll, self._index
        indices = [index(m, roll) for m in moves]
        if len(set(indices)) != len(indices):
            self.collision(moves, lambda m: index(m, roll), "this game's plays are not named by their steps' "
                                                            "from-points and numbers alone")
        mask[indices] = 1
        return mask, LegalMoves(indices, moves)

    # ---- observations
    def observe(self, state, seat: int = 0) -> np.ndarray:
        """The observation planes of `state` seen by `seat` (a new float32 array of shape `shape`)."""
        P, other = self.points, 1 - seat
        out = self._base.copy()
        b = np.array(state.pts, dtype=np.float32)
        if seat:                                        # the second seat's point q is index P - q
            b = -b[::-1]
        counts = out[:2]
        np.maximum(b, 0.0, out=counts[0, :P])
        np.maximum(-b, 0.0, out=counts[1, :P])
        counts[:, P] = state.bar[seat], state.bar[other]
        counts[:, P + 1] = state.off[seat], state.off[other]
        k = len(self.thresholds)
        out[2:2 + 2 * k] = (counts >= self._thr).reshape(2 * k, P + 2)
        for v in self.game.dice.steps(state.roll) if state.roll else ():
            out[self._dice_row + v - 1] += 1.0
        out[self._to_move_row + (state.seat != seat)] = 1.0
        out[self._ply_row] = state.ply
        return out

    def describe(self) -> dict[str, Any]:
        """The encoding in words: shape, plane names, action-space size and its blocks."""
        return {"shape": self.shape, "planes": list(self.planes), "actions": self.size,
                "blocks": {"+".join(map(str, p)): {"offset": o, "size": s} for p, (o, s) in self.blocks.items()}}
