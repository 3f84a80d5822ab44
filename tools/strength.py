"""Playing strength of the AI players against their targets, played through the CLI.

    python -m tools.strength                    # every target (about 30-60 minutes on 2 cores)
    python -m tools.strength --only zug-random,tictactoe --workers 2 --seeds 200-209
    python -m tools.strength --quick            # fewer games: a smoke run, not a measure

A target's games are spread over a range of seeds (`--seeds`, ten by default: 1000-1009), each
seed a tournament of its own share of the games, so that no one seed's luck makes the figure;
the counts are summed over the seeds and the interval is that of the sum.

Every figure is played by the `rulebook` command itself (`tournament --json`, `show --json`,
`play --position`), the same code paths a user runs, and printed with its 95% Wilson interval.
The exhaustive tic-tac-toe check also walks every reply of the opponent in-process, through the
players' spec parser (make_player), as the CLI builds them. Exit 0 when every target holds.

Targets:
  zug-random    Zug, 3 players: default mcts takes the sole top score in >= 95% of 60 games vs random, random
  zug-greedy    ... and in >= 70% of 60 games vs greedy, greedy
  lezug-greedy  Le zug: default mcts beats greedy in >= 95% of 60 games
  tictactoe     alphabeta never loses tic-tac-toe after any first move (as either side)
  connect4      alphabeta beats mcts at Connect Four (more wins than losses over 20 games), against
                the default mcts and against mcts with random playouts to the end (playout=42)
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def rulebook_cmd() -> list[str]:
    exe = Path(sys.executable).with_name("rulebook")
    return [str(exe)] if exe.exists() else [sys.executable, "-m", "rulebook"]


def run(*args: str) -> str:
    proc = subprocess.run(rulebook_cmd() + list(args), capture_output=True, text=True, cwd=ROOT)
    if proc.returncode != 0:
        raise SystemExit(f"rulebook {' '.join(args)}: exit {proc.returncode}\n{proc.stderr}")
    return proc.stdout


def wilson(k: int, n: int) -> tuple[float, float]:
    from rulebook.play.tournament import wilson_interval
    return wilson_interval(k, n)


def line(name: str, k: int, n: int, target: float | None, extra: str = "", ok: bool | None = None) -> bool:
    lo, hi = wilson(k, n)
    held = (k / n >= target) if ok is None and target is not None else bool(ok)
    goal = f"target >= {target:.0%}" if target is not None else ""
    print(f"{name:<14} {k:>3}/{n:<3} = {k / n:6.1%}  95% CI [{lo:.1%}, {hi:.1%}]  {goal:<14} "
          f"{'HOLDS' if held else 'MISSED'}  {extra}", flush=True)
    return held


def seed_range(text: str) -> list[int]:
    """`1000-1009` or `3,7,11`: the seeds a target's games are spread over."""
    try:
        if "-" in text.strip("-"):
            lo, hi = (int(x) for x in text.split("-", 1))
            seeds = list(range(lo, hi + 1))
        else:
            seeds = [int(x) for x in text.split(",")]
    except ValueError:
        raise SystemExit(f"--seeds: '{text}' is not a range A-B or a list A,B,C of whole numbers") from None
    if not seeds or len(seeds) > 1000:
        raise SystemExit(f"--seeds: '{text}' gives {len(seeds)} seeds (1 to 1000)")
    return seeds


def tournament(game: str, players: str, games: int, seeds: list[int], workers: int, *extra: str) -> dict:
    """The tournaments of `games` games spread over the seeds (each seed at least one game), their
    standings summed: wins, draws, losses, games and the mean score weighted by games."""
    share = [games // len(seeds) + (i < games % len(seeds)) for i in range(len(seeds))]
    merged: dict = {"standings": [], "results": []}
    for seed, n in zip(seeds, share):
        if n == 0:
            continue
        res = json.loads(run("tournament", game, "--players", players, "--games", str(n), "--seed", str(seed),
                             "--workers", str(workers), "--json", *extra))
        merged["results"] += res["results"]
        for row in res["standings"]:
            old = next((r for r in merged["standings"] if r["player"] == row["player"]), None)
            if old is None:
                merged["standings"].append(dict(row))
                continue
            total = old["games"] + row["games"]
            old["mean_score"] = (old["mean_score"] * old["games"] + row["mean_score"] * row["games"]) / total
            for key in ("wins", "draws", "losses", "games"):
                old[key] += row[key]
    return merged


def standing(result: dict, spec: str) -> dict:
    return next(r for r in result["standings"] if r["player"] == spec)


def zug(opponent: str, games: int, seeds: list[int], workers: int, target: float) -> bool:
    res = tournament("games/zug.yaml", f"mcts,{opponent},{opponent}", games, seeds, workers, "--seat-count", "3")
    row = standing(res, "mcts")
    rival = standing(res, opponent)
    return line(f"zug-{opponent}", row["wins"], row["games"], target,
                f"(shared tops {row['draws']}, mean score {row['mean_score']:.2f} vs {rival['mean_score']:.2f})")


def lezug(games: int, seeds: list[int], workers: int) -> bool:
    res = tournament("games/lezug.yaml", "mcts,greedy", games, seeds, workers)
    row = standing(res, "mcts")
    plies = sorted(r["plies"] for r in res["results"])
    return line("lezug-greedy", row["wins"], row["games"], 0.95,
                f"(draws {row['draws']}, losses {row['losses']}, median length {plies[len(plies) // 2]} plies)")


def tictactoe(games: int, seed: int) -> bool:
    """From every first move: alphabeta as o against random, greedy, mcts and alphabeta (CLI
    `play --position`), alphabeta as x having played that move against the same; then an
    exhaustive walk over every reply of the opponent (in-process)."""
    game = "games/tictactoe.yaml"
    from rulebook import load_game
    g = load_game(ROOT / game)
    start = g.initial_state()
    firsts = [g.move_str(m) for m in g.legal_moves(start)]
    played = lost = 0
    with tempfile.TemporaryDirectory() as tmp:
        for first in firsts:
            rec, pos = Path(tmp, f"{first}.rec.json"), Path(tmp, f"{first}.pos.json")
            rec.write_text(json.dumps({"moves": [first]}))
            pos.write_text(run("show", game, "--record", str(rec), "--json"))
            for rival in ("random", "greedy", "mcts", "alphabeta"):
                for seats, ab in ((f"{rival},alphabeta", "o"), (f"alphabeta,{rival}", "x")):
                    n = games if rival in ("random", "mcts") else 1
                    out = run("play", game, "--position", str(pos), "--players", seats, "--games", str(n),
                              "--seed", str(seed))
                    for text in out.splitlines():
                        if " won after " in text or " draw after " in text:
                            played += 1
                            if " won after " in text and text.split(": ", 1)[-1].split()[0] != ab:
                                lost += 1
    ok = line("tictactoe", played - lost, played, None, f"(games not lost, {len(firsts)} first moves x 2 sides "
                                                        f"x 4 rivals; losses {lost})", ok=lost == 0)
    # exhaustive: every line of replies the opponent could choose
    from rulebook.players import make_player

    ab = make_player("alphabeta", g, seed)
    leaves = worst_losses = 0

    def walk(state, seat) -> None:
        nonlocal leaves, worst_losses
        if g.is_over(state):
            leaves += 1
            winners = g.outcome(state).winners
            worst_losses += bool(winners) and winners[0] != g.players[seat]
            return
        if g.to_move(state) == seat:
            walk(g.apply(state, ab.choose(state)), seat)
        else:
            for move in g.legal_moves(state):
                walk(g.apply(state, move), seat)

    for m in g.legal_moves(start):
        after = g.apply(start, m)
        walk(after, 1)                 # alphabeta answers x's first move as o
        for reply in g.legal_moves(after):
            walk(g.apply(after, reply), 0)  # alphabeta, x, after its first move and any reply
    ok2 = line("ttt-exhaustive", leaves - worst_losses, leaves, None,
               f"(finished games over every opponent line; losses {worst_losses})", ok=worst_losses == 0)
    return ok and ok2


def connect4(games: int, seeds: list[int], workers: int) -> bool:
    held = True
    for rival in ("mcts", "mcts:playout=42"):  # leaf evaluation (the default), random playouts to the end
        res = tournament("games/connect4.yaml", f"alphabeta,{rival}", games, seeds, workers)
        row = standing(res, "alphabeta")
        held &= line("connect4", row["wins"], row["games"], None,
                     f"(alphabeta vs {rival}: {row['wins']} wins, {row['draws']} draws, {row['losses']} losses)",
                     ok=row["wins"] > row["losses"])
    return held


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--only", default="zug-random,zug-greedy,lezug-greedy,tictactoe,connect4")
    ap.add_argument("--workers", type=int, default=min(2, os.cpu_count() or 1))
    ap.add_argument("--seeds", default="1000-1009", help="the seeds the games are spread over: A-B or A,B,C")
    ap.add_argument("--quick", action="store_true", help="a few games each: a smoke run")
    args = ap.parse_args(argv)
    q, seeds = args.quick, seed_range(args.seeds)
    print(f"seeds {seeds[0]}..{seeds[-1]} ({len(seeds)})" if seeds == list(range(seeds[0], seeds[-1] + 1))
          else f"seeds {','.join(map(str, seeds))}", flush=True)
    todo = {
        "zug-random": lambda: zug("random", 6 if q else 60, seeds, args.workers, 0.95),
        "zug-greedy": lambda: zug("greedy", 6 if q else 60, seeds, args.workers, 0.7),
        "lezug-greedy": lambda: lezug(4 if q else 60, seeds, args.workers),
        "tictactoe": lambda: tictactoe(1 if q else 3, seeds[0]),
        "connect4": lambda: connect4(2 if q else 20, seeds, args.workers),
    }
    held = True
    for name in args.only.split(","):
        if name not in todo:
            raise SystemExit(f"unknown target '{name}'; targets: {', '.join(todo)}")
        t = time.perf_counter()
        held &= todo[name]()
        print(f"{'':<14} ({time.perf_counter() - t:.0f} s)", flush=True)
    return 0 if held else 1


if __name__ == "__main__":
    raise SystemExit(main())
