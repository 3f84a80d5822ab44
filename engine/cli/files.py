"""Commands on game files themselves: validate, schema."""
from __future__ import annotations

import json

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
            check_file(f)
            out(f"{f}: ok")
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
