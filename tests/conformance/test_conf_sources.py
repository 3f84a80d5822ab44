"""Conformance, generated code: the Python a game file compiles into (`game.sources`, one source
per generated function: move generators, apply, legal_moves, end conditions, attacked) stays
within a size bound and compiles on its own."""
from __future__ import annotations

import ast

import pytest

from conformance_cases import ALL, FILE_CASES, game, is_grid

MAX_LINES = 3000      # generous: the biggest today is a few hundred lines (chess's move generator)

# every game file: the grid kind generates its move generators, apply and legal_moves, the tile
# kind its supply, scoring and evaluation functions (the Python toys generate nothing)
CASES = [c for c in ALL if c in FILE_CASES]


@pytest.mark.parametrize("case", CASES)
def test_generated_sources_compile_within_the_bound(case):
    g = game(case)
    assert g.sources
    for name, src in g.sources.items():
        assert isinstance(src, str) and src.strip(), (case, name)
        lines = src.count("\n") + 1
        assert lines <= MAX_LINES, (case, name, lines)
        code = compile(src, f"<{case}:{name}>", "exec")
        tree = ast.parse(src)
        defined = {n.name for n in tree.body if isinstance(n, ast.FunctionDef)}
        assert defined, (case, name)                  # each source defines its function(s)
        assert code.co_filename == f"<{case}:{name}>"
    if is_grid(case):                 # the grid kind: the Game API's apply and legal_moves are generated
        assert {"apply", "legal_moves"} <= set(g.sources)
