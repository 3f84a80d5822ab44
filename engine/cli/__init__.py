"""The `rulebook` command line: validate, schema, merge, compile, play, replay, moves, perft, show, rules, bench,
tournament, analyze, serve, uci, gtp, convert.

Results go to stdout, diagnostics to stderr. Exit 0 on success, 1 on bad input of any kind
(a broken game file, an illegal move in a record, a wrong option), never a traceback.

app.py holds the typer app and what the commands share; the commands are grouped by what they
work on: files.py (validate, schema, merge, compile), positions.py (replay, moves, perft, show, convert), matches.py
(play, bench, tournament, analyze), look.py (rules; the pictures of show), serve.py (serve), protocols.py (uci, gtp). They are registered below, in the order `--help` lists them.
Nothing in the engine imports this package: it is the top of the import graph.
"""
from __future__ import annotations

import os
import sys

from ..errors import RulebookError
from . import files, look, matches, positions, protocols, serve
from .app import app, err, new_app

# in the order `--help` lists them
COMMANDS = (files.validate, files.schema, files.merge, files.compile, matches.play, positions.replay, positions.moves, positions.perft,
            positions.show, positions.convert, look.rules, matches.bench, matches.tournament, matches.analyze, serve.serve,
            protocols.uci, protocols.gtp)
_BY_NAME = {c.__name__: c for c in COMMANDS}


def _register(target, commands) -> None:
    for command in commands:
        # perft's DEPTH may be typed negative: `-1` is then the argument (refused with its range), not an unknown option
        target.command(context_settings={"ignore_unknown_options": True} if command is positions.perft else None)(command)


_register(app, COMMANDS)
__all__ = ["app", "main"]


def _app_for(args: list[str]):
    """The app with every command, or, when the first argument names one, an app of that command
    alone: typer builds the options of every registered command on each run, which costs a cached
    `rulebook moves FILE` more than its own work."""
    command = _BY_NAME.get(args[0]) if args else None
    if command is None:
        return app
    one = new_app()
    one.callback()(_group)          # with a callback, the lone command stays a subcommand
    _register(one, [command])
    return one


def _group() -> None:
    """The lone command's group: nothing to do before the command (its help is never shown)."""


def main(argv: list[str] | None = None) -> None:
    """Run the CLI; bad input of any kind ends with one clear message and exit 1."""
    try:
        args = sys.argv[1:] if argv is None else list(argv)
        rv = _app_for(args)(args=args, standalone_mode=False, prog_name="rulebook")
    except RulebookError as e:
        err(str(e))
        raise SystemExit(1) from None
    except KeyboardInterrupt:
        err("interrupted")
        raise SystemExit(1) from None
    except BrokenPipeError:
        raise SystemExit(0) from None
    except Exception as e:
        # typer's click (vendored or not): usage errors know how to say themselves
        kind = type(e).__name__
        if kind == "NoArgsIsHelpError":
            raise SystemExit(0) from None
        if kind == "Abort":
            err("aborted")
            raise SystemExit(1) from None
        if hasattr(e, "format_message"):
            ctx = getattr(e, "ctx", None)
            err(f"{ctx.command_path}: {e.format_message()}" if ctx else e.format_message())
            if ctx:
                err(f"(see '{ctx.command_path} --help')")
            raise SystemExit(1) from None
        if os.environ.get("RULEBOOK_DEBUG"):  # a bug of ours: said plainly, the traceback on request
            raise
        err(f"internal error: {kind}: {e} (set RULEBOOK_DEBUG=1 for the traceback)")
        raise SystemExit(2) from None
    raise SystemExit(rv if isinstance(rv, int) else 0)
