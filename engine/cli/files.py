"""Commands on game files themselves: validate, schema, merge, compile."""
from __future__ import annotations

import json
from typing import Optional

import typer

from ..errors import RulebookError
from .app import check_input_file, err, out


def validate(files: list[str] = typer.Argument(..., help="game files to check")):
    """Check game files: YAML, structure, every rules-language string, cross-references.

    A game file is a regular file of at most 1 MB: anything else (a folder, a device such as
    /dev/zero, a larger file) is refused before it is read. Exit 1 when any file is refused."""
    from ..errors import GameFileError
    from ..pipeline import check_file
    bad = False
    for f in files:
        try:
            check_input_file(f)
        except RulebookError as e:
            bad = True
            err(str(e))
            continue
        try:
            warnings = getattr(check_file(f), "warnings", [])
            for w in warnings:
                err(w)
            out(f"{f}: ok" + (f" ({len(warnings)} warning{'s' if len(warnings) > 1 else ''})" if warnings else ""))
        except GameFileError as e:
            bad = True
            for finding in e.findings:
                err(str(finding))
    if bad:
        raise typer.Exit(1)


def schema():
    """Print the JSON Schema of game files (for editors)."""
    from ..source.check import schema as _schema
    out(json.dumps(_schema(), indent=2))


def merge(game_path: str = typer.Argument(..., help="a game file (YAML), usually a variant (extends: ...)")):
    """Print a variant file merged with its bases: the one game file it stands for (YAML), each
    section headed by the files its values come from. Only the merge is checked here (validate
    checks the game)."""
    from ..pipeline import merged_file
    check_input_file(game_path)
    out(merged_file(game_path))


def compile(game_path: str = typer.Argument(..., help="a game file (YAML)"),  # noqa: A001 (the command's name)
            option: Optional[list[str]] = typer.Option(None, "--option", "-o",
                                                       help="a game option NAME=VALUE (repeatable)"),
            seats: Optional[int] = typer.Option(None, "--seats", help="number of players, for games with a "
                                                                      "variable count"),
            part: Optional[str] = typer.Option(None, "--part", help="print only this part (a phase's name, "
                                                                    "apply, legal_moves, win, ...)")):
    """Print the Python a game file compiles to, for these option values and seats: each
    generated function (move generators, apply, end conditions, scores), headed by the rules it
    came from. The tables they read (neighbours, rays, zones) are built once per game and not
    printed."""
    from .app import load, parse_options
    game = load(game_path, parse_options(option), seats)
    parts = dict(game.sources)
    if part is not None:
        if part not in parts:
            raise RulebookError(f"--part '{part}': this game's parts are {', '.join(parts)}")
        parts = {part: parts[part]}
    values = ", ".join(f"{k}={v}" for k, v in game.options.items()) or "none"
    out(f"# {game_path}: the Python of {game.name} for {len(game.players)} players "
        f"({', '.join(game.players)}); options: {values}")
    legend = getattr(getattr(game, "layout", None), "legend", None)
    if callable(legend):            # what the generated code's st[i] are (a grid game's layout)
        out(f"# a state: {legend()}")
    for name, source in parts.items():
        out(f"\n# ---- {name}")
        out(source.rstrip("\n"))
