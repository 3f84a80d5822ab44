"""The `rulebook` command line: validate, schema, play, replay, moves, perft, show, rules, bench,
tournament, analyze, serve.

Results go to stdout, diagnostics to stderr. Exit 0 on success, 1 on bad input of any kind
(a broken game file, an illegal move in a record, a wrong option), never a traceback.

app.py holds the typer app and what the commands share; the commands are grouped by what they
work on: files.py (validate, schema), positions.py (replay, moves, perft, show), matches.py
(play, bench, tournament, analyze), look.py (rules; the pictures of show), serve.py (serve). They are registered below, in the order `--help` lists them.
Nothing in the engine imports this package: it is the top of the import graph.
"""
from __future__ import annotations

import os

from ..errors import RulebookError
from . import files, look, matches, positions, serve
from .app import app, err

for _command in (files.validate, files.schema, matches.play, positions.replay, positions.moves, positions.perft,
                 positions.show, look.rules, matches.bench, matches.tournament, matches.analyze, serve.serve):
    # perft's DEPTH may be typed negative: `-1` is then the argument (refused with its range), not an unknown option
    app.command(context_settings={"ignore_unknown_options": True} if _command is positions.perft else None)(_command)
del _command

__all__ = ["app", "main"]


def main(argv: list[str] | None = None) -> None:
    """Run the CLI; bad input of any kind ends with one clear message and exit 1."""
    try:
        rv = app(args=argv, standalone_mode=False, prog_name="rulebook")
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
