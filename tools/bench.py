"""The engine against the hand-written baselines (tools/baselines), side by side in one process.

    python -m tools.bench [--seconds S] [--runs N] [--depth D] [--json out.json]
                          [--no-zug] [--no-corpus] [--no-chess] [--no-startup] [--no-mcts]

Run from the repository root. Each figure is measured on the engine and on the baseline in turn,
interleaved (the order alternates from run to run), on the same seeds and with the same driver
functions of engine/play/measure.py (playout_rate, perft; a random playout is api.playout: a
grid game's own compiled loop, a baseline's moves one at a time through the Game API, the
same draws); each measure lasts --seconds (a perft
is counted again until then). The median of N runs is kept for each side, and the ratio is the
median of the runs' engine / baseline ratios (above 1: the engine is faster; each run's two
figures are measured one after the other, so a drift of the machine's speed cancels). Figures:

- Le zug random playouts, plies per second;
- Le zug perft from the start (depth 4 by default, last ply counted in bulk), leaves per second;
- Zug random matches per second, 2 and 5 players (when the engine loads games/zug.yaml);
- the corpus games with a hand-written baseline, Breakthrough, English draughts, Go 9x9,
  xiangqi, Nine Men's Morris and shogi (tools/baselines/, when the engine loads their game files): random playouts, plies per
  second, and perft from the start (depths in CORPUS, last ply in bulk), leaves per second;
- chess (games/chess.yaml) against python-chess (tools/baselines/pychess.py, when the `chess`
  package is installed): perft from the start (depth 4) and from Kiwipete (depth 3), leaves per
  second, the last ply counted in bulk on both sides; random games, plies per second;
- start-up: `python -m rulebook moves games/lezug.yaml` (load, check, compile, list the first
  moves) against `python -c "import typer"` (the command's own framework, nothing of the game),
  wall time of a subprocess, the two interleaved,
  warm (a first run fills the compile cache and Python's bytecode cache); here the ratio is
  time / time (below 1.5 is the target);
- memory: the bytes of one Le zug state (all it holds), and the peak resident memory of a
  process that runs 10,000 MCTS iterations on Zug (2 players, first decision).

The table goes to stdout, the figures also as JSON with --json.
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from rulebook.play.measure import perft_rate, playout_rate  # noqa: E402

# The corpus games: (figure prefix, title, game file, baseline factory, perft depth, options given
# to both; xiangqi's and shogi's max_plies, because random play rarely mates and two bare generals never do).
CORPUS = (("breakthrough", "Breakthrough", "breakthrough.yaml", "tools.baselines.breakthrough:Breakthrough", 4, {}),
          ("draughts", "English draughts", "english_draughts.yaml", "tools.baselines.draughts:Draughts", 6, {}),
          ("go", "Go 9x9", "go.yaml", "tools.baselines.go:Go", 3, {}),
          ("xiangqi", "Xiangqi", "xiangqi.yaml", "tools.baselines.xiangqi:Xiangqi", 3, {"max_plies": 300}),
          ("morris", "Nine Men's Morris", "morris.yaml", "tools.baselines.morris:Morris", 4, {}),
          ("shogi", "Shogi", "shogi.yaml", "tools.baselines.shogi:Shogi", 3, {"max_plies": 300}))

TARGETS = {"lezug_playouts": ">= 1.0", "lezug_perft": ">= 1.0", "zug2_matches": ">= 1.0",
           "zug5_matches": ">= 1.0", "startup": "<= 1.5", "chess_perft": ">= 0.5", "kiwipete_perft": ">= 0.5",
           "chess_playouts": ">= 0.5"}
KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"


# ---------------------------------------------------------------- measures
def side_by_side(name: str, unit: str, key: str, engine_fn, baseline_fn, runs: int, log) -> dict:
    """Run engine_fn(run) and baseline_fn(run) in turn, `runs` times; medians and their ratio."""
    eng, base = [], []
    for r in range(runs):
        pair = [(eng, engine_fn), (base, baseline_fn)]
        for out, fn in (pair if r % 2 == 0 else pair[::-1]):
            out.append(fn(r))
        log(f"  {name} run {r + 1}/{runs}: engine {eng[-1][key]:,.0f}  baseline {base[-1][key]:,.0f} {unit}")
    e, b = statistics.median(x[key] for x in eng), statistics.median(x[key] for x in base)
    # the ratio of each run's two figures, measured one after the other: the machine's drift
    # over the whole measure cancels out (a ratio of the medians would keep it)
    ratio = statistics.median(x[key] / y[key] for x, y in zip(eng, base))
    return {"unit": unit, "key": key, "engine": e, "baseline": b, "ratio": ratio,
            "engine_runs": eng, "baseline_runs": base}


def state_bytes(obj, seen=None) -> int:
    """Every byte a value holds (shared small objects counted once)."""
    seen = set() if seen is None else seen
    if id(obj) in seen:
        return 0
    seen.add(id(obj))
    size = sys.getsizeof(obj)
    if isinstance(obj, (tuple, list, set, frozenset)):
        size += sum(state_bytes(x, seen) for x in obj)
    elif isinstance(obj, dict):
        size += sum(state_bytes(k, seen) + state_bytes(v, seen) for k, v in obj.items())
    elif hasattr(obj, "__dict__"):
        size += state_bytes(vars(obj), seen)
    elif hasattr(obj, "__slots__"):
        size += sum(state_bytes(getattr(obj, s), seen) for s in obj.__slots__ if hasattr(obj, s))
    return size


def startup(runs: int, log) -> dict:
    """Median wall time of the two commands, interleaved, after one warm-up run of each."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONDONTWRITEBYTECODE", "RULEBOOK_NO_CACHE")}
    cmds = {"moves": [sys.executable, "-m", "rulebook", "moves", "games/lezug.yaml"],
            "imports": [sys.executable, "-c", "import typer"]}
    times: dict[str, list[float]] = {k: [] for k in cmds}
    for r in range(runs + 1):
        for k, cmd in (list(cmds.items()) if r % 2 == 0 else list(cmds.items())[::-1]):
            t0 = time.perf_counter()
            done = subprocess.run(cmd, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
            if done.returncode:
                raise SystemExit(f"{' '.join(cmd)} failed: {done.stderr.decode()}")
            if r:           # run 0 warms the caches
                times[k].append(time.perf_counter() - t0)
    m, i = statistics.median(times["moves"]), statistics.median(times["imports"])
    log(f"  start-up: moves {m * 1000:.0f} ms, import typer {i * 1000:.0f} ms (median of {runs})")
    return {"unit": "s", "engine": m, "baseline": i, "ratio": m / i, "engine_runs": times["moves"],
            "baseline_runs": times["imports"]}


_MCTS_CHILD = """
import resource, sys, time
sys.path.insert(0, {root!r})
from rulebook import load_game
from rulebook.players import MCTSPlayer
game = load_game({root!r} + "/games/zug.yaml", players=2)
st = game.initial_state()
from rulebook.players import sample_chance
import random
rng = random.Random(1)
while game.to_move(st) < 0:
    st = game.apply(st, sample_chance(game, st, rng))
t = time.perf_counter()
MCTSPlayer(game, seed=1, iterations={iterations}).choose(st)
print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, time.perf_counter() - t)
"""


def mcts_memory(iterations: int, log) -> dict:
    code = _MCTS_CHILD.format(root=str(ROOT), iterations=iterations)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    if done.returncode:
        log(f"  mcts: failed: {done.stderr.strip().splitlines()[-1] if done.stderr.strip() else done.returncode}")
        return {"error": done.stderr.strip()[-500:]}
    kb, secs = done.stdout.split()
    mb = int(kb) / 1024
    log(f"  mcts: {iterations} iterations on Zug (2 players): peak {mb:.0f} MB, {float(secs):.1f} s")
    return {"iterations": iterations, "peak_rss_mb": mb, "seconds": float(secs)}


# ---------------------------------------------------------------- main
def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tools.bench", description=__doc__.split("\n\n")[0])
    ap.add_argument("--seconds", type=float, default=3.0, help="seconds per measure: playouts, and perft counted again until then (default 3)")
    ap.add_argument("--runs", type=int, default=3, help="runs per figure; the median is kept (default 3)")
    ap.add_argument("--depth", type=int, default=4, help="Le zug perft depth from the start (default 4)")
    ap.add_argument("--json", metavar="FILE", help="write the figures here as JSON")
    ap.add_argument("--no-zug", action="store_true", help="skip the Zug figures")
    ap.add_argument("--no-corpus", action="store_true",
                    help="skip the corpus games (Breakthrough, English draughts, Go, xiangqi, Nine Men's Morris, shogi)")
    ap.add_argument("--no-chess", action="store_true", help="skip chess against python-chess")
    ap.add_argument("--no-startup", action="store_true", help="skip the start-up figure")
    ap.add_argument("--no-mcts", action="store_true", help="skip the memory of 10,000 MCTS iterations on Zug")
    ap.add_argument("--quiet", "-q", action="store_true", help="only the table")
    args = ap.parse_args(argv)

    def log(text: str) -> None:
        if not args.quiet:
            print(text, file=sys.stderr, flush=True)

    from rulebook import load_game
    from tools.baselines.lezug import LeZug

    figures: dict[str, dict] = {}
    notes: list[str] = []
    lezug, lezug_base = load_game(ROOT / "games" / "lezug.yaml"), LeZug()
    figures["lezug_playouts"] = side_by_side(
        "Le zug playouts", "plies/s", "plies_per_s",
        lambda r: playout_rate(lezug, 1000 + r, args.seconds), lambda r: playout_rate(lezug_base, 1000 + r, args.seconds),
        args.runs, log)
    figures["lezug_perft"] = side_by_side(
        f"Le zug perft {args.depth}", "leaves/s", "leaves_per_s",
        lambda r: perft_rate(lezug, args.depth, seconds=args.seconds),
        lambda r: perft_rate(lezug_base, args.depth, seconds=args.seconds), args.runs, log)
    e_leaves = {x["leaves"] for x in figures["lezug_perft"]["engine_runs"]}
    b_leaves = {x["leaves"] for x in figures["lezug_perft"]["baseline_runs"]}
    if e_leaves != b_leaves:
        notes.append(f"PERFT MISMATCH: engine {e_leaves} baseline {b_leaves}")

    if not args.no_zug:
        from tools.baselines.zug import Zug
        for n in (2, 5):
            try:
                zug = load_game(ROOT / "games" / "zug.yaml", players=n)
                zug.initial_state()
            except Exception as e:      # the tile engine may not be there yet
                notes.append(f"Zug {n}p skipped: the engine does not load games/zug.yaml ({type(e).__name__}: {e})")
                continue
            base = Zug(players=n)
            figures[f"zug{n}_matches"] = side_by_side(
                f"Zug {n}p matches", "matches/s", "matches_per_s",
                lambda r: playout_rate(zug, 2000 + r, args.seconds), lambda r: playout_rate(base, 2000 + r, args.seconds),
                args.runs, log)

    if not args.no_corpus:
        for key, title, file, factory, depth, options in CORPUS:
            corpus_figures(key, title, file, factory, depth, options, args, figures, notes, log)

    if not args.no_chess:
        chess_figures(args, figures, notes, log)

    if not args.no_startup:
        figures["startup"] = startup(max(21, 6 * args.runs + 1), log)

    memory = {"lezug_state_bytes": state_bytes(_midgame(lezug))}
    if not args.no_mcts and not args.no_zug and not any(n.startswith("Zug 2p skipped") for n in notes):
        memory["zug_mcts"] = mcts_memory(10_000, log)

    report = {"when": time.strftime("%Y-%m-%dT%H:%M:%S%z"), "python": platform.python_version(),
              "machine": f"{platform.system()} {platform.machine()}, {os.cpu_count()} cpus",
              "runs": args.runs, "seconds": args.seconds, "depth": args.depth,
              "figures": figures, "memory": memory, "notes": notes}
    print(table(report))
    if args.json:
        Path(args.json).write_text(json.dumps(report, indent=2) + "\n")
    return 1 if any(n.startswith("PERFT MISMATCH") for n in notes) else 0


def corpus_figures(key, title, file, factory, depth, options, args, figures, notes, log) -> None:
    """Playouts and perft of one corpus game, engine against baseline; a note, never a crash, when
    the engine does not have the game (yet)."""
    import importlib

    from rulebook import load_game
    path = ROOT / "games" / file
    if not path.exists():
        notes.append(f"{title} skipped: games/{file} does not exist")
        return
    try:
        game = load_game(path, {k: str(v) for k, v in options.items()} or None)
        game.legal_moves(game.initial_state())
    except Exception as e:          # the game file may not load yet
        notes.append(f"{title} skipped: the engine does not load games/{file} ({type(e).__name__}: {e})")
        return
    module, cls = factory.split(":")
    base = getattr(importlib.import_module(module), cls)(**options)
    seed = 3000 if key == "breakthrough" else 4000
    figures[f"{key}_playouts"] = side_by_side(
        f"{title} playouts", "plies/s", "plies_per_s",
        lambda r: playout_rate(game, seed + r, args.seconds), lambda r: playout_rate(base, seed + r, args.seconds),
        args.runs, log)
    figures[f"{key}_perft"] = side_by_side(
        f"{title} perft {depth}", "leaves/s", "leaves_per_s",
        lambda r: perft_rate(game, depth, seconds=args.seconds), lambda r: perft_rate(base, depth, seconds=args.seconds),
        args.runs, log)
    figures[f"{key}_perft"]["depth"] = depth
    e_leaves = {x["leaves"] for x in figures[f"{key}_perft"]["engine_runs"]}
    b_leaves = {x["leaves"] for x in figures[f"{key}_perft"]["baseline_runs"]}
    if e_leaves != b_leaves:
        notes.append(f"PERFT MISMATCH ({title} {depth}): engine {e_leaves} baseline {b_leaves}")


def chess_figures(args, figures, notes, log) -> None:
    """games/chess.yaml against python-chess, as each is meant to be driven."""
    try:
        from tools.baselines import pychess
    except ImportError:
        notes.append("chess skipped: python-chess is not installed (pip install chess)")
        return
    from rulebook import load_game
    from tools.fen import fen_to_position
    game = load_game(ROOT / "games" / "chess.yaml")
    pos = fen_to_position(KIWIPETE)
    kiwi = game.position(pos["pieces"], to_move=pos["to_move"], ply=pos["ply"], quiet=pos["quiet"])
    for key, title, st, fen, depth in (("chess_perft", "Chess perft 4", None, None, 4),
                                       ("kiwipete_perft", "Kiwipete perft 3", kiwi, KIWIPETE, 3)):
        figures[key] = side_by_side(title, "leaves/s", "leaves_per_s",
                                    lambda r: perft_rate(game, depth, st, seconds=args.seconds),
                                    lambda r: pychess.perft_rate(fen or pychess.chess.STARTING_FEN, depth, args.seconds),
                                    args.runs, log)
        figures[key]["depth"] = depth
        e_leaves = {x["leaves"] for x in figures[key]["engine_runs"]}
        b_leaves = {x["leaves"] for x in figures[key]["baseline_runs"]}
        if e_leaves != b_leaves:
            notes.append(f"PERFT MISMATCH ({title}): engine {e_leaves} python-chess {b_leaves}")
    figures["chess_playouts"] = side_by_side(
        "Chess playouts", "plies/s", "plies_per_s", lambda r: playout_rate(game, 5000 + r, args.seconds),
        lambda r: pychess.playout_rate(5000 + r, args.seconds), args.runs, log)
    notes.append("chess figures: the baseline is python-chess " + pychess.chess.__version__)


def _midgame(game, plies: int = 200, seed: int = 7):
    rng, st = random.Random(seed), game.initial_state()
    for _ in range(plies):
        if game.is_over(st):
            break
        st = game.apply(st, rng.choice(game.legal_moves(st)))
    return st


def table(report: dict) -> str:
    names = {"lezug_playouts": "Le zug random playouts", "lezug_perft": f"Le zug perft {report['depth']} (bulk)",
             "zug2_matches": "Zug 2 players, random matches", "zug5_matches": "Zug 5 players, random matches",
             "startup": "start-up: moves vs import typer", "chess_perft": "Chess perft 4 (bulk) vs python-chess",
             "kiwipete_perft": "Kiwipete perft 3 (bulk) vs python-chess",
             "chess_playouts": "Chess random playouts vs python-chess"}
    for key, title, _file, _factory, depth, _options in CORPUS:
        names[f"{key}_playouts"] = f"{title} random playouts"
        names[f"{key}_perft"] = f"{title} perft {depth} (bulk)"
    rows = [("figure", "unit", "engine", "baseline", "ratio", "target")]
    for k, f in report["figures"].items():
        fmt = (lambda v: f"{v * 1000:,.0f} ms") if k == "startup" else (lambda v: f"{v:,.0f}")
        rows.append((names.get(k, k), "wall" if k == "startup" else f["unit"], fmt(f["engine"]), fmt(f["baseline"]),
                     f"{f['ratio']:.2f}x", TARGETS.get(k, "")))
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    lines = ["  ".join(c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in enumerate(zip(r, widths))) for r in rows]
    lines.insert(1, "-" * len(lines[0]))
    mem = report["memory"]
    lines.append("")
    lines.append(f"Le zug state: {mem['lezug_state_bytes']:,} bytes (target < 2,048)")
    if "zug_mcts" in mem and "peak_rss_mb" in mem["zug_mcts"]:
        z = mem["zug_mcts"]
        lines.append(f"Zug MCTS, {z['iterations']:,} iterations: peak {z['peak_rss_mb']:.0f} MB (target < 200)")
    lines.append(f"median of {report['runs']} runs, {report['seconds']:g} s per measure; "
                 f"Python {report['python']}, {report['machine']}")
    lines.extend(report["notes"])
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
