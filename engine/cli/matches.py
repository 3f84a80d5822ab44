"""Commands that play matches or measure a game: play, tournament, analyze, bench."""
from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Optional

import typer

from ..errors import RulebookError
from ..printable import printable
from ..players.specs import kind_forms, kind_words   # the registry of kinds (it loads no player)
from .app import (GameArg, OptionOpt, SeatsOpt, check_counts, check_input_file, err, exclusive, label, load, numbered, out,
                  parse_options, plies, plural, result_line, seats_for)


def play(game_path: str = GameArg,
         players: Optional[str] = typer.Option(None, "--players", "-p",
                                               help=f"one player per seat: {kind_forms()}"),
         seed: int = typer.Option(0, "--seed", help="seed for players and chance"),
         games: int = typer.Option(1, "--games", "-n", help="how many matches"),
         record: Optional[str] = typer.Option(None, "--record", help="write the match record here (FILE-2.json ... for more games)"),
         position_file: Optional[str] = typer.Option(None, "--position", help="start every match from this position "
                                                                               "file (JSON, docs/positions.md)"),
         option: Optional[list[str]] = OptionOpt, seats: Optional[int] = SeatsOpt,
         watch: bool = typer.Option(False, "--watch", help="draw each move as it is played (the last move named)"),
         delay: float = typer.Option(0.0, "--delay", help="with --watch: seconds to wait after each move (0 to 10)"),
         show_end: Optional[bool] = typer.Option(None, "--show/--no-show", help="after the result line, draw the final "
                                                 "position and the scores (default: when stdout is a terminal)")):
    """Play whole matches and print each result and a summary.

    Seats: one per --players spec, or --seats N random players (games with a variable count)."""
    from .look import final_view, watcher
    from ..players import seeded_match, split_player_specs
    from ..players.specs import match_seed as seed_of_match
    from ..players.base import MatchFull
    from ..play.records import Record
    opts = parse_options(option)
    specs = split_player_specs(players) if players is not None else None
    if specs and seats is not None and seats != len(specs):
        raise RulebookError(f"--seats {seats} but {plural(len(specs), 'player spec')} in --players: give one "
                            f"spec per seat, or only one of the two")
    game = load(game_path, opts, len(specs) if specs else seats)
    start = start_json = None      # a match from a position: its record keeps the position
    if position_file is not None:
        from ..play.positions import position_json, read_position, position_state
        start = position_state(game, read_position(position_file), position_file)
        start_json = position_json(game, start)
    specs = specs or ["random"] * len(game.players)
    check_counts(games)
    interactive = any(s.split(":")[0].strip().lower() == "human" for s in specs)
    tally: dict[str, float] = {p: 0.0 for p in game.players}
    wins = {p: 0 for p in game.players}
    draws = 0
    for g in range(games):
        io = {}
        if interactive:
            io = {"input_fn": lambda prompt: input(printable(prompt)), "output_fn": out, "render": lambda gm, st: gm.render(st)}
        # seeded as a tournament's or an analysis's game g is: the same seed plays the same match
        match = seeded_match(game, specs, seed_of_match(seed, g), io=io, state=start,
                             keep_moves=bool(record) or interactive, on_move=watcher(game, delay) if watch else None)
        # what a record keeps: the --seed of a single match (play --seed S plays it again), else its own
        match_seed = seed if games == 1 else seed_of_match(seed, g)
        try:
            st, moves = match.play()
        except MatchFull as full:  # the record so far is saved, then exit 1
            if record:
                path = record if games == 1 else numbered(record, g + 1)
                Record([game.move_str(m) for m in match.moves], game.name, list(game.players), specs,
                       dict(game.options), match_seed, start_json).save(path)
                raise RulebookError(f"{full}; the moves so far are saved to {path}") from None
            raise
        res = game.outcome(st)
        tag = f"game {g + 1}: " if games > 1 else ""
        out(tag + result_line(game, st) + (" (quit)" if match.quit_requested else ""))
        if games == 1 and (sys.stdout.isatty() if show_end is None else show_end):
            out(final_view(game, st))
        for p in res.winners:
            wins[p] += 1
        if res.over and not res.winners:
            draws += 1
        for p, v in res.scores.items():
            tally[p] += v
        if record:
            path = record if games == 1 else numbered(record, g + 1)
            Record([game.move_str(m) for m in moves], game.name, list(game.players), specs, dict(game.options),
                   match_seed, start_json).save(path)
            if interactive:
                out(f"record saved to {path}")
    if games > 1:
        out(f"summary over {games} games ({draws} draws):")
        for i, p in enumerate(game.players):
            out(f"  {p:<8} {specs[i]:<24} wins {wins[p]:>4}   mean score {tally[p] / games:.2f}")


def bench(game_paths: Optional[list[str]] = typer.Argument(None, help="game files (YAML); several: one table"),
          all_games: bool = typer.Option(False, "--all", help="every game file of the folder games/ here (the "
                                                              "shipped games, run from the checkout): one table"),
          seconds: float = typer.Option(3.0, "--seconds", help="time for each measure: more than 0, at most 3600"),
          depth: Optional[int] = typer.Option(None, "--depth", help="perft depth, 1 to 12 (default: as deep as fits "
                                                                    "the time, at most 8)"),
          seed: int = typer.Option(0, "--seed"), option: Optional[list[str]] = OptionOpt,
          seats: Optional[int] = SeatsOpt,
          # (measure.BENCH_MAX_PLIES; not imported here: the command's module loads nothing of play)
          max_plies: int = typer.Option(10_000, "--max-plies", help="a random playout stops after so many plies "
                                                                    "(random play of some games never ends)"),
          as_json: bool = typer.Option(False, "--json", help="print the figures as JSON (several games: a list)"),
          batch: Optional[int] = typer.Option(None, "--batch", help="also random playouts of so many games at once "
                                              "(1 to 100,000) by the batch backend (grid games that place pieces)")):
    """Random-playout plies per second and perft leaves per second, of one game or of several
    (--all: every shipped game) in one table; with --batch, the batch backend's plies per second too."""
    from ..play.measure import bench as _bench, batch_rate, check_batch, check_bench
    check_bench(seconds, depth, max_plies)  # before loading: a bad figure is refused at once
    if batch is not None:
        check_batch(batch)
    paths = _bench_files(game_paths or [], all_games)

    def batched(game) -> dict:
        if batch is None:
            return {}
        try:
            return batch_rate(game, batch, seed, seconds)
        except RulebookError as e:
            if len(paths) == 1 and not all_games:
                raise
            return {"batch": batch, "batch_refused": str(e)}
    if len(paths) == 1 and not all_games:
        game = load(paths[0], parse_options(option), seats)
        fig = {**_bench(game, seconds, depth, seed, max_plies), **batched(game)}
        if as_json:
            out(json.dumps(fig))
            return
        out(f"{game.name}, {plural(len(game.players), 'player')}")
        out(f"random playouts: {fig['playout_plies_per_s']:,.0f} plies/s "
            f"({plural(fig['playouts'], 'game')}, {plies(fig['playout_plies'])} in {fig['playout_seconds']:.2f} s"
            + (f"; {fig['playouts_cut']} stopped at {max_plies:,} plies" if fig["playouts_cut"] else "") + ")")
        out(f"perft depth {fig['perft_depth']}: {fig['perft_leaves']:,} leaves in {fig['perft_seconds']:.2f} s, "
            f"{fig['perft_leaves_per_s']:,.0f} leaves/s")
        if batch is not None:
            out(f"batch of {batch:,} games at once: {fig['batch_plies_per_s']:,.0f} plies/s "
                f"({plural(fig['batch_games'], 'game')} finished, {plies(fig['batch_plies'])} in "
                f"{fig['batch_seconds']:.2f} s)")
        return
    if option or seats is not None:
        raise RulebookError("--option and --seats set one game's options: give one game file with them, "
                            "not several or --all")
    figures = []
    for path in paths:      # each game loaded (and refused, located) before its figures are measured
        game = load(path, {})
        figures.append({"file": path, **_bench(game, seconds, depth, seed, max_plies), **batched(game)})
        if not as_json and sys.stderr.isatty():
            print(f"\r{len(figures)}/{len(paths)} measured", end="", file=sys.stderr, flush=True)
    if not as_json and sys.stderr.isatty():
        print(file=sys.stderr)
    if as_json:
        out(json.dumps(figures))
        return
    rows = [("file", "game", "seats", "playout plies/s", "games/s", "stopped", "perft", "leaves/s")
            + (("batch plies/s",) if batch is not None else ())]
    rows += [(Path(f["file"]).name, f["game"], str(f["players"]), f"{f['playout_plies_per_s']:,.0f}",
              f"{f['playouts'] / f['playout_seconds']:,.1f}", str(f["playouts_cut"]),
              f"{f['perft_depth']}: {f['perft_leaves']:,}", f"{f['perft_leaves_per_s']:,.0f}")
             + ((f"{f['batch_plies_per_s']:,.0f}" if "batch_plies_per_s" in f else "-",) if batch is not None else ())
             for f in figures]
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    for r in rows:     # text left, figures right
        out("  ".join(c.ljust(w) if i < 2 else c.rjust(w) for i, (c, w) in enumerate(zip(r, widths))).rstrip())


def _bench_files(paths: list[str], all_games: bool) -> list[str]:
    """The game files bench measures: those named, or with --all every game file of ./games (in
    name order)."""
    if all_games:
        if paths:
            raise RulebookError("--all measures every game of games/: name no game file with it")
        folder = Path("games")
        from ..pipeline import game_files
        found = game_files(folder)
        if not found:
            raise RulebookError(f"--all: no game files in {Path.cwd() / folder} (run it from the checkout, "
                                "or name the game files)")
        return found
    if not paths:
        raise RulebookError("name a game file (or several), or --all for every game of games/")
    return paths


def tournament(game_path: str = GameArg,
               players: str = typer.Option(..., "--players", "-p", help=f"the player specs that meet ({kind_words(ai_only=True)}), e.g. mcts,greedy,random"),
               games: int = typer.Option(10, "--games", "-n", help="games per pairing"),
               seats: str = typer.Option("rotate", "--seats", help="rotate | fixed"),
               workers: int = typer.Option(1, "--workers", "-w", help="worker processes"),
               backend: str = typer.Option("process", "--backend", help="local | process | ray"),
               address: Optional[str] = typer.Option(None, "--address", help="a Ray cluster address (backend ray)"),
               seed: int = typer.Option(0, "--seed"),
               as_json: bool = typer.Option(False, "--json", help="print the results as JSON"),
               option: Optional[list[str]] = OptionOpt,
               nseats: Optional[int] = typer.Option(None, "--seat-count",
                                                    help="seats per game, for games with a variable count "
                                                         "(default: one per listed player, within the game's range)")):
    """Play all pairings (or seatings) of the players; a table of wins, draws and mean scores.

    Stopped by SIGTERM or Ctrl-C: prints the games finished so far (table or JSON, marked "interrupted after N of M games"), exits 1.
    """
    from ..pipeline import GameFactory
    from ..play.tournament import TournamentInterrupted, run_tournament
    from .app import err
    from ..players import split_player_specs
    if seats not in ("rotate", "fixed"):
        raise RulebookError("--seats must be rotate or fixed")
    if backend not in ("local", "process", "ray"):
        raise RulebookError("--backend must be local, process or ray")
    check_counts(games, workers)
    specs = split_player_specs(players)
    check_input_file(game_path)
    if nseats is None:
        nseats = seats_for(game_path, len(specs))
    factory = GameFactory(str(game_path), tuple(sorted(parse_options(option).items())), nseats)
    factory()  # report a bad game file or option here, once
    try:
        res = run_tournament(factory, specs, games, seats, workers,
                             "local" if backend == "process" and workers == 1 else backend, seed,
                             progress=not as_json and sys.stderr.isatty(), address=address)
    except TournamentInterrupted as stop:  # the partial results, then exit 1 (documented above)
        out(stop.result.to_json() if as_json else stop.result.render())
        err(stop.result.interrupted)
        raise SystemExit(1) from None
    out(res.to_json() if as_json else res.render())


def check_out_dir(out_dir: str, both: bool) -> None:
    """--out names a folder: refuse a file (or a file where a variant's subfolder goes) before
    any game is played."""
    base = Path(out_dir)
    for p in [base] + ([base / "a", base / "b"] if both else []):
        if p.exists() and not p.is_dir():
            raise RulebookError(f"--out {out_dir}: {p} is a file, not a folder")
    for parent in base.parents:  # a file above the folder: it cannot be made
        if parent.exists():
            if not parent.is_dir():
                raise RulebookError(f"--out {out_dir}: {parent} is a file, not a folder")
            break


def analyze(game_path: str = GameArg,
            games: int = typer.Option(100, "--games", "-n"),
            players: str = typer.Option("random", "--players", "-p", help=f"the players' specs ({kind_words(ai_only=True)})"),
            option: Optional[list[str]] = OptionOpt,
            versus: Optional[list[str]] = typer.Option(None, "--vs", help="a second variant's option NAME=VALUE (repeatable): compare side by side"),
            out_dir: str = typer.Option("analysis", "--out", help="folder for the PNG plots and summary.json (made "
                                                                  "if missing; an existing file is refused)"),
            seed: int = typer.Option(0, "--seed"),
            workers: Optional[int] = typer.Option(None, "--workers", "-w",
                                                  help="worker processes (default: one per CPU)"),
            backend: str = typer.Option("process", "--backend", help="local | process | ray"),
            address: Optional[str] = typer.Option(None, "--address", help="a Ray cluster address (backend ray)"),
            nseats: Optional[int] = typer.Option(None, "--seat-count", help="seats, for games with a variable count"),
            batch: Optional[int] = typer.Option(None, "--batch", help="random players' games played so many at once "
                                                "(1 to 100,000) by the batch backend, in this process (grid games "
                                                "that place pieces)")):
    """What a designer wants to know of a variant: seat advantage, draws, lengths, branching, rule firings.

    Any players may play (--players mcts:seconds=0.1); with --vs the two variants are drawn in the
    same plots (compare_*.png in --out), each variant's own plots in --out/a and --out/b.
    Stopped by SIGTERM or Ctrl-C: prints the summary of the games finished so far (and writes it
    to --out), says "interrupted after N of M games" on stderr, exits 1."""
    import os

    from ..pipeline import GameFactory
    from ..play.variants import AnalysisInterrupted, analyze as _analyze, compare, describe, write_comparison_plots
    opts = parse_options(option)
    if workers is None:  # every CPU, but no more processes than games
        workers = max(1, min(os.cpu_count() or 1, 64, games if games > 0 else 1))
    if backend not in ("local", "process", "ray"):
        raise RulebookError("--backend must be local, process or ray")
    check_counts(games, workers)
    if batch is not None:
        from ..play.measure import check_batch
        check_batch(batch)
    backend = "local" if backend == "process" and workers == 1 else backend
    run = {"workers": workers, "backend": backend, "address": address, "progress": sys.stderr.isatty(),
           "batch": batch}
    check_out_dir(out_dir, bool(versus))
    check_input_file(game_path)
    a_factory = GameFactory(str(game_path), tuple(sorted(opts.items())), nseats, instrument=True)
    a_factory()
    try:
        summary_a = _analyze(a_factory, games=games, seed=seed, players=players,
                             out_dir=Path(out_dir) / ("a" if versus else ""), **run)
    except AnalysisInterrupted as stop:     # the games so far, as a tournament prints its table so far; exit 1
        out(describe(stop.summary))
        err(str(stop) + (" (of the first variant)" if versus else ""))
        raise SystemExit(1) from None
    if not versus:
        out(describe(summary_a))
        out(f"plots and summary.json in {out_dir}")
        return
    opts_b = {**opts, **parse_options(versus)}
    b_factory = GameFactory(str(game_path), tuple(sorted(opts_b.items())), nseats, instrument=True)
    b_factory()
    labels = (label(opts) or "A", label(opts_b) or "B")
    try:
        summary_b = _analyze(b_factory, games=games, seed=seed, players=players, out_dir=Path(out_dir) / "b", **run)
    except AnalysisInterrupted as stop:     # the first variant whole beside the second's games so far
        out(compare(summary_a, stop.summary, labels=labels))
        err(str(stop) + " (of the second variant)")
        raise SystemExit(1) from None
    out(compare(summary_a, summary_b, labels=labels))
    write_comparison_plots(summary_a, summary_b, labels, Path(out_dir))
    out(f"both variants in {out_dir}/compare_*.png; plots and summary.json of each in {out_dir}/a and {out_dir}/b")
