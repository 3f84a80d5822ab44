"""The typer app of the `rulebook` command and what its commands share: the common options,
output, option parsing, loading a game, and the position a command works on (the start, a
record's moves, or a position file).

Imports stay light: typer and the standard library at the top, every stage of the engine inside
the functions that need it, so a cached `rulebook moves FILE` never loads lark, jsonschema or
matplotlib.
"""
from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from ..errors import RulebookError

app = typer.Typer(add_completion=False, no_args_is_help=True, pretty_exceptions_enable=False,
                  help="Board games as data: validate, play and analyse game files.")

GameArg = typer.Argument(..., help="a game file (YAML)")
OptionOpt = typer.Option(None, "--option", "-o", help="a game option NAME=VALUE (repeatable)")
RecordOpt = typer.Option(None, "--record", "-r", help="a record (JSON) whose moves lead to the position")
PositionOpt = typer.Option(None, "--position", help="a position file (JSON, docs/positions.md) to start from "
                                                     "instead of a record")
SeatsOpt = typer.Option(None, "--seats", help="number of players, for games with a variable count")


def out(text: str = "") -> None:
    typer.echo(text)


def err(text: str) -> None:
    typer.echo(text, err=True)


def parse_options(pairs: Optional[list[str]]) -> dict[str, str]:
    result = {}
    for p in pairs or []:
        if "=" not in p:
            raise RulebookError(f"--option '{p}': write NAME=VALUE")
        k, v = p.split("=", 1)
        result[k.strip()] = v.strip()
    return result


# the largest input file read: a game file, a record or a position (`/dev/zero` or a huge file is refused
# before reading, never read into memory)
MAX_FILE_BYTES = 1_000_000
MAX_FILE_TEXT = "1 MB"


def check_input_file(path, what: str = "") -> None:
    """Refuse, before any reading, a path that is not a regular file or is larger than
    MAX_FILE_BYTES (1 MB): `FILE: not a regular file` / `FILE: larger than 1 MB`. A missing
    file is left to the reader, which says so in its own words."""
    import os
    import stat
    try:
        info = os.stat(path)
    except (OSError, ValueError):
        return
    if not stat.S_ISREG(info.st_mode):
        raise RulebookError(f"{path}: not a regular file" + (f" ({what})" if what else ""))
    if info.st_size > MAX_FILE_BYTES:
        raise RulebookError(f"{path}: larger than {MAX_FILE_TEXT}" + (f" ({what})" if what else ""))


def plural(n: int, word: str, many: str | None = None) -> str:
    """`1 ply`, `2 plies`, `1 player`, `3 players`."""
    return f"{n} {word if n == 1 else (many or word + 's')}"


def plies(n: int) -> str:
    return plural(n, "ply", "plies")


def load(path: str, options: dict, seats: int | None = None):
    from ..pipeline import load_game
    check_input_file(path)
    return load_game(path, options, seats)


def exclusive(record: str | None, position: str | None) -> None:
    if record is not None and position is not None:
        raise RulebookError("--position and --record cannot be used together: the position comes from one of them")


def position(game_path: str, option: list[str] | None, record: str | None, seats: int | None,
             ply: int | None = None, position_file: str | None = None):
    """The game and the position a command works on: after a record's moves (up to --ply), a
    position file's, or the start. Returns (game, state, record or None)."""
    exclusive(record, position_file)
    opts = parse_options(option)
    if position_file is not None:
        from ..play.positions import position_state, read_position
        if ply is not None:
            raise RulebookError("--ply counts the moves of a record: it does not go with --position")
        data = read_position(position_file)  # bounded by its reader (play/positions.py)
        game = load(game_path, opts, seats)
        return game, position_state(game, data, position_file), None
    if record is None:
        game = load(game_path, opts, seats)
        st = game.initial_state()
        if ply not in (None, 0):
            raise RulebookError(f"--ply {ply}: without a record there is only ply 0")
        return game, st, None
    from ..play.records import check_players, read_record, replay_moves
    check_input_file(record)
    rec = read_record(record)
    game = load(game_path, {**{k: str(v) for k, v in rec.options.items()}, **opts}, seats or rec.seats)
    check_players(game, rec, record)
    if ply is not None and not 0 <= ply <= len(rec.moves):
        raise RulebookError(f"--ply {ply}: the record has {plural(len(rec.moves), 'move')} "
                           f"(plies 0..{len(rec.moves)})")
    st = replay_moves(game, rec.moves, record, upto=ply)
    return game, st, rec


def result_line(game, st) -> str:
    res = game.outcome(st)
    if not res.over:
        head = f"not over after {plies(game.ply(st))}"
    elif res.winners:
        head = f"{', '.join(res.winners)} won after {plies(game.ply(st))}"
    else:
        head = f"a draw after {plies(game.ply(st))}"
    if res.breakdown is not None:
        parts = "; ".join(f"{p} {res.scores[p]:g} (" + ", ".join(f"{k} {v}" for k, v in res.breakdown[p].items()) + ")"
                          for p in game.players)
        head += f": {parts}"
    return head


def numbered(path: str, i: int) -> str:
    p = Path(path)
    return str(p.with_name(f"{p.stem}-{i}{p.suffix}"))


def seats_for(game_path: str, listed: int) -> int | None:
    """A variable-count game seats one player per listed spec when that count is allowed."""
    from ..pipeline import check_file
    check_input_file(game_path)
    rules = check_file(game_path)
    low, high = getattr(rules, "count_min", len(rules.players)), getattr(rules, "count_max", len(rules.players))
    return listed if low != high and low <= listed <= high else None


def label(opts: dict) -> str:
    return ",".join(f"{k}={v}" for k, v in sorted(opts.items()))


MAX_GAMES = 1_000_000       # matches one command plays
MAX_WORKERS = 64            # worker processes


def check_counts(games: int | None = None, workers: int | None = None) -> None:
    """--games and --workers within 1..MAX_GAMES and 1..MAX_WORKERS, else a clear refusal."""
    if games is not None and not 1 <= games <= MAX_GAMES:
        raise RulebookError(f"--games must be 1 to {MAX_GAMES:,}, not {games}")
    if workers is not None and not 1 <= workers <= MAX_WORKERS:
        raise RulebookError(f"--workers must be 1 to {MAX_WORKERS}, not {workers}")
