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
from ..printable import printable


def new_app() -> typer.Typer:
    """A typer app of the `rulebook` command, before its commands are registered (cli/__init__.py)."""
    return typer.Typer(add_completion=False, no_args_is_help=True, pretty_exceptions_enable=False,
                       help="Board games as data: validate, play and analyse game files.")


app = new_app()

GameArg = typer.Argument(..., help="a game file (YAML)")
OptionOpt = typer.Option(None, "--option", "-o", help="a game option NAME=VALUE (repeatable)")
RecordOpt = typer.Option(None, "--record", "-r", help="a record (JSON) whose moves lead to the position")
PositionOpt = typer.Option(None, "--position", help="a position file (JSON, docs/positions.md) to start from "
                                                     "instead of a record")
SeatsOpt = typer.Option(None, "--seats", help="number of players, for games with a variable count")


def out(text: str = "") -> None:
    typer.echo(printable(text))


def err(text: str) -> None:
    typer.echo(printable(text), err=True)


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
    from ..play.records import read_record, replay_moves
    rec = read_record(record)  # bounded by its reader (play/records.py: a regular file of at most 32 MB)
    game = load_for_record(game_path, rec, record, opts, seats)
    if ply is not None and not 0 <= ply <= len(rec.moves):
        raise RulebookError(f"--ply {ply}: the record has {plural(len(rec.moves), 'move')} "
                           f"(plies 0..{len(rec.moves)})")
    st = replay_moves(game, rec.moves, record, upto=ply, start=rec.start(game, record))
    return game, st, rec


def load_for_record(game_path: str, rec, source: str, opts: dict, seats: int | None):
    """The game with the record's options (the command's own win) and seat count, checked against
    the record's game and seats. A record of another game says so, before its options (another
    game's) are refused as unknown."""
    from ..play.records import check_players
    try:
        game = load(game_path, {**{k: str(v) for k, v in rec.options.items()}, **opts}, seats or rec.seats)
    except RulebookError:
        if rec.game is not None and rec.options:
            try:
                plain = load(game_path, opts, seats)
            except RulebookError:
                plain = None
            if plain is not None:
                check_players(plain, rec, source)   # a record of another game: that is the message
        raise
    check_players(game, rec, source)
    return game


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
    counts = load(game_path, {}).info.seats.counts
    return listed if len(counts) > 1 and listed in counts else None


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


# ------------------------------------------------------------------------------ start-up
def _light_coercion() -> None:
    """Start-up: typer (0.2x) coerces every parameter value through a pydantic TypeAdapter, and
    importing pydantic and building the adapters costs more than typer itself (about 60 ms of a
    command's start). rulebook's parameters are str, int, float, bool and list[str]: those values
    are coerced here directly, with the same outcome (a bad number is a usage error naming the
    parameter); anything else, and any typer without this seam, keeps typer's own path."""
    try:
        from typer import core as tcore
        from typer._coercion import RuntimeParam, build_runtime_param
    except ImportError:  # an older or newer typer: nothing to do
        return
    original = getattr(tcore._TyperParameter, "get_runtime_param", None)
    if original is None or getattr(original, "_rulebook_light", False):
        return
    bad = tcore._click.exceptions.BadParameter
    messages = {int: "Input should be a valid integer, unable to parse string as an integer",
                float: "Input should be a valid number, unable to parse string as a number"}

    def scalar(kind, value, param, ctx):
        if kind is str:
            if isinstance(value, str):
                return value
        elif kind is bool:
            if isinstance(value, bool):
                return value
        elif kind is int:
            if isinstance(value, int) and not isinstance(value, bool):
                return value
            if isinstance(value, str):
                try:
                    return int(value.strip())
                except ValueError:
                    raise bad(messages[int], ctx=ctx, param=param) from None
        elif kind is float:
            if isinstance(value, (int, float)) and not isinstance(value, bool):
                return float(value)
            if isinstance(value, str):
                try:
                    return float(value.strip())
                except ValueError:
                    raise bad(messages[float], ctx=ctx, param=param) from None
        raise LookupError  # not handled here: typer's own coercion

    class Light(RuntimeParam):
        def __init__(self, owner, kind, many):
            self.owner, self.kind, self.many, self.full = owner, kind, many, None

        def _coerce_value(self, value, param, ctx):
            try:
                if self.many:
                    if isinstance(value, (list, tuple)):
                        return [scalar(self.kind, v, param, ctx) for v in value]
                    raise LookupError
                return scalar(self.kind, value, param, ctx)
            except LookupError:  # typer's own coercion, built once when first needed
                if self.full is None:
                    self.full = build_runtime_param(self.owner.type_descriptor)
                return self.full.coerce(value, param=param, ctx=ctx)

    def get_runtime_param(self):
        if self._runtime_param is None:
            d = self.type_descriptor
            info, ann = d.parameter_info, d.annotation
            plain = (d.file_annotation is None and getattr(info, "parser", None) is None
                     and getattr(info, "min", None) is None and getattr(info, "max", None) is None)
            many = getattr(ann, "__origin__", None) is list and getattr(ann, "__args__", ()) == (str,)
            if plain and (ann in (str, int, float, bool) or many):
                self._runtime_param = Light(self, str if many else ann, many)
            else:
                return original(self)
        return self._runtime_param

    get_runtime_param._rulebook_light = True
    tcore._TyperParameter.get_runtime_param = get_runtime_param


_light_coercion()
