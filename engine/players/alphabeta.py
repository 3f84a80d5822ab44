"""The alpha-beta player: iterative-deepening negamax for two-player games without chance.

How it spends its budget:

- **Iterative deepening**, one ply deeper each iteration, under a budget: `depth` plies, or
  `seconds`, or `nodes` positions visited per move (default, when none is given: 100,000
  nodes, which adapts the depth to the game's branching and is reproducible). When several
  are given, the first one reached stops the search. The move of the deepest finished
  iteration is played, or a move that beat it in the iteration the budget cut (searched in full
  there after it: the previous best is searched first). A search that met no depth cut (the
  whole game tree below was seen) or found a forced result stops at once.
- **Leaves**: the game's `evaluate` (own minus the rival's entry). A game without one is
  scored at the leaves by `playouts` random playouts (default 8; 0: finished games only).
  Finished games score a win (sooner better), a draw or a loss beyond any evaluation.
- **Quiescence** (`quiesce=1`, with an `evaluate`, in a game whose moves can capture): a leaf
  is not scored in the middle of an exchange: the side to move may stand pat (take the leaf's
  evaluation) or play a capture, and so on, at most QUIESCE_PLIES plies deeper; those positions
  count in the node budget. Where every legal move captures (a forced capture) there is no
  standing pat.
- **Move ordering**: the transposition table's best move (the previous iteration's best at
  the root), then killer moves of the ply and the history of cut-offs, then (with an
  evaluation, at ORDER_DEPTH plies or more to go) the moves whose position evaluates best.
- **Principal variation search**: the first move of a node is searched with the full window,
  each later one first with a null window (does it beat the best so far at all?), and again
  with the full window only where it does.
- **A position is entered once**: the rival's turn is searched as the rival's own node, its
  value negated (a seat that moves twice running keeps its own node).
- **Transposition table** keyed by the position itself (positions are hashable values), with
  depth, bound and best move; at most `table` entries (then cleared).

Reproducible: equal scores are broken by a seeded shuffle of the root moves, and with a depth
budget the search is the same every time; a time budget is not reproducible. Games with more
or fewer than two seats, or with chance, are refused with a RulebookError (use mcts).
"""
from __future__ import annotations

import math
import random
import time

from ..api import CHANCE, RulebookError
from .base import Player, decision_moves, reward_vector

WIN = 1e6             # a won game scores WIN - ply, a lost one -(WIN - ply), a draw 0
_EXACT, _LOWER, _UPPER = 0, 1, 2
_COMPLETE = 1 << 30   # the depth of a table entry whose whole subtree was searched
QUIESCE_PLIES = 4     # how far below the depth quiescence follows captures
# ordering a node's moves by the evaluation of each move's position costs an evaluation a move;
# below this depth it cost more than it saved (history and killers order as well; measured on
# three shipped games: docs/players.md, "Search")
ORDER_DEPTH = 5
NULL_WINDOW = 1e-9    # principal variation search: a later move first asked only "better than alpha?"


class _OutOfTime(Exception):
    pass


def check_alphabeta_game(game) -> None:
    """RulebookError unless the game is for two players and starts at a decision."""
    if len(game.players) != 2:
        raise RulebookError(f"alphabeta plays two-player games; {game.name} has {len(game.players)} seats "
                            f"(use mcts for it)")
    if game.to_move(game.initial_state()) == CHANCE:
        raise RulebookError(f"alphabeta plays games without chance; {game.name} has chance draws (use mcts for it)")


class AlphaBetaPlayer(Player):
    """Iterative-deepening alpha-beta (negamax) with a transposition table (see the module)."""

    def __init__(self, game, seed: int = 0, depth: int | None = None, seconds: float | None = None,
                 nodes: int | None = None, playouts: int | None = None, table: int = 1_000_000,
                 quiesce: int = 0, name: str = "alphabeta"):
        check_alphabeta_game(game)
        if depth is not None and depth < 1:
            raise RulebookError("alphabeta: depth must be at least 1")
        if seconds is not None and not (math.isfinite(seconds) and seconds > 0):
            raise RulebookError(f"alphabeta: seconds must be a positive finite number, got {seconds}")
        if nodes is not None and nodes < 1:
            raise RulebookError("alphabeta: nodes must be at least 1")
        if depth is None and seconds is None and nodes is None:
            nodes = 100_000
        self.game, self.rng, self.name = game, random.Random(seed), name
        self.depth, self.seconds, self.node_budget = depth, seconds, nodes
        self.has_eval = game.evaluate(game.initial_state()) is not None
        self.playouts = (0 if self.has_eval else 8) if playouts is None else playouts
        # quiescence needs an evaluation to stand pat on, and moves that capture to extend
        self.quiesce = bool(quiesce) and self.has_eval and getattr(game, "can_capture", False)
        self.table_size = table
        self.table: dict = {}
        self.history: dict = {}
        self.killers: dict[int, list] = {}
        self.nodes = 0
        self.reached = 0        # the depth of the last finished iteration
        self.last_value = 0.0   # its value, for the side to move
        self._deadline = math.inf
        self._next_check = 0
        self._exhaustive = True
        self._overtaken = None  # (move, value): in an iteration cut short, a move that beat the first

    # -------------------------------------------------------------------------- choosing
    def choose(self, state):
        game = self.game
        moves = decision_moves(game, state)
        if len(moves) == 1:
            return moves[0]
        if len(self.table) > self.table_size:
            self.table.clear()
        self.history.clear()
        self.killers.clear()
        self.nodes = self._next_check = 0
        root_moves = list(moves)
        self.rng.shuffle(root_moves)  # the seeded tie-break: equal moves keep this order
        self._deadline = math.inf if self.seconds is None else time.perf_counter() + self.seconds
        cap = self.depth if self.depth is not None else 128
        best_move, best_value = root_moves[0], -math.inf
        for d in range(1, cap + 1):
            self._exhaustive = True
            try:
                value, move = self._root(state, root_moves, d, best_move)
            except _OutOfTime:
                if d == 1:  # not even one ply fits the budget: the seeded first move
                    self.reached = 0
                if self._overtaken is not None:     # a move searched in full beat the last best
                    best_move, best_value = self._overtaken
                break
            best_move, best_value, self.reached = move, value, d
            root_moves.remove(move)
            root_moves.insert(0, move)  # the previous iteration's best first
            if self._exhaustive or abs(value) >= WIN / 2:
                break  # the whole tree was seen, or a forced result was found
            if self.seconds is not None and time.perf_counter() > self._deadline or self.halt and self.halt.is_set():
                break
        self.last_value = best_value
        return best_move

    def _root(self, state, moves, depth: int, first):
        game = self.game
        seat = game.to_move(state)
        alpha, beta = -math.inf, math.inf
        best_move, best = first, -math.inf
        self._overtaken = None
        for move in moves:
            value = self._scout(game.apply(state, move), depth - 1, alpha, beta, 1, seat, best > -math.inf)
            if value > best:
                best, best_move = value, move
                if move is not moves[0]:
                    self._overtaken = (move, value)
            if value > alpha:
                alpha = value
        return best, best_move

    # -------------------------------------------------------------------------- the search
    def _child(self, state, depth: int, alpha: float, beta: float, ply: int, seat: int) -> float:
        """The value for `seat` of the position after its move: where the rival moves next, the
        rival's value negated, searched as the rival's own node (a position entered once, not
        once for each seat)."""
        game = self.game
        if not game.is_over(state) and game.to_move(state) != seat:
            return -self._search(state, depth, -beta, -alpha, ply, 1 - seat)
        return self._search(state, depth, alpha, beta, ply, seat)

    def _scout(self, state, depth: int, alpha: float, beta: float, ply: int, seat: int, later: bool) -> float:
        """_child, a later move (not the first searched) tried first with a null window (can it
        beat alpha at all?) and searched in full only where it does; not a leaf (its evaluation is
        the same in any window)."""
        if later and depth > 0 and alpha > -math.inf and beta - alpha > NULL_WINDOW:
            value = self._child(state, depth, alpha, alpha + NULL_WINDOW, ply, seat)
            if not alpha < value < beta:
                return value
        return self._child(state, depth, alpha, beta, ply, seat)

    def _search(self, state, depth: int, alpha: float, beta: float, ply: int, persp: int) -> float:
        """The value of `state` for seat `persp` (negamax: the rival's value is its negative),
        within the window (alpha, beta) of `persp`."""
        game = self.game
        self.nodes += 1
        if self.node_budget is not None and self.nodes > self.node_budget:
            raise _OutOfTime
        if self.nodes >= self._next_check:     # the clock and a halt, every 256 nodes
            self._next_check = self.nodes + 256
            if (self.seconds is not None and time.perf_counter() > self._deadline
                    or self.halt is not None and self.halt.is_set()):
                raise _OutOfTime
        if game.is_over(state):
            return self._terminal(state, ply, persp)
        seat = game.to_move(state)
        if seat == CHANCE:
            raise RulebookError(f"alphabeta plays games without chance; {game.name} reached a chance "
                                f"position (use mcts for it)")
        if seat != persp:  # the rival moves here: its value, negated
            return -self._search(state, depth, -beta, -alpha, ply, seat)
        if depth <= 0:
            self._exhaustive = False
            if self.quiesce and depth > -QUIESCE_PLIES:
                return self._quiesce(state, seat, depth, alpha, beta, ply)
            return self._leaf(state, seat)
        entry = self.table.get(state)
        tt_move = None
        if entry is not None:
            e_depth, e_value, e_flag, tt_move = entry
            if e_depth >= depth:
                if e_depth < _COMPLETE:
                    self._exhaustive = False
                if e_flag == _EXACT:
                    return e_value
                if e_flag == _LOWER and e_value >= beta:
                    return e_value
                if e_flag == _UPPER and e_value <= alpha:
                    return e_value
        alpha0 = alpha
        outer, self._exhaustive = self._exhaustive, True
        moves = self._ordered(state, seat, tt_move, ply, depth)
        best, best_move = -math.inf, None
        for move in moves:
            value = self._scout(game.apply(state, move), depth - 1, alpha, beta, ply + 1, seat, best > -math.inf)
            if value > best:
                best, best_move = value, move
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        self._cutoff(move, ply, depth)
                        break
        flag = _UPPER if best <= alpha0 else _LOWER if best >= beta else _EXACT
        complete = self._exhaustive
        self._exhaustive = outer and complete
        self.table[state] = (_COMPLETE if complete else depth, best, flag, best_move)
        return best

    def _quiesce(self, state, seat: int, depth: int, alpha: float, beta: float, ply: int) -> float:
        """A leaf's value with its captures played out: the better of standing pat (its
        evaluation; not where every move captures) and each capture, best first."""
        game = self.game
        moves = game.legal_moves(state)
        captures = [m for m in moves if game.is_capture(m)]
        stand = not captures or len(captures) < len(moves)    # forced to capture: no standing pat
        best = self._leaf(state, seat) if stand else -math.inf
        if best >= beta or not captures:
            return best
        alpha = max(alpha, best)
        if len(captures) > 1:
            after = self._evaluated(state, captures, seat)
            captures.sort(key=lambda m: after[id(m)], reverse=True)
        for move in captures:
            value = self._child(game.apply(state, move), depth - 1, alpha, beta, ply + 1, seat)
            if value > best:
                best = value
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        break
        return best

    def _cutoff(self, move, ply: int, depth: int) -> None:
        killers = self.killers.setdefault(ply, [])
        if move not in killers:
            killers.insert(0, move)
            del killers[2:]
        self.history[move] = self.history.get(move, 0) + depth * depth

    def _ordered(self, state, seat: int, tt_move, ply: int, depth: int) -> list:
        moves = self.game.legal_moves(state)
        if len(moves) < 2:
            return moves
        killers = self.killers.get(ply, ())
        history = self.history
        if self.has_eval and depth >= ORDER_DEPTH:
            key = self._evaluated(state, moves, seat)
            moves = sorted(moves, key=lambda m: (m == tt_move, m in killers, key[id(m)], history.get(m, 0)),
                           reverse=True)
        else:
            moves = sorted(moves, key=lambda m: (m == tt_move, m in killers, history.get(m, 0)), reverse=True)
        return moves

    def _evaluated(self, state, moves, seat: int) -> dict[int, float]:
        """Each move's position after it, evaluated for `seat` (its entry minus the rival's), by
        the move's id; the positions count in the node budget."""
        game = self.game
        self.nodes += len(moves)
        out = {}
        for m in moves:
            values = game.evaluate(game.apply(state, m))
            out[id(m)] = values[seat] - values[1 - seat]
        return out

    def _terminal(self, state, ply: int, seat: int) -> float:
        game = self.game
        reward = reward_vector(game, game.outcome(state))[seat]
        if reward > 0.5:
            return WIN - ply
        if reward < 0.5:
            return -(WIN - ply)
        return 0.0

    def _leaf(self, state, seat: int) -> float:
        game = self.game
        if self.has_eval:
            values = game.evaluate(state)
            return float(values[seat]) - float(values[1 - seat])
        if not self.playouts:
            return 0.0
        rng, total = self.rng, 0.0
        for _ in range(self.playouts):
            st = state
            plies = 0
            while not game.is_over(st) and plies < 1000:
                st = game.apply(st, rng.choice(game.legal_moves(st)))
                plies += 1
            self.nodes += plies  # playout positions count in the node budget
            if game.is_over(st):
                total += reward_vector(game, game.outcome(st))[seat]
            else:
                total += 0.5
        return 0.9 * (2 * total / self.playouts - 1)  # below any certain result
