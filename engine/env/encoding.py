"""What every board kind's encoding shares: an observation of one fixed shape and a legal-action
mask over one fixed set of action indices for every position of a game (docs/api.md,
"Observations and actions"). Each kind that has one writes its own on this base: the grid's
(grid.py: square, hex and graph boards) and the track's (track.py: pieces raced along a track
by dice); common.py's `Encoding` chooses between them.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from ..api import IllegalMove, RulebookError

__all__ = ["EncodingBase", "LegalMoves", "NO_MOVES", "option_planes"]


def option_planes(game) -> tuple[list[str], np.ndarray]:
    """The names (`option:NAME`) and values of a game's option planes: true/false as 1/0, a whole
    number as itself, a listed text as its index in the list."""
    names, values = [], []
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
        values.append(x)
        names.append(f"option:{opt.name}")
    return names, np.array(values, dtype=np.float32)


class LegalMoves(Mapping):
    """action index -> legal move of one position, kept as the two lists legal() made (the
    indices in the order of the moves). An environment's step looks up one index, by `find` (a
    search of the list); the dict behind `[]`, `get` and `in` is made on their first use."""

    __slots__ = ("indices", "moves", "_dict")

    def __init__(self, indices: list[int], moves: list):
        self.indices, self.moves, self._dict = indices, moves, None

    def find(self, index: int, default: Any = None) -> Any:
        """The move of `index`, or `default` when no legal move has it (without making the dict)."""
        try:
            return self.moves[self.indices.index(index)]
        except ValueError:
            return default

    def _by_index(self) -> dict[int, Any]:
        if self._dict is None:
            self._dict = dict(zip(self.indices, self.moves))
        return self._dict

    def __getitem__(self, index: int) -> Any:
        return self._by_index()[index]

    def __contains__(self, index: object) -> bool:
        return index in self._by_index()

    def __iter__(self):
        return iter(self.indices)

    def __len__(self) -> int:
        return len(self.indices)

    def __repr__(self) -> str:
        return f"LegalMoves({self._by_index()!r})"


NO_MOVES = LegalMoves([], [])
_NONE = object()        # no move (a move may be any value)


class EncodingBase:
    """What every kind's encoding shares: the decoding of an action and the refusal of two legal
    moves with one index. A kind's class sets `where`, `size` and `game`, and has `legal(state)`."""

    where: str
    size: int

    def move(self, state, action: int):
        """The legal move of this position whose index is `action`; IllegalMove otherwise."""
        _mask, by_index = self.legal(state)
        return self.decode(by_index, action)

    def decode(self, by_index: Mapping[int, Any], action) -> Any:
        """The move of `action` in a mapping from legal() (IllegalMove if it is not there)."""
        try:
            a = int(action)
        except (TypeError, ValueError):
            raise IllegalMove(f"{self.where}: action {action!r} is not an action index (0 to {self.size - 1})",
                              len(by_index)) from None
        if by_index.__class__ is LegalMoves:
            move = by_index.find(a, _NONE)
            if move is not _NONE:
                return move
        elif a in by_index:
            return by_index[a]
        if not 0 <= a < self.size:
            raise IllegalMove(f"{self.where}: action {a} is outside the action space (0 to {self.size - 1})", len(by_index))
        raise IllegalMove(f"{self.where}: action {a} is not a legal move here ({len(by_index)} legal moves)", len(by_index))

    def legal_lists(self, state) -> tuple[np.ndarray, list[int], list]:
        """legal() for an environment that keeps the moves itself: the mask read-only (every
        observation of a ply shares it), the indices and the moves as LegalMoves keeps them."""
        mask, by_index = self.legal(state)
        mask.flags.writeable = False
        return mask, by_index.indices, by_index.moves

    def collision(self, moves, index, why: str) -> None:
        """Raise RulebookError naming the first two of `moves` that `index` gives one index."""
        seen: dict[int, Any] = {}
        for m in moves:
            i = index(m)
            if i in seen:
                s = self.game.move_str
                raise RulebookError(f"{self.where}: the moves {s(seen[i])} and {s(m)} have one action index "
                                    f"({i}): {why}")
            seen[i] = m
