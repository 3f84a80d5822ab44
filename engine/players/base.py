"""What every player shares: the Player interface, the one match driver (Match, play_match) used
by `play`, tournaments and analysis, the driver's control requests (UndoRequest, QuitRequest),
seeds, chance sampling and the reward vector of a finished game.

Players only choose at decision positions; chance is sampled by the driver from its own seeded
RNG, so a match is reproducible from (seed, players) alone and a record replays exactly.
Everything here uses only the Game API of rulebook/api.py, and imports no player: the players
(random.py, greedy.py, mcts.py, human.py) import this module, and specs.py makes them from specs.
"""
from __future__ import annotations

import hashlib
import random
import threading
from collections import deque
from dataclasses import dataclass
from typing import Any, Callable, Hashable, Sequence

from ..api import CHANCE, Outcome, RulebookError

__all__ = ["Player", "Match", "Step", "MAX_MATCH_MOVES", "UNDO_WINDOW", "MatchFull", "play_match", "UndoRequest", "QuitRequest", "derive_seed",
           "reward_vector", "sample_chance", "split_player_specs", "decision_moves", "sole_winner", "weighted"]


# ------------------------------------------------------------------------------------ helpers
def derive_seed(*parts: Any) -> int:
    """A 63-bit seed from any parts (a base seed, a game index, a seat...).

    Hashing, not arithmetic, so that seeds of neighbouring games share no RNG stream, and
    never Python's `hash()`, which is salted per process.
    """
    text = "/".join(str(p) for p in parts).encode()
    return int.from_bytes(hashlib.sha256(text).digest()[:8], "big") >> 1


def sample_chance(game, state, rng: random.Random):
    """Draw one chance outcome, weighted as the game says."""
    outcomes = game.chance_outcomes(state)
    if not outcomes:
        raise RulebookError(f"{game.name}: chance position without outcomes")
    return weighted(outcomes, rng)


def weighted(outcomes: Sequence[tuple[Any, float]], rng: random.Random):
    total = sum(w for _, w in outcomes)
    r = rng.random() * total
    for move, w in outcomes:
        r -= w
        if r < 0:
            return move
    return outcomes[-1][0]


def reward_vector(game, outcome: Outcome) -> list[float]:
    """Per seat, the result of a finished game as a number in [0, 1].

    Rank-based so that it means the same in every game and seat count: a seat gets 1 for each
    rival it beats and 1/2 for each it ties, divided by the number of rivals. Seats are
    ranked by (is a winner, score): a sole winner gets 1, a 2-player draw 1/2 each.
    """
    seats = game.players
    n = len(seats)
    if n < 2:
        return [1.0] * n
    winners = set(outcome.winners)
    key = [(s in winners, float(outcome.scores.get(s, 0.0))) for s in seats]
    out = []
    for i in range(n):
        points = 0.0
        for j in range(n):
            if i != j:
                points += 1.0 if key[i] > key[j] else 0.5 if key[i] == key[j] else 0.0
        out.append(points / (n - 1))
    return out


def sole_winner(game, state, seat: int) -> bool:
    winners = game.outcome(state).winners
    return len(winners) == 1 and winners[0] == game.players[seat]


def decision_moves(game, state) -> list:
    if game.to_move(state) == CHANCE:
        raise RulebookError("a player was asked to choose at a chance position")
    moves = game.legal_moves(state)
    if not moves:
        raise RulebookError(f"{game.name}: no legal move and the game is not over")
    return moves


# ------------------------------------------------------------------------------------ players
class Player:
    """Chooses a move at decision positions (never at CHANCE). `name` is its spec."""

    name: str = "player"
    # set by a caller in another thread (the web server) to end a search under way at once:
    # a searching player checks it as it checks its time budget and plays its best move so far
    halt: threading.Event | None = None

    def choose(self, state) -> Hashable:  # pragma: no cover - interface
        raise NotImplementedError

    def bind(self, match: "Match") -> None:
        """Called by the driver; only interactive players need the match (for undo)."""


def split_player_specs(text: str) -> list[str]:
    """Split `mcts:seconds=1.5,c=1.4,human` into specs: a `key=value` piece belongs to the
    spec before it, since player names never hold `=`. Whitespace also separates.

    RulebookError, naming the text, for an empty list (`,`) or an empty spec between commas
    (`random,`, `random,,greedy`)."""
    specs: list[str] = []
    pieces = text.split(",")
    for i, raw in enumerate(pieces):
        if not raw.strip():
            if len(pieces) == 1 or all(not p.strip() for p in pieces):
                raise RulebookError(f"players '{text}': no player spec (write e.g. random,greedy or mcts:iterations=2000)")
            raise RulebookError(f"players '{text}': an empty player spec "
                                f"{'at the start' if i == 0 else 'at the end' if i == len(pieces) - 1 else 'between two commas'}"
                                f" (write one spec per seat, e.g. random,greedy)")
        for piece in raw.split():
            if "=" in piece and ":" not in piece:
                if not specs:
                    raise RulebookError(f"players '{text}': parameter '{piece}' comes before any player "
                                        f"(write e.g. mcts:{piece})")
                specs[-1] += ("," if not specs[-1].endswith(":") else "") + piece
            else:
                specs.append(piece)
    return specs


# ------------------------------------------------------------------------------------ driver
class UndoRequest(Exception):
    """Raised by an interactive player: take back `seat`'s last move and all after it."""

    def __init__(self, seat: int):
        super().__init__(seat)
        self.seat = seat


class QuitRequest(Exception):
    """Raised by an interactive player: stop the match where it is (the caller saves it)."""


MAX_MATCH_MOVES = 500_000   # the moves a match keeps (for its record and undo): as many as a record holds
UNDO_WINDOW = 256           # the positions a match keeps; an undo further back replays the moves


class MatchFull(RulebookError):
    """A match that keeps its moves reached MAX_MATCH_MOVES: it stops where it is (its moves
    so far are a record that replays)."""


@dataclass(frozen=True)
class Step:
    state: Hashable   # the position before the move
    seat: int         # who moved (CHANCE for a draw)
    move: Hashable


class Match:
    """Drives one match: asks players at decision positions, samples chance itself.

    Memory is bounded: a match keeps the positions of its last UNDO_WINDOW (256) moves only
    (`history`), and, unless `keep_moves=False`, every move and who made it (for the record and
    for undo), at most MAX_MATCH_MOVES (500,000) of them: one more is a RulebookError, since no
    record could hold it. An interactive player can take moves back (`undo`): a position older
    than the window is recomputed by replaying the moves from the start. Without its moves
    (`keep_moves=False`, for tournaments and analysis) a match runs in constant memory however
    long it is, and undo reaches back only through the window.

    `on_move` is called as on_move(match, step, new_state) after each move, for traces and
    display. `moves` replays a record first (e.g. to resume a saved game); those moves can be
    undone.
    """

    def __init__(self, game, players: Sequence[Player], rng_seed: int = 0, *, state=None,
                 moves: Sequence = (), on_move: Callable[["Match", Step, Hashable], None] | None = None,
                 keep_moves: bool = True):
        if len(players) != len(game.players):
            raise RulebookError(f"{game.name} has {len(game.players)} seats, got {len(players)} players")
        self.game, self.players = game, list(players)
        self.rng = random.Random(rng_seed)
        self.start = game.initial_state() if state is None else state
        self.state = self.start
        self.ply = 0                                      # moves made (replayed ones included)
        self._recent: deque[Step] = deque(maxlen=UNDO_WINDOW)
        self._moves: list | None = [] if keep_moves else None
        self._seats: bytearray | None = bytearray() if keep_moves else None   # seat + 1 (0: chance)
        self.on_move = None  # a replayed record is not announced again
        self.quit_requested = False
        for move in moves:
            self._push(move)
        self.on_move = on_move
        for p in self.players:
            p.bind(self)

    @property
    def keeps_moves(self) -> bool:
        return self._moves is not None

    @property
    def moves(self) -> list | None:
        """Every move so far, in order (None when the match keeps no moves)."""
        return None if self._moves is None else list(self._moves)

    @property
    def history(self) -> list[Step]:
        """The last moves with the positions before them: at most UNDO_WINDOW, oldest first."""
        return list(self._recent)

    @property
    def over(self) -> bool:
        return self.game.is_over(self.state)

    def _push(self, move) -> None:
        seat = self.game.to_move(self.state)
        if self._moves is not None:
            if self.ply >= MAX_MATCH_MOVES:
                raise MatchFull(f"{self.game.name}: the match stopped after {MAX_MATCH_MOVES:,} moves, the most a "
                                f"record holds (and a match keeps for undo); lower max_plies, or play without "
                                f"--record")
            self._moves.append(move)
            self._seats.append(seat + 1 if 0 <= seat < 255 else 0)
        step = Step(self.state, seat, move)
        self.state = self.game.apply(self.state, move)
        self._recent.append(step)
        self.ply += 1
        if self.on_move is not None:
            self.on_move(self, step, self.state)

    def step(self) -> bool:
        """Play one move (a draw or a player's choice). False when over or quit."""
        if self.quit_requested or self.over:
            return False
        seat = self.game.to_move(self.state)
        if seat == CHANCE:
            self._push(sample_chance(self.game, self.state, self.rng))
            return True
        try:
            move = self.players[seat].choose(self.state)
        except UndoRequest as req:
            self.undo(req.seat)
            return True
        except QuitRequest:
            self.quit_requested = True
            return False
        self._push(move)
        return True

    def play(self, max_plies: int | None = None):
        """Play to the end (or quit, or `max_plies` more moves). Returns (state, moves), moves
        None when the match keeps none."""
        done = 0
        while (max_plies is None or done < max_plies) and self.step():
            done += 1
        return self.state, self.moves

    def undo_count(self, seat: int) -> int:
        """How many moves `undo(seat)` would take back (0: the seat has not moved, or, when the
        match keeps no moves, not within the window)."""
        if self._seats is not None:
            if not 0 <= seat < 255:
                return 0
            i = self._seats.rfind(seat + 1)
            return self.ply - i if i >= 0 else 0
        for back, step in enumerate(reversed(self._recent), 1):
            if step.seat == seat:
                return back
        return 0

    def undo(self, seat: int) -> int:
        """Take back the last move of `seat` and every move after it; returns how many."""
        count = self.undo_count(seat)
        if not count:
            return 0
        if count <= len(self._recent):
            for _ in range(count):
                step = self._recent.pop()
            self.state = step.state
        else:   # before the window: replay from the start, keeping the last positions again
            self._recent.clear()
            state = self.start
            for move, who in zip(self._moves[:self.ply - count], self._seats):
                nxt = self.game.apply(state, move)
                self._recent.append(Step(state, who - 1 if who else CHANCE, move))
                state = nxt
            self.state = state
        self.ply -= count
        if self._moves is not None:
            del self._moves[self.ply:]
            del self._seats[self.ply:]
        return count


def play_match(game, players: Sequence[Player], rng_seed: int = 0, *, max_plies: int | None = None,
               on_move=None, moves: Sequence = (), keep_moves: bool = True):
    """Play a whole match; chance is drawn from random.Random(rng_seed). Returns (state, moves)
    (moves None with keep_moves=False)."""
    return Match(game, players, rng_seed, moves=moves, on_move=on_move, keep_moves=keep_moves).play(max_plies)
