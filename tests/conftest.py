"""Shared fixtures: the repository's folders and the reference vectors (tests/data/vectors).

The tests mirror the package's layout: unit/ (the source and language stages, the cache, the
board kinds' own rules), games/ (the shipped games against their references and baselines),
frontends/ (CLI, players, tournaments, analysis). tests/ itself is put on the import path so
that every test can import `conftest` (these folders) and `toygames` (small hand-written games),
and the repository root so that `tools` imports.
"""
from __future__ import annotations

import json
import re
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


RESULT = re.compile(r"^(?:(?P<winners>[a-z]+(?:, [a-z]+)*) won|a draw) after (?P<plies>\d+) plies(?::.*)?$")


def play_and_replay(path, spec: str, tmp_path, *, seats: int = 2, options: dict | None = None, seed: int = 3,
                    timeout: int = 300):
    """`rulebook play` with `spec` in every seat; its record replays here, move by move through a
    game still in play, to a finished game with the printed winners and ply count. Returns the
    game, the last state and the record."""
    from rulebook import load_game
    options = options or {}
    record = tmp_path / "match.json"
    args = ["play", path, "--players", ",".join([spec] * seats), "--seed", seed, "--record", record]
    for k, v in options.items():
        args += ["--option", f"{k}={v}"]
    proc = run_cli(*args, timeout=timeout)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    last = proc.stdout.strip().splitlines()[-1]
    m = RESULT.match(last)
    assert m, last
    g = load_game(path, dict(options), players=seats)
    rec = json.loads(record.read_text())
    assert len(rec["moves"]) == int(m["plies"]) and rec["players"] == list(g.players)
    st = g.initial_state()
    for text in rec["moves"]:
        assert not g.is_over(st)
        st = g.apply(st, g.parse_move(st, text))
    out = g.outcome(st)
    winners = tuple(m["winners"].split(", ")) if m["winners"] else ()
    assert out.over and out.winners == winners and g.ply(st) == int(m["plies"]), (last, out)
    return g, st, rec


def line_of(path, text: str) -> int:
    """The number of the first line of `path` that holds `text`: tests quote a rule's location
    without pinning the file's layout."""
    return next(n for n, line in enumerate(Path(path).read_text().splitlines(), 1) if text in line)


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
