"""Tournaments: every pairing of player specs, many games each, on one or many workers.

Reproducibility is the design rule: game i's seed is match_seed(seed, i) (as `play` seeds its
i-th match) and each game builds fresh players from it (seeded_match), so results are the
same whatever the worker count or back-end (`local` in this process, `process` with a process
pool, `ray` on a cluster). Only the order in which finished games arrive differs, and results are sorted by game index.

The per-game runner here is also what play/variants.py uses (with `collect=True`).

Stopping: worker processes die with this process (a parent-death signal on Linux, a watch
thread elsewhere), so a killed tournament leaves no orphan behind. SIGTERM or SIGINT while
jobs run terminates the workers and raises JobsInterrupted (a KeyboardInterrupt) carrying the
games finished so far; run_tournament turns it into TournamentInterrupted with a partial
TournamentResult, which the `rulebook tournament` command prints before exiting with code 1.
"""
from __future__ import annotations

import io
import itertools
import json
import math
import os
import signal
import statistics
import sys
import threading
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Sequence

from ..api import CHANCE, RulebookError
from ..players import make_players, match_seed, seeded_match
from ..players.specs import kind_words

__all__ = ["GameResult", "TournamentResult", "run_tournament", "play_game", "run_jobs", "pairings",
           "wilson_interval", "mean_interval", "JobsInterrupted", "TournamentInterrupted"]

BACKENDS = ("local", "process", "ray")


# ------------------------------------------------------------------------------ one game
@dataclass(frozen=True)
class GameResult:
    index: int
    seed: int
    seating: tuple[str, ...]          # player spec per seat
    winners: tuple[int, ...]          # seat indices of the winners ((): nobody won)
    scores: tuple[float, ...] | None  # the game's own score per seat, None if it gives none
    plies: int                        # game.ply() at the end
    over: bool                        # False when stopped by max_plies
    # filled only with collect=True (analysis)
    # (legal moves, how many decision positions had that many), sorted: counts, not one number a
    # ply, so that a long game's result stays small
    branching: tuple[tuple[int, int], ...] = ()
    chance_branching: tuple[tuple[int, int], ...] = ()  # the same of chance positions' outcomes
    rule_stats: dict[str, int] | None = field(default=None, compare=False)
    # per seat, the named parts of its score (games whose outcome has a breakdown; analysis only)
    parts: tuple[dict[str, int], ...] | None = field(default=None, compare=False)

    def result_of(self, seat: int) -> str:
        """'win' only for a sole winner; a shared win or no winner is a 'draw'."""
        if self.winners == (seat,):
            return "win"
        if not self.winners or seat in self.winners:
            return "draw"
        return "loss"


def play_game(game, seating: Sequence[str], seed: int, index: int = 0, *, collect: bool = False,
              max_plies: int | None = None) -> GameResult:
    """Play one game between fresh players built from `seating` (one spec per seat), seeded by
    `seed` (a match_seed) as `play` seeds its matches."""
    stats_fn = getattr(game, "rule_stats", None) if collect else None
    branching: Counter = Counter()
    chance_branching: Counter = Counter()
    on_move = None
    counted: Counter = Counter()
    if collect:
        def on_move(match, step, new_state):
            if step.seat == CHANCE:
                chance_branching[len(game.chance_outcomes(step.state))] += 1
            else:
                # the rules fired are those of this one generation per position played: not the
                # players' searches, nor a game's own look at the moves (is_over of a game whose
                # blocked player loses generates them too, which once counted every rule twice)
                before = stats_fn() if stats_fn is not None else None
                branching[len(game.legal_moves(step.state))] += 1
                if before is not None:
                    for key, value in stats_fn().items():
                        counted[key] += value - before.get(key, 0)
    match = seeded_match(game, seating, seed, on_move=on_move, keep_moves=False)  # bounded memory
    state, _ = match.play(max_plies)
    rule_stats = None
    if stats_fn is not None:
        rule_stats = {k: int(counted.get(k, 0)) for k in stats_fn()}
    over = game.is_over(state)
    outcome = game.outcome(state)
    seat_of = {name: i for i, name in enumerate(game.players)}
    winners = tuple(sorted(seat_of[w] for w in outcome.winners)) if over else ()
    scores = tuple(float(outcome.scores[s]) for s in game.players) if over and outcome.scores else None
    parts = (tuple(dict(outcome.breakdown[s]) for s in game.players)
             if collect and over and outcome.breakdown else None)
    return GameResult(index, seed, tuple(seating), winners, scores, game.ply(state), over,
                      tuple(sorted(branching.items())), tuple(sorted(chance_branching.items())), rule_stats, parts)


# ------------------------------------------------------------------------------ running jobs
Job = tuple[int, tuple[str, ...], int]  # (game index, seating, game seed)


def _run_chunk(game_factory, jobs: Sequence[Job], collect: bool, max_plies: int | None) -> list[GameResult]:
    """Runs in a worker: one game object per chunk, since compiling a game is not free."""
    game = game_factory()
    return [play_game(game, seating, seed, index, collect=collect, max_plies=max_plies)
            for index, seating, seed in jobs]


def _progress_bar(enabled: bool | str, total: int, label: str):
    """A rich progress bar on stderr, only when asked and stderr is a terminal (or forced)."""
    if not enabled or (enabled != "force" and not sys.stderr.isatty()):
        return None
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    bar = Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                   console=Console(stderr=True, force_terminal=enabled == "force" or None))
    bar.start()
    bar.add_task(label, total=total)
    return bar


class JobsInterrupted(KeyboardInterrupt):
    """SIGTERM or SIGINT stopped run_jobs: `results` are the games finished (sorted by index),
    `total` the number of jobs asked for, `signum` the signal. A KeyboardInterrupt, so that a
    caller that does not know it stops as on Ctrl-C."""

    def __init__(self, results: list[GameResult], total: int, signum: int):
        super().__init__(f"interrupted after {len(results)} of {total} games")
        self.results, self.total, self.signum = results, total, signum


class _Signalled(BaseException):
    """Raised by the signal handler in the main thread; run_jobs turns it into JobsInterrupted."""

    def __init__(self, signum: int):
        super().__init__(signum)
        self.signum = signum


_STOP_SIGNALS = (signal.SIGTERM, signal.SIGINT)


def _install_stop_handlers() -> dict | None:
    """While jobs run, SIGTERM and SIGINT raise _Signalled in the main thread (a blocking wait
    on futures is interrupted too). A second signal gets the default action (dies at once).
    Returns the previous handlers, or None off the main thread (where Python cannot catch)."""
    if threading.current_thread() is not threading.main_thread():
        return None

    def handler(signum, frame):
        for sig in _STOP_SIGNALS:
            signal.signal(sig, signal.SIG_DFL)
        raise _Signalled(signum)

    previous = {}
    for sig in _STOP_SIGNALS:
        previous[sig] = signal.getsignal(sig)
        signal.signal(sig, handler)
    return previous


def _restore_handlers(previous: dict | None) -> None:
    for sig, old in (previous or {}).items():
        signal.signal(sig, old if old is not None else signal.SIG_DFL)


def run_jobs(game_factory, jobs: Sequence[Job], *, workers: int = 1, backend: str = "local",
             progress: bool | str = False, collect: bool = False, max_plies: int | None = None,
             address: str | None = None, label: str = "games") -> list[GameResult]:
    """Play every job on the chosen back-end; results sorted by game index.

    SIGTERM or SIGINT stops the run (workers terminated, pending jobs cancelled) and raises
    JobsInterrupted with the games finished so far."""
    if backend not in BACKENDS:
        raise RulebookError(f"unknown backend '{backend}'; backends are: {', '.join(BACKENDS)}")
    if workers < 1:
        raise RulebookError("workers must be at least 1")
    jobs = list(jobs)
    bar = _progress_bar(progress, len(jobs), label)
    results: list[GameResult] = []

    def done(batch: list[GameResult]) -> None:
        results.extend(batch)
        if bar is not None:
            bar.advance(bar.task_ids[0], len(batch))

    previous = _install_stop_handlers()
    try:
        if backend == "local" or not jobs:
            game = game_factory()
            for index, seating, seed in jobs:
                done([play_game(game, seating, seed, index, collect=collect, max_plies=max_plies)])
        else:
            # several chunks per worker keep them all busy when game lengths vary
            size = max(1, math.ceil(len(jobs) / (workers * 4)))
            chunks = [jobs[i:i + size] for i in range(0, len(jobs), size)]
            if backend == "process":
                _run_processes(game_factory, chunks, workers, collect, max_plies, done)
            else:
                _run_ray(game_factory, chunks, collect, max_plies, address, done)
    except _Signalled as stop:
        raise JobsInterrupted(sorted(results, key=lambda r: r.index), len(jobs), stop.signum) from None
    finally:
        _restore_handlers(previous)
        if bar is not None:
            bar.stop()
    return sorted(results, key=lambda r: r.index)


# ------------------------------------------------------------------------------ worker processes
PR_SET_PDEATHSIG = 1  # linux/prctl.h


def _parent_death_signal(sig: int) -> bool:
    """Ask Linux to send `sig` to this process when its parent dies; False where prctl is not."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        return libc.prctl(PR_SET_PDEATHSIG, int(sig), 0, 0, 0) == 0
    except (OSError, AttributeError):
        return False


def _watch_parent(ppid: int, interval: float = 0.5) -> None:
    """Fallback: a daemon thread that ends this process once it is re-parented."""
    import time

    def watch():
        while os.getppid() == ppid:
            time.sleep(interval)
        os._exit(1)

    threading.Thread(target=watch, name="rulebook-parent-watch", daemon=True).start()


def _worker_init(parent_pid: int) -> None:
    """Initializer of each pool worker: die with the parent, leave signals to the parent.

    The parent-death signal is SIGKILL (a worker holds nothing to clean up). It is tied to the
    thread that forked the worker, i.e. the main thread of the tournament, which submits the
    jobs. Ctrl-C reaches the whole process group: workers ignore SIGINT and let the parent stop
    them; SIGTERM (the parent's way to stop them) gets its default action again, since a forked
    worker inherits the parent's handlers."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    ppid = os.getppid()
    if not _parent_death_signal(signal.SIGKILL):
        _watch_parent(ppid)
    # a parent that died before prctl sends no signal: look once ourselves
    if os.getppid() != ppid:
        os._exit(1)
    try:
        os.kill(parent_pid, 0)  # the tournament itself (the direct parent unless forkserver)
    except ProcessLookupError:
        os._exit(1)
    except OSError:
        pass


def _terminate_pool(pool, futures) -> None:
    """Cancel what has not started and end the workers now (they are mid-game: no waiting)."""
    for future in futures:
        future.cancel()
    processes = list((getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for proc in processes:
        if proc.is_alive():
            proc.terminate()
    for proc in processes:
        proc.join(2)
        if proc.is_alive():
            proc.kill()
            proc.join(2)


def _run_processes(game_factory, chunks, workers, collect, max_plies, done) -> None:
    import pickle
    from concurrent.futures import ProcessPoolExecutor, as_completed

    try:
        pickle.dumps(game_factory)
    except Exception as err:
        raise RulebookError(f"the process backend needs a picklable game factory: {err}") from None
    pool = ProcessPoolExecutor(max_workers=workers, initializer=_worker_init, initargs=(os.getpid(),))
    futures = []
    try:
        futures = [pool.submit(_run_chunk, game_factory, chunk, collect, max_plies) for chunk in chunks]
        for future in as_completed(futures):
            done(future.result())
    except BaseException:
        _terminate_pool(pool, futures)
        raise
    pool.shutdown(wait=True)


def _run_ray(game_factory, chunks, collect, max_plies, address, done) -> None:
    if address and "RAY_AUTH_MODE" not in os.environ and _ray_token_exists():
        # `ray start` (2.5x+) turns token authentication on and keeps the token in
        # ~/.ray/auth_token, but a driver uses it only when told to (read when ray is imported)
        os.environ["RAY_AUTH_MODE"] = "token"
    try:
        import ray
    except ImportError:
        raise RulebookError("the ray backend needs ray: pip install ray "
                            "(or use --backend process)") from None
    started = not ray.is_initialized()
    if started:
        # a local cluster gets this process's import path; a remote one must have the code
        env = None if address else {"env_vars": {"PYTHONPATH": _worker_path()}}
        try:
            ray.init(address=address, include_dashboard=False, log_to_driver=False, runtime_env=env)
        except ConnectionError as e:
            raise RulebookError(f"cannot reach the Ray cluster at {address}: {e} "
                                f"(started with `ray start --head`? see README, 'On a cluster')") from None
    try:
        remote = ray.remote(_run_chunk)
        pending = [remote.remote(game_factory, chunk, collect, max_plies) for chunk in chunks]
        while pending:
            ready, pending = ray.wait(pending, num_returns=1)
            for ref in ready:
                done(ray.get(ref))
    finally:
        if started:  # leave no cluster behind that this call started
            ray.shutdown()


def _ray_token_exists() -> bool:
    try:
        return bool(os.environ.get("RAY_AUTH_TOKEN") or os.environ.get("RAY_AUTH_TOKEN_PATH")
                    or (Path.home() / ".ray" / "auth_token").is_file())
    except (OSError, RuntimeError):
        return False


def _worker_path() -> str:
    """Ray workers start fresh interpreters: give them this process's import path, so that
    `rulebook` and the module defining the game factory import there too."""
    import os

    return os.pathsep.join(p for p in sys.path if p and os.path.isdir(p))


# ------------------------------------------------------------------------------ tournaments
def pairings(nspecs: int, nseats: int, seats: str) -> list[list[tuple[int, ...]]]:
    """For each group of `nseats` distinct specs (by index), the seatings it plays in turn:
    every rotation with seats='rotate' (each player sits in each seat equally often when the
    game count is a multiple of the seat count), the listed order with seats='fixed'."""
    if seats not in ("rotate", "fixed"):
        raise RulebookError(f"seats must be 'rotate' or 'fixed', got '{seats}'")
    if nspecs < nseats:
        raise RulebookError(f"the game has {nseats} seats but only {nspecs} players were given; "
                            f"name one player per seat (a spec may repeat, e.g. random,random,mcts)")
    out = []
    for group in itertools.combinations(range(nspecs), nseats):
        if seats == "rotate":
            out.append([group[r:] + group[:r] for r in range(nseats)])
        else:
            out.append([group])
    return out


def wilson_interval(successes: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval of a rate: sound even near 0% and 100% and for few games."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    # rounding must not push p itself out of its interval (p = 1 gave 0.9999999999999999)
    return (min(p, max(0.0, centre - half)), max(p, min(1.0, centre + half)))


def mean_interval(values: Sequence[float], z: float = 1.96) -> tuple[float, float] | None:
    """95% normal-approximation interval of a mean; None with fewer than two values.
    Clipped to the range of the values, so a few 0/1 games never show a negative score."""
    if len(values) < 2:
        return None
    mean = statistics.fmean(values)
    half = z * statistics.stdev(values) / math.sqrt(len(values))
    return (max(min(values), mean - half), min(max(values), mean + half))


@dataclass
class TournamentResult:
    game: str
    options: dict[str, Any]
    seat_names: tuple[str, ...]
    players: list[str]
    games_per_pairing: int
    seats: str
    seed: int
    results: list[GameResult]
    planned: int | None = None  # set when interrupted: the games asked for (results has fewer)

    @property
    def interrupted(self) -> str | None:
        """'interrupted after N of M games' for a partial result, else None."""
        if self.planned is None:
            return None
        return f"interrupted after {len(self.results)} of {self.planned} games"

    @property
    def score_kind(self) -> str:
        """'score' when every game gave scores, else 'points' (win 1, draw 1/2, loss 0)."""
        return "score" if self.results and all(r.scores is not None for r in self.results) else "points"

    def standings(self) -> list[dict[str, Any]]:
        """Per distinct player spec, in the order given; a spec seated twice counts twice."""
        kind = self.score_kind
        rows: dict[str, dict[str, Any]] = {}
        for spec in self.players:
            rows.setdefault(spec, {"player": spec, "games": 0, "wins": 0, "draws": 0, "losses": 0, "_s": []})
        for r in self.results:
            for seat, spec in enumerate(r.seating):
                row = rows[spec]
                res = r.result_of(seat)
                row["games"] += 1
                row[{"win": "wins", "draw": "draws", "loss": "losses"}[res]] += 1
                row["_s"].append(r.scores[seat] if kind == "score" else {"win": 1.0, "draw": 0.5, "loss": 0.0}[res])
        out = []
        for row in rows.values():
            values = row.pop("_s")
            n = row["games"]
            row["win_rate"] = row["wins"] / n if n else 0.0
            row["win_rate_ci95"] = list(wilson_interval(row["wins"], n))
            row["mean_score"] = statistics.fmean(values) if values else 0.0
            ci = mean_interval(values)
            row["mean_score_ci95"] = list(ci) if ci else None
            out.append(row)
        return out

    def seat_win_rates(self) -> dict[str, float]:
        """Share of games won outright by each seat: the seat advantage, whoever sat there."""
        n = len(self.results)
        return {name: (sum(1 for r in self.results if r.winners == (i,)) / n if n else 0.0)
                for i, name in enumerate(self.seat_names)}

    def as_dict(self) -> dict[str, Any]:
        partial = {} if self.planned is None else {
            "interrupted": {"finished": len(self.results), "planned": self.planned, "message": self.interrupted}}
        return {**partial,
            "game": self.game, "options": self.options, "seats": list(self.seat_names),
            "players": list(self.players), "games_per_pairing": self.games_per_pairing,
            "seating": self.seats, "seed": self.seed, "games": len(self.results),
            "score_kind": self.score_kind, "standings": self.standings(),
            "seat_win_rates": self.seat_win_rates(),
            "results": [{"index": r.index, "seed": r.seed, "seating": list(r.seating),
                         "winners": [self.seat_names[w] for w in r.winners],
                         "scores": list(r.scores) if r.scores is not None else None,
                         "plies": r.plies, "over": r.over} for r in self.results],
        }

    def to_json(self, indent: int | None = 2) -> str:
        return json.dumps(self.as_dict(), indent=indent, default=str)

    def table(self):
        """The standings as a rich Table."""
        from rich.table import Table

        label = "Mean score" if self.score_kind == "score" else "Mean points"
        table = Table(title=f"{self.game}: {len(self.results)} games, seats {self.seats}, seed {self.seed}")
        table.add_column("Player")
        for col in ("Games", "Wins", "Draws", "Losses"):
            table.add_column(col, justify="right")
        table.add_column("Win rate (95% CI)", justify="right")
        table.add_column(f"{label} (95% CI)", justify="right")
        for row in self.standings():
            lo, hi = row["win_rate_ci95"]
            ci = row["mean_score_ci95"]
            score = f"{row['mean_score']:.3g}" + (f" ({ci[0]:.3g}..{ci[1]:.3g})" if ci else "")
            table.add_row(row["player"], str(row["games"]), str(row["wins"]), str(row["draws"]),
                          str(row["losses"]), f"{row['win_rate']:.1%} ({lo:.1%}..{hi:.1%})", score)
        return table

    def render(self, width: int = 110) -> str:
        """The table as plain text (for logs, tests and non-terminal output)."""
        from rich.console import Console

        buf = io.StringIO()
        Console(file=buf, width=width, color_system=None, force_terminal=False).print(self.table())
        if self.planned is not None:
            buf.write(self.interrupted + "\n")
        return buf.getvalue()


def run_tournament(game_factory, player_specs: Sequence[str], games: int = 10, seats: str = "rotate",
                   workers: int = 1, backend: str = "local", seed: int = 0, progress: bool | str = False,
                   *, max_plies: int | None = None, address: str | None = None) -> TournamentResult:
    """Play `games` games for each group of specs (one spec per seat) and tabulate them.

    `game_factory` is a zero-argument callable returning a Game; it must be picklable for the
    process and ray back-ends. `progress='force'` shows the bar even when stderr is no tty.
    SIGTERM or SIGINT raises TournamentInterrupted with the partial result.
    """
    if games < 1:
        raise RulebookError("games must be at least 1")
    game = game_factory()
    specs = [s.strip() for s in player_specs]
    for spec in specs:  # fail on a bad spec here, not in a worker
        if spec.split(":")[0].strip().lower() == "human":
            raise RulebookError(f"a tournament cannot seat a human; use {kind_words(ai_only=True)}")
        make_players([spec] * len(game.players), game, seed)
    jobs: list[Job] = []
    for seatings in pairings(len(specs), len(game.players), seats):
        for j in range(games):
            seating = tuple(specs[i] for i in seatings[j % len(seatings)])
            index = len(jobs)
            jobs.append((index, seating, match_seed(seed, index)))
    def result(results, planned=None):
        return TournamentResult(game.name, dict(game.options), tuple(game.players), specs, games, seats, seed,
                                results, planned)

    try:
        results = run_jobs(game_factory, jobs, workers=workers, backend=backend, progress=progress,
                           max_plies=max_plies, address=address, label="tournament")
    except JobsInterrupted as stop:
        raise TournamentInterrupted(result(stop.results, stop.total), stop.signum) from None
    return result(results)


class TournamentInterrupted(KeyboardInterrupt):
    """SIGTERM or SIGINT stopped run_tournament: `result` holds the games finished so far
    (result.planned is the number asked for), `signum` the signal."""

    def __init__(self, result: TournamentResult, signum: int):
        super().__init__(result.interrupted)
        self.result, self.signum = result, signum
