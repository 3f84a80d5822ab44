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
from ..printable import printable
from .app import (GameArg, OptionOpt, PositionOpt, RecordOpt, SeatsOpt, out, err, load_for_record,
                  parse_options, plural, position, result_line)
from .look import PngOpt, SvgOpt, last_move, write_pictures

MAX_PERFT_DEPTH = 30  # far beyond what any game counts in a lifetime: a typo, not a request


def replay(game_path: str = GameArg, record: str = typer.Argument(..., help="the record (JSON)"),
           trace: bool = typer.Option(False, "--trace", help="print JSON Lines, each as it is reached: each position's legal moves, then the result"),
           option: Optional[list[str]] = OptionOpt, seats: Optional[int] = SeatsOpt):
    """Check every move of a record; print the final position and result."""
    from ..play.records import read_record, replay_moves
    from .app import load_for_record
    rec = read_record(record)  # bounded by its reader (play/records.py)
    game = load_for_record(game_path, rec, record, parse_options(option), seats)

    def on_state(ply, st, text):        # each line as it goes: a long record shows at once, and up to a bad move
        who = game.to_move(st)
        out(json.dumps({"ply": ply, "player": "chance" if who == CHANCE else game.players[who],
                        "legal": sorted(game.move_str(m) for m in game.legal_moves(st)), "move": text}))
    st = replay_moves(game, rec.moves, record, on_state=on_state if trace else None, start=rec.start(game, record))
    if trace:
        out(json.dumps({"result": game.outcome(st).as_json()}))
        return
    out(game.render(st))
    out(result_line(game, st))


def moves(game_path: str = GameArg, record: Optional[str] = RecordOpt, position_file: Optional[str] = PositionOpt,
          why: Optional[str] = typer.Option(None, "--why", help="explain why this move is not legal (exit 0 when the "
                                                                 "text is a move, legal or refused; exit 1 when it is "
                                                                 "not a move at all)"),
          option: Optional[list[str]] = OptionOpt, seats: Optional[int] = SeatsOpt):
    """List the legal moves of a position, one per line (or explain a refused move).

    With --why the explanation is the output (stdout). Exit 0 when the text is a move of the
    game's notation, legal or refused by a rule (the explanation says which); exit 1, with the
    explanation on stderr, when the text is not a move at all (not in the game's notation, a
    cell off the board, an unknown tile)."""
    game, st, _ = position(game_path, option, record, seats, position_file=position_file)
    if why is not None:
        if len(why) > 1000:
            raise RulebookError(f"--why: a move text of {len(why)} characters is not a move of {game.name}")
        text = game.explain(st, why)
        if any(marker in text for marker in UNREADABLE):
            raise RulebookError(text)
        out(text)
        return
    ms = sorted(game.move_str(m) for m in game.legal_moves(st))
    if ms:
        out("\n".join(ms))
    elif game.is_over(st):      # no moves because the game is over: say so (not on stdout, which lists moves)
        err(f"no moves: the game is over ({result_line(game, st)})")


# what the explanations of --why say of a text that is not a move at all (boards/*/explain.py)
UNREADABLE = ("is not a cell of this board", "is not a move in this game's notation", "is not a placement",
              "no tile type", "is off the board", "a rotation is 0, 90, 180 or 270", "is not a sale")


def perft(game_path: str = GameArg,
          depth: int = typer.Argument(..., help=f"plies to search, 0 to {MAX_PERFT_DEPTH}"),
          record: Optional[str] = RecordOpt, position_file: Optional[str] = PositionOpt,
          option: Optional[list[str]] = OptionOpt, seats: Optional[int] = SeatsOpt,
          exact: bool = typer.Option(False, "--exact", help="count only sequences of exactly DEPTH plies: a game "
                                                            "that ended earlier counts 0 (default: it counts as one leaf)"),
          divide: bool = typer.Option(False, "--divide", help="print the count below each first move"),
          as_json: bool = typer.Option(False, "--json", help="print one JSON object: game, depth, convention, "
                                                             "count, seconds (and divide: the count below each first move)"),
          progress: Optional[bool] = typer.Option(None, "--progress/--no-progress", help="a progress bar on stderr, "
                                                  "one step a first move (default: when stderr is a terminal)")):
    """Count the move sequences DEPTH plies ahead; the count is the last line.

    Leaf convention (the default): a position where the game is over counts as one leaf, whatever depth is left.

    Exact convention (--exact): only sequences of exactly DEPTH plies are counted; a game that ended earlier counts 0.

    The two differ only when games end within DEPTH plies. At a chance position the branches are its distinct outcomes.

    DEPTH is 0 to 30 (a larger depth is refused: no game is counted that deep).
    """
    from ..play.measure import perft as _perft
    if not 0 <= depth <= MAX_PERFT_DEPTH:
        shown = str(depth) if depth.bit_length() < 100 else ("a huge number" if depth > 0 else "a huge negative number")
        raise RulebookError(f"perft: depth {shown} is out of range: write 0 to {MAX_PERFT_DEPTH}")
    game, st, _ = position(game_path, option, record, seats, position_file=position_file)
    t = time.perf_counter()
    split = depth > 0 and not game.is_over(st)
    show_bar = (sys.stderr.isatty() if progress is None else progress) and split
    if divide or as_json or show_bar:
        # by first move (measure.divide's sum, a step at a time for the bar)
        moves = sorted(game.legal_moves(st), key=game.move_str) if split else []
        counts: list[tuple[str, int]] = []
        if show_bar:
            from rich.console import Console
            from rich.progress import Progress
            with Progress(console=Console(stderr=True), transient=True) as bar:
                task = bar.add_task(f"perft {depth}", total=len(moves))
                for m in moves:
                    counts.append((game.move_str(m), _perft(game, game.apply(st, m), depth - 1, exact)))
                    bar.advance(task)
        else:
            counts = [(game.move_str(m), _perft(game, game.apply(st, m), depth - 1, exact)) for m in moves]
        total = sum(n for _, n in counts) if split else _perft(game, st, depth, exact)
    else:
        counts, total = [], _perft(game, st, depth, exact)
    seconds = time.perf_counter() - t
    if as_json:
        data = {"game": game.name, "depth": depth, "convention": "exact" if exact else "leaf", "count": total,
                "seconds": round(seconds, 3)}
        if divide:
            data["divide"] = dict(counts)
        out(json.dumps(data))
        return
    if divide:
        for text, n in counts:
            out(f"{text}: {n}")
    err(f"{seconds:.2f} s")
    out(str(total))


def show(game_path: str = GameArg, record: Optional[str] = RecordOpt, position_file: Optional[str] = PositionOpt,
         ply: Optional[int] = typer.Option(None, "--ply", help="show the position after this many moves of the record"),
         option: Optional[list[str]] = OptionOpt, seats: Optional[int] = SeatsOpt,
         as_json: bool = typer.Option(False, "--json", help="print the position as a position file (JSON) instead"),
         color: Optional[bool] = typer.Option(None, "--color/--no-color", help="colours (default: when a terminal)"),
         svg: Optional[str] = SvgOpt, png: Optional[str] = PngOpt):
    """Draw a position in the terminal (or print it as a position file, --json; or write a picture, --svg/--png)."""
    game, st, rec = position(game_path, option, record, seats, ply, position_file=position_file)
    if svg is not None or png is not None:
        write_pictures(game, st, last_move(rec, ply), svg, png)
        return
    if as_json:
        from ..play.positions import position_json
        out(json.dumps(position_json(game, st)))
        return
    use_color = sys.stdout.isatty() if color is None else color
    text = game.render(st, color=use_color)
    if use_color:
        from rich.console import Console
        Console(highlight=False).print(printable(text))
    else:
        out(text)


def convert(game_path: str = GameArg,
            source: str = typer.Argument(..., help="the record to read: .json, .pgn or .sgf"),
            target: str = typer.Argument(..., help="the record to write: .json, .pgn or .sgf"),
            option: Optional[list[str]] = OptionOpt, seats: Optional[int] = SeatsOpt):
    """Convert a record between JSON (rulebook's own, lossless), PGN and SGF.

    The format is the extension's. Every move is replayed in the game: a move that is not legal
    is an error at its line and column. PGN is written in the game's short notation where its
    file has one (docs/notation.md); SGF holds placement games."""
    from ..play.formats import fit_options, format_of, read_any, resolve, write
    from .app import load
    format_of(target)                       # a bad target is refused before any work
    raw = read_any(source)
    fit_options(raw, load(game_path, {}, None))
    game = load_for_record(game_path, raw.record, source, parse_options(option), seats)
    write(game, resolve(game, raw), target)
    out(f"{target}: {plural(len(raw.record.moves), 'move')}")
