"""The Game API: what every compiled game offers to the front-ends (CLI, records, AI, analysis).

Front-ends use only this surface, never the game file. A state is an immutable, hashable value:
`apply` returns a new state and leaves the old one valid, so search code may keep any state.
Moves are small hashable values private to the game; `move_str` gives their notation
(docs/notation.md) and `parse_move` reads it back.
"""
from __future__ import annotations

from .structs import struct, field
from functools import partial
from typing import Any, Hashable, Protocol, Sequence

from .errors import IllegalMove, RulebookError  # re-exported: `from rulebook.api import RulebookError`

__all__ = ["CHANCE", "Game", "GameInfo", "IllegalMove", "LookInfo", "OptionInfo", "Outcome", "Positional",
           "RulebookError", "SeatInfo", "parse_by_notation", "playout", "playout_function", "random_playout"]

CHANCE = -1
"""`to_move(state)` at a chance position (a draw from a bag): the moves are the outcomes."""


@struct(frozen=True)
class Outcome:
    """The result of a position (`game.outcome(state)`).

    `over` is False while the game runs; then `winners` names the winning seats (empty for a draw)
    and `scores` gives each seat's score for games that score (else it may be empty).
    """
    over: bool
    winners: tuple[str, ...] = ()
    scores: dict[str, float] = field(default_factory=dict)
    # per seat, the named parts of its score (games with a scoring section), else None
    breakdown: dict[str, dict[str, int]] | None = None

    def as_json(self) -> dict[str, Any]:
        """The outcome as plain JSON data (lists and mappings)."""
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
    points: str = "cells"                 # pieces in the squares (cells) or on the lines' crossings (crossings)
    marks: Any = ()                       # cells marked: a list, or a dict "FILESxRANKS" -> list
    lines: tuple = ()                     # extra lines: (from cell, to cell) pairs
    gap: dict | None = None               # {after_rank: N, text: ...}: only the edge files cross it
    plates: str | None = None             # a set of board.blocks drawn as separate plates
    shapes: dict = field(default_factory=dict)      # seat name -> disc | cross | ring
    glyphs: dict = field(default_factory=dict)      # piece kind -> the one character drawn as the piece itself
    reasons: dict = field(default_factory=dict)     # end rule -> its name, or a list of one per `or` case


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
    rule_set: str = ""                    # the board kind's rule set that checked the file, where the
    # kind has several (tile games: track, sides or paths): the prose tells each in its own words


class Game(Protocol):
    """The Game API: every compiled game offers it (`rulebook.load_game` returns one).

    A state is an immutable, hashable value: `apply` returns a new one and leaves the old one
    valid, so search code may keep any state. A move is a small hashable value private to the
    game; `move_str` gives its notation (docs/notation.md) and `parse_move` reads it back.
    Seats are numbered 0 .. len(players) - 1 in turn order; at a chance position (a draw from a
    bag) `to_move` is CHANCE and the legal moves are the outcomes, weighted by `chance_outcomes`.
    """

    name: str
    """The game's title (the file's `game:`)."""
    players: tuple[str, ...]
    """The seat names of this match, in seat order."""
    options: dict[str, Any]
    """The option values this game was compiled with, defaults filled in."""
    info: GameInfo
    """What front-ends know of the game's file: its title and about text, the options as declared
    (defaults, choices, ranges, about texts), the seat counts, the checked `look:` section and the
    file's sections for the prose. Front-ends read this, never the file."""

    def initial_state(self) -> Hashable:
        """The position before the first move."""
        ...

    def to_move(self, state: Hashable) -> int:
        """The seat index to move in `state`, or CHANCE at a chance position."""
        ...

    def legal_moves(self, state: Hashable) -> list:
        """Every legal move of `state` (the chance outcomes at a chance position); [] when the game is over."""
        ...

    def chance_outcomes(self, state: Hashable) -> list[tuple[Any, int]]:
        """At a chance position, (outcome, weight) pairs (a move drawn with probability weight / total); else []."""
        ...

    def apply(self, state: Hashable, move: Any) -> Hashable:
        """The state after `move`, a legal move of `state` (the one given is left unchanged)."""
        ...

    def is_over(self, state: Hashable) -> bool:
        """True when the game has ended in `state`."""
        ...

    def outcome(self, state: Hashable) -> Outcome:
        """The result of `state`: over or not, the winners and the scores."""
        ...

    def ply(self, state: Hashable) -> int:
        """The number of moves played to reach `state` (chance draws included)."""
        ...

    def move_str(self, move: Any) -> str:
        """The move's notation (docs/notation.md): `c1-d2`, `e2e4`, `pass`."""
        ...

    def parse_move(self, state: Hashable, text: str) -> Any:
        """The legal move of `state` whose notation is `text`; raises IllegalMove otherwise."""
        ...

    def evaluate(self, state: Hashable) -> Sequence[float] | None:
        """Per seat, the file's `evaluate` heuristic in 0..1 (for AI players); None if the file has none."""
        ...

    # optional: playout(rng, state=None, limit=None) -> (state, plies), a uniformly random game
    # played by the game's own compiled loop; the module's playout() calls it, or plays one
    # through the methods above for a kind that has none
    # optional: count_moves(state) -> len(legal_moves(state)), counted without making the moves
    # (perft's last ply uses it)
    # optional: can_capture (bool) and is_capture(move) -> bool, whether a move takes a piece
    # (alphabeta's quiescence extends such moves at its leaves)


def playout(game, rng, st=None, limit: int | None = None):
    """A uniformly random game from `st` (default the start; chance drawn by its weights) to
    its end, or `limit` plies at most: (the state reached, the plies played). The game's own
    compiled loop where its kind offers one (`game.playout(rng, st, limit)`: the same draws, or
    for a shape drawn by rejection the same distribution: docs/api.md), else random_playout."""
    return playout_function(game)(rng, st, limit)


def playout_function(game):
    """What playout() calls for `game`, as a function of (rng, st, limit): for a caller that
    plays many short games and would rather choose once."""
    own = getattr(game, "playout", None)
    return own if own is not None else partial(random_playout, game)


def random_playout(game, rng, st=None, limit: int | None = None):
    """playout() through the methods of the Game API, a call per step: the default of the kinds
    without a compiled loop, and the reference those loops are checked against."""
    st = game.initial_state() if st is None else st
    legal, apply, to_move, chance, is_over = game.legal_moves, game.apply, game.to_move, game.chance_outcomes, game.is_over
    choice = rng.choice
    plies = 0
    while plies != limit and not is_over(st):
        if to_move(st) == CHANCE:
            moves, weights = zip(*chance(st))
            m = rng.choices(moves, weights)[0]
        else:
            m = choice(legal(st))
        st = apply(st, m)
        plies += 1
    return st, plies


class Positional(Protocol):
    """The games whose board kind has set positions (the grid kind: square, hex and graph boards)
    also offer the position form of docs/positions.md. `rulebook.position_state(game, data)` and
    `rulebook.position_json(game, state)` check the form and refuse other games clearly."""

    def position(self, pieces: dict, to_move: str | None = None, reserves: dict[str, int] | None = None,
                 ply: int | None = None, passes: int = 0, **more: Any) -> Hashable:
        """A state from the position form's fields (pieces by owner, then by kind; see docs/positions.md)."""
        ...

    def position_json(self, state: Hashable) -> dict:
        """`state` in the position form, the JSON `position` reads back."""
        ...


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
