"""The `rulebook` command line: validate, play, replay, moves, perft, show, bench, tournament, analyze.

Results go to stdout, diagnostics to stderr. Exit 0 on success, 1 on bad input of any kind
(a broken game file, an illegal move in a record, a wrong option), never a traceback.
"""
from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path
from typing import Optional

import typer

from .api import CHANCE, RulebookError

app = typer.Typer(add_completion=False, no_args_is_help=True, pretty_exceptions_enable=False,
                  help="Board games as data: validate, play and analyse game files.")

GameArg = typer.Argument(..., help="a game file (YAML)")
OptionOpt = typer.Option(None, "--option", "-o", help="a game option NAME=VALUE (repeatable)")
RecordOpt = typer.Option(None, "--record", "-r", help="a record (JSON) whose moves lead to the position")
SeatsOpt = typer.Option(None, "--seats", help="number of players, for games with a variable count")


def _out(text: str = "") -> None:
    typer.echo(text)


def _err(text: str) -> None:
    typer.echo(text, err=True)


def _options(pairs: Optional[list[str]]) -> dict[str, str]:
    out = {}
    for p in pairs or []:
        if "=" not in p:
            raise RulebookError(f"--option '{p}': write NAME=VALUE")
        k, v = p.split("=", 1)
        out[k.strip()] = v.strip()
    return out


def _load(path: str, options: dict, seats: int | None = None):
    from .game import load_game
    return load_game(path, options, seats)


def _position(game_path: str, option: list[str] | None, record: str | None, seats: int | None,
              ply: int | None = None):
    """The game and the position after a record's moves (or the start)."""
    from .records import check_players, read_record, replay_moves
    opts = _options(option)
    if record is None:
        game = _load(game_path, opts, seats)
        st = game.initial_state()
        if ply not in (None, 0):
            raise RulebookError(f"--ply {ply}: without a record there is only ply 0")
        return game, st, None
    rec = read_record(record)
    game = _load(game_path, {**{k: str(v) for k, v in rec.options.items()}, **opts}, seats or rec.seats)
    check_players(game, rec, record)
    if ply is not None and not 0 <= ply <= len(rec.moves):
        raise RulebookError(f"--ply {ply}: the record has {len(rec.moves)} moves (plies 0..{len(rec.moves)})")
    st = replay_moves(game, rec.moves, record, upto=ply)
    return game, st, rec


def _result_line(game, st) -> str:
    out = game.outcome(st)
    if not out.over:
        head = f"not over after {game.ply(st)} plies"
    elif out.winners:
        head = f"{', '.join(out.winners)} won after {game.ply(st)} plies"
    else:
        head = f"a draw after {game.ply(st)} plies"
    if out.breakdown is not None:
        parts = "; ".join(f"{p} {out.scores[p]:g} (" + ", ".join(f"{k} {v}" for k, v in out.breakdown[p].items()) + ")"
                          for p in game.players)
        head += f": {parts}"
    return head


# ---------------------------------------------------------------- commands
@app.command()
def validate(files: list[str] = typer.Argument(..., help="game files to check")):
    """Check game files: YAML, structure, every rules-language string, cross-references."""
    from .game import check_file
    from .load import GameFileError
    bad = False
    for f in files:
        try:
            check_file(f)
            _out(f"{f}: ok")
        except GameFileError as e:
            bad = True
            for finding in e.findings:
                _err(str(finding))
    if bad:
        raise typer.Exit(1)


@app.command()
def schema():
    """Print the JSON Schema of game files (for editors)."""
    from .check import schema as _schema
    _out(json.dumps(_schema(), indent=2))


@app.command()
def play(game_path: str = GameArg,
         players: Optional[str] = typer.Option(None, "--players", "-p",
                                               help="one player per seat: random, greedy, mcts[:iterations=N], human"),
         seed: int = typer.Option(0, "--seed", help="seed for players and chance"),
         games: int = typer.Option(1, "--games", "-n", help="how many matches"),
         record: Optional[str] = typer.Option(None, "--record", help="write the match record here (FILE-2.json ... for more games)"),
         option: Optional[list[str]] = OptionOpt):
    """Play whole matches and print each result and a summary."""
    from .ai import derive_seed, make_players, split_player_specs, Match
    from .records import Record
    opts = _options(option)
    specs = split_player_specs(players) if players else None
    game = _load(game_path, opts, len(specs) if specs else None)
    specs = specs or ["random"] * len(game.players)
    if games < 1:
        raise RulebookError("--games must be at least 1")
    interactive = any(s.split(":")[0].strip().lower() == "human" for s in specs)
    tally: dict[str, float] = {p: 0.0 for p in game.players}
    wins = {p: 0 for p in game.players}
    draws = 0
    for g in range(games):
        match_seed = seed if games == 1 else derive_seed(seed, "match", g)
        io = {}
        if interactive:
            io = {"input_fn": input, "output_fn": _out, "render": lambda gm, st: gm.render(st)}
        ps = make_players(specs, game, match_seed, **io)
        match = Match(game, ps, match_seed)
        st, moves = match.play()
        out = game.outcome(st)
        label = f"game {g + 1}: " if games > 1 else ""
        _out(label + _result_line(game, st) + (" (quit)" if match.quit_requested else ""))
        for p in out.winners:
            wins[p] += 1
        if out.over and not out.winners:
            draws += 1
        for p, v in out.scores.items():
            tally[p] += v
        if record:
            path = record if games == 1 else _numbered(record, g + 1)
            Record([game.move_str(m) for m in moves], game.name, list(game.players), specs, dict(game.options),
                   match_seed).save(path)
            if interactive:
                _out(f"record saved to {path}")
    if games > 1:
        _out(f"summary over {games} games ({draws} draws):")
        for i, p in enumerate(game.players):
            _out(f"  {p:<8} {specs[i]:<24} wins {wins[p]:>4}   mean score {tally[p] / games:.2f}")


def _numbered(path: str, i: int) -> str:
    p = Path(path)
    return str(p.with_name(f"{p.stem}-{i}{p.suffix}"))


@app.command()
def replay(game_path: str = GameArg, record: str = typer.Argument(..., help="the record (JSON)"),
           trace: bool = typer.Option(False, "--trace", help="print JSON Lines: each position's legal moves, then the result"),
           option: Optional[list[str]] = OptionOpt, seats: Optional[int] = SeatsOpt):
    """Check every move of a record; print the final position and result."""
    from .records import check_players, read_record, replay_moves
    rec = read_record(record)
    game = _load(game_path, {**{k: str(v) for k, v in rec.options.items()}, **_options(option)}, seats or rec.seats)
    check_players(game, rec, record)
    lines = []

    def on_state(ply, st, text):
        who = game.to_move(st)
        lines.append(json.dumps({"ply": ply, "player": "chance" if who == CHANCE else game.players[who],
                                 "legal": sorted(game.move_str(m) for m in game.legal_moves(st)), "move": text}))
    st = replay_moves(game, rec.moves, record, on_state=on_state if trace else None)
    if trace:
        res = game.outcome(st).as_json()
        _out("\n".join(lines + [json.dumps({"result": res})]))
        return
    _out(game.render(st))
    _out(_result_line(game, st))


@app.command()
def moves(game_path: str = GameArg, record: Optional[str] = RecordOpt,
          why: Optional[str] = typer.Option(None, "--why", help="explain why this move is not legal"),
          option: Optional[list[str]] = OptionOpt, seats: Optional[int] = SeatsOpt):
    """List the legal moves of a position, one per line (or explain a refused move)."""
    game, st, _ = _position(game_path, option, record, seats)
    if why is not None:
        _out(game.explain(st, why))
        return
    ms = sorted(game.move_str(m) for m in game.legal_moves(st))
    if ms:
        _out("\n".join(ms))


@app.command()
def perft(game_path: str = GameArg, depth: int = typer.Argument(..., help="plies to search"),
          record: Optional[str] = RecordOpt, option: Optional[list[str]] = OptionOpt,
          seats: Optional[int] = SeatsOpt,
          divide: bool = typer.Option(False, "--divide", help="print the count below each first move")):
    """Count the leaf positions DEPTH plies ahead; the count is the last line."""
    from .analysis import perft as _perft
    if depth < 0:
        raise RulebookError("depth must be 0 or more")
    game, st, _ = _position(game_path, option, record, seats)
    t = time.perf_counter()
    if divide and depth > 0 and not game.is_over(st):
        total = 0
        for m in sorted(game.legal_moves(st), key=game.move_str):
            n = _perft(game, game.apply(st, m), depth - 1)
            total += n
            _out(f"{game.move_str(m)}: {n}")
    else:
        total = _perft(game, st, depth)
    _err(f"{time.perf_counter() - t:.2f} s")
    _out(str(total))


@app.command()
def show(game_path: str = GameArg, record: Optional[str] = RecordOpt,
         ply: Optional[int] = typer.Option(None, "--ply", help="show the position after this many moves"),
         option: Optional[list[str]] = OptionOpt, seats: Optional[int] = SeatsOpt,
         color: Optional[bool] = typer.Option(None, "--color/--no-color", help="colours (default: when a terminal)")):
    """Draw a position in the terminal."""
    game, st, _ = _position(game_path, option, record, seats, ply)
    use_color = sys.stdout.isatty() if color is None else color
    text = game.render(st, color=use_color)
    if use_color:
        from rich.console import Console
        Console(highlight=False).print(text)
    else:
        _out(text)


@app.command()
def bench(game_path: str = GameArg, seconds: float = typer.Option(3.0, "--seconds", help="time for each measure"),
          depth: Optional[int] = typer.Option(None, "--depth", help="perft depth (default: as deep as fits the time)"),
          seed: int = typer.Option(0, "--seed"), option: Optional[list[str]] = OptionOpt,
          seats: Optional[int] = SeatsOpt,
          as_json: bool = typer.Option(False, "--json", help="print the figures as JSON")):
    """Random-playout plies per second and perft leaves per second."""
    from .analysis import bench as _bench
    game = _load(game_path, _options(option), seats)
    fig = _bench(game, seconds, depth, seed)
    if as_json:
        _out(json.dumps(fig))
        return
    _out(f"{game.name}, {len(game.players)} players")
    _out(f"random playouts: {fig['playout_plies_per_s']:,.0f} plies/s "
         f"({fig['playouts']} games, {fig['playout_plies']} plies in {fig['playout_seconds']:.2f} s)")
    _out(f"perft depth {fig['perft_depth']}: {fig['perft_leaves']:,} leaves in {fig['perft_seconds']:.2f} s, "
         f"{fig['perft_leaves_per_s']:,.0f} leaves/s")


@app.command()
def tournament(game_path: str = GameArg,
               players: str = typer.Option(..., "--players", "-p", help="the player specs that meet, e.g. mcts,greedy,random"),
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
    """Play all pairings (or seatings) of the players; a table of wins, draws and mean scores."""
    from .ai import split_player_specs
    from .game import GameFactory
    from .tournament import run_tournament
    if seats not in ("rotate", "fixed"):
        raise RulebookError("--seats must be rotate or fixed")
    if backend not in ("local", "process", "ray"):
        raise RulebookError("--backend must be local, process or ray")
    if workers < 1:
        raise RulebookError("--workers must be at least 1")
    specs = split_player_specs(players)
    if nseats is None:
        nseats = _seats_for(game_path, len(specs))
    factory = GameFactory(str(game_path), tuple(sorted(_options(option).items())), nseats)
    factory()  # report a bad game file or option here, once
    res = run_tournament(factory, specs, games, seats, workers,
                         "local" if backend == "process" and workers == 1 else backend, seed,
                         progress=not as_json and sys.stderr.isatty(), address=address)
    _out(res.to_json() if as_json else res.render())


@app.command()
def analyze(game_path: str = GameArg,
            games: int = typer.Option(100, "--games", "-n"),
            players: str = typer.Option("random", "--players", "-p", help="the players' specs"),
            option: Optional[list[str]] = OptionOpt,
            versus: Optional[list[str]] = typer.Option(None, "--vs", help="a second variant's option NAME=VALUE (repeatable): compare side by side"),
            out: str = typer.Option("analysis", "--out", help="folder for the PNG plots and summary.json"),
            seed: int = typer.Option(0, "--seed"),
            workers: int = typer.Option(1, "--workers", "-w"),
            nseats: Optional[int] = typer.Option(None, "--seat-count", help="seats, for games with a variable count")):
    """What a designer wants to know of a variant: seat advantage, draws, lengths, branching, rule firings."""
    from .analyze import analyze as _analyze, compare, describe
    from .game import GameFactory
    opts = _options(option)
    a_factory = GameFactory(str(game_path), tuple(sorted(opts.items())), nseats, instrument=True)
    a_factory()
    summary_a = _analyze(a_factory, games=games, seed=seed, players=players, out_dir=Path(out) / ("a" if versus else ""),
                         workers=workers)
    if not versus:
        _out(describe(summary_a))
        _out(f"plots and summary.json in {out}")
        return
    opts_b = {**opts, **_options(versus)}
    b_factory = GameFactory(str(game_path), tuple(sorted(opts_b.items())), nseats, instrument=True)
    b_factory()
    summary_b = _analyze(b_factory, games=games, seed=seed, players=players, out_dir=Path(out) / "b", workers=workers)
    _out(compare(summary_a, summary_b, labels=(_label(opts) or "A", _label(opts_b) or "B")))
    _out(f"plots and summary.json in {out}/a and {out}/b")


def _seats_for(game_path: str, listed: int) -> int | None:
    """A variable-count game seats one player per listed spec when that count is allowed."""
    from .game import check_file
    rules = check_file(game_path)
    low, high = getattr(rules, "count_min", len(rules.players)), getattr(rules, "count_max", len(rules.players))
    return listed if low != high and low <= listed <= high else None


def _label(opts: dict) -> str:
    return ",".join(f"{k}={v}" for k, v in sorted(opts.items()))


# ---------------------------------------------------------------- entry point
def main(argv: list[str] | None = None) -> None:
    """Run the CLI; bad input of any kind ends with one clear message and exit 1."""
    try:
        rv = app(args=argv, standalone_mode=False, prog_name="rulebook")
    except RulebookError as e:
        _err(str(e))
        raise SystemExit(1) from None
    except KeyboardInterrupt:
        _err("interrupted")
        raise SystemExit(1) from None
    except BrokenPipeError:
        raise SystemExit(0) from None
    except Exception as e:
        # typer's click (vendored or not): usage errors know how to say themselves
        kind = type(e).__name__
        if kind == "NoArgsIsHelpError":
            raise SystemExit(0) from None
        if kind == "Abort":
            _err("aborted")
            raise SystemExit(1) from None
        if hasattr(e, "format_message"):
            ctx = getattr(e, "ctx", None)
            _err(f"{ctx.command_path}: {e.format_message()}" if ctx else e.format_message())
            if ctx:
                _err(f"(see '{ctx.command_path} --help')")
            raise SystemExit(1) from None
        if os.environ.get("RULEBOOK_DEBUG"):  # a bug of ours: said plainly, the traceback on request
            raise
        _err(f"internal error: {kind}: {e} (set RULEBOOK_DEBUG=1 for the traceback)")
        raise SystemExit(2) from None
    raise SystemExit(rv if isinstance(rv, int) else 0)


if __name__ == "__main__":
    main()
