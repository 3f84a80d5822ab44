"""The environments' cost (rulebook.env), against the Game API's own.

    python -m tools.envbench [--seconds S] [--runs N] [--json out.json]

Run from the repository root (needs the rl extra). Figures, each measured in N runs with the two
sides interleaved (the order alternating from run to run), the median and the range of the runs
reported. Times are this process's CPU time (time.process_time), which other work on a shared
machine disturbs less than the wall clock:

- observation and mask vs legal_moves, on Le zug, chess, Connect Four and Backgammon (a track
  game: its positions are the plays, not the rolls, which the environments draw inside): 600
  positions, 120 from each of five seeds, drawn among the positions where a seat moves of three
  random games (up to 200 plies each) of that seed; one side calls `legal_moves(state)` on each position, the other
  `encoding.observe(state, seat)` and `encoding.legal(state)` (which itself calls legal_moves and
  builds the mask and the index -> move mapping: the whole cost of a step's observation). The
  ratio is time / time (target: at most 2);
- PettingZoo stepping of Connect Four (whole games, a uniformly random action among the mask's,
  `env.last()` read at every step as an agent does) against random playouts through the Game
  API (api.random_playout: legal_moves, apply and a choice a ply, what a step calls too), plies
  per second. The ratio is env / playouts (target: at least 0.5). A second row gives the same
  steps against `rulebook bench`'s own playouts (api.playout: the game's compiled loop, which
  builds no move and calls no Game API method a ply), with no target;
- the batch environment of Connect Four (`rulebook.env.batch`, 1,024 games, a uniformly random
  legal action per game drawn from the mask by numpy) against the same playouts: games' steps per
  second (no target: many games at once, where the two above are one game at a time).
"""
from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import numpy as np  # noqa: E402

import rulebook  # noqa: E402
import rulebook.env  # noqa: E402
from rulebook.env import Encoding  # noqa: E402
from rulebook.api import CHANCE  # noqa: E402
from rulebook.api import playout, random_playout  # noqa: E402
from rulebook.players.base import sample_chance  # noqa: E402

GAMES = (("lezug", "Le zug"), ("chess", "chess"), ("connect4", "Connect Four"), ("backgammon", "Backgammon"))


SEEDS = (1, 2, 3, 4, 5)


def positions(game, count: int = 600, seeds=SEEDS, games: int = 3, plies: int = 200) -> list:
    """`count` positions, an equal share from each seed: drawn at random among every position where
    a seat moves (not chance's) of `games` random games (up to `plies` plies each) of that seed
    (a chance position's outcome drawn by its weight)."""
    out = []
    for seed in seeds:
        rng, seen = random.Random(seed), []
        for _ in range(games):
            st = game.initial_state()
            for _ in range(plies):
                if game.is_over(st):
                    break
                if game.to_move(st) == CHANCE:
                    st = game.apply(st, sample_chance(game, st, rng))
                    continue
                seen.append(st)
                st = game.apply(st, rng.choice(game.legal_moves(st)))
        out += rng.sample(seen, min(len(seen), count // len(seeds)))
    return out


# every figure is timed by this process's CPU time, so that other work on a shared machine weighs
# on it as little as it can (it still shares the caches)
clock = time.process_time


def timed(fn, seconds: float) -> float:
    """Seconds per call of fn() (fn called again until `seconds` have passed)."""
    calls, t0 = 0, clock()
    while True:
        fn()
        calls += 1
        elapsed = clock() - t0
        if elapsed >= seconds:
            return elapsed / calls


def encoding_ratio(game, seconds: float) -> tuple[float, float, float]:
    enc, sts = Encoding(game), positions(game)
    legal, to_move, observe, masks = game.legal_moves, game.to_move, enc.observe, enc.legal

    def moves():
        for st in sts:
            legal(st)

    def encode():
        for st in sts:
            observe(st, to_move(st))
            masks(st)
    return encode, moves, len(sts)


def env_plies(seconds: float, seed: int = 0) -> float:
    env = rulebook.env.pettingzoo(str(ROOT / "games" / "connect4.yaml"))
    rng = random.Random(seed)
    choice, flatnonzero = rng.choice, np.flatnonzero
    plies, t0 = 0, clock()
    while True:
        env.reset(seed=rng.randrange(1 << 30))
        for agent in env.agent_iter():
            obs, _reward, terminated, truncated, _info = env.last()
            if terminated or truncated:
                env.step(None)
            else:
                env.step(int(choice(flatnonzero(obs["action_mask"]))))
                plies += 1
        elapsed = clock() - t0
        if elapsed >= seconds:
            return plies / elapsed


def batch_env_plies(seconds: float, seed: int = 0, games: int = 1024) -> float:
    env = rulebook.env.batch(str(ROOT / "games" / "connect4.yaml"), games=games, seed=seed)
    rng = np.random.default_rng(seed)
    _obs, info = env.reset()
    plies, t0 = 0, clock()
    while True:
        mask = info["action_mask"]
        k = (rng.random(games) * mask.sum(1)).astype(np.intp)
        plies += int(np.count_nonzero(mask.any(1)))
        _obs, _rew, _term, _trunc, info = env.step((mask.cumsum(1, dtype=np.int16) > k[:, None]).argmax(1))
        elapsed = clock() - t0
        if elapsed >= seconds:
            return plies / elapsed


def playout_plies(game, seed: int, seconds: float, compiled: bool = False) -> float:
    """Random playouts through the Game API (or, `compiled`, by the game's compiled loop, as
    `rulebook bench` plays them), on the CPU clock, plies per second."""
    rng = random.Random(seed)
    play = playout if compiled else random_playout
    play(game, rng, limit=1)        # (a compiled loop is made on its first use: not timed)
    plies, t0 = 0, clock()
    while True:
        plies += play(game, rng)[1]
        elapsed = clock() - t0
        if elapsed >= seconds:
            return plies / elapsed


def summary(values: list[float]) -> dict:
    return {"median": statistics.median(values), "min": min(values), "max": max(values), "runs": values}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tools.envbench", description=__doc__.split("\n\n")[0])
    ap.add_argument("--seconds", type=float, default=2.0, help="seconds per measure (default 2)")
    ap.add_argument("--runs", type=int, default=3, help="runs per figure (default 3)")
    ap.add_argument("--json", metavar="FILE", help="write the figures here as JSON")
    args = ap.parse_args(argv)
    out: dict = {}
    rows = []
    for key, title in GAMES:
        game = rulebook.load_game(str(ROOT / "games" / f"{key}.yaml"))
        encode, moves, n = encoding_ratio(game, args.seconds)
        ratios, t_enc, t_mov = [], [], []
        for run in range(args.runs):
            pair = [("enc", encode), ("mov", moves)]
            if run % 2:
                pair.reverse()
            t = {name: timed(fn, args.seconds) / n for name, fn in pair}
            t_enc.append(t["enc"] * 1e6)
            t_mov.append(t["mov"] * 1e6)
            ratios.append(t["enc"] / t["mov"])
        out[f"{key}_encoding"] = {"positions": n, "observe_and_mask_us": summary(t_enc),
                                  "legal_moves_us": summary(t_mov), "ratio": summary(ratios), "target": "<= 2"}
        r = out[f"{key}_encoding"]
        rows.append((f"{title}: observation + mask vs legal_moves, µs per position ({n} positions, {len(SEEDS)} seeds)",
                     f"{r['observe_and_mask_us']['median']:.1f}", f"{r['legal_moves_us']['median']:.1f}",
                     f"{r['ratio']['median']:.2f}x ({r['ratio']['min']:.2f}..{r['ratio']['max']:.2f})", "<= 2"))
    c4 = rulebook.load_game(str(ROOT / "games" / "connect4.yaml"))
    env_r, api_r, loop_r, ratios, loop_ratios = [], [], [], [], []
    for run in range(args.runs):
        pair = [("env", lambda: env_plies(args.seconds, run)),
                ("api", lambda: playout_plies(c4, run, args.seconds)),
                ("loop", lambda: playout_plies(c4, run, args.seconds, compiled=True))]
        if run % 2:
            pair.reverse()
        t = {name: fn() for name, fn in pair}
        env_r.append(t["env"])
        api_r.append(t["api"])
        loop_r.append(t["loop"])
        ratios.append(t["env"] / t["api"])
        loop_ratios.append(t["env"] / t["loop"])
    out["connect4_pettingzoo"] = {"env_plies_per_s": summary(env_r), "playout_plies_per_s": summary(api_r),
                                  "ratio": summary(ratios), "target": ">= 0.5",
                                  "compiled_playout_plies_per_s": summary(loop_r), "compiled_ratio": summary(loop_ratios)}
    rows.append(("Connect Four: PettingZoo AEC steps vs random playouts through the Game API, plies/s",
                 f"{statistics.median(env_r):,.0f}", f"{statistics.median(api_r):,.0f}",
                 f"{statistics.median(ratios):.2f}x ({min(ratios):.2f}..{max(ratios):.2f})", ">= 0.5"))
    rows.append(("Connect Four: PettingZoo AEC steps vs rulebook bench's compiled playouts, plies/s",
                 f"{statistics.median(env_r):,.0f}", f"{statistics.median(loop_r):,.0f}",
                 f"{statistics.median(loop_ratios):.2f}x ({min(loop_ratios):.2f}..{max(loop_ratios):.2f})", "(none)"))
    batch_r, ratios = [], []
    for run in range(args.runs):
        pair = [("env", lambda: batch_env_plies(args.seconds, run)), ("bench", lambda: playout_plies(c4, run, args.seconds))]
        if run % 2:
            pair.reverse()
        t = {name: fn() for name, fn in pair}
        batch_r.append(t["env"])
        ratios.append(t["env"] / t["bench"])
    out["connect4_batch_env"] = {"env_plies_per_s": summary(batch_r), "ratio": summary(ratios), "games": 1024}
    rows.append(("Connect Four: batch environment (1,024 games) steps vs random playouts through the Game API, plies/s",
                 f"{statistics.median(batch_r):,.0f}", "", f"{statistics.median(ratios):.2f}x ({min(ratios):.2f}..{max(ratios):.2f})",
                 "(none)"))
    print("| figure | env | engine | ratio (range) | target |")
    print("|---|---|---|---|---|")
    for row in rows:
        print("| " + " | ".join(row) + " |")
    print(f"({args.runs} runs of {args.seconds:g} s per side, interleaved; medians)")
    if args.json:
        Path(args.json).write_text(json.dumps(out, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
