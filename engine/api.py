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

__all__ = ["CHANCE", "Game", "GameInfo", "IllegalMove", "LookInfo", "OptionInfo", "Outcome", "RulebookError",
           "SeatInfo", "parse_by_notation"]

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


@struct(frozen=True)
class OptionInfo:
    """One declared option: `--option NAME=VALUE`, `option.NAME` in the rules."""
    name: str
    default: Any                          # a whole number, a text or true/false
    choices: tuple | None = None          # the values allowed, when listed
    min: int | None = None                # the range of a whole-number option, when bounded
    max: int | None = None
    about: str = ""                       # what it means, in the file's words ("" if unsaid)


@struct(frozen=True)
class SeatInfo:
    """The seats of the file: every seat it names and the numbers of players it may be played by."""
    names: tuple[str, ...]                # every seat of the file, in seat order
    counts: tuple[int, ...]               # the numbers of players allowed, ascending
    default: int                          # the number of players when none is asked for

    @property
    def min(self) -> int:
        return self.counts[0]

    @property
    def max(self) -> int:
        return self.counts[-1]

    def span(self) -> str:
        """The counts in words: `2`, `2 to 5`, `2, 3, 4 or 6`."""
        c = self.counts
        if len(c) == 1:
            return str(c[0])
        if len(c) == c[-1] - c[0] + 1:
            return f"{c[0]} to {c[-1]}"
        return ", ".join(map(str, c[:-1])) + f" or {c[-1]}"


@struct(frozen=True)
class LookInfo:
    """The checked `look:` section: every colour as `#rrggbb`, every name one of the game's."""
    board: str | None = None              # the colour of used cells (of tiles, on an open board)
    colours: dict = field(default_factory=dict)     # seat name -> colour
    symbols: dict = field(default_factory=dict)     # piece kind or tile feature -> the text drawn on it
    zones: dict = field(default_factory=dict)       # zone -> colour, or "seat": each seat's cells in its colour
    features: dict = field(default_factory=dict)    # tile feature -> colour


@struct(frozen=True)
class GameInfo:
    """What front-ends know of a game's file (`game.info`)."""
    name: str                             # the title (`game:`)
    about: str                            # the file's `about:` text ("" if none)
    options: tuple[OptionInfo, ...]       # in the file's order
    seats: SeatInfo
    look: LookInfo
    sections: dict                        # the checked file's sections (after extends), as plain data
    # (mappings, lists, texts, numbers): what the prose tells. A copy: changing it changes no game.
    actions: dict = field(default_factory=dict)     # the board kind's pattern actions: name -> in words


class Game(Protocol):
    name: str                   # the game's title
    players: tuple[str, ...]    # seat names, in seat order, for this match
    options: dict[str, Any]     # resolved option values
    info: GameInfo
    """What front-ends know of the game's file: its title and about text, the options as declared
    (defaults, choices, ranges, about texts), the seat counts, the checked `look:` section and the
    file's sections for the prose. Front-ends read this, never the file."""

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
