"""Counting and timing over any Game: perft (two conventions), random playouts and the bench figures."""
from __future__ import annotations

import math
import random
import time

from ..api import RulebookError, playout, playout_function, random_playout  # noqa: F401 (random_playout: re-exported)

MAX_BENCH_SECONDS = 3600.0   # the time of each measure of `bench`: more than an hour is a typo
MAX_BENCH_DEPTH = 12         # bench's perft depth: deeper counts take days on any shipped game
AUTO_BENCH_DEPTH = 8         # the deepest bench goes by itself, when no depth is given
BENCH_MAX_PLIES = 10_000     # a random playout of bench stops there (a game random play may never end)


def check_bench(seconds, depth, max_plies: int = BENCH_MAX_PLIES) -> None:
    """Refuse bench figures that cannot be measured: seconds a positive finite number of at most
    MAX_BENCH_SECONDS, depth (when given) 1 to MAX_BENCH_DEPTH, max_plies a positive number."""
    if not isinstance(max_plies, int) or isinstance(max_plies, bool) or max_plies < 1:
        shown = max_plies if not isinstance(max_plies, int) or abs(max_plies) < 10 ** 30 else "(a huge number)"
        raise RulebookError(f"--max-plies {shown}: write a positive number of plies")
    if not isinstance(seconds, (int, float)) or isinstance(seconds, bool):
        raise RulebookError(f"--seconds {seconds!r}: write a positive number of seconds")
    if not math.isfinite(seconds) or not 0 < seconds <= MAX_BENCH_SECONDS:
        raise RulebookError(f"--seconds {seconds:g}: write a positive number of seconds, at most {MAX_BENCH_SECONDS:g}")
    if depth is not None and not 1 <= depth <= MAX_BENCH_DEPTH:
        shown = depth if abs(depth) < 10 ** 30 else "(a huge number)"
        raise RulebookError(f"--depth {shown}: write a perft depth from 1 to {MAX_BENCH_DEPTH}")


def perft(game, st, depth: int, exact: bool = False) -> int:
    """Count the move sequences of `depth` plies from `st`, in one of two conventions:

    - leaf (the default): a position where the game is over counts as one leaf, whatever depth
      is left, so a sequence that ends the game early is counted once;
    - exact: only sequences of exactly `depth` plies count; a game that ended earlier counts 0.

    They differ only when games end within `depth` plies. At a chance position the branches
    are its distinct outcomes. The last ply is counted in bulk in both conventions: by the
    game's count_moves where it has one (its moves counted, not made).
    """
    if depth == 0:
        return 1
    if game.is_over(st):
        return 0 if exact else 1
    count = getattr(game, "count_moves", None)
    if depth == 1:
        return len(game.legal_moves(st)) if count is None else count(st)
    moves = game.legal_moves(st)
    apply = game.apply
    if depth == 2:      # the same as the recursion, one call less per node
        legal, is_over = game.legal_moves, game.is_over
        ended = 0 if exact else 1
        total = 0
        if count is not None:       # (a position with moves is not over: is_over only where none)
            for m in moves:
                s = apply(st, m)
                total += count(s) or (ended if is_over(s) else 0)
            return total
        for m in moves:
            s = apply(st, m)
            total += ended if is_over(s) else len(legal(s))
        return total
    return sum(perft(game, apply(st, m), depth - 1, exact) for m in moves)


def divide(game, st, depth: int, exact: bool = False) -> list[tuple[str, int]]:
    """perft below each first move, by its notation (sorted): [(move, count)]. Their sum is
    perft(game, st, depth, exact) for depth >= 1 while the game is not over."""
    if depth < 1 or game.is_over(st):
        return []
    return [(game.move_str(m), perft(game, game.apply(st, m), depth - 1, exact))
            for m in sorted(game.legal_moves(st), key=game.move_str)]


def playout_rate(game, seed: int, seconds: float, max_plies: int | None = None) -> dict:
    """Whole random matches from the start until `seconds` have passed (at least one), each
    played by api.playout (the game's compiled loop where it has one) and stopped after
    `max_plies` plies if it lasts so long (`cut` counts those)."""
    playout(game, random.Random(seed), limit=1)     # (a game's loop is compiled on first use: not timed)
    play = playout_function(game)       # chosen once, not per match (a short match is a few microseconds)
    rng = random.Random(seed)
    plies = matches = cut = 0
    clock = time.perf_counter
    t0 = clock()
    while True:
        n = play(rng, None, max_plies)[1]
        plies += n
        matches += 1
        cut += n == max_plies
        elapsed = clock() - t0
        if elapsed >= seconds:
            break
    return {"plies_per_s": plies / elapsed, "matches_per_s": matches / elapsed, "plies": plies,
            "matches": matches, "seconds": elapsed, "cut": cut}


def perft_rate(game, depth: int, st=None, seconds: float = 0.0) -> dict:
    """perft from st (default the start), counted again until `seconds` have passed."""
    st = game.initial_state() if st is None else st
    return counted_rate(lambda: perft(game, st, depth), seconds)


def counted_rate(count, seconds: float = 0.0) -> dict:
    """count() called again until `seconds` have passed (at least once): leaves is one count's,
    leaves_per_s over all the counts (any perft, the baselines' too)."""
    counts = total = 0
    t0 = time.perf_counter()
    while True:
        leaves = count()
        total += leaves
        counts += 1
        elapsed = time.perf_counter() - t0
        if elapsed >= seconds:
            break
    return {"leaves_per_s": total / elapsed if elapsed > 0 else 0.0, "leaves": leaves, "counts": counts,
            "seconds": elapsed}


MAX_BATCH = 100_000         # (100,000 games on a 15x15 board at once take about 0.2 GB)


def check_batch(games) -> None:
    """Refuse a batch size that is not a whole number of games from 1 to MAX_BATCH."""
    if isinstance(games, bool) or not isinstance(games, int) or not 1 <= games <= MAX_BATCH:
        shown = games if not isinstance(games, int) or abs(games) < 10 ** 30 else "(a huge number)"
        raise RulebookError(f"--batch {shown}: write a number of games from 1 to {MAX_BATCH:,}")


def batch_rate(game, games: int, seed: int, seconds: float) -> dict:
    """Random playouts of `games` games at once by the game's batch backend (every finished game
    started again) until `seconds` have passed: plies per second. RulebookError, saying why, for
    a game that has none."""
    check_batch(games)
    make = getattr(game, "batch", None)
    if make is None:
        raise RulebookError(f"no batch backend for {game.name}: the batch backend plays grid games that place pieces")
    make(games, seed).run(plies=1)       # (the batch's code is written and its tables made: not timed)
    fig = make(games, seed).run(seconds=seconds)
    return {"batch": games, "batch_plies": fig["plies"], "batch_games": fig["games"], "batch_seconds": fig["seconds"],
            "batch_plies_per_s": fig["plies"] / fig["seconds"]}


def bench(game, seconds: float = 3.0, depth: int | None = None, seed: int = 0,
          max_plies: int = BENCH_MAX_PLIES) -> dict:
    """Random-playout plies per second and perft leaves per second, on this process; a playout
    stops after max_plies plies (playouts_cut counts those). RulebookError for seconds, a
    depth or max_plies out of range (check_bench)."""
    check_bench(seconds, depth, max_plies)
    play = playout_rate(game, seed, seconds, max_plies)
    plies, games, t_play = play["plies"], play["matches"], play["seconds"]
    if depth is None:  # deepen while the next depth likely fits in the time
        depth, before = 1, 1
        while True:
            pr = perft_rate(game, depth)
            # the next depth costs about this one's time times the leaves' growth from the last
            # (at least 30: a growth that shrinks with depth as games end may grow again)
            growth = max(30, pr["leaves"] / max(before, 1))
            if pr["seconds"] * growth > seconds or depth >= AUTO_BENCH_DEPTH:
                break
            depth, before = depth + 1, pr["leaves"]
    else:
        pr = perft_rate(game, depth)
    return {"game": game.name, "players": len(game.players), "playouts": games, "playouts_cut": play["cut"],
            "playout_plies": plies,
            "playout_seconds": t_play, "playout_plies_per_s": plies / t_play,
            "perft_depth": depth, "perft_leaves": pr["leaves"], "perft_seconds": pr["seconds"],
            "perft_leaves_per_s": pr["leaves_per_s"]}
