"""Variant analysis: play many matches and measure the game itself, not the players.

Seat advantage, draw rate, game length and branching factor tell a designer whether a rule
variant balances the game; rule firing counts (when the game offers `rule_stats()`) tell
which rules actually bite. `compare` puts two variants side by side in a table and
`write_comparison_plots` in the same pictures (histograms overlaid, win rates side by side).

Any players may play the games (`players="mcts:seconds=0.1"`): random play of a race game may
never end, and says little about a variant then.
"""
from __future__ import annotations

import io
import json
import statistics
from pathlib import Path
from typing import Any, Sequence

from ..api import RulebookError
from ..players import make_players, match_seed, split_player_specs
from ..players.specs import kind_words
from .tournament import GameResult, JobsInterrupted, run_jobs, wilson_interval

__all__ = ["analyze", "summarize", "compare", "histogram", "write_plots", "write_comparison_plots",
           "AnalysisInterrupted"]


class AnalysisInterrupted(KeyboardInterrupt):
    """SIGTERM or SIGINT stopped an analysis: `summary` is that of the games finished (its
    "interrupted" entry says how many of how many; summary.json and the plots are written),
    `signum` the signal. A KeyboardInterrupt, as JobsInterrupted is."""

    def __init__(self, summary: dict, signum: int):
        super().__init__(summary["interrupted"]["message"])
        self.summary, self.signum = summary, signum


def histogram(values: Sequence[int], max_bins: int = 30, weights: Sequence[int] | None = None) -> dict[str, list]:
    """Integer-friendly histogram: one bin per value when few, else `max_bins` equal bins.
    `edges` has one more entry than `counts`; bin i holds edges[i] <= v < edges[i+1]. With
    `weights`, values[i] stands weights[i] times."""
    if not values:
        return {"edges": [], "counts": []}
    weights = [1] * len(values) if weights is None else weights
    lo, hi = min(values), max(values)
    span = hi - lo + 1
    width = 1 if span <= max_bins else -(-span // max_bins)
    nbins = -(-span // width)
    edges = [lo + i * width for i in range(nbins + 1)]
    counts = [0] * nbins
    for v, w in zip(values, weights):
        counts[min((v - lo) // width, nbins - 1)] += w
    return {"edges": edges, "counts": counts}


def _distribution(values: Sequence[int]) -> dict[str, Any]:
    if not values:
        return {"count": 0, "mean": None, "median": None, "min": None, "max": None, "histogram": histogram([])}
    return {"count": len(values), "mean": statistics.fmean(values), "median": statistics.median(values),
            "min": min(values), "max": max(values), "histogram": histogram(values)}


def _counted(pairs) -> dict[str, Any]:
    """_distribution of values given as (value, how many times) pairs."""
    total: dict[int, int] = {}
    for v, c in pairs:
        total[v] = total.get(v, 0) + c
    n = sum(total.values())
    if not n:
        return _distribution([])
    values = sorted(total)

    def at(k):                  # the k-th smallest value (0-based)
        for v in values:
            if k < total[v]:
                return v
            k -= total[v]
    median = at(n // 2) if n % 2 else (at(n // 2 - 1) + at(n // 2)) / 2
    return {"count": n, "mean": sum(v * c for v, c in total.items()) / n, "median": median,
            "min": values[0], "max": values[-1],
            "histogram": histogram(values, weights=[total[v] for v in values])}


def summarize(game, specs: Sequence[str], results: Sequence[GameResult], seed: int = 0, *,
              branching: dict[int, int] | None = None, rule_stats: dict[str, int] | None = None) -> dict[str, Any]:
    """The analysis summary (JSON-ready) of finished games (the branching and the rules' counts
    read from each result, or given for them all where a batch played them)."""
    n = len(results)
    seat_names = list(game.players)
    seats = {}
    for i, name in enumerate(seat_names):
        wins = sum(1 for r in results if r.winners == (i,))
        scores = [r.scores[i] for r in results if r.scores is not None]
        seats[name] = {"player": specs[i], "wins": wins, "win_rate": wins / n if n else 0.0,
                       "win_rate_ci95": list(wilson_interval(wins, n)),
                       "mean_score": statistics.fmean(scores) if scores else None}
        parts = [r.parts[i] for r in results if r.parts is not None]
        if parts:               # the mean of each named part of the score (a score table by part)
            seats[name]["mean_parts"] = {k: statistics.fmean(p[k] for p in parts) for k in parts[0]}
    draws = sum(1 for r in results if len(r.winners) != 1)
    if rule_stats is None and any(r.rule_stats is not None for r in results):
        rule_stats = {}
        for r in results:
            for key, value in (r.rule_stats or {}).items():
                rule_stats[key] = rule_stats.get(key, 0) + value
    return {
        "game": game.name, "options": dict(game.options), "seats": seat_names, "players": list(specs),
        "games": n, "seed": seed,
        "unfinished": sum(1 for r in results if not r.over),
        "seat_wins": seats,
        "draws": draws, "draw_rate": draws / n if n else 0.0,
        "shared_wins": sum(1 for r in results if len(r.winners) > 1),
        "length": _distribution([r.plies for r in results]),
        "branching": _counted(branching.items() if branching is not None else
                              (p for r in results for p in r.branching)),
        "chance_branching": _counted(p for r in results for p in r.chance_branching),
        "rule_stats": rule_stats,
    }


def write_plots(summary: dict[str, Any], out_dir: Path) -> list[str]:
    """Length and branching histograms and seat win rates as PNGs (matplotlib, no display)."""
    title = summary["game"]
    save = _saver("analysis plots", out_dir)

    def hist(key: str, label: str):
        def draw(ax):
            h = summary[key]["histogram"]
            if h["counts"]:
                widths = [b - a for a, b in zip(h["edges"], h["edges"][1:])]
                ax.bar(h["edges"][:-1], h["counts"], width=widths, align="edge", edgecolor="black")
            ax.set_xlabel(label)
            ax.set_ylabel("count")
            ax.set_title(f"{title}: {label}")
        return draw

    def seat_draw(ax):
        names = list(summary["seat_wins"])
        rates = [summary["seat_wins"][s]["win_rate"] for s in names]
        lows = [r - summary["seat_wins"][s]["win_rate_ci95"][0] for s, r in zip(names, rates)]
        highs = [summary["seat_wins"][s]["win_rate_ci95"][1] - r for s, r in zip(names, rates)]
        ax.bar(names + ["draw"], rates + [summary["draw_rate"]], yerr=[lows + [0], highs + [0]], capsize=4)
        ax.set_ylim(0, 1)
        ax.set_ylabel("share of games")
        ax.set_title(f"{title}: wins per seat ({summary['games']} games)")

    return [save("length_histogram.png", hist("length", "game length (plies)")),
            save("branching_histogram.png", hist("branching", "legal moves per decision")),
            save("seat_win_rates.png", seat_draw)]


def _saver(label: str, out_dir: Path):
    """save(name, draw): a figure drawn by draw(axes) written as out_dir/name (a PNG, with
    matplotlib's Agg, whatever backend pyplot may use elsewhere); returns the path."""
    try:
        from matplotlib.backends.backend_agg import FigureCanvasAgg
        from matplotlib.figure import Figure
    except ImportError:
        raise RulebookError(f"{label} need matplotlib: pip install matplotlib") from None

    def save(name: str, draw) -> str:
        fig = Figure(figsize=(7, 4), dpi=100)
        FigureCanvasAgg(fig)
        ax = fig.add_subplot()
        draw(ax)
        fig.tight_layout()
        path = out_dir / name
        fig.savefig(path)
        return str(path)
    return save


def write_comparison_plots(summary_a: dict[str, Any], summary_b: dict[str, Any], labels: tuple[str, str],
                           out_dir: Path) -> list[str]:
    """The two variants in the same pictures, in `out_dir`: game length and branching
    histograms overlaid (each variant's share of values per bin, as outlines over light fills,
    so runs of different sizes compare) and the seat win rates (and draws) as bars side by
    side with their 95% intervals. Returns the files written."""
    save = _saver("comparison plots", out_dir)
    title = summary_a["game"] if summary_a["game"] == summary_b["game"] else f"{summary_a['game']} / {summary_b['game']}"
    colours = ("tab:blue", "tab:orange")

    def overlaid(key: str, xlabel: str):
        def draw(ax):
            for summary, label, colour in zip((summary_a, summary_b), labels, colours):
                h = summary[key]["histogram"]
                if not h["counts"]:
                    continue
                n = max(sum(h["counts"]), 1)
                share = [c / n for c in h["counts"]]
                ax.stairs(share, h["edges"], fill=True, alpha=0.25, color=colour)
                d = summary[key]
                ax.stairs(share, h["edges"], color=colour, linewidth=1.8,
                          label=f"{label} (mean {d['mean']:.1f}, {d['count']} values)")
            ax.set_xlabel(xlabel)
            ax.set_ylabel("share")
            ax.set_title(f"{title}: {xlabel}")
            if ax.get_legend_handles_labels()[0]:
                ax.legend()
        return draw

    def seats(ax):
        names = list(dict.fromkeys(list(summary_a["seat_wins"]) + list(summary_b["seat_wins"]))) + ["draw"]
        width = 0.4
        for k, (summary, label, colour) in enumerate(zip((summary_a, summary_b), labels, colours)):
            rates, lows, highs = [], [], []
            for s in names:
                if s == "draw":
                    rate, (lo, hi) = summary["draw_rate"], wilson_interval(summary["draws"], summary["games"])
                else:
                    row = summary["seat_wins"].get(s)
                    rate, (lo, hi) = (row["win_rate"], row["win_rate_ci95"]) if row else (0.0, (0.0, 0.0))
                rates.append(rate)
                lows.append(max(0.0, rate - lo))
                highs.append(max(0.0, hi - rate))
            xs = [i + (k - 0.5) * width for i in range(len(names))]
            ax.bar(xs, rates, width=width, yerr=[lows, highs], capsize=3, color=colour,
                   label=f"{label} ({summary['games']} games)")
        ax.set_xticks(range(len(names)), names)
        ax.set_ylim(0, 1)
        ax.set_ylabel("share of games")
        ax.set_title(f"{title}: wins per seat")
        ax.legend()

    out_dir.mkdir(parents=True, exist_ok=True)
    return [save("compare_length.png", overlaid("length", "game length (plies)")),
            save("compare_branching.png", overlaid("branching", "legal moves per decision")),
            save("compare_seat_win_rates.png", seats)]


def analyze(game_factory, games: int = 100, seed: int = 0, players: str | Sequence[str] = "random",
            out_dir: str | Path | None = None, *, workers: int = 1, backend: str = "local",
            progress: bool | str = False, max_plies: int | None = None, address: str | None = None,
            batch: int | None = None) -> dict:
    """Play `games` matches and return the summary; with `out_dir`, also write summary.json
    and the PNGs there. `players` is one spec for every seat or one per seat. With `batch`, random
    players' games are played `batch` at a time by the game's batch backend, in this process."""
    if games < 1:
        raise RulebookError("games must be at least 1")
    game = game_factory()
    nseats = len(game.players)
    specs = split_player_specs(players) if isinstance(players, str) else [s.strip() for s in players]
    if len(specs) == 1:
        specs = specs * nseats
    if any(s.split(":")[0].strip().lower() == "human" for s in specs):
        raise RulebookError(f"an analysis cannot seat a human; use {kind_words(ai_only=True)}")
    make_players(specs, game, seed)  # a bad spec fails here, before any worker starts
    if batch is not None:
        results, branching, rules = batch_results(game, specs, games, seed, batch, max_plies)
        summary = summarize(game, specs, results, seed, branching=branching, rule_stats=rules)
        summary["batch"] = batch
        if out_dir is not None:
            _write(summary, Path(out_dir))
        return summary
    jobs = [(i, tuple(specs), match_seed(seed, i)) for i in range(games)]
    try:
        results = run_jobs(game_factory, jobs, workers=workers, backend=backend, progress=progress,
                           collect=True, max_plies=max_plies, address=address, label="analysis")
    except JobsInterrupted as stop:     # the games finished are summarized, written, and raised with
        summary = summarize(game, specs, stop.results, seed)
        summary["interrupted"] = {"finished": len(stop.results), "planned": stop.total, "message": str(stop)}
        if out_dir is not None and stop.results:
            _write(summary, Path(out_dir))
        raise AnalysisInterrupted(summary, stop.signum) from None
    summary = summarize(game, specs, results, seed)
    if out_dir is not None:
        _write(summary, Path(out_dir))
    return summary


def batch_results(game, specs: Sequence[str], games: int, seed: int, batch: int,
                  max_plies: int | None) -> tuple[list[GameResult], dict[int, int], dict[str, int] | None]:
    """`games` random games played `batch` at a time by the game's batch backend: a result per
    game (the scores as the Game API's outcome gives them), the branching over them all and the
    landing rules' refusals."""
    from .measure import check_batch
    check_batch(batch)
    if any(s.split(":")[0].strip().lower() != "random" or ":" in s for s in specs):
        raise RulebookError(f"--batch plays random players only (every seat `random`), not {', '.join(specs)}")
    make = getattr(game, "batch", None)
    if make is None:
        raise RulebookError(f"no batch backend for {game.name}: the batch backend plays grid games that place pieces")
    got = make(min(batch, games), seed).games(games, max_plies)
    n, names = len(game.players), getattr(game, "rules").scoring
    results = []
    for i in range(games):
        over, bits = bool(got["over"][i]), int(got["winners"][i])
        winners = tuple(s for s in range(n) if bits >> s & 1) if over else ()
        parts = scores = None
        if got["points"] is not None:
            table = got["points"][i]
            scores = tuple(float(table[s].sum()) for s in range(n)) if over else None
            parts = tuple({name: int(v) for (name, _), v in zip(names, table[s])} for s in range(n)) if over else None
        elif over:
            scores = tuple(0.5 if not winners else float(s in winners) for s in range(n))
        results.append(GameResult(i, seed, tuple(specs), winners, scores, int(got["plies"][i]), over, (), (), None,
                                  parts))
    return results, got["branching"], got["rule_stats"] or None


def _write(summary: dict, out: Path) -> None:
    """summary.json and the plots in out (made if missing)."""
    try:
        out.mkdir(parents=True, exist_ok=True)
        summary["files"] = write_plots(summary, out) + [str(out / "summary.json")]
        (out / "summary.json").write_text(json.dumps(summary, indent=2, default=str) + "\n")
    except FileExistsError:
        raise RulebookError(f"{out}: a file, not a folder: the plots and summary.json need a folder") from None
    except OSError as e:
        raise RulebookError(f"{out}: cannot write the analysis: {e.strerror or e}") from None


# ------------------------------------------------------------------------------ comparing
def _fmt(value) -> str:
    if value is None:
        return "-"
    if isinstance(value, float):
        return f"{value:.3f}" if abs(value) < 10 else f"{value:.1f}"
    return str(value)


def _delta(a, b) -> str:
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        d = b - a
        return f"{d:+d}" if isinstance(d, int) else f"{d:+.3f}"
    return ""


def compare(summary_a: dict, summary_b: dict, labels: tuple[str, str] = ("A", "B"), width: int = 100) -> str:
    """Two analysis summaries side by side, with B - A: the view that decides between variants.
    Rule counts are per game, so runs of different lengths compare."""
    from rich.console import Console
    from rich.table import Table

    rows: list[tuple[str, Any, Any]] = []
    options = sorted(set(summary_a.get("options", {})) | set(summary_b.get("options", {})))
    for key in options:
        va, vb = summary_a.get("options", {}).get(key), summary_b.get("options", {}).get(key)
        if va != vb:
            rows.append((f"option {key}", va, vb))
    rows.append(("games", summary_a["games"], summary_b["games"]))
    rows.append(("draw rate", summary_a["draw_rate"], summary_b["draw_rate"]))
    for seat in list(dict.fromkeys(list(summary_a["seat_wins"]) + list(summary_b["seat_wins"]))):
        ra, rb = summary_a["seat_wins"].get(seat), summary_b["seat_wins"].get(seat)
        rows.append((f"win rate {seat}", ra and ra["win_rate"], rb and rb["win_rate"]))
        pa, pb = (ra or {}).get("mean_parts") or {}, (rb or {}).get("mean_parts") or {}
        for part in dict.fromkeys([*pa, *pb]):      # the score table by part, where the game has one
            rows.append((f"mean {part} {seat}", pa.get(part), pb.get(part)))
    for key, label in (("length", "length"), ("branching", "branching"), ("chance_branching", "chance outcomes")):
        for stat in ("mean", "median", "min", "max"):
            va, vb = summary_a.get(key, {}).get(stat), summary_b.get(key, {}).get(stat)
            if va is not None or vb is not None:
                rows.append((f"{label} {stat}", va, vb))
    sa, sb = summary_a.get("rule_stats") or {}, summary_b.get("rule_stats") or {}
    for rule in sorted(set(sa) | set(sb)):
        rows.append((f"rule {rule} /game",
                     sa[rule] / summary_a["games"] if rule in sa else None,
                     sb[rule] / summary_b["games"] if rule in sb else None))

    table = Table(title=f"{summary_a['game']} vs {summary_b['game']}" if summary_a["game"] != summary_b["game"]
                  else f"{summary_a['game']}: two variants")
    table.add_column("")
    table.add_column(labels[0], justify="right")
    table.add_column(labels[1], justify="right")
    table.add_column(f"{labels[1]} - {labels[0]}", justify="right")
    for name, va, vb in rows:
        numeric = not isinstance(va, bool) and not isinstance(vb, bool)
        table.add_row(name, _fmt(va), _fmt(vb), _delta(va, vb) if numeric else "")
    buf = io.StringIO()
    Console(file=buf, width=width, color_system=None, force_terminal=False).print(table)
    return buf.getvalue()


def describe(summary: dict, width: int = 100) -> str:
    """One analysis summary as a readable table (the single-variant view of `compare`)."""
    from rich.console import Console
    from rich.table import Table

    table = Table(title=f"{summary['game']}: {summary['games']} games of {', '.join(summary['players'])}")
    table.add_column("")
    table.add_column("value", justify="right")
    for key, value in sorted(summary.get("options", {}).items()):
        table.add_row(f"option {key}", _fmt(value))
    table.add_row("draw rate", _fmt(summary["draw_rate"]))
    for seat, s in summary["seat_wins"].items():
        lo, hi = s["win_rate_ci95"]
        table.add_row(f"win rate {seat}", f"{_fmt(s['win_rate'])} [{lo:.2f}, {hi:.2f}]")
        if s.get("mean_parts"):
            table.add_row(f"mean score {seat}", f"{_fmt(s['mean_score'])}: "
                          + ", ".join(f"{k} {_fmt(v)}" for k, v in s["mean_parts"].items()))
    for key, label in (("length", "length"), ("branching", "branching"), ("chance_branching", "chance outcomes")):
        d = summary.get(key) or {}
        if d.get("count"):
            table.add_row(label, f"mean {_fmt(d['mean'])}, median {_fmt(d['median'])}, {d['min']}..{d['max']}")
    for rule, count in sorted((summary.get("rule_stats") or {}).items()):
        table.add_row(f"rule {rule}", f"{count} ({count / max(summary['games'], 1):.1f}/game)")
    buf = io.StringIO()
    Console(file=buf, width=width, color_system=None, force_terminal=False).print(table)
    return buf.getvalue()
