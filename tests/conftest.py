"""Shared fixtures: the repository's folders and the reference vectors (tests/data/vectors).

The tests mirror the package's layout: unit/ (the source and language stages, the cache, the
board kinds' own rules), games/ (the shipped games against their references and baselines),
frontends/ (CLI, players, tournaments, analysis). tests/ itself is put on the import path so
that every test can import `conftest` (these folders) and `toygames` (small hand-written games),
and the repository root so that `tools` imports.
"""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent
ROOT = TESTS.parent
GAMES = ROOT / "games"
DATA = TESTS / "data"
VECTORS = DATA / "vectors"

for _p in (str(ROOT), str(TESTS)):
    if _p not in sys.path:
        sys.path.insert(0, _p)


def run_cli(*args, timeout: int = 300) -> subprocess.CompletedProcess:
    """`python -m rulebook ARGS` from the repository root, its output captured; never a traceback."""
    proc = subprocess.run([sys.executable, "-m", "rulebook", *map(str, args)], capture_output=True, text=True,
                          cwd=ROOT, timeout=timeout)
    assert "Traceback" not in proc.stderr, proc.stderr
    return proc


def vector(name: str) -> dict:
    return json.loads((VECTORS / name).read_text())


@pytest.fixture(scope="session")
def lezug():
    from rulebook import load_game
    return load_game(GAMES / "lezug.yaml")


class Script:
    """input_fn from a list of lines; EOFError when they run out, like a closed stdin."""

    def __init__(self, lines):
        self.lines, self.prompts = list(lines), []

    def __call__(self, prompt):
        self.prompts.append(prompt)
        if not self.lines:
            raise EOFError
        return self.lines.pop(0)
