"""Small hand-written games implementing engine/api.py, so that the front-ends (AI, human loop,
tournaments, analysis) are tested apart from the YAML engine and its two big games.

Every class here is picklable and has a zero-argument form through `Factory`, which is what the
process and ray back-ends of a tournament need.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple

from rulebook.api import CHANCE, IllegalMove, Outcome

SEAT_NAMES = ("red", "blue", "green", "yellow", "black")


class _ToyBase:
    """Move notation shared by the toys: `parse_move` matches `move_str` of a legal move."""

    def parse_move(self, state, text: str):
        text = text.strip()
        legal = self.legal_moves(state)
        for move in legal:
            if self.move_str(move) == text:
                return move
        raise IllegalMove(f"'{text}' is not a legal move here", legal_count=len(legal))


# --------------------------------------------------------------------------------------------
class NimState(NamedTuple):
    piles: tuple[int, ...]
    to_move: int
    ply: int
    last: int  # seat that took last, -1 before any move


class Nim(_ToyBase):
    """Nim for 2..5 seats: take 1..`max_take` from one pile; whoever takes the last one wins.

    With piles (3, 4, 5) and two seats the only winning first move is `A2` (nim-sum 0 after it):
    a forced win for MCTS to find. Notation: pile letter + count, e.g. `B3`.
    """

    name = "Nim"

    def __init__(self, piles=(3, 4, 5), seats: int = 2, max_take: int | None = None):
        self.piles = tuple(piles)
        self.players = SEAT_NAMES[:seats]
        self.max_take = max_take
        self.options: dict[str, Any] = {"piles": list(self.piles), "seats": seats, "max_take": max_take}

    def initial_state(self):
        return NimState(self.piles, 0, 0, -1)

    def to_move(self, state):
        return state.to_move

    def legal_moves(self, state):
        if self.is_over(state):
            return []
        out = []
        for i, n in enumerate(state.piles):
            top = n if self.max_take is None else min(n, self.max_take)
            out.extend((i, k) for k in range(1, top + 1))
        return out

    def chance_outcomes(self, state):
        return []

    def apply(self, state, move):
        i, k = move
        piles = list(state.piles)
        piles[i] -= k
        return NimState(tuple(piles), (state.to_move + 1) % len(self.players), state.ply + 1, state.to_move)

    def is_over(self, state):
        return not any(state.piles)

    def outcome(self, state):
        if not self.is_over(state):
            return Outcome(False)
        win = self.players[state.last]
        return Outcome(True, (win,), {p: float(p == win) for p in self.players})

    def ply(self, state):
        return state.ply

    def move_str(self, move):
        return f"{'ABCDEFGH'[move[0]]}{move[1]}"

    def evaluate(self, state):
        return None


# --------------------------------------------------------------------------------------------
class RaceState(NamedTuple):
    pos: tuple[int, ...]
    to_move: int   # seat to act after the roll
    roll: int      # 0 = the die is still to be rolled (a chance position)
    ply: int
    winner: int    # -1 while nobody has arrived


class DiceRace(_ToyBase):
    """A 2..5 seat race with chance: a die is rolled (a chance position, weighted 1:2:1 for 1..3),
    then the player either goes forward by the roll (`go`) or stays (`stay`). Landing on a rival
    sends it home; the goal must be hit exactly (rule `exact`, counted in `rule_stats`). A game
    that reaches `max_plies` is a draw.
    """

    name = "Dice race"
    WEIGHTS = ((1, 1), (2, 2), (3, 1))

    def __init__(self, seats: int = 3, goal: int = 8, max_plies: int = 200, with_eval: bool = True):
        self.players = SEAT_NAMES[:seats]
        self.goal = goal
        self.max_plies = max_plies
        self.with_eval = with_eval
        self.options: dict[str, Any] = {"seats": seats, "goal": goal, "max_plies": max_plies}
        self._stats = {"exact": 0}

    # rule statistics, as the compiled games offer them
    def rule_stats(self):
        return dict(self._stats)

    def reset_rule_stats(self):
        self._stats = {"exact": 0}

    def initial_state(self):
        return RaceState((0,) * len(self.players), 0, 0, 0, -1)

    def to_move(self, state):
        return CHANCE if state.roll == 0 else state.to_move

    def legal_moves(self, state):
        if self.is_over(state):
            return []
        if state.roll == 0:
            return [("roll", r) for r, _ in self.WEIGHTS]
        moves = ["stay"]
        if state.pos[state.to_move] + state.roll <= self.goal:
            moves.insert(0, "go")
        else:
            self._stats["exact"] += 1
        return moves

    def chance_outcomes(self, state):
        if state.roll or self.is_over(state):
            return []
        return [(("roll", r), w) for r, w in self.WEIGHTS]

    def apply(self, state, move):
        if state.roll == 0:
            return state._replace(roll=move[1], ply=state.ply + 1)
        pos = list(state.pos)
        me = state.to_move
        winner = -1
        if move == "go":
            pos[me] += state.roll
            for other in range(len(pos)):
                if other != me and pos[other] == pos[me]:
                    pos[other] = 0
            if pos[me] == self.goal:
                winner = me
        return RaceState(tuple(pos), (me + 1) % len(pos), 0, state.ply + 1, winner)

    def is_over(self, state):
        return state.winner >= 0 or state.ply >= self.max_plies

    def outcome(self, state):
        if not self.is_over(state):
            return Outcome(False)
        winners = (self.players[state.winner],) if state.winner >= 0 else ()
        return Outcome(True, winners, {p: float(x) for p, x in zip(self.players, state.pos)})

    def ply(self, state):
        return state.ply

    def move_str(self, move):
        return f"roll:{move[1]}" if isinstance(move, tuple) else move

    def evaluate(self, state):
        if not self.with_eval:
            return None
        return [x / self.goal for x in state.pos]


# --------------------------------------------------------------------------------------------
class WalkState(NamedTuple):
    pos: tuple[int, int]
    to_move: int
    ply: int


class Walk(_ToyBase):
    """Two walkers toward `goal`; each turn one moves `+1`, `-1` or `-2` (never below 0).

    Random play drifts backwards and almost never arrives, like random play of the race game:
    MCTS can only learn here by cutting playouts short and scoring with `evaluate`.
    """

    name = "Walk"

    def __init__(self, goal: int = 12, max_plies: int = 400):
        self.players = ("white", "black")
        self.goal = goal
        self.max_plies = max_plies
        self.options: dict[str, Any] = {"goal": goal, "max_plies": max_plies}

    def initial_state(self):
        return WalkState((0, 0), 0, 0)

    def to_move(self, state):
        return state.to_move

    def legal_moves(self, state):
        return [] if self.is_over(state) else [1, -1, -2]

    def chance_outcomes(self, state):
        return []

    def apply(self, state, move):
        pos = list(state.pos)
        pos[state.to_move] = max(0, pos[state.to_move] + move)
        return WalkState(tuple(pos), 1 - state.to_move, state.ply + 1)

    def is_over(self, state):
        return self.goal in state.pos or state.ply >= self.max_plies

    def outcome(self, state):
        if not self.is_over(state):
            return Outcome(False)
        winners = tuple(p for p, x in zip(self.players, state.pos) if x == self.goal)
        return Outcome(True, winners, {p: float(x) for p, x in zip(self.players, state.pos)})

    def ply(self, state):
        return state.ply

    def move_str(self, move):
        return f"{move:+d}"

    def evaluate(self, state):
        return [x / self.goal for x in state.pos]


# --------------------------------------------------------------------------------------------
GAMES = {"nim": Nim, "dice": DiceRace, "walk": Walk}


@dataclass(frozen=True)
class Factory:
    """A picklable zero-argument game factory, as tournaments and analysis take."""

    kind: str
    options: tuple[tuple[str, Any], ...] = ()

    def __call__(self):
        return GAMES[self.kind](**dict(self.options))


def factory(kind: str, **options) -> Factory:
    return Factory(kind, tuple(sorted(options.items())))
