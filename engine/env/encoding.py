"""Observation tensors and a fixed action space for a game, read from its compiled data.

`Encoding(game)` gives, for every position of the game, an observation of one fixed shape and a
legal-action mask over one fixed set of action indices (docs/api.md, "Observations and actions"):

- **planes** (`planes`, `shape`): on a board whose cells form a rectangle of files x ranks (square
  and hex lattices) each plane is `(ranks, files)`, row 0 the first rank, column 0 file `a`; on a
  board of named points it is `(cells,)`. Planes in order: one per (piece kind, relative owner)
  (owner `+0` the observing seat, `+1` the next seat in turn order, ...), one per kind for pieces
  owned by nobody (games with neutral pieces), the last cell and the passed cell (when the game
  keeps them), then constant planes: the seat to move (one per relative seat), reserves (one per
  relative seat), ply, passes in a row, quiet plies (when kept), the phase (one per phase) and
  every option (true/false as 1/0, a whole number as itself, a listed text as its index).
- **actions** (`size`): a move's index is `(origin * cells + destination) * extra + choice`, cells
  counted by their ordinal among the board's used cells (holes get no index), origin a cell or
  the one origin after the cells that stands for a piece put on the board (a drop or a placement;
  in a game whose patterns move no piece it is the only origin, 0); `extra` is the
  product of the factors the game has: the kind a moving piece ends as (games that promote or
  drop several kinds) and the cell shot at (games whose moves shoot). After those come a block for
  drops of several pieces at once (per drop zone of a seat, one index per subset of its cells, a
  bit a cell; the seats' zones as one when they overlap) and one index for `pass`. Two legal
  moves of one position with one index (e.g. capture sequences with the same ends and different
  paths) raise RulebookError naming both.

Only the grid board kind (square, hex, graph) has an encoding; a game on an open board (tiles
placed anywhere) has no fixed action space and gets a RulebookError saying so.
"""
from __future__ import annotations

from typing import Any, Hashable

import numpy as np

from ..api import CHANCE, IllegalMove, RulebookError

__all__ = ["Encoding"]

PASS = "pass"
MAX_DROP_CELLS = 20         # a multi-piece drop block has 2**cells indices: at most about a million


class Encoding:
    """The observation planes and the action space of one compiled game (see the module's doc).

    `observe(state, seat)` is a float32 array of shape `shape`; `legal(state)` the int8 mask of
    length `size` and the legal move of each index set in it; `index(move)` a move's index,
    `move(state, index)` the legal move with that index (IllegalMove if none).
    """

    def __init__(self, game, where: str = ""):
        self.game = game
        self.where = where or getattr(game, "name", "game")
        layout = getattr(game, "layout", None)
        geo = getattr(game, "geo", None)
        if layout is None or geo is None or not hasattr(game, "kinds"):
            raise RulebookError(f"{self.where}: this game's board kind has no observation planes or fixed action "
                                f"space (only grid boards do: an open board's moves name cells without bound)")
        self.n = n = len(game.players)
        self.cells = cells = game.size
        self.slot = dict(layout.index)
        self.kinds = [k.name for k in game.kinds]
        self.multi = len(self.kinds) > 1
        self.neutral = bool(getattr(game, "neutral", False))
        files = getattr(geo, "files", 0)
        if files and cells == files * getattr(geo, "ranks", 0):
            self.board_shape: tuple[int, ...] = (cells // files, files)
        else:
            self.board_shape = (cells,)
        # ---- planes
        names = [f"{k}/+{r}" for k in self.kinds for r in range(n)]
        if self.neutral:
            names += [f"{k}/nobody" for k in self.kinds]
        self.bit_planes = len(names)
        self.marks = [s for s in ("last", "passed") if s in self.slot]
        names += self.marks
        names += [f"to_move/+{r}" for r in range(n)] + [f"reserve/+{r}" for r in range(n)]
        self.counters = [s for s in ("ply", "passes", "quiet") if s in self.slot]
        names += self.counters
        self.phases = [ph.name for ph in game.rules.phases]
        names += [f"phase:{p}" for p in self.phases]
        option_values = []
        for opt in game.info.options:
            v = game.options.get(opt.name, opt.default)
            if isinstance(v, bool):
                x = float(v)
            elif isinstance(v, (int, float)):
                x = float(v)
            elif opt.choices:
                x = float(list(opt.choices).index(v)) if v in opt.choices else 0.0
            else:
                x = 0.0
            option_values.append(x)
            names.append(f"option:{opt.name}")
        self.option_values = np.array(option_values, dtype=np.float32)
        self.planes = tuple(names)
        self.shape = (len(names), *self.board_shape)
        self._nbytes = (cells + 7) // 8
        # ---- actions: cells by their ordinal among the board's used cells (holes get no index)
        rules = game.rules
        used = [i for i in range(cells) if geo.used[i]]
        self.used_cells = U = len(used)
        promotes = any(k.promote_to for k in game.kinds)
        drops_kinds = self.multi and any(ph.drops or ph.places for ph in rules.phases)
        self.kind_factor = len(self.kinds) if (promotes or drops_kinds) else 1
        shoots = "shot" in game.features()     # what the game's moves can do besides moving
        self.shot_factor = U if shoots else 1
        self.extra = self.kind_factor * self.shot_factor
        # origins: every used cell when some pattern moves a piece, plus one for a piece put on the board
        self.moves_pieces = any(alts for ph in rules.phases for _k, alts in ph.kinds)
        puts = any(ph.drops or ph.places for ph in rules.phases)
        self.put_origin = U if self.moves_pieces else 0
        self.origins = (U if self.moves_pieces else 0) + (1 if puts else 0)
        self.single = self.origins * U * self.extra
        # ordinal of each cell; the item after the cells (read as [-1]) is the put origin
        self._ord = [-1] * (cells + 1)
        for j, c in enumerate(used):
            self._ord[c] = j
        self._ord[cells] = self.put_origin
        # drops of several pieces at once: one bit per cell of the drop zone of the seat that
        # drops (the zones of the seats as groups of their own when no cell is in two)
        groups: list[list[int]] = []
        for ph in rules.phases:
            for zone, _count in ph.drops:
                by_seat = game.zone_cells[zone.parts[0]]
                for s in (by_seat if isinstance(by_seat, dict) else range(len(by_seat))):
                    cells_s = sorted(set(by_seat[s]))
                    if cells_s and cells_s not in groups:
                        groups.append(cells_s)
        if game.general:
            groups = []
        if sum(len(g) for g in groups) != len({c for g in groups for c in g}):
            groups = [sorted({c for g in groups for c in g})]
        widest = max((len(g) for g in groups), default=0)
        if widest > MAX_DROP_CELLS:
            raise RulebookError(f"{self.where}: drops of several pieces at once onto {widest} cells have "
                                f"2**{widest} sets: too many to index (at most {MAX_DROP_CELLS} cells)")
        self.drop_groups = groups
        self._drop_pos: dict[int, tuple[int, int]] = {}
        offset = 0
        for g in groups:
            for j, c in enumerate(g):
                self._drop_pos[c] = (offset, j)
            offset += 1 << len(g)
        self.drop_block = offset
        self.pass_index = self.single + self.drop_block
        self.size = self.pass_index + 1
        self._general = bool(game.general)
        self._plain_fast = not self._general and self.extra == 1
        self._general_fast = self._general and self.extra == 1
        # what observe reads, found once
        self._B, self._R, self._ME = self.slot["boards"], self.slot["reserves"], self.slot["to_move"]
        self._K = self.slot.get("kinds")
        self._orders = [[(s + r) % n for r in range(n)] for s in range(n)]
        self._counter_slots = [self.slot[c] for c in self.counters]
        self._varying = 2 * n + len(self.counters) + len(self.phases)
        self._template = np.zeros((len(self.planes), cells), dtype=np.float32)
        if len(self.option_values):
            self._template[len(self.planes) - len(self.option_values):] = self.option_values[:, None]

    # ---- actions
    def index(self, move: Hashable) -> int:
        """The action index of a move (of any position)."""
        if move == PASS:
            return self.pass_index
        O, U = self._ord, self.used_cells
        if move[0] == "drop":                       # a plain game's drop: ('drop', cell, ...)
            if len(move) == 2:
                return (self.put_origin * U + O[move[1]]) * self.extra
            pos = self._drop_pos
            return self.single + pos[move[1]][0] + sum(1 << pos[c][1] for c in move[1:])
        i = O[move[0]] * U + O[move[1]]             # origin -1 (a piece put on the board): the put origin
        if not self._general:                       # a plain move: (origin, destination)
            return i * self.extra
        if self.kind_factor > 1:
            i = i * self.kind_factor + (move[5] >> 3)
        if self.shot_factor > 1:
            shot = move[6]
            i = i * self.shot_factor + (O[shot & 0xFFFF] if shot is not None else 0)
        return i

    def legal(self, state) -> tuple[np.ndarray, dict[int, Any]]:
        """The legal-action mask (int8, length `size`) and the legal move of each index in it."""
        game = self.game
        if game.to_move(state) == CHANCE:
            return np.zeros(self.size, dtype=np.int8), {}
        moves = game.legal_moves(state)
        index, O, U = self.index, self._ord, self.used_cells
        # the common moves inline (a tuple whose origin is a cell number), the rest by index()
        if self._plain_fast:
            idx = [O[m[0]] * U + O[m[1]] if m.__class__ is tuple and m[0].__class__ is int else index(m) for m in moves]
        elif self._general_fast:
            idx = [O[m[0]] * U + O[m[1]] if m.__class__ is tuple else index(m) for m in moves]
        else:
            idx = [index(m) for m in moves]
        by_index = dict(zip(idx, moves))
        if len(by_index) != len(moves):
            self._collision(moves)
        mask = np.zeros(self.size, dtype=np.int8)
        mask[idx] = 1
        return mask, by_index

    def _collision(self, moves) -> None:
        seen: dict[int, Any] = {}
        for m in moves:
            i = self.index(m)
            if i in seen:
                s = self.game.move_str
                raise RulebookError(f"{self.where}: the moves {s(seen[i])} and {s(m)} have one action index "
                                    f"({i}): this game's moves are not named by their cells alone")
            seen[i] = m

    def move(self, state, action: int):
        """The legal move of this position whose index is `action`; IllegalMove otherwise."""
        _mask, by_index = self.legal(state)
        return self.decode(by_index, action)

    def decode(self, by_index: dict[int, Any], action) -> Any:
        """The move of `action` in a mapping from legal() (IllegalMove if it is not there)."""
        try:
            a = int(action)
        except (TypeError, ValueError):
            raise IllegalMove(f"{self.where}: action {action!r} is not an action index (0 to {self.size - 1})",
                              len(by_index)) from None
        if a in by_index:
            return by_index[a]
        if not 0 <= a < self.size:
            raise IllegalMove(f"{self.where}: action {a} is outside the action space (0 to {self.size - 1})", len(by_index))
        raise IllegalMove(f"{self.where}: action {a} is not a legal move here ({len(by_index)} legal moves)", len(by_index))

    # ---- observations
    def observe(self, state, seat: int = 0) -> np.ndarray:
        """The observation planes of `state` seen by `seat` (float32, shape `shape`)."""
        n, cells, slot = self.n, self.cells, self.slot
        boards = state[self._B]
        order = self._orders[seat]
        if self.multi:
            K = state[self._K]
            bits = [boards[o] & k for k in K for o in order]
            if self.neutral:
                bits += [boards[n] & k for k in K]
        else:
            bits = [boards[o] for o in order]
            if self.neutral:
                bits.append(boards[n])
        nb, nbits = self._nbytes, self.bit_planes
        out = self._template.copy()
        if nbits:
            buf = b"".join([b.to_bytes(nb, "little") for b in bits])
            out[:nbits] = np.unpackbits(np.frombuffer(buf, dtype=np.uint8), bitorder="little").reshape(nbits, nb * 8)[:, :cells]
        p = nbits
        for name in self.marks:
            c = state[slot[name]]
            if c >= 0:
                out[p, c] = 1.0
            p += 1
        # the constant planes but the options' (those are in the template): one row of values
        values = [0.0] * self._varying
        values[(state[self._ME] - seat) % n] = 1.0
        reserves = state[self._R]
        for r, o in enumerate(order):
            values[n + r] = reserves[o]
        q = 2 * n
        for i in self._counter_slots:
            values[q] = state[i]
            q += 1
        if len(self.phases) > 1:
            values[q + self.game.phase_index(state)] = 1.0
        elif self.phases:
            values[q] = 1.0
        out[p:p + self._varying] = np.array(values, dtype=np.float32)[:, None]
        return out.reshape(self.shape)

    def describe(self) -> dict[str, Any]:
        """The encoding in words: shape, plane names, action-space size and its factors."""
        return {"shape": self.shape, "planes": list(self.planes), "actions": self.size,
                "factors": {"origin": self.origins, "destination": self.used_cells, "kind": self.kind_factor,
                            "shot": self.shot_factor, "multi_drops": self.drop_block, "pass": 1}}
