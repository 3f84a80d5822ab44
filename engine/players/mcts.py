"""The MCTS player: UCT over decision and chance nodes, leaf evaluation, tree reuse.

How it spends its budget (`iterations` new iterations per move, or `seconds` of them):

- **Selection** by UCT at decision nodes, each seat maximising its own entry of the reward
  vector (so any seat count works: max^n with rewards in [0, 1]).
- **Chance nodes** are sampled by weight on every iteration that passes through them: the tree
  holds one child per outcome met so far, and the visit shares converge to the weights (an
  expectation by sampling, never one fixed draw).
- **Leaves**: with the game's `evaluate`, the new leaf (or the position `playout` random plies
  later) is evaluated; the evaluation is turned into a reward on the terminal scale (rank
  based, as reward_vector): seat i gets a logistic of (e_i - e_j)/t against its best rival j
  (`leader=1`, the default: "am I ahead of the leader", what a game won by the sole top score
  asks; `leader=0`: the mean of the logistics over all rivals), t being the mean absolute
  difference seen so far in this player's searches, times `spread`. So an evaluation of
  absolute points or of a lead means "how likely am I ahead", and a finished game's 0/0.5/1 is
  on the same scale. With two seats both are the same. Without an evaluation a playout
  runs to the end (at most `max_playout` plies, then all-equal).
- **Expansion order** (`order`, default 2): a node visited `order` times has all its untried
  moves evaluated once, and the rest are expanded best first for its mover (those evaluations
  are the new children's first values). So the rivals' best replies are met first, not random
  ones: on the shipped race and tile games this made the difference against `greedy`
  (`order=0`: random order, about six times cheaper per iteration).
- **Tree reuse**: after a move the subtree of the move played is kept; at the next call the
  position reached (after the rivals' replies and draws) is looked up in it, and its
  statistics are kept (a new tree when it is not found, e.g. after an undo).
- **Solver** (`solver=1`): a finished game's result is a proven value, and proofs rise through
  the tree (a decision node is proven by a child that gives its mover a sole win, or by proven
  children for all its moves, the best for the mover; a chance node by proven children for all
  its outcomes). A proven child is scored by its exact value and not searched below; a proven
  root ends the search and plays its proven best; a child proven lost is never played while
  another remains.
- **Progressive bias** (`bias=B`, with an `evaluate`): a child's first value (its evaluation, or
  the one `playout` plies later) adds B x value / (visits + 1) to its UCT score, so the
  evaluation keeps steering selection while a child has few visits, and fades as they grow.
- **MAST** (`mast=1`, where playouts are played: no `evaluate`, or `playout=N`): playout moves
  are chosen epsilon-greedily (MAST_EPSILON of them uniformly) by the mean reward each move
  brought its mover in this player's playouts so far, rather than uniformly.
- A move that wins outright is played at once; the final choice is the most visited child.

Same seed, same iteration budget and the same positions asked give the same moves; a time
budget (`seconds`) is not reproducible. Default: 1000 iterations; with `seconds`, iterations
(if given) is a cap.
"""
from __future__ import annotations

import math
import random
import time
from typing import Any

from ..api import CHANCE, RulebookError, playout
from .base import Player, decision_moves, reward_vector, sole_winner, weighted


class _Node:
    """One MCTS tree node. `w[i]` sums the rewards of seat i over the visits through here;
    the seat that moved into this node reads its own entry, so any seat count works."""

    __slots__ = ("state", "seat", "moves", "outcomes", "children", "n", "w", "terminal", "ply", "ordered", "proven",
                 "h")

    def __init__(self, game, state, nseats: int, rng: random.Random):
        self.state = state
        self.terminal = game.is_over(state)
        self.seat = -2 if self.terminal else game.to_move(state)
        self.ply = game.ply(state)
        self.children: dict[Any, _Node] = {}
        self.n = 0
        self.w = [0.0] * nseats
        self.outcomes: list[tuple[Any, float]] = []
        self.moves: list = []  # untried moves, popped from the end
        self.ordered: list | None = None  # with `order`: (move, value) of the untried, best last
        self.proven: list[float] | None = None  # with `solver`: the exact reward under best play
        self.h = 0.0  # with `bias`: the first value of this node for the mover before it
        if self.terminal:
            return
        if self.seat == CHANCE:
            self.outcomes = game.chance_outcomes(state)
        else:
            self.moves = list(game.legal_moves(state))
            rng.shuffle(self.moves)


class MCTSPlayer(Player):
    """UCT with sampled chance nodes, rank-scaled leaf evaluation, evaluation-ordered expansion
    and tree reuse (see the module's text). `reuse=0` starts every move from an empty tree;
    `relative=1` scales evaluations as differences from the root's (what is better than now)."""

    def __init__(self, game, seed: int = 0, iterations: int | None = None, seconds: float | None = None,
                 c: float = 1.4, playout: int = 0, max_playout: int = 1000, reuse: int = 1,
                 order: int = 2, relative: int = 0, spread: float = 1.0, leader: int = 1,
                 solver: int = 0, bias: float = 0.0, mast: int = 0, name: str = "mcts"):
        if iterations is None and seconds is None:
            iterations = 1000
        if iterations is not None and iterations < 1:
            raise RulebookError("mcts: iterations must be at least 1")
        if seconds is not None and not (math.isfinite(seconds) and seconds > 0):
            raise RulebookError(f"mcts: seconds must be a positive finite number, got {seconds}")
        if not (math.isfinite(c) and c >= 0):
            raise RulebookError(f"mcts: c must be a finite number of at least 0, got {c}")
        self.game, self.rng, self.name = game, random.Random(seed), name
        self.iterations, self.seconds, self.c = iterations, seconds, c
        self.playout, self.max_playout, self.reuse, self.order = playout, max_playout, bool(reuse), order
        self.nseats = len(game.players)
        self._cut: int | None = None
        self.relative = bool(relative)
        if not (math.isfinite(spread) and spread > 0):
            raise RulebookError(f"mcts: spread must be a positive finite number, got {spread}")
        self.spread = spread  # the logistic's width, in mean differences of evaluation
        self.leader = bool(leader)  # an evaluation judged against the best rival only, not the mean
        self.solver = bool(solver)  # finished games' results backed up as proven values
        if not (math.isfinite(bias) and bias >= 0):
            raise RulebookError(f"mcts: bias must be a finite number of at least 0, got {bias}")
        self.bias = bias  # progressive bias: the weight of a child's first evaluation in selection
        self.mast = bool(mast)  # playouts prefer moves that did well for their mover before
        self._mast: dict[Any, list[float]] = {}  # with `mast`: move -> [its movers' reward sum, count]
        self._base: list[float] | None = None  # with `relative`: the root's evaluation
        self._diff_sum, self._diff_count = 0.0, 0  # the scale of evaluation differences seen
        self.last_root: _Node | None = None  # kept for inspection, tests and tree reuse
        self.reused = 0  # visits inherited by the last search's root (0: a fresh tree)

    # -------------------------------------------------------------------------- choosing
    def choose(self, state):
        game = self.game
        seat = game.to_move(state)
        moves = decision_moves(game, state)
        if len(moves) == 1:
            return moves[0]
        for move in moves:  # a win in one is never worth searching for
            after = game.apply(state, move)
            if game.is_over(after) and sole_winner(game, after, seat):
                self.last_root = None
                return move
        root_values = game.evaluate(state)
        self._cut = self.playout if root_values is not None else None
        self._base = [float(v) for v in root_values] if self.relative and root_values is not None else None
        root = self._find(state) if self.reuse else None
        self.reused = root.n if root is not None else 0
        if root is None:
            root = _Node(game, state, self.nseats, self.rng)
        self.last_root = root
        halt = self.halt
        if self.seconds is not None:  # stops at the deadline, or at `iterations` if also given
            deadline = time.perf_counter() + self.seconds
            count, cap = 0, self.iterations or math.inf
            while count < cap and (count == 0 or time.perf_counter() < deadline and not (halt and halt.is_set())):
                self._iterate(root)
                count += 1
                if root.proven is not None:  # solved: more iterations would change nothing
                    break
        else:
            for i in range(self.iterations):
                if i and halt is not None and halt.is_set():
                    break
                self._iterate(root)
                if root.proven is not None:
                    break
        best = self._best(root, seat)
        if self.reuse:
            self.last_root = best[1]  # what the next call looks in
        return best[0]

    def _best(self, root: _Node, seat: int):
        """The move to play: the most visited child (the robust choice; ties by mean reward, then
        move order). With `solver`, a proven root plays its proven best child, and a child proven
        lost for the mover is never chosen while another remains."""
        items = list(root.children.items())
        if self.solver:
            if root.proven is not None:
                return max(items, key=lambda kv: (kv[1].proven is not None and kv[1].proven[seat] == root.proven[seat],
                                                  kv[1].n))
            alive = [kv for kv in items if kv[1].proven is None or kv[1].proven[seat] > 0.0]
            items = alive or items
        return max(items, key=lambda kv: (kv[1].n, kv[1].w[seat] / max(kv[1].n, 1)))

    def _find(self, state) -> _Node | None:
        """The node of `state` in the subtree kept from the last move, or None. Searched
        breadth-first among nodes of lower ply than `state` (the rivals' replies and draws)."""
        start = self.last_root
        if start is None:
            return None
        target = self.game.ply(state)
        frontier, depth = [start], 0
        while frontier and depth <= 4 * self.nseats + 2:
            nxt = []
            for node in frontier:
                if node.ply == target and node.state == state:
                    return None if node.terminal else node
                if node.ply <= target:  # a draw may leave the ply count as it is
                    nxt.extend(node.children.values())
            frontier, depth = nxt, depth + 1
        return None

    # -------------------------------------------------------------------------- one iteration
    def _iterate(self, root: _Node) -> None:
        path, reward = self._descend(root)
        if self.bias and self._cut is not None and len(path) > 1 and path[-1].n == 0 and path[-2].seat >= 0:
            path[-1].h = reward[path[-2].seat]  # a new child's evaluation, for its parent's mover
        self._backup(path, reward)
        if self.solver:
            self._prove(path)

    def _descend(self, root: _Node) -> tuple[list[_Node], list[float]]:
        """Select, expand one node and score it: the path from the root and the reward."""
        game, rng, c = self.game, self.rng, self.c
        plain = not (self.solver or self.bias)  # the default's selection loop, kept at its speed
        node, path = root, [root]
        while not node.terminal:
            if node.seat == CHANCE:
                move = weighted(node.outcomes, rng)
                child = node.children.get(move)
                if child is None:  # a draw changes no score: go on to the decision below it
                    child = _Node(game, game.apply(node.state, move), self.nseats, rng)
                    node.children[move] = child
                node = child
                path.append(node)
                continue
            if node.moves:  # expand one untried move, then play out from it
                if self.order and node.n >= self.order and node.ordered is None and self._cut == 0:
                    self._order(node)
                if node.ordered:
                    move, value = node.ordered.pop()
                    node.moves.pop()
                    child = _Node(game, game.apply(node.state, move), self.nseats, rng)
                    node.children[move] = child
                    path.append(child)
                    return path, value
                move = node.moves.pop()
                child = _Node(game, game.apply(node.state, move), self.nseats, rng)
                node.children[move] = child
                node = child
                path.append(node)
                break
            if plain:
                seat, log_n = node.seat, math.log(node.n)
                best, best_score = None, -math.inf
                for child in node.children.values():
                    score = child.w[seat] / child.n + c * math.sqrt(log_n / child.n)
                    if score > best_score:
                        best, best_score = child, score
            else:
                best = self._select(node)
            if best is None:
                raise RulebookError(f"{game.name}: no legal move and the game is not over")
            node = best
            path.append(node)
            if node.proven is not None:  # nothing left to learn below: its exact value
                return path, node.proven
        return path, self._playout(node)

    def _select(self, node: _Node) -> _Node | None:
        """UCT with the solver's exact values and progressive bias."""
        seat, log_n, c, bias = node.seat, math.log(node.n), self.c, self.bias
        best, best_score = None, -math.inf
        for child in node.children.values():
            # a proven child's value is exact: it stands for its mean
            mean = child.w[seat] / child.n if child.proven is None else child.proven[seat]
            score = mean + c * math.sqrt(log_n / child.n)
            if bias:  # the evaluation's say fades as the visits grow
                score += bias * child.h / (child.n + 1)
            if score > best_score:
                best, best_score = child, score
        return best

    def _prove(self, path: list[_Node]) -> None:
        """MCTS-Solver: a finished game's result is proven; a decision node is proven when a child
        gives its mover a sole win, or when every move has a proven child (the best for the
        mover), a chance node when every outcome has a proven child (their mean by weight).
        Proven values rise from the leaf of this iteration until a node cannot be proven."""
        leaf = path[-1]
        if leaf.terminal and leaf.proven is None:
            leaf.proven = reward_vector(self.game, self.game.outcome(leaf.state))
        for node in reversed(path[:-1]):
            if node.proven is None and not self._proven_now(node):
                return

    @staticmethod
    def _proven_now(node: _Node) -> bool:
        children = node.children.values()
        if node.seat == CHANCE:
            if len(node.children) < len(node.outcomes) or any(ch.proven is None for ch in children):
                return False
            total = sum(w for _, w in node.outcomes)
            value = [0.0] * len(node.w)
            for move, w in node.outcomes:
                for i, r in enumerate(node.children[move].proven):
                    value[i] += r * w / total
            node.proven = value
            return True
        seat, best = node.seat, None
        for child in children:
            if child.proven is None:
                continue
            if child.proven[seat] >= 1.0:  # a sole win for the mover: nothing can be better
                node.proven = child.proven
                return True
            if best is None or child.proven[seat] > best[seat]:
                best = child.proven
        if node.moves or best is None or any(child.proven is None for child in children):
            return False
        node.proven = best
        return True

    @staticmethod
    def _backup(path, reward) -> None:
        for n in path:
            n.n += 1
            w = n.w
            for i, r in enumerate(reward):
                w[i] += r

    def _order(self, node: _Node) -> None:
        """Evaluate every untried move of a node visited `order` times, so that the rest are
        expanded best first for its mover (the evaluations are kept as those children's first
        values: nothing is evaluated twice, the positions are made again when expanded).
        Rivals' best replies are then met first."""
        game, seat = self.game, node.seat
        scored = []
        for i, move in enumerate(node.moves):
            state = game.apply(node.state, move)
            value = (reward_vector(game, game.outcome(state)) if game.is_over(state)
                     else self._scaled(game.evaluate(state)))
            scored.append((value[seat], i, move, None, value))
        scored.sort(key=lambda t: (t[0], -t[1]))  # the best last (popped first); ties keep the shuffle
        node.moves = [t[2] for t in scored]
        node.ordered = [(t[2], t[4]) for t in scored]  # no positions kept: a node may have hundreds of moves

    def _scaled(self, values) -> list[float] | None:
        """An evaluation (per seat, any scale) as a reward on the terminal's rank scale."""
        if values is None:
            return None
        e = [float(v) for v in values]
        n = len(e)
        if n < 2:
            return e
        base = self._base
        if base is not None:  # differences against the root's: "better than now" for each pair
            e = [a - b for a, b in zip(e, base)]
        diffs = 0.0
        for i in range(n):
            for j in range(i + 1, n):
                diffs += abs(e[i] - e[j])
        self._diff_sum += diffs / (n * (n - 1) / 2)
        self._diff_count += 1
        t = self.spread * self._diff_sum / self._diff_count
        if t <= 1e-12:
            return [0.5] * n
        out = []
        for i in range(n):
            if self.leader:     # how likely am I ahead of the best of my rivals
                x = (e[i] - max(e[j] for j in range(n) if j != i)) / t
                out.append(1.0 / (1.0 + math.exp(-x)) if x > -50 else 0.0)
                continue
            total = 0.0
            for j in range(n):
                if j != i:
                    x = (e[i] - e[j]) / t
                    total += 1.0 / (1.0 + math.exp(-x)) if x > -50 else 0.0
            out.append(total / (n - 1))
        return out

    MAST_EPSILON = 0.1  # with `mast`, the share of playout moves still drawn uniformly

    def _mast_pick(self, moves):
        """MAST, epsilon-greedy: mostly the move with the best mean reward for its movers in
        the playouts so far (a move never played counts as a win, so it is tried)."""
        rng = self.rng
        if rng.random() < self.MAST_EPSILON:
            return rng.choice(moves)
        table, best, best_q = self._mast, None, -1.0
        for move in moves:
            entry = table.get(move)
            q = 1.0 if entry is None else entry[0] / entry[1]
            if q > best_q:
                best, best_q = move, q
        return best

    def _mast_playout(self, node: _Node) -> list[float]:
        """The playout of `mast=1`: as _playout's, but its moves chosen by _mast_pick; then each
        of its decisions is credited with its mover's reward."""
        game, rng, cut = self.game, self.rng, self._cut
        state, plies, played = node.state, 0, []
        while True:
            if game.is_over(state):
                reward = reward_vector(game, game.outcome(state))
                break
            if cut is not None and plies >= cut:
                reward = self._scaled(game.evaluate(state))
                if reward is not None:
                    break
            if plies >= self.max_playout:
                reward = [0.5] * self.nseats
                break
            seat = game.to_move(state)
            if seat == CHANCE:
                move = weighted(game.chance_outcomes(state), rng)
            else:   # the first ply reuses the moves the new node already generated
                move = self._mast_pick(node.moves if plies == 0 and node.moves else game.legal_moves(state))
                played.append((seat, move))
            state = game.apply(state, move)
            plies += 1
        table = self._mast
        for seat, move in played:
            entry = table.get(move)
            if entry is None:
                table[move] = [reward[seat], 1]
            else:
                entry[0] += reward[seat]
                entry[1] += 1
        return reward

    def _playout(self, node: _Node) -> list[float]:
        if self.mast:
            return self._mast_playout(node)
        game, rng = self.game, self.rng
        state = node.state
        if node.terminal:
            return reward_vector(game, game.outcome(state))
        cut = self._cut
        if cut == 0:
            values = self._scaled(game.evaluate(state))
            if values is not None:
                return values
        # the first ply reuses the moves the new node already generated
        if node.seat == CHANCE:
            move = weighted(node.outcomes, rng)
        elif node.moves:
            move = rng.choice(node.moves)
        else:
            raise RulebookError(f"{game.name}: no legal move and the game is not over")
        state = game.apply(state, move)
        plies = 1
        if cut is None:     # uniformly random to the end: the game's compiled loop where it has one
            state, _ = playout(game, rng, state, limit=max(self.max_playout - 1, 0))
            return reward_vector(game, game.outcome(state)) if game.is_over(state) else [0.5] * self.nseats
        # a uniformly random move, drawn by the game where it can without listing every move
        pick = getattr(game, "random_move", None) or (lambda st, r: r.choice(game.legal_moves(st)))
        while not game.is_over(state):
            if cut is not None and plies >= cut:
                values = self._scaled(game.evaluate(state))
                if values is not None:
                    return values
            if plies >= self.max_playout:
                return [0.5] * self.nseats
            if game.to_move(state) == CHANCE:
                move = weighted(game.chance_outcomes(state), rng)
            else:
                move = pick(state, rng)
            state = game.apply(state, move)
            plies += 1
        return reward_vector(game, game.outcome(state))
