"""Counting and timing over any Game: perft and the bench figures."""
from __future__ import annotations

import random
import time

from .api import CHANCE


def perft(game, st, depth: int) -> int:
    """Leaf positions `depth` plies ahead. A finished game is one leaf; at a chance position the
    branches are its distinct outcomes. The last ply is counted in bulk."""
    if depth == 0 or game.is_over(st):
        return 1
    moves = game.legal_moves(st)
    if depth == 1:
        return len(moves)
    apply = game.apply
    if depth == 2:      # the same as the recursion, one call less per node
        legal, is_over = game.legal_moves, game.is_over
        total = 0
        for m in moves:
            s = apply(st, m)
            total += 1 if is_over(s) else len(legal(s))
        return total
    return sum(perft(game, apply(st, m), depth - 1) for m in moves)


def random_playout(game, rng: random.Random, st=None):
    """Play uniformly random moves (chance by its weights) to the end; returns (state, plies)."""
    st = game.initial_state() if st is None else st
    legal, apply, to_move, chance, is_over = game.legal_moves, game.apply, game.to_move, game.chance_outcomes, game.is_over
    choice = rng.choice
    plies = 0
    while not is_over(st):
        if to_move(st) == CHANCE:
            outs = chance(st)
            moves, weights = zip(*outs)
            m = rng.choices(moves, weights)[0]
        else:
            m = choice(legal(st))
        st = apply(st, m)
        plies += 1
    return st, plies


def bench(game, seconds: float = 3.0, depth: int | None = None, seed: int = 0) -> dict:
    """Random-playout plies per second and perft leaves per second, on this process."""
    rng = random.Random(seed)
    plies = games = 0
    t0 = time.perf_counter()
    while True:
        _, n = random_playout(game, rng)
        plies += n
        games += 1
        if time.perf_counter() - t0 >= seconds:
            break
    t_play = time.perf_counter() - t0
    st = game.initial_state()
    if depth is None:  # deepen while the next depth likely fits in the time
        depth, t_perft, leaves = 1, 0.0, 0
        while True:
            t = time.perf_counter()
            leaves = perft(game, st, depth)
            t_perft = time.perf_counter() - t
            if t_perft * 30 > seconds or depth >= 8:
                break
            depth += 1
    else:
        t = time.perf_counter()
        leaves = perft(game, st, depth)
        t_perft = time.perf_counter() - t
    return {"game": game.name, "players": len(game.players), "playouts": games, "playout_plies": plies,
            "playout_seconds": t_play, "playout_plies_per_s": plies / t_play,
            "perft_depth": depth, "perft_leaves": leaves, "perft_seconds": t_perft,
            "perft_leaves_per_s": leaves / t_perft if t_perft > 0 else 0.0}
