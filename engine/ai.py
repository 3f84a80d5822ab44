"""Players and the one match driver shared by `play`, tournaments and analysis.

A player is made from a short spec string (`random`, `greedy`, `mcts:iterations=2000`,
`human`), so the CLI, tournaments and analysis name players the same way. Players only choose
at decision positions; chance is sampled by the driver (`Match`) from its own seeded RNG,
so a match is reproducible from (seed, players) alone and a record replays exactly.

The players use only the Game API of engine/api.py.
"""
from __future__ import annotations

import hashlib
import math
import random
import time
from dataclasses import dataclass
from typing import Any, Callable, Hashable, Sequence

from rulebook.api import CHANCE, Outcome, RulebookError

__all__ = [
    "Player", "RandomPlayer", "GreedyPlayer", "MCTSPlayer", "make_player", "make_players",
    "split_player_specs", "player_names", "Match", "play_match", "UndoRequest", "QuitRequest",
    "derive_seed", "reward_vector", "sample_chance",
]


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
    return _weighted(outcomes, rng)


def _weighted(outcomes: Sequence[tuple[Any, float]], rng: random.Random):
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


def _sole_winner(game, state, seat: int) -> bool:
    winners = game.outcome(state).winners
    return len(winners) == 1 and winners[0] == game.players[seat]


# ------------------------------------------------------------------------------------ players
class Player:
    """Chooses a move at decision positions (never at CHANCE). `name` is its spec."""

    name: str = "player"

    def choose(self, state) -> Hashable:  # pragma: no cover - interface
        raise NotImplementedError

    def bind(self, match: "Match") -> None:
        """Called by the driver; only interactive players need the match (for undo)."""


class RandomPlayer(Player):
    """A uniformly random legal move: the baseline, and the playout policy of analysis."""

    def __init__(self, game, seed: int = 0, name: str = "random"):
        self.game, self.rng, self.name = game, random.Random(seed), name

    def choose(self, state):
        return self.rng.choice(_decision_moves(self.game, state))


class GreedyPlayer(Player):
    """One ply of look-ahead scored by `game.evaluate` (chance averaged by weight).

    A move that wins outright is taken at once. Where the game declares no evaluation, only
    finished games are told apart (won > drawn > lost) and the rest is a seeded coin toss.
    """

    def __init__(self, game, seed: int = 0, name: str = "greedy"):
        self.game, self.rng, self.name = game, random.Random(seed), name

    def choose(self, state):
        game = self.game
        seat = game.to_move(state)
        moves = _decision_moves(game, state)
        if len(moves) == 1:
            return moves[0]
        best, best_value = [], -math.inf
        for move in moves:
            after = game.apply(state, move)
            if game.is_over(after) and _sole_winner(game, after, seat):
                return move
            value = self._value(after, seat, depth=2)
            if value > best_value + 1e-12:
                best, best_value = [move], value
            elif value >= best_value - 1e-12:
                best.append(move)
        return self.rng.choice(best)

    def _value(self, state, seat: int, depth: int) -> float:
        game = self.game
        if game.is_over(state):
            return reward_vector(game, game.outcome(state))[seat]
        if game.to_move(state) == CHANCE and depth > 0:
            outcomes = game.chance_outcomes(state)
            total = sum(w for _, w in outcomes)
            return sum(w * self._value(game.apply(state, m), seat, depth - 1) for m, w in outcomes) / total
        values = game.evaluate(state)
        return 0.5 if values is None else float(values[seat])


class _Node:
    """One MCTS tree node. `w[i]` sums the rewards of seat i over the visits through here;
    the seat that moved into this node reads its own entry, so any seat count works."""

    __slots__ = ("state", "seat", "moves", "outcomes", "children", "n", "w", "terminal")

    def __init__(self, game, state, nseats: int, rng: random.Random):
        self.state = state
        self.terminal = game.is_over(state)
        self.seat = -2 if self.terminal else game.to_move(state)
        self.children: dict[Any, _Node] = {}
        self.n = 0
        self.w = [0.0] * nseats
        self.outcomes: list[tuple[Any, float]] = []
        self.moves: list = []  # untried moves, popped from the end
        if self.terminal:
            return
        if self.seat == CHANCE:
            self.outcomes = game.chance_outcomes(state)
        else:
            self.moves = list(game.legal_moves(state))
            rng.shuffle(self.moves)


class MCTSPlayer(Player):
    """UCT with chance nodes sampled by weight and a reward vector per seat.

    Playouts are uniform random. If the game declares `evaluate`, a playout stops after
    `playout` plies (default 0: the new leaf itself is evaluated) and the evaluation is its
    reward: random play of a race game almost never ends, so full playouts would teach
    nothing; on both shipped games a leaf evaluation beat 20-ply random playouts, at a
    quarter of the cost. Without an evaluation a playout runs to the end (at most `max_playout` plies, then scored as all-equal). Same seed and same
    iteration budget give the same move; a time budget (`seconds`) is not reproducible.
    Default budget: 1000 iterations; with `seconds`, iterations (if given) is a cap.
    """

    def __init__(self, game, seed: int = 0, iterations: int | None = None, seconds: float | None = None,
                 c: float = 1.4, playout: int = 0, max_playout: int = 1000, name: str = "mcts"):
        if iterations is None and seconds is None:
            iterations = 1000
        if iterations is not None and iterations < 1:
            raise RulebookError("mcts: iterations must be at least 1")
        self.game, self.rng, self.name = game, random.Random(seed), name
        self.iterations, self.seconds, self.c = iterations, seconds, c
        self.playout, self.max_playout = playout, max_playout
        self.nseats = len(game.players)
        self._cut: int | None = None
        self.last_root: _Node | None = None  # kept for inspection and tests

    def choose(self, state):
        game = self.game
        seat = game.to_move(state)
        moves = _decision_moves(game, state)
        if len(moves) == 1:
            return moves[0]
        for move in moves:  # a win in one is never worth searching for
            after = game.apply(state, move)
            if game.is_over(after) and _sole_winner(game, after, seat):
                return move
        self._cut = self.playout if game.evaluate(state) is not None else None
        root = _Node(game, state, self.nseats, self.rng)
        self.last_root = root
        if self.seconds is not None:  # stops at the deadline, or at `iterations` if also given
            deadline = time.perf_counter() + self.seconds
            count, cap = 0, self.iterations or math.inf
            while count < cap and (count == 0 or time.perf_counter() < deadline):
                self._iterate(root)
                count += 1
        else:
            for _ in range(self.iterations):
                self._iterate(root)
        # the most visited child is the robust choice; ties by mean reward, then move order
        best = max(root.children.items(),
                   key=lambda kv: (kv[1].n, kv[1].w[seat] / max(kv[1].n, 1)))
        return best[0]

    def _iterate(self, root: _Node) -> None:
        game, rng, c = self.game, self.rng, self.c
        node, path = root, [root]
        while not node.terminal:
            if node.seat == CHANCE:
                move = _weighted(node.outcomes, rng)
                child = node.children.get(move)
                if child is None:
                    child = _Node(game, game.apply(node.state, move), self.nseats, rng)
                    node.children[move] = child
                node = child
                path.append(node)
                continue
            if node.moves:  # expand one untried move, then play out from it
                move = node.moves.pop()
                child = _Node(game, game.apply(node.state, move), self.nseats, rng)
                node.children[move] = child
                node = child
                path.append(node)
                break
            seat, log_n = node.seat, math.log(node.n)
            best, best_score = None, -math.inf
            for child in node.children.values():
                score = child.w[seat] / child.n + c * math.sqrt(log_n / child.n)
                if score > best_score:
                    best, best_score = child, score
            if best is None:
                raise RulebookError(f"{game.name}: no legal move and the game is not over")
            node = best
            path.append(node)
        reward = self._playout(node)
        for n in path:
            n.n += 1
            w = n.w
            for i, r in enumerate(reward):
                w[i] += r

    def _playout(self, node: _Node) -> list[float]:
        game, rng = self.game, self.rng
        state = node.state
        if node.terminal:
            return reward_vector(game, game.outcome(state))
        cut = self._cut
        if cut == 0:
            values = game.evaluate(state)
            if values is not None:
                return [float(v) for v in values]
        # the first ply reuses the moves the new node already generated
        if node.seat == CHANCE:
            move = _weighted(node.outcomes, rng)
        elif node.moves:
            move = rng.choice(node.moves)
        else:
            raise RulebookError(f"{game.name}: no legal move and the game is not over")
        state = game.apply(state, move)
        plies = 1
        while not game.is_over(state):
            if cut is not None and plies >= cut:
                values = game.evaluate(state)
                if values is not None:
                    return [float(v) for v in values]
            if plies >= self.max_playout:
                return [0.5] * self.nseats
            if game.to_move(state) == CHANCE:
                move = _weighted(game.chance_outcomes(state), rng)
            else:
                move = rng.choice(game.legal_moves(state))
            state = game.apply(state, move)
            plies += 1
        return reward_vector(game, game.outcome(state))


def _decision_moves(game, state) -> list:
    if game.to_move(state) == CHANCE:
        raise RulebookError("a player was asked to choose at a chance position")
    moves = game.legal_moves(state)
    if not moves:
        raise RulebookError(f"{game.name}: no legal move and the game is not over")
    return moves


# ------------------------------------------------------------------------------------ specs
@dataclass(frozen=True)
class _Kind:
    make: Callable[..., Player]
    params: dict[str, tuple[type, Any]]  # name -> (type, default)
    help: str


def _make_human(game, seed, name, hint="mcts", **io):
    from rulebook.human import HumanPlayer  # the human loop pulls in terminal code: load lazily

    if hint.split(":")[0].strip().lower() == "human":
        raise RulebookError("human: the hint player must be an AI (random, greedy, mcts) or none")
    hint_player = None if hint == "none" else make_player(hint, game, derive_seed(seed, "hint"))
    return HumanPlayer(game, hint_player=hint_player, name=name, **io)


_KINDS: dict[str, _Kind] = {
    "random": _Kind(lambda g, s, name, **kw: RandomPlayer(g, s, name), {}, "a uniformly random legal move"),
    "greedy": _Kind(lambda g, s, name, **kw: GreedyPlayer(g, s, name), {}, "one ply, scored by the game's evaluation"),
    "mcts": _Kind(lambda g, s, name, io=None, **kw: MCTSPlayer(g, s, name=name, **kw),
                  {"iterations": (int, 1000), "seconds": (float, None), "c": (float, 1.4),
                   "playout": (int, 0), "max_playout": (int, 1000)},
                  "Monte Carlo tree search (UCT)"),
    "human": _Kind(lambda g, s, name, io=None, **kw: _make_human(g, s, name, **kw, **(io or {})),
                   {"hint": (str, "mcts")}, "you, at the terminal"),
}


def player_names() -> str:
    """One line per player kind with its parameters: what error messages and --help show."""
    lines = []
    for name, kind in _KINDS.items():
        params = ", ".join(f"{p}={d}" for p, (_, d) in kind.params.items())
        lines.append(f"{name}{':' + params if params else ''}  ({kind.help})")
    return "\n".join(lines)


def _parse_spec(spec: str) -> tuple[str, dict[str, Any]]:
    name, _, rest = spec.strip().partition(":")
    name = name.strip().lower()
    kind = _KINDS.get(name)
    if kind is None:
        raise RulebookError(f"unknown player '{name}' in '{spec}'; players are: {', '.join(_KINDS)}"
                            f" (e.g. mcts:iterations=2000, mcts:seconds=1.5,c=1.4)")
    params: dict[str, Any] = {}
    for item in filter(None, (p.strip() for p in rest.split(","))):
        key, eq, value = item.partition("=")
        key = key.strip()
        if key not in kind.params:
            known = ", ".join(kind.params) or "none"
            raise RulebookError(f"unknown parameter '{key}' for player '{name}'; its parameters: {known}")
        if not eq:
            raise RulebookError(f"player '{spec}': parameter '{key}' needs a value ({key}=...)")
        typ = kind.params[key][0]
        try:
            params[key] = typ(value.strip())
        except ValueError:
            raise RulebookError(f"player '{spec}': {key} must be {typ.__name__}, got '{value.strip()}'") from None
    for key, value in params.items():
        if isinstance(value, (int, float)) and (value < 0 if key in ("c", "playout") else value <= 0):
            raise RulebookError(f"player '{spec}': {key} must be {'at least 0' if key in ('c', 'playout') else 'positive'}")
    return name, params


def make_player(spec: str, game, seed: int = 0, *, input_fn=None, output_fn=None, render=None) -> Player:
    """A player from its spec, e.g. `mcts:seconds=1.5,c=1.4`. Raises RulebookError on bad specs.

    The keyword arguments only matter for `human` (terminal I/O and the board renderer).
    """
    name, params = _parse_spec(spec)
    io = {k: v for k, v in (("input_fn", input_fn), ("output_fn", output_fn), ("render", render)) if v is not None}
    return _KINDS[name].make(game, seed, spec.strip(), io=io, **params)


def split_player_specs(text: str) -> list[str]:
    """Split `mcts:seconds=1.5,c=1.4,human` into specs: a `key=value` piece belongs to the
    spec before it, since player names never hold `=`. Whitespace also separates."""
    specs: list[str] = []
    for piece in filter(None, (p.strip() for p in text.replace(" ", ",").split(","))):
        if "=" in piece and ":" not in piece and specs:
            specs[-1] += ("," if not specs[-1].endswith(":") else "") + piece
        else:
            specs.append(piece)
    return specs


def make_players(specs: Sequence[str], game, seed: int = 0, **io) -> list[Player]:
    """One player per seat; each gets its own seed derived from (seed, seat)."""
    if len(specs) != len(game.players):
        raise RulebookError(f"{game.name} has {len(game.players)} seats ({', '.join(game.players)}), "
                            f"got {len(specs)} players")
    return [make_player(s, game, derive_seed(seed, "seat", i), **io) for i, s in enumerate(specs)]


# ------------------------------------------------------------------------------------ driver
class UndoRequest(Exception):
    """Raised by an interactive player: take back `seat`'s last move and all after it."""

    def __init__(self, seat: int):
        super().__init__(seat)
        self.seat = seat


class QuitRequest(Exception):
    """Raised by an interactive player: stop the match where it is (the caller saves it)."""


@dataclass(frozen=True)
class Step:
    state: Hashable   # the position before the move
    seat: int         # who moved (CHANCE for a draw)
    move: Hashable


class Match:
    """Drives one match: asks players at decision positions, samples chance itself.

    Keeps every position, so an interactive player can take moves back (`undo`). `on_move`
    is called as on_move(match, step, new_state) after each move, for traces and display.
    `moves` replays a record first (e.g. to resume a saved game); those moves can be undone.
    """

    def __init__(self, game, players: Sequence[Player], rng_seed: int = 0, *, state=None,
                 moves: Sequence = (), on_move: Callable[["Match", Step, Hashable], None] | None = None):
        if len(players) != len(game.players):
            raise RulebookError(f"{game.name} has {len(game.players)} seats, got {len(players)} players")
        self.game, self.players = game, list(players)
        self.rng = random.Random(rng_seed)
        self.state = game.initial_state() if state is None else state
        self.history: list[Step] = []
        self.on_move = None  # a replayed record is not announced again
        self.quit_requested = False
        for move in moves:
            self._push(move)
        self.on_move = on_move
        for p in self.players:
            p.bind(self)

    @property
    def moves(self) -> list:
        return [s.move for s in self.history]

    @property
    def over(self) -> bool:
        return self.game.is_over(self.state)

    def _push(self, move) -> None:
        step = Step(self.state, self.game.to_move(self.state), move)
        self.state = self.game.apply(self.state, move)
        self.history.append(step)
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
        """Play to the end (or quit, or `max_plies` more moves). Returns (state, moves)."""
        done = 0
        while (max_plies is None or done < max_plies) and self.step():
            done += 1
        return self.state, self.moves

    def undo_count(self, seat: int) -> int:
        """How many moves `undo(seat)` would take back (0: the seat has not moved)."""
        for i in range(len(self.history) - 1, -1, -1):
            if self.history[i].seat == seat:
                return len(self.history) - i
        return 0

    def undo(self, seat: int) -> int:
        """Take back the last move of `seat` and every move after it; returns how many."""
        count = self.undo_count(seat)
        if count:
            self.state = self.history[-count].state
            del self.history[-count:]
        return count


def play_match(game, players: Sequence[Player], rng_seed: int = 0, *, max_plies: int | None = None,
               on_move=None, moves: Sequence = ()):
    """Play a whole match; chance is drawn from random.Random(rng_seed). Returns (state, moves)."""
    return Match(game, players, rng_seed, moves=moves, on_move=on_move).play(max_plies)
