"""The Game API: what every compiled game offers to the front-ends (CLI, records, AI, analysis).

Front-ends use only this surface, never the game file. A state is an immutable, hashable value:
`apply` returns a new state and leaves the old one valid, so search code may keep any state.
Moves are small hashable values private to the game; `move_str` gives their notation
(docs/notation.md) and `parse_move` reads it back.
"""
from __future__ import annotations

from .structs import struct, field
from typing import Any, Hashable, Protocol, Sequence

from .errors import IllegalMove, RulebookError  # re-exported: `from rulebook.api import RulebookError`

__all__ = ["CHANCE", "Game", "IllegalMove", "Outcome", "RulebookError", "parse_by_notation"]

CHANCE = -1
"""`to_move(state)` at a chance position (a draw from a bag): the moves are the outcomes."""


@struct(frozen=True)
class Outcome:
    over: bool
    winners: tuple[str, ...] = ()
    scores: dict[str, float] = field(default_factory=dict)
    # per seat, the named parts of its score (games with a scoring section), else None
    breakdown: dict[str, dict[str, int]] | None = None

    def as_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"over": self.over, "winners": list(self.winners), "scores": dict(self.scores)}
        if self.breakdown is not None:
            out["breakdown"] = {k: dict(v) for k, v in self.breakdown.items()}
        return out


class Game(Protocol):
    name: str                   # the game's title
    players: tuple[str, ...]    # seat names, in seat order, for this match
    options: dict[str, Any]     # resolved option values

    def initial_state(self) -> Hashable: ...
    def to_move(self, state) -> int: ...            # seat index, or CHANCE
    def legal_moves(self, state) -> list: ...       # [] when the game is over; draws at chance
    def chance_outcomes(self, state) -> list[tuple[Any, int]]: ...  # (move, weight); [] if not chance
    def apply(self, state, move) -> Hashable: ...
    def is_over(self, state) -> bool: ...
    def outcome(self, state) -> Outcome: ...
    def ply(self, state) -> int: ...
    def move_str(self, move) -> str: ...
    def parse_move(self, state, text: str): ...     # raises IllegalMove
    def evaluate(self, state) -> Sequence[float] | None: ...  # per seat, 0..1; None if undeclared


def parse_by_notation(game, state, text: str):
    """The legal move whose notation is `text`; IllegalMove (with the legal count) otherwise.
    Shared by the board kinds: a move is found among the legal ones, never built from text."""
    text = text.strip()
    legal = game.legal_moves(state)
    for move in legal:
        if game.move_str(move) == text:
            return move
    if game.is_over(state):
        raise IllegalMove(f"'{text}': the game is over", 0)
    raise IllegalMove(f"'{text}' is not a legal move here ({len(legal)} legal moves)", len(legal))
