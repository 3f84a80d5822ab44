"""Commands on one position: replay (a record's moves), moves, perft, show. The position is the
start, a record's (--record) or a position file's (--position)."""
from __future__ import annotations

import json
import sys
import time
from typing import Optional

import typer

from ..api import CHANCE
from ..errors import RulebookError
from .app import (GameArg, OptionOpt, PositionOpt, RecordOpt, SeatsOpt, load, out, err, parse_options, position,
                  result_line)


def replay(game_path: str = GameArg, record: str = typer.Argument(..., help="the record (JSON)"),
           trace: bool = typer.Option(False, "--trace", help="print JSON Lines: each position's legal moves, then the result"),
           option: Optional[list[str]] = OptionOpt, seats: Optional[int] = SeatsOpt):
    """Check every move of a record; print the final position and result."""
    from ..play.records import check_players, read_record, replay_moves
    rec = read_record(record)
    game = load(game_path, {**{k: str(v) for k, v in rec.options.items()}, **parse_options(option)}, seats or rec.seats)
    check_players(game, rec, record)
    lines = []

    def on_state(ply, st, text):
        who = game.to_move(st)
        lines.append(json.dumps({"ply": ply, "player": "chance" if who == CHANCE else game.players[who],
                                 "legal": sorted(game.move_str(m) for m in game.legal_moves(st)), "move": text}))
    st = replay_moves(game, rec.moves, record, on_state=on_state if trace else None)
    if trace:
        res = game.outcome(st).as_json()
        out("\n".join(lines + [json.dumps({"result": res})]))
        return
    out(game.render(st))
    out(result_line(game, st))


def moves(game_path: str = GameArg, record: Optional[str] = RecordOpt, position_file: Optional[str] = PositionOpt,
          why: Optional[str] = typer.Option(None, "--why", help="explain why this move is not legal"),
          option: Optional[list[str]] = OptionOpt, seats: Optional[int] = SeatsOpt):
    """List the legal moves of a position, one per line (or explain a refused move)."""
    game, st, _ = position(game_path, option, record, seats, position_file=position_file)
    if why is not None:
        out(game.explain(st, why))
        return
    ms = sorted(game.move_str(m) for m in game.legal_moves(st))
    if ms:
        out("\n".join(ms))


def perft(game_path: str = GameArg, depth: int = typer.Argument(..., help="plies to search"),
          record: Optional[str] = RecordOpt, position_file: Optional[str] = PositionOpt,
          option: Optional[list[str]] = OptionOpt, seats: Optional[int] = SeatsOpt,
          exact: bool = typer.Option(False, "--exact", help="count only sequences of exactly DEPTH plies: a game "
                                                            "that ended earlier counts 0 (default: it counts as one leaf)"),
          divide: bool = typer.Option(False, "--divide", help="print the count below each first move")):
    """Count the move sequences DEPTH plies ahead; the count is the last line.

    Leaf convention (the default): a position where the game is over counts as one leaf, whatever depth is left.

    Exact convention (--exact): only sequences of exactly DEPTH plies are counted; a game that ended earlier counts 0.

    The two differ only when games end within DEPTH plies. At a chance position the branches are its distinct outcomes.
    """
    from ..play.measure import divide as _divide, perft as _perft
    if depth < 0:
        raise RulebookError("depth must be 0 or more")
    game, st, _ = position(game_path, option, record, seats, position_file=position_file)
    t = time.perf_counter()
    if divide and depth > 0 and not game.is_over(st):
        total = 0
        for text, n in _divide(game, st, depth, exact):
            total += n
            out(f"{text}: {n}")
    else:
        total = _perft(game, st, depth, exact)
    err(f"{time.perf_counter() - t:.2f} s")
    out(str(total))


def show(game_path: str = GameArg, record: Optional[str] = RecordOpt, position_file: Optional[str] = PositionOpt,
         ply: Optional[int] = typer.Option(None, "--ply", help="show the position after this many moves of the record"),
         option: Optional[list[str]] = OptionOpt, seats: Optional[int] = SeatsOpt,
         as_json: bool = typer.Option(False, "--json", help="print the position as a position file (JSON) instead"),
         color: Optional[bool] = typer.Option(None, "--color/--no-color", help="colours (default: when a terminal)")):
    """Draw a position in the terminal (or print it as a position file, --json)."""
    game, st, _ = position(game_path, option, record, seats, ply, position_file=position_file)
    if as_json:
        from ..play.positions import position_json
        out(json.dumps(position_json(game, st)))
        return
    use_color = sys.stdout.isatty() if color is None else color
    text = game.render(st, color=use_color)
    if use_color:
        from rich.console import Console
        Console(highlight=False).print(text)
    else:
        out(text)
